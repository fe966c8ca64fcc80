"""Whether a criterion holds, as a check's text says it.

Bands. "The simulated value must land in that interval" (paper-targets.md).
Over independent replications the simulated value is known only to its
95 % confidence interval, at any scale: a band holds when the whole
interval lies in it, fails when the whole interval lies outside it, and is
undecided when the interval straddles one of its ends (never "holds" on
the mean alone); "indicative" when the interval cannot be estimated (one
run) or the criterion's points are not all at that scale.

Orderings and equivalences. "An ordering or shape claim must hold with 95 %
confidence over independent replications": a claim is decided by an
interval of the difference (figures_lib.stats.Difference), never passed on
a lack of power.
  - ordering (a above b): holds when the two-sided 95 % interval of a - b
    lies wholly above 0, fails when it lies wholly at or below 0,
    undecided when it straddles 0;
  - equivalence ("about equal", "no gain", "close"): two one-sided tests at
    5 % (TOST): holds when the 90 % interval lies wholly inside
    [-margin, +margin], fails when it lies wholly outside it (the
    difference exceeds the margin at 5 %), undecided otherwise;
  - non-inferiority ("at least as good as"): holds when the lower bound of
    the one-sided 95 % interval (the 90 % interval's lower end) is above
    -margin, fails when the upper bound is below -margin, undecided
    otherwise.
The margin is stated by the criterion (the targets' own tolerance where
they give one) and printed with it; where the targets give none it is
EQUIVALENCE_SHARE of the reference's mean.
"""

import math
from dataclasses import dataclass

HOLDS, FAILS, UNDECIDED, INDICATIVE = "holds", "DOES NOT HOLD", "undecided", "indicative"
CALIBRATION = "calibration"  # a fitted point: reported, not counted as reproduced

CONFIDENCE = 0.95  # orderings: two-sided interval; TOST: 1 - 2 x 5 % = 90 %
TOST_LEVEL = 0.90

# The equivalence margin where the targets give none: 5 % of the reference's
# mean. Reason: it is the targets' own tolerance for "unchanged" (Table 1:
# the modified column "within 5 % of N=0 throughout"), and the smallest
# effect the targets count as a gain is three times as large (Table 2's
# +15 %), so a difference inside it is not one the papers' claims are about.
EQUIVALENCE_SHARE = 0.05


def band(s, lo=-math.inf, hi=math.inf):
    """Verdict of one summary (stats.summarize dict) against [lo, hi]: its
    95 % confidence interval inside, outside or straddling."""
    mean, ci = s["mean"], s["ci95"]
    if math.isnan(ci):
        return INDICATIVE
    if lo <= mean - ci and mean + ci <= hi:
        return HOLDS
    if mean + ci < lo or mean - ci > hi:
        return FAILS
    return UNDECIDED


def combine(verdicts, complete=True):
    """One verdict of a criterion over several cells (or of a claim made of
    several): fails if any cell fails, else undecided if any is, holds if
    all hold and every cell the criterion names is here, else indicative."""
    verdicts = list(verdicts)
    if FAILS in verdicts:
        return FAILS
    if UNDECIDED in verdicts:
        return UNDECIDED
    if verdicts and all(v == HOLDS for v in verdicts) and complete:
        return HOLDS
    return INDICATIVE


@dataclass(frozen=True)
class Judgement:
    """A decided claim: its verdict, the text of the interval it was decided
    on, and that interval's ends (95 % for orderings, 90 % for equivalence
    and non-inferiority: the one-sided 95 % bounds)."""

    verdict: str
    text: str
    lo: float = math.nan
    hi: float = math.nan


def _interval_text(lo, hi, level, fmt):
    return f"{level * 100:.0f} % interval [{fmt(lo)}, {fmt(hi)}]"


def _formatter(digits):
    def fmt(x):
        text = f"{x:+.{digits}f}"
        return "+" + text[1:] if float(text) == 0 else text

    return fmt


def greater(d, digits=2):
    """Ordering: a above b, d = a - b (stats.Difference), at 95 %."""
    lo, hi = d.interval(CONFIDENCE)
    fmt = _formatter(digits)
    if math.isnan(lo):
        return Judgement(UNDECIDED, f"difference {fmt(d.diff)}, interval not estimable")
    verdict = HOLDS if lo > 0 else FAILS if hi <= 0 else UNDECIDED
    return Judgement(
        verdict, f"difference {fmt(d.diff)}, {_interval_text(lo, hi, CONFIDENCE, fmt)}", lo, hi
    )


def less(d, digits=2):
    """Ordering: a below b, d = a - b, at 95 %."""
    lo, hi = d.interval(CONFIDENCE)
    fmt = _formatter(digits)
    if math.isnan(lo):
        return Judgement(UNDECIDED, f"difference {fmt(d.diff)}, interval not estimable")
    verdict = HOLDS if hi < 0 else FAILS if lo >= 0 else UNDECIDED
    return Judgement(
        verdict, f"difference {fmt(d.diff)}, {_interval_text(lo, hi, CONFIDENCE, fmt)}", lo, hi
    )


def equivalent(d, margin, digits=2, margin_text=""):
    """Equivalence within +-margin by two one-sided tests at 5 %."""
    lo, hi = d.interval(TOST_LEVEL)
    fmt = _formatter(digits)
    bound = f"margin +-{margin:.{digits}f}" + (f" ({margin_text})" if margin_text else "")
    if math.isnan(lo):
        return Judgement(UNDECIDED, f"difference {fmt(d.diff)}, interval not estimable; {bound}")
    if -margin <= lo and hi <= margin:
        verdict = HOLDS
    elif lo > margin or hi < -margin:
        verdict = FAILS
    else:
        verdict = UNDECIDED
    return Judgement(
        verdict, f"difference {fmt(d.diff)}, {_interval_text(lo, hi, TOST_LEVEL, fmt)}; {bound}",
        lo, hi,
    )


def noninferior(d, margin, digits=2, margin_text=""):
    """a at least as good as b (higher is better), d = a - b: the one-sided
    95 % lower bound above -margin."""
    lo, hi = d.interval(TOST_LEVEL)
    fmt = _formatter(digits)
    bound = f"margin {-margin:.{digits}f}" + (f" ({margin_text})" if margin_text else "")
    if math.isnan(lo):
        return Judgement(UNDECIDED, f"difference {fmt(d.diff)}, bound not estimable; {bound}")
    verdict = HOLDS if lo > -margin else FAILS if hi < -margin else UNDECIDED
    return Judgement(
        verdict,
        f"difference {fmt(d.diff)}, one-sided 95 % bounds {fmt(lo)} (lower) {fmt(hi)} (upper);"
        f" {bound}",
        lo,
        hi,
    )


def margin_of(reference_mean, share=EQUIVALENCE_SHARE):
    """The equivalence margin of a reference's mean: share of its size."""
    return share * abs(reference_mean)


def tally(verdicts):
    """'N hold, N fail, N undecided' (with the indicative ones, if any);
    calibration points are not criteria and are not counted."""
    verdicts = [v for v in verdicts if v != CALIBRATION]
    counts = {v: sum(x == v for x in verdicts) for v in (HOLDS, FAILS, UNDECIDED, INDICATIVE)}
    text = f"{counts[HOLDS]} hold, {counts[FAILS]} fail, {counts[UNDECIDED]} undecided"
    if counts[INDICATIVE]:
        text += f", {counts[INDICATIVE]} indicative only"
    return text + f" (of {len(verdicts)} criteria)"
