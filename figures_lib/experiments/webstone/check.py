"""The text check of the simulation against the reproduction criteria
(stdout and figures/tableN-check.txt): each criterion with its numbers and
its verdict (figures_lib.verdict: bands on the means; orderings decided by
Welch's 95 % interval; "at least as good as" by a non-inferiority test),
and README's blocks from the same numbers."""

import math

from ... import readme, verdict
from ...stats import scaled, summarize, welch_difference
from .paper import (
    COLLAPSE_FRACTION,
    GAIN_BAND,
    MAX_TCB_KB,
    MEMORY_CUT,
    METRICS,
    MIN_CONN_PER_S,
    PAPER,
    TREND_SECONDS,
    VARIANT_NAMES,
    VARIANTS,
)
from .summary import KB_PER_CONN

MODS = ("tcp", "http")
SHORT_NAMES = {"unmodified": "unmodified", "tcp": "TCP mod", "http": "HTTP mod", "negotiated": "negotiated"}
# The per-connection account of what separates the modifications
ACCOUNT = ("server_segments_per_conn", "server_rsts_per_conn", "server_tcb_lifetime_ms",
           "server_cpu_busy", KB_PER_CONN)  # fmt: skip
UNITS = {**dict(METRICS), KB_PER_CONN: "body KB/conn (clients)"}


def _ok(flag):
    return "holds" if flag else "DOES NOT HOLD"


def _num(x, digits=2):
    return "nan" if x != x else f"{x:.{digits}f}"


def _stat(s, digits=2):
    ci = "" if s["ci95"] != s["ci95"] else f" +- {s['ci95']:.{digits}f}"
    return f"{_num(s['mean'], digits)}{ci}"


def _gain(sim, ref):
    return math.inf if ref == 0 else (sim - ref) / ref


def _pct(x):
    return "inf" if math.isinf(x) else f"{x:+.1%}"


def _diff_text(a, b, digits=2):
    """a - b with Welch's 95 % interval and on which side of 0 it lies."""
    d = welch_difference(a, b)
    lo, hi = d.interval(0.95)
    if lo != lo:
        return f"{d.diff:+.{digits}f} (too few runs for an interval)"
    side = ("above 0" if lo > 0 else "below 0" if hi < 0
            else "the same in every run" if lo == hi == 0 else "straddles 0")  # fmt: skip
    return f"{d.diff:+.{digits}f}, 95 % interval [{lo:+.{digits}f}, {hi:+.{digits}f}] ({side})"


def _overview(summary, table):
    head = f"  {'variant':<30}" + "".join(f"{unit:>20}" for _, unit in METRICS[:4])
    lines = [head]
    for v in VARIANTS:
        if v not in summary:
            lines.append(f"  {VARIANT_NAMES[v]:<30}{'missing':>20}")
            continue
        n = summary[v]["conn_per_s"]["n"]
        cells = "".join(f"{_stat(summary[v][m]):>20}" for m, _ in METRICS[:4])
        calibration = "   (calibration)" if v == "tcp" else ""
        lines.append(f"  {VARIANT_NAMES[v]:<30}{cells}   n={n}{calibration}")
        paper = PAPER[table][v]
        if not isinstance(paper, dict):
            lines.append(f"  {'  paper':<30}{'fails' if paper is None else paper:>20}")
            continue
        cells = "".join(
            f"{paper[m]:>20}" if m in ("conn_per_s", "throughput_mbps",
            "server_tcb_kb") else f"{'':>20}" for m, _ in METRICS[:4]
        )  # fmt: skip
        lines.append(f"  {'  paper':<30}{cells}")
    return lines


def _account(summary):
    lines = [
        "Per connection at the server (what separates the modifications):",
        f"  {'':<26}" + "".join(f"{SHORT_NAMES[v]:>20}" for v in VARIANTS)
        + "   HTTP - TCP (Welch)",
    ]
    for m in ACCOUNT:
        digits = 3 if m in ("server_rsts_per_conn", "server_cpu_busy") else 2
        cells = "".join(
            f"{_stat(summary[v][m], digits) if v in summary else 'missing':>20}" for v in VARIANTS
        )
        diff = _diff_text(summary["http"][m], summary["tcp"][m], digits) if all(
            v in summary for v in MODS) else "n/a"  # fmt: skip
        lines.append(f"  {UNITS[m]:<26}{cells}   {diff}")
    return lines


def _kb_gap(summary):
    """Body KB per connection, unmodified - TCP modification (Welch)."""
    return _diff_text(summary["unmodified"][KB_PER_CONN], summary["tcp"][KB_PER_CONN])


def _noninferior(summary, metric):
    """HTTP at least as good as TCP in metric: non-inferiority (Welch),
    margin EQUIVALENCE_SHARE of TCP's mean. -> verdict.Judgement"""
    h, t = summary["http"][metric], summary["tcp"][metric]
    margin = verdict.margin_of(t["mean"])
    share = f"{verdict.EQUIVALENCE_SHARE * 100:.0f} % of TCP's mean"
    return verdict.noninferior(welch_difference(h, t), margin, margin_text=share)


def _runs(summary):
    return ", ".join(map(str, sorted({summary[v]["conn_per_s"]["n"] for v in summary})))


def _head(table, summary, scale_text):
    """The opening lines of a check, and whether every variant has runs
    (if not, the lines already say so)."""
    lines = [
        f"Table {table} check: simulation ({scale_text}) vs paper",
        f"Runs per variant: {_runs(summary)}. Means +- 95 % confidence half-width (Student t)"
        " over the runs; paper values below each.",
        "",
        *_overview(summary, table),
        "",
    ]
    if "tcp" in summary:
        # paper-targets.md, section A: the application and send costs are
        # fitted on this row; it is calibration, not a reproduction.
        lines += [
            f"Calibration: the TCP modification's row is the one the server's application cost was"
            f" fitted on (host profile SunOS-4.1.3-SS20-71; its conn/s"
            f" {_stat(summary['tcp']['conn_per_s'])}, paper {PAPER[table]['tcp']['conn_per_s']}):"
            " reported as calibration, not counted as reproduced; every other row is a prediction.",
            "",
        ]
    missing = [v for v in VARIANTS if v not in summary]
    if missing:
        lines.append(f"Cannot check: no successful runs of {', '.join(missing)}")
    return lines, not missing


class Criterion:
    """One criterion of a table: its group, what, verdict and numbers."""

    def __init__(self, group, what, verdict_, detail):
        self.group, self.what, self.verdict, self.detail = group, what, verdict_, detail

    def line(self):
        return f"  {self.what.rstrip()}: {self.detail}: {self.verdict}"


def judge_table2(summary):
    """-> [Criterion] of Table 2's criteria 1-3, each decided on Welch's
    95 % intervals: a gain g = mod / unmodified - 1 lies in [lo, hi] when
    mod - (1 + lo) unmodified and (1 + hi) unmodified - mod are both above
    0, and a memory cut of at least 10x when unmodified - 10 mod is."""
    lo, hi = GAIN_BAND
    u = summary["unmodified"]
    paper_u = PAPER[2]["unmodified"]
    out = []
    for v in MODS:
        for m, label in (("conn_per_s", "conn/s"), ("throughput_mbps", "throughput")):
            gain = _gain(summary[v][m]["mean"], u[m]["mean"])
            above = verdict.greater(welch_difference(summary[v][m], scaled(u[m], 1 + lo)))
            below = verdict.greater(welch_difference(scaled(u[m], 1 + hi), summary[v][m]))
            paper_gain = _gain(PAPER[2][v][m], paper_u[m])
            out.append(Criterion(
                1, f"{VARIANT_NAMES[v]:<18} {label:<10}",
                verdict.combine([above.verdict, below.verdict]),
                f"{_num(summary[v][m]['mean']):>8} vs {_num(u[m]['mean']):>8}: {_pct(gain):>7}"
                f" (paper {_pct(paper_gain)}); mod - {1 + lo:g} x unmodified: {above.text};"
                f" {1 + hi:g} x unmodified - mod: {below.text}",
            ))  # fmt: skip
    for m, label in (("conn_per_s", "conn/s"), ("throughput_mbps", "throughput")):
        h, t = summary["http"][m], summary["tcp"][m]
        j = _noninferior(summary, m)
        out.append(Criterion(
            2, label, j.verdict,
            f"HTTP {_num(h['mean'])} vs TCP {_num(t['mean'])} ({_pct(_gain(h['mean'], t['mean']))});"
            f" {j.text}",
        ))  # fmt: skip
    for v in MODS:
        mod = summary[v]["server_tcb_kb"]
        cut = math.inf if mod["mean"] == 0 else u["server_tcb_kb"]["mean"] / mod["mean"]
        paper_cut = paper_u["server_tcb_kb"] / PAPER[2][v]["server_tcb_kb"]
        j = verdict.greater(welch_difference(u["server_tcb_kb"], scaled(mod, MEMORY_CUT)))
        out.append(Criterion(
            3, f"{VARIANT_NAMES[v]:<30}", j.verdict,
            f"{_num(u['server_tcb_kb']['mean'], 1)} KB / {_num(mod['mean'], 1)} KB = {cut:.1f}x"
            f" (paper {paper_cut:.1f}x); unmodified - {MEMORY_CUT:g} x mod: {j.text}",
        ))  # fmt: skip
    return out


def report_table2(summary, scale_text):
    """-> (text, all criteria hold)."""
    lo, hi = GAIN_BAND
    lines, complete = _head(2, summary, scale_text)
    if not complete:
        return "\n".join(lines) + "\n", False
    criteria = judge_table2(summary)
    heads = {
        1: f"1. Both modifications beat unmodified by {lo:+.0%} .. {hi:+.0%} in conn/s and in"
        " throughput (the gain's band decided on Welch's 95 % intervals of the two contrasts"
        " below: both above 0 holds, one below 0 fails, else undecided):",
        2: "2. HTTP modification at least as good as TCP modification (non-inferiority by a"
        f" one-sided test at 5 %, Welch: margin {verdict.EQUIVALENCE_SHARE * 100:.0f} % of TCP's"
        " mean):",
        3: f"3. Server TCB memory cut at least {MEMORY_CUT:g}x by either modification (Welch's"
        " 95 % interval of the contrast above 0):",
    }
    for group in (1, 2, 3):
        lines.append(heads[group])
        lines += [c.line() for c in criteria if c.group == group]
    account = _account(summary)
    lines += [
        "4. " + account[0],
        *account[1:],
        f"  {UNITS[KB_PER_CONN]}, unmodified - TCP mod (why the throughput gain can differ from"
        f" the connection gain): {_kb_gap(summary)}",
        "",
    ]
    verdicts = [c.verdict for c in criteria]
    lines.append(f"Summary of criteria 1-3: {verdict.tally(verdicts)}")
    return "\n".join(lines) + "\n", all(v == verdict.HOLDS for v in verdicts)


# A TCB at the server in the SunOS profile: two 128-byte mbufs (inpcb and
# tcpcb; the doc, "Memory per TCB"). Used only to say how many TCBs a
# memory figure is.
BYTES_PER_TCB = 256


def measured_seconds(timelines, window):
    """{variant: [timeline of each run]} (summary.read_timeline) and the
    measured window (start, end) in s -> {variant: [[connections completed
    in each measured second] of each run]}. A timeline row is the second
    that ends at its time_s, so the window's seconds end in (start, end]."""
    start, end = window
    return {
        v: [[values["connections"] for t, values in run if start < t <= end + 1e-9] for run in runs]
        for v, runs in (timelines or {}).items()
    }


def _slope(values):
    """Least-squares slope of values at one-second spacing (per second)."""
    n = len(values)
    if n < 2:
        return math.nan
    mx, my = (n - 1) / 2, sum(values) / n
    sxx = sum((x - mx) ** 2 for x in range(n))
    return sum((x - mx) * (y - my) for x, y in enumerate(values)) / sxx


def _mean(values):
    return sum(values) / len(values) if values else math.nan


def rate_trend(runs):
    """Does a useful rate fall over the measured interval? runs: [[conn/s
    of each measured second] of each run]. The rule: one least-squares
    slope per run (the seconds of a run are not independent, the runs
    are); the mean slope's Student-t 95 % interval wholly below 0 holds,
    wholly at or above 0 fails, else undecided (verdict.band). Beside it,
    for information: the last TREND_SECONDS seconds against the first
    (Welch), where the rate ends, the seconds at 0."""
    runs = [r for r in runs if r]
    slopes = summarize([_slope(r) for r in runs])
    k = min(TREND_SECONDS, min((len(r) for r in runs), default=0))
    first = summarize([_mean(r[:k]) for r in runs])
    last = summarize([_mean(r[-k:]) for r in runs])
    return {
        "verdict": verdict.band(slopes, hi=math.nextafter(0, -math.inf)) if runs else verdict.INDICATIVE,
        "slope": slopes,
        "seconds": min((len(r) for r in runs), default=0),
        "k": k,
        "first": first,
        "last": last,
        "last_minus_first": _diff_text(last, first),
        "zeros": [sum(x == 0 for x in r) for r in runs],
        "final": [r[-1] for r in runs],
    }


def seconds_below(runs, floor):
    """The one-second bins below floor: per run, in all, and in the mean
    over the runs of each second (the timeline figure's curve)."""
    runs = [r for r in runs if r]
    per_run = [sum(x < floor for x in r) for r in runs]
    n = min((len(r) for r in runs), default=0)
    mean_curve = [_mean([r[i] for r in runs]) for i in range(n)]
    return {
        "per_run": per_run,
        "all": sum(per_run),
        "of": sum(len(r) for r in runs),
        "mean_curve": sum(x < floor for x in mean_curve),
        "seconds": n,
        "lowest": min((min(r) for r in runs), default=math.nan),
    }


def _span(values, fmt="{:.0f}"):
    lo, hi = min(values), max(values)
    return fmt.format(lo) if lo == hi else f"{fmt.format(lo)} to {fmt.format(hi)}"


def _below_text(b):
    if not b["of"]:
        return "no timelines"
    share = b["all"] / b["of"]
    return (
        f"seconds below {MIN_CONN_PER_S:g}: {b['all']} of {b['of']} run-seconds ({share:.1%};"
        f" per run {_span(b['per_run'])} of {b['seconds']}; {b['mean_curve']} of"
        f" {b['seconds']} in the mean over the runs), lowest second {b['lowest']:.0f}"
    )


def judge_table3(summary, seconds=None):
    """-> ([Criterion] of Table 3's criteria 1-3, the unmodified server's
    share of the modifications' mean conn/s: the former reading of "toward
    0", now information). seconds: measured_seconds() of the runs'
    timelines; without them "useful rate falls toward 0" is indicative."""
    u = summary["unmodified"]
    mods_mean = sum(summary[v]["conn_per_s"]["mean"] for v in MODS) / len(MODS)
    share = u["conn_per_s"]["mean"] / mods_mean if mods_mean else math.nan
    turned = u["server_syns_turned_away"]["mean"]
    seconds = seconds or {}
    trend = rate_trend(seconds.get("unmodified", []))
    if trend["seconds"]:
        lo, hi = (trend["slope"]["mean"] - trend["slope"]["ci95"],
                  trend["slope"]["mean"] + trend["slope"]["ci95"])  # fmt: skip
        falls = (
            f"slope of its connections per second over the {trend['seconds']} measured seconds"
            f" {trend['slope']['mean']:+.2f} conn/s per s, 95 % interval [{lo:+.2f}, {hi:+.2f}]"
            f" (least squares per run, Student t over {trend['slope']['n']} runs; criterion:"
            " wholly below 0)"
        )
    else:
        falls = "no timelines of the measured seconds"
    out = [
        Criterion(1, "useful rate falls toward 0", trend["verdict"], falls),
        Criterion(
            1, "connections fail",
            verdict.band(u["failed_per_s"], lo=math.nextafter(0, 1)),
            f"{_stat(u['failed_per_s'])} failed/s (refused, reset or timed out; criterion"
            f" > 0); SYNs turned away by the server (no TCB memory): {turned:.1f} per run",
        ),
    ]
    for v in MODS:
        s = summary[v]["conn_per_s"]
        result = verdict.band(s, lo=MIN_CONN_PER_S)
        note = ""
        if v == "tcp":
            # Fitted on this row (paper-targets.md, section A): not a reproduction.
            result, note = verdict.CALIBRATION, f" (would be: {result})"
        bins = _below_text(seconds_below(seconds.get(v, []), MIN_CONN_PER_S))
        out.append(Criterion(2, f"{VARIANT_NAMES[v]:<30}", result,
                             f"{_stat(s)} conn/s (paper {PAPER[3][v]['conn_per_s']}){note};"
                             f" information: {bins}"))  # fmt: skip
    for v in MODS:
        s = summary[v]["server_tcb_kb"]
        out.append(Criterion(
            3, f"{VARIANT_NAMES[v]:<30}", verdict.band(s, hi=MAX_TCB_KB),
            f"{_stat(s)} KB (paper {PAPER[3][v]['server_tcb_kb']}; peak"
            f" {_num(summary[v]['server_tcb_max_kb']['mean'], 1)} KB, mean of the runs' peaks)",
        ))  # fmt: skip
    return out, share


def _collapse_information(summary, seconds):
    """The lines under "useful rate falls toward 0": where the rate ends,
    the first and last seconds, what the trend depends on, and the former
    10 % reading (information, not criteria)."""
    u = summary["unmodified"]
    mods_mean = sum(summary[v]["conn_per_s"]["mean"] for v in MODS) / len(MODS)
    share = u["conn_per_s"]["mean"] / mods_mean if mods_mean else math.nan
    former = verdict.band(u["conn_per_s"], hi=math.nextafter(COLLAPSE_FRACTION * mods_mean, -math.inf))
    lines = []
    trend = rate_trend(seconds.get("unmodified", []))
    if trend["seconds"]:
        k, first, last = trend["k"], trend["first"], trend["last"]
        ratio = last["mean"] / first["mean"] if first["mean"] else math.nan
        zeros = trend["zeros"]
        lines += [
            f"    information: the last {k} s against the first {k} s of the measured interval:"
            f" {_stat(last)} against {_stat(first)} conn/s, last - first (Welch)"
            f" {trend['last_minus_first']}",
            f"    where it ends: {_stat(last)} conn/s over the last {k} s ({ratio:.1%} of the first"
            f" {k} s); the rate is 0 in {_span(zeros)} of the {trend['seconds']} measured seconds"
            f" of each run ({_mean(zeros) / trend['seconds']:.0%}); its final second"
            f" {_span(trend['final'])} conn/s",
        ]
        if any(zeros) and all(x > 0 for x in trend["final"]):
            # Silences, and the rate back at the end: the cycle the trend sits in.
            cycle = (
                "    what the trend rests on: the measured seconds are about one period of a cycle"
                " (the pool fills within a burst of service, then almost nothing completes until"
                " that burst's TIME_WAIT TCBs expire 2 MSL later: the timeline figure)"
            )
            if first["mean"] > last["mean"]:
                cycle += (", and the window starts in a burst; a window starting between bursts"
                          " would not fall")  # fmt: skip
            http = rate_trend(seconds.get("http", []))
            if http["seconds"]:
                s = http["slope"]
                cycle += (
                    f". The same rule gives the HTTP modification {s['mean']:+.2f} +-"
                    f" {s['ci95']:.2f} conn/s per s ({http['verdict']}"
                    + (", its clients' dip near the window's end), so the trend alone does not"
                       " tell the collapse from a dip: the seconds at 0 and the level below do"
                       if http["verdict"] == verdict.HOLDS else ")")
                )  # fmt: skip
            lines.append(cycle)
    lines.append(
        f"    information, the suite's former reading of \"toward 0\" (not the targets' words, not a"
        f" criterion): {_stat(u['conn_per_s'])} conn/s = {share:.1%} of the modifications' mean"
        f" ({_num(mods_mean)} conn/s), former bound < {COLLAPSE_FRACTION:.0%}"
        f" ({_num(COLLAPSE_FRACTION * mods_mean)} conn/s): would be {former}"
    )
    return lines


def _columns_information(summary):
    """The paper's two other columns, throughput and TCB memory, against
    the model's (information: the targets give no band for them)."""
    lines = ["For information (not criteria: the targets set no band on them), the paper's other"
             " columns for the modifications:"]  # fmt: skip
    for v in MODS:
        s, paper = summary[v], PAPER[3][v]
        model_b = s[KB_PER_CONN]["mean"] * 1e3
        paper_b = paper["throughput_mbps"] * 1e6 / 8 / paper["conn_per_s"]
        lo_b, hi_b = ((paper["throughput_mbps"] + d) * 1e6 / 8 / paper["conn_per_s"] for d in (-0.005, 0.005))
        tcbs = s["server_tcb_kb"]["mean"] * 1024 / BYTES_PER_TCB
        little = s["conn_per_s"]["mean"] * s["server_tcb_lifetime_ms"]["mean"] / 1000
        lines += [
            f"  {VARIANT_NAMES[v]}: throughput {_num(s['throughput_mbps']['mean'])} against"
            f" {paper['throughput_mbps']} Mb/s: per connection the paper's {paper['throughput_mbps']}"
            f" Mb/s / {paper['conn_per_s']} conn/s = {paper_b:.0f} B ({lo_b:.0f} to {hi_b:.0f} B"
            f" for {paper['throughput_mbps']}'s rounding), the model's {model_b:.0f} B, its 500-byte bodies only: the"
            f" paper counted about {paper_b - model_b:.0f} B more per connection, a response head's"
            " worth (a difference of what is counted, not of rate; the doc, Table 3's columns)",
            f"  {VARIANT_NAMES[v]}: TCB memory {_num(s['server_tcb_kb']['mean'])} against"
            f" {paper['server_tcb_kb']} KB: the model counts {BYTES_PER_TCB} B per TCB of the"
            f" server's connections, {tcbs:.1f} TCBs on average ({_num(s['conn_per_s']['mean'], 1)}"
            f" conn/s x {_num(s['server_tcb_lifetime_ms']['mean'], 1)} ms = {little:.1f} in"
            f" progress, and the listener); the paper's is"
            f" {paper['server_tcb_kb'] - s['server_tcb_kb']['mean']:.1f} KB more, and the doc finds"
            " the same gap in Table 2's modified rows: a fixed part the model does not count",
        ]
    return lines


def _about_equal(summary):
    """For information: HTTP vs TCP on small files, TOST (Welch) within
    EQUIVALENCE_SHARE of TCP's mean."""
    h, t = summary["http"]["conn_per_s"], summary["tcp"]["conn_per_s"]
    share = f"{verdict.EQUIVALENCE_SHARE * 100:.0f} % of TCP's mean"
    return verdict.equivalent(
        welch_difference(h, t), verdict.margin_of(t["mean"]), margin_text=share
    )


def report_table3(summary, scale_text, seconds=None):
    """-> (text, all criteria hold). seconds: measured_seconds() of the
    runs' timelines."""
    lines, complete = _head(3, summary, scale_text)
    if not complete:
        return "\n".join(lines) + "\n", False
    seconds = seconds or {}
    criteria, _ = judge_table3(summary, seconds)
    heads = {
        1: "1. Unmodified collapses (paper: fails; the targets: \"failed connections, useful rate"
        " falls toward 0\"). \"Falls toward 0\" is decided on the trend of its useful rate (completed"
        " connections per second) over the measured seconds: one least-squares slope per run,"
        " the mean slope's 95 % interval (Student t over the runs) wholly below 0 holds, wholly at"
        " or above 0 fails, else undecided; where the rate ends is reported with it:",
        2: f"2. Both modifications sustain >= {MIN_CONN_PER_S:g} conn/s. Judged on the mean rate"
        " over the measured interval (\"sustain\" as the rate held over the interval), the band"
        " on its 95 % interval over the runs; the one-second bins below it are reported as"
        " information, not as the criterion, and the band is not widened:",
        3: f"3. Server TCB memory <= {MAX_TCB_KB:g} KB for both modifications:",
    }
    lines.append("Bands decided on the 95 % interval of the mean: inside holds, outside fails,"
                 " straddling an end undecided.")
    for group in (1, 2, 3):
        lines.append(heads[group])
        for c in criteria:
            if c.group != group:
                continue
            lines.append(c.line())
            if c.what == "useful rate falls toward 0":
                lines += _collapse_information(summary, seconds)
    h, t = summary["http"]["conn_per_s"], summary["tcp"]["conn_per_s"]
    eq = _about_equal(summary)
    verdicts = [c.verdict for c in criteria]
    lines += [
        *_columns_information(summary),
        "For information (not a criterion): HTTP vs TCP modification, the paper: about equal"
        " (222.4 vs 223.8); equivalence by two one-sided tests at 5 % (Welch):",
        f"  conn/s: HTTP {_num(h['mean'])} vs TCP {_num(t['mean'])}: {eq.text}: {eq.verdict}",
        *_account(summary),
        "",
        f"Summary: {verdict.tally(verdicts)}; calibration, not counted:"
        f" {sum(v == verdict.CALIBRATION for v in verdicts)}",
    ]
    return "\n".join(lines) + "\n", all(v in (verdict.HOLDS, verdict.CALIBRATION) for v in verdicts)


# Columns summarized for the checks beyond the summary CSV's
EXTRA = ("server_syns_turned_away", "server_tcb_max_kb", KB_PER_CONN)


def report_negotiated(summary):
    """Beyond the draft: the negotiated placement against the swap close.
    It should keep the memory benefit without the RST exchange."""
    if "negotiated" not in summary or "tcp" not in summary or "unmodified" not in summary:
        return []
    n, t, u = summary["negotiated"], summary["tcp"], summary["unmodified"]
    cut = u["server_tcb_kb"]["mean"] / n["server_tcb_kb"]["mean"] if n["server_tcb_kb"]["mean"] else math.inf
    return [
        "",
        "Beyond the draft: negotiated TIME_WAIT placement (TCP option on SYN/SYN-ACK) vs the swap close:",
        f"  server TCB memory: {_stat(n['server_tcb_kb'])} KB, cut {cut:.1f}x vs unmodified: "
        + _ok(cut >= MEMORY_CUT),
        f"  server RSTs/conn: negotiated {_num(n['server_rsts_per_conn']['mean'])} vs TCP "
        f"{_num(t['server_rsts_per_conn']['mean'])}: "
        + _ok(n["server_rsts_per_conn"]["mean"] < 0.1 <= t["server_rsts_per_conn"]["mean"]),
        f"  server segments/conn: negotiated - TCP {_diff_text(n['server_segments_per_conn'], t['server_segments_per_conn'])}",
        f"  conn/s: negotiated - TCP {_diff_text(n['conn_per_s'], t['conn_per_s'])}",
        f"  throughput: negotiated - TCP {_diff_text(n['throughput_mbps'], t['throughput_mbps'])}",
    ]


def _digits(x):
    """Decimals README shows of a value: about three significant digits."""
    return 0 if abs(x) >= 100 else 1 if abs(x) >= 10 else 2


def _cells(summary, v, calibrated=False):
    """conn/s, Mb/s, KB of one variant as README's tables show them (the
    interval where it shows at that precision)."""
    s = summary[v]
    cells = []
    for m in ("conn_per_s", "throughput_mbps", "server_tcb_kb"):
        digits = 1 if m == "conn_per_s" else _digits(s[m]["mean"])
        text = f"{s[m]['mean']:.{digits}f}"
        if s[m]["ci95"] == s[m]["ci95"] and round(s[m]["ci95"], digits) > 0:
            text += f" ± {s[m]['ci95']:.{digits}f}"
        if m == "conn_per_s" and calibrated:
            text += " (calibration)"
        cells.append(text)
    return ", ".join(cells)


def _paper_cells(table, v):
    paper = PAPER[table][v]
    if paper is None:
        return "fails"
    if not isinstance(paper, dict):
        return "—"
    digits = 2 if table == 2 else 1
    return f"{paper['conn_per_s']:.{digits}f}, {paper['throughput_mbps']:.2f}, {paper['server_tcb_kb']}"


def _pct_md(x):
    return _pct(x).replace("%", " %")


def readme_blocks(table, summary, seconds=None):
    """README's blocks of Table 2 or 3: the table, and its criteria with
    their verdicts (the check's numbers). seconds: measured_seconds() of
    the runs' timelines (Table 3)."""
    if any(v not in summary for v in VARIANTS):
        return {}
    runs = _runs(summary)
    rows = [f"| Table {table} | paper | simulation (mean ± 95 % CI over {runs} runs) |", "|---|---|---|"]
    for v in VARIANTS:
        rows.append(f"| {VARIANT_NAMES[v]} | {_paper_cells(table, v)} | {_cells(summary, v, v == 'tcp')} |")
    check = f"[figures/table{table}-check.txt](figures/table{table}-check.txt)"
    if table == 2:
        criteria = judge_table2(summary)
        gains = [cr for cr in criteria if cr.group == 1]
        gain_text = "; ".join(
            f"{cr.what.split()[0]} {cr.what.split()[-1]} "
            f"{_pct_md(_gain(summary[cr.what.split()[0].lower()][m]['mean'], summary['unmodified'][m]['mean']))}"
            f" ({cr.verdict})"
            for cr, m in zip(gains, ("conn_per_s", "throughput_mbps") * 2)
        )
        ninf = [cr for cr in criteria if cr.group == 2]
        cuts = [cr for cr in criteria if cr.group == 3]
        u, t, h = summary["unmodified"], summary["tcp"], summary["http"]
        cut = [u["server_tcb_kb"]["mean"] / summary[v]["server_tcb_kb"]["mean"] for v in MODS]
        margin = [verdict.margin_of(t[m]["mean"]) for m in ("conn_per_s", "throughput_mbps")]
        bounds = [_noninferior(summary, m) for m in ("conn_per_s", "throughput_mbps")]
        text = (
            f"Table 2's criteria ({check}): {verdict.tally([cr.verdict for cr in criteria])}."
            f" The unmodified server holds {u['server_tcb_kb']['mean']:.0f} KB of TCBs (paper"
            f" {PAPER[2]['unmodified']['server_tcb_kb']}). Gains over it (band"
            f" {GAIN_BAND[0] * 100:+.0f} % to {GAIN_BAND[1] * 100:+.0f} %, both ends decided on"
            f" 95 % intervals): {gain_text}."
            f" HTTP modification at least as good as TCP (non-inferiority, margin"
            f" {verdict.EQUIVALENCE_SHARE * 100:.0f} % of TCP's mean): conn/s"
            f" {_pct_md(_gain(h['conn_per_s']['mean'], t['conn_per_s']['mean']))}, its lower bound"
            f" {bounds[0].lo:+.2f} against -{margin[0]:.2f} ({ninf[0].verdict}); throughput"
            f" {_pct_md(_gain(h['throughput_mbps']['mean'], t['throughput_mbps']['mean']))}, its"
            f" lower bound {bounds[1].lo:+.2f} against -{margin[1]:.2f} ({ninf[1].verdict})."
            f" Server TCB memory cut {cut[0]:.0f}× and {cut[1]:.0f}×"
            f" (criterion ≥ {MEMORY_CUT:g}×: {cuts[0].verdict}, {cuts[1].verdict}). Per connection"
            f" at the server: {t['server_segments_per_conn']['mean']:.1f} (TCP) against"
            f" {h['server_segments_per_conn']['mean']:.1f} (HTTP) segments,"
            f" {t['server_rsts_per_conn']['mean']:.0f} against"
            f" {h['server_rsts_per_conn']['mean']:.0f} RSTs. Body KB per connection"
            f" {u[KB_PER_CONN]['mean']:.1f} (unmodified) against {t[KB_PER_CONN]['mean']:.1f}"
            f" (TCP); unmodified - TCP {_kb_gap(summary)}."
        )
    else:
        seconds = seconds or {}
        criteria, share = judge_table3(summary, seconds)
        u, t, h = summary["unmodified"], summary["tcp"], summary["http"]
        by = {cr.what.strip(): cr for cr in criteria if cr.group != 3}
        memory = [cr for cr in criteria if cr.group == 3]
        eq = _about_equal(summary)
        trend = rate_trend(seconds.get("unmodified", []))
        below = seconds_below(seconds.get("http", []), MIN_CONN_PER_S)
        if trend["seconds"]:
            s = trend["slope"]
            falls = (
                f"its useful rate falls over the measured {trend['seconds']} s (slope"
                f" {s['mean']:+.2f} ± {s['ci95']:.2f} connections/s per s, criterion below 0 at"
                f" 95 %: {by['useful rate falls toward 0'].verdict}), to"
                f" {trend['last']['mean']:.0f} connections/s over the last {trend['k']} s from"
                f" {trend['first']['mean']:.0f} over the first, at 0 in"
                f" {_span(trend['zeros'])} of {trend['seconds']} seconds of each run; the window"
                " is about one 2 MSL cycle of bursts and silences, so the slope depends on where it"
                " starts"
                + (" (the same rule holds for the HTTP modification, whose clients' pools make it"
                   " dip near the window's end)"
                   if rate_trend(seconds.get("http", []))["verdict"] == verdict.HOLDS else "")
                + ", and the former reading, its"
                f" rate at {share * 100:.0f} % of the modifications' against a bound of"
                f" {COLLAPSE_FRACTION * 100:.0f} %, is reported as information"
            )
        else:
            falls = f"its useful rate: no timelines ({by['useful rate falls toward 0'].verdict})"
        bins = (
            f"; {below['all']} of its {below['of']} one-second bins"
            f" ({below['all'] / below['of'] * 100:.0f} %) are below {MIN_CONN_PER_S:g}, information"
            if below["of"] else ""
        )  # fmt: skip
        paper_b = PAPER[3]["tcp"]["throughput_mbps"] * 1e6 / 8 / PAPER[3]["tcp"]["conn_per_s"]
        model_b = t[KB_PER_CONN]["mean"] * 1e3
        text = (
            f"Table 3's criteria ({check}): {verdict.tally([cr.verdict for cr in criteria])}; the"
            f" TCP modification's {t['conn_per_s']['mean']:.1f} connections/s are calibration,"
            f" not counted. Unmodified collapse: {falls};"
            f" {u['failed_per_s']['mean']:.2f} connections fail per second (criterion above 0:"
            f" {by['connections fail'].verdict}). The HTTP modification sustains"
            f" {h['conn_per_s']['mean']:.1f} connections/s on average over the runs"
            f" (≥ {MIN_CONN_PER_S:g}: {by[VARIANT_NAMES['http']].verdict}){bins}; server TCB memory"
            f" {t['server_tcb_kb']['mean']:.1f} and {h['server_tcb_kb']['mean']:.1f} KB (TCP, HTTP;"
            f" ≤ {MAX_TCB_KB:g} KB: {memory[0].verdict}, {memory[1].verdict}). HTTP against TCP"
            " modification (the paper: about equal),"
            f" equivalent within ±{verdict.margin_of(t['conn_per_s']['mean']):.1f} connections/s"
            f" ({verdict.EQUIVALENCE_SHARE * 100:.0f} %, two one-sided tests at 5 %):"
            f" {eq.verdict}. Not criteria: the throughput, {t['throughput_mbps']['mean']:.2f}"
            f" against 1.14 Mb/s, counts {model_b:.0f} body bytes per connection where the"
            f" paper's numbers give {paper_b:.0f}; the TCB memory, {t['server_tcb_kb']['mean']:.1f}"
            " against 16.1 KB, lacks a fixed part the paper counted (the doc)."
        )
    return {f"table{table}": "\n".join(rows), f"table{table}-criteria": readme.paragraph(text)}


def report(table, summary, scale_text, seconds=None):
    if table == 2:
        text, ok = report_table2(summary, scale_text)
    else:
        text, ok = report_table3(summary, scale_text, seconds)
    return text + "\n".join(report_negotiated(summary)) + "\n", ok
