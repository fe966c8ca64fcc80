"""How a check decides (figures_lib.verdict on figures_lib.stats'
intervals): bands and orderings on 95 % intervals, equivalence by two
one-sided tests, non-inferiority by one, and "undecided" wherever an
interval straddles its bound; each agrees with scipy's own tests."""

import math
import random

import pytest
from scipy import stats as sps

from figures_lib import verdict
from figures_lib.stats import (
    Difference,
    paired,
    paired_difference,
    scaled,
    summarize,
    welch,
    welch_difference,
)


def sample(rng, n, mean, sd):
    return [rng.gauss(mean, sd) for _ in range(n)]


def test_intervals_agree_with_scipys_tests():
    rng = random.Random(41)
    for _ in range(200):
        a, b = sample(rng, rng.randint(2, 8), 10, 2), sample(rng, rng.randint(2, 8), 11, 3)
        d = welch_difference(summarize(a), summarize(b))
        lo, hi = d.interval(0.95)
        p = sps.ttest_ind(a, b, equal_var=False).pvalue
        assert (lo > 0 or hi < 0) == (p < 0.05)
        assert welch(summarize(a), summarize(b))[2] == (p < 0.05)
        m = min(len(a), len(b))
        pd_ = paired_difference(a[:m], b[:m])
        lo, hi = pd_.interval(0.95)
        p = sps.ttest_rel(a[:m], b[:m]).pvalue
        assert (lo > 0 or hi < 0) == (p < 0.05)
        assert paired(a[:m], b[:m])[2] == (p < 0.05)


def test_tost_agrees_with_two_one_sided_scipy_tests():
    rng = random.Random(7)
    for _ in range(200):
        a, b = sample(rng, 5, 100, 4), sample(rng, 5, 100 + rng.uniform(-6, 6), 4)
        d = welch_difference(summarize(a), summarize(b))
        margin = 5.0
        # Two one-sided Welch tests at 5 %: H0 diff <= -margin, H0 diff >= +margin.
        p_low = 1 - sps.t.cdf((d.diff + margin) / d.se, d.df)
        p_high = sps.t.cdf((d.diff - margin) / d.se, d.df)
        judged = verdict.equivalent(d, margin)
        assert (judged.verdict == verdict.HOLDS) == (max(p_low, p_high) < 0.05)
        # Non-inferiority is the lower of the two.
        assert (verdict.noninferior(d, margin).verdict == verdict.HOLDS) == (p_low < 0.05)


def test_ordering_holds_fails_or_is_undecided():
    assert verdict.greater(Difference(5.0, 1.0, 10)).verdict == verdict.HOLDS
    assert verdict.greater(Difference(-5.0, 1.0, 10)).verdict == verdict.FAILS
    assert verdict.greater(Difference(1.0, 1.0, 10)).verdict == verdict.UNDECIDED
    assert verdict.less(Difference(1.0, 1.0, 10)).verdict == verdict.UNDECIDED
    assert verdict.less(Difference(-5.0, 1.0, 10)).verdict == verdict.HOLDS
    # Identical runs: the difference is exactly 0, so "faster" is false.
    assert verdict.less(Difference(0.0, 0.0, math.inf)).verdict == verdict.FAILS
    assert verdict.greater(Difference(0.0, 0.0, math.inf)).verdict == verdict.FAILS
    assert verdict.greater(Difference(1.0, math.nan, math.nan)).verdict == verdict.UNDECIDED
    text = verdict.greater(Difference(1.0, 1.0, 10)).text
    assert "95 % interval [" in text


def test_equivalence_and_noninferiority():
    narrow, wide = Difference(0.5, 0.5, 20), Difference(0.5, 5.0, 20)
    far = Difference(20.0, 1.0, 20)
    assert verdict.equivalent(narrow, 3).verdict == verdict.HOLDS
    assert verdict.equivalent(wide, 3).verdict == verdict.UNDECIDED
    assert verdict.equivalent(far, 3).verdict == verdict.FAILS
    assert verdict.equivalent(Difference(-20.0, 1.0, 20), 3).verdict == verdict.FAILS
    assert "margin +-3.00 (5 % of x)" in verdict.equivalent(narrow, 3, margin_text="5 % of x").text
    assert verdict.noninferior(Difference(-1.0, 0.5, 20), 3).verdict == verdict.HOLDS
    assert verdict.noninferior(Difference(-2.5, 0.5, 20), 3).verdict == verdict.UNDECIDED
    assert verdict.noninferior(Difference(-9.0, 0.5, 20), 3).verdict == verdict.FAILS
    assert verdict.margin_of(-40.0) == pytest.approx(2.0)  # 5 % of the reference's size


def test_bands_need_the_whole_interval_at_any_scale():
    narrow = {"n": 3, "mean": 85.0, "std": 1.0, "ci95": 2.0}
    wide = {"n": 2, "mean": 85.0, "std": 5.0, "ci95": 45.0}
    single = {"n": 1, "mean": 85.0, "std": float("nan"), "ci95": float("nan")}
    assert verdict.band(narrow, 78, 92) == verdict.HOLDS
    assert verdict.band(wide, 78, 92) == verdict.UNDECIDED, "never held on the mean alone"
    assert verdict.band(single, 78, 92) == verdict.INDICATIVE
    assert verdict.band(narrow, 90, 100) == verdict.FAILS
    assert verdict.combine([verdict.HOLDS, verdict.HOLDS], complete=False) == verdict.INDICATIVE
    assert verdict.combine([verdict.HOLDS, verdict.FAILS, verdict.UNDECIDED]) == verdict.FAILS
    assert verdict.combine([verdict.HOLDS, verdict.UNDECIDED]) == verdict.UNDECIDED


def test_a_gain_band_by_contrasts():
    """mod beats base by +15 % when mod - 1.15 base is above 0 at 95 %."""
    base = {"n": 5, "mean": 100.0, "std": 2.0, "ci95": 2.5}
    mod = {"n": 5, "mean": 130.0, "std": 2.0, "ci95": 2.5}
    near = {"n": 5, "mean": 116.0, "std": 4.0, "ci95": 5.0}
    assert verdict.greater(welch_difference(mod, scaled(base, 1.15))).verdict == verdict.HOLDS
    assert verdict.greater(welch_difference(near, scaled(base, 1.15))).verdict == verdict.UNDECIDED
    assert scaled(base, 2)["std"] == 4.0


def test_tally_counts_each_verdict_and_leaves_calibration_out():
    verdicts = [verdict.HOLDS, verdict.FAILS, verdict.UNDECIDED, verdict.UNDECIDED,
                verdict.CALIBRATION]  # fmt: skip
    assert verdict.tally(verdicts) == "1 hold, 1 fail, 2 undecided (of 4 criteria)"
    assert verdict.tally([verdict.INDICATIVE]).endswith("1 indicative only (of 1 criteria)")
