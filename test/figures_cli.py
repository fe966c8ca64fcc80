"""Running ./figures.py as a user does, in a figures and results directory
of a test's own (NS3_SUITE_FIGURES_DIR, NS3_SUITE_RESULTS_DIR: outputs,
quick/, store/ and studies/ all under it), never the repository's; shared
by the store's and the studies' tests."""

import os
import subprocess
import sys

from figures_lib.paths import ROOT

FIGURES_PY = ROOT / "figures.py"


def isolated_env(tmp, **extra):
    """The environment of a ./figures.py whose outputs and store are under
    tmp, with the variables extra sets."""
    return dict(os.environ, NS3_SUITE_FIGURES_DIR=str(tmp), NS3_SUITE_RESULTS_DIR=str(tmp), **extra)


def figures(tmp, *args, timeout=600):
    """./figures.py ARGS with its outputs and store under tmp."""
    env = isolated_env(tmp)
    return subprocess.run(
        [sys.executable, str(FIGURES_PY), *args], env=env, capture_output=True, text=True,
        timeout=timeout, check=False,
    )  # fmt: skip
