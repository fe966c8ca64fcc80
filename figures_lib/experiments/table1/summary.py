"""Table 1 rows -> figures/table1.csv (raw, sorted) and table1-summary.csv
(per variant and N: n, mean, sample std dev, 95 % CI half-width)."""

import math

from ...csvio import write_csv
from ...stats import summarize_groups
from .paper import VARIANTS

SUMMARY_COLUMNS = ("variant", "N", "n", "mean_mbps", "std_mbps", "ci95_mbps")


def sort_key(row):
    variant = row["variant"]
    order = VARIANTS.index(variant) if variant in VARIANTS else len(VARIANTS)
    return (order, variant, int(row["N"]), int(row["run"]))


def write_raw(path, columns, rows):
    write_csv(path, columns, sorted(rows, key=sort_key))


def summarize_rows(rows):
    """-> {(variant, N): stats dict} over the mean_mbps column, sorted."""
    rows = [{**row, "N": int(row["N"])} for row in rows]
    groups = summarize_groups(rows, ("variant", "N"), ("mean_mbps",), _group_order)
    return {(variant, n): stats["mean_mbps"] for (variant, n), stats in groups.items()}


def _group_order(key):
    variant, n = key
    return (VARIANTS.index(variant) if variant in VARIANTS else len(VARIANTS), variant, n)


def _fmt(x):
    return "" if math.isnan(x) else f"{x:.4f}"


def write_summary(path, summary):
    rows = [
        {
            "variant": variant,
            "N": n,
            "n": s["n"],
            "mean_mbps": _fmt(s["mean"]),
            "std_mbps": _fmt(s["std"]),
            "ci95_mbps": _fmt(s["ci95"]),
        }
        for (variant, n), s in summary.items()
    ]
    write_csv(path, SUMMARY_COLUMNS, rows)
