#!/usr/bin/env python3
"""What the DTOC runs cost and what the detection methods cost, from one run each.

  1. The three detection methods (Peek, State, Callback) and HAProxy's
     abortonclose (the close event, no check cost) at one overloaded point
     (default 200 % load, 5 s timeout, 40 s warm-up + 60 s measured): useful
     throughput, the server's CPU on work no user received in time (dead
     requests and the checks), simulated events and wall time.
  2. With --day: one day of the paper's figures 6 and 7 (busy day, 1 retry,
     8 s timeout, periods of 240 s: about 330 000 requests), regular and DTOC:
     wall time, events and events per second.

Wall time is measured around the process, start-up included. The run is
deterministic (RngRun 1), so the rows, not the times, repeat exactly.

  bench/bench-dtoc.py [--load 200] [--timeout 5] [--day] [--no-build]
"""

import argparse
import subprocess
import sys
from pathlib import Path

from benchlib import run_once

ROOT = Path(__file__).resolve().parent.parent
PROGRAM = ROOT / "build" / "bin" / "dtoc"

METHODS = [
    ("DTOC, Peek (receive buffer)", ["--strategy=dtoc", "--method=Peek"]),
    ("DTOC, State (TCP state)", ["--strategy=dtoc", "--method=State"]),
    ("DTOC, Callback (close callback)", ["--strategy=dtoc", "--method=Callback"]),
    ("HAProxy abortonclose (no check cost)", ["--strategy=abortonclose"]),
    ("regular (no check)", ["--strategy=regular"]),
]


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--load", type=float, default=200, help="offered load, %% (default 200)")
    p.add_argument("--timeout", type=float, default=5, help="users' patience, s (default 5)")
    p.add_argument("--day", action="store_true", help="also time one busy day (minutes)")
    p.add_argument("--no-build", action="store_true", help="do not run ./ns3 build first")
    args = p.parse_args()
    if not args.no_build:
        subprocess.run([str(ROOT / "ns3"), "build"], check=True, capture_output=True)

    common = [f"--load={args.load:g}", f"--timeout={args.timeout:g}", "--warmup=40",
              "--measure=60", "--header"]  # fmt: skip
    print(f"Detection methods at {args.load:g} % load, timeout {args.timeout:g} s "
          "(40 s warm-up + 60 s measured, RngRun 1)")  # fmt: skip
    print(f"  {'strategy':<38}{'useful %':>9}{'dead CPU %':>11}{'dropped':>9}"
          f"{'events':>11}{'wall s':>8}{'us/event':>9}")  # fmt: skip
    for label, extra in METHODS:
        wall, row = run_once([str(PROGRAM), *extra, *common])
        events = int(row["events"])
        print(f"  {label:<38}{float(row['useful_pct']):>9.1f}{float(row['dead_cpu_pct']):>11.1f}"
              f"{int(row['server_dropped']):>9}{events:>11}{wall:>8.1f}"
              f"{wall / events * 1e6:>9.2f}")  # fmt: skip
    if args.day:
        print("\nOne busy day (9 periods of 240 s, 1 retry, timeout 8 s, RngRun 1)")
        for strategy in ("regular", "dtoc"):
            wall, row = run_once([str(PROGRAM), f"--strategy={strategy}", "--day=busy",
                                  "--retries=1", "--timeout=8", "--period=240", "--header"])  # fmt: skip
            events = int(row["events"])
            requests = sum(int(row[k]) for k in ("completed", "refused", "timed_out", "in_flight"))
            print(f"  {strategy:<8} {requests} requests, useful {float(row['useful_pct']):.1f} %, "
                  f"{events} events, {wall:.0f} s wall, {events / wall:.0f} events/s")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
