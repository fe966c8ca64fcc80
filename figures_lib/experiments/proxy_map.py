"""The proxy paper's open parameters (issue 41, section 3): where its claims hold.

The paper gives no request process for its clients and no value for the
persistent timer. The suite's clients are SURGE user equivalents (Barford
and Crovella 1998: think times between pages Pareto with scale 1 s), and
its persistent timer is Apache 1.3's documented KeepAliveTimeout (15 s):
assumptions. This map runs every claim of figures 4 and 5 (the `proxy`
experiment's checks, the same code) over a grid of the two: SURGE's OFF
times (the think time between pages and the pause between a page's files)
as SURGE has them, then a quarter and a sixteenth of them (busier clients),
and the persistent timer (5, 15, 60 s), at a fifth of the paper's size (clients 10, 20, 40, 100 for the paper's 50, 100, 200,
500; Nmax 40 and a 640 KB pool for 200 and 3200 KB), so that the grid is
affordable; it says so on every output. Where does the fall above Nmax
appear, where do (3) and (4) gain at the second client count, and is there
a cell where every claim holds?

One point: build/bin/proxy-buffer-proxy --csv --scheme=S --clients=N
--maxConnections=40 --poolKb=640 --persistentTimeout=T
--ns3::SurgeOffTime::InactiveOffScale=K
--ns3::SurgeOffTime::ActiveOffScale=1.46K --duration=120 --RngRun=R.
"""

from .. import gnuplot, readme, verdict
from ..csvio import columns_of, write_csv
from ..point import Point
from ..registry import Experiment, register
from .proxy import report

THINK = "ns3::SurgeOffTime::InactiveOffScale"  # think time between pages, Pareto scale (SURGE: 1 s)
PAUSE = "ns3::SurgeOffTime::ActiveOffScale"  # pause between a page's files, Weibull scale (1.46 s)
SURGE_PAUSE = 1.46
SCHEMES = (1, 2, 3, 4)
THINK_SCALES = (1.0, 0.25, 0.0625)  # SURGE's OFF times, then a quarter and a sixteenth of them
TIMERS = (5.0, 15.0, 60.0)  # s: the persistent timer
DIVISOR = 5  # of the paper's clients, Nmax and pool
COUNTS = tuple(n // DIVISOR for n in (50, 100, 200, 500))
NMAX = 200 // DIVISOR
POOL_KB = 3200 // DIVISOR
# scale -> (runs, seconds simulated)
SCALES = {"paper": (3, 120.0), "quick": (1, 30.0)}


def scale_text(scale):
    runs, duration = SCALES[scale]
    return (f"scale {scale}: a fifth of the paper's size (clients {', '.join(map(str, COUNTS))},"
            f" Nmax {NMAX}, pool {POOL_KB} KB), {runs} run{'s' if runs != 1 else ''} of"
            f" {duration:g} s")  # fmt: skip


@register
class ProxyMap(Experiment):
    name = "proxy-map"
    title = "Beyond the proxy paper: its claims over the clients' think time and the persistent timer"
    program = "proxy-buffer-proxy"
    point_columns = ("think_s", "timer_s")

    def points(self, scale):
        runs, duration = SCALES[scale]
        return [
            Point.make(self.name, scale, self.program, csv=True, scheme=scheme, clients=n,
                       maxConnections=NMAX, poolKb=POOL_KB, persistentTimeout=timer,
                       duration=duration, RngRun=run,
                       **{THINK: think, PAUSE: SURGE_PAUSE * think})  # fmt: skip
            for run in range(1, runs + 1)
            for think in THINK_SCALES
            for timer in TIMERS
            for n in COUNTS
            for scheme in SCHEMES
        ]

    def cells(self, rows):
        """{(think, timer): report.Checks} of the rows (each row's cell from
        its point's parameters, which the row does not carry)."""
        by_cell = {}
        for row in rows:
            by_cell.setdefault((float(row["think_s"]), float(row["timer_s"])), []).append(
                {**row, "variant": str(row["scheme"])}
            )
        return {cell: report.orderings(cell_rows, COUNTS) for cell, cell_rows in sorted(by_cell.items())}

    def outputs(self, scale, rows, outdir):
        # The think time and the timer are the points' parameters, which the
        # program's row does not carry: rows come in the points' order, and
        # what the row does carry must agree with its point.
        points = self.points(scale)
        if len(points) != len(rows):
            raise ValueError(f"{self.name}: {len(rows)} rows for {len(points)} points")
        for p, row in zip(points, rows):
            mine = (int(p.param("scheme")), int(p.param("clients")), int(p.param("RngRun")))
            if (int(row["scheme"]), int(row["clients"]), int(row["run"])) != mine:
                raise ValueError(f"{self.name}: a row of scheme {row['scheme']}, {row['clients']}"
                                 f" clients, run {row['run']} for the point {p.label()}")  # fmt: skip
        columns = [*self.point_columns, *columns_of(rows)]  # the point's, then the program's
        rows = [{**row, "think_s": p.param(THINK), "timer_s": p.param("persistentTimeout")}
                for p, row in zip(points, rows)]  # fmt: skip
        write_csv(outdir / f"{self.name}.csv", columns, rows)
        cells = self.cells(rows)
        claims = list(next(iter(cells.values())).verdicts)
        lines = [
            "The proxy paper's claims over its open parameters (issue 41, section 3)",
            f"({scale_text(scale)}; each cell: the `proxy` experiment's checks on its rows)",
            "",
            "think: SURGE's OFF times scaled by this (think time between pages and pause"
            " between a page's files: 1 is SURGE's); timer: the proxy's persistent timer.",
            "",
            f"{'think s':>8} {'timer s':>8}  verdicts",
        ]
        for (think, timer), c in cells.items():
            lines.append(f"{think:>8g} {timer:>8g}  {c.tally()}")
        lines += ["", "Each claim: the cells where it holds (think s, timer s):"]
        for claim in claims:
            held = [f"({t:g}, {m:g})" for (t, m), c in cells.items() if c.verdicts[claim] == verdict.HOLDS]
            lines.append(f"  {claim}: {' '.join(held) or 'none'}")
        every = [f"({t:g}, {m:g})" for (t, m), c in cells.items()
                 if all(v == verdict.HOLDS for v in c.verdicts.values() if v != "n/a")]  # fmt: skip
        lines += ["", f"Cells where every claim holds: {' '.join(every) or 'none'}"]
        text = "\n".join(lines) + "\n"
        (outdir / f"{self.name}-check.txt").write_text(text)
        held = {cell: sum(v == verdict.HOLDS for v in c.verdicts.values()) for cell, c in cells.items()}
        block = (
            f"[figures/{self.name}-check.txt](figures/{self.name}-check.txt), {scale_text(scale)}:"
            " claims of figures 4 and 5 that hold, of "
            f"{len(claims)}, per scale of SURGE's OFF times and persistent timer: "
            + "; ".join(f"{t:g} and {m:g} s: {n}" for (t, m), n in held.items())
            + f". Every claim holds in: {', '.join(every) or 'no cell'}."
        )
        readme.write(outdir, self.name, {self.name: readme.paragraph(block)})
        error = self.plot(outdir, held, len(claims), scale)
        return text + (f"\nwarning: {error}\n" if error else "")

    def plot(self, outdir, held, total, scale):
        """A grid: think-time scale across, persistent timer up, each cell
        shaded and labelled with the claims that hold."""
        thinks = sorted({t for t, _ in held})
        timers = sorted({m for _, m in held})
        data = [f"{i} {j} {held[(t, m)]}" for i, t in enumerate(thinks) for j, m in enumerate(timers)]
        gp = outdir / f"{self.name}.gp"
        xtics = ", ".join(f'"{t:g}" {i}' for i, t in enumerate(thinks))
        ytics = ", ".join(f'"{m:g}" {j}' for j, m in enumerate(timers))
        gp.write_text(f"""\
# The proxy paper's claims over its open parameters; generated by ./figures.py, do not edit.
{gnuplot.terminal("900,700")}
set output "{self.name}.png"
{gnuplot.datablock("cells", data)}
set title "Claims of figures 4 and 5 that hold (of {total})\\n{scale_text(scale)}" noenhanced
set xlabel "SURGE's OFF times (think time, pause between files) scaled by"
set ylabel "persistent timer, s"
set xtics ({xtics})
set ytics ({ytics})
set xrange [-0.5:{len(thinks) - 0.5}]
set yrange [-0.5:{len(timers) - 0.5}]
set cbrange [0:{total}]
set palette defined (0 "#f7f7f7", {total} "#1a7a3a")
unset key
plot $cells using 1:2:3 with image, \\
     $cells using 1:2:(sprintf("%d", $3)) with labels font ",16"
""")
        return gnuplot.run(gp, outdir)
