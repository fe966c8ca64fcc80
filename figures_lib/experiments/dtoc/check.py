"""The text check of the DTOC runs against section C of paper-targets.md:
each criterion with its numbers and whether it holds. Band criteria judge
the mean over the runs; orderings need Welch's test at 95 %."""

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
    REGULAR_5S_ZERO_FROM,
    REGULAR_8S_CEILING,
    REGULAR_10S_BAND,
    VARIANT_NAMES,
)


def _ok(flag):
    return "holds" if flag else "DOES NOT HOLD"


def _stat(s):
    ci = "" if s["ci95"] != s["ci95"] else f" +- {s['ci95']:.1f}"
    return f"{s['mean']:.1f}{ci}"


def _useful(stats, variant, timeout, load):
    s = stats.get((variant, float(timeout), float(load)))
    return s["useful_pct"] if s else None


def report_load(stats, scale_text):
    """-> text: figures 2 and 3 against their bands."""
    lines = [f"DTOC paper, figures 2 and 3 ({scale_text}); useful throughput, % of capacity", ""]
    loads = sorted({k[2] for k in stats})
    timeouts = sorted({k[1] for k in stats})
    for (variant, timeout, load), s in stats.items():
        lines.append(
            f"  {VARIANT_NAMES[variant]:<26} timeout {timeout:>4g} s  load {load:>5g} %:  "
            f"useful {_stat(s['useful_pct']):>14}   useful work {_stat(s['useful_work_pct']):>12}"
            f"   CPU on dead work {_stat(s['dead_cpu_pct'])}"
        )
    lines.append("")
    verdicts = []

    def criterion(text, cells, rule):
        cells = [(label, s) for label, s in cells if s is not None]
        if not cells:
            lines.append(f"  {text}: no points at this scale")
            return
        flag = all(rule(s) for _, s in cells)
        verdicts.append(flag)
        shown = ", ".join(f"{label}: {_stat(s)}" for label, s in cells)
        lines.append(f"  {text}: {_ok(flag)} ({shown})")

    for variant in ("regular", "dtoc"):
        cells = [
            (f"{t:g} s at {l:g} %", _useful(stats, variant, t, l), l)
            for t in timeouts
            for l in loads
            if l <= LOW_LOAD
        ]
        cells = [(label, s, l) for label, s, l in cells if s is not None]
        if cells:
            flag = all(abs(s["mean"] - l) <= LOW_LOAD_TOLERANCE for _, s, l in cells)
            verdicts.append(flag)
            lines.append(
                f"  {VARIANT_NAMES[variant]}, every timeout, loads <= {LOW_LOAD} %: within "
                f"{LOW_LOAD_TOLERANCE} points of the offered load: {_ok(flag)} ("
                + ", ".join(f"{label}: {_stat(s)}" for label, s, _ in cells) + ")"
            )
    high = [l for l in loads if l in HIGH_LOADS]
    criterion(
        f"regular 5 s: 0 at every load from {REGULAR_5S_ZERO_FROM} % up",
        [(f"{l:g} %", _useful(stats, "regular", 5, l)) for l in loads if l >= REGULAR_5S_ZERO_FROM],
        lambda s: s["mean"] < 0.5,
    )
    criterion(
        f"regular 8 s: below {REGULAR_8S_CEILING} % at 200-300 %",
        [(f"{l:g} %", _useful(stats, "regular", 8, l)) for l in high],
        lambda s: s["mean"] < REGULAR_8S_CEILING,
    )
    lo, hi = REGULAR_10S_BAND
    criterion(
        f"regular 10 s: {lo}-{hi} % at 200-300 %",
        [(f"{l:g} %", _useful(stats, "regular", 10, l)) for l in high],
        lambda s: lo <= s["mean"] <= hi,
    )
    for l in high:
        s8, s9, s10 = (_useful(stats, "regular", t, l) for t in (8, 9, 10))
        if None in (s8, s9, s10):
            continue
        d1, h1, sig1 = welch(s9, s8)
        d2, h2, sig2 = welch(s10, s9)
        flag = d1 > 0 and d2 > 0 and sig1 and sig2
        verdicts.append(flag)
        lines.append(
            f"  regular 9 s between 8 s and 10 s at {l:g} %: {_ok(flag)} (9-8: {d1:+.1f} +- "
            f"{h1:.1f}{'' if sig1 else ', not significant'}; 10-9: {d2:+.1f} +- {h2:.1f}"
            f"{'' if sig2 else ', not significant'})"
        )
    criterion(
        f"DTOC 8/9/10 s: at least {DTOC_LONG_FLOOR} % at every load from {DTOC_LONG_FROM} % up",
        [
            (f"{t:g} s at {l:g} %", _useful(stats, "dtoc", t, l))
            for t in (8, 9, 10)
            for l in loads
            if l >= DTOC_LONG_FROM
        ],
        lambda s: s["mean"] >= DTOC_LONG_FLOOR,
    )
    lo, hi = DTOC_5S_BAND
    cells = [(f"{l:g} %", _useful(stats, "dtoc", 5, l)) for l in high]
    criterion(f"DTOC 5 s: {lo}-{hi} % at 200-300 %", cells, lambda s: lo <= s["mean"] <= hi)
    means = [s["mean"] for _, s in cells if s is not None]
    if len(means) > 1:
        spread = max(means) - min(means)
        flag = spread <= DTOC_5S_SPREAD
        verdicts.append(flag)
        lines.append(
            f"  DTOC 5 s: flat from 200 % up (spread <= {DTOC_5S_SPREAD} points): {_ok(flag)} "
            f"(spread {spread:.1f})"
        )
    lines += ["", f"  {sum(verdicts)} of {len(verdicts)} criteria hold", ""]
    return "\n".join(lines)


def report_day(stats, bins, period, scale_text):
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
                flag = abs(s["useful_pct"]["mean"] - paper) <= DAY_TOLERANCE
                verdicts.append(flag)
                line += f"   paper {paper}, +-{DAY_TOLERANCE}: {_ok(flag)}"
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
        verdicts.append(flag)
        when = "never" if onset is None else f"from {onset:g} s"
        lines.append(
            f"  {day} day, regular 5 s: livelock (below {LIVELOCK_CEILING} %) entered in the first "
            f"overload period ({first:g}-{first + period:g} s) and never left: {_ok(flag)} "
            f"({when}; highest bin after the first overload began {max(u for _, u in after):.1f} %)"
        )
    lines += ["", f"  {sum(verdicts)} of {len(verdicts)} criteria hold", ""]
    return "\n".join(lines)
