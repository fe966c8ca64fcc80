#!/usr/bin/env python3
"""CPU per simulator event and wall time against the number of connections
(issue 38): is the suite's cost per event flat in the clients a proxy holds
and in the connections a DTOC server queues?

Proxy: build/bin/proxy-buffer-proxy scaled by k = clients / 500 (Nmax 200k,
pool 3200k KB, the paper's ratios), one run per size and configuration, on
the same traffic: scheme 1 on ns-3's stock TcpSocketBase, scheme 1 and
scheme 4 on the suite's TcpHostSocket. The largest size (--huge, default
50 000 clients) runs for --huge-duration simulated seconds only. DTOC
(--dtoc): build/bin/dtoc on the regular server at 100 % to 1000 % load and
a listen queue of 1024 to 65 536.

Each size runs twice, for the duration and for twice it, on the same
traffic. Each row: wall time and CPU time (user + system of the child
alone) of the longer run, its events and CPU per event, the *marginal*
CPU per event (the CPU of the longer run less the shorter's, over the
events it adds: start-up and set-up, which build thousands of links and
load ns-3's libraries, cancel out, leaving what an event costs once the
scenario runs), that marginal cost against the smallest size of the same
configuration in this run (the ratio the issue asks to stay within 1.25),
the child's peak resident memory and, for the proxy, that memory per
client. CPU time, not wall time, for the ratios: they hold on a machine
busy with other work, though the smallest sizes' marginal costs, from
differences of about a second, vary by some 10 % from run to run. --profile runs `perf record` on the
largest suite run and prints the share of ns-3's per-connection lists
(endpoint demultiplexer, TcpL4Protocol's socket map, static routing's scan).
--instructions counts, with valgrind's cachegrind, the marginal
instructions per event of the suite's scheme 1 at the smallest and largest
size, and how many of them are ns-3's walks of a node's protocol handlers
(Node::ReceiveFromDevice, TrafficControlLayer::Receive: two entries per
device, walked for every packet received; patch 0022 of the series removes
them): instruction counts do not depend on the machine's load or caches.
A benchmark, not a test: it asserts nothing. Does not build: ./ns3 build first.

  .venv/bin/python bench/bench-scale.py [--sizes 500,1000,2000,5000] [--duration 10]
      [--huge 50000] [--huge-duration 1] [--dtoc] [--profile] [--instructions]
"""

import argparse
import csv
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(os.environ.get("NS3_SUITE_BUILD_DIR", Path(__file__).resolve().parent.parent / "build")) / "bin"
PROXY = BIN / "proxy-buffer-proxy"
DTOC = BIN / "dtoc"
PROXY_CONFIGS = (
    ("stock TcpSocketBase, scheme 1", ["--scheme=1", "--stockSockets=1"]),
    ("TcpHostSocket, scheme 1", ["--scheme=1"]),
    ("TcpHostSocket, scheme 4", ["--scheme=4"]),
)
# ns-3's structures whose cost grows with the connections or links a node has.
LIST_SYMBOLS = re.compile(
    r"Ipv4EndPointDemux::|Ipv4EndPoint::(IsRxEnabled|GetLocalPort|GetLocalAddress|GetPeerPort|"
    r"GetPeerAddress|GetBoundNetDevice)|TcpL4Protocol::(AddSocket|RemoveSocket)|"
    r"Ipv4StaticRouting::LookupStatic|Ipv4RoutingTableEntry::|Ipv4Mask::|Ipv4Address::CombineMask"
)


def run_measured(argv):
    """Run a program that prints a CSV header and one row.
    -> (wall s, CPU s of that child alone, peak RSS in MB, the row)."""
    start = time.perf_counter()
    with tempfile.TemporaryFile(mode="w+") as out, tempfile.TemporaryFile(mode="w+") as err:
        proc = subprocess.Popen(argv, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"error: {' '.join(map(str, argv))} failed:\n{stderr}")
    rows = list(csv.DictReader(stdout.splitlines()))
    if len(rows) != 1:
        sys.exit(f"error: expected one CSV row from {' '.join(map(str, argv))}, got:\n{stdout}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, rows[0]


def proxy_argv(clients, duration, options):
    k = clients / 500
    return [str(PROXY), *options, f"--clients={clients}", f"--maxConnections={round(200 * k)}",
            f"--poolKb={round(3200 * k)}", f"--duration={duration:g}", "--csv", "--header"]  # fmt: skip


HEADER = (f"{'wall s':>8}{'CPU s':>8}{'events':>11}{'us/event':>9}{'marginal':>9}{'vs first':>9}"
          f"{'peak MB':>9}")  # fmt: skip


def run_twice(argv_for):
    """Run argv_for(1) and argv_for(2) (the duration and twice it).
    -> (wall, CPU, peak MB, events of the longer run; marginal CPU s per event)."""
    wall1, cpu1, _, row1 = run_measured(argv_for(1))
    wall2, cpu2, rss2, row2 = run_measured(argv_for(2))
    events1, events2 = int(row1["events"]), int(row2["events"])
    if events2 <= events1:
        sys.exit(f"error: {' '.join(map(str, argv_for(2)))} ran no more events than half its duration")
    return wall2, cpu2, rss2, events2, (cpu2 - cpu1) / (events2 - events1)


def print_row(label, size, measured, base, per_unit=None):
    """One row; -> the marginal microseconds per event (the next rows' base)."""
    wall, cpu, rss, events, marginal = measured
    marginal *= 1e6
    ratio = marginal / base if base else 1.0
    extra = f"{rss * 1024 / per_unit:>10.1f}" if per_unit else ""
    print(f"  {label:<32}{size:>8}{wall:>8.1f}{cpu:>8.1f}{events:>11}{cpu / events * 1e6:>9.2f}"
          f"{marginal:>9.2f}{ratio:>9.2f}{rss:>9.0f}{extra}", flush=True)  # fmt: skip
    return marginal


def bench_proxy(args):
    sizes = [int(s) for s in args.sizes.split(",")]
    huge = f" ({args.huge_duration:g} and {2 * args.huge_duration:g} s at {args.huge})" if args.huge else ""
    print(f"Proxy experiment, scaled by clients/500, {args.duration:g} and {2 * args.duration:g} s "
          f"simulated{huge}, run 1, one run each")  # fmt: skip
    print(f"  {'configuration':<32}{'clients':>8}{HEADER}{'KB/client':>10}")
    largest = None
    for label, options in PROXY_CONFIGS:
        base = None
        for clients in sizes + ([args.huge] if args.huge else []):
            if clients == args.huge and "--stockSockets=1" in options and not args.huge_stock:
                continue  # hours: stock ns-3 walks every endpoint per segment
            duration = args.huge_duration if clients == args.huge else args.duration
            measured = run_twice(lambda times: proxy_argv(clients, times * duration, options))
            per_event = print_row(label, clients, measured, base, clients)
            base = base or per_event
            if "--stockSockets=1" not in options:
                largest = proxy_argv(clients, 2 * duration, options)
    return largest


def bench_dtoc(args):
    print("DTOC, regular server, 20 s warm-up + 20 and 40 s measured, run 1, one run each")
    print(f"  {'configuration':<32}{'size':>8}{HEADER}")
    sweeps = (
        ("load % (queue 1024)", "load", [100, 200, 500, 1000], ["--queueLimit=1024"]),
        ("queue (load 1000 %)", "queueLimit", [1024, 4096, 16384, 65536], ["--load=1000"]),
    )
    for label, name, values, fixed in sweeps:
        base = None
        for value in values:
            def argv_for(times, fixed=fixed, name=name, value=value):
                return [str(DTOC), "--strategy=regular", "--timeout=10", "--warmup=20",
                        f"--measure={20 * times}", *fixed, f"--{name}={value}", "--header"]  # fmt: skip

            per_event = print_row(label, value, run_twice(argv_for), base)
            base = base or per_event


def profile(argv):
    """perf's share of ns-3's per-connection lists in one run."""
    if not shutil.which("perf"):
        print("(no perf on this machine: no profile)")
        return
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "perf.data"
        subprocess.run(["perf", "record", "-q", "-F", "499", "-o", data, "--", *argv],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)  # fmt: skip
        report = subprocess.run(["perf", "report", "-i", data, "--stdio", "--no-children",
                                 "--sort", "symbol"], capture_output=True, text=True).stdout  # fmt: skip
    share = 0.0
    top = []
    for line in report.splitlines():
        m = re.match(r"\s*([\d.]+)%\s+\[\.\]\s+(.*)", line)
        if m:
            percent, symbol = float(m.group(1)), m.group(2).strip()
            if LIST_SYMBOLS.search(symbol):
                share += percent
                top.append((percent, symbol))
    print(f"Profile of {' '.join(Path(a).name if i == 0 else a for i, a in enumerate(argv))}:")
    print(f"  ns-3's per-connection lists and route scans: {share:.1f} % of the samples")
    for percent, symbol in sorted(top, reverse=True)[:8]:
        print(f"    {percent:5.1f} %  {symbol[:100]}")


# ns-3's walks of a node's protocol handlers (two per device) for every
# packet it receives: what patch 0022 of the series removes.
HANDLER_WALKS = re.compile(r"ns3::Node::ReceiveFromDevice|ns3::TrafficControlLayer::Receive\(")


def cachegrind_run(argv, out):
    """Count one run's instructions (valgrind's cachegrind, no cache model).
    -> the events the run counted (its CSV row)."""
    with tempfile.TemporaryFile(mode="w+") as stdout:
        proc = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                               f"--cachegrind-out-file={out}", *map(str, argv)],
                              stdout=stdout, stderr=subprocess.PIPE, text=True)  # fmt: skip
        stdout.seek(0)
        rows = list(csv.DictReader(stdout.read().splitlines()))
    if proc.returncode != 0 or len(rows) != 1:
        sys.exit(f"error: cachegrind of {' '.join(map(str, argv))} failed:\n{proc.stderr[-2000:]}")
    return int(rows[0]["events"])


def instructions(args):
    """Marginal instructions per event (the longer run's less the shorter's),
    at the smallest and the largest size, the suite's scheme 1; and what of it
    is ns-3's handler walks. Instruction counts do not depend on the machine's
    load or caches: they separate what the code does per event from what the
    memory hierarchy adds to its time."""
    if not shutil.which("valgrind") or not shutil.which("cg_diff"):
        print("(no valgrind on this machine: no instruction counts)")
        return
    sizes = [int(s) for s in args.sizes.split(",")]
    sizes = sorted({min(sizes), max(sizes)})
    d = args.instr_duration
    print(f"Instructions per event (cachegrind, marginal between {d:g} and {2 * d:g} s simulated; "
          "TcpHostSocket, scheme 1)")  # fmt: skip
    print(f"  {'clients':>8}{'Ir/event':>10}{'handler walks':>15}{'without them':>14}{'vs first':>9}")
    base = None
    with tempfile.TemporaryDirectory() as tmp:
        for clients in sizes:
            outs, events = [], []
            for times in (1, 2):
                out = Path(tmp) / f"cg-{clients}-{times}.out"
                events.append(cachegrind_run(proxy_argv(clients, times * d, ["--scheme=1"]), out))
                outs.append(out)
            diff = Path(tmp) / f"diff-{clients}.out"
            with open(diff, "w") as f:
                subprocess.run(["cg_diff", *map(str, outs)], stdout=f, check=True)
            report = subprocess.run(["cg_annotate", "--auto=no", str(diff)], capture_output=True,
                                    text=True, check=True).stdout  # fmt: skip
            total, walks = 0, 0
            for line in report.splitlines():
                m = re.match(r"\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.*)", line)
                if not m:
                    continue
                count = int(m.group(1).replace(",", ""))
                if m.group(2).strip() == "PROGRAM TOTALS":
                    total = count
                elif HANDLER_WALKS.search(m.group(2)):
                    walks += count
            added = events[1] - events[0]
            per, walk = total / added, walks / added
            base = base or per - walk
            print(f"  {clients:>8}{per:>10.0f}{walk:>15.0f}{per - walk:>14.0f}{(per - walk) / base:>9.3f}",
                  flush=True)  # fmt: skip


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sizes", default="500,1000,2000,5000", help="proxy clients, comma-separated")
    p.add_argument("--duration", type=float, default=10, help="seconds simulated at those sizes (and twice it)")
    p.add_argument("--huge", type=int, default=50000, help="the largest proxy size (0: none)")
    p.add_argument("--huge-duration", type=float, default=1, help="seconds simulated at --huge (and twice it)")
    p.add_argument("--huge-stock", action="store_true", help="also stock sockets at --huge")
    p.add_argument("--dtoc", action="store_true", help="also the DTOC load and queue sweeps")
    p.add_argument("--no-proxy", action="store_true", help="skip the proxy sweep")
    p.add_argument("--profile", action="store_true", help="perf profile of the largest suite run")
    p.add_argument("--instructions", action="store_true",
                   help="also count instructions per event (cachegrind) at the smallest and largest "
                   "size: about 50 times the runs' CPU time")  # fmt: skip
    p.add_argument("--instr-duration", type=float, default=5,
                   help="seconds simulated for --instructions (and twice it)")  # fmt: skip
    args = p.parse_args()
    try:
        sizes = [int(s) for s in args.sizes.split(",")]
    except ValueError:
        sys.exit(f"error: --sizes must be comma-separated integers, not {args.sizes!r}")
    if (not sizes or min(sizes) < 1 or args.huge < 0 or args.duration <= 0 or args.huge_duration <= 0
            or args.instr_duration <= 0):  # fmt: skip
        sys.exit("error: sizes must be >= 1, --huge >= 0, durations positive")
    for program in (PROXY, DTOC):
        if not program.exists():
            sys.exit(f"error: {program} is missing: ./ns3 build first")
    largest = None if args.no_proxy else bench_proxy(args)
    if args.dtoc:
        bench_dtoc(args)
    if args.profile and largest:
        profile(largest)
    if args.instructions:
        instructions(args)


if __name__ == "__main__":
    main()
