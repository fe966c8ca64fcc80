"""The pandas loader of the result store.

    from figures_lib.results import load
    frame = load("dtoc-load")              # paper scale
    frame = load("table1", scale="quick")
    frame = load("results/studies/hash16")  # one's own study: its folder

One row per stored point of the experiment (the points it runs at that
scale, in their order; points not yet stored are left out): the program's
columns, the point's command-line parameters as param_<name> columns, and
what produced it: fingerprint, commit, date, wall_s, and stale (True when
the fingerprint is not the current sources'). A column whose every value is
a number is numeric (int64 or float64, "nan" and "inf" included); the others
(a variant's name, a true/false option) stay text, as printed.

Importable from any directory with the virtual environment's Python
(./ns3 configure puts the repository on its path).
"""

from pathlib import Path

import pandas as pd

from . import registry, store


def _experiment(name):
    from . import experiments as _  # noqa: F401, PLC0415 (registers them)

    known = registry.experiments()
    if name not in known:
        raise KeyError(f"no experiment {name!r}; known: {', '.join(known)}")
    return known[name]


def _source(name):
    """The experiment called name, or the study stored in the folder name."""
    from . import experiments as _  # noqa: F401, PLC0415 (registers them)
    from .study import Study  # noqa: PLC0415

    if str(name) not in registry.experiments() and Path(name).is_dir():
        return Study.from_folder(name)
    return _experiment(str(name))  # or says which names are known


def load(name, scale="paper"):
    """The stored rows of experiment `name` at `scale` as a DataFrame; name
    may also be a study's store folder (results/studies/<study>), whose
    points have no scale."""
    if scale not in registry.SCALES:
        raise ValueError(f"scale must be one of {registry.SCALES}, not {scale!r}")
    from .csvio import parse_point_output  # noqa: PLC0415

    experiment = _source(name)
    rows = []
    for point in experiment.points(scale):
        entry = store.load(point)
        if entry is None:
            continue
        row = dict(parse_point_output(entry.output))
        row.update({f"param_{k}": v for k, v in point.params})
        row.update({k: entry.meta.get(k, "") for k in ("fingerprint", "commit", "date")})
        row["wall_s"] = float(entry.meta.get("wall_s", "nan"))
        row["stale"] = entry.fingerprint != store.model_fingerprint(point.program)
        rows.append(row)
    return _typed(pd.DataFrame(rows))


def _typed(frame):
    """The frame with every column whose values all parse as numbers made
    numeric (whole numbers int64, others float64); the rest left as text."""
    for column in frame.columns:
        kind = frame[column].dtype
        if pd.api.types.is_numeric_dtype(kind) or pd.api.types.is_bool_dtype(kind):
            continue
        try:
            frame[column] = pd.to_numeric(frame[column])
        except (ValueError, TypeError):
            pass  # a name, a flag: text
    return frame
