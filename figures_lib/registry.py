"""The experiment registry: name -> Experiment.

An experiment is one paper table or figure. It says which points to run at a
given scale, how one point runs (one process printing a CSV header and one
row), and how the rows become outputs under figures/ (raw CSV, summary,
gnuplot script and image, text check). To add one, write a module in
figures_lib/experiments/ that defines a subclass and decorates it with
@register, and import it from figures_lib/experiments/__init__.py.
"""


from .paths import outputs_dir

SCALES = ("paper", "quick")

_REGISTRY = {}


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
