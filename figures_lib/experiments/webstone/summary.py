"""WebSTONE rows -> figures/tableN.csv (raw, sorted), tableN-summary.csv (per
variant: n, then mean and 95 % CI half-width of each metric) and the
timelines -> tableN-timeline.csv (per second: mean over runs per variant)."""

import csv
import math

from ...csvio import write_csv
from ...stats import summarize
from .paper import METRICS, VARIANTS

SUMMARY_COLUMNS = ("variant", "n") + tuple(
    f"{metric}_{stat}" for metric, _ in METRICS for stat in ("mean", "ci95")
)
TIMELINE_FIELDS = ("server_tcb_kb", "connections", "failed")
TIMELINE_COLUMNS = ("time_s",) + tuple(f"{v}_{f}" for v in VARIANTS for f in TIMELINE_FIELDS)


def _variant_order(variant):
    return (VARIANTS.index(variant) if variant in VARIANTS else len(VARIANTS), variant)


def sort_key(row):
    return (*_variant_order(row["variant"]), int(row["run"]))


def write_raw(path, columns, rows):
    write_csv(path, columns, sorted(rows, key=sort_key))


def summarize_rows(rows, extra=()):
    """-> {variant: {metric: stats dict}} over METRICS (and the extra
    columns), variants in VARIANTS order."""
    groups = {}
    for row in sorted(rows, key=sort_key):
        groups.setdefault(row["variant"], []).append(row)
    names = [m for m, _ in METRICS] + list(extra)
    return {
        variant: {m: summarize([float(r[m]) for r in group]) for m in names}
        for variant, group in groups.items()
    }


def _fmt(x):
    return "" if math.isnan(x) else f"{x:.4f}"


def write_summary(path, summary):
    rows = []
    for variant, stats in summary.items():
        row = {"variant": variant, "n": stats[METRICS[0][0]]["n"]}
        for metric, _ in METRICS:
            row[f"{metric}_mean"] = _fmt(stats[metric]["mean"])
            row[f"{metric}_ci95"] = _fmt(stats[metric]["ci95"])
        rows.append(row)
    write_csv(path, SUMMARY_COLUMNS, rows)


def read_timeline(path):
    """A program's timeline file -> list of (time_s, {field: value})."""
    with open(path, newline="") as f:
        return [
            (float(r["time_s"]), {k: float(r[k]) for k in TIMELINE_FIELDS})
            for r in csv.DictReader(f)
        ]


def write_timeline(path, timelines):
    """timelines: {variant: [timeline of each run]} -> per second, the mean
    over the runs that have that second, per variant (empty if none).
    Returns the number of runs per variant."""
    means = {}  # (variant, time) -> [sums, count]
    for variant, runs in timelines.items():
        for timeline in runs:
            for t, values in timeline:
                acc = means.setdefault((variant, t), [dict.fromkeys(TIMELINE_FIELDS, 0.0), 0])
                for k, v in values.items():
                    acc[0][k] += v
                acc[1] += 1
    rows = []
    for t in sorted({t for _, t in means}):
        row = {"time_s": f"{t:g}"}
        for variant in VARIANTS:
            acc = means.get((variant, t))
            for k in TIMELINE_FIELDS:
                row[f"{variant}_{k}"] = f"{acc[0][k] / acc[1]:.4f}" if acc else ""
        rows.append(row)
    write_csv(path, TIMELINE_COLUMNS, rows)
    return {variant: len(runs) for variant, runs in timelines.items()}
