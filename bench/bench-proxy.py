#!/usr/bin/env python3
"""Wall time and simulator events per second of the proxy experiment, from
one run each (issue 9, section 5).

Runs build/bin/proxy-buffer-proxy (scratch/proxy-buffer-proxy.cc) at the
paper's largest point (500 clients, 300 s) with scheme 1 on the suite's
TcpHostSocket, scheme 1 on ns-3's own TcpSocketBase (--stockSockets: the
same applications, topology and traffic, stock sockets), and schemes 3 and
4, and prints wall time (start-up included), events, events per wall
second, microseconds per event and the ratio of each run's cost per event
to the stock sockets'. ns-3 has no HTTP proxy application of its own, so
the applications are the suite's in every run. Does not build: ./ns3 build
first. For the comparison with ns-2: bench/bench-ns2-proxy.py.

  .venv/bin/python bench/bench-proxy.py [--clients 500] [--duration 300]
"""

import argparse
import sys
from pathlib import Path

from benchlib import run_once

PROGRAM = Path(__file__).resolve().parent.parent / "build" / "bin" / "proxy-buffer-proxy"
RUNS = (
    ("scheme 1, stock TcpSocketBase", ["--scheme=1", "--stockSockets=1"]),
    ("scheme 1, TcpHostSocket", ["--scheme=1"]),
    ("scheme 3, E2-ATBT + management", ["--scheme=3"]),
    ("scheme 4, + gradual release", ["--scheme=4"]),
)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--clients", type=int, default=500)
    p.add_argument("--duration", type=float, default=300, help="seconds simulated")
    args = p.parse_args()
    if args.clients < 1 or args.duration <= 0:
        sys.exit("error: --clients must be >= 1 and --duration positive")
    if not PROGRAM.exists():
        sys.exit(f"error: {PROGRAM} is missing: ./ns3 build first")
    print(f"Proxy experiment, {args.clients} clients, {args.duration:g} s simulated, run 1, one run each")
    print(f"  {'run':<32}{'wall s':>8}{'events':>11}{'events/s':>10}{'us/event':>9}{'vs stock':>9}{'MB moved':>10}")
    stock = None
    for name, options in RUNS:
        argv = [str(PROGRAM), *options, f"--clients={args.clients}",
                f"--duration={args.duration:g}", "--csv", "--header"]  # fmt: skip
        wall, row = run_once(argv)
        events = int(row["events"])
        per_event = wall / events * 1e6
        stock = stock or per_event
        print(f"  {name:<32}{wall:>8.1f}{events:>11}{events / wall:>10.0f}{per_event:>9.2f}"
              f"{per_event / stock:>9.2f}{int(row['bytes_moved']) / 1e6:>10.1f}", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
