#!/usr/bin/env python3
"""Cost per simulated event of the Table 1 scenario, three ways:

  (a) stock TcpSocketBase, no host model   --socketType=ns3::TcpSocketBase --hostModel=false
  (b) TcpHostSocket, no host model     --hostModel=false
  (c) TcpHostSocket with host model    (the program's defaults)

One configuration (default N=2500, unmodified, 10 s transfer, RngRun 1). Wall
time is measured around the process (so it includes start-up); events come
from the CSV 'events' column. Prints wall time, events, events/s, wall time
per event and the per-event cost ratios (b)/(a) and (c)/(a). With --repeat K
each configuration runs K times (interleaved) and the median wall time is used.

The ratio (c)/(a) compares runs of different traffic: the host model makes
the server CPU-bound (about 30 against 270 Mb/s at N=2500), so its events
are other events. With --perf, the host model's own cost is also measured
on one run's traffic: (c) runs under `perf record` and the share of its
samples in the host model's code (HostCpu, TcpInputStage, TcpHostModel,
TcbList, TcpOutputStage) is printed, with the share in ns-3's endpoint
demultiplexer for comparison. (A host model with a cost-free profile is no
substitute: it does not leave the traffic as it is; see the closing notes.)

  bench/bench-table1.py [--N 2500] [--variant unmodified] [--transferTime 10]
                        [--run 1] [--repeat 1] [--perf] [--no-build]
"""

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchlib import run_once

ROOT = Path(__file__).resolve().parent.parent
PROGRAM = ROOT / "build" / "bin" / "tw-avoid-table1"

CONFIGS = [
    ("a", "stock TcpSocketBase, no host model",
     ["--socketType=ns3::TcpSocketBase", "--hostModel=false"]),
    ("b", "TcpHostSocket, no host model", ["--hostModel=false"]),
    ("c", "TcpHostSocket + host model", []),
]  # fmt: skip


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--N", type=int, default=2500, help="TIME_WAIT TCBs (default 2500)")
    p.add_argument("--variant", default="unmodified", choices=["unmodified", "swap"])
    p.add_argument("--transferTime", type=float, default=10.0, help="seconds (default 10)")
    p.add_argument("--run", type=int, default=1, help="RngRun (default 1)")
    p.add_argument("--repeat", type=int, default=1, metavar="K",
                   help="runs per configuration; the median wall time is used")
    p.add_argument("--perf", action="store_true",
                   help="also profile (c) with perf: the host model's share of one run")
    p.add_argument("--no-build", action="store_true", help="do not run ./ns3 build first")
    args = p.parse_args()
    if args.repeat < 1 or args.N < 0 or not args.transferTime > 0:
        p.error("--repeat must be at least 1, --N not negative, --transferTime positive")
    if args.perf and not shutil.which("perf"):
        p.error("--perf needs perf (Debian: linux-perf)")

    if not args.no_build:
        build = subprocess.run([str(ROOT / "ns3"), "build"], capture_output=True, text=True)
        if build.returncode != 0:
            sys.exit(f"error: ./ns3 build failed:\n{build.stdout}{build.stderr}")
    common = [
        str(PROGRAM),
        f"--timeWaitTcbs={args.N}",
        f"--variant={args.variant}",
        f"--transferTime={args.transferTime:g}",
        f"--RngRun={args.run}",
        "--header",
    ]
    walls = {key: [] for key, _, _ in CONFIGS}
    rows = {}
    for _ in range(args.repeat):  # interleaved, so drifts hit all three alike
        for key, _, extra in CONFIGS:
            wall, row = run_once(common + extra)
            walls[key].append(wall)
            rows[key] = row  # the simulation is deterministic: same row each time

    print(
        f"Table 1 scenario: N={args.N}, {args.variant}, transferTime {args.transferTime:g} s,"
        f" RngRun {args.run}; wall time = "
        + (f"median of {args.repeat} runs" if args.repeat > 1 else "one run")
        + " (whole process)"
    )
    print()
    header = (f"{'':3}{'configuration':38}{'wall s':>8}{'events':>10}{'events/s':>11}"
              f"{'us/event':>10}{'Mb/s':>8}")  # fmt: skip
    print(header)
    print("-" * len(header))
    per_event = {}
    for key, label, _ in CONFIGS:
        wall = statistics.median(walls[key])
        events = int(rows[key]["events"])
        per_event[key] = wall / events
        print(
            f"({key}) {label}".ljust(41)
            + f"{wall:8.3f}{events:10d}{events / wall:11.0f}{per_event[key] * 1e6:10.3f}"
            + f"{float(rows[key]['mean_mbps']):8.2f}"
        )
    print()
    for key in ("b", "c"):
        print(f"per-event cost ({key})/(a): {per_event[key] / per_event['a']:.3f}")
    if args.perf:
        shares = profile(common + CONFIGS[2][2])
        print("\n(c) under perf, share of the samples of one run (the same traffic):")
        for group, share in shares.items():
            print(f"  {group:44} {share:6.1f} %")
    return 0


# Symbol groups of the --perf profile: the host model's classes, and ns-3's
# linear endpoint demultiplexer (Ipv4EndPointDemux, Ipv4EndPoint accessors).
GROUPS = {
    "host model (HostCpu, input stage, TcpHostModel, TcbList, output stage)":
        re.compile(r"ns3::(HostCpu|TcpInputStage|TcpHostModel|Tcb(List|Key|KeyHash)|TcpOutputStage)\b"),
    "ns-3 endpoint demultiplexer": re.compile(r"ns3::Ipv4EndPoint(Demux)?::"),
}


def profile(argv):
    """-> {group: % of the samples} of one run of argv under perf."""
    with tempfile.TemporaryDirectory() as tmp:
        data = f"{tmp}/perf.data"
        subprocess.run(["perf", "record", "-q", "-F", "999", "-o", data, *argv],
                       capture_output=True, check=True)  # fmt: skip
        report = subprocess.run(
            ["perf", "report", "-i", data, "--no-children", "--sort", "symbol", "--stdio"],
            capture_output=True, text=True, check=True,
        ).stdout
    shares = dict.fromkeys(GROUPS, 0.0)
    for line in report.splitlines():
        m = re.match(r"\s*([\d.]+)%\s+\[\.\]\s+(.*)$", line)
        if not m:
            continue
        for group, pattern in GROUPS.items():
            if pattern.search(m[2]):
                shares[group] += float(m[1])
    return shares


if __name__ == "__main__":
    sys.exit(main())
