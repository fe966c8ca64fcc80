#!/usr/bin/env python3
"""A model change whose re-runs take longer than a session: swept beside main.

A change to the model makes every stored point of the experiments it moves
stale, and main may not hold stale points (test_committed_figures). When
their re-runs take hours (the DTOC experiments: about 15 h of one core),
the change waits as a *candidate*: a patch against main, swept in a git
worktree of main's HEAD with the patch applied, its finished points
committed on main beside the store, not in it, session after session, and
landed once they are all there.

  results/candidates/NAME/change.patch   the change (git diff against HEAD)
  results/candidates/NAME/store/         its finished points (committed)
  results/candidates/NAME/*.csv ...      its outputs, once an experiment is whole
  build-candidates/NAME/                 the worktree (not committed)

  ./candidate.py run NAME -- --only dtoc-now   # ./figures.py in the worktree
  ./candidate.py run NAME -- --list            # how far the candidate's sweep is
  ./candidate.py land NAME                     # apply the patch on main, move its points in

`run` brings the worktree up to date whenever main (but for figures/ and
results/) or the patch changed (the patch committed there, so the points
name that commit; only files that changed are written, so only they build
again), builds it and runs its ./figures.py with the candidate's folder as
the figures and the results directory: each point is written there as it
finishes, ready for `git add`. A point
is the candidate's only while its fingerprint is that of HEAD plus the
patch; after a change on main that alters no row, `run NAME -- --only X
--verify N --adopt` re-stamps them, as on main. `land` applies the patch
to a clean main at the worktree's base and moves every point whose
fingerprint is then main's own into results/store/, leaving the others
(named) where they are; the experiments the change does not move are
shown unchanged by ./figures.py --verify N --adopt, as after any change.
"""

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))  # figures_lib, imported where used (it needs the venv)
from figures_lib.paths import CANDIDATES  # noqa: E402 (pathlib and os only)

WORKTREES = ROOT / "build-candidates"
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,40}$")


class CandidateError(Exception):
    pass


def git(*args, cwd=ROOT, check=True, env=None):
    proc = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=False,
                          env=env)  # fmt: skip
    if check and proc.returncode != 0:
        raise CandidateError(f"git {' '.join(args)}: {proc.stderr.strip() or proc.stdout.strip()}")
    return proc.stdout.strip()


def folder(name):
    """The candidate's committed folder; CandidateError unless it has its patch."""
    if not _NAME.match(name):
        raise CandidateError(f"bad candidate name {name!r}: lower-case letters, digits and '-'")
    patch = CANDIDATES / name / "change.patch"
    if not patch.is_file():
        raise CandidateError(f"no {patch.relative_to(ROOT)}: write the change there first"
                             " (git diff > results/candidates/NAME/change.patch)")  # fmt: skip
    if not patch.read_text().strip():
        raise CandidateError(f"{patch.relative_to(ROOT)} is empty")
    return CANDIDATES / name


def _stamp(patch_text):
    """What the worktree is made from: main's HEAD but for figures/ and
    results/ (so that committing the candidate's own points or main's
    outputs does not make it again) and the patch."""
    tree = "".join(line + "\n" for line in git("ls-tree", "HEAD").splitlines()
                   if not line.endswith(("\tfigures", "\tresults")))  # fmt: skip
    return hashlib.sha256((tree + patch_text).encode()).hexdigest()[:16]


def _candidate_commit(name, head, patch):
    """A commit of main's HEAD with the patch applied, made without a
    working tree (a scratch index). -> its id; CandidateError if the patch
    does not apply."""
    index = WORKTREES / f".{name}.index"
    env = dict(os.environ, GIT_INDEX_FILE=str(index))
    try:
        git("read-tree", head, env=env)
        try:
            git("apply", "--cached", str(patch), env=env)
        except CandidateError as e:
            raise CandidateError(f"{patch.relative_to(ROOT)} does not apply on HEAD ({head[:12]}):"
                                 f" bring it up to date\n{e}") from None  # fmt: skip
        tree = git("write-tree", env=env)
    finally:
        index.unlink(missing_ok=True)
    who = dict(os.environ, GIT_AUTHOR_NAME="candidate.py", GIT_AUTHOR_EMAIL="candidate@localhost",
               GIT_COMMITTER_NAME="candidate.py", GIT_COMMITTER_EMAIL="candidate@localhost")  # fmt: skip
    message = f"candidate {name}: {patch.relative_to(ROOT)} on {head[:12]}"
    return git("commit-tree", tree, "-p", head, "-m", message, env=who)


def prepare(name):
    """The candidate's worktree at main's HEAD with its patch committed,
    brought up to date if either changed. -> its path.

    The commit is made first and then checked out over the old one, so that
    only files that differ are written: the build keeps everything else
    (a change of a doc or a test on main rebuilds nothing)."""
    patch = folder(name) / "change.patch"
    head = git("rev-parse", "HEAD")
    tree = WORKTREES / name
    stamp = _stamp(patch.read_text())
    stamp_file = tree / "build" / "candidate-stamp.txt"
    if stamp_file.is_file() and stamp_file.read_text().strip() == stamp:
        return tree
    WORKTREES.mkdir(exist_ok=True)
    commit = _candidate_commit(name, head, patch)
    if (tree / ".git").exists():
        print(f"candidate {name}: main or the patch changed; bringing its worktree up to date")
        git("reset", "-q", "--hard", cwd=tree)  # nothing should differ; if it does, HEAD's
        git("clean", "-q", "-f", "-d", cwd=tree)  # build/ and .venv/ are ignored: kept
        git("checkout", "-q", "--detach", commit, cwd=tree)
    else:
        git("worktree", "prune")
        git("worktree", "add", "--detach", str(tree), commit)
    if subprocess.run([str(tree / "ns3"), "configure"], cwd=tree, check=False).returncode != 0:
        raise CandidateError(f"./ns3 configure failed in {tree}")
    stamp_file.write_text(stamp + "\n")
    return tree


def run(name, figures_args):
    tree = prepare(name)
    # Its outputs and its points both in its folder (points in store/)
    env = dict(os.environ, NS3_SUITE_FIGURES_DIR=str(folder(name)),
               NS3_SUITE_RESULTS_DIR=str(folder(name)))  # fmt: skip
    env.pop("NS3_SUITE_BUILD_DIR", None)  # the worktree's own build/
    print(f"candidate {name}: {tree}/figures.py {' '.join(figures_args)}", flush=True)
    return subprocess.run([str(tree / "figures.py"), *figures_args], cwd=tree, env=env,
                          check=False).returncode  # fmt: skip


def move_points(source, target, current):
    """Move each point of source/<experiment>/ (with its side files) to
    target/<experiment>/ if its fingerprint is main's: current(experiment)
    gives (fingerprint, side-file suffixes), None for an unknown experiment.
    -> (number moved, [why each other one stayed])."""
    from figures_lib import store  # noqa: PLC0415

    moved, left = 0, []
    for exp_dir in sorted(p for p in source.glob("*") if p.is_dir()):
        if (known := current(exp_dir.name)) is None:
            left.append(f"{exp_dir.name}: no such experiment")
            continue
        fingerprints, suffixes = known
        sides = [f for f in exp_dir.iterdir() if f.name.endswith(suffixes)] if suffixes else []
        for point in sorted(set(exp_dir.glob("*.csv")) - set(sides)):
            entry = store.parse(point.read_text())
            if entry.fingerprint not in fingerprints:
                left.append(f"{exp_dir.name}/{point.name}: fingerprint {entry.fingerprint},"
                            f" main's {' or '.join(sorted(fingerprints))}")  # fmt: skip
                continue
            (target / exp_dir.name).mkdir(parents=True, exist_ok=True)
            # the point, <key>.csv, and its side files, <key><suffix>
            for f in [point, *(exp_dir / (point.stem + s) for s in suffixes)]:
                if f.exists():
                    os.replace(f, target / exp_dir.name / f.name)
            moved += 1
    return moved, left


def land(name):
    """Apply the patch on main and move the candidate's current points into
    the store. -> exit status."""
    cand = folder(name)
    tree = WORKTREES / name
    stamp_file = tree / "build" / "candidate-stamp.txt"
    patch = cand / "change.patch"
    if not stamp_file.is_file() or stamp_file.read_text().strip() != _stamp(patch.read_text()):
        raise CandidateError(f"the worktree of {name} is not main's HEAD with this patch:"
                             f" ./candidate.py run {name} -- --list first")  # fmt: skip
    if git("status", "--porcelain", "--untracked-files=no"):
        raise CandidateError("main has uncommitted changes: commit or stash them first")
    # Imported before anything changes (a land that failed half way would
    # leave the patch applied); they need the venv's ns3 runtime, so land
    # runs again under the venv's Python, as ./figures.py does.
    try:
        from figures_lib import registry, store  # noqa: PLC0415
        from figures_lib import experiments as _  # noqa: F401, PLC0415 (registers them)
    except ImportError:
        from figures_lib.paths import run_again_under_venv  # noqa: PLC0415 (no venv needed)

        run_again_under_venv(__file__)
        raise CandidateError("figures_lib needs the venv: run ./ns3 configure first") from None

    git("apply", "--index", str(patch))

    experiments = registry.experiments()

    def current(experiment):
        exp = experiments.get(experiment)
        if exp is None:
            return None
        suffixes = {s for point in exp.points("paper") for s in point.side_suffixes()}
        return {store.model_fingerprint(p) for p in exp.programs()}, tuple(sorted(suffixes))

    moved, left = move_points(cand / "store", store.root("paper"), current)
    git("worktree", "remove", "--force", str(tree), check=False)
    print(f"candidate {name}: patch applied (staged), {moved} point(s) moved into results/store/")
    for line in left:
        print(f"  left in {cand.relative_to(ROOT)}/store: {line}")
    print("next: ./figures.py --only <each experiment it did not re-run> --verify N --adopt,"
          " then ./figures.py, then commit")  # fmt: skip
    return 0


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)  # fmt: skip
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="./figures.py in the candidate's worktree, storing into its folder")
    r.add_argument("name")
    r.add_argument("figures_args", nargs=argparse.REMAINDER,
                   help="after --: ./figures.py's options (e.g. --only dtoc-now, --list)")
    lnd = sub.add_parser("land", help="apply the patch on main and move its points into the store")
    lnd.add_argument("name")
    args = p.parse_args(argv)
    try:
        if args.command == "run":
            extra = args.figures_args[1:] if args.figures_args[:1] == ["--"] else args.figures_args
            if any(a == "--study" or a.startswith("--study=") for a in extra):
                p.error("a candidate sweeps the paper experiments; a study has its own folder")
            return run(args.name, extra)
        return land(args.name)
    except CandidateError as e:
        print(f"candidate.py: error: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
