"""The rows -> summaries, the text check against the page, and the table of
today's hosts (figures/iw-delack-check.txt, iw-delack-phases.csv,
iw-delack-today.csv)."""

import math

import pandas as pd

from ... import readme, verdict
from ...csvio import write_csv
from ...stats import summarize
from .paper import CASES, CLIENTS, CONFIGURATIONS, PUBLISHED, SERVERS, SPREAD_CASE, TICK_MS


def frame(rows):
    f = pd.DataFrame(rows)
    for c in ("iw", "run", "delayed_acks", "first_difference", "completed"):
        f[c] = f[c].astype(int)
    for c in ("transfer_ms", "client_tick_ms", "server_tick_ms"):
        f[c] = f[c].astype(float)
    return f


def documented(f):
    """figure -> the row of the case at its documented phases."""
    rows = f[(f["case"] != "custom") & (f["phase"] == "case")]
    return {r["case"]: r for _, r in rows.iterrows()}


def random_phases(f):
    """figure -> transfer times (ms) over random phases, and their rows."""
    rows = f[(f["case"] != "custom") & (f["phase"] == "random")]
    return {case: g for case, g in rows.groupby("case")}


def today(f):
    """(server, iw, client) -> rows over random phases."""
    rows = f[f["case"] == "custom"]
    return {key: g for key, g in rows.groupby(["server", "iw", "client"])}


def _ci(values):
    s = summarize(values)
    return s["mean"], s["ci95"]


def write_phase_summary(path, groups):
    columns = ("configuration", "n", "min_ms", "median_ms", "max_ms", "mean_ms", "ci95_ms", "delayed_share")
    rows = []
    for cases, label in CONFIGURATIONS:
        g = groups.get(cases[0])
        if g is None:
            continue
        t = g["transfer_ms"]
        mean, ci = _ci(t.tolist())
        rows.append({
            "configuration": label, "n": len(t), "min_ms": f"{t.min():.3f}", "median_ms": f"{t.median():.3f}",
            "max_ms": f"{t.max():.3f}", "mean_ms": f"{mean:.3f}",
            "ci95_ms": "" if math.isnan(ci) else f"{ci:.3f}",
            "delayed_share": f"{(g['delayed_acks'] > 0).mean():.3f}",
        })  # fmt: skip
    write_csv(path, columns, rows)


def write_today(path, groups):
    columns = ("server", "iw", "client", "n", "mean_ms", "ci95_ms", "delayed_share")
    rows = []
    for server, windows in SERVERS:
        for iw in windows:
            for client in CLIENTS:
                g = groups.get((server, iw, client))
                if g is None:
                    continue
                mean, ci = _ci(g["transfer_ms"].tolist())
                rows.append({
                    "server": server, "iw": iw, "client": client, "n": len(g),
                    "mean_ms": f"{mean:.3f}", "ci95_ms": "" if math.isnan(ci) else f"{ci:.3f}",
                    "delayed_share": f"{(g['delayed_acks'] > 0).mean():.3f}",
                })  # fmt: skip
    write_csv(path, columns, rows)


def spread_over_tick(times, tick=TICK_MS, level=0.95):
    """Is the extra delay spread over (0, tick] ms? times: the transfer
    times (ms) of one configuration over random boot phases. The extra
    delay of a phase is its time over the no-delay reference, the smallest
    time of the set (the phase whose tick comes as the first segment is
    taken in, so that the ACK does not wait). Holds when no extra delay
    exceeds one tick interval and the uniform distribution on (0, tick],
    which a uniformly random boot phase gives, lies inside the
    Dvoretzky-Kiefer-Wolfowitz confidence band of the extra delays'
    distribution function at this level: their largest distance D to it at
    most eps = sqrt(ln(2 / (1 - level)) / (2 n)). Fails otherwise: extra
    delays beyond one interval (a second wait that depends on the phase),
    or bunched (a per-segment timer's constant delay, or delays that skip
    part of the interval). -> dict: verdict, n, reference, extra delays'
    max and median, d, eps."""
    t = sorted(float(x) for x in times)
    n = len(t)
    if n < 2:
        return {"verdict": verdict.INDICATIVE, "n": n}
    extra = [x - t[0] for x in t]
    u = [min(x / tick, 1.0) for x in extra]
    d = max(max((i + 1) / n - ui, ui - i / n) for i, ui in enumerate(u))
    eps = math.sqrt(math.log(2 / (1 - level)) / (2 * n))
    holds = extra[-1] <= tick + 1e-9 and d <= eps
    return {
        "verdict": verdict.HOLDS if holds else verdict.FAILS, "n": n, "reference": t[0],
        "max": extra[-1], "median": float(pd.Series(extra).median()), "d": d, "eps": eps,
    }  # fmt: skip


def _spread_text(r):
    if r["n"] < 2:
        return f"{r['n']} phases, too few"
    return (
        f"extra delay over the reference ({r['reference']:.1f} ms) 0 to {r['max']:.1f} ms"
        f" (median {r['median']:.1f}); D = {r['d']:.3f} against eps = {r['eps']:.3f} (n {r['n']})"
    )


def judge_spread(f):
    """The targets' random-phase criterion (section B, Figure 2.1's row):
    -> (verdict, text) of SPREAD_CASE's configuration."""
    g = random_phases(f).get(SPREAD_CASE)
    r = spread_over_tick([] if g is None else g["transfer_ms"].tolist())
    return r["verdict"], _spread_text(r)


def judge(f):
    """Each page figure at its documented phases -> {case: (published ms,
    band lo, hi, simulated ms or None, band verdict, trace verdict, trace
    text)}. One run per figure at its documented phases: the band is
    judged on its value (no replications, no interval); the trace criterion
    (paper-targets.md, section B: the page's sequence of segments, sizes,
    ACKs and delayed ACKs) holds when the trace is the page's throughout."""
    doc = documented(f)
    out = {}
    for case in CASES:
        pub, tol, _ = PUBLISHED[case]
        lo, hi = pub * (1 - tol), pub * (1 + tol)
        r = doc.get(case)
        if r is None:
            out[case] = (pub, lo, hi, None, verdict.INDICATIVE, verdict.INDICATIVE, "missing")
            continue
        ms = r["transfer_ms"]
        same = r["page"] == "same"
        trace = "same as the page" if same else f"differs from line {r['first_difference']}"
        out[case] = (pub, lo, hi, ms, verdict.HOLDS if lo <= ms <= hi else verdict.FAILS,
                     verdict.HOLDS if same else verdict.FAILS, trace)  # fmt: skip
    return out


def report(f, scale_text):
    """-> (text, every page case in its band and the page's trace)."""
    judged = judge(f)
    lines = [
        f"Seed 002 check: simulation ({scale_text}) vs the page",
        "At each figure's documented boot phases (iw-delack doc; runs per point: 1, the band",
        "judged on its value): transfer time against the band of paper-targets.md section B,",
        "and the trace against the page's, segment by segment (direction, flags but PSH, data,",
        "ACK number, which bare ACKs were delayed). Each figure's boot phase is read from its",
        "own trace (the client's first tick set to the page's first delayed ACK), so at those",
        "phases the time bands are nearly automatic: the traces are the real test.",
        "",
        "figure  published  band (ms)        simulated  band           trace",
    ]
    for case, (pub, lo, hi, ms, in_band, same, trace) in judged.items():
        if ms is None:
            lines.append(f"{case:6}  {pub:7.1f}    {lo:7.1f}-{hi:<7.1f}  missing")
            continue
        lines.append(
            f"{case:6}  {pub:7.1f}    {lo:7.1f}-{hi:<7.1f}  {ms:9.2f}  {in_band:<13}  {trace}:"
            f" {same}"
        )
    lines += [
        "",
        "Over random boot phases of both hosts: transfer time (ms), and the share of runs",
        "in which some bare ACK waited for a tick (> 30 ms after the segment before it).",
        f"{'configuration':42}   n     min  median     max   mean +-CI95  delayed",
    ]
    phases = random_phases(f)
    for cases, label in CONFIGURATIONS:
        g = phases.get(cases[0])
        if g is None:
            lines.append(f"{label:42} missing")
            continue
        t = g["transfer_ms"]
        mean, ci = _ci(t.tolist())
        lines.append(
            f"{label:42} {len(t):4d} {t.min():7.1f} {t.median():7.1f} {t.max():7.1f}"
            f" {mean:7.1f} {ci:5.1f}   {(g['delayed_acks'] > 0).mean():5.0%}"
        )
    spread, spread_text = judge_spread(f)
    lines += [
        "",
        "Figure 2.1 over random phases (paper-targets.md section B: \"the extra delay is spread",
        f"over (0, {TICK_MS:g}] ms\"). Rule: a phase's extra delay is its transfer time over the",
        "no-delay reference, the smallest of the configuration's times (the phase whose tick",
        "comes as the first segment is taken in: that ACK does not wait); the criterion holds",
        f"when no extra delay exceeds {TICK_MS:g} ms (one tick interval) and the uniform",
        f"distribution on (0, {TICK_MS:g}] (what a uniformly random boot phase gives) lies inside",
        "the 95 % Dvoretzky-Kiefer-Wolfowitz band of the extra delays' distribution function",
        "(their largest distance D to it at most eps = sqrt(ln(2/0.05) / 2n)); else it fails.",
        f"  {CONFIGURATIONS[0][1]}: {spread_text}: {spread}",
        "  (the reference still holds the second delayed ACK, which waits a whole interval at",
        "  every phase, the doc: the spread is the first ACK's wait for the tick)",
        "For information, the same rule on the page's other configurations:",
    ]
    for cases, label in CONFIGURATIONS:
        if SPREAD_CASE in cases:
            continue
        g = phases.get(cases[0])
        if g is not None and not (g["delayed_acks"] > 0).any():
            lines.append(f"  {label}: no ACK waits for a tick at any phase: the rule does not apply")
            continue
        r = spread_over_tick([] if g is None else g["transfer_ms"].tolist())
        lines.append(f"  {label}: {_spread_text(r)}: would be {r['verdict']}")
    groups = today(f)
    lines += [
        "",
        "Today: mean transfer time (ms) +-CI95 over random phases [share with a delayed ACK]",
        f"{'server, initial window':34}" + "".join(f"{c:>24}" for c in CLIENTS),
    ]
    for server, windows in SERVERS:
        for iw in windows:
            cells = []
            for client in CLIENTS:
                g = groups.get((server, iw, client))
                if g is None:
                    cells.append(f"{'missing':>24}")
                    continue
                mean, ci = _ci(g["transfer_ms"].tolist())
                share = (g["delayed_acks"] > 0).mean()
                cells.append(f"{mean:11.1f} +-{ci:5.1f} [{share:3.0%}]".rjust(24))
            lines.append(f"{server + ', IW ' + str(iw):34}" + "".join(cells))
    bands = [j[4] for j in judged.values()]
    traces = [j[5] for j in judged.values()]
    differ = [case for case, j in judged.items() if j[5] == verdict.FAILS]
    lines += [
        "",
        f"page cases in their bands: {verdict.tally(bands)}",
        f"page traces segment for segment: {verdict.tally(traces)}"
        + (f" ({', '.join(differ)} differ)" if differ else ""),
        f"random phases, Figure 2.1's extra delay spread over (0, {TICK_MS:g}] ms:"
        f" {verdict.tally([spread])}",
        f"all: {verdict.tally(bands + traces + [spread])}",
    ]
    every = bands + traces + [spread]
    return "\n".join(lines) + "\n", all(v == verdict.HOLDS for v in every)


def readme_block(f):
    """README's block: the page figures' times and traces, and the spread
    over random phases (the check's numbers)."""
    judged = judge(f)
    rows = ["| Figure | published | band | simulated | band | trace |", "|---|---:|---|---:|---|---|"]
    for case, (pub, lo, hi, ms, in_band, same, trace) in judged.items():
        tol = PUBLISHED[case][1]
        sim = "missing" if ms is None else f"{ms:.1f} ms"
        rows.append(f"| {case} | {pub:g} ms | ±{tol * 100:.0f} % | {sim} | {in_band} | {trace} |")
    bands = [j[4] for j in judged.values()]
    traces = [j[5] for j in judged.values()]
    differ = [case for case, j in judged.items() if j[5] == verdict.FAILS]
    at_top = [case for case, j in judged.items() if j[3] is not None
              and j[4] == verdict.HOLDS and j[3] > j[0] + 0.9 * (j[2] - j[0])]  # fmt: skip
    phases = random_phases(f)
    spread_lines = []
    for cases, label in CONFIGURATIONS:
        g = phases.get(cases[0])
        if g is not None:
            t = g["transfer_ms"]
            spread_lines.append(
                f"{label.split(' (')[0]}: {t.min():.0f} to {t.max():.0f} ms, a delayed ACK in"
                f" {(g['delayed_acks'] > 0).mean() * 100:.0f} % of {len(t)} phases"
            )
    spread, spread_text = judge_spread(f)
    text = (
        f"[figures/iw-delack-check.txt](figures/iw-delack-check.txt), one run per figure at"
        " its documented phases. Each phase is read from the figure's own trace, so at those"
        " phases the time bands are nearly automatic: the traces are the real test."
        f" Times in their bands: {verdict.tally(bands)}"
        + (f"; {', '.join(at_top)} in the top tenth of its band" if at_top else "")
        + f". Traces the page's segment for segment: {verdict.tally(traces)}"
        + (f"; {' and '.join(differ)} differ" if differ else "")
        + ". Over random boot phases of both hosts: " + "; ".join(spread_lines) + "."
        + f" Figure 2.1's extra delay spread over (0, {TICK_MS:g}] ms (section B; the rule in"
        " the check: no extra delay beyond one interval, the uniform distribution inside the"
        f" 95 % DKW band): {spread_text}: {spread}."
    )
    return {"iw-delack": "\n".join(rows) + "\n\n" + readme.paragraph(text)}
