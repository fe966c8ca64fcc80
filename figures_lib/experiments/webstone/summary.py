"""WebSTONE rows -> figures/tableN.csv (raw, sorted), tableN-summary.csv (per
variant: n, then mean and 95 % CI half-width of each metric) and the
timelines -> tableN-timeline.csv (per second and variant: the mean over the
runs, and the lowest and highest run of the memory and connection rate)."""

import csv
import math

import pandas as pd

from ...csvio import write_csv
from ...stats import summarize_groups
from .paper import METRICS, VARIANTS

SUMMARY_COLUMNS = ("variant", "n") + tuple(
    f"{metric}_{stat}" for metric, _ in METRICS for stat in ("mean", "ci95")
)
TIMELINE_FIELDS = ("server_tcb_kb", "connections", "failed")
SPREAD_FIELDS = ("server_tcb_kb", "connections")  # with their min and max over the runs
TIMELINE_COLUMNS = ("time_s",) + tuple(
    col
    for v in VARIANTS
    for f in TIMELINE_FIELDS
    for col in ((f"{v}_{f}",) + ((f"{v}_{f}_min", f"{v}_{f}_max") if f in SPREAD_FIELDS else ()))
)


def _variant_order(variant):
    return (VARIANTS.index(variant) if variant in VARIANTS else len(VARIANTS), variant)


def sort_key(row):
    return (*_variant_order(row["variant"]), int(row["run"]))


def write_raw(path, columns, rows):
    write_csv(path, columns, sorted(rows, key=sort_key))


# Derived per run, before summarizing: body kilobytes (1000 bytes) the
# clients received per completed connection, the quantity behind the gap
# between Table 2's throughput and connection gains (the draft's rows
# imply 53.1 to 53.4 KB).
KB_PER_CONN = "kb_per_conn"


def with_kb_per_conn(rows):
    """rows with KB_PER_CONN added: throughput (Mb/s) over connections/s."""
    out = []
    for row in rows:
        rate = float(row["conn_per_s"])
        kb = float(row["throughput_mbps"]) * 1e6 / 8 / rate / 1e3 if rate > 0 else math.nan
        out.append({**row, KB_PER_CONN: kb})
    return out


def summarize_rows(rows, extra=()):
    """-> {variant: {metric: stats dict}} over METRICS (and the extra
    columns), variants in VARIANTS order."""
    names = [m for m, _ in METRICS] + list(extra)
    groups = summarize_groups(rows, ("variant",), names, lambda key: _variant_order(key[0]))
    return {variant: stats for (variant,), stats in groups.items()}


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
    over the runs that have that second, per variant (empty if none), and
    the lowest and highest run of SPREAD_FIELDS. Returns the number of runs
    per variant."""
    seconds = pd.DataFrame(
        [
            {"variant": variant, "time_s": t, **values}
            for variant, runs in timelines.items()
            for timeline in runs
            for t, values in timeline
        ],
        columns=["variant", "time_s", *TIMELINE_FIELDS],
    )
    grouped = seconds.groupby(["variant", "time_s"])
    means = grouped[list(TIMELINE_FIELDS)].mean()
    lows = grouped[list(SPREAD_FIELDS)].min()
    highs = grouped[list(SPREAD_FIELDS)].max()
    rows = []
    for t in sorted(seconds["time_s"].unique()):
        row = {"time_s": f"{t:g}"}
        for variant in VARIANTS:
            have = (variant, t) in means.index
            for k in TIMELINE_FIELDS:
                row[f"{variant}_{k}"] = f"{means.loc[(variant, t), k]:.4f}" if have else ""
            for k in SPREAD_FIELDS:
                row[f"{variant}_{k}_min"] = f"{lows.loc[(variant, t), k]:.4f}" if have else ""
                row[f"{variant}_{k}_max"] = f"{highs.loc[(variant, t), k]:.4f}" if have else ""
        rows.append(row)
    write_csv(path, TIMELINE_COLUMNS, rows)
    return {variant: len(runs) for variant, runs in timelines.items()}
