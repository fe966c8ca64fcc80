"""The experiment registry: name -> Experiment.

An experiment is one paper table or figure. It says which points to run at a
given scale, how one point runs (one process printing a CSV header and one
row), and how the rows become outputs under figures/ (raw CSV, summary,
gnuplot script and image, text check). To add one, write a module in
figures_lib/experiments/ that defines a subclass and decorates it with
@register, and import it from figures_lib/experiments/__init__.py.
"""

from dataclasses import dataclass, field

SCALES = ("paper", "quick")

_REGISTRY = {}


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
        from . import store  # noqa: PLC0415 (store imports this module)

        return store.root(self.scale) / self.experiment

    def side_file(self, suffix=None):
        """The store path of a side file (the only one if suffix is None)."""
        from . import store  # noqa: PLC0415 (store imports this module)

        if suffix is None:
            (suffix,) = self.side_suffixes()
        return store.side_path(self, suffix)


def format_value(value):
    """Canonical text of a parameter value (2.0 -> '2', 0.5 -> '0.5')."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


class Experiment:
    """Base class; subclasses set the attributes and implement the methods."""

    name = ""  # registry key, also the output file stem (figures/<name>.csv)
    title = ""  # one line for --list
    program = ""  # program in build/bin/
    # Columns the raw CSV (<name>.csv) has before the program's own: the
    # points' parameters that the program's row does not carry.
    point_columns = ()

    def points(self, scale):
        """The list of Points to run at this scale ('paper' or 'quick')."""
        raise NotImplementedError

    def programs(self):
        """Every program the points run: `program`, and any other one a
        subclass's points name (each point is stamped with its own
        program's fingerprint)."""
        return (self.program,)

    def outdir(self, scale):
        """Where outputs() writes at this scale."""
        from .paths import outputs_dir  # noqa: PLC0415

        return outputs_dir(scale)

    def input_problem(self, bin_dir):
        """What is wrong with the points' parameters (checked once the
        programs in bin_dir are built), or None: the paper experiments'
        are the suite's own."""
        return None

    def outputs(self, scale, rows, outdir):
        """Write the outputs from the rows (dicts of the program's CSV columns,
        one per successful point) into outdir; return the text to print
        (e.g. a check of the simulation against the paper), or ''."""
        raise NotImplementedError


def register(cls):
    experiment = cls()
    if not experiment.name or experiment.name in _REGISTRY:
        raise ValueError(f"experiment name {experiment.name!r} empty or registered twice")
    _REGISTRY[experiment.name] = experiment
    return cls


def experiments():
    """All registered experiments, in registration order."""
    return dict(_REGISTRY)
