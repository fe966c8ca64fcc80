#!/usr/bin/env python3
"""Wall time and simulator events per second of the proxy experiment, from
one run each (issue 9, section 5).

Runs build/bin/proxy-buffer-proxy (scratch/proxy-buffer-proxy.cc) at the
paper's largest point (500 clients, 300 s) with scheme 1 on the suite's
TcpHostSocket, scheme 1 on ns-3's own TcpSocketBase (--stockSockets: the
same applications, topology and traffic, stock sockets), and schemes 3 and
4, and prints wall time (start-up included), events, events per CPU
second, CPU time, microseconds of CPU per event and the ratio of each
run's cost per event to the stock sockets' (CPU time, so that the ratios
hold on a machine that is busy with other work; the wall time is what a
user waits). ns-3 has no HTTP proxy application of its own, so
the applications are the suite's in every run. Does not build: ./ns3 build
first. For the comparison with ns-2: bench/bench-ns2-proxy.py.

  .venv/bin/python bench/bench-proxy.py [--clients 500] [--duration 300]
"""

import argparse
import resource
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


def cpu_seconds():
    """User + system CPU time of the finished child processes so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--clients", type=int, default=500)
    p.add_argument("--duration", type=float, default=300, help="seconds simulated")
    p.add_argument("--schemes", default="1,3,4", help="which of schemes 1, 3, 4 to run (1: both socket types)")
    args = p.parse_args()
    if args.clients < 1 or args.duration <= 0:
        sys.exit("error: --clients must be >= 1 and --duration positive")
    if not PROGRAM.exists():
        sys.exit(f"error: {PROGRAM} is missing: ./ns3 build first")
    print(f"Proxy experiment, {args.clients} clients, {args.duration:g} s simulated, run 1, one run each")
    print(f"  {'run':<32}{'wall s':>8}{'CPU s':>8}{'events':>11}{'events/s':>10}{'us/event':>9}"
          f"{'vs stock':>9}{'MB moved':>10}")  # fmt: skip
    stock = None
    wanted = {f"--scheme={s.strip()}" for s in args.schemes.split(",")}
    for name, options in RUNS:
        if options[0] not in wanted:
            continue
        argv = [str(PROGRAM), *options, f"--clients={args.clients}",
                f"--duration={args.duration:g}", "--csv", "--header"]  # fmt: skip
        cpu_before = cpu_seconds()
        wall, row = run_once(argv)
        cpu = cpu_seconds() - cpu_before
        events = int(row["events"])
        per_event = cpu / events * 1e6
        stock = stock or per_event
        print(f"  {name:<32}{wall:>8.1f}{cpu:>8.1f}{events:>11}{events / cpu:>10.0f}{per_event:>9.2f}"
              f"{per_event / stock:>9.2f}{int(row['bytes_moved']) / 1e6:>10.1f}", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
