"""Where things are: the repository root, the programs, the outputs."""

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = Path(os.environ.get("NS3_SUITE_BUILD_DIR", ROOT / "build")).resolve()
BIN = BUILD / "bin"
FIGURES = ROOT / "figures"
CACHE = FIGURES / "cache"
