"""One's own study: a sweep over any program's options and attributes, run
through the same result store as the paper experiments.

A study is a small TOML file (or a Study made in Python):

    name = "hash16"                 # its store folder: results/studies/hash16/
    base = "table1-now"             # every point of this paper experiment ...
    [fixed]
    "ns3::TcpHostModel::HashBuckets" = 16   # ... with this set (or changed)
    [sweep]                         # and each combination of these (optional)
    RngRun = [1, 2, 3]
    [only]                          # of the base's points, only those with
    discipline = ["Hashed"]         # ... one of these values (optional)

With [only], the study takes the base's points whose parameter has one of
the listed values (each name must be one of the base's parameters and each
value one that some point has), so that a costly experiment can be varied
where its claims are.

Without base, `program = "..."` names the program in build/bin/ and the
points are the combinations of [sweep] with [fixed] on each. A parameter is
given to the program as --name=value: one of its options, an attribute's
default (ns3::Type::Attribute: a host profile does not override it) or a
global value (RngRun).

    ./figures.py --study hash16.toml          # run what is missing or stale
    ./figures.py --study hash16.toml --list   # what is stored
    ./figures.py --study hash16.toml --verify 3

Points are stored one file each in the study's folder (as the paper
experiments' are, with the model's fingerprint), so a study resumes where it
stopped, runs on --scheduler, and is checked with --verify. When all its
points are there, the folder gets <name>.csv (one row per point: its
parameters as param_<name>, then the program's columns) and, with a base,
<name>-compare.csv and the comparison printed: for every numeric column
that changed, per group of the base's points that differ only in RngRun,
the base's mean, the study's, and their paired difference with its 95 %
interval (the same run numbers: common random numbers).

    from figures_lib.results import load
    load("results/studies/hash16")            # a DataFrame, typed
"""

import itertools
import json
import math
import re
import subprocess
import tomllib
from dataclasses import dataclass
from pathlib import Path

from . import registry, stats, store
from .csvio import write_csv
from .paths import ROOT, STUDIES
from .point import format_value, Point
from .registry import Experiment

DEFINITION = "study.json"  # the definition, kept in the study's folder
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
_PARAM = re.compile(r"[A-Za-z][A-Za-z0-9_]*(::[A-Za-z][A-Za-z0-9_]*)*")
# Options the runner gives every point itself
_RESERVED = ("header",)


class StudyError(Exception):
    """A study that cannot be run as given: the message says why."""


@dataclass(frozen=True)
class StudyPoint(Point):
    """A point stored in its study's folder rather than under an experiment,
    with the side files of the base's point it varies (if any)."""

    folder: str = ""
    side_files: tuple = ()

    @property
    def SIDE_FILES(self):  # noqa: N802 (the name Point and the runner read)
        return self.side_files

    def store_folder(self):
        return Path(self.folder)


def _scalar(where, name, value):
    if isinstance(value, (bool, int, str)) or (isinstance(value, float) and math.isfinite(value)):
        if isinstance(value, str) and (not value or any(c.isspace() for c in value)):
            raise StudyError(f"{where} {name}: a text value must be non-empty, without spaces")
        return value
    raise StudyError(f"{where} {name}: {value!r} is not a number, a word or true/false")


class Study(Experiment):
    """A sweep of one's own (see the module's text)."""

    title = "a study of one's own"

    def __init__(self, name, *, program=None, base=None, fixed=None, sweep=None, only=None,
                 folder=None):  # fmt: skip
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            raise StudyError(f"name {name!r}: letters, digits, '.', '_' and '-' only")
        self.name = name
        self.fixed = {n: _scalar("[fixed]", n, v) for n, v in (fixed or {}).items()}
        self.sweep = {}
        for n, values in (sweep or {}).items():
            if not isinstance(values, list) or not values:
                raise StudyError(f"[sweep] {n}: give a non-empty list of values")
            values = [_scalar("[sweep]", n, v) for v in values]
            if len({format_value(v) for v in values}) != len(values):
                raise StudyError(f"[sweep] {n}: a value is given twice")
            self.sweep[n] = values
        for n in [*self.fixed, *self.sweep]:
            if not _PARAM.fullmatch(n) or n in _RESERVED:
                raise StudyError(f"parameter {n!r} is not an option or attribute name"
                                 + (" (the runner sets it)" if n in _RESERVED else ""))  # fmt: skip
        if both := set(self.fixed) & set(self.sweep):
            raise StudyError(f"{', '.join(sorted(both))}: both in [fixed] and in [sweep]")
        self.only = {}
        for n, values in (only or {}).items():
            if not isinstance(values, list) or not values:
                raise StudyError(f"[only] {n}: give a non-empty list of the base's values")
            self.only[n] = [_scalar("[only]", n, v) for v in values]
        if both := set(self.only) & (set(self.fixed) | set(self.sweep)):
            raise StudyError(f"{', '.join(sorted(both))}: in [only] and set by [fixed] or [sweep]")
        self.base = None
        if base is not None:
            from . import experiments as _  # noqa: F401, PLC0415 (registers them)

            known = registry.experiments()
            if base not in known:
                raise StudyError(f"base {base!r} is no experiment; known: {', '.join(known)}")
            self.base = known[base]
            if program not in (None, self.base.program):
                raise StudyError(f"base {base} runs {self.base.program}, not {program}")
            program = self.base.program
        if self.only and self.base is None:
            raise StudyError("[only] keeps some of a base's points: give base (an experiment)")
        if self.only:
            self._check_only()
        if not program:
            raise StudyError("give program (a program in build/bin/) or base (an experiment)")
        if not (ROOT / "scratch" / f"{program}.cc").is_file():
            raise StudyError(f"program {program!r} is none of the suite's (scratch/*.cc)")
        if not self.fixed and not self.sweep and self.base is None:
            raise StudyError("nothing to run: give [fixed] or [sweep] values, or a base")
        self.program = program
        self.folder = Path(folder) if folder else STUDIES / name

    @classmethod
    def from_file(cls, path):
        """The study a TOML file declares; StudyError says what is wrong."""
        path = Path(path)
        try:
            data = tomllib.loads(path.read_text())
        except OSError as e:
            raise StudyError(f"cannot read {path}: {e.strerror or e}") from None
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
            raise StudyError(f"{path} is not TOML: {e}") from None
        known = {"name", "program", "base", "fixed", "sweep", "only", "folder"}
        if unknown := sorted(set(data) - known):
            raise StudyError(f"{path}: unknown key(s) {', '.join(unknown)}; known: "
                             + ", ".join(sorted(known)))  # fmt: skip
        for table in ("fixed", "sweep", "only"):
            if not isinstance(data.get(table, {}), dict):
                raise StudyError(f"{path}: [{table}] must be a table of name = value")
        if "name" not in data:
            raise StudyError(f"{path}: give the study a name (name = \"...\")")
        folder = data.get("folder")
        if folder is not None:
            folder = (path.parent / folder).resolve()
        return cls(data["name"], program=data.get("program"), base=data.get("base"),
                   fixed=data.get("fixed"), sweep=data.get("sweep"), only=data.get("only"),
                   folder=folder)  # fmt: skip

    @classmethod
    def from_folder(cls, folder):
        """The study stored in a folder (by a run of it)."""
        folder = Path(folder)
        try:
            data = json.loads((folder / DEFINITION).read_text())
        except FileNotFoundError:
            raise StudyError(f"{folder} holds no study ({DEFINITION} is missing)") from None
        return cls(data["name"], program=data["program"], base=data.get("base"),
                   fixed=data["fixed"], sweep=data["sweep"], only=data.get("only"),
                   folder=folder)  # fmt: skip

    def definition(self):
        return {"name": self.name, "program": self.program,
                "base": self.base.name if self.base else None,
                "fixed": self.fixed, "sweep": self.sweep,
                **({"only": self.only} if self.only else {})}  # fmt: skip

    def save_definition(self):
        """Keep the definition beside the points (load() reads it)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        (self.folder / DEFINITION).write_text(json.dumps(self.definition(), indent=2) + "\n")

    def _check_only(self):
        """Every [only] name is a parameter of the base's points and every
        value one that some point has: a misspelling would keep no point, or
        fewer than meant, in silence."""
        points, base = self.base.points("paper"), self.base.name
        for n, values in self.only.items():
            have = {format_value(dict(p.params)[n]) for p in points if n in dict(p.params)}
            if not have:
                raise StudyError(f"[only] {n}: no point of {base} has it")
            if missing := [v for v in values if format_value(v) not in have]:
                raise StudyError(f"[only] {n}: no point of {base} has {n} = "
                                 f"{', '.join(map(format_value, missing))}; it has "
                                 f"{', '.join(sorted(have))}")  # fmt: skip

    def _kept(self, base_point):
        params = dict(base_point.params)
        return all(n in params and format_value(params[n]) in map(format_value, values)
                   for n, values in self.only.items())  # fmt: skip

    # ------------------------------------------------------------ the points

    def _make(self, params, side_files=()):
        return StudyPoint(self.name, "study", self.program, tuple(sorted(params.items())),
                          str(self.folder), side_files)  # fmt: skip

    def pairs(self):
        """[(base point or None, study point)], in the base's order."""
        combos = [dict(zip(self.sweep, values)) for values in
                  itertools.product(*self.sweep.values())]  # fmt: skip
        bases = [b for b in self.base.points("paper") if self._kept(b)] if self.base else [None]
        out = []
        for base in bases:
            start = dict(base.params) if base else {}
            side = base.SIDE_FILES if base else ()
            for combo in combos:
                out.append((base, self._make({**start, **self.fixed, **combo}, side)))
        return out

    def points(self, scale=None):
        return [p for _, p in self.pairs()]

    def outdir(self, scale):
        return self.folder

    def input_problem(self, bin_dir):
        """What the program says is wrong with the study's parameters, or
        None. Each value is tried once (with --PrintHelp, which exits 0 once
        every option and attribute is taken) before any point runs, so a
        misspelt name fails in seconds, not as every point's failure."""
        points = self.points()
        tried = [points[0]]
        for name, values in self.sweep.items():
            for value in values:
                tried.append(next(p for p in points if dict(p.params)[name] == value))
        for point in dict.fromkeys(tried):
            argv = [str(bin_dir / self.program), *point.args(), "--PrintHelp"]
            proc = subprocess.run(argv, capture_output=True, text=True, check=False, timeout=60)
            if proc.returncode != 0:
                said = (proc.stderr.strip() or proc.stdout.strip()).splitlines()
                return f"{self.program} refuses {' '.join(point.args())}: " + (
                    said[-1] if said else f"exit status {proc.returncode}"
                )
        return None

    # ------------------------------------------------------------ the outputs

    def outputs(self, scale, rows, outdir):
        points = self.points()
        table = [{**{f"param_{n}": format_value(v) for n, v in p.params}, **row}
                 for p, row in zip(points, rows)]  # fmt: skip
        write_csv(outdir / f"{self.name}.csv", list(table[0]), table)
        if self.base is None:
            return f"{self.name}: {len(rows)} points\n"
        return self.compare(dict(zip(points, rows)), outdir)

    def compare(self, rows, outdir):
        """Base vs study, per group of points that differ only in RngRun."""
        from .csvio import parse_point_output  # noqa: PLC0415

        groups = {}
        for base, point in self.pairs():
            entry = store.load(base)
            if entry is None:
                return f"{self.name}: the base's point {base.label()} is not stored: no comparison\n"
            label = " ".join(f"{n}={format_value(v)}" for n, v in point.params if n != "RngRun")
            groups.setdefault(label, []).append((parse_point_output(entry.output), rows[point]))
        numeric = [c for c in next(iter(rows.values())) if _all_numbers(rows.values(), c)]
        out, lines = [], []
        for label, pairs in groups.items():
            told = False
            for column in numeric:
                base_values = [float(b[column]) for b, _ in pairs]
                study_values = [float(s[column]) for _, s in pairs]
                if base_values == study_values:
                    continue
                diff, ci, significant = stats.paired(study_values, base_values)
                record = {"group": label, "column": column, "runs": len(pairs),
                          "base_mean": f"{stats.summarize(base_values)['mean']:.6g}",
                          "study_mean": f"{stats.summarize(study_values)['mean']:.6g}",
                          "difference": f"{diff:.6g}", "ci95": f"{ci:.3g}",
                          "significant": "yes" if significant else "no"}  # fmt: skip
                out.append(record)
                if not told:
                    lines.append(f"  {label} ({len(pairs)} runs)")
                    told = True
                lines.append(f"    {column}: {record['base_mean']} -> "
                             f"{record['study_mean']} (difference {record['difference']} "
                             f"+- {record['ci95']}, {'' if significant else 'not '}significant)")  # fmt: skip
        columns = ["group", "column", "runs", "base_mean", "study_mean", "difference", "ci95",
                   "significant"]  # fmt: skip
        write_csv(outdir / f"{self.name}-compare.csv", columns, out)
        head = (f"{self.name} against {self.base.name}'s stored paper-scale points "
                f"({len(rows)} points; mean over runs, paired 95 % interval):")  # fmt: skip
        if not lines:
            return head + "\n  every numeric column is the same\n"
        return head + "\n" + "\n".join(lines) + "\n"


def _all_numbers(rows, column):
    try:
        for row in rows:
            float(row[column])
    except (ValueError, KeyError):
        return False
    return True
