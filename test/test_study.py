"""One's own study (./figures.py --study FILE): a sweep over a program's
options and attributes, stored point by point in its own folder with the
model's fingerprint, resumed where it stopped, loaded typed from the folder,
compared with the paper experiment it is based on, and refused in one line
when its file or its parameters are wrong.

The runs are Table 1's program with a 1 s transfer (4 points, a few seconds
each), in a figures and results directory of their own (NS3_SUITE_FIGURES_DIR,
NS3_SUITE_RESULTS_DIR)."""

import csv

import pytest

from figures_cli import figures
from figures_lib import store
from figures_lib.csvio import parse_point_output
from figures_lib.results import load
from figures_lib.study import Study, StudyError

STUDY = """\
name = "buckets"
program = "tw-avoid-table1"
[fixed]
transferTime = 1
timeWaitTcbs = 2000
discipline = "Hashed"
[sweep]
"ns3::TcpHostModel::HashBuckets" = [1, 512]
RngRun = [1, 2]
"""


@pytest.fixture(scope="module")
def studied(tmp_path_factory):
    """A figures directory in which the study has run once."""
    tmp = tmp_path_factory.mktemp("figures")
    (tmp / "buckets.toml").write_text(STUDY)
    proc = figures(tmp, "--study", str(tmp / "buckets.toml"), "--workers", "2")
    assert proc.returncode == 0, proc.stderr
    assert "buckets: 4 points at scale paper: 0 from the store, 4 to run" in proc.stdout
    (tmp / "first-run.err").write_text(proc.stderr)
    return tmp


def test_points_stored_in_the_study_folder_with_the_fingerprint(studied):
    folder = studied / "studies" / "buckets"
    points = sorted(folder.glob("RngRun=*.csv"))
    assert len(points) == 4
    for p in points:
        entry = store.parse(p.read_text())
        assert entry.fingerprint == store.model_fingerprint("tw-avoid-table1")
        assert "ns3--TcpHostModel--HashBuckets=" in p.name
    assert (folder / "study.json").is_file()
    assert (folder / "buckets.csv").read_text().startswith("param_RngRun,")


def test_the_attribute_reaches_the_model(studied):
    # One bucket is a linear list: 2000 TIME_WAIT TCBs are walked for every
    # segment, the server's CPU saturates and throughput falls; 512 buckets
    # hold about four each.
    frame = load(studied / "studies" / "buckets")
    by_buckets = frame.groupby("param_ns3::TcpHostModel::HashBuckets")["mean_mbps"].mean()
    assert by_buckets[1] < 0.9 * by_buckets[512], by_buckets


def test_load_is_typed_and_says_what_made_each_row(studied):
    frame = load(studied / "studies" / "buckets")
    assert len(frame) == 4
    assert frame["mean_mbps"].dtype == float
    assert frame["param_RngRun"].dtype == "int64"
    assert frame["param_discipline"].tolist() == ["Hashed"] * 4
    assert not frame["stale"].any()


def test_a_study_resumes_where_it_stopped(studied, tmp_path):
    import shutil  # noqa: PLC0415

    figs = tmp_path / "figures"
    shutil.copytree(studied, figs)
    study = figs / "buckets.toml"
    proc = figures(figs, "--study", str(study), "--no-build")
    assert "4 from the store, 0 to run" in proc.stdout, proc.stdout
    victim = sorted((figs / "studies" / "buckets").glob("RngRun=2_*HashBuckets=512*.csv"))[0]
    victim.unlink()
    proc = figures(figs, "--study", str(study), "--no-build", "--workers", "1")
    assert proc.returncode == 0, proc.stderr
    assert "3 from the store, 1 to run (1 missing, 0 stale)" in proc.stdout
    assert victim.is_file()
    listed = figures(figs, "--study", str(study), "--list")
    assert "4 of     4 points stored, 0 stale" in listed.stdout, listed.stdout


def test_a_long_sweep_says_how_long_is_left(studied):
    said = (studied / "first-run.err").read_text()
    assert "4 points, 0 failed" in said and " left" in said, said


def test_a_study_is_compared_with_its_base(tmp_path):
    """Against the committed table1-now points: a study whose rows differ
    from the base in one column at one N, by a run-dependent amount, is
    told as that column at that N only, with a paired interval."""
    study = Study("cmp", base="table1-now", fixed={"ns3::TcpHostModel::HashBuckets": 16},
                  folder=tmp_path)  # fmt: skip
    rows = []
    for base, point in study.pairs():
        entry = store.load(base)
        assert entry is not None, "table1-now's points are committed"
        row = parse_point_output(entry.output)
        if base.param("timeWaitTcbs") == 2500 and base.param("discipline") == "Hashed":
            row["mean_mbps"] = str(float(row["mean_mbps"]) - 1 - 0.01 * base.param("RngRun"))
        rows.append(row)
    text = study.outputs("paper", rows, tmp_path)
    compared = list(csv.DictReader((tmp_path / "cmp-compare.csv").open()))
    assert compared, text
    assert {r["column"] for r in compared} == {"mean_mbps"}, compared
    for r in compared:
        assert "timeWaitTcbs=2500" in r["group"] and "discipline=Hashed" in r["group"]
        assert r["significant"] == "yes" and float(r["difference"]) < -1
    assert "mean_mbps" in text and "significant" in text
    # the study's own rows: its parameters, then the program's columns
    own = list(csv.DictReader((tmp_path / "cmp.csv").open()))
    assert len(own) == len(rows)
    assert {r["param_ns3::TcpHostModel::HashBuckets"] for r in own} == {"16"}


def test_only_keeps_the_base_points_named(tmp_path):
    """[only] keeps the base's points with one of the listed values, each
    with the [fixed] values on it, and names the base's values when one
    listed is none of them."""
    every = Study("all", base="table1-now", fixed={"transferTime": 1}, folder=tmp_path)
    some = Study("some", base="table1-now", fixed={"transferTime": 1},
                 only={"discipline": ["Hashed"], "timeWaitTcbs": [0, 2500]}, folder=tmp_path)  # fmt: skip
    kept = [dict(p.params) for p in some.points()]
    assert kept and len(kept) < len(every.points())
    assert all(p["discipline"] == "Hashed" and p["timeWaitTcbs"] in (0, 2500) for p in kept)
    assert all(p["transferTime"] == 1 for p in kept)
    expected = [dict(p.params) for p in every.points()
                if dict(p.params)["discipline"] == "Hashed" and dict(p.params)["timeWaitTcbs"] in (0, 2500)]  # fmt: skip
    assert kept == expected
    some.save_definition()
    assert [dict(p.params) for p in Study.from_folder(tmp_path).points()] == kept
    with pytest.raises(StudyError) as error:
        Study("x", base="table1-now", only={"timeWaitTcbs": [2501]}, folder=tmp_path)
    assert "has timeWaitTcbs = 2501; it has 0, " in str(error.value)


@pytest.mark.parametrize(
    "text, said",
    [
        ("name = 'x'\nprogram = 'tw-avoid-table1'\n[fixed]\nRngRun = 1\n[sweep]\nRngRun = [1]\n",
         "both in [fixed] and in [sweep]"),
        ("name = 'x'\nprogram = 'no-such-program'\n[fixed]\nRngRun = 1\n", "is none of the suite's"),
        ("name = 'x'\nbase = 'table9'\n", "base 'table9' is no experiment"),
        ("name = 'x'\nprogram = 'tw-avoid-table1'\n[sweep]\nRngRun = []\n", "a non-empty list"),
        ("name = 'x'\nprogram = 'tw-avoid-table1'\n[sweep]\nRngRun = [1, 1]\n", "given twice"),
        ("name = '../x'\nprogram = 'tw-avoid-table1'\n[fixed]\nRngRun = 1\n", "letters, digits"),
        ("name = 'x'\nprogram = 'tw-avoid-table1'\nsweeep = 1\n", "unknown key(s) sweeep"),
        ("name = 'x'\nprogram = 'tw-avoid-table1'\n[fixed]\nheader = true\n", "the runner sets it"),
        ("name = 'x'\nprogram = 'tw-avoid-table1'\n[fixed]\nrate = nan\n", "is not a number"),
        ("name = 'x'\nprogram = 'tw-avoid-table1'\n[fixed]\nx = [1]\n", "is not a number"),
        ("name = 'x'\nprogram = 'tw-avoid-table1'\n", "nothing to run"),
        ("name = 'x\nprogram", "is not TOML"),
        ("program = 'tw-avoid-table1'\n", "give the study a name"),
        ("name = 'x'\nprogram = 'tw-avoid-table1'\n[fixed]\ntransferTime = 1\n[only]\nRngRun = [1]\n",
         "give base"),
        ("name = 'x'\nbase = 'table1-now'\n[only]\ndiscipline = []\n", "a non-empty list"),
        ("name = 'x'\nbase = 'table1-now'\n[only]\ndiscipline = ['Hashd']\n",
         "no point of table1-now has discipline = Hashd"),
        ("name = 'x'\nbase = 'table1-now'\n[only]\nnoSuchOption = [1]\n",
         "noSuchOption: no point of table1-now has it"),
        ("name = 'x'\nbase = 'table1-now'\n[fixed]\nRngRun = 1\n[only]\nRngRun = [1]\n",
         "in [only] and set by [fixed]"),
    ],
)
def test_a_bad_study_file_is_refused_in_one_line(tmp_path, text, said):
    (tmp_path / "bad.toml").write_text(text)
    with pytest.raises(StudyError) as error:
        Study.from_file(tmp_path / "bad.toml")
    assert said in str(error.value)
    proc = figures(tmp_path, "--study", str(tmp_path / "bad.toml"), "--no-build")
    assert proc.returncode == 1
    assert proc.stderr.startswith("figures.py: error: ") and said in proc.stderr
    assert proc.stderr.count("\n") == 1, proc.stderr


def test_a_misspelt_attribute_fails_before_any_point_runs(tmp_path):
    (tmp_path / "s.toml").write_text(STUDY.replace("HashBuckets", "HashBucket"))
    proc = figures(tmp_path, "--study", str(tmp_path / "s.toml"))
    assert proc.returncode == 1
    assert "figures.py: error: tw-avoid-table1 refuses" in proc.stderr, proc.stderr
    assert "HashBucket" in proc.stderr
    assert "Running" not in proc.stderr
    assert not list((tmp_path / "studies" / "buckets").glob("RngRun=*"))


def test_a_missing_file_and_an_unwritable_folder_are_refused(tmp_path):
    proc = figures(tmp_path, "--study", str(tmp_path / "none.toml"))
    assert proc.returncode == 1 and "cannot read" in proc.stderr
    blocker = tmp_path / "file"
    blocker.write_text("")
    (tmp_path / "s.toml").write_text(STUDY.replace("[fixed]", f"folder = '{blocker}/sub'\n[fixed]"))
    proc = figures(tmp_path, "--study", str(tmp_path / "s.toml"))
    assert proc.returncode == 1 and "cannot write the study's folder" in proc.stderr
    proc = figures(tmp_path, "--study", str(tmp_path / "s.toml"), "--only", "table1")
    assert proc.returncode == 1 and "not with --only or --quick" in proc.stderr
