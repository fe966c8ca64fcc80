"""One small file per finished point, keyed by all its parameters:

  figures/cache/<experiment>/<scale>/<program>/<name=value>_<name=value>....csv

The file holds the program's output (CSV header and row) exactly as printed.
"""

import os
import re

from .paths import CACHE
from .registry import format_value

_UNSAFE = re.compile(r"[^A-Za-z0-9._=+-]")


def path(point, root=CACHE):
    key = "_".join(f"{name}={format_value(value)}" for name, value in point.params)
    key = _UNSAFE.sub("-", key) or "default"
    return root / point.experiment / point.scale / point.program / (key + ".csv")


def load(point):
    """The cached output text of the point, or None."""
    p = path(point)
    try:
        return p.read_text()
    except FileNotFoundError:
        return None


def store(point, text):
    """Write atomically, so an interrupted sweep leaves no half file."""
    p = path(point)
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_name(p.name + f".tmp{os.getpid()}")
    tmp.write_text(text)
    os.replace(tmp, p)
