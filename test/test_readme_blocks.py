"""README's result numbers come from the checks.

Each experiment's outputs() writes figures/<name>-readme.md from the same
summaries as its check file; ./figures.py copies each of its blocks into
README.md between <!-- figures:NAME begin/end --> markers. Here: README's
blocks are the fragments' (every marker has its fragment and every
fragment its marker), the fragments are what the stored rows give now (no
simulation: the rows are the store's, stale or not), and the filling
replaces only what lies between markers."""

import pytest

from figures_lib import readme, registry, store
from figures_lib import experiments as _  # noqa: F401 (registers them)
from figures_lib.csvio import parse_point_output
from figures_lib.paths import FIGURES, ROOT

EXPERIMENTS = registry.experiments()


def test_readme_blocks_are_the_fragments():
    blocks = readme.parse((ROOT / "README.md").read_text())
    fragments = readme.fragments(FIGURES)
    assert fragments, "no figures/*-readme.md"
    assert set(blocks) == set(fragments), (
        f"README markers without a fragment: {sorted(set(blocks) - set(fragments))}; "
        f"fragments without a marker: {sorted(set(fragments) - set(blocks))}"
    )
    differ = [name for name in blocks if blocks[name] != fragments[name]]
    assert not differ, f"README.md's blocks {differ} differ from figures/*-readme.md: run ./figures.py"


@pytest.mark.parametrize("name", list(EXPERIMENTS))
def test_fragments_come_from_the_stored_rows(name, tmp_path):
    experiment = EXPERIMENTS[name]
    committed = FIGURES / f"{name}{readme.SUFFIX}"
    if not committed.exists():
        pytest.skip(f"{name} quotes nothing in README")
    rows = []
    for point in experiment.points("paper"):
        entry = store.load(point)
        if entry is None:
            pytest.skip(f"{name}: not all its paper-scale points are in the store")
        rows.append(parse_point_output(entry.output))
    experiment.outputs("paper", rows, tmp_path)
    made = readme.parse((tmp_path / f"{name}{readme.SUFFIX}").read_text())
    readme_blocks = readme.parse((ROOT / "README.md").read_text())
    differ = [block for block, text in made.items() if readme_blocks.get(block) != text]
    assert not differ, f"README.md's {differ} are not what {name}'s stored rows give"
    assert (tmp_path / f"{name}-check.txt").read_text() == (FIGURES / f"{name}-check.txt").read_text()


def test_fill_replaces_only_between_markers():
    text = (
        "intro 12.5 %\n<!-- figures:a begin -->\nold a\n<!-- figures:a end -->\n"
        "middle\n<!-- figures:b begin -->\nold b\n<!-- figures:b end -->\nend\n"
    )
    new, changed = readme.fill(text, {"a": "new a\n"})
    assert changed == ["a"]
    assert new == text.replace("old a", "new a")
    assert readme.fill(new, {"a": "new a\n"}) == (new, [])
    assert readme.parse(new) == {"a": "new a\n", "b": "old b\n"}
    quoted = "prose quoting `<!-- figures:NAME begin -->` is not a marker\n"
    assert readme.parse(quoted + new) == readme.parse(new)


def test_unbalanced_markers_are_refused():
    with pytest.raises(readme.BlockError):
        readme.parse("<!-- figures:a begin -->\nno end\n")
    with pytest.raises(readme.BlockError):
        readme.parse("<!-- figures:a begin -->\nx\n<!-- figures:b end -->\n")
    with pytest.raises(readme.BlockError):
        readme.fill("<!-- figures:a end -->\n", {})


def test_fill_readme_writes_the_fragments_blocks(tmp_path):
    figures = tmp_path / "figures"
    figures.mkdir()
    readme.write(figures, "x", {"x": "5 hold, 0 fail, 1 undecided"})
    target = tmp_path / "README.md"
    target.write_text("# t\n\n<!-- figures:x begin -->\nstale 4 hold\n<!-- figures:x end -->\n")
    changed, unplaced = readme.fill_readme(target, figures)
    assert changed == ["x"] and unplaced == []
    assert readme.parse(target.read_text())["x"] == "5 hold, 0 fail, 1 undecided\n"


def test_store_cost_comes_from_the_store():
    """README's table of what the stored points cost is the store's own
    records (wall_s), as ./figures.py writes it; a point run again, added
    or removed changes it, and ./figures.py writes it anew."""
    from figures_lib import sweep

    committed = readme.parse((FIGURES / f"store-cost{readme.SUFFIX}").read_text())["store-cost"]
    assert committed == sweep.cost_table(EXPERIMENTS.values()), (
        "results/store-cost-readme.md is not what the store gives now (a point or an experiment"
        " added?): run ./figures.py --only <any stored experiment>"
    )
    rows = [line for line in committed.splitlines() if line.startswith("| `")]
    assert [line.split("`")[1] for line in rows] == list(EXPERIMENTS)
