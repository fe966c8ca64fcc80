"""Where things are: the repository root, the programs, the outputs."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
BIN = BUILD / "bin"
FIGURES = ROOT / "figures"
CACHE = FIGURES / "cache"
