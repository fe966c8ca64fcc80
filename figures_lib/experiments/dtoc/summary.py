"""DTOC rows -> raw CSV, summaries (mean and 95 % CI over the runs, pandas
grouping) and the day timelines averaged over the runs."""

import csv
import math

import pandas as pd

from ...csvio import write_csv
from ...stats import summarize_groups
from .paper import VARIANTS, variant_of

# useful_work_pct: the server's CPU on responses users received in time, % of
# the time (busy - dead): unlike useful_pct, which counts requests, it does not
# reward a strategy that sheds large responses and completes small ones.
METRICS = ("useful_pct", "useful_work_pct", "dead_cpu_pct", "response_s", "cpu_busy_pct")
LOAD_SUMMARY_COLUMNS = ("variant", "timeout_s", "load_pct", "n") + tuple(
    f"{m}_{s}" for m in METRICS for s in ("mean", "ci95")
)
DAY_SUMMARY_COLUMNS = ("variant", "day", "timeout_s", "n") + tuple(
    f"{m}_{s}" for m in METRICS for s in ("mean", "ci95")
)
TIMELINE_FIELDS = ("offered_pct", "useful_pct", "queue_length", "dead_cpu_pct")
# the useful throughput's spread over the runs, lowest and highest run per bin
SPREAD = ("useful_pct_min", "useful_pct_max")
TIMELINE_COLUMNS = ("variant", "day", "timeout_s", "start_s", "runs") + TIMELINE_FIELDS + SPREAD


def _variant_order(variant):
    return VARIANTS.index(variant) if variant in VARIANTS else len(VARIANTS)


def sort_key(row):
    return (
        _variant_order(variant_of(row)), row["pattern"], float(row["timeout_s"]),
        float(row["load_pct"]), int(row["run"]),
    )  # fmt: skip


def write_raw(path, columns, rows):
    write_csv(path, columns, sorted(rows, key=sort_key))


def _useful_work(row):
    return float(row["cpu_busy_pct"]) - float(row["dead_cpu_pct"])


def _with_keys(rows):
    return [
        {**r, "variant": variant_of(r), "timeout": float(r["timeout_s"]),
         "load": float(r["load_pct"]), "useful_work_pct": _useful_work(r)}
        for r in rows
    ]  # fmt: skip


def summarize_load(rows):
    """-> {(variant, timeout, load): {metric: stats}}, sorted."""
    return summarize_groups(
        _with_keys(rows), ("variant", "timeout", "load"), METRICS,
        lambda k: (_variant_order(k[0]), k[1], k[2]),
    )  # fmt: skip


def day_key(row):
    """(variant, day, timeout) of a day row."""
    return (variant_of(row), row["pattern"], float(row["timeout_s"]))


def summarize_day(rows):
    """-> {(variant, day, timeout): {metric: stats}} over the day averages."""
    keyed = [{**r, "variant": variant_of(r), "day": r["pattern"],
              "timeout": float(r["timeout_s"]), "useful_work_pct": _useful_work(r)}
             for r in rows]  # fmt: skip
    return summarize_groups(
        keyed, ("variant", "day", "timeout"), METRICS,
        lambda k: (_variant_order(k[0]), k[1], k[2]),
    )  # fmt: skip


def _fmt(x):
    return "" if math.isnan(x) else f"{x:.4f}"


def _summary_rows(stats, names):
    out = []
    for key, metrics in stats.items():
        row = dict(zip(names, (f"{k:g}" if isinstance(k, float) else k for k in key)))
        row["n"] = metrics[METRICS[0]]["n"]
        for m in METRICS:
            row[f"{m}_mean"] = _fmt(metrics[m]["mean"])
            row[f"{m}_ci95"] = _fmt(metrics[m]["ci95"])
        out.append(row)
    return out


def write_load_summary(path, stats):
    write_csv(path, LOAD_SUMMARY_COLUMNS, _summary_rows(stats, ("variant", "timeout_s", "load_pct")))


def write_day_summary(path, stats):
    write_csv(path, DAY_SUMMARY_COLUMNS, _summary_rows(stats, ("variant", "day", "timeout_s")))


def read_timeline(path):
    """A program's timeline file -> list of (start_s, {field: value})."""
    with open(path, newline="") as f:
        return [
            (float(r["start_s"]), {k: float(r[k]) for k in TIMELINE_FIELDS})
            for r in csv.DictReader(f)
        ]


def timeline_means(timelines):
    """{key: [timeline per run]} -> {key: [(start_s, runs, {field: mean,
    and SPREAD: the lowest and highest run's useful throughput})]}."""
    out = {}
    for key, runs in timelines.items():
        frame = pd.DataFrame(
            [{"start_s": t, **values} for timeline in runs for t, values in timeline]
        )
        grouped = frame.groupby("start_s")
        means, counts = grouped[list(TIMELINE_FIELDS)].mean(), grouped.size()
        low, high = grouped["useful_pct"].min(), grouped["useful_pct"].max()
        out[key] = [
            (t, int(counts[t]), {**{f: float(means.loc[t, f]) for f in TIMELINE_FIELDS},
                                 SPREAD[0]: float(low[t]), SPREAD[1]: float(high[t])})
            for t in sorted(means.index)
        ]  # fmt: skip
    return dict(sorted(out.items(), key=lambda kv: (_variant_order(kv[0][0]), kv[0][1], kv[0][2])))


def write_timeline(path, bins):
    rows = [
        {"variant": k[0], "day": k[1], "timeout_s": f"{k[2]:g}", "start_s": f"{t:g}", "runs": n,
         **{f: f"{v[f]:.4f}" for f in TIMELINE_FIELDS + SPREAD}}
        for k, series in bins.items()
        for t, n, v in series
    ]  # fmt: skip
    write_csv(path, TIMELINE_COLUMNS, rows)
