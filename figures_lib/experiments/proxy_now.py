"""The proxy paper's proxy today (issue 42, part 1): its upstream port budget.

A reverse proxy on Linux 6 hosts (scheme 3, the Linux-6 profile everywhere,
60-s TIME_WAIT), 5 000 to 50 000 SURGE clients on 100 hosts (each host its
own path to the proxy: the users behind one access network; started over
4.5 s, a SURGE user's mean time between requests), one origin behind one
address and port, nginx's upstream default (one request per upstream
connection, which the origin closes), and the proxy choosing each upstream
connection's local port as Linux does: per destination from
ip_local_port_range (28 232 ports), with tcp_tw_reuse. Where TIME_WAIT of
the upstream connections lands (the standard close, the TIME_WAIT draft's
swap close with the proxy as the client, the swap close at the origin)
decides whether the proxy runs out of ports, and tcp_tw_reuse=1 whether it
gets them back. Every setting is a documented default, fixed before any
run (proxy-buffer.rst, "The proxy today: its port budget").

Beside the port budget, the four sources' cures on this proxy: each alone
on the proxy as the papers ran it (scheme 1's fixed buffers, an initial
window of 1 with BSD's delayed ACK, the standard close), then all together:
which number each one changes. DTOC has nothing to do here (the proxy's
SURGE users wait for their responses): the metastable experiment is its.

One point: build/bin/proxy-now --csv --clients=N --placement=P
--twReuse=R --scheme=S --duration=T --RngRun=K [--ns3::...=V]
(scratch/proxy-now.cc).
"""

import math

from .. import gnuplot, readme, verdict
from ..csvio import columns_of, write_csv, write_summary
from ..point import Point
from ..registry import Experiment, register
from ..stats import mean_ci_text, paired_difference, summarize, summarize_groups

PLACEMENTS = ("standard", "swap", "origin-swap")
TW_REUSE = ("Off", "On")
VALUES = (
    "connect_errors",
    "unavailable",
    "upstream_opened",
    "tw_reused",
    "proxy_time_wait",
    "proxy_time_wait_peak",
    "origin_time_wait",
    "mb_moved",
    "mean_wait_s",
    "tw_overflows",
    "listen_drops",
    "memory_peak_mb",
    "pool_mb",
    "pressure_s",
    "response_small_s",
    "response_large_s",
)
ALL = tuple((p, reuse) for p in PLACEMENTS for reuse in TW_REUSE)
# What the claims need (below): the standard close and the swap close, and
# the swap close with tcp_tw_reuse=1.
CLAIMED = (("standard", "Off"), ("swap", "Off"), ("swap", "On"))
# scale -> ((clients, runs, seconds simulated, configurations), ...). Two
# TIME_WAIT lifetimes where it is cheap; 50 000 clients make ten times the
# events of 5 000 a second simulated (on their 100 hosts the proxy's walk of
# its devices is the same at every size, ProxyExperimentConfig::clientHosts;
# ns-3's per-connection walks at the proxy still grow), so 70 s there:
# about 35 s for the swap close's TIME_WAITs to fill the range (about 810
# upstream connections a second), then as long again, and the
# configurations the claims compare.
SCALES = {
    "paper": ((5000, 5, 130.0, ALL), (10000, 5, 130.0, ALL), (50000, 3, 70.0, CLAIMED)),
    "quick": ((500, 2, 70.0, ALL),),
}

# The sources' cures, each alone on the proxy as the papers ran it, then all
# together (today's proxy with the swap close). Without them: scheme 1
# (fixed 16 KB buffers, no connection management), an initial window of 1
# and BSD's 200-ms delayed ACK on every host (attribute defaults, which win
# over the Linux-6 profile), the standard close. The port budget's
# tcp_tw_reuse stays Off. label -> (scheme, attribute defaults, placement)
THEN_ACKS = (("ns3::TcpHostSocket::DelayedAckPolicy", "ns3::TcpBsdDelayedAck"),
             ("ns3::TcpSocket::InitialCwnd", 1))  # fmt: skip
CURES = {
    "none (then)": (1, THEN_ACKS, "standard"),
    "E2-ATBT + management (004)": (3, THEN_ACKS, "standard"),
    "IW 10, quick ACKs (002)": (1, (), "standard"),
    "swap close (000)": (1, THEN_ACKS, "swap"),
    "all together": (3, (), "swap"),
}
CURES_VALUES = ("mb_moved", "mean_wait_s", "response_small_s", "response_large_s",
                "memory_peak_mb", "connect_errors", "proxy_time_wait", "origin_time_wait")  # fmt: skip
# scale -> (clients, runs, seconds simulated)
CURES_SCALES = {"paper": (5000, 5, 130.0), "quick": (500, 2, 70.0)}


def scale_text(scale):
    sizes = ", ".join(f"{n} clients: {r} runs of {d:g} s" + ("" if len(c) == len(ALL) else " (the claims' configurations)")
                      for n, r, d, c in SCALES[scale])  # fmt: skip
    return f"scale {scale}: {sizes}; 100 client hosts, Linux-6 hosts, scheme 3, one origin"


# The claims, each decided at every client count on paired runs (the same
# RngRun: the same clients and requests): (text, value, a, b, ordering),
# a and b as (placement, tw_reuse).
CLAIMS = (
    ("the swap close costs the proxy connect()s: more fail than with the standard close",
     "connect_errors", ("swap", "Off"), ("standard", "Off"), verdict.greater),
    ("tcp_tw_reuse=1 gives the swap close's ports back: fewer connect()s fail",
     "connect_errors", ("swap", "On"), ("swap", "Off"), verdict.less),
    ("the swap close moves the origin's TIME_WAIT to the proxy",
     "origin_time_wait", ("swap", "Off"), ("standard", "Off"), verdict.less),
    ("the swap close costs the proxy bytes moved",
     "mb_moved", ("swap", "Off"), ("standard", "Off"), verdict.less),
)  # fmt: skip


@register
class ProxyNow(Experiment):
    name = "proxy-now"
    title = "Then and now: the proxy as a reverse proxy of today, its upstream port budget"
    program = "proxy-now"

    # The points' parameters the program's row does not carry, as columns
    # before the row's own in the raw CSV.
    point_columns = ("initial_cwnd", "delayed_ack")

    def _point(self, scale, n, placement, reuse, duration, run, scheme=3, attributes=()):
        return Point.make(self.name, scale, self.program, csv=True, clients=n, placement=placement,
                          twReuse=reuse, scheme=scheme, duration=duration, RngRun=run,
                          **dict(attributes))  # fmt: skip

    def budget_points(self, scale):
        sizes = SCALES[scale]
        # Run 1 of every size and configuration first: a partial sweep covers them all.
        return [
            self._point(scale, n, p, reuse, duration, run)
            for run in range(1, max(r for _, r, _, _ in sizes) + 1)
            for n, runs, duration, configurations in sizes
            if run <= runs
            for p, reuse in configurations
        ]

    def cure_points(self, scale):
        """{label: [its points, by run]}."""
        n, runs, duration = CURES_SCALES[scale]
        return {
            label: [self._point(scale, n, placement, "Off", duration, run, scheme, attributes)
                    for run in range(1, runs + 1)]
            for label, (scheme, attributes, placement) in CURES.items()
        }  # fmt: skip

    def points(self, scale):
        # the cure "all together" is also a point of the budget's grid
        cures = [p for points in self.cure_points(scale).values() for p in points]
        return list(dict.fromkeys(self.budget_points(scale) + cures))

    def outputs(self, scale, rows, outdir):
        columns = columns_of(rows)  # the program's, before the derived ones
        # The initial window and the delayed ACK are attribute defaults on the
        # points' command lines, which the row does not carry: rows come in
        # the points' order, and what the row does carry must agree.
        points = self.points(scale)
        if len(points) != len(rows):
            raise ValueError(f"{self.name}: {len(rows)} rows for {len(points)} points")
        for p, row in zip(points, rows):
            carried = ("clients", "placement", "tw_reuse", "scheme", "run")
            mine = tuple(str(p.param(k)) for k in ("clients", "placement", "twReuse", "scheme", "RngRun"))
            if tuple(row[k] for k in carried) != mine:
                raise ValueError(f"{self.name}: a row of {dict((k, row[k]) for k in carried)} for the"
                                 f" point {p.label()}")  # fmt: skip
        rows = [
            {"initial_cwnd": str(dict(p.params).get("ns3::TcpSocket::InitialCwnd", "profile")),
             "delayed_ack": dict(p.params).get("ns3::TcpHostSocket::DelayedAckPolicy", "profile"),
             **row, "clients": int(row["clients"]), "mb_moved": float(row["bytes_moved"]) / 1e6,
             "memory_peak_mb": float(row["memory_peak_bytes"]) / 1e6,
             "pool_mb": float(row["pool_bytes"]) / 1e6, "pressure_s": float(row["pressure_s"])}
            for p, row in zip(points, rows)
        ]  # fmt: skip
        by_point = dict(zip(points, rows))
        write_csv(outdir / f"{self.name}.csv", [*self.point_columns, *columns],
                  sorted(rows, key=lambda r: (r["clients"], PLACEMENTS.index(r["placement"]),
                                              TW_REUSE.index(r["tw_reuse"]), r["scheme"],
                                              r["initial_cwnd"], int(r["run"]))))  # fmt: skip
        cures_lines = self.cures_check(scale, by_point)
        rows = sorted(
            (by_point[p] for p in self.budget_points(scale)),
            key=lambda r: (r["clients"], PLACEMENTS.index(r["placement"]),
                           TW_REUSE.index(r["tw_reuse"]), int(r["run"])),
        )  # fmt: skip
        keys = ("clients", "placement", "tw_reuse")
        summary = summarize_groups(
            rows, keys, VALUES, lambda k: (k[0], PLACEMENTS.index(k[1]), TW_REUSE.index(k[2]))
        )
        write_summary(outdir / f"{self.name}-summary.csv", keys, VALUES, summary)
        runs = ", ".join(map(str, sorted({s["connect_errors"]["n"] for s in summary.values()})))
        lines = [
            "The proxy today: its upstream port budget (issue 42)",
            f"({scale_text(scale)}; runs per point: {runs}; mean +- 95 % CI over runs)",
            "",
            f"{'clients':>7} {'placement':>11} {'reuse':>5} {'connect fails':>15} {'503s':>15}"
            f" {'upstream':>15} {'TW taken':>13} {'TW at proxy':>15} {'peak':>13}"
            f" {'TW at origin':>15} {'MB moved':>15} {'wait s':>12}",
        ]  # fmt: skip
        for (n, placement, reuse), s in summary.items():
            lines.append(
                f"{n:>7} {placement:>11} {reuse:>5} {mean_ci_text(s['connect_errors']):>15}"
                f" {mean_ci_text(s['unavailable']):>15} {mean_ci_text(s['upstream_opened']):>15}"
                f" {mean_ci_text(s['tw_reused']):>13} {mean_ci_text(s['proxy_time_wait']):>15}"
                f" {mean_ci_text(s['proxy_time_wait_peak']):>13} {mean_ci_text(s['origin_time_wait']):>15}"
                f" {mean_ci_text(s['mb_moved']):>15} {mean_ci_text(s['mean_wait_s']):>12}"
            )  # fmt: skip
        lines += [
            "",
            "The proxy's other resources (TIME_WAITs its full table refused, SYNs and last ACKs its"
            " listen queue dropped, its socket memory at its peak, of a pool of 64 KB a client up to"
            " Linux's tcp_mem limit of a 24-GiB host, 2416 MB, and the seconds it spent under memory"
            " pressure, above tcp_mem[1], 1611 MB, where no buffer grows) and the mean response"
            " time of documents within Linux's initial window (14 480 bytes) and of 1 MB or more:",
            "",
            f"{'clients':>7} {'placement':>11} {'reuse':>5} {'TW overflows':>15} {'listen drops':>15}"
            f" {'memory MB':>15} {'pool MB':>9} {'pressure s':>13} {'small s':>15} {'1 MB+ s':>15}",
        ]  # fmt: skip
        for (n, placement, reuse), s in summary.items():
            lines.append(
                f"{n:>7} {placement:>11} {reuse:>5} {mean_ci_text(s['tw_overflows']):>15}"
                f" {mean_ci_text(s['listen_drops']):>15} {mean_ci_text(s['memory_peak_mb']):>15}"
                f" {s['pool_mb']['mean']:>9.4g} {mean_ci_text(s['pressure_s']):>13}"
                f" {mean_ci_text(s['response_small_s']):>15} {mean_ci_text(s['response_large_s']):>15}"
            )  # fmt: skip
        lines += ["", "Claims, on paired runs (the same clients and requests), 95 %:"]
        by_run = {}
        for r in rows:
            by_run.setdefault((r["clients"], r["placement"], r["tw_reuse"]), {})[int(r["run"])] = r
        verdicts = []
        for n in sorted({r["clients"] for r in rows}):
            for text, value, a, b, order in CLAIMS:
                ra, rb = by_run.get((n, *a), {}), by_run.get((n, *b), {})
                shared = sorted(set(ra) & set(rb))
                if not shared:
                    continue
                d = paired_difference([float(ra[i][value]) for i in shared],
                                      [float(rb[i][value]) for i in shared])  # fmt: skip
                j = order(d)
                verdicts.append(j.verdict)
                lines.append(f"  {n:>6} clients: {text}: {j.verdict} ({value}, {j.text})")
        lines += ["", f"Claims: {verdict.tally(verdicts)}", "", *cures_lines]
        text = "\n".join(lines) + "\n"
        (outdir / f"{self.name}-check.txt").write_text(text)
        cells = [
            f"{n} clients, {placement}, tcp_tw_reuse {reuse}: {s['connect_errors']['mean']:.0f}"
            f" connect() failures, {s['proxy_time_wait']['mean']:.0f} TIME_WAIT at the proxy"
            for (n, placement, reuse), s in summary.items()
        ]
        block = (
            f"[figures/{self.name}-check.txt](figures/{self.name}-check.txt), {runs} runs"
            " (means): " + "; ".join(cells)
            + f". Claims: {verdict.tally(verdicts)}."
        )  # fmt: skip
        readme.write(outdir, self.name, {self.name: readme.paragraph(block)})
        error = self.plot(scale, outdir, summary)
        return text + (f"\nwarning: {error}\n" if error else "")

    def cures_check(self, scale, by_point):
        """The check's lines on the cures: each one's mean per value and,
        paired by run, its difference from none (then) with a 95 % interval;
        a change is shown where the interval excludes 0 (up or down), '~'
        where it does not (no change shown, not one ruled out)."""
        n, runs, duration = CURES_SCALES[scale]
        rows = {label: [by_point[p] for p in points] for label, points in self.cure_points(scale).items()}
        then = rows["none (then)"]
        lines = [
            f"The sources' cures at {n} clients ({runs} runs of {duration:g} s; tcp_tw_reuse Off):"
            " without them (then) the proxy has scheme 1's fixed 16 KB buffers, every host an"
            " initial window of 1 and BSD's 200-ms delayed ACK, and the standard close; each cure"
            " alone, then all together (today's proxy, Linux-6, with the swap close). DTOC: not"
            " here (the proxy's users wait for their responses; see the metastable experiment).",
            "Each cell: the mean; below it the paired difference from then, 95 %: up or down"
            " where the interval excludes 0, ~ where it does not.",
            "",
            f"{'cure':>27} " + " ".join(f"{v:>17}" for v in CURES_VALUES),
        ]  # fmt: skip
        for label, mine in rows.items():
            means = [summarize([float(r[v]) for r in mine])["mean"] for v in CURES_VALUES]
            lines.append(f"{label:>27} " + " ".join(f"{m:>17.4g}" for m in means))
            if label == "none (then)":
                continue
            cells = []
            for v in CURES_VALUES:
                a = {int(r["run"]): float(r[v]) for r in mine}
                b = {int(r["run"]): float(r[v]) for r in then}
                shared = sorted(set(a) & set(b))
                d = paired_difference([a[i] for i in shared], [b[i] for i in shared])
                lo, hi = d.interval(verdict.CONFIDENCE)
                sign = "up" if lo > 0 else "down" if hi < 0 else "~"
                cells.append(f"{sign} {d.diff:+.3g}")
            lines.append(f"{'':>27} " + " ".join(f"{c:>17}" for c in cells))
        return lines

    def plot(self, scale, outdir, summary):
        """Per client count: TIME_WAIT at the proxy and at the origin (top)
        and connect() failures (bottom) per placement and tcp_tw_reuse,
        with 95 % CIs; each panel its own y scale."""

        def ci(s):
            return 0.0 if math.isnan(s["ci95"]) else s["ci95"]

        counts = sorted({n for n, _, _ in summary})
        blocks, top, bottom = [], [], []
        for n in counts:
            rows = [
                f'"{placement}\\n{reuse}" {s["proxy_time_wait"]["mean"]:g} {ci(s["proxy_time_wait"]):g} '
                f'{s["origin_time_wait"]["mean"]:g} {ci(s["origin_time_wait"]):g} '
                f'{s["connect_errors"]["mean"]:g} {ci(s["connect_errors"]):g}'
                for (m, placement, reuse), s in summary.items()
                if m == n
            ]  # fmt: skip
            blocks.append(gnuplot.datablock(f"d{n}", rows))
            top.append(f"""\
set title "{n} clients: TIME_WAIT (mean over the run)"
plot $d{n} using 2:3:xtic(1) lc rgb "#b02010" title "at the proxy", \\
     $d{n} using 4:5 lc rgb "#1050b0" title "at the origin"
""")
            bottom.append(f"""\
set title "{n} clients: connect() without a local port"
plot $d{n} using 6:7:xtic(1) lc rgb "#404040" title "failures in the run"
""")
        gp = outdir / f"{self.name}.gp"
        gp.write_text(f"""\
# The proxy today, its port budget; generated by ./figures.py, do not edit.
{gnuplot.terminal("1400,1000")}
set output "{self.name}.png"
{"".join(blocks)}
set style data histogram
set style histogram errorbars gap 1 lw 1
set style fill solid 0.8 border -1
set yrange [0:*]
set grid ytics lc rgb "#dddddd"
set key top left box opaque
set bmargin 4
set multiplot layout 2,{len(counts)} title "The proxy today: placement of the upstream TIME_WAIT \\
and tcp_tw_reuse\\n({scale_text(scale)}; mean with 95% CI)"
{"".join(top)}{"".join(bottom)}
unset multiplot
""")
        return gnuplot.run(gp, outdir)
