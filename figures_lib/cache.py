"""One small file per finished point, keyed by all its parameters:

  figures/cache/<experiment>/<scale>/<program>-<build id>/<name=value>_....csv

The build id hashes the program and the suite's libraries, so a point is
rerun after the model changes. The file holds the program's output (CSV
header and row) exactly as printed. A point with side files (files the
program writes itself, Point.side_files) counts as cached only if they are
all there too.
"""

import functools
import hashlib
import os
import re

from .paths import BIN, BUILD, CACHE
from .registry import Point, format_value

_UNSAFE = re.compile(r"[^A-Za-z0-9._=+-]")


def path(point, root=CACHE):
    key = "_".join(f"{name}={format_value(value)}" for name, value in point.params)
    key = _UNSAFE.sub("-", key) or "default"
    program = f"{point.program}-{build_id(point.program)}"
    return root / point.experiment / point.scale / program / (key + ".csv")


@functools.lru_cache(maxsize=None)
def build_id(program):
    """Hash of the program and the suite libraries it runs with."""
    digest = hashlib.sha256()
    libs = (BUILD / "suite-libs.txt").read_text().split()
    for f in [BIN / program, *libs]:
        with open(f, "rb") as binary:
            digest.update(binary.read())
    return digest.hexdigest()[:12]


def load(point):
    """The cached output text of the point, or None (also if a side file of
    the point is missing)."""
    p = path(point)
    try:
        text = p.read_text()
    except FileNotFoundError:
        return None
    return text if all(f.exists() for f in point.side_files()) else None


def store(point, text):
    """Write atomically, so an interrupted sweep leaves no half file."""
    p = path(point)
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_name(p.name + f".tmp{os.getpid()}")
    tmp.write_text(text)
    os.replace(tmp, p)


class SideFilePoint(Point):
    """A point whose program also writes a side file, named after the point's
    cache file (unique per point, deterministic, and living and dying with
    the cache entry) and passed as --OPTION=PATH, which is not one of the
    params, so not part of the cache key. Subclasses set OPTION and SUFFIX."""

    OPTION = ""
    SUFFIX = ""

    def side_file(self):
        p = path(self)
        return p.with_name(p.stem + self.SUFFIX)

    def args(self):
        return [*super().args(), f"--{self.OPTION}={self.side_file()}"]

    def side_files(self):
        return (self.side_file(),)


class TimelinePoint(SideFilePoint):
    """The program's run over time: --timeline=PATH."""

    OPTION = "timeline"
    SUFFIX = "-timeline.csv"

    def timeline(self):
        return self.side_file()
