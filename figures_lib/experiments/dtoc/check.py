"""The text check of the DTOC runs against section C of paper-targets.md:
each criterion with its numbers and whether it holds. Band criteria judge
the mean over the runs at paper scale and the whole confidence interval at
quick scale (figures_lib.verdict); orderings need Welch's test at 95 %."""

import math

from ... import verdict
from ...stats import welch
from .paper import (
    DAY_AVERAGES,
    DAY_TOLERANCE,
    DTOC_5S_BAND,
    DTOC_5S_SPREAD,
    DTOC_LONG_FLOOR,
    DTOC_LONG_FROM,
    HIGH_LOADS,
    LIVELOCK_CEILING,
    LOW_LOAD,
    LOW_LOAD_TOLERANCE,
    PAPER_LOADS,
    TIMEOUTS,
    REGULAR_5S_ZERO_FROM,
    REGULAR_8S_CEILING,
    REGULAR_10S_BAND,
    VARIANT_NAMES,
)


def _ok(flag):
    return verdict.HOLDS if flag else verdict.FAILS


def _below(limit):
    """The band's upper end for "below limit" (strictly): bands are closed."""
    return math.nextafter(limit, -math.inf)


def _stat(s):
    ci = "" if s["ci95"] != s["ci95"] else f" +- {s['ci95']:.1f}"
    return f"{s['mean']:.1f}{ci}"


def _useful(stats, variant, timeout, load):
    s = stats.get((variant, float(timeout), float(load)))
    return s["useful_pct"] if s else None


def report_load(stats, scale_text, quick=False):
    """-> text: figures 2 and 3 against their bands."""
    lines = [f"DTOC paper, figures 2 and 3 ({scale_text}); useful throughput, % of capacity", ""]
    loads = sorted({k[2] for k in stats})
    for (variant, timeout, load), s in stats.items():
        lines.append(
            f"  {VARIANT_NAMES[variant]:<26} timeout {timeout:>4g} s  load {load:>5g} %:  "
            f"useful {_stat(s['useful_pct']):>14}   useful work {_stat(s['useful_work_pct']):>12}"
            f"   CPU on dead work {_stat(s['dead_cpu_pct'])}"
        )
    lines.append("")
    verdicts = []

    def criterion(text, cells, lo=float("-inf"), hi=float("inf")):
        """cells: (label, summary or None, offset) for every point the
        criterion names at paper scale; the band is [lo, hi] + offset."""
        present = [(label, s, off) for label, s, off in cells if s is not None]
        if not present:
            lines.append(f"  {text}: no points at this scale")
            return
        result = verdict.combine(
            (verdict.band(s, lo + off, hi + off, quick) for _, s, off in present),
            complete=len(present) == len(cells),
        )
        verdicts.append(result)
        shown = ", ".join(f"{label}: {_stat(s)}" for label, s, _ in present)
        absent = len(cells) - len(present)
        note = f"; {absent} of its {len(cells)} points not at this scale" if absent else ""
        lines.append(f"  {text}: {result} ({shown}{note})")

    for variant in ("regular", "dtoc"):
        criterion(
            f"{VARIANT_NAMES[variant]}, every timeout, loads <= {LOW_LOAD} %: within "
            f"{LOW_LOAD_TOLERANCE} points of the offered load",
            [
                (f"{t:g} s at {l:g} %", _useful(stats, variant, t, l), l)
                for t in TIMEOUTS
                for l in PAPER_LOADS
                if l <= LOW_LOAD
            ],
            -LOW_LOAD_TOLERANCE,
            LOW_LOAD_TOLERANCE,
        )
    criterion(
        f"regular 5 s: 0 at every load from {REGULAR_5S_ZERO_FROM} % up",
        [(f"{l:g} %", _useful(stats, "regular", 5, l), 0) for l in PAPER_LOADS
         if l >= REGULAR_5S_ZERO_FROM],
        hi=_below(0.5),
    )  # fmt: skip
    criterion(
        f"regular 8 s: below {REGULAR_8S_CEILING} % at 200-300 %",
        [(f"{l:g} %", _useful(stats, "regular", 8, l), 0) for l in HIGH_LOADS],
        hi=_below(REGULAR_8S_CEILING),
    )
    lo, hi = REGULAR_10S_BAND
    criterion(
        f"regular 10 s: {lo}-{hi} % at 200-300 %",
        [(f"{l:g} %", _useful(stats, "regular", 10, l), 0) for l in HIGH_LOADS],
        lo,
        hi,
    )
    high = [l for l in loads if l in HIGH_LOADS]
    for l in high:
        s8, s9, s10 = (_useful(stats, "regular", t, l) for t in (8, 9, 10))
        if None in (s8, s9, s10):
            continue
        d1, h1, sig1 = welch(s9, s8)
        d2, h2, sig2 = welch(s10, s9)
        flag = d1 > 0 and d2 > 0 and sig1 and sig2
        verdicts.append(_ok(flag))
        lines.append(
            f"  regular 9 s between 8 s and 10 s at {l:g} %: {_ok(flag)} (9-8: {d1:+.1f} +- "
            f"{h1:.1f}{'' if sig1 else ', not significant'}; 10-9: {d2:+.1f} +- {h2:.1f}"
            f"{'' if sig2 else ', not significant'})"
        )
    criterion(
        f"DTOC 8/9/10 s: at least {DTOC_LONG_FLOOR} % at every load from {DTOC_LONG_FROM} % up",
        [
            (f"{t:g} s at {l:g} %", _useful(stats, "dtoc", t, l), 0)
            for t in (8, 9, 10)
            for l in PAPER_LOADS
            if l >= DTOC_LONG_FROM
        ],
        lo=DTOC_LONG_FLOOR,
    )
    lo, hi = DTOC_5S_BAND
    cells = [(f"{l:g} %", _useful(stats, "dtoc", 5, l), 0) for l in HIGH_LOADS]
    criterion(f"DTOC 5 s: {lo}-{hi} % at 200-300 %", cells, lo, hi)
    means = [s["mean"] for _, s, _ in cells if s is not None]
    if len(means) > 1:
        spread = max(means) - min(means)
        result = _ok(spread <= DTOC_5S_SPREAD)
        if quick or len(means) < len(cells):
            result = verdict.INDICATIVE if result == verdict.HOLDS else result
        verdicts.append(result)
        lines.append(
            f"  DTOC 5 s: flat from 200 % up (spread <= {DTOC_5S_SPREAD} points): {result} "
            f"(spread {spread:.1f} of the means)"
        )
    lines += ["", f"  {verdict.tally(verdicts)}", ""]
    return "\n".join(lines)


def report_day(stats, bins, period, scale_text, quick=False):
    """-> text: figures 6 and 7 against their rules."""
    lines = [f"DTOC paper, figures 6 and 7 ({scale_text}); day average of the useful "
             "throughput, % of capacity", ""]  # fmt: skip
    verdicts = []
    for (variant, day, timeout), s in stats.items():
        line = f"  {day:<6} day  {VARIANT_NAMES[variant]:<26} timeout {timeout:>4g} s: " + _stat(
            s["useful_pct"]
        )
        published = DAY_AVERAGES.get((day, int(timeout)))
        if published and variant in ("regular", "dtoc"):
            paper = published[0 if variant == "regular" else 1]
            if paper is not None:
                result = verdict.band(
                    s["useful_pct"], paper - DAY_TOLERANCE, paper + DAY_TOLERANCE, quick
                )
                verdicts.append(result)
                line += f"   paper {paper}, +-{DAY_TOLERANCE}: {result}"
        lines.append(line)
    for (variant, day, timeout), series in bins.items():
        if variant != "regular" or timeout != 5:
            continue
        first = next((t for t, _, v in series if v["offered_pct"] > 100), None)
        if first is None:
            continue
        # The queue needs a while to fill once the overload starts: livelock
        # sets in during the first overload period and is never left.
        after = [(t, v["useful_pct"]) for t, _, v in series if t >= first]
        onset = next(
            (t for i, (t, _) in enumerate(after)
             if all(u < LIVELOCK_CEILING for _, u in after[i:])),
            None,
        )  # fmt: skip
        flag = onset is not None and onset < first + period
        verdicts.append(_ok(flag))
        when = "never" if onset is None else f"from {onset:g} s"
        lines.append(
            f"  {day} day, regular 5 s: livelock (below {LIVELOCK_CEILING} %) entered in the first "
            f"overload period ({first:g}-{first + period:g} s) and never left: {_ok(flag)} "
            f"({when}; highest bin after the first overload began {max(u for _, u in after):.1f} %)"
        )
    lines += ["", f"  {verdict.tally(verdicts)}", ""]
    return "\n".join(lines)
