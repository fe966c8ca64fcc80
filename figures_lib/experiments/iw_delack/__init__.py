"""Seed 002: initial window against the BSD and Solaris delayed ACK. One
HTTP/1.0 GET of 13549 bytes over a 100 Mb/s LAN, server Solaris 2.5.1 with
Apache 1.2.5, client IRIX 6.2 (4.4BSD's delayed ACK) or Solaris 2.6.

Three sets of points, one experiment:
  - each page figure at its documented boot phases (trace and band check);
  - each page configuration over random boot phases of both hosts (the
    figure: distribution of the transfer time);
  - today's hosts: a 1998 and a Linux server with initial windows 1, 2, 4,
    10 against the BSD, Solaris and Linux clients, over random phases.

One point: build/bin/iw-delack --csv [--case=F] [--server=S --client=C
--iw=N] [--clientTick=random --serverTick=random --RngRun=R]
(scratch/iw-delack.cc); a page case at its documented phases also writes
the simulated and the page's traces (--traceFile, a side file), which the
time-sequence figure plots side by side.
"""

from ... import readme
from ...csvio import columns_of, write_csv
from ...point import Point
from ...registry import Experiment, register
from . import plot, report
from .paper import CASES, CLIENTS, CONFIGURATIONS, SERVERS

# scale -> (random phases per page figure, random phases per today's configuration)
SCALES = {"paper": (500, 100), "quick": (30, 10)}


def scale_text(scale):
    page, today = SCALES[scale]
    return f"scale {scale}: {page} phases per page configuration, {today} per host pair of today"


class CasePoint(Point):
    """A page figure at its documented phases, with both traces."""

    SIDE_FILES = (("traceFile", "-trace.txt"),)


def _sort_key(row):
    case = row["case"]
    return (
        CASES.index(case) if case in CASES else len(CASES),
        row["phase"], row["server"], int(row["iw"]), row["client"], int(row["run"]),
    )  # fmt: skip


@register
class IwDelack(Experiment):
    name = "iw-delack"
    title = "Seed 002: initial window vs BSD/Solaris delayed ACK, the page's traces, and today's hosts"
    program = "iw-delack"
    def case_point(self, scale, case):
        return CasePoint.make(self.name, scale, self.program, csv=True, case=case)

    def points(self, scale):
        page_runs, today_runs = SCALES[scale]
        make = lambda **p: Point.make(self.name, scale, self.program, csv=True, **p)  # noqa: E731
        points = [self.case_point(scale, case) for case in CASES]
        points += [
            make(case=cases[0], clientTick="random", serverTick="random", RngRun=run)
            for cases, _ in CONFIGURATIONS
            for run in range(1, page_runs + 1)
        ]
        points += [
            make(server=server, client=client, iw=iw, clientTick="random",
                 serverTick="random", RngRun=run)
            for server, windows in SERVERS
            for iw in windows
            for client in CLIENTS
            for run in range(1, today_runs + 1)
        ]  # fmt: skip
        return points

    def outputs(self, scale, rows, outdir):
        write_csv(outdir / f"{self.name}.csv", columns_of(rows), sorted(rows, key=_sort_key))
        f = report.frame(rows)
        phases = report.random_phases(f)
        report.write_phase_summary(outdir / f"{self.name}-phases.csv", phases)
        report.write_today(outdir / f"{self.name}-today.csv", report.today(f))
        text, _ = report.report(f, scale_text(scale))
        (outdir / f"{self.name}-check.txt").write_text(text)
        readme.write(outdir, self.name, report.readme_block(f))
        errors = [plot.write_and_run(outdir, self.name, phases, scale_text(scale))]
        traces = {
            row["case"]: (plot.read_traces(self.case_point(scale, row["case"]).side_file()), row)
            for row in rows
            if row["phase"] == "case"
        }
        errors.append(plot.write_and_run_traces(outdir, self.name, traces))
        for error in filter(None, errors):
            text += f"\nwarning: {error}\n"
        return text
