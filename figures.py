#!/usr/bin/env python3
"""Regenerate the paper tables and figures the suite covers, from the result store.

  ./figures.py               every experiment at paper scale, into figures/
  ./figures.py --quick       reduced scale, into figures/quick/ (about 50 min)
  ./figures.py --list        the experiments
  ./figures.py --only table1 --scheduler tcp://host:8786
  ./figures.py --verify 5    re-run 5 stored points; fail if a row differs

Each experiment (figures_lib/experiments/) is a set of points; a point is one
run of a program in build/bin/ printing one CSV row (and perhaps side files).
Finished points live in the result store (results/store/, committed; see
figures_lib/store.py), stamped with the model's fingerprint, a hash of the
sources that build the program. Points stored with the current fingerprint
are not run again: on a fresh clone every paper-scale output is rebuilt from
the store in minutes with no simulation (and no build). Missing or stale
points (fingerprint differs) run on Dask distributed (a LocalCluster with one
single-threaded worker process per core, or --scheduler), each stored as it
finishes, so an interrupted sweep resumes where it stopped, on any machine
that has the committed store.

An experiment writes figures/<name>.csv (raw rows), <name>-summary.csv,
<name>.gp, <name>.png and .svg and a text check, only when every one of its
points is there; otherwise it writes nothing, says so, and the command exits
1. Quick-scale outputs and points go to figures/quick/, never over the
paper-scale ones.
"""

import argparse
import os
import socket
import sys
from urllib.parse import urlparse

from figures_lib.cli import Parser, positive_int, positive_seconds
from figures_lib.paths import ROOT, run_again_under_venv


def ensure_venv():
    """Re-run under the project's virtual environment if dask is missing."""
    try:
        import dask.distributed  # noqa: F401, PLC0415
    except ImportError:
        run_again_under_venv(__file__)
        sys.exit("error: dask.distributed not found; run ./ns3 configure (creates .venv)")


# ns-3 reads these in every program (Config::SetDefault and GlobalValue from
# the environment): a row made with them is not the row its point names.
ROW_CHANGING_ENVIRONMENT = ("NS_ATTRIBUTE_DEFAULT", "NS_GLOBAL_VALUE")


def verify_count(text):
    return "all" if text == "all" else positive_int(text)


def parse_args(experiments, argv=None):
    p = Parser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="quick scale, into figures/quick/")
    p.add_argument("--only", action="append", metavar="NAME", choices=list(experiments),
                   help="only this experiment (repeatable)")
    p.add_argument("--study", metavar="FILE",
                   help="one's own study (a TOML file: figures_lib/study.py) instead of the "
                        "paper experiments, stored in its own folder")
    p.add_argument("--list", action="store_true", help="list the experiments and exit")
    p.add_argument("--halves", action="store_true",
                   help="compare each experiment's verdicts on the first and the second half of "
                        "its stored runs (nothing runs) and exit")
    p.add_argument("--force", action="store_true", help="run stored points again (and store them)")
    p.add_argument("--verify", type=verify_count, metavar="N|all",
                   help="re-run N stored points chosen at random (or all); exit 1 if a row differs")
    p.add_argument("--adopt", action="store_true",
                   help="with --verify: stamp with the current fingerprint an experiment's "
                        "stored points of a model (program, fingerprint) drawn from in it whose "
                        "drawn points all reproduced (nothing if the current build's own do not)")
    p.add_argument("--no-build", action="store_true",
                   help="do not run ./ns3 build first (the binaries must be the ones it last built)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="use this Dask scheduler (tcp://host:port) instead of a LocalCluster")
    p.add_argument("--workers", type=positive_int, metavar="N",
                   help="LocalCluster worker processes (default: one per core)")
    p.add_argument("--timeout", type=positive_seconds, default=3600, metavar="SECONDS",
                   help="per-point time limit (default 3600)")
    args = p.parse_args(argv)
    for name in ROW_CHANGING_ENVIRONMENT:
        if os.environ.get(name):
            # Its settings would reach every program and change rows that
            # are then stored and found under the model's fingerprint.
            p.error(f"{name} is set ({os.environ[name]!r}): it changes the programs' rows, which "
                    "would be stored as the model's; unset it (a study of other attributes is a "
                    "sweep of one's own)")
    if args.study and (args.only or args.quick):
        p.error("--study runs the study's own points: not with --only or --quick")
    if args.halves and (args.study or args.verify or args.force or args.quick):
        p.error("--halves reads the paper-scale store: not with --study, --verify, --force or --quick")
    if args.adopt and not args.verify:
        p.error("--adopt needs --verify")
    if args.scheduler and args.workers:
        p.error("--workers is for the LocalCluster; not with --scheduler")
    return args


def scheduler_reachable(address, seconds=10.0):
    """None if a Dask scheduler answers at the address, else why not.

    A TCP connection is not enough: an open port that is no scheduler
    accepts it, and Dask's Client then waits for its handshake for ever.
    The scheduler is asked who it is (its 'identity' operation), within
    the time given."""
    url = urlparse(address if "://" in address else f"tcp://{address}")
    try:
        host, port = url.hostname, url.port
    except ValueError as e:
        return f"bad address {address!r}: {e}"
    if url.scheme != "tcp" or not host or not port:
        return f"bad address {address!r}: expected tcp://HOST:PORT"
    try:
        with socket.create_connection((host, port), timeout=seconds):
            pass
    except OSError as e:
        return f"cannot reach the Dask scheduler at {host}:{port}: {e.strerror or e}"
    import asyncio  # noqa: PLC0415

    from distributed.comm import connect  # noqa: PLC0415

    async def identity():
        comm = await connect(f"tcp://{host}:{port}", timeout=seconds)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    try:
        answer = asyncio.run(asyncio.wait_for(identity(), seconds))
    except (OSError, asyncio.TimeoutError):
        return f"nothing at {host}:{port} answered as a Dask scheduler within {seconds:g} s"
    except Exception as e:  # noqa: BLE001 (a peer speaking another protocol)
        return f"{host}:{port} is not a Dask scheduler ({type(e).__name__}: {e})"
    if not isinstance(answer, dict) or answer.get("type") != "Scheduler":
        return f"{host}:{port} is not a Dask scheduler (it answered {str(answer)[:80]!r})"
    return None


def main(argv=None):
    ensure_venv()
    sys.path.insert(0, str(ROOT))
    from figures_lib import registry, sweep  # noqa: PLC0415
    from figures_lib import experiments as _  # noqa: F401, PLC0415 (registers them)

    experiments = registry.experiments()
    args = parse_args(experiments, argv)
    if args.scheduler and not args.list and (why := scheduler_reachable(args.scheduler)):
        print(f"figures.py: error: {why}", file=sys.stderr)
        return 1
    if args.study:
        return study_main(args)
    if args.list:
        width = max(map(len, experiments))
        for name, exp in experiments.items():
            print(f"{name:{width}}  {exp.title}")
        print(f"\nThe store at {'quick' if args.quick else 'paper'} scale:")
        for line in sweep.store_status(experiments.values(), "quick" if args.quick else "paper"):
            print(f"  {line}")
        return 0
    selected = [experiments[n] for n in (args.only or experiments)]
    selected = list({e.name: e for e in selected}.values())
    if args.halves:
        from figures_lib import halves  # noqa: PLC0415

        for exp in selected:
            print(halves.report(exp))
        return 0
    status = sweep.main(selected, args)
    if not args.quick and not args.verify:
        from figures_lib import readme  # noqa: PLC0415
        from figures_lib.paths import FIGURES  # noqa: PLC0415

        # What the store's points cost, every experiment's (README's table).
        readme.write(FIGURES, "store-cost", {"store-cost": sweep.cost_table(experiments.values())})
        status = fill_readme() or status
    return status


def fill_readme():
    """README.md's result blocks from the fragments the experiments wrote
    (figures/*-readme.md; figures_lib/readme.py). -> exit status."""
    from figures_lib import readme  # noqa: PLC0415

    try:
        changed, unplaced = readme.fill_readme()
    except readme.BlockError as e:
        print(f"figures.py: error: README.md: {e}", file=sys.stderr)
        return 1
    if changed:
        print(f"\nREADME.md: filled {', '.join(changed)} from figures/*-readme.md")
    if unplaced:
        print(f"README.md: no markers for {', '.join(unplaced)}", file=sys.stderr)
    return 0


def study_main(args):
    """./figures.py --study FILE: one's own sweep through the result store."""
    from figures_lib import sweep  # noqa: PLC0415
    from figures_lib.study import Study, StudyError  # noqa: PLC0415

    try:
        study = Study.from_file(args.study)
    except StudyError as e:
        print(f"figures.py: error: {e}", file=sys.stderr)
        return 1
    if args.list:
        print(f"{study.name}: {study.program}, {len(study.points())} points in {study.folder}")
        for line in sweep.store_status([study], "study"):
            print(f"  {line}")
        return 0
    try:
        study.save_definition()
    except OSError as e:
        print(f"figures.py: error: cannot write the study's folder {study.folder}: "
              f"{e.strerror or e}", file=sys.stderr)  # fmt: skip
        return 1
    return sweep.main([study], args)


if __name__ == "__main__":
    sys.exit(main())
