"""The text comparison of simulation and paper (stdout and
figures/table1-check.txt): relative errors and whether each point meets its
criterion."""

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


def report(summary, scale_text):
    """-> (text, all criteria met)."""
    upct, spct = round(UNMODIFIED_TOLERANCE * 100), round(SWAP_TOLERANCE * 100)
    lines = [
        f"Table 1 check: simulation ({scale_text}) vs paper",
        "Throughput per client in Mb/s; sim +-CI is the 95 % confidence half-width"
        " (Student t), paper (sd) the paper's std dev.",
        "",
        f"unmodified: within +-{upct} % of the paper for N = "
        + ", ".join(map(str, UNMODIFIED_CHECKED_N))
        + "; N = "
        + " and ".join(map(str, CALIBRATION_N))
        + " are calibration points",
        "     N  sim mean  +-CI95   n  paper (sd)  rel.err  status",
    ]
    values, sd = PAPER["unmodified"]
    ok_u = total_u = 0
    for n in N_VALUES:
        s = summary.get(("unmodified", n))
        paper = f"{values[n]:5.1f} ({sd[n]:.1f})"
        if s is None:
            lines.append(f"{n:6d}  {'missing':>22}  {paper}")
            total_u += n in UNMODIFIED_CHECKED_N
            continue
        rel = _rel(s["mean"], values[n])
        inside = _within(s["mean"], values[n], UNMODIFIED_TOLERANCE)
        if n in UNMODIFIED_CHECKED_N:
            total_u += 1
            ok_u += inside
            status = "ok" if inside else f"OUTSIDE +-{upct} %"
        else:
            status = f"calibration ({'inside' if inside else 'outside'} +-{upct} %)"
        lines.append(f"{n:6d} {_stat_cols(s)}  {paper}  {_pct(rel, 7)}  {status}")

    values, sd = PAPER["swap"]
    ref_sim = summary.get(("swap", 0))
    ref_paper = MODIFIED[0]
    ref_sim_text = f"{ref_sim['mean']:.2f}" if ref_sim else "missing"
    lines += [
        "",
        f"TCP modification (swap): within {spct} % of N = 0 throughout, compared with"
        f" the paper's N = 0 ({ref_paper}) and the simulated swap N = 0 ({ref_sim_text})",
        "     N  sim mean  +-CI95   n  paper (sd)  rel.err  vs paper N=0    vs sim N=0",
    ]
    ok_p = ok_s = total_s = 0
    for n in N_VALUES:
        s = summary.get(("swap", n))
        paper = f"{values[n]:5.1f} ({sd[n]:.1f})"
        total_s += 1
        if s is None:
            lines.append(f"{n:6d}  {'missing':>22}  {paper}")
            continue
        rel = _rel(s["mean"], values[n])
        in_p = _within(s["mean"], ref_paper, SWAP_TOLERANCE)
        ok_p += in_p
        vs_p = f"{_pct(_rel(s['mean'], ref_paper), 6)} {'ok' if in_p else 'OUT'}"
        if ref_sim:
            in_s = _within(s["mean"], ref_sim["mean"], SWAP_TOLERANCE)
            ok_s += in_s
            vs_s = f"{_pct(_rel(s['mean'], ref_sim['mean']), 6)} {'ok' if in_s else 'OUT'}"
        else:
            vs_s = "n/a"
        lines.append(f"{n:6d} {_stat_cols(s)}  {paper}  {_pct(rel, 7)}  {vs_p:<14} {vs_s}")

    lines += [
        "",
        "Summary:",
        f"  unmodified N={UNMODIFIED_CHECKED_N[0]}..{UNMODIFIED_CHECKED_N[-1]} within +-{upct} %"
        f" of paper: {ok_u}/{total_u}",
        f"  swap within {spct} % of paper N=0 ({ref_paper}): {ok_p}/{total_s}",
        f"  swap within {spct} % of simulated swap N=0 ({ref_sim_text}): {ok_s}/{total_s}",
    ]
    all_ok = ok_u == total_u and ok_p == total_s and ok_s == total_s
    return "\n".join(lines) + "\n", all_ok
