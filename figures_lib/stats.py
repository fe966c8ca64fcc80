"""Grouping (pandas), mean, sample standard deviation, Student-t 95 %
confidence intervals, Welch's two-sample comparison and the paired
comparison of runs with common random numbers (scipy's t distribution).

A comparison is a Difference (the difference of the means, its standard
error and degrees of freedom); Difference.interval(level) is its two-sided
Student-t interval. figures_lib.verdict turns those intervals into the
checks' verdicts (orderings at 95 %, equivalence by two one-sided tests)."""

import math
from dataclasses import dataclass

import pandas as pd
from scipy import stats


def t975(df):
    """t quantile for a two-sided 95 % interval with df degrees of freedom."""
    return t_quantile(0.975, df)


def t_quantile(p, df):
    """scipy's Student-t quantile p with df degrees of freedom (df may be a
    Welch-Satterthwaite fraction); nan below 1 degree of freedom."""
    if not df >= 1:
        return math.nan
    return float(stats.t.ppf(p, df))


@dataclass(frozen=True)
class Difference:
    """The difference of two means with its standard error and degrees of
    freedom. se 0: no spread at all (the interval is the point); se nan:
    too few runs to estimate it."""

    diff: float
    se: float
    df: float

    def interval(self, level=0.95):
        """Two-sided Student-t interval (lo, hi) at this confidence; a 90 %
        interval's ends are the bounds of the two one-sided 95 % intervals."""
        if math.isnan(self.se):
            return math.nan, math.nan
        if self.se == 0:
            return self.diff, self.diff
        half = t_quantile(0.5 + level / 2, self.df) * self.se
        return self.diff - half, self.diff + half

    def half_width(self, level=0.95):
        lo, hi = self.interval(level)
        return (hi - lo) / 2


def welch_difference(a, b):
    """a - b of two summaries (summarize()), Welch's standard error and
    Welch-Satterthwaite degrees of freedom."""
    diff = a["mean"] - b["mean"]
    if a["n"] < 2 or b["n"] < 2:
        return Difference(diff, math.nan, math.nan)
    va, vb = a["std"] ** 2 / a["n"], b["std"] ** 2 / b["n"]
    if va + vb == 0:
        return Difference(diff, 0.0, math.inf)
    df = (va + vb) ** 2 / (va**2 / (a["n"] - 1) + vb**2 / (b["n"] - 1))
    return Difference(diff, math.sqrt(va + vb), df)


def paired_difference(a, b):
    """Mean of a[i] - b[i] over runs that share their random numbers, its
    standard error and n - 1 degrees of freedom."""
    s = summarize((pd.Series(a, dtype=float) - pd.Series(b, dtype=float)).tolist())
    if s["n"] < 2:
        return Difference(s["mean"], math.nan, math.nan)
    if s["std"] == 0:
        return Difference(s["mean"], 0.0, math.inf)
    return Difference(s["mean"], s["std"] / math.sqrt(s["n"]), s["n"] - 1)


def summarize(values):
    """-> dict n, mean, std (sample, n-1), ci95 (half-width); nan if n < 2."""
    series = pd.Series(values, dtype=float)
    n = int(series.count())
    mean = float(series.mean()) if n else math.nan
    if n < 2:
        return {"n": n, "mean": mean, "std": math.nan, "ci95": math.nan}
    std = float(series.std(ddof=1))
    return {"n": n, "mean": mean, "std": std, "ci95": t975(n - 1) * std / math.sqrt(n)}


def mean_ci_text(s, digits=3):
    """A summary as the checks' tables write it: the mean to `digits`
    significant figures, then +- the 95 % half-width (left out when it
    cannot be estimated)."""
    text = f"{s['mean']:.{digits}g}"
    return text if math.isnan(s["ci95"]) else f"{text} +- {s['ci95']:.2g}"


def scaled(s, k):
    """The summary of k times the values of summary s (k >= 0): to compare
    a mean with a multiple of another (a gain of +15 %: a - 1.15 b)."""
    return {**s, "mean": k * s["mean"], "std": k * s["std"], "ci95": k * s["ci95"]}


def summarize_groups(rows, keys, columns, order):
    """Group dict rows by the key columns (pandas) and summarize each of the
    value columns per group. order(key tuple) sorts the groups.
    -> {key tuple: {column: summarize() dict}}, in that order."""
    frame = pd.DataFrame(rows)
    frame[list(columns)] = frame[list(columns)].astype(float)
    result = {}
    for key, group in frame.groupby(list(keys), sort=False):
        result[key] = {c: summarize(group[c].tolist()) for c in columns}
    return {key: result[key] for key in sorted(result, key=order)}


def _significance(d):
    """(difference, 95 % half-width, whether the 95 % interval excludes 0)."""
    lo, hi = d.interval(0.95)
    if math.isnan(lo):
        return d.diff, math.nan, False
    return d.diff, d.half_width(0.95), bool(lo > 0 or hi < 0)


def welch(a, b):
    """Difference of means a - b of two summaries (summarize()), with the
    half-width of its 95 % confidence interval and whether it is significant
    at 5 % (Welch's t-test: the interval excludes 0); the half-width is nan
    if it cannot be estimated."""
    return _significance(welch_difference(a, b))


def paired(a, b):
    """Mean of the differences a[i] - b[i] of runs that share their random
    numbers (the same run number: common random numbers), with the
    half-width of its 95 % confidence interval and whether it is significant
    at 5 % (paired t-test: the interval excludes 0); nan and False with
    fewer than two pairs."""
    return _significance(paired_difference(a, b))
