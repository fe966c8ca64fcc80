"""./figures.py --halves: an experiment's verdicts on the first and the
second half of its stored runs, criterion by criterion (issue 41: do the
verdicts stand on the runs, or on which runs there were?)."""

import subprocess
import sys

from figures_lib import halves, registry
from figures_lib import experiments as _  # noqa: F401 (registers them)
from figures_lib.paths import ROOT

FIRST = """Check
  [holds    ] (2) better than (1) at 100 clients: difference +90.8, 95 % interval [+26.9, +154.7]
  [undecided] (4) better than (3) at 50 clients: difference +19.9, 95 % interval [-21.7, +61.4]
  HTTP modification: 228.41 +- 2.21 conn/s (paper 222.4): holds
  useful rate: 0.15 failed/s (criterion > 0; 19 per run): holds (a note: DOES NOT HOLD elsewhere)
Summary: 3 hold, 0 fail, 1 undecided (of 4 criteria)
"""
SECOND = """Check
  [holds    ] (2) better than (1) at 100 clients: difference +41.0, 95 % interval [+2.0, +80.0]
  [DOES NOT HOLD] (4) better than (3) at 50 clients: difference -9.9, 95 % interval [-20.7, -1.4]
  HTTP modification: 229.00 +- 1.00 conn/s (paper 222.4): holds
  useful rate: 0.10 failed/s (criterion > 0; 12 per run): holds (a note: DOES NOT HOLD elsewhere)
Summary: 3 hold, 1 fail, 0 undecided (of 4 criteria)
"""


def test_criteria_read_both_forms_without_their_numbers():
    found = halves.criteria(FIRST)
    # the first verdict a line states is its own (the fourth line's note says another)
    assert [v for _, v, _ in found] == ["holds", "undecided", "holds", "holds"]
    assert found[0][0] == "(#) better than (#) at # clients: difference # # % interval [# #]"
    assert halves.criteria(SECOND)[0][0] == found[0][0], "the same criterion, other numbers"


def test_compare_finds_a_verdict_that_moved():
    same, differ = halves.compare(halves.criteria(FIRST), halves.criteria(SECOND))
    assert same == 3
    assert [(a, b) for _, a, b, _, _ in differ] == [("undecided", "DOES NOT HOLD")]
    # named with its numbers, so a reader knows which claim moved and how
    name, rest_a, rest_b = halves.named(*differ[0][3:])
    assert name == "(4) better than (3) at 50 clients"
    assert rest_a.startswith("difference +19.9") and rest_b.startswith("difference -9.9")
    assert halves.tallies(SECOND) == ["3 hold, 1 fail, 0 undecided (of 4 criteria)"]


def test_report_on_the_store_splits_the_runs():
    text = halves.report(registry.experiments()["table3"])
    assert text.startswith("table3: runs 1-2 against 3-5: ")
    assert text.count(" / ") >= 1, "the two halves' counts"


def test_cli_refuses_what_it_cannot_read():
    proc = subprocess.run([sys.executable, str(ROOT / "figures.py"), "--halves", "--quick"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)  # fmt: skip
    assert proc.returncode == 1
    assert "--halves reads the paper-scale store" in proc.stderr
