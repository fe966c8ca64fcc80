"""The scripts a user starts with any Python (./figures.py, ./candidate.py
land) run again under the project's venv, through one helper."""

import subprocess
import sys
from pathlib import Path

import pytest

from figures_lib.paths import ROOT, VENV, VENV_PYTHON

SCRIPT = """\
import sys
sys.path.insert(0, {root!r})
from figures_lib.paths import run_again_under_venv
run_again_under_venv(__file__)
print(sys.prefix)
"""


def base_python():
    """A Python that is not the venv's (the one the venv was made from)."""
    return Path(getattr(sys, "_base_executable", sys.executable))


@pytest.mark.skipif(not VENV_PYTHON.exists(), reason="no .venv (./ns3 configure makes it)")
def test_a_script_started_outside_the_venv_runs_again_inside_it(tmp_path):
    script = tmp_path / "probe.py"
    script.write_text(SCRIPT.format(root=str(ROOT)))
    outside = base_python()
    started = subprocess.run([str(outside), "-c", "import sys; print(sys.prefix)"],
                             capture_output=True, text=True, check=True).stdout.strip()  # fmt: skip
    assert Path(started).resolve() != VENV.resolve(), "the probe's Python is the venv's itself"
    done = subprocess.run([str(outside), str(script)], capture_output=True, text=True, check=True)
    assert Path(done.stdout.strip()).resolve() == VENV.resolve()


@pytest.mark.skipif(not VENV_PYTHON.exists(), reason="no .venv (./ns3 configure makes it)")
def test_inside_the_venv_it_returns(tmp_path):
    script = tmp_path / "probe.py"
    script.write_text(SCRIPT.format(root=str(ROOT)) + "print('returned')\n")
    done = subprocess.run([str(VENV_PYTHON), str(script)], capture_output=True, text=True, check=True)
    prefix, said = done.stdout.split()
    assert Path(prefix).resolve() == VENV.resolve() and said == "returned"
