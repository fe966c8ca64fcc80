"""The committed figures/ and the committed result store agree.

For every experiment whose paper-scale points are all in results/store/:
each point is stored with the current model fingerprint (a model change
must re-run its points or show with ./figures.py --verify N --adopt that
they did not change), and the experiment's text outputs (raw CSV, summary,
check, README block) made again from the stored rows are the committed
files byte for byte. No simulation runs; experiments still being swept are skipped (and
named in the skip reason)."""

import filecmp

import pytest

from figures_lib import registry, store
from figures_lib import experiments as _  # noqa: F401 (registers them)
from figures_lib.csvio import columns_of, parse_point_output
from figures_lib.paths import BUILD, FIGURES
from ns3_contrib_suite import ns3_runtime

EXPERIMENTS = registry.experiments()


def on_the_wheel():
    """The build is against the wheel's ns-3 (the store's), not --with-ns3's."""
    return (ns3_runtime(BUILD) or {"kind": "wheel"})["kind"] == "wheel"


def stored_rows(experiment):
    """{point: (entry, row)} of the stored points, or None if one is missing."""
    out = {}
    for point in experiment.points("paper"):
        entry = store.load(point)
        if entry is None:
            return None
        out[point] = (entry, parse_point_output(entry.output))
    return out


@pytest.mark.parametrize("name", list(EXPERIMENTS))
def test_committed_outputs_come_from_the_store(name, tmp_path):
    experiment = EXPERIMENTS[name]
    stored = stored_rows(experiment)
    if stored is None:
        pytest.skip(f"{name}: not all its paper-scale points are in the store yet")
    stale = [
        p.label()
        for p, (entry, _) in stored.items()
        if entry.fingerprint != store.model_fingerprint(p.program)
    ]
    # The store is made on the wheel's ns-3: on another (./ns3 configure
    # --with-ns3), every fingerprint differs by its version, and only
    # ./figures.py --verify says whether the rows do.
    assert not stale or not on_the_wheel(), (
        f"{len(stale)} stored point(s) of {name} are stale (the model changed since they ran);"
        f" re-run them or show they did not change (./figures.py --only {name} --verify N"
        f" --adopt); first: {stale[0]}"
    )
    rows = [row for _, row in stored.values()]
    # one header for all the points of its program (the program's CsvRow)
    columns = columns_of([row for p, (_, row) in stored.items() if p.program == experiment.program])
    experiment.outputs("paper", rows, tmp_path)
    # The raw CSV has the program's columns, not ones the outputs derived
    # (after the points' parameters that the row does not carry, if any).
    raw = (tmp_path / f"{name}.csv").read_text().splitlines()[0].split(",")
    expected = [*experiment.point_columns, *columns]
    assert raw == expected, f"{name}.csv: columns {raw}, the program prints {columns}"
    texts = [f for f in tmp_path.iterdir() if f.suffix in (".csv", ".txt", ".md")]
    assert texts
    differ = [f.name for f in texts if not filecmp.cmp(f, FIGURES / f.name, shallow=False)]
    assert not differ, f"committed outputs that the store does not give: {differ}"
