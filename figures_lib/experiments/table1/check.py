"""The text comparison of simulation and paper (stdout and
figures/table1-check.txt): relative errors, whether each point meets its
criterion, and README's blocks from the same numbers."""

import math

from ... import readme, verdict
from ...stats import welch_difference
from .paper import (
    CALIBRATION_N,
    MODIFIED,
    N_VALUES,
    PAPER,
    SWAP_TOLERANCE,
    UNMODIFIED_CHECKED_N,
    UNMODIFIED_TOLERANCE,
)


def _rel(sim, ref):
    return (sim - ref) / ref


def _pct(x, width):
    text = f"{x:+.1%}"
    return (text if text != "-0.0%" else "+0.0%").rjust(width)


def _within(sim, ref, tol):
    return abs(_rel(sim, ref)) <= tol + 1e-12


def _stat_cols(s):
    ci = "" if s["ci95"] != s["ci95"] else f"{s['ci95']:.2f}"
    return f"{s['mean']:9.2f} {ci:>7} {s['n']:>3}"


def judge(summary):
    """Every criterion of Table 1 -> {(kind, N): verdict}; kinds:
    "unmodified" (band +-15 % of the paper; the calibration N are
    verdict.CALIBRATION), "swap-paper" (band 5 % of the paper's N = 0),
    "swap-sim" (equivalence with the simulated swap N = 0 by TOST, margin
    5 % of it: the targets' own tolerance)."""
    out = {}
    values = PAPER["unmodified"][0]
    for n in N_VALUES:
        s = summary.get(("unmodified", n))
        if n in CALIBRATION_N:
            out[("unmodified", n)] = verdict.CALIBRATION
        elif s is None:
            out[("unmodified", n)] = verdict.INDICATIVE
        else:
            lo, hi = values[n] * (1 - UNMODIFIED_TOLERANCE), values[n] * (1 + UNMODIFIED_TOLERANCE)
            out[("unmodified", n)] = verdict.band(s, lo - 1e-9, hi + 1e-9)
    ref = summary.get(("swap", 0))
    for n in N_VALUES:
        s = summary.get(("swap", n))
        if s is None:
            out[("swap-paper", n)] = verdict.INDICATIVE
            continue
        lo, hi = MODIFIED[0] * (1 - SWAP_TOLERANCE), MODIFIED[0] * (1 + SWAP_TOLERANCE)
        out[("swap-paper", n)] = verdict.band(s, lo - 1e-9, hi + 1e-9)
        if n != 0 and ref is not None:
            out[("swap-sim", n)] = swap_equivalence(s, ref)
    return out


def swap_equivalence(s, ref):
    """swap at N against swap at 0: TOST within SWAP_TOLERANCE of N = 0."""
    margin = verdict.margin_of(ref["mean"], SWAP_TOLERANCE)
    return verdict.equivalent(
        welch_difference(s, ref), margin, margin_text=f"{SWAP_TOLERANCE * 100:.0f} % of N = 0"
    )


def _v(j):
    return j.verdict if isinstance(j, verdict.Judgement) else j


def report(summary, scale_text):
    """-> (text, all criteria met)."""
    upct, spct = round(UNMODIFIED_TOLERANCE * 100), round(SWAP_TOLERANCE * 100)
    judged = judge(summary)
    runs = sorted({s["n"] for s in summary.values()})
    lines = [
        f"Table 1 check: simulation ({scale_text}) vs paper",
        f"Runs per point: {', '.join(map(str, runs))}. Throughput per client in Mb/s; sim +-CI is"
        " the 95 % confidence half-width (Student t), paper (sd) the paper's std dev.",
        "",
        f"unmodified: within +-{upct} % of the paper (a band, on the mean) for N = "
        + ", ".join(map(str, UNMODIFIED_CHECKED_N))
        + "; N = "
        + " and ".join(map(str, CALIBRATION_N))
        + " are calibration points (fitted: reported, not counted as reproduced)",
        "     N  sim mean  +-CI95   n  paper (sd)  rel.err  verdict",
    ]
    values, sd = PAPER["unmodified"]
    for n in N_VALUES:
        s = summary.get(("unmodified", n))
        paper = f"{values[n]:5.1f} ({sd[n]:.1f})"
        if s is None:
            lines.append(f"{n:6d}  {'missing':>22}  {paper}")
            continue
        rel = _rel(s["mean"], values[n])
        status = judged[("unmodified", n)]
        if status == verdict.CALIBRATION:
            inside = _within(s["mean"], values[n], UNMODIFIED_TOLERANCE)
            status = f"calibration, not counted ({'inside' if inside else 'outside'} +-{upct} %)"
        lines.append(f"{n:6d} {_stat_cols(s)}  {paper}  {_pct(rel, 7)}  {status}")

    values, sd = PAPER["swap"]
    ref_sim = summary.get(("swap", 0))
    ref_paper = MODIFIED[0]
    ref_sim_text = f"{ref_sim['mean']:.2f}" if ref_sim else "missing"
    margin = verdict.margin_of(ref_sim["mean"], SWAP_TOLERANCE) if ref_sim else math.nan
    lines += [
        "",
        f"TCP modification (swap): within {spct} % of N = 0 throughout: against the paper's N = 0"
        f" ({ref_paper}) a band on the mean; against the simulated swap N = 0 ({ref_sim_text})"
        f" an equivalence by two one-sided tests at 5 % (Welch), margin +-{margin:.2f} Mb/s"
        f" ({spct} % of it, the targets' tolerance)",
        "     N  sim mean  +-CI95   n  paper (sd)  rel.err  vs paper N=0         vs sim N=0",
    ]
    for n in N_VALUES:
        s = summary.get(("swap", n))
        paper = f"{values[n]:5.1f} ({sd[n]:.1f})"
        if s is None:
            lines.append(f"{n:6d}  {'missing':>22}  {paper}")
            continue
        rel = _rel(s["mean"], values[n])
        vs_p = f"{_pct(_rel(s['mean'], ref_paper), 6)} {judged[('swap-paper', n)]}"
        j = judged.get(("swap-sim", n))
        vs_s = "reference" if n == 0 else "n/a" if j is None else f"{j.verdict} ({j.text})"
        lines.append(f"{n:6d} {_stat_cols(s)}  {paper}  {_pct(rel, 7)}  {vs_p:<20} {vs_s}")

    verdicts = [_v(j) for j in judged.values()]
    count = lambda kind: [_v(j) for (k, _), j in judged.items() if k == kind]  # noqa: E731
    lines += [
        "",
        "Summary:",
        f"  unmodified N={UNMODIFIED_CHECKED_N[0]}..{UNMODIFIED_CHECKED_N[-1]} within +-{upct} %"
        f" of paper: {verdict.tally(count('unmodified'))}",
        f"  swap within {spct} % of paper N=0 ({ref_paper}): {verdict.tally(count('swap-paper'))}",
        f"  swap equivalent to simulated swap N=0 ({ref_sim_text}) within {spct} %:"
        f" {verdict.tally(count('swap-sim'))}",
        f"  all: {verdict.tally(verdicts)}",
    ]
    all_ok = all(v in (verdict.HOLDS, verdict.CALIBRATION) for v in verdicts)
    return "\n".join(lines) + "\n", all_ok


def readme_blocks(summary):
    """README's Table 1 blocks: the table and the sentence on its verdicts."""
    judged = judge(summary)
    values = PAPER["unmodified"][0]
    rows = [
        "| N | paper unmodified | sim unmodified | paper TCP mod. | sim swap close |",
        "|---:|---:|---:|---:|---:|",
    ]
    for n in N_VALUES:
        u, w = summary.get(("unmodified", n)), summary.get(("swap", n))
        if u is None or w is None:
            rows.append(f"| {n} | {values[n]} | missing | {MODIFIED[n]} | missing |")
            continue
        note = "calibration" if n in CALIBRATION_N else f"{_rel(u['mean'], values[n]) * 100:+.1f} %"
        rows.append(
            f"| {n} | {values[n]} | {u['mean']:.2f} ({note}) | {MODIFIED[n]} | {w['mean']:.2f} |"
        )
    checked = [summary[("unmodified", n)] for n in UNMODIFIED_CHECKED_N if ("unmodified", n) in summary]
    rels = [_rel(s["mean"], values[n]) * 100 for n, s in zip(UNMODIFIED_CHECKED_N, checked)]
    unmod = [_v(judged[("unmodified", n)]) for n in UNMODIFIED_CHECKED_N]
    paper_swap = [_v(j) for (k, _), j in judged.items() if k == "swap-paper"]
    sim_swap = [_v(j) for (k, _), j in judged.items() if k == "swap-sim"]
    ref = summary.get(("swap", 0))
    runs = sorted({s["n"] for s in summary.values()})
    worst_ci = max((s["ci95"] for s in summary.values() if not math.isnan(s["ci95"])), default=math.nan)
    upct, spct = round(UNMODIFIED_TOLERANCE * 100), round(SWAP_TOLERANCE * 100)
    held = lambda vs: sum(v == verdict.HOLDS for v in vs)  # noqa: E731
    text = (
        f"Throughput per client in Mb/s, mean of {', '.join(map(str, runs))} runs per point. The"
        f" unmodified points at N = {' and '.join(map(str, CALIBRATION_N))} are calibration (the"
        f" host costs were fitted on them), not counted. The other {len(unmod)} are predictions:"
        f" {held(unmod)} of {len(unmod)} inside the ±{upct} % band, from {min(rels):+.1f} % to"
        f" {max(rels):+.1f} % off the paper. The swap-close column is within {spct} % of the"
        f" paper's N = 0 at {held(paper_swap)} of {len(paper_swap)} points and equivalent to the"
        f" simulated N = 0 within ±{verdict.margin_of(ref['mean'], SWAP_TOLERANCE):.2f} Mb/s"
        f" ({spct} %, two one-sided tests at 5 %) at {held(sim_swap)} of {len(sim_swap)}. The"
        f" largest 95 % confidence half-width of any point is {worst_ci:.2f} Mb/s."
        f" [figures/table1-check.txt](figures/table1-check.txt):"
        f" {verdict.tally([_v(j) for j in judged.values()])}."
    )
    return {"table1": "\n".join(rows) + "\n\n" + readme.paragraph(text)}
