"""The TIME_WAIT draft's tables on today's host (issue 25, part 3): "then
and now".

table1-now: Table 1 (two bulk transfers, N TIME_WAIT TCBs at the server, the
SunOS host's costs) with the server's TCB lookup hashed, with TIME_WAIT kept
in Linux's compact records (off the TCB list), and with both. One point:
build/bin/tw-avoid-table1 --timeWaitTcbs=N --discipline=D [--timeWaitTable]
--RngRun=R --transferTime=S.

table3-now: Table 3's unmodified server (WebSTONE, 500-byte files), its
TIME_WAIT in Linux's compact records of 256 bytes: in the SunOS host's
socket memory, in memory without a limit (today's host: the records'
memory is what RAM gives), and there with a bucket limit of 4096
(tcp_max_tw_buckets, whose default on a 24 GiB host is 131072). One point:
build/bin/tw-avoid-webstone --table=3 --variant=unmodified --timeWaitTable
[--memoryLimit=0] [--timeWaitBuckets=B] --RngRun=R. Table 3 itself (the
``table3`` experiment) is "then".
"""

import math

from .. import gnuplot, readme
from ..csvio import columns_of, write_csv, write_summary
from ..point import Point
from ..registry import Experiment, register
from ..stats import summarize_groups
from .table1.paper import N_VALUES

# label -> (discipline, compact TIME_WAIT records)
TABLE1_VARIANTS = {
    "then (linear list, TCBs)": ("LinearHeadInsert", False),
    "hashed lookup": ("Hashed", False),
    "compact records": ("LinearHeadInsert", True),
    "hashed + records (Linux)": ("Hashed", True),
}
# scale -> (runs per point, transfer time in s)
TABLE1_SCALES = {"paper": (5, 10.0), "quick": (2, 2.0)}

# label -> (memory limit: -1 the profile's, 0 none; bucket limit: 0 the table's)
TABLE3_VARIANTS = {
    "records, SunOS memory": (-1, 0),
    "records, no memory limit": (0, 0),
    "records, 4096 buckets": (0, 4096),
}
TABLE3_VALUES = (
    "conn_per_s",
    "throughput_mbps",
    "server_tcb_kb",
    "server_time_wait",
    "overflows_per_s",
)
# scale -> (runs, warm-up s, measurement s)
TABLE3_SCALES = {"paper": (3, 70.0, 60.0), "quick": (2, 70.0, 10.0)}


def _ci(s):
    return 0.0 if math.isnan(s["ci95"]) else s["ci95"]


def _fmt(s):
    return f"{s['mean']:.4g}" + ("" if math.isnan(s["ci95"]) else f" +- {s['ci95']:.3g}")


def _spaced(x):
    """A count as README writes it: 15 100, 2 200."""
    return f"{x:,.0f}".replace(",", " ")


def _labelled(points, rows, labels):
    """Rows with their variant's label, from the points they came from."""
    return [{**row, "variant": labels(point)} for point, row in zip(points, rows)]


@register
class Table1Now(Experiment):
    name = "table1-now"
    title = "Then and now: Table 1 with hashed lookup and Linux's compact TIME_WAIT"
    program = "tw-avoid-table1"

    def point(self, scale, variant, n, run):
        runs, seconds = TABLE1_SCALES[scale]
        discipline, records = TABLE1_VARIANTS[variant]
        return Point.make(self.name, scale, self.program, timeWaitTcbs=n, discipline=discipline,
                          timeWaitTable=records, RngRun=run, transferTime=seconds)  # fmt: skip

    def points(self, scale):
        runs, _ = TABLE1_SCALES[scale]
        return [
            self.point(scale, v, n, run)
            for v in TABLE1_VARIANTS
            for n in N_VALUES
            for run in range(1, runs + 1)
        ]

    def outputs(self, scale, rows, outdir):
        columns = columns_of(rows)
        labels = {
            (d, r): v for v, (d, r) in TABLE1_VARIANTS.items()
        }  # fmt: skip
        rows = _labelled(
            self.points(scale),
            rows,
            lambda p: labels[(p.param("discipline"), p.param("timeWaitTable"))],
        )
        order = list(TABLE1_VARIANTS)
        rows.sort(key=lambda r: (order.index(r["variant"]), int(r["N"]), int(r["run"])))
        write_csv(outdir / f"{self.name}.csv", columns, rows)  # the program's columns, sorted
        summary = summarize_groups(
            [{**r, "N": int(r["N"])} for r in rows],
            ("variant", "N"),
            ("mean_mbps",),
            lambda k: (order.index(k[0]), k[1]),
        )
        runs, seconds = TABLE1_SCALES[scale]
        runs = ", ".join(map(str, sorted({s["mean_mbps"]["n"] for s in summary.values()})))
        scale_text = f"scale {scale}: {TABLE1_SCALES[scale][0]} runs per point, {seconds:g} s transfer"
        lines = [
            "Table 1 on today's host: throughput per client (Mb/s) vs N TIME_WAIT at the server",
            f"(SunOS host costs; {scale_text}; runs per point: {runs}; mean +- 95 % CI over runs)",
            "",
            f"{'N':>6} " + " ".join(f"{v:>26}" for v in order),
        ]
        for n in N_VALUES:
            lines.append(
                f"{n:>6} " + " ".join(f"{_fmt(summary[(v, n)]['mean_mbps']):>26}" for v in order)
            )
        drop = {
            v: 1 - summary[(v, N_VALUES[-1])]["mean_mbps"]["mean"] / summary[(v, 0)]["mean_mbps"]["mean"]
            for v in order
        }  # fmt: skip
        lines += ["", f"Fall from N=0 to N={N_VALUES[-1]}:"]
        lines += [f"  {v}: {100 * d:.1f} %" for v, d in drop.items()]
        text = "\n".join(lines) + "\n"
        (outdir / f"{self.name}-check.txt").write_text(text)
        block = (
            f"[figures/table1-now-check.txt](figures/table1-now-check.txt), {runs} runs per point:"
            f" throughput per client falls from N = 0 to N = {N_VALUES[-1]} TIME_WAIT connections"
            " at the server by "
            + "; ".join(f"{100 * d:.1f} % with {v}" for v, d in drop.items())
            + "."
        )
        readme.write(outdir, self.name, {self.name: readme.paragraph(block)})
        write_summary(outdir / f"{self.name}-summary.csv", ("variant", "N"), ("mean_mbps",), summary)
        error = self.plot(outdir, summary, order, scale_text)
        return text + (f"\nwarning: {error}\n" if error else "")

    def plot(self, outdir, summary, order, scale_text):
        colours = ("#b02010", "#d08000", "#1050b0", "#108040")
        # Three of the four lines lie on one another at about 66.8 Mb/s:
        # each has its own dash type and point type (and size), so that all
        # three can be told apart where they overlap.
        dashes = (1, 2, 4, 5)
        points = ((7, 1.2), (9, 1.6), (4, 1.8), (12, 2.2))
        blocks, curves = [], []
        for i, v in enumerate(order):
            data = [f"{n} {summary[(v, n)]['mean_mbps']['mean']:g} {_ci(summary[(v, n)]['mean_mbps']):g}"
                    for n in N_VALUES]  # fmt: skip
            blocks.append(gnuplot.datablock(f"v{i}", data))
            pt, ps = points[i]
            curves.append(
                f'$v{i} using ($1+{(i - 1.5) * 30:g}):2:3 with yerrorlines lw 2 dt {dashes[i]} '
                f'pt {pt} ps {ps} lc rgb "{colours[i]}" title "{v}"'
            )
        gp = outdir / f"{self.name}.gp"
        gp.write_text(f"""\
# Table 1 then and now; generated by ./figures.py, do not edit.
{gnuplot.terminal("1100,650")}
set output "{self.name}.png"
{"".join(blocks)}
set title "TIME_WAIT draft, Table 1, then and now: throughput vs TIME_WAIT at the server\\n({scale_text}; mean with 95% CI)"
set xlabel "N: TIME_WAIT connections at the server before the transfer"
set ylabel "throughput per client (Mb/s)"
set xrange [-200:2700]
set yrange [0:90]
set grid ytics lc rgb "#dddddd"
set key bottom left box opaque
plot {", ".join(curves)}
""")
        return gnuplot.run(gp, outdir)


@register
class Table3Now(Experiment):
    name = "table3-now"
    title = "Then and now: Table 3's unmodified server with Linux's compact TIME_WAIT"
    program = "tw-avoid-webstone"

    def point(self, scale, variant, run):
        _, warmup, measure = TABLE3_SCALES[scale]
        limit, buckets = TABLE3_VARIANTS[variant]
        return Point.make(self.name, scale, self.program, table="3", variant="unmodified",
                          timeWaitTable=True, memoryLimit=limit, timeWaitBuckets=buckets,
                          warmup=warmup, measure=measure, RngRun=run)  # fmt: skip

    def points(self, scale):
        runs, _, _ = TABLE3_SCALES[scale]
        return [self.point(scale, v, run) for v in TABLE3_VARIANTS for run in range(1, runs + 1)]

    def outputs(self, scale, rows, outdir):
        columns = columns_of(rows)
        labels = {lb: v for v, lb in TABLE3_VARIANTS.items()}
        rows = _labelled(
            self.points(scale),
            rows,
            lambda p: labels[(p.param("memoryLimit"), p.param("timeWaitBuckets"))],
        )
        _, _, measure = TABLE3_SCALES[scale]
        for r in rows:
            r["overflows_per_s"] = float(r["server_time_wait_overflows"]) / measure
        order = list(TABLE3_VARIANTS)
        rows.sort(key=lambda r: (order.index(r["variant"]), int(r["run"])))
        write_csv(outdir / f"{self.name}.csv", columns, rows)
        summary = summarize_groups(rows, ("variant",), TABLE3_VALUES, lambda k: order.index(k[0]))
        _, warmup, _ = TABLE3_SCALES[scale]
        scale_text = (f"scale {scale}: {TABLE3_SCALES[scale][0]} runs, {warmup:g} s warm-up,"
                      f" {measure:g} s measured")  # fmt: skip
        runs = ", ".join(map(str, sorted({s["conn_per_s"]["n"] for s in summary.values()})))
        lines = [
            "Table 3's unmodified server, TIME_WAIT in Linux's compact records (256 bytes)",
            f"({scale_text}; runs per point: {runs}; mean +- 95 % CI over runs; Table 3 itself is"
            " 'then')",
            "",
            f"{'variant':>26} {'conn/s':>16} {'Mb/s':>16} {'memory KB':>18} "
            f"{'TIME_WAIT':>18} {'no TIME_WAIT /s':>16}",
        ]
        for (v,), s in summary.items():
            lines.append(
                f"{v:>26} {_fmt(s['conn_per_s']):>16} {_fmt(s['throughput_mbps']):>16} "
                f"{_fmt(s['server_tcb_kb']):>18} {_fmt(s['server_time_wait']):>18} "
                f"{_fmt(s['overflows_per_s']):>16}"
            )
        text = "\n".join(lines) + "\n"
        (outdir / f"{self.name}-check.txt").write_text(text)
        readme.write(outdir, self.name, {self.name: self.readme_text(summary, runs)})
        write_summary(outdir / f"{self.name}-summary.csv", ("variant",), TABLE3_VALUES, summary)
        error = self.plot(outdir, summary, scale_text)
        return text + (f"\nwarning: {error}\n" if error else "")

    @staticmethod
    def readme_text(summary, runs):
        """README's block: each variant's rate, what its records hold, and
        what the bucket limit lets go without TIME_WAIT (the check's numbers)."""
        s = {v: summary[(v,)] for v in TABLE3_VARIANTS if (v,) in summary}
        if len(s) != len(TABLE3_VARIANTS):
            return "not every variant ran"
        sun, free, buckets = (s[v] for v in TABLE3_VARIANTS)
        rate = free["conn_per_s"]["mean"]
        records = free["server_time_wait"]["mean"]
        mb = free["server_tcb_kb"]["mean"] / 1024
        per_gb = rate * 1024 / mb  # connections a second a GB of records holds
        lost = buckets["overflows_per_s"]["mean"]
        default = 131072  # tcp_max_tw_buckets on a 24 GiB host
        text = (
            f"[figures/table3-now-check.txt](figures/table3-now-check.txt), {runs} runs per"
            f" variant: with 256-byte records in SunOS's socket memory the unmodified server"
            f" completes {sun['conn_per_s']['mean']:.1f} ± {sun['conn_per_s']['ci95']:.2f}"
            f" connections/s; without that limit {rate:.1f}/s holding {_spaced(records)} records,"
            f" {mb:.1f} MB (a GB of records would take about {_spaced(round(per_gb, -3))}"
            f" connections a second); with 4096 buckets {lost:.1f} of its"
            f" {buckets['conn_per_s']['mean']:.1f} connections a second"
            f" ({100 * lost / buckets['conn_per_s']['mean']:.0f} %) close with no TIME_WAIT, and"
            f" Linux's default of {_spaced(default)} buckets is reached at about"
            f" {_spaced(round(default * rate / records, -2))} connections a second."
        )
        return readme.paragraph(text)

    def plot(self, outdir, summary, scale_text):
        data = [
            f'"{v}" {s["conn_per_s"]["mean"]:g} {_ci(s["conn_per_s"]):g} '
            f'{s["overflows_per_s"]["mean"]:g} {_ci(s["overflows_per_s"]):g}'
            for (v,), s in summary.items()
        ]
        gp = outdir / f"{self.name}.gp"
        gp.write_text(f"""\
# Table 3 then and now; generated by ./figures.py, do not edit.
{gnuplot.terminal("1000,600")}
set output "{self.name}.png"
{gnuplot.datablock("d", data)}
set title "TIME_WAIT draft, Table 3's unmodified server, TIME_WAIT in 256-byte records\\n({scale_text}; mean with 95% CI)"
set style data histogram
set style histogram errorbars gap 1 lw 1
set style fill solid 0.8 border -1
set ylabel "per second"
set yrange [0:*]
set grid ytics lc rgb "#dddddd"
set key top left box opaque
plot $d using 2:3:xtic(1) lc rgb "#1050b0" title "connections completed", \\
     $d using 4:5 lc rgb "#b02010" title "connections closed without TIME_WAIT (bucket limit)"
""")
        return gnuplot.run(gp, outdir)


# dtoc-now: the DTOC paper's busy day (figure 7: 1 retry) with the kernel's
# accept queue in place of the application's (dtoc-day is "then").
# label -> (tcp_abort_on_overflow, TCP_DEFER_ACCEPT s)
DTOC_VARIANTS = {
    "kernel queue": (False, 0.0),
    "kernel, abort on overflow": (True, 0.0),
    "kernel, defer accept 1 s": (False, 1.0),
}
DTOC_VALUES = ("useful_pct", "response_s", "refused", "timed_out", "server_refused")
# scale -> (runs, timeouts, period s)
DTOC_SCALES = {"paper": (3, (5, 8, 10), 240.0), "quick": (1, (5, 10), 30.0)}


@register
class DtocNow(Experiment):
    name = "dtoc-now"
    title = "Then and now: the DTOC busy day with Linux's accept queue (abort on overflow, defer accept)"
    program = "dtoc"

    def point(self, scale, variant, strategy, timeout, run):
        _, _, period = DTOC_SCALES[scale]
        abort, defer = DTOC_VARIANTS[variant]
        return Point.make(self.name, scale, self.program, strategy=strategy, timeout=timeout,
                          retries=1, day="busy", period=period, acceptQueue="kernel",
                          abortOnOverflow=abort, deferAccept=defer, RngRun=run)  # fmt: skip

    def points(self, scale):
        runs, timeouts, _ = DTOC_SCALES[scale]
        # Run 1 of every configuration first: a partial sweep covers them all.
        return [
            self.point(scale, v, strategy, t, run)
            for run in range(1, runs + 1)
            for t in timeouts
            for strategy in ("regular", "dtoc")
            for v in DTOC_VARIANTS
        ]

    def outputs(self, scale, rows, outdir):
        columns = columns_of(rows)
        labels = {lb: v for v, lb in DTOC_VARIANTS.items()}
        rows = _labelled(
            self.points(scale),
            rows,
            lambda p: labels[(p.param("abortOnOverflow"), p.param("deferAccept"))],
        )
        order = list(DTOC_VARIANTS)
        key = lambda r: (order.index(r["variant"]), r["strategy"], float(r["timeout_s"]))  # noqa: E731
        rows.sort(key=lambda r: (*key(r), int(r["run"])))
        write_csv(outdir / f"{self.name}.csv", columns, rows)
        summary = summarize_groups(
            [{**r, "timeout_s": float(r["timeout_s"])} for r in rows],
            ("variant", "strategy", "timeout_s"),
            DTOC_VALUES,
            lambda k: (order.index(k[0]), k[1], k[2]),
        )
        _, _, period = DTOC_SCALES[scale]
        scale_text = (f"scale {scale}: {DTOC_SCALES[scale][0]} runs, busy day of 9 periods of"
                      f" {period:g} s, 1 retry")  # fmt: skip
        runs = ", ".join(map(str, sorted({s["useful_pct"]["n"] for s in summary.values()})))
        lines = [
            "The DTOC busy day with Linux's accept queue (backlog 1024) in place of the application's",
            f"({scale_text}; runs per point: {runs}; mean +- 95 % CI over runs; dtoc-day is 'then')",
            "",
            f"{'queue':>26} {'strategy':>8} {'timeout':>7} {'useful %':>16} {'refused':>16} "
            f"{'timed out':>16} {'listen drops':>16}",
        ]
        for (v, strategy, t), s in summary.items():
            lines.append(
                f"{v:>26} {strategy:>8} {t:>7g} {_fmt(s['useful_pct']):>16} {_fmt(s['refused']):>16} "
                f"{_fmt(s['timed_out']):>16} {_fmt(s['server_refused']):>16}"
            )
        text = "\n".join(lines) + "\n"
        (outdir / f"{self.name}-check.txt").write_text(text)
        useful = lambda v, st, t: summary.get((v, st, float(t)))  # noqa: E731
        cells = [
            f"{st} {t:g} s {s['useful_pct']['mean']:.1f} ± {s['useful_pct']['ci95']:.1f}"
            for v in order
            for st in ("regular", "dtoc")
            for t in DTOC_SCALES[scale][1]
            if (s := useful(v, st, t))
        ]
        per_queue = {
            v: "; ".join(c for c in cells[i * len(cells) // len(order):(i + 1) * len(cells) // len(order)])
            for i, v in enumerate(order)
        }  # fmt: skip
        block = (
            f"[figures/dtoc-now-check.txt](figures/dtoc-now-check.txt), {runs} runs of the busy"
            " day: useful throughput over the day, % of capacity, mean ± 95 % CI: "
            + "; ".join(f"{v}: {c}" for v, c in per_queue.items())
            + "."
        )
        readme.write(outdir, self.name, {self.name: readme.paragraph(block)})
        write_summary(
            outdir / f"{self.name}-summary.csv",
            ("variant", "strategy", "timeout_s"),
            DTOC_VALUES,
            {(v, strategy, f"{t:g}"): s for (v, strategy, t), s in summary.items()},
        )
        error = self.plot(outdir, summary, order, scale_text)
        return text + (f"\nwarning: {error}\n" if error else "")

    def plot(self, outdir, summary, order, scale_text):
        blocks, panels = [], []
        for i, strategy in enumerate(("regular", "dtoc")):
            data = [
                f'"{v}, {t:g} s" {s["useful_pct"]["mean"]:g} {_ci(s["useful_pct"]):g}'
                for (v, st, t), s in summary.items()
                if st == strategy
            ]
            blocks.append(gnuplot.datablock(f"s{i}", data))
            panels.append(f"""\
set title "{strategy}"
plot $s{i} using 2:3:xtic(1) lc rgb "{('#b02010', '#1050b0')[i]}" notitle
""")
        # Up to the highest interval's end, so that none is cut at 100 %.
        top = max(
            [100.0] + [s["useful_pct"]["mean"] + _ci(s["useful_pct"]) for s in summary.values()]
        )
        top = 10 * math.ceil(top / 10)
        gp = outdir / f"{self.name}.gp"
        gp.write_text(f"""\
# DTOC busy day with the kernel's accept queue; generated by ./figures.py, do not edit.
{gnuplot.terminal("1300,650")}
set output "{self.name}.png"
{"".join(blocks)}
set style data histogram
set style histogram errorbars gap 1 lw 1
set style fill solid 0.8 border -1
set ylabel "useful throughput over the day (% of capacity)"
set yrange [0:{top}]
set arrow from graph 0, first 100 to graph 1, first 100 nohead dt 2 lc rgb "#606060"
set xtics rotate by -35
set grid ytics lc rgb "#dddddd"
set multiplot layout 1,2 title "The DTOC busy day with Linux's accept queue\\n({scale_text}; mean with 95% CI)"
{"".join(panels)}
unset multiplot
""")
        return gnuplot.run(gp, outdir)
