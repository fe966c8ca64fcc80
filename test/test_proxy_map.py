"""The proxy-map experiment (issue 41, section 3) on made-up rows: its grid
(every scheme and client count in every cell of SURGE's OFF-time scale and
persistent timer, both OFF times scaled together), each cell judged by the
`proxy` experiment's own checks on that cell's rows, and rows that do not
belong to their points refused."""

import random

import pytest

from figures_lib.experiments.proxy import report
from figures_lib.experiments.proxy_map import (COUNTS, NMAX, PAUSE, POOL_KB, SCALES, SCHEMES,
                                               SURGE_PAUSE, THINK, THINK_SCALES, TIMERS, ProxyMap)  # fmt: skip


def made_up_rows(scale="paper", seed=3):
    rng = random.Random(seed)
    rows = []
    for p in ProxyMap().points(scale):
        scheme, n = int(p.param("scheme")), int(p.param("clients"))
        think = float(p.param(THINK))
        rows.append({"scheme": str(scheme), "clients": str(n), "policy": "ns3::IdleConnectionPolicy",
                     "run": str(p.param("RngRun")),
                     "bytes_moved": str(int(rng.uniform(1e6, 1e8) * scheme / think ** 0.5)),
                     "mean_wait_s": str(rng.uniform(0.5, 5) / scheme)})  # fmt: skip
    return rows


def test_points_cover_the_grid():
    points = ProxyMap().points("paper")
    runs, duration = SCALES["paper"]
    assert len(points) == runs * len(THINK_SCALES) * len(TIMERS) * len(COUNTS) * len(SCHEMES)
    cells = {(float(p.param(THINK)), float(p.param("persistentTimeout"))) for p in points}
    assert cells == {(t, m) for t in THINK_SCALES for m in TIMERS}
    for p in points:
        assert float(p.param(PAUSE)) == pytest.approx(SURGE_PAUSE * float(p.param(THINK)))
        assert (p.param("maxConnections"), p.param("poolKb")) == (NMAX, POOL_KB)
        assert float(p.param("duration")) == duration


def test_each_cell_is_the_proxy_checks_on_its_rows(tmp_path):
    rows = made_up_rows()
    text = ProxyMap().outputs("paper", rows, tmp_path)
    points = ProxyMap().points("paper")
    for think in THINK_SCALES:
        for timer in TIMERS:
            cell = [{**r, "variant": r["scheme"]} for p, r in zip(points, rows)
                    if float(p.param(THINK)) == think and float(p.param("persistentTimeout")) == timer]  # fmt: skip
            expected = report.orderings(cell, COUNTS).tally()
            assert f"{think:>8g} {timer:>8g}  {expected}" in text
    assert (tmp_path / "proxy-map-readme.md").is_file()
    assert "Cells where every claim holds:" in text


def test_rows_out_of_their_points_order_refused(tmp_path):
    rows = made_up_rows()
    rows[0], rows[1] = rows[1], rows[0]  # scheme 1 and 2 swapped
    with pytest.raises(ValueError, match="for the point"):
        ProxyMap().outputs("paper", rows, tmp_path)
    with pytest.raises(ValueError, match="rows for"):
        ProxyMap().outputs("paper", rows[1:], tmp_path)
