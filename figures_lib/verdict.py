"""Whether a band criterion holds, as a check's text says it.

At paper scale a band ("the simulated value must land in that interval",
paper-targets.md) is judged on the mean over the runs. At quick scale, with
two or three runs, the mean alone says little: a criterion holds only when
the whole 95 % confidence interval lies in the band, fails only when the
whole interval lies outside it, and is "indicative" otherwise (and when the
interval cannot be estimated). A criterion whose points are not all at
this scale (a quick run of fewer loads, say) is indicative too.
"""

import math

HOLDS, FAILS, INDICATIVE = "holds", "DOES NOT HOLD", "indicative"


def band(s, lo=-math.inf, hi=math.inf, quick=False):
    """Verdict of one summary (stats.summarize dict) against [lo, hi]."""
    mean, ci = s["mean"], s["ci95"]
    if not quick:
        return HOLDS if lo <= mean <= hi else FAILS
    if math.isnan(ci):
        return INDICATIVE
    if lo <= mean - ci and mean + ci <= hi:
        return HOLDS
    if mean + ci < lo or mean - ci > hi:
        return FAILS
    return INDICATIVE


def combine(verdicts, complete=True):
    """One verdict of a criterion over several cells: fails if any cell
    fails, holds if all hold and every cell the criterion names is here,
    else indicative."""
    verdicts = list(verdicts)
    if FAILS in verdicts:
        return FAILS
    if verdicts and all(v == HOLDS for v in verdicts) and complete:
        return HOLDS
    return INDICATIVE


def tally(verdicts):
    """'N of M criteria hold' (with the indicative ones, if any)."""
    held = sum(v == HOLDS for v in verdicts)
    indicative = sum(v == INDICATIVE for v in verdicts)
    text = f"{held} of {len(verdicts)} criteria hold"
    return text + (f", {indicative} indicative only" if indicative else "")
