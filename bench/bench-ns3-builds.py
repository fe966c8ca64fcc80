#!/usr/bin/env python3
"""The suite on the wheel's ns-3 against the suite on an optimized ns-3, from
one run of each.

The wheel's ns-3 is compiled with asserts and logging in (and so are the
suite's modules built against it: they take ns-3's compile definitions). A
second build of the suite against an ns-3 3.44 configured -d optimized
(./ns3 configure --with-ns3 PATH, in the build directory --build-dir, made
here unless --no-build) runs the same programs. For each workload: wall time
of both, their ratio, and whether the two CSV rows are identical (they must
be: same seeds, same model).

Workloads: Table 1 of the TIME_WAIT draft (N = 2500 TIME_WAIT TCBs,
unmodified server, RngRun 1) and the heaviest scenario of the suite, the
DTOC server under 200 % load (5 s patience, 40 s warm-up + 60 s measured:
about 1.5 million events with 1024 queued connections).

  bench/bench-ns3-builds.py --with-ns3 /path/to/ns-3.44 [--build-dir build-optimized] [--no-build]
"""

import argparse
import os
import subprocess
import sys
from pathlib import Path

from benchlib import run_once
from ns3_contrib_suite import ns3_runtime

ROOT = Path(__file__).resolve().parent.parent

WORKLOADS = [
    ("Table 1, N = 2500, unmodified", "tw-avoid-table1",
     ["--timeWaitTcbs=2500", "--variant=unmodified", "--RngRun=1", "--header"]),
    ("DTOC server, 200 % load, 5 s", "dtoc",
     ["--strategy=dtoc", "--timeout=5", "--load=200", "--warmup=40", "--measure=60",
      "--RngRun=1", "--header"]),
]  # fmt: skip


def build(build_dir, with_ns3):
    env = dict(os.environ, NS3_SUITE_BUILD_DIR=str(build_dir))
    configure = [str(ROOT / "ns3"), "configure"] + (["--with-ns3", with_ns3] if with_ns3 else [])
    for cmd in (configure, [str(ROOT / "ns3"), "build"]):
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            sys.exit(f"error: {' '.join(cmd)} failed:\n{proc.stdout[-2000:]}{proc.stderr[-2000:]}")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--with-ns3", help="ns-3 3.44 install prefix or configured source tree")
    p.add_argument("--build-dir", default="build-optimized",
                   help="build directory of the optimized build (default build-optimized)")
    p.add_argument("--no-build", action="store_true", help="use both builds as they are")
    args = p.parse_args()  # fmt: skip
    wheel_dir = ROOT / "build"
    optimized_dir = (ROOT / args.build_dir).resolve()
    if not args.no_build:
        if not args.with_ns3:
            sys.exit("error: --with-ns3 PATH is needed to make the optimized build")
        build(wheel_dir, None)
        build(optimized_dir, args.with_ns3)
    runtime = ns3_runtime(optimized_dir) or {}
    if runtime.get("kind") != "prefix":
        sys.exit(f"error: {optimized_dir} is not a build against an installed ns-3")
    print(f"wheel build: {wheel_dir}\noptimized build: {optimized_dir} "
          f"(ns-3 {runtime['version']})\n")  # fmt: skip
    print(f"{'workload':34} {'wheel s':>8} {'optimized s':>12} {'ratio':>6}  rows")
    for label, program, argv in WORKLOADS:
        wheel_s, wheel_row = run_once([str(wheel_dir / "bin" / program), *argv])
        opt_s, opt_row = run_once([str(optimized_dir / "bin" / program), *argv])
        same = "identical" if wheel_row == opt_row else f"DIFFER: {wheel_row} vs {opt_row}"
        print(f"{label:34} {wheel_s:8.2f} {opt_s:12.2f} {wheel_s / opt_s:6.2f}  {same}")


if __name__ == "__main__":
    main()
