#!/usr/bin/env python3
"""Regenerate the paper tables and figures the suite covers, under figures/.

  ./figures.py               every experiment at paper scale
  ./figures.py --quick       fewer runs, shorter transfers (a few minutes)
  ./figures.py --list        the experiments
  ./figures.py --only table1 --scheduler tcp://host:8786

Each experiment (figures_lib/experiments/) is a set of points; a point is one
run of a program in build/bin/ printing one CSV row. The points run on Dask
distributed (a LocalCluster with one single-threaded worker process per core,
or --scheduler), finished points are cached under figures/cache/ and not run
again (--force runs them again), and each experiment writes figures/<name>.csv
(raw rows), <name>-summary.csv, <name>.gp and <name>.png and a text check.
Exits non-zero if any point failed (the others still run and are written).
"""

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV_PYTHON = ROOT / ".venv" / "bin" / "python"


def ensure_venv():
    """Re-run under the project's virtual environment if dask is missing."""
    try:
        import dask.distributed  # noqa: F401, PLC0415
    except ImportError:
        if VENV_PYTHON.exists() and Path(sys.prefix).resolve() != (ROOT / ".venv").resolve():
            os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), str(Path(__file__).resolve()), *sys.argv[1:]])
        sys.exit("error: dask.distributed not found; run ./ns3 configure (creates .venv)")


def parse_args(experiments):
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--quick", action="store_true", help="quick scale instead of paper scale")
    p.add_argument("--only", action="append", metavar="NAME", choices=list(experiments),
                   help="run only this experiment (repeatable)")
    p.add_argument("--list", action="store_true", help="list the experiments and exit")
    p.add_argument("--force", action="store_true", help="rerun cached points")
    p.add_argument("--no-build", action="store_true", help="do not run ./ns3 build first")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="use this Dask scheduler instead of a LocalCluster")
    p.add_argument("--workers", type=int, metavar="N",
                   help="LocalCluster worker processes (default: one per core)")
    p.add_argument("--timeout", type=float, default=3600, metavar="SECONDS",
                   help="per-point time limit (default 3600)")
    return p.parse_args()


def main():
    ensure_venv()
    sys.path.insert(0, str(ROOT))
    from figures_lib import build, runner  # noqa: PLC0415
    from figures_lib import experiments as _  # noqa: F401, PLC0415 (registers them)
    from figures_lib import registry  # noqa: PLC0415
    from figures_lib.paths import FIGURES  # noqa: PLC0415

    experiments = registry.experiments()
    args = parse_args(experiments)
    if args.list:
        for name, exp in experiments.items():
            print(f"{name:12} {exp.title}")
        return 0
    scale = "quick" if args.quick else "paper"
    selected = [experiments[n] for n in (args.only or experiments)]
    selected = list({e.name: e for e in selected}.values())

    if not args.no_build and not build.build():
        print("error: ./ns3 build failed", file=sys.stderr)
        return 1

    points = [p for exp in selected for p in exp.points(scale)]
    print(f"Experiments: {', '.join(e.name for e in selected)} (scale {scale})")
    outputs, failures, _ = runner.run_points(
        points,
        scheduler=args.scheduler,
        workers=args.workers,
        force=args.force,
        timeout=args.timeout,
        columns=lambda point: experiments[point.experiment].columns,
    )

    FIGURES.mkdir(exist_ok=True)
    for exp in selected:
        rows = [outputs[p] for p in exp.points(scale) if p in outputs]
        print()
        if not rows:
            print(f"{exp.name}: no successful points, no outputs written")
            continue
        text = exp.outputs(scale, rows, FIGURES)
        written = sorted(f.name for f in FIGURES.glob(f"{exp.name}*") if f.is_file())
        print(f"{exp.name}: wrote " + ", ".join(f"figures/{w}" for w in written))
        if text:
            print(text, end="" if text.endswith("\n") else "\n")

    if failures:
        print(f"\n{len(failures)} point(s) FAILED (outputs above lack them):", file=sys.stderr)
        for failure in sorted(failures, key=lambda f: f.point.label()):
            print(failure, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
