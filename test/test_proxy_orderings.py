"""The proxy paper's figures 4 and 5 at a tenth of the scale: every ordering
and equivalence of section D of paper-targets.md, checked as figures.py
checks the paper scale (figures_lib.experiments.proxy.report.orderings: 95 %
intervals over 5 runs, paired where runs share their random numbers; two
one-sided tests for "about equal", "no gain" and "close").

A tenth: 5 origin servers, Nmax 20, a 320 KB pool, 5/10/20/50 clients for
the paper's 50/100/200/500; the paths, the documents and the clients'
behaviour (SURGE user equivalents) are the paper's. 120 s per run: clients
start in the first second and the proxy reaches Nmax within seconds; the
persistent timers (15 s) turn connections over from then on, so most of
each run is the steady state the orderings are about. About 75 s on 2
cores.
"""

import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

from figures_lib import verdict
from figures_lib.csvio import parse_point_output
from figures_lib.experiments.proxy import VARIANTS, report, variant_of
from figures_lib.paths import BIN

PROGRAM = BIN / "proxy-buffer-proxy"
COUNTS = (5, 10, 20, 50)
RUNS = 5
SCHEMES = ("1", "2", "3", "4")

# The claims this model misses at this scale (their verdict is not "holds":
# they fail or are undecided), each with the account of why
# (doc/proxy-buffer.rst, "The paper's experiment"). Reported, not hidden:
# the test fails if another ordering misses, and also if one of these starts
# to hold, so that this list, the doc and the figure's check stay the same.
# An ordering holds exactly when it held under the earlier rule (a t-test
# at 5 %: the 95 % interval on its side of 0), so the orderings below carry
# over. The equivalences were judged then by a lack of significance; by two
# one-sided tests (issue 41) they are pinned below.
# Measured on the set-up of issue 24 (SURGE clients, 15-s persistent timers,
# one pool for every buffer, the upstream cap), with TcpSocketBase's defect
# #20 corrected, every random variable on a fixed stream, and E2-ATBT's
# division once an Interval (issue 38: between two evaluations an arrival
# gets its demand up to the last level, a departure frees its share; before,
# every arrival and departure divided the pool afresh, and 14 orderings
# failed here: these 11, "(2) better than (1) at 50 clients", "(3) far
# better than (2) at 20 clients" and "no gain at 5 clients: (4) vs (1)",
# while "(4) better than (3) at 5 clients" held).
MISSES = {
    "(1) falls above Nmax clients: (1) at 50 < (1) at 20":
        "-0.7 +- 9.9 MB: flat over 5 runs of 120 s",
    "(2) still falls: (2) at 50 < (2) at 20": "+3.1 +- 10.7 MB: flat, as (1)",
    "(2) better than (1) at 5 clients": "+0.6 +- 1.4 MB: E2-ATBT gains nothing here",
    "(2) better than (1) at 10 clients": "-0.3 +- 1.9 MB",
    "(2) better than (1) at 20 clients":
        "+2.8 +- 5.4 MB: at Nmax the max-min shares are about the fixed buffers' size",
    "(4) better than (3) at 5 clients":
        "+0.02 +- 1.24 MB: five clients and their origins' connections leave the pool idle",
    "(3) faster than (1) at 10 clients":
        "-0.7 +- 1.2 s: 10 clients and their upstream connections mostly fit in Nmax",
    "(3) faster than (2) at 10 clients": "the same: schemes 2 and 3 alike (-0.10 +- 0.28 s)",
    "(4) faster than (1) at 10 clients": "the same",
    "(4) faster than (2) at 10 clients": "the same",
    "(3) faster than (1) at 20 clients":
        "-1.4 +- 1.9 s: faster, not significantly over 5 runs (the earlier draws: it held)",
}  # fmt: skip

# The equivalences ("about equal", "no gain", "close"): at this scale five
# runs decide none of them (undecided: the 90 % interval is wider than the
# 5 % margin on either side), so each is pinned as undecided; one that
# fails or holds fails the test. Their intervals, 28 November 2026:
UNDECIDED_EQUIVALENCES = {
    "(4) about equal to (3) at 50 clients": "+12.5 MB, [-2.6, +27.5] against +-3.4",
    "no gain at 5 clients: (3) vs (1)": "-0.18 s, [-0.78, +0.42] against +-0.07",
    "no gain at 5 clients: (4) vs (1)": "-0.25 s, [-0.91, +0.40] against +-0.07",
    "(3) and (4) close at 10 clients": "-0.15 s, [-0.61, +0.31] against +-0.07",
    "(3) and (4) close at 20 clients": "+0.42 s, [-0.08, +0.92] against +-0.06",
    "(3) and (4) close at 50 clients": "-0.03 s, [-0.45, +0.38] against +-0.12",
}  # fmt: skip


def run(scheme, clients, run_number):
    argv = [
        str(PROGRAM), "--csv", "--header", f"--scheme={scheme}", f"--clients={clients}",
        "--servers=5", "--maxConnections=20", "--poolKb=320", "--duration=120",
        f"--RngRun={run_number}",
    ]  # fmt: skip
    out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
    return parse_point_output(out)


@pytest.fixture(scope="module")
def sweep():
    if not PROGRAM.exists():
        pytest.fail(f"{PROGRAM} not built (./ns3 build)")
    jobs = [(VARIANTS[v][0], n, r) for n in COUNTS for v in SCHEMES for r in range(1, RUNS + 1)]
    with ThreadPoolExecutor(max_workers=2) as pool:
        rows = list(pool.map(lambda job: run(*job), jobs))
    for row in rows:
        row["variant"] = variant_of(row)
    return rows, report.summarize(rows, list(VARIANTS))


def test_every_ordering_of_section_d_at_a_tenth_of_the_scale(sweep):
    rows, summary = sweep
    checks = report.orderings(rows, COUNTS)
    text = "\n".join([*report.table(summary), *checks.lines])
    verdicts = checks.verdicts
    assert len(verdicts) == 27, text  # every claim of section D was checked
    assert "n/a" not in verdicts.values(), text
    orderings = {what for what, kind in checks.kinds.items() if kind == "ordering"}
    missing = {what for what, v in verdicts.items() if v != verdict.HOLDS}
    assert (missing & orderings) - MISSES.keys() == set(), text
    assert (MISSES.keys() & orderings) - missing == set(), \
        "now holding (update MISSES and the doc):\n" + text  # fmt: skip
    equivalences = verdicts.keys() - orderings
    assert equivalences == UNDECIDED_EQUIVALENCES.keys(), text
    for what in equivalences:
        assert verdicts[what] == verdict.UNDECIDED, "now decided (update the list):\n" + text
