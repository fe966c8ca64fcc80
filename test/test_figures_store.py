"""The result store behind ./figures.py: points kept with their model
fingerprint, outputs rebuilt from it without running anything, --verify
catching a changed row or side file, stale points run again, nothing written
over committed outputs by a quick or failing run, bad options refused in one
line, and the pandas loader.

The runs use Table 2 at quick scale (8 points with timelines as side files,
about 15 s on 2 cores) in a figures directory of their own
(NS3_SUITE_FIGURES_DIR, NS3_SUITE_RESULTS_DIR), never the repository's."""

import shutil
import subprocess
import sys

import pytest

from figures_cli import FIGURES_PY, figures, isolated_env
from figures_lib import point, store
from figures_lib.paths import BUILD, ROOT


@pytest.fixture(scope="module")
def swept(tmp_path_factory):
    """A figures directory with Table 2's quick points stored and its outputs."""
    tmp = tmp_path_factory.mktemp("figures")
    proc = figures(tmp, "--quick", "--only", "table2")
    assert proc.returncode == 0, proc.stderr
    assert "table2: 8 points at scale quick: 0 from the store, 8 to run" in proc.stdout
    return tmp


def copy_of(swept, tmp_path):
    target = tmp_path / "figures"
    shutil.copytree(swept, target)
    return target


def stored_points(figs):
    return sorted(p for p in (figs / "quick" / "store" / "table2").glob("*.csv")
                  if not p.name.endswith("-timeline.csv"))  # fmt: skip


def test_points_stored_with_what_made_them(swept):
    points = stored_points(swept)
    assert len(points) == 8
    for p in points:
        entry = store.parse(p.read_text())
        assert set(entry.meta) == {"fingerprint", "commit", "date", "wall_s"}
        assert entry.fingerprint == store.model_fingerprint("tw-avoid-webstone")
        assert float(entry.meta["wall_s"]) > 0
        assert entry.output.startswith("table,variant,run,")
        assert p.with_name(p.stem + "-timeline.csv").stat().st_size > 0


def test_quick_scale_never_writes_over_paper_outputs(swept):
    assert (swept / "quick" / "table2.csv").is_file()
    assert (swept / "quick" / "table2-check.txt").is_file()
    assert not list(swept.glob("table2*")), "nothing at the paper-scale place"


def test_outputs_regenerated_from_the_store_without_running(swept, tmp_path):
    figs = copy_of(swept, tmp_path)
    before = {f.name: f.read_bytes() for f in (figs / "quick").glob("table2*")}
    for f in (figs / "quick").glob("table2*"):
        f.unlink()
    proc = figures(figs, "--quick", "--only", "table2", "--no-build")
    assert proc.returncode == 0, proc.stderr
    assert "8 from the store, 0 to run" in proc.stdout
    assert "Dask" not in proc.stdout, "nothing ran"
    after = {f.name: f.read_bytes() for f in (figs / "quick").glob("table2*")}
    text = {n for n in before if not n.endswith((".png", ".svg"))}
    assert {n: after[n] for n in text} == {n: before[n] for n in text}


def test_verify_catches_a_changed_row_and_a_changed_side_file(swept, tmp_path):
    figs = copy_of(swept, tmp_path)
    ok = figures(figs, "--quick", "--only", "table2", "--verify", "2")
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "verify: 2 identical, 0 differ" in ok.stdout

    point = next(p for p in stored_points(figs) if "variant=tcp" in p.name and "RngRun=1" in p.name)
    lines = point.read_text().splitlines(keepends=True)
    cells = lines[-1].split(",")
    cells[4] = "999.9"  # conn_per_s
    lines[-1] = ",".join(cells)
    point.write_text("".join(lines))
    timeline = point.with_name(point.stem + "-timeline.csv")
    side = timeline.read_text().splitlines(keepends=True)
    side[3] = "0" + side[3]
    timeline.write_text("".join(side))

    bad = figures(figs, "--quick", "--only", "table2", "--verify", "all")
    assert bad.returncode == 1
    assert "verify: 7 identical, 1 differ" in bad.stdout
    assert "row differs: conn_per_s 999.9 ->" in bad.stdout
    assert "side file -timeline.csv differs from line 4" in bad.stdout


def test_stale_point_runs_again_and_adopt_restamps(swept, tmp_path):
    figs = copy_of(swept, tmp_path)
    points = stored_points(figs)
    for p in points[:2]:
        p.write_text(p.read_text().replace("# fingerprint=", "# fingerprint=0ld", 1))
    adopt = figures(figs, "--quick", "--only", "table2", "--verify", "1", "--adopt")
    assert adopt.returncode == 0, adopt.stdout + adopt.stderr
    assert "adopted: 2 stored point(s)" in adopt.stdout
    entry = store.parse(points[0].read_text())
    assert entry.fingerprint == store.model_fingerprint("tw-avoid-webstone")
    assert entry.meta["adopted"].startswith("0ld")

    p = points[3]
    p.write_text(p.read_text().replace("# fingerprint=", "# fingerprint=0ld", 1))
    proc = figures(figs, "--quick", "--only", "table2")
    assert proc.returncode == 0, proc.stderr
    assert "7 from the store, 1 to run (0 missing, 1 stale)" in proc.stdout
    assert store.parse(p.read_text()).fingerprint == store.model_fingerprint("tw-avoid-webstone")


def test_adopt_restamps_only_the_models_that_reproduced(swept, tmp_path):
    """Points of one experiment stored with several older models: each model
    is drawn, and --adopt restamps only the points of a model whose drawn
    points reproduced, never a model none of whose points ran."""
    figs = copy_of(swept, tmp_path)
    points = stored_points(figs)

    def stamp(p, prefix, row=None):
        lines = p.read_text().replace("# fingerprint=", f"# fingerprint={prefix}", 1)
        lines = lines.splitlines(keepends=True)
        if row is not None:
            cells = lines[-1].split(",")
            cells[4] = row  # conn_per_s
            lines[-1] = ",".join(cells)
        p.write_text("".join(lines))

    stamp(points[0], "0ld")
    stamp(points[1], "0ld")
    stamp(points[2], "1ld", row="999.9")  # a model that gave other rows
    proc = figures(figs, "--quick", "--only", "table2", "--verify", "2", "--adopt")
    assert proc.returncode == 1, "a drawn point differs"
    assert "verify: 1 identical, 1 differ" in proc.stdout
    assert "adopted: 2 stored point(s)" in proc.stdout
    assert "not adopted: 1 point(s) of table2 stored with 1ld" in proc.stdout
    assert "(not reproduced)" in proc.stdout
    assert store.parse(points[1].read_text()).meta["adopted"].startswith("0ld")
    assert store.parse(points[2].read_text()).fingerprint.startswith("1ld")

    points[2].unlink()  # the differing model gone: two others, one drawn
    points[2].with_name(points[2].stem + "-timeline.csv").unlink()
    stamp(points[3], "2ld")
    stamp(points[4], "3ld")
    proc = figures(figs, "--quick", "--only", "table2", "--verify", "1", "--adopt")
    assert "verify: 1 identical, 0 differ" in proc.stdout
    assert "adopted: 1 stored point(s)" in proc.stdout
    assert "(none drawn)" in proc.stdout, "the model not drawn is left"

    # A point of the current build itself no longer reproduced: no verdict
    # on the older models can be trusted, and nothing is adopted.
    current = [p for p in stored_points(figs)
               if store.parse(p.read_text()).fingerprint == store.model_fingerprint("tw-avoid-webstone")]  # fmt: skip
    stamp(current[0], "", row="999.9")
    stamp(current[1], "4ld")
    proc = figures(figs, "--quick", "--only", "table2", "--verify", "all", "--adopt")
    assert proc.returncode == 1
    assert "nothing adopted" in proc.stdout
    assert store.parse(current[1].read_text()).fingerprint.startswith("4ld")


def test_adopt_judges_a_model_over_every_experiment_it_ran_in(swept, tmp_path):
    """A model (program, fingerprint) whose drawn point differs in one
    experiment is adopted in none, though its point drawn in another
    experiment reproduced: Table 2 and Table 3 share one program. The
    Table 3 point is a Table 2 row filed under a Table 3 point's name, so
    that its re-run differs."""
    from figures_lib import experiments as _  # noqa: F401 (registers them)
    from figures_lib import registry

    figs = copy_of(swept, tmp_path)
    table2 = stored_points(figs)[0]
    table2.write_text(table2.read_text().replace("# fingerprint=", "# fingerprint=0ld", 1))
    table3 = registry.experiments()["table3"].points("quick")[0]
    folder = figs / "quick" / "store" / "table3"
    folder.mkdir(parents=True)
    name = point.key(table3)
    (folder / f"{name}.csv").write_text(table2.read_text())
    timeline = table2.with_name(table2.stem + "-timeline.csv")
    (folder / f"{name}-timeline.csv").write_text(timeline.read_text())

    proc = figures(figs, "--quick", "--only", "table2", "--only", "table3",
                   "--verify", "2", "--adopt")  # fmt: skip
    assert proc.returncode == 1, "the Table 3 point differs"
    assert "verify: 1 identical, 1 differ" in proc.stdout, proc.stdout
    assert "not adopted: 1 point(s) of table2 stored with 0ld" in proc.stdout
    assert "not adopted: 1 point(s) of table3 stored with 0ld" in proc.stdout
    assert "adopted: 0 stored point(s)" in proc.stdout
    assert store.parse(table2.read_text()).fingerprint.startswith("0ld"), "left as it was"


def test_failing_points_write_no_outputs(swept, tmp_path):
    figs = copy_of(swept, tmp_path)
    before = {f: f.read_bytes() for f in figs.rglob("*") if f.is_file()}
    proc = figures(figs, "--quick", "--only", "table2", "--force", "--timeout", "0.001")
    assert proc.returncode == 1
    assert "table2: 8 of 8 points missing (8 failed): no outputs written" in proc.stdout
    after = {f: f.read_bytes() for f in figs.rglob("*") if f.is_file()}
    assert after == before, "neither the outputs nor the store changed"


@pytest.mark.parametrize(
    "args, message",
    [
        (["--timeout", "-5"], "--timeout: must be a positive number of seconds"),
        (["--timeout", "0"], "--timeout: must be a positive number of seconds"),
        (["--workers", "0"], "--workers: must be at least 1"),
        (["--verify", "0"], "--verify: must be at least 1"),
        (["--verify", "some"], "--verify: not a whole number"),
        (["--adopt"], "--adopt needs --verify"),
        (["--only", "table9"], "invalid choice: 'table9'"),
        (["--scheduler", "tcp://127.0.0.1:1"], "cannot reach the Dask scheduler at 127.0.0.1:1"),
        (["--scheduler", "127.0.0.1"], "bad address '127.0.0.1'"),
    ],
)
def test_bad_options_one_line_and_exit_1(tmp_path, args, message):
    proc = figures(tmp_path, *args, timeout=60)
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert len(proc.stderr.splitlines()) == 1 and message in proc.stderr, proc.stderr
    assert not any(tmp_path.iterdir()), "nothing written"


def test_a_port_that_is_no_scheduler_is_refused(tmp_path):
    """An open port that never speaks Dask: before, figures.py hung after
    'Verifying 1 stored point(s)' (issue 39); now one line and exit 1."""
    import socket  # noqa: PLC0415
    import threading  # noqa: PLC0415

    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(8)
    accepted = []
    threading.Thread(target=lambda: accepted.append(silent.accept()), daemon=True).start()
    port = silent.getsockname()[1]
    try:
        proc = figures(tmp_path, "--scheduler", f"tcp://127.0.0.1:{port}", timeout=60)
    finally:
        silent.close()
    assert accepted, "figures.py connected to the port"
    assert proc.returncode == 1
    assert len(proc.stderr.splitlines()) == 1, proc.stderr
    assert f"nothing at 127.0.0.1:{port} answered as a Dask scheduler" in proc.stderr
    assert not any(tmp_path.iterdir()), "nothing written"


@pytest.mark.parametrize("name", ["NS_ATTRIBUTE_DEFAULT", "NS_GLOBAL_VALUE"])
def test_row_changing_environment_refused(tmp_path, name):
    value = "ns3::TcpHostModel::HashBuckets=16" if name == "NS_ATTRIBUTE_DEFAULT" else "RngRun=2"
    env = isolated_env(tmp_path, **{name: value})
    proc = subprocess.run([sys.executable, str(FIGURES_PY), "--quick", "--only", "table1-now"],
                          env=env, capture_output=True, text=True, timeout=60, check=False)  # fmt: skip
    assert proc.returncode == 1
    assert len(proc.stderr.splitlines()) == 1 and f"{name} is set" in proc.stderr, proc.stderr
    assert not any(tmp_path.iterdir()), "nothing run, nothing stored"


def test_list_is_aligned(tmp_path):
    proc = figures(tmp_path, "--list", timeout=60)
    listing, _, status = proc.stdout.partition("\n\n")
    lines = listing.splitlines()
    assert proc.returncode == 0 and len(lines) >= 9
    columns = {len(line) - len(line.split("  ", 1)[1].lstrip()) for line in lines}
    assert len(columns) == 1, lines
    # and what the store holds of each (this directory's store is empty)
    assert "table1  " in status and "0 of   120 points stored, 0 stale" in status, status


def test_pandas_loader(swept, monkeypatch):
    monkeypatch.setattr(point, "QUICK_STORE", swept / "quick" / "store")
    import pandas as pd  # noqa: PLC0415

    from figures_lib.results import load

    frame = load("table2", scale="quick")
    assert len(frame) == 8
    assert set(frame["param_variant"]) == {"unmodified", "tcp", "http", "negotiated"}
    assert set(frame["variant"]) == set(frame["param_variant"])
    assert not frame["stale"].any()
    assert (frame["wall_s"] > 0).all()
    # numbers as numbers, names as text (issue 40)
    numeric = frame.select_dtypes("number").columns
    assert {"conn_per_s", "throughput_mbps", "events", "param_RngRun"} <= set(numeric), frame.dtypes
    assert not pd.api.types.is_numeric_dtype(frame["variant"])
    assert frame["conn_per_s"].sum() > 0 and frame["events"].dtype == "int64"
    # one's own plot, with pandas and the venv's matplotlib (issue 40)
    import matplotlib  # noqa: PLC0415

    matplotlib.use("Agg")
    axes = frame.plot.scatter(x="param_RngRun", y="conn_per_s")
    png = swept / "own-plot.png"
    axes.figure.savefig(png)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(KeyError, match="no experiment 'table9'"):
        load("table9")
    with pytest.raises(ValueError, match="scale must be one of"):
        load("table2", scale="huge")


def test_loader_imports_from_any_directory(tmp_path):
    """The venv's Python finds figures_lib outside the repository (issue 40)."""
    proc = subprocess.run([sys.executable, "-c", "import figures_lib.results, sys; "
                           "print(figures_lib.results.__file__)"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == str(ROOT / "figures_lib" / "results.py")


def test_fingerprint_same_sources_anywhere_and_only_model_sources(tmp_path):
    program = "tw-avoid-table1"
    copy = tmp_path / "checkout"
    for name in ("contrib", "scratch", "cmake"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "CMakeLists.txt", copy)
    build = tmp_path / "elsewhere-build"
    build.mkdir()
    for name in ("ns3-runtime.txt", "CMakeCache.txt"):
        shutil.copy(BUILD / name, build)
    here = store.model_fingerprint(program)
    assert store.model_fingerprint(program, copy, build) == here, "same sources, other paths"

    store.model_fingerprint.cache_clear()
    doc = next((copy / "contrib" / "tcp-host" / "doc").glob("*.rst"))
    doc.write_text(doc.read_text() + "\nA note.\n")
    (copy / "scratch" / "dtoc.cc").write_text("// another program\n")
    tool = next((copy / "contrib" / "packetdrill" / "model").glob("*.cc"))
    tool.write_text(tool.read_text() + "\n// a change of a module no program links\n")
    assert store.model_fingerprint(program, copy, build) == here, "docs, other programs, packetdrill"

    store.model_fingerprint.cache_clear()
    linked = next((copy / "contrib" / "iw-delack" / "model").glob("*.cc"))  # linked through paper-experiments
    linked.write_text(linked.read_text() + "\n// a change\n")
    assert store.model_fingerprint(program, copy, build) != here, "a module linked transitively"
    linked.write_text(linked.read_text().replace("\n// a change\n", ""))

    store.model_fingerprint.cache_clear()
    model = next((copy / "contrib" / "tcp-host" / "model").glob("*.cc"))
    model.write_text(model.read_text() + "\n// a change\n")
    assert store.model_fingerprint(program, copy, build) != here, "a model source"

    store.model_fingerprint.cache_clear()


def test_fingerprint_names_an_ns3_other_than_the_wheel(tmp_path):
    """Points from an ns-3 of the same version but not the pinned wheel (a
    source tree, maybe patched: ./ns3 configure --with-ns3) are stale for
    the wheel's build, and two such builds differ by their libraries."""
    program = "tw-avoid-table1"
    here = store.model_fingerprint(program)
    libdir = tmp_path / "lib"
    libdir.mkdir()
    library = libdir / "libns3.44-core-optimized.so"
    library.write_bytes(b"one build")
    build = tmp_path / "tree-build"
    build.mkdir()
    shutil.copy(BUILD / "CMakeCache.txt", build)
    (build / "ns3-runtime.txt").write_text(f"kind=prefix\nversion=3.44\nlibdir={libdir}\nprefix={tmp_path}\n")
    tree = store.model_fingerprint(program, ROOT, build)
    assert tree != here, "a source tree's ns-3 is not the wheel"

    store.model_fingerprint.cache_clear()
    library.write_bytes(b"a patched build")
    assert store.model_fingerprint(program, ROOT, build) not in (here, tree), "another ns-3 build"

    store.model_fingerprint.cache_clear()
    library.unlink()
    with pytest.raises(store.StoreError, match="no ns-3 3.44 libraries"):
        store.model_fingerprint(program, ROOT, build)
    store.model_fingerprint.cache_clear()


def test_points_of_one_experiment_must_print_one_header():
    """The program's header is the one list of an experiment's columns; a
    point that printed another one stops the outputs rather than being read
    under the wrong names."""
    from figures_lib.csvio import BadOutput, columns_of, parse_point_output

    a = parse_point_output("x,y\n1,2\n")
    b = parse_point_output("x,z\n1,2\n")
    assert columns_of([a, a]) == ["x", "y"]
    with pytest.raises(BadOutput):
        columns_of([a, b])


def test_dirty_only_for_files_that_build_the_program(tmp_path):
    """A point is stamped '-dirty' when a file that builds its program is
    changed or not committed, not for an untracked scratch program or doc."""
    program = "tw-avoid-table1"
    copy = tmp_path / "checkout"
    for name in ("contrib", "scratch", "cmake"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "CMakeLists.txt", copy)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", str(copy)]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "base"], check=True)

    def commit(program):
        store.suite_commit.cache_clear()
        return store.suite_commit(program, copy)

    assert not commit(program).endswith("-dirty"), "a clean checkout"
    (copy / "scratch" / "my-study.cc").write_text("// a researcher's own program\n")
    doc = next((copy / "contrib" / "tcp-host" / "doc").glob("*.rst"))
    doc.write_text(doc.read_text() + "\nA note.\n")
    assert not commit(program).endswith("-dirty"), "an untracked scratch program, a doc"
    assert commit("my-study").endswith("-dirty"), "the untracked program's own points"
    (copy / "contrib" / "tcp-host" / "model" / "new-part.cc").write_text("// new\n")
    assert commit(program).endswith("-dirty"), "an untracked model source"
    (copy / "contrib" / "tcp-host" / "model" / "new-part.cc").unlink()
    model = next((copy / "contrib" / "tcp-host" / "model").glob("*.cc"))
    model.write_text(model.read_text() + "\n// a change\n")
    assert commit(program).endswith("-dirty"), "a changed model source"
    assert commit(None).endswith("-dirty"), "a shared source, for any program"
    store.suite_commit.cache_clear()


def test_each_point_is_judged_by_its_own_programs_fingerprint(tmp_path, monkeypatch):
    """An experiment whose points run two programs (metastable: the runs and
    the fluid model beside them): a stored point is current when it carries
    its own program's fingerprint, not the experiment's first program's."""
    from figures_lib import experiments as _  # noqa: F401 (registers them)
    from figures_lib import registry, sweep

    monkeypatch.setattr(point, "QUICK_STORE", tmp_path)
    exp = registry.experiments()["metastable"]
    assert store.model_fingerprint("dtoc-fluid") != store.model_fingerprint(exp.program)
    model = [p for p in exp.points("quick") if p.program == "dtoc-fluid"]
    assert model and set(exp.programs()) == {exp.program, "dtoc-fluid"}
    for p in model:
        store.save(p, "sustained\n1\n", {}, 0.1, store.model_fingerprint("dtoc-fluid"))
    plan = sweep.Plan([exp], "quick", force=False)
    assert plan.counts["metastable"]["stored"] == len(model)
    assert plan.counts["metastable"]["stale"] == 0
    (line,) = sweep.store_status([exp], "quick")
    assert line.split()[1:6] == [str(len(model)), "of", str(len(exp.points("quick"))), "points", "stored,"]
    assert "stored, 0 stale;" in line


def _imports(module_path):
    """The figures_lib modules a module imports, at any depth of its code."""
    import ast  # noqa: PLC0415

    names = set()
    for node in ast.walk(ast.parse(module_path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            names |= {node.module} if node.module else {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module == "figures_lib":
            names |= {a.name for a in node.names}
    return names


def test_registry_and_store_do_not_import_each_other():
    """The registry lists experiments, the store keeps points; both name a
    point through figures_lib.point, and neither imports the other."""
    lib = ROOT / "figures_lib"
    assert "store" not in _imports(lib / "registry.py")
    assert "registry" not in _imports(lib / "store.py")
    assert "point" in _imports(lib / "store.py") and "registry" not in _imports(lib / "point.py")
    assert "store" not in _imports(lib / "point.py")
