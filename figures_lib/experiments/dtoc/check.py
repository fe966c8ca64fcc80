"""The text check of the DTOC runs against section C of paper-targets.md:
each criterion with its numbers and its verdict, and README's blocks from
the same numbers. Band criteria judge the whole 95 % confidence interval
of the mean over the runs (figures_lib.verdict); orderings need Welch's
95 % interval on one side of 0, the "flat" shape two one-sided tests at 5 %
within the targets' margin."""

import math

from ... import readme, verdict
from ...stats import welch_difference
from .paper import (
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
    PUBLISHED_VARIANTS,
    TIMEOUTS,
    REGULAR_5S_ZERO_FROM,
    REGULAR_8S_CEILING,
    REGULAR_10S_BAND,
    VARIANT_NAMES,
    day_average,
)


def _ok(flag):
    return verdict.HOLDS if flag else verdict.FAILS


def _below(limit):
    """The band's upper end for "below limit" (strictly): bands are closed."""
    return math.nextafter(limit, -math.inf)


def _stat(s, pm="+-"):
    ci = "" if s["ci95"] != s["ci95"] else f" {pm} {s['ci95']:.1f}"
    return f"{s['mean']:.1f}{ci}"


def _useful(stats, variant, timeout, load):
    s = stats.get((variant, float(timeout), float(load)))
    return s["useful_pct"] if s else None


def _runs(stats):
    """The points' runs, "3" or "3 or 10" (the scale's text says which has which)."""
    counts = [str(n) for n in sorted({s["useful_pct"]["n"] for s in stats.values()})]
    if len(counts) < 2:
        return "".join(counts)
    return f"{', '.join(counts[:-1])} or {counts[-1]}"


def judge_load(stats):
    """Figures 2 and 3's criteria -> [(text, verdict, numbers shown, the
    same in brief)]. Bands on the 95 % intervals of the means; the
    9-s ordering by Welch's 95 % intervals; DTOC 5 s "flat" (a shape: every
    two loads within DTOC_5S_SPREAD points, the targets' margin) by two
    one-sided tests at 5 % on every pair of loads."""
    loads = sorted({k[2] for k in stats})
    out = []

    def criterion(text, cells, lo=float("-inf"), hi=float("inf")):
        """cells: (label, summary or None, offset) for every point the
        criterion names at paper scale; the band is [lo, hi] + offset."""
        present = [(label, s, off) for label, s, off in cells if s is not None]
        if not present:
            out.append((text, None, "no points at this scale", ""))
            return
        result = verdict.combine(
            (verdict.band(s, lo + off, hi + off) for _, s, off in present),
            complete=len(present) == len(cells),
        )
        shown = ", ".join(f"{label}: {_stat(s)}" for label, s, _ in present)
        absent = len(cells) - len(present)
        note = f"; {absent} of its {len(cells)} points not at this scale" if absent else ""
        # The cell nearest its band's edge, for README.
        label, s, off = min(present, key=lambda c: min(c[1]["mean"] - lo - c[2], hi + c[2] - c[1]["mean"]))
        edge = lo + off if s["mean"] - lo - off <= hi + off - s["mean"] else hi + off
        brief = f"nearest its bound: {label}, {_stat(s, '±')} (bound {edge:.3g})"
        out.append((text, result, shown + note, brief))

    for variant in PUBLISHED_VARIANTS:
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
    for l in (l for l in loads if l in HIGH_LOADS):
        s8, s9, s10 = (_useful(stats, "regular", t, l) for t in (8, 9, 10))
        if None in (s8, s9, s10):
            continue
        above8 = verdict.greater(welch_difference(s9, s8), 1)
        below10 = verdict.greater(welch_difference(s10, s9), 1)
        out.append((
            f"regular 9 s between 8 s and 10 s at {l:g} % (9 s above 8 s and 10 s above 9 s,"
            " each at 95 %, Welch)",
            verdict.combine([above8.verdict, below10.verdict]),
            f"9-8: {above8.text}: {above8.verdict}; 10-9: {below10.text}: {below10.verdict}",
            f"9 s - 8 s in [{above8.lo:+.1f}, {above8.hi:+.1f}], 10 s - 9 s in"
            f" [{below10.lo:+.1f}, {below10.hi:+.1f}] (95 %)",
        ))  # fmt: skip
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
    cells = [(l, _useful(stats, "dtoc", 5, l)) for l in HIGH_LOADS]
    criterion(f"DTOC 5 s: {lo}-{hi} % at 200-300 %",
              [(f"{l:g} %", s, 0) for l, s in cells], lo, hi)  # fmt: skip
    present = [(l, s) for l, s in cells if s is not None]
    if len(present) > 1:
        pairs = [
            (a, b, verdict.equivalent(welch_difference(sa, sb), DTOC_5S_SPREAD, 1))
            for i, (a, sa) in enumerate(present)
            for b, sb in present[i + 1 :]
        ]
        result = verdict.combine([j.verdict for _, _, j in pairs], complete=len(present) == len(cells))
        means = [s["mean"] for _, s in present]
        worst = max(pairs, key=lambda p: max(abs(p[2].lo), abs(p[2].hi)))
        out.append((
            f"DTOC 5 s: flat from 200 % up (every two loads within {DTOC_5S_SPREAD} points: two"
            " one-sided tests at 5 %, Welch, margin the targets' 6 points)",
            result,
            f"spread of the means {max(means) - min(means):.1f}; "
            + "; ".join(f"{a:g}-{b:g} %: {j.text.split('; margin')[0]}: {j.verdict}" for a, b, j in pairs),
            f"spread of the means {max(means) - min(means):.1f} points; widest: {worst[0]:g} % -"
            f" {worst[1]:g} % in [{worst[2].lo:+.1f}, {worst[2].hi:+.1f}] (90 %), margin"
            f" ±{DTOC_5S_SPREAD}",
        ))  # fmt: skip
    return out


def report_load(stats, scale_text):
    """-> text: figures 2 and 3 against their bands."""
    lines = [f"DTOC paper, figures 2 and 3 ({scale_text}); useful throughput, % of capacity",
             f"Runs per point: {_runs(stats)}; mean +- 95 % confidence half-width over the runs.",
             ""]  # fmt: skip
    for (variant, timeout, load), s in stats.items():
        lines.append(
            f"  {VARIANT_NAMES[variant]:<26} timeout {timeout:>4g} s  load {load:>5g} %:  "
            f"useful {_stat(s['useful_pct']):>14}   useful work {_stat(s['useful_work_pct']):>12}"
            f"   CPU on dead work {_stat(s['dead_cpu_pct'])}"
        )
    lines += ["", "Bands: the 95 % interval of the mean inside (holds), outside (fails) or"
              " straddling an end (undecided); orderings and shapes at 95 % confidence:"]  # fmt: skip
    judged = judge_load(stats)
    for text, result, shown, _ in judged:
        lines.append(f"  {text}: {shown}" if result is None else f"  {text}: {result} ({shown})")
    lines += ["", f"  {verdict.tally([r for _, r, _, _ in judged if r is not None])}", ""]
    return "\n".join(lines)


def readme_load(stats):
    """README's block of figures 2 and 3: the verdicts, the closest calls,
    and today's alternatives at 5 s and 200 %."""
    judged = [(t, r, b) for t, r, _, b in judge_load(stats) if r is not None]
    items = [f"- {text.split(' (')[0]}: **{result}** ({brief})" for text, result, brief in judged]
    alt = {v: stats.get((v, 5.0, 200.0)) for v in ("dtoc", "dtoc-inservice", "abortonclose", "codel", "lifo")}
    text = (
        f"[figures/dtoc-load-check.txt](figures/dtoc-load-check.txt), {_runs(stats)} runs per"
        f" point: {verdict.tally([r for _, r, _ in judged])}. Bands and orderings on 95 %"
        " intervals, \"flat\" by two one-sided tests:"
    )
    if all(alt.values()):
        text2 = (
            "Beyond the paper, at 5 s and 200 % load, useful throughput (requests) and useful"
            " work (CPU on requests that completed in time), % of capacity: "
            + "; ".join(
                f"{VARIANT_NAMES[v]} {s['useful_pct']['mean']:.1f} and {s['useful_work_pct']['mean']:.1f}"
                for v, s in alt.items()
            )
            + "."
        )
    else:
        text2 = ""
    return {"dtoc-load": readme.paragraph(text) + "\n\n" + "\n".join(items)
            + ("\n\n" + readme.paragraph(text2) if text2 else "")}  # fmt: skip


def _livelock(bins, period):
    """The regular 5-s server's livelock per day -> [(day, verdict, text)].
    The targets: "from the first overload period on, useful throughput stays
    below 2 % of capacity to the end of the day". Read here: below 2 % in
    every bin from one inside the first overload period to the end of the
    day (the queue of 1024 takes a while to fill once the overload begins),
    in every run (the highest run's bin, not the mean's); the literal
    reading, from the first overload bin on, is reported too."""
    out = []
    for (variant, day, timeout), series in bins.items():
        if variant != "regular" or timeout != 5:
            continue
        first = next((t for t, _, v in series if v["offered_pct"] > 100), None)
        if first is None:
            continue
        after = [(t, v["useful_pct_max"]) for t, _, v in series if t >= first]
        onset = next(
            (t for i, (t, _) in enumerate(after)
             if all(u < LIVELOCK_CEILING for _, u in after[i:])),
            None,
        )  # fmt: skip
        flag = onset is not None and onset < first + period
        before = [u for t, u in after if onset is None or t < onset]
        literal = _ok(onset == first)
        out.append((
            day,
            _ok(flag),
            f"below {LIVELOCK_CEILING} % from {onset:g} s to the end of the day"
            if onset is not None else f"never below {LIVELOCK_CEILING} % to the end of the day",
            f"first overload period {first:g}-{first + period:g} s; read literally, from {first:g} s"
            f" on: {literal}" + (f" (the bins from {first:g} s to {onset:g} s, while the queue"
                                 f" fills, reach {max(before):.1f} %)" if before else ""),
        ))  # fmt: skip
    return out


def report_day(stats, bins, period, scale_text):
    """-> text: figures 6 and 7 against their rules."""
    lines = [f"DTOC paper, figures 6 and 7 ({scale_text}); day average of the useful "
             "throughput, % of capacity",
             f"Runs per point: {_runs(stats)}; mean +- 95 % confidence half-width over the runs;"
             f" the paper's averages +-{DAY_TOLERANCE} points, judged on the 95 % interval"
             " (inside: holds, outside: fails, straddling: undecided).",
             ""]  # fmt: skip
    verdicts = []
    for (variant, day, timeout), s in stats.items():
        line = f"  {day:<6} day  {VARIANT_NAMES[variant]:<26} timeout {timeout:>4g} s: " + _stat(
            s["useful_pct"]
        )
        result = _day_verdict(variant, day, timeout, s)
        if result:
            paper, result = result
            verdicts.append(result)
            line += f"   paper {paper}, +-{DAY_TOLERANCE}: {result}"
        lines.append(line)
    for day, result, when, note in _livelock(bins, period):
        verdicts.append(result)
        lines.append(
            f"  {day} day, regular 5 s: livelock, the targets' words: \"from the first overload"
            f" period on, useful throughput stays below {LIVELOCK_CEILING} % of capacity to the end"
            f" of the day\"; judged as: below {LIVELOCK_CEILING} % from a bin inside the first"
            f" overload period to the end of the day, in every run: {result} ({when};"
            f" {note})"
        )
    lines += ["", f"  {verdict.tally(verdicts)}", ""]
    return "\n".join(lines)


def _day_verdict(variant, day, timeout, s):
    """(paper's day average, verdict) of a variant the paper published, or None."""
    paper = day_average(variant, day, timeout)
    if paper is None:
        return None
    return paper, verdict.band(s["useful_pct"], paper - DAY_TOLERANCE, paper + DAY_TOLERANCE)


def readme_day(stats, bins, period):
    """README's block of figures 6 and 7: each day average against the
    paper's, and the livelock rule."""
    verdicts, cells = [], {}
    for (variant, day, timeout), s in stats.items():
        result = _day_verdict(variant, day, timeout, s)
        if result:
            paper, v = result
            verdicts.append(v)
            cells.setdefault(day, []).append(
                f"{VARIANT_NAMES[variant]} {timeout:g} s {_stat(s['useful_pct'], '±')} (paper {paper}:"
                f" {v})"
            )
    live = _livelock(bins, period)
    verdicts += [r for _, r, _, _ in live]
    text = (
        f"[figures/dtoc-day-check.txt](figures/dtoc-day-check.txt), {_runs(stats)} runs of each"
        f" day: {verdict.tally(verdicts)}. Day averages of the useful throughput, % of capacity,"
        f" mean ± 95 % CI (the criterion: within {DAY_TOLERANCE} points of the paper's; the"
        " interval inside holds, straddling is undecided): "
        + "; ".join(f"{day} day: " + ", ".join(c) for day, c in cells.items())
        + ". The regular server at 5 s, livelock (below "
        f"{LIVELOCK_CEILING} % from the first overload period on): "
        + "; ".join(f"{day} day {r} ({when}; {note})" for day, r, when, note in live)
        + "."
    )
    return {"dtoc-day": readme.paragraph(text)}
