"""What ./figures.py does with the experiments it was given: take what the
result store has, run what is missing or stale, and write each experiment's
outputs only when all its points are there; or, with --verify, re-run
stored points and compare them row for row."""

import os
import random
import sys
import time
from collections import Counter

from . import build, store
from .csvio import BadOutput, columns_of, parse_point_output
from .paths import BIN, ROOT
from .runner import run_points


class Plan:
    """Each point of the experiments: from the store (stored with the
    current fingerprint), stale (stored with another) or missing."""

    def __init__(self, experiments, scale, force):
        self.rows, self.todo, self.counts = {}, [], {}
        for exp in experiments:
            counts = Counter()
            for point in exp.points(scale):
                entry = store.load(point)
                state = "missing"
                if entry is not None:
                    current = store.model_fingerprint(point.program)
                    state = "stale" if entry.fingerprint != current else "stored"
                    if state == "stored" and not force:
                        try:
                            self.rows[point] = parse_point_output(entry.output)
                        except BadOutput:
                            state = "missing"  # a damaged entry: run it again
                counts[state] += 1
                if point not in self.rows:
                    self.todo.append(point)
            self.counts[exp.name] = counts


def store_status(experiments, scale):
    """One line per experiment: points stored (stale among them) of all, and
    the stored points' summed wall time (what the sweep cost, one core)."""
    width = max(len(e.name) for e in experiments)
    lines = []
    for exp in experiments:
        points = exp.points(scale)
        stored = [(p, e) for p in points if (e := store.load(p)) is not None]
        entries = [e for _, e in stored]
        try:
            stale = sum(e.fingerprint != store.model_fingerprint(p.program) for p, e in stored)
        except store.StoreError:
            stale = None  # not configured: staleness unknown
        wall = sum(float(e.meta.get("wall_s", 0)) for e in entries)
        text = f"{exp.name:{width}}  {len(entries):5d} of {len(points):5d} points stored"
        text += "" if stale is None else f", {stale} stale"
        lines.append(text + f"; their runs took {wall / 3600:.2f} h of one core")
    return lines


def cost_table(experiments, scale="paper"):
    """README's table of what each experiment's stored points cost: points
    stored of all, the sum of their runs' wall times (each run on one
    worker: hours of one core), the longest run, and what that sum is at
    the least on two workers (half of it: the two run side by side). From
    the store's own records (wall_s), so that it cannot drift."""
    lines = [
        "| Experiment | points stored | their runs, one core | longest run | on 2 workers, at least |",
        "|---|---|---|---|---|",
    ]
    total = 0.0
    for exp in experiments:
        points = exp.points(scale)
        walls = [float(e.meta.get("wall_s", 0)) for e in map(store.load, points) if e is not None]
        total += sum(walls)
        longest = _hours(max(walls)) if walls else "-"
        lines.append(f"| `{exp.name}` | {len(walls)} of {len(points)} | {_hours(sum(walls))} | {longest}"
                     f" | {_hours(sum(walls) / 2)} |")  # fmt: skip
    lines.append(f"| all | | {_hours(total)} | | {_hours(total / 2)} |")
    return "\n".join(lines) + "\n"


def _hours(seconds):
    """A duration as the table gives it: s, min or h."""
    if seconds < 60:
        return f"{seconds:.0f} s"
    return f"{seconds / 60:.1f} min" if seconds < 3600 else f"{seconds / 3600:.2f} h"


def fingerprints_to_stamp(experiments, no_build):
    """Build (unless no_build) and return {program: fingerprint} of the
    binaries that will run. Raises build.BuildError."""
    programs = sorted({program for e in experiments for program in e.programs()})
    if not no_build:
        build.build(programs)
    return build.built_fingerprints(programs)


def _shown(path):
    """A path as the messages show it: from the repository root when inside."""
    return path.relative_to(ROOT) if path.is_relative_to(ROOT) else path


def write_outputs(experiments, scale, rows_by_point, failures):
    """Each complete experiment's outputs; -> the names of the incomplete."""
    failed = {f.point for f in failures}
    incomplete = []
    for exp in experiments:
        outdir = exp.outdir(scale)
        outdir.mkdir(parents=True, exist_ok=True)
        points = exp.points(scale)
        missing = [p for p in points if p not in rows_by_point]
        print()
        if missing:
            n_failed = sum(p in failed for p in missing)
            print(
                f"{exp.name}: {len(missing)} of {len(points)} points missing ({n_failed} failed):"
                f" no outputs written; {_shown(outdir)}/{exp.name}* left as they were"
            )
            incomplete.append(exp.name)
            continue
        rows = [rows_by_point[p] for p in points]
        try:  # one header for all the points of each of its programs
            for program in exp.programs():
                columns_of([rows_by_point[p] for p in points if p.program == program])
        except BadOutput as e:
            print(f"{exp.name}: {e}: no outputs written")
            incomplete.append(exp.name)
            continue
        before = {f: f.stat().st_mtime_ns for f in outdir.glob(f"{exp.name}*") if f.is_file()}
        text = exp.outputs(scale, rows, outdir)
        written = sorted(
            f.name for f in outdir.glob(f"{exp.name}*")
            if f.is_file() and before.get(f) != f.stat().st_mtime_ns
        )  # fmt: skip
        print(f"{exp.name}: wrote " + ", ".join(f"{_shown(outdir)}/{w}" for w in written))
        if text:
            print(text, end="" if text.endswith("\n") else "\n")
    return incomplete


def main(experiments, args):
    scale = "quick" if args.quick else "paper"
    try:
        if args.verify:
            return verify(experiments, scale, args)
        plan = Plan(experiments, scale, args.force)
        for exp in experiments:
            c = plan.counts[exp.name]
            run = len([p for p in plan.todo if p.experiment == exp.name])
            print(
                f"{exp.name}: {sum(c.values())} points at scale {scale}: {sum(c.values()) - run}"
                f" from the store, {run} to run ({c['missing']} missing, {c['stale']} stale)",
                flush=True,
            )
        failures = []
        if plan.todo:
            stamp = fingerprints_to_stamp(experiments, args.no_build)
            for exp in experiments:
                if problem := exp.input_problem(BIN):
                    print(f"figures.py: error: {problem}", file=sys.stderr)
                    return 1

            def save(point, result):
                store.save(point, result.output, result.sides, result.wall_s, stamp[point.program])

            outputs, failures, _ = run_points(
                plan.todo,
                scheduler=args.scheduler,
                workers=args.workers,
                timeout=args.timeout,
                on_result=save,
            )
            plan.rows.update(outputs)
    except (build.BuildError, store.StoreError) as e:
        print(f"figures.py: error: {e}", file=sys.stderr)
        return 1

    incomplete = write_outputs(experiments, scale, plan.rows, failures)
    if failures:
        print(f"\n{len(failures)} point(s) FAILED:", file=sys.stderr)
        for failure in sorted(failures, key=lambda f: f.point.label()):
            print(failure, file=sys.stderr)
    if incomplete:
        print(f"\nincomplete, no outputs written: {', '.join(incomplete)}", file=sys.stderr)
        return 1
    return 0


# ---------------------------------------------------------------- --verify


def stored_groups(experiments, scale):
    """Every stored point of the experiments, as (point, entry) pairs grouped
    by (experiment, program, fingerprint): what --verify draws from and
    --adopt restamps."""
    groups = {}
    for exp in experiments:
        for p in exp.points(scale):
            if (e := store.load(p)) is not None:
                groups.setdefault((exp.name, p.program, e.fingerprint), []).append((p, e))
    return groups


def _is_current(group, stamp):
    """Whether a stored_groups group was stored by the build about to run."""
    _, program, fingerprint = group
    return fingerprint == stamp[program]


def choose(groups, count, rng, stamp):
    """count stored points at random (all if 'all'), drawn in turn from the
    groups (stored_groups), those of another model than the current first:
    a few cover several experiments and each model their points were stored
    with (--adopt restamps a model only if its points drawn all reproduce).
    -> (group, point, entry) triples."""
    pools = [[(group, p, e) for p, e in members] for group, members in groups.items()]
    for pool in pools:
        rng.shuffle(pool)
    rng.shuffle(pools)
    pools.sort(key=lambda pool: _is_current(pool[0][0], stamp))  # older models first
    chosen = []
    want = sum(map(len, pools)) if count == "all" else count
    while pools and len(chosen) < want:
        for pool in list(pools):
            if len(chosen) == want:
                break
            chosen.append(pool.pop())
            if not pool:
                pools.remove(pool)
    return chosen


def differences(point, entry, result):
    """Lines saying how a re-run differs from the stored point ([] if not)."""
    lines = []
    if result.output != entry.output:
        old = parse_point_output(entry.output)
        new = result.row
        changed = [c for c in dict.fromkeys([*old, *new]) if old.get(c) != new.get(c)]
        lines.append("  row differs: " + ", ".join(
            f"{c} {old.get(c, '(none)')} -> {new.get(c, '(none)')}" for c in changed
        ) if changed else "  output text differs (same values)")  # fmt: skip
    for suffix in point.side_suffixes():
        stored = point.side_file(suffix).read_text()
        if result.sides.get(suffix) != stored:
            old_lines, new_lines = stored.splitlines(), result.sides.get(suffix, "").splitlines()
            first = next(
                (i for i, (a, b) in enumerate(zip(old_lines, new_lines)) if a != b),
                min(len(old_lines), len(new_lines)),
            )
            lines.append(f"  side file {suffix} differs from line {first + 1}"
                         f" ({len(old_lines)} lines stored, {len(new_lines)} now)")  # fmt: skip
            if first < len(old_lines):
                lines.append(f"    stored: {old_lines[first]}")
            if first < len(new_lines):
                lines.append(f"    now:    {new_lines[first]}")
    return lines


def verify(experiments, scale, args):
    seed = int.from_bytes(os.urandom(4), "little")
    rng = random.Random(seed)
    stamp = fingerprints_to_stamp(experiments, args.no_build)
    groups = stored_groups(experiments, scale)
    chosen = choose(groups, args.verify, rng, stamp)
    if not chosen:
        print("figures.py: error: nothing stored to verify", file=sys.stderr)
        return 1
    stale = sum(e.fingerprint != stamp[p.program] for _, p, e in chosen)
    print(f"Verifying {len(chosen)} stored point(s) (seed {seed}; {stale} stored with another"
          " fingerprint) against the current build")  # fmt: skip
    results = {}
    start = time.monotonic()
    _, failures, _ = run_points(
        [p for _, p, _ in chosen],
        scheduler=args.scheduler,
        workers=args.workers,
        timeout=args.timeout,
        on_result=lambda point, result: results.__setitem__(point, result),
    )
    differing = 0
    # A model is a program's build: (program, fingerprint) -> every point of
    # it drawn, in any experiment, ran identical.
    reproduced = {}
    drawn = set()  # (experiment, program, fingerprint) groups drawn from
    current_failed = False  # a point of the current build itself not reproduced
    for group, point, entry in chosen:
        model = (point.program, entry.fingerprint)
        lines = differences(point, entry, results[point]) if point in results else ["failed"]
        reproduced[model] = reproduced.get(model, True) and not lines
        drawn.add(group)
        current_failed |= bool(lines) and _is_current(group, stamp)
        if point not in results:
            continue
        status = "DIFFERS" if lines else "identical"
        differing += bool(lines)
        print(f"{status}: {point.label()}")
        for line in lines:
            print(line)
    for failure in failures:
        print(failure, file=sys.stderr)
    ok = not differing and not failures
    print(
        f"verify: {len(results) - differing} identical, {differing} differ, {len(failures)} failed"
        f" ({time.monotonic() - start:.0f} s)"
    )
    if not ok:
        print("verify FAILED: the current build does not reproduce the store", file=sys.stderr)
    if args.adopt and (current_failed or failures):
        print("nothing adopted: a point failed, or the current build does not reproduce a point"
              " it stored itself (no verdict on the older models can be trusted)")  # fmt: skip
    elif args.adopt:
        adopt(groups, args, stamp, reproduced, drawn, seed, len(chosen))
    return 0 if ok else 1


def adopt(groups, args, stamp, reproduced, drawn, seed, count):
    """Restamp an experiment's stored points of a model (program,
    fingerprint) if points of that experiment and model were drawn and every
    drawn point of the model, in any experiment, reproduced; say what is
    left and why."""
    note = (f"by --verify {args.verify} ({count} drawn, seed {seed}) at"
            f" {store.suite_commit()} {store.now()}")  # fmt: skip
    adopted = 0
    left = {}
    for group, members in groups.items():
        _, program, fingerprint = group
        if _is_current(group, stamp):
            continue
        if reproduced.get((program, fingerprint)) and group in drawn:
            for point, entry in members:
                store.adopt(point, entry, stamp[program], note)
            adopted += len(members)
        else:
            left[group] = len(members)
    print(f"adopted: {adopted} stored point(s) stamped with the current fingerprint")
    for group, n in sorted(left.items()):
        name, _, fingerprint = group
        why = "none drawn" if group not in drawn else "not reproduced"
        print(f"not adopted: {n} point(s) of {name} stored with {fingerprint} ({why})")
