#!/usr/bin/env python3
"""Wall time of one E2-ATBT evaluation, and of one change between two
evaluations, against the number of connections.

Runs build/bin/proxy-buffer-allocator-cost (scratch/proxy-buffer-allocator-cost.cc)
once per connection count: N connections over the paper's loss rates and RTTs
arrive, half of them paired with an upstream connection, K evaluations are
timed together, then 1000 changes (a departure and an arrival each). Prints,
per N: the time per evaluation, the time per connection, and the time divided
by N log2 N relative to the smallest N (flat if the evaluation is O(N log N);
growing like N if it were quadratic); then the time per arrival and per
change and the change's cost relative to the smallest N (flat: the cost of a
change does not grow with the connections).

  bench/bench-e2atbt.py [--connections 10 100 1000 10000] [--evaluations 20] [--no-build]
"""

import argparse
import math
import subprocess
import sys
from pathlib import Path

from benchlib import run_once

ROOT = Path(__file__).resolve().parent.parent
PROGRAM = ROOT / "build" / "bin" / "proxy-buffer-allocator-cost"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--connections", type=int, nargs="+", default=[10, 100, 1000, 10000])
    p.add_argument("--evaluations", type=int, default=20, help="evaluations timed per N")
    p.add_argument("--no-build", action="store_true", help="do not run ./ns3 build first")
    args = p.parse_args()
    if min(args.connections) < 2 or args.evaluations < 1:
        sys.exit("error: connection counts must be >= 2 and evaluations >= 1")
    if not args.no_build:
        build = subprocess.run([str(ROOT / "ns3"), "build"], capture_output=True, text=True)
        if build.returncode != 0:
            sys.exit(f"error: ./ns3 build failed:\n{build.stderr}")

    print(f"{'connections':>11} {'per evaluation':>15} {'per connection':>15} {'/ (N log2 N), relative':>23}"
          f" {'per arrival':>12} {'per change':>11} {'change, relative':>17}")  # fmt: skip
    base = change_base = None
    for n in sorted(args.connections):
        _, row = run_once(
            [str(PROGRAM), f"--connections={n}", f"--evaluations={args.evaluations}", "--header"]
        )
        t = float(row["seconds_per_evaluation"])
        norm = t / (n * math.log2(n))
        base = base or norm
        arrival, change = float(row["seconds_per_arrival"]), float(row["seconds_per_change"])
        change_base = change_base or change
        print(f"{n:>11} {t * 1e3:>12.3f} ms {t / n * 1e6:>12.3f} us {norm / base:>23.2f}"
              f" {arrival * 1e6:>9.2f} us {change * 1e6:>8.2f} us {change / change_base:>17.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
