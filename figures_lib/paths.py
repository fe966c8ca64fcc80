"""Where things are: the repository root, the programs, the outputs, the
result store."""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = Path(os.environ.get("NS3_SUITE_BUILD_DIR", ROOT / "build")).resolve()
BIN = BUILD / "bin"
VENV = ROOT / ".venv"  # made by ./ns3 configure: dask, scipy, the ns3 wheel
VENV_PYTHON = VENV / "bin" / "python"
# Generated tables and figures at paper scale (committed); elsewhere for the
# store's own tests and a candidate's outputs.
FIGURES = Path(os.environ.get("NS3_SUITE_FIGURES_DIR", ROOT / "figures")).resolve()
QUICK = FIGURES / "quick"  # quick-scale outputs and points (not committed)
QUICK_STORE = QUICK / "store"
# What was computed (committed): the paper-scale points, one's own studies,
# the candidates; elsewhere for the store's own tests and a candidate's sweep.
RESULTS = Path(os.environ.get("NS3_SUITE_RESULTS_DIR", ROOT / "results")).resolve()
STORE = RESULTS / "store"  # paper-scale points
STUDIES = RESULTS / "studies"  # ./figures.py --study: each study's folder
CANDIDATES = RESULTS / "candidates"  # ./candidate.py: each candidate's folder


def outputs_dir(scale):
    """Where an experiment's tables and figures go at a scale."""
    return FIGURES if scale == "paper" else QUICK


def run_again_under_venv(script):
    """Run the script again (same arguments) under the venv's Python when
    this is another one and the venv exists; returns only when it cannot
    (the caller then says what is missing)."""
    if VENV_PYTHON.exists() and Path(sys.prefix).resolve() != VENV.resolve():
        os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), str(Path(script).resolve()), *sys.argv[1:]])
