"""pytest setup for the Python tests: make python/tw_avoid.py importable."""

import sys
from pathlib import Path

PYTHON_DIR = str(Path(__file__).resolve().parents[2] / "python")
if PYTHON_DIR not in sys.path:
    sys.path.insert(0, PYTHON_DIR)
