"""A point, one run of one program, and where the result store keeps it.

Apart from the registry (which lists experiments) and the store (which
reads and writes points), so that both import it and neither the other.
"""

import re
from dataclasses import dataclass, field

from .paths import QUICK_STORE, STORE

_UNSAFE = re.compile(r"[^A-Za-z0-9._=+-]")


@dataclass(frozen=True)
class Point:
    """One run of one program: the experiment, the scale and the parameters.

    params maps the program's command-line option names to values; the
    command line, the store key and the row all follow from it.
    """

    experiment: str
    scale: str
    program: str
    params: tuple = field(default_factory=tuple)  # sorted (name, value) pairs

    @classmethod
    def make(cls, experiment, scale, program, **params):
        return cls(experiment, scale, program, tuple(sorted(params.items())))

    def param(self, name):
        return dict(self.params)[name]

    def args(self):
        return [f"--{name}={format_value(value)}" for name, value in self.params]

    def label(self):
        return f"{self.experiment}/{self.scale}: {self.program} " + " ".join(self.args())

    # Files the program writes besides its CSV row, each named on its
    # command line: (option, suffix) pairs. The runner passes
    # --option=PATH (a temporary file), and the store keeps the file beside
    # the point's own as <key><suffix>. A stored point whose side files are
    # not all there counts as missing. None by default.
    SIDE_FILES = ()

    def side_suffixes(self):
        return tuple(suffix for _, suffix in self.SIDE_FILES)

    def store_folder(self):
        """The folder of the result store that keeps this point."""
        return root(self.scale) / self.experiment

    def side_file(self, suffix=None):
        """The store path of a side file (the only one if suffix is None)."""
        if suffix is None:
            (suffix,) = self.side_suffixes()
        return side_path(self, suffix)


def format_value(value):
    """Canonical text of a parameter value (2.0 -> '2', 0.5 -> '0.5')."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def root(scale):
    return STORE if scale == "paper" else QUICK_STORE


def key(point):
    text = "_".join(f"{name}={format_value(value)}" for name, value in point.params)
    return _UNSAFE.sub("-", text) or "default"


def path(point):
    """The point's file in the store."""
    return point.store_folder() / f"{key(point)}.csv"


def side_path(point, suffix):
    """The store path of one of the point's side files."""
    p = path(point)
    return p.with_name(p.stem + suffix)


# ---------------------------------------------------------------- points with side files


class TimelinePoint(Point):
    """A point whose program also writes its run over time: --timeline=PATH."""

    SIDE_FILES = (("timeline", "-timeline.csv"),)

    def timeline(self):
        return self.side_file("-timeline.csv")
