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

PROGRAM = ROOT / "build" / "bin" / "proxy-buffer-proxy"
COUNTS = (5, 10, 20, 50)
RUNS = 5
SCHEMES = ("1", "2", "3", "4")


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


def test_every_ordering_of_section_d_holds_at_a_tenth_of_the_scale(sweep):
    rows, summary = sweep
    checks = report.orderings(rows, COUNTS)
    text = "\n".join([*report.table(summary), *checks.lines])
    assert checks.failed == 0, text
    assert not [line for line in checks.lines if "[n/a" in line], text
