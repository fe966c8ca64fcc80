"""The metastable-proxy experiment's check on made-up rows: its points cover
every server, proxy and retry policy, run 1 of each first; each proxy that
hides aborts is set against the one that passes them on, run by run under
the same server and retries: below (holds), across (undecided) or above
(does not hold); only DTOC's pairs are claims, the regular server's are a
control, reported and not counted; the outputs and the README block are
written."""

import random

from figures_lib.experiments.metastable import SCALES
from figures_lib.experiments.metastable_proxy import (
    PROXIES,
    RETRY_POLICIES,
    STRATEGIES,
    MetastableProxy,
)

OTHER = ("before_useful_pct", "during_useful_pct", "after_early_useful_pct",
         "after_late_dead_cpu_pct", "recovery_s", "retries_made", "retries_refused",
         "server_dropped", "client_aborts", "responses_discarded")  # fmt: skip


def made_up_rows(after_late):
    """One row per paper point; after_late(strategy, proxy, retry, run) its goodput."""
    rng = random.Random(3)
    rows = []
    for point in MetastableProxy().points("paper"):
        strategy, proxy, retry, run = (point.param("strategy"), point.param("proxy"),
                                       point.param("retryPolicy"), int(point.param("RngRun")))  # fmt: skip
        row = {"strategy": strategy, "retry_policy": retry, "proxy": proxy, "run": str(run),
               "after_late_useful_pct": str(after_late(strategy, proxy, retry, run))}  # fmt: skip
        row.update({v: str(rng.uniform(0, 100)) for v in OTHER})
        rows.append(row)
    return rows


def test_points_cover_the_grid_run_one_first():
    points = MetastableProxy().points("paper")
    configurations = len(STRATEGIES) * len(PROXIES) * len(RETRY_POLICIES)
    assert len(points) == SCALES["paper"][0] * configurations
    assert {int(p.param("RngRun")) for p in points[:configurations]} == {1}
    assert {(p.param("strategy"), p.param("proxy"), p.param("retryPolicy"))
            for p in points[:configurations]} == {(s, x, r) for s in STRATEGIES for x in PROXIES
                                                   for r in RETRY_POLICIES}  # fmt: skip
    assert all(p.program == "proxy-metastable" for p in points)


def test_hidden_aborts_against_passed_ones(tmp_path):
    def after_late(strategy, proxy, retry, run):
        if strategy == "dtoc":
            return 40 + run if proxy == "abort" else 2 + run  # below: holds
        if retry == "immediate":
            return 5 + (-1) ** run * 3 if proxy == "ignore" else 5  # across 0: undecided
        return 10 + run if proxy == "ignore" else 5 + run  # above: does not hold

    rows = made_up_rows(after_late)
    random.Random(1).shuffle(rows)  # the check orders them itself
    text = MetastableProxy().outputs("paper", rows, tmp_path)
    claims = {line.split(":")[0].strip(): line for line in text.splitlines() if "ignore below abort" in line}
    assert "holds" in claims["dtoc, immediate"] and "holds" in claims["dtoc,    budget"]
    assert "control" in claims["regular, immediate"] and "undecided" in claims["regular, immediate"]
    assert "control" in claims["regular,    budget"] and "DOES NOT HOLD" in claims["regular,    budget"]
    assert "Claims: 2 hold, 0 fail, 0 undecided" in text  # the control is not counted
    assert (tmp_path / "metastable-proxy-check.txt").read_text() == text
    assert (tmp_path / "metastable-proxy.csv").read_text().count("\n") == len(rows) + 1
    assert (tmp_path / "metastable-proxy-readme.md").is_file()
