"""The figure command's statistics: scipy's t quantiles, Welch's test and the
paired test of runs with common random numbers."""

import math

import pytest

from figures_lib.stats import paired, summarize, summarize_groups, t975, welch


def test_t_quantiles_match_the_tables():
    # Student's t, two-sided 95 %: printed tables give these to 4 places.
    for df, t in [(1, 12.7062), (4, 2.7764), (9, 2.2622), (30, 2.0423), (120, 1.9799)]:
        assert t975(df) == pytest.approx(t, abs=1e-4)
    assert math.isnan(t975(0))


def test_summary_of_a_known_sample():
    s = summarize([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0])
    assert s["n"] == 8 and s["mean"] == 5.0
    assert s["std"] == pytest.approx(2.138, abs=1e-3)
    assert s["ci95"] == pytest.approx(2.3646 * 2.138 / math.sqrt(8), abs=1e-3)
    assert math.isnan(summarize([1.0])["ci95"])


def test_welch_significance_agrees_with_its_interval():
    close = welch(summarize([10, 11, 12, 13]), summarize([11, 12, 13, 14]))
    far = welch(summarize([10, 11, 12, 13]), summarize([20, 21, 22, 23]))
    assert close[0] == -1 and not close[2] and close[1] > 1
    assert far[0] == -10 and far[2] and far[1] < 10
    assert math.isnan(welch(summarize([1.0]), summarize([2.0, 3.0]))[1])


def test_summarize_groups_groups_and_orders():
    rows = [
        {"variant": "b", "N": 1, "x": "1"},
        {"variant": "a", "N": 2, "x": "4"},
        {"variant": "b", "N": 1, "x": "3"},
        {"variant": "a", "N": 1, "x": "10"},
    ]
    groups = summarize_groups(rows, ("variant", "N"), ("x",), lambda key: key)
    assert list(groups) == [("a", 1), ("a", 2), ("b", 1)]
    assert groups[("b", 1)]["x"]["n"] == 2
    assert groups[("b", 1)]["x"]["mean"] == 2.0
    assert groups[("a", 2)]["x"]["n"] == 1


def test_paired_sees_a_shift_that_run_to_run_spread_hides():
    # Each run moves both variants alike (common random numbers); b is 1 above a.
    a = [10.0, 30.0, 55.0, 80.0, 120.0]
    b = [11.2, 30.9, 56.1, 80.8, 121.0]
    diff, ci, significant = paired(b, a)
    assert diff == pytest.approx(1.0) and significant and ci < 1
    assert not welch(summarize(b), summarize(a))[2]
    assert not paired([1.0], [2.0])[2]
