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

  bench/bench-table1.py [--N 2500] [--variant unmodified] [--transferTime 10]
                        [--run 1] [--repeat 1] [--no-build]
"""

import argparse
import statistics
import subprocess
import sys
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
    p.add_argument("--no-build", action="store_true", help="do not run ./ns3 build first")
    args = p.parse_args()

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
    return 0


if __name__ == "__main__":
    sys.exit(main())
