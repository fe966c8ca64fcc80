"""The buffers issue, section 4: one sender with a limited socket-buffer pool
and many receivers on paths of the proxy paper's loss rates (0.0001 to 0.01,
one fifth each) and delays (one way, uniform 10-100 ms), downloading without
end. Fixed 16 KB send buffers against E2-ATBT against Linux's send-buffer
autotuning: aggregate throughput and Jain's index of throughput / PFTK
prediction against the number of receivers, and, at 100 receivers, the
pool's use over time and each connection's throughput against its path's
PFTK prediction. Not a figure of the paper: the paper evaluates E2-ATBT only
inside the proxy (figures 4 and 5).

One point: build/bin/proxy-buffer-allocation --csv --scheme=S --receivers=N
--warmup=S --duration=S --RngRun=R --timeline=PATH --connectionsFile=PATH
(scratch/proxy-buffer-allocation.cc); the timeline and the connections are
side files kept in the result store beside the point.
"""

from ...point import TimelinePoint
from ...csvio import columns_of, write_csv
from ...registry import Experiment, register
from . import plot, report

SCHEMES = ("fixed", "e2atbt", "linux")
# scale -> (receiver counts, runs, warm-up s, measured s)
SCALES = {
    "paper": ((25, 50, 100, 200), 5, 10.0, 60.0),
    "quick": ((25, 50, 100), 3, 10.0, 20.0),
}
DETAIL_RECEIVERS = 100  # the pool timeline and the per-connection panel


def scale_text(scale):
    receivers, runs, warmup, duration = SCALES[scale]
    return (
        f"scale {scale}: {runs} runs, {warmup:g} s warm-up + {duration:g} s measured, "
        f"pool 3200 KB"
    )


class AllocationPoint(TimelinePoint):
    """Also writes one row per connection to a second side file."""

    SIDE_FILES = (*TimelinePoint.SIDE_FILES, ("connectionsFile", "-connections.csv"))

    def connections(self):
        return self.side_file("-connections.csv")


@register
class BufferAllocation(Experiment):
    name = "buffer-allocation"
    title = "Buffers issue, section 4: fixed 16 KB vs E2-ATBT vs Linux autotuning, one sender, many paths"
    program = "proxy-buffer-allocation"
    def point(self, scale, scheme, receivers, run):
        _, _, warmup, duration = SCALES[scale]
        return AllocationPoint.make(
            self.name, scale, self.program, csv=True, scheme=scheme, receivers=receivers,
            warmup=warmup, duration=duration, RngRun=run,
        )  # fmt: skip

    def points(self, scale):
        receivers, runs, _, _ = SCALES[scale]
        return [
            self.point(scale, scheme, n, run)
            for n in receivers
            for scheme in SCHEMES
            for run in range(1, runs + 1)
        ]

    def outputs(self, scale, rows, outdir):
        rows = sorted(rows, key=lambda r: (int(r["receivers"]), SCHEMES.index(r["scheme"]), int(r["run"])))
        write_csv(outdir / f"{self.name}.csv", columns_of(rows), rows)
        summary = report.summarize(rows)
        report.write_summary(outdir / f"{self.name}-summary.csv", summary)
        detail = {}
        for scheme in SCHEMES:
            p = self.point(scale, scheme, DETAIL_RECEIVERS, 1)
            if p.timeline().exists() and p.connections().exists():
                detail[scheme] = (report.read(p.timeline()), report.read(p.connections()))
        text = report.check(summary, detail, scale_text(scale))
        (outdir / f"{self.name}-check.txt").write_text(text)
        error = plot.write_and_run(outdir, self.name, summary, detail, scale_text(scale))
        if error:
            text += f"\nwarning: {error}\n"
        return text
