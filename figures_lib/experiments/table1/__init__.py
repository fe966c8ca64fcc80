"""Table 1 of the TIME_WAIT draft: throughput of two bulk-transfer clients
vs the number N of TIME_WAIT TCBs at the server, stock TCP (unmodified) and
with the TCP modification on the clients (swap).

One point: build/bin/tw-avoid-table1 --timeWaitTcbs=N --variant=V
--RngRun=R --transferTime=S (scratch/tw-avoid-table1.cc).
"""

from ... import readme
from ...csvio import columns_of
from ...point import Point
from ...registry import Experiment, register
from . import check, plot, summary
from .paper import N_VALUES, VARIANTS

# scale -> (runs per point, transfer time in s)
SCALES = {"paper": (10, 10.0), "quick": (3, 2.0)}


def scale_text(scale):
    runs, seconds = SCALES[scale]
    return f"scale {scale}: {runs} runs per point, {seconds:g} s transfer"


@register
class Table1(Experiment):
    name = "table1"
    title = "TIME_WAIT draft, Table 1: throughput vs TIME_WAIT TCBs, unmodified vs swap"
    program = "tw-avoid-table1"
    def points(self, scale):
        runs, seconds = SCALES[scale]
        return [
            Point.make(
                self.name,
                scale,
                self.program,
                timeWaitTcbs=n,
                variant=variant,
                RngRun=run,
                transferTime=seconds,
            )
            for variant in VARIANTS
            for n in N_VALUES
            for run in range(1, runs + 1)
        ]

    def outputs(self, scale, rows, outdir):
        summary.write_raw(outdir / f"{self.name}.csv", columns_of(rows), rows)
        stats = summary.summarize_rows(rows)
        summary.write_summary(outdir / f"{self.name}-summary.csv", stats)
        error = plot.write_and_run(outdir, self.name, scale_text(scale))
        text, _ = check.report(stats, scale_text(scale))
        (outdir / f"{self.name}-check.txt").write_text(text)
        readme.write(outdir, self.name, check.readme_blocks(stats))
        if error:
            text += f"\nwarning: {error}\n"
        return text
