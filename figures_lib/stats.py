"""Grouping (pandas), mean, sample standard deviation, Student-t 95 %
confidence intervals, Welch's two-sample comparison and the paired
comparison of runs with common random numbers (scipy's t distribution)."""

import math

import pandas as pd
from scipy import stats


def t975(df):
    """t quantile for a two-sided 95 % interval with df degrees of freedom."""
    if not df >= 1:
        return math.nan
    return float(stats.t.ppf(0.975, df))


def summarize(values):
    """-> dict n, mean, std (sample, n-1), ci95 (half-width); nan if n < 2."""
    series = pd.Series(values, dtype=float)
    n = int(series.count())
    mean = float(series.mean()) if n else math.nan
    if n < 2:
        return {"n": n, "mean": mean, "std": math.nan, "ci95": math.nan}
    std = float(series.std(ddof=1))
    return {"n": n, "mean": mean, "std": std, "ci95": t975(n - 1) * std / math.sqrt(n)}


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


def welch(a, b):
    """Difference of means a - b of two summaries (summarize()), with the
    half-width of its 95 % confidence interval and whether it is significant
    at 5 % (Welch's t-test, scipy.stats.ttest_ind_from_stats); the
    half-width is nan if it cannot be estimated."""
    diff = a["mean"] - b["mean"]
    if a["n"] < 2 or b["n"] < 2:
        return diff, math.nan, False
    va, vb = a["std"] ** 2 / a["n"], b["std"] ** 2 / b["n"]
    if va + vb == 0:
        return diff, 0.0, diff != 0
    test = stats.ttest_ind_from_stats(
        a["mean"], a["std"], a["n"], b["mean"], b["std"], b["n"], equal_var=False
    )
    # Welch-Satterthwaite degrees of freedom, as the test uses them.
    df = (va + vb) ** 2 / (va**2 / (a["n"] - 1) + vb**2 / (b["n"] - 1))
    return diff, t975(df) * math.sqrt(va + vb), bool(test.pvalue < 0.05)


def paired(a, b):
    """Mean of the differences a[i] - b[i] of runs that share their random
    numbers (the same run number: common random numbers), with the
    half-width of its 95 % confidence interval and whether it is significant
    at 5 % (paired t-test, scipy.stats.ttest_rel); nan and False with fewer
    than two pairs."""
    diffs = pd.Series(a, dtype=float) - pd.Series(b, dtype=float)
    s = summarize(diffs.tolist())
    if s["n"] < 2:
        return s["mean"], math.nan, False
    if s["std"] == 0:
        return s["mean"], 0.0, s["mean"] != 0
    test = stats.ttest_rel(list(a), list(b))
    return s["mean"], s["ci95"], bool(test.pvalue < 0.05)
