"""Rows -> per (receivers, scheme) summaries with 95 % CIs, the Welch
comparisons of E2-ATBT against the other two (higher or lower only when the
95 % interval of the difference lies on that side of 0, else undecided),
and the text check (figures/buffer-allocation-summary.csv,
buffer-allocation-check.txt)."""

import math

import pandas as pd

from ... import csvio
from ... import verdict
from ...stats import summarize_groups, welch_difference

VALUES = ("aggregate_mbps", "jain_normalized", "jain", "pool_use")
SCHEME_ORDER = ("fixed", "e2atbt", "linux")


def summarize(rows):
    """-> {(receivers, scheme): {column: summarize() dict}}"""
    rows = [{**r, "receivers": int(r["receivers"])} for r in rows]
    return summarize_groups(
        rows, ("receivers", "scheme"), VALUES, lambda k: (k[0], SCHEME_ORDER.index(k[1]))
    )


def write_summary(path, summary):
    csvio.write_summary(path, ("receivers", "scheme"), VALUES, summary)


def read(path):
    return pd.read_csv(path)


def _fmt(s):
    ci = "" if math.isnan(s["ci95"]) else f" +- {s['ci95']:.3g}"
    return f"{s['mean']:.3g}{ci}"


def check(summary, detail, scale_text):
    lines = [
        "Buffers issue, section 4: one sender, many receivers, a 3200 KB pool",
        f"({scale_text}; runs per point:"
        f" {', '.join(map(str, sorted({s['aggregate_mbps']['n'] for s in summary.values()})))};"
        " mean +- 95 % CI over runs)",
        "",
        f"{'receivers':>9} {'scheme':>7} {'aggregate Mb/s':>18} {'Jain (thr/PFTK)':>18} "
        f"{'Jain (thr)':>16} {'pool use':>16}",
    ]
    for (n, scheme), s in summary.items():
        lines.append(
            f"{n:>9} {scheme:>7} {_fmt(s['aggregate_mbps']):>18} {_fmt(s['jain_normalized']):>18} "
            f"{_fmt(s['jain']):>16} {_fmt(s['pool_use']):>16}"
        )
    lines += ["", "E2-ATBT against the others (Welch's 95 % interval of the difference: higher or"
              " lower when it lies on that side of 0, undecided when it straddles 0):"]
    for n in sorted({k[0] for k in summary}):
        e2 = summary.get((n, "e2atbt"))
        for other in ("fixed", "linux"):
            o = summary.get((n, other))
            if not e2 or not o:
                continue
            for v, what in (("aggregate_mbps", "aggregate"), ("jain_normalized", "fairness")):
                j = verdict.greater(welch_difference(e2[v], o[v]), 3)
                said = {verdict.HOLDS: "higher", verdict.FAILS: "lower"}.get(j.verdict, j.verdict)
                if j.verdict == verdict.FAILS and j.hi >= 0:
                    said = "not higher"  # an interval of one point at 0
                lines.append(f"  {n:>3} receivers, {what:>9} vs {other:>5}: {j.text} ({said})")
    if detail:
        lines += ["", "At 100 receivers, run 1: median throughput / PFTK prediction by loss rate"]
        for scheme, (_, conns) in detail.items():
            ratio = (conns["throughput"] / conns["prediction"]).groupby(conns["loss"]).median()
            lines.append(
                f"  {scheme:>7}: " + ", ".join(f"p={p:g}: {r:.2f}" for p, r in ratio.items())
            )
    return "\n".join(lines) + "\n"
