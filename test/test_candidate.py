"""candidate.py: a model change swept beside main. Its bad input refused in
one line, land refused unless the worktree is main's HEAD with the patch, and
land moving exactly the points whose fingerprint is main's, each with its
side files (and no other point whose key starts the same)."""

import subprocess
import sys

import pytest

import candidate
from figures_lib.paths import ROOT


def run(*args):
    return subprocess.run([sys.executable, str(ROOT / "candidate.py"), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)  # fmt: skip


def test_bad_names_and_missing_patches_are_refused():
    for name in ("../x", "Upper", "", "a/b"):
        proc = run("run", name, "--", "--list")
        assert proc.returncode == 1, name
        assert "bad candidate name" in proc.stderr
    proc = run("land", "no-such-candidate")
    assert proc.returncode == 1
    assert "results/candidates/no-such-candidate/change.patch" in proc.stderr


def test_a_study_is_refused():
    proc = run("run", "x", "--", "--study", "results/studies/webstone-mix-30.toml")
    assert proc.returncode == 2
    assert "a study has its own folder" in proc.stderr


def test_land_needs_the_worktree_of_this_patch(tmp_path, monkeypatch):
    monkeypatch.setattr(candidate, "CANDIDATES", tmp_path / "candidates")
    monkeypatch.setattr(candidate, "WORKTREES", tmp_path / "worktrees")
    (tmp_path / "candidates" / "c").mkdir(parents=True)
    (tmp_path / "candidates" / "c" / "change.patch").write_text("diff --git a/x b/x\n")
    with pytest.raises(candidate.CandidateError, match=r"\./candidate\.py run c -- --list first"):
        candidate.land("c")
    # a worktree made for another patch does not count either
    stamp = tmp_path / "worktrees" / "c" / "build" / "candidate-stamp.txt"
    stamp.parent.mkdir(parents=True)
    stamp.write_text(candidate._stamp("another patch") + "\n")
    with pytest.raises(candidate.CandidateError, match="not main's HEAD with this patch"):
        candidate.land("c")


def point_file(folder, key, fingerprint):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{key}.csv").write_text(f"# fingerprint={fingerprint}\n# commit=abc\na,b\n1,2\n")


def test_land_moves_current_points_with_their_side_files(tmp_path):
    source, target = tmp_path / "cand", tmp_path / "store"
    exp = source / "dtoc-day"
    point_file(exp, "RngRun=1_timeout=8", "new")
    (exp / "RngRun=1_timeout=8-timeline.csv").write_text("t\n")
    point_file(exp, "RngRun=1_timeout=80", "old")  # a stale one, same key prefix
    (exp / "RngRun=1_timeout=80-timeline.csv").write_text("t80\n")
    point_file(source / "gone", "RngRun=1", "new")
    point_file(exp, "service=fifo", "model")  # a point of the experiment's second program

    def current(name):
        return ({"new", "model"}, ("-timeline.csv",)) if name == "dtoc-day" else None

    moved, left = candidate.move_points(source, target, current)
    assert moved == 2
    assert sorted(f.name for f in (target / "dtoc-day").iterdir()) == [
        "RngRun=1_timeout=8-timeline.csv",
        "RngRun=1_timeout=8.csv",
        "service=fifo.csv",
    ]
    # the stale point and its timeline stay, named; so does an unknown experiment
    assert sorted(f.name for f in exp.iterdir()) == [
        "RngRun=1_timeout=80-timeline.csv",
        "RngRun=1_timeout=80.csv",
    ]
    assert any("RngRun=1_timeout=80.csv: fingerprint old, main's model or new" in line for line in left)
    assert any(line.startswith("gone: no such experiment") for line in left)
