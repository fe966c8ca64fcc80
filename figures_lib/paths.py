"""Where things are: the repository root, the programs, the outputs."""

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = Path(os.environ.get("NS3_SUITE_BUILD_DIR", ROOT / "build")).resolve()
BIN = BUILD / "bin"
# paper-scale outputs (committed); elsewhere for the store's own tests
FIGURES = Path(os.environ.get("NS3_SUITE_FIGURES_DIR", ROOT / "figures")).resolve()
STORE = FIGURES / "store"  # paper-scale points (committed)
QUICK = FIGURES / "quick"  # quick-scale outputs and points (not committed)
QUICK_STORE = QUICK / "store"


def outputs_dir(scale):
    """Where an experiment's tables and figures go at a scale."""
    return FIGURES if scale == "paper" else QUICK
