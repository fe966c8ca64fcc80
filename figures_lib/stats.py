"""Mean, sample standard deviation and Student-t 95 % confidence intervals."""

import math

# Two-sided 95 % quantiles t(0.975, df), df = 1..30
_T975 = [
    12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
    2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
    2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
]  # fmt: skip
# Beyond 30: (df, t) points, interpolated linearly in 1/df
_T975_TAIL = [(30, 2.0423), (40, 2.0211), (60, 2.0003), (120, 1.9799), (math.inf, 1.9600)]


def t975(df):
    """t quantile for a two-sided 95 % interval (scipy if available)."""
    if df < 1:
        return math.nan
    try:
        from scipy.stats import t  # noqa: PLC0415

        return float(t.ppf(0.975, df))
    except ImportError:
        pass
    if df <= 30:
        return _T975[int(df) - 1]
    for (d0, t0), (d1, t1) in zip(_T975_TAIL, _T975_TAIL[1:]):
        if df <= d1:
            x0, x1, x = 1 / d0, (0 if d1 == math.inf else 1 / d1), 1 / df
            return t0 + (t1 - t0) * (x0 - x) / (x0 - x1)
    return 1.96


def summarize(values):
    """-> dict n, mean, std (sample, n-1), ci95 (half-width); nan if n < 2."""
    n = len(values)
    mean = sum(values) / n if n else math.nan
    if n < 2:
        return {"n": n, "mean": mean, "std": math.nan, "ci95": math.nan}
    std = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return {"n": n, "mean": mean, "std": std, "ci95": t975(n - 1) * std / math.sqrt(n)}
