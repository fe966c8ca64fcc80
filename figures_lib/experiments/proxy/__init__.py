"""The proxy paper's figures 4 and 5 (seed 004, section 4; issue 9): clients
-> HTTP proxy -> 50 origin servers, Nmax 200, a 3200 KB pool; bytes the
proxy moved in 300 s against the number of clients (figure 4) and response
time against document size for 50/100/200/500 clients (figure 5), for the
paper's schemes 1-4 and, beyond the paper, scheme 3 with today's idle
connection policies (nginx's upstream keepalive, HAProxy's idle pool).

One point: build/bin/proxy-buffer-proxy --csv --scheme=S --idlePolicy=T
--clients=N --duration=S --RngRun=R --responses=PATH
(scratch/proxy-buffer-proxy.cc); the responses (one row per response: body
bytes, seconds) are a side file kept in the result store beside the point.
"""

from ... import readme
from ...point import Point
from ...csvio import columns_of, write_csv
from ...registry import Experiment, register
from . import plot, report

# label -> (scheme, idle-connection policy)
VARIANTS = {
    "1": (1, "ns3::IdleConnectionPolicy"),
    "2": (2, "ns3::IdleConnectionPolicy"),
    "3": (3, "ns3::IdleConnectionPolicy"),
    "4": (4, "ns3::IdleConnectionPolicy"),
    "3+nginx": (3, "ns3::NginxKeepalivePolicy"),
    "3+haproxy": (3, "ns3::HaproxyIdlePoolPolicy"),
}
# scale -> (client counts, runs, seconds simulated). Paper scale: 20 runs,
# issue 41's bar for "undecided" (5 until 29 November 2026 left 95 %
# intervals of +-27-38 % of the means and verdicts that moved with the
# random streams; 10 until 1 December left 6 of 27 undecided)
SCALES = {
    "paper": ((50, 100, 200, 500), 20, 300.0),
    "quick": ((50, 100, 200, 500), 5, 60.0),
}


def scale_text(scale):
    clients, runs, duration = SCALES[scale]
    return f"scale {scale}: {runs} runs of {duration:g} s, Nmax 200, pool 3200 KB"


class ResponsesPoint(Point):
    SIDE_FILES = (("responses", "-responses.csv"),)


def variant_of(row):
    """The VARIANTS label of a row (scheme and policy columns)."""
    for label, (scheme, policy) in VARIANTS.items():
        if int(row["scheme"]) == scheme and row["policy"] == policy:
            return label
    raise ValueError(f"row of no variant: {row}")


@register
class Proxy(Experiment):
    name = "proxy"
    title = "Proxy paper, figures 4 and 5: bytes moved and response time, schemes 1-4, nginx, HAProxy"
    program = "proxy-buffer-proxy"
    def point(self, scale, variant, clients, run):
        _, _, duration = SCALES[scale]
        scheme, policy = VARIANTS[variant]
        return ResponsesPoint.make(
            self.name, scale, self.program, csv=True, scheme=scheme, idlePolicy=policy,
            clients=clients, duration=duration, RngRun=run,
        )  # fmt: skip

    def points(self, scale):
        clients, runs, _ = SCALES[scale]
        # The longest points first, so that the sweep does not end on one.
        return [
            self.point(scale, variant, n, run)
            for n in sorted(clients, reverse=True)
            for variant in VARIANTS
            for run in range(1, runs + 1)
        ]

    def outputs(self, scale, rows, outdir):
        labels = list(VARIANTS)
        columns = columns_of(rows)  # the program's, before the derived variant
        rows = sorted(
            ({**r, "variant": variant_of(r)} for r in rows),
            key=lambda r: (int(r["clients"]), labels.index(r["variant"]), int(r["run"])),
        )
        write_csv(outdir / f"{self.name}.csv", columns, rows)
        responses = {
            (int(r["clients"]), r["variant"], int(r["run"])): report.read(
                self.point(scale, r["variant"], int(r["clients"]), int(r["run"])).side_file()
            )
            for r in rows
        }
        summary = report.summarize(rows, labels)
        by_size = report.response_by_size(responses, labels)
        report.write_summary(outdir / f"{self.name}-summary.csv", summary)
        write_csv(outdir / f"{self.name}-response-by-size.csv", report.BY_SIZE_COLUMNS, by_size)
        text = report.check(rows, summary, scale_text(scale))
        (outdir / f"{self.name}-check.txt").write_text(text)
        readme.write(outdir, self.name, report.readme_block(rows, summary))
        for error in plot.write_and_run(
            outdir, self.name, summary, by_size, labels, scale_text(scale), rows
        ):
            text += f"\nwarning: {error}\n"
        return text
