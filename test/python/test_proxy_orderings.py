"""The proxy paper's figures 4 and 5 at a tenth of the scale: every ordering
of section D of paper-targets.md, checked as figures.py checks the paper
scale (figures_lib.experiments.proxy.report.orderings: t-tests at 5 % over
5 runs, paired where runs share their random numbers).

A tenth: 5 origin servers, Nmax 20, a 320 KB pool, 5/10/20/50 clients for
the paper's 50/100/200/500; the paths, the documents and the clients'
behaviour are the paper's. 120 s per run: the proxy fills its Nmax within
the first seconds (clients start in the first one), so most of each run is
the steady state the orderings are about.
"""

import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from figures_lib.csvio import parse_point_output  # noqa: E402
from figures_lib.experiments.proxy import VARIANTS, report, variant_of  # noqa: E402
from figures_lib.paths import BIN  # noqa: E402

PROGRAM = BIN / "proxy-buffer-proxy"
COUNTS = (5, 10, 20, 50)
RUNS = 5
SCHEMES = ("1", "2", "3", "4")

# The orderings this model misses at this scale, each with the account of
# why (doc/proxy-buffer.rst, "The paper's experiment"). Reported, not hidden:
# the test fails if another ordering fails, and also if one of these starts
# to hold, so that this list, the doc and the figure's check stay the same.
MISSES = {
    "(1) falls above Nmax clients: (1) at 50 < (1) at 20":
        "from 20 clients on the clients' own connections take all of Nmax and "
        "keep them: the same clients are served at 20 and 50, bytes stay flat",
    "(2) still falls: (2) at 50 < (2) at 20": "the same, with E2-ATBT",
    "(2) better than (1) at 10 clients": "+15 MB, but not significant over 5 runs",
    "(2) better than (1) at 50 clients":
        "the served clients' buffers are all E2-ATBT changes: +7.3 MB, not significant",
    "(3) far better than (2) at 20 clients": "+53 MB, not significant over 5 runs",
    "(4) better than (3) at 5 clients":
        "E2-ATBT does not fill the pool with 5 clients: releasing idle buffers frees "
        "nothing the others want",
    "(3) faster than (1) at 10 clients": "-1.1 s, not significant over 5 runs",
    "(3) faster than (2) at 10 clients":
        "10 clients and their upstream connections fit in Nmax: nothing is refused "
        "or evicted, schemes 2 and 3 behave alike",
    "(4) faster than (2) at 10 clients": "the same",
    "(3) and (4) close at 50 clients":
        "(4) is 0.20 +- 0.18 s slower: significant, just, since issue 22's close-path "
        "fixes (a connection that gives up now resets its peer; HttpServer waits Timeout, "
        "not KeepAliveTimeout, for a first request); it held before; not yet traced, and "
        "the proxy experiment is redone by issue 24",
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
    assert len(verdicts) == 27, text  # every ordering of section D was checked
    assert "n/a" not in verdicts.values(), text
    failing = {what for what, verdict in verdicts.items() if verdict == "FAILS"}
    assert failing - MISSES.keys() == set(), text
    assert MISSES.keys() - failing == set(), "now holding (update MISSES and the doc):\n" + text
