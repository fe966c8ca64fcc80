"""Beyond the proxy paper (issue 9, section 4): where the TIME_WAIT load of
the proxy's connections to origin servers lands when they close as tw-avoid
places TIME_WAIT: the standard close (the active closer keeps it), the
TIME_WAIT draft's swap close with the proxy as the origins' client, the
negotiated placement, and the swap close at the origins (the draft's roles
turned round). Scheme 3 (idle connections closed for new ones),
origins closing idle connections after 15 s, MSL 30 s; the mean and peak
TIME_WAIT TCBs at the proxy and the mean at all origins together, sampled
every second, with what the proxy moved.

One point: build/bin/proxy-buffer-time-wait --csv --placement=P
--clients=N --duration=S --RngRun=R (scratch/proxy-buffer-time-wait.cc).
"""

import math

from ... import csvio, gnuplot, readme
from ...csvio import columns_of, write_csv
from ...point import Point
from ...registry import Experiment, register
from ...stats import summarize_groups

PLACEMENTS = ("standard", "swap", "negotiated", "origin-swap")
VALUES = ("proxy_time_wait", "proxy_time_wait_peak", "origin_time_wait", "mb_moved", "mean_wait_s")
# scale -> (client counts, runs, seconds simulated)
SCALES = {
    "paper": ((100, 200), 5, 120.0),
    "quick": ((100, 200), 5, 60.0),
}


def _fmt(s):
    ci = "" if math.isnan(s["ci95"]) else f" +- {s['ci95']:.3g}"
    return f"{s['mean']:.4g}{ci}"


def _ci(s):
    return 0.0 if math.isnan(s["ci95"]) else s["ci95"]


@register
class ProxyTimeWait(Experiment):
    name = "proxy-time-wait"
    title = "Beyond the proxy paper: TIME_WAIT at the proxy or the origins (standard, swap, negotiated)"
    program = "proxy-buffer-time-wait"
    def points(self, scale):
        clients, runs, duration = SCALES[scale]
        return [
            Point.make(self.name, scale, self.program, csv=True, placement=p, clients=n,
                       duration=duration, RngRun=run)  # fmt: skip
            for n in sorted(clients, reverse=True)
            for p in PLACEMENTS
            for run in range(1, runs + 1)
        ]

    def outputs(self, scale, rows, outdir):
        columns = columns_of(rows)  # the program's, before the derived ones
        rows = sorted(
            ({**r, "clients": int(r["clients"]), "mb_moved": float(r["bytes_moved"]) / 1e6} for r in rows),
            key=lambda r: (r["clients"], PLACEMENTS.index(r["placement"]), int(r["run"])),
        )
        write_csv(outdir / f"{self.name}.csv", columns, rows)
        summary = summarize_groups(
            rows, ("clients", "placement"), VALUES, lambda k: (k[0], PLACEMENTS.index(k[1]))
        )
        clients, runs, duration = SCALES[scale]
        scale_text = f"scale {scale}: {runs} runs of {duration:g} s, scheme 3, MSL 30 s, origins' keep-alive 15 s"
        lines = [
            "Where the proxy's upstream TIME_WAIT lands (issue 9, section 4)",
            f"({scale_text}; runs per point: {runs}; mean +- 95 % CI over runs)",
            "",
            f"{'clients':>7} {'placement':>10} {'TW at proxy':>16} {'peak at proxy':>16} "
            f"{'TW at origins':>16} {'MB moved':>16} {'response s':>14}",
        ]
        for (n, placement), s in summary.items():
            lines.append(
                f"{n:>7} {placement:>10} {_fmt(s['proxy_time_wait']):>16} "
                f"{_fmt(s['proxy_time_wait_peak']):>16} {_fmt(s['origin_time_wait']):>16} "
                f"{_fmt(s['mb_moved']):>16} {_fmt(s['mean_wait_s']):>14}"
            )
        csvio.write_summary(outdir / f"{self.name}-summary.csv", ("clients", "placement"), VALUES, summary)
        text = "\n".join(lines) + "\n"
        (outdir / f"{self.name}-check.txt").write_text(text)
        readme.write(outdir, self.name, {self.name: self.readme_text(summary, runs)})
        error = self.plot(outdir, summary, scale_text)
        return text + (f"\nwarning: {error}\n" if error else "")

    @staticmethod
    def readme_text(summary, runs):
        """README's block: the mean TIME_WAIT TCBs at the proxy and at the
        origins per placement and client count (the check's numbers)."""

        def pm(s):
            ci = "" if math.isnan(s["ci95"]) or round(s["ci95"], 1) == 0 else f" ± {s['ci95']:.1f}"
            return f"{s['mean']:.1f}{ci}"

        parts = []
        for n in sorted({n for n, _ in summary}):
            cells = [
                f"{placement} {pm(s['proxy_time_wait'])} at the proxy and"
                f" {pm(s['origin_time_wait'])} at the origins"
                for (m, placement), s in summary.items()
                if m == n
            ]
            base = summary.get((n, "standard"))
            moved = summary.get((n, "origin-swap"))
            share = ""
            if base and moved and base["proxy_time_wait"]["mean"]:
                cut = 1 - moved["proxy_time_wait"]["mean"] / base["proxy_time_wait"]["mean"]
                share = f" (origin-swap: {cut:.0%} fewer at the proxy than the standard close)"
            parts.append(f"at {n} clients: " + "; ".join(cells) + share)
        text = (
            "[figures/proxy-time-wait-check.txt](figures/proxy-time-wait-check.txt): mean"
            f" TIME_WAIT TCBs over the run, mean ± 95 % CI over {runs} runs, "
            + "; ".join(parts)
            + "."
        )
        return readme.paragraph(text)

    def plot(self, outdir, summary, scale_text):
        """Grouped bars: TIME_WAIT TCBs at the proxy and at the origins per
        placement, one panel per client count (each with its own y scale,
        so that 100 clients' tens are as readable as 200 clients'
        thousands), with 95 % CIs and the means written on the bars."""
        counts = sorted({n for n, _ in summary})
        blocks, panels = [], []
        for n in counts:
            rows = [
                f'"{placement}" {s["proxy_time_wait"]["mean"]:g} {_ci(s["proxy_time_wait"]):g} '
                f'{s["origin_time_wait"]["mean"]:g} {_ci(s["origin_time_wait"]):g}'
                for (m, placement), s in summary.items()
                if m == n
            ]
            blocks.append(gnuplot.datablock(f"d{n}", rows))
            panels.append(f"""\
set title "{n} clients"
plot $d{n} using 2:3:xtic(1) lc rgb "#b02010" title "at the proxy", \\
     $d{n} using 4:5 lc rgb "#1050b0" title "at all origins together", \\
     $d{n} using ($0 - 0.17):($2 + $3):(sprintf("%.1f", $2)) with labels offset char 0,0.7 notitle, \\
     $d{n} using ($0 + 0.17):($4 + $5):(sprintf("%.1f", $4)) with labels offset char 0,0.7 notitle
""")
        terminal = gnuplot.terminal("1200,600")
        gp = outdir / f"{self.name}.gp"
        gp.write_text(f"""\
# Proxy TIME_WAIT placement; generated by ./figures.py, do not edit.
{terminal}
set output "{self.name}.png"
{"".join(blocks)}
set style data histogram
set style histogram errorbars gap 1 lw 1
set style fill solid 0.8 border -1
set ylabel "TIME_WAIT TCBs (mean over the run)"
set yrange [0:*]
set offsets 0, 0, graph 0.12, 0
set grid ytics lc rgb "#dddddd"
set key top left box opaque
set multiplot layout 1,{len(counts)} title "TIME_WAIT TCBs of the proxy's connections: at the proxy or \\
at the origins\\n({scale_text}; mean with 95% CI)"
{"".join(panels)}
unset multiplot
""")
        return gnuplot.run(gp, outdir)
