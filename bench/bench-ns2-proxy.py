#!/usr/bin/env python3
"""Wall time of the proxy experiment in ns-3 against ns-2, from one run each.

Runs build/bin/proxy-buffer-proxy (scratch/proxy-buffer-proxy.cc, scheme 1:
fixed 16 KB buffers, Nmax 200) and bench/ns2/proxy.tcl, the same topology
and workload with ns-2's webcache agents (Http/Client -> Http/Cache -> 50
Http/Server over FullTcp; its comments list what differs), once each, and
prints wall time (start-up included), responses, bytes moved, the ratio ns-3
wall / ns-2 wall, and ns-3's events per wall second. Installs Debian's ns2
package if `ns` is missing (root). Does not build ns-3: build it first.

  bench/bench-ns2-proxy.py [--clients 500] [--duration 300]
"""

import argparse
import importlib.machinery
import importlib.util
import shutil
import sys
import tempfile
from pathlib import Path

from benchlib import run_once

ROOT = Path(__file__).resolve().parent.parent
PROGRAM = ROOT / "build" / "bin" / "proxy-buffer-proxy"
SCRIPT = ROOT / "bench" / "ns2" / "proxy.tcl"


def ensure_ns2():
    """Install Debian's ns2 with the ./ns3 front end's apt-get helpers."""
    if shutil.which("ns"):
        return
    loader = importlib.machinery.SourceFileLoader("ns3_front_end", str(ROOT / "ns3"))
    front = importlib.util.module_from_spec(importlib.util.spec_from_loader(loader.name, loader))
    loader.exec_module(front)  # definitions only: its main() runs under __main__
    if front.missing_deb_packages(["ns2"]):
        if front.os.geteuid() != 0:
            sys.exit("error: ns-2 is missing; install it with:\n  sudo apt-get install ns2")
        env = dict(front.os.environ, DEBIAN_FRONTEND="noninteractive")
        front.check_call(["apt-get", "update"], env=env)
        front.check_call(["apt-get", "install", "-y", "--no-install-recommends", "ns2"], env=env)
    if not shutil.which("ns"):
        sys.exit("error: the ns2 package is installed but `ns` is not on PATH")


def timed(argv):
    """run_once under /usr/bin/time -> (wall s, peak RSS in MB, the CSV row)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as out:
        wall, row = run_once(["/usr/bin/time", "-o", out.name, "-f", "%e %M", *argv])
        elapsed, rss_kb = out.read().split()[-2:]
    return float(elapsed) or wall, int(rss_kb) / 1024, row


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--clients", type=int, default=500)
    p.add_argument("--duration", type=float, default=300, help="seconds simulated")
    args = p.parse_args()
    if args.clients < 1 or args.duration <= 0:
        sys.exit("error: --clients must be >= 1 and --duration positive")
    if not PROGRAM.exists():
        sys.exit(f"error: {PROGRAM} is missing: ./ns3 build first")
    ensure_ns2()

    ns3 = [str(PROGRAM), "--scheme=1", f"--clients={args.clients}",
           f"--duration={args.duration:g}", "--csv", "--header"]  # fmt: skip
    ns2 = ["ns", str(SCRIPT), str(args.clients), f"{args.duration:g}", "1", "200"]
    print(f"Proxy experiment, scheme 1, {args.clients} clients, {args.duration:g} s simulated, "
          "run/seed 1, one run each")  # fmt: skip
    rows = []
    for name, argv in (("ns-3", ns3), ("ns-2", ns2)):
        print(f"+ {' '.join(argv)}", flush=True)
        rows.append((name, *timed(argv)))
    print(f"  {'simulator':<10}{'wall s':>9}{'peak MB':>9}{'requests':>10}{'bytes moved':>14}"
          f"{'refused':>9}{'503s':>7}")  # fmt: skip
    for name, wall, rss, row in rows:
        print(f"  {name:<10}{wall:>9.1f}{rss:>9.0f}{int(row['requests']):>10}"
              f"{int(row['bytes_moved']):>14}{int(row['refused']):>9}"
              f"{int(row['unavailable']):>7}")  # fmt: skip
    (_, wall3, _, row3), (_, wall2, _, _) = rows
    print(f"  ns-3 wall / ns-2 wall: {wall3 / wall2:.2f}")
    print(f"  ns-3 events: {int(row3['events'])}, {int(row3['events']) / wall3:.0f} per wall second")
    print("  (refused: ns-3 counts refused SYNs, retries included; ns-2 refused clients)")


if __name__ == "__main__":
    main()
