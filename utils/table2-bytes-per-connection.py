#!/usr/bin/env python3
"""What Table 2's bytes per connection are made of, per variant and run.

Runs tw-avoid-webstone at Table 2's paper scale (70 s warm-up, 60 s
measured) with --requests for each variant and run, and prints, over the
requests completed in the measurement window: their number, the mean body
size (KB), how many of them were 5 MB files, and the mean body size without
those. The draft's three rows have 53.1 to 53.4 KB per connection; the
simulated unmodified server moved more per connection than the
TCP-modified one in all five paired runs of 28 November (not in every one
of the 20 runs stored now). See tw-avoid.rst, Validation.

  utils/table2-bytes-per-connection.py [--runs 5] [--variants unmodified,tcp]
"""

import argparse
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from figures_lib.paths import BIN  # noqa: E402

WARMUP, MEASURE = 70.0, 60.0
BIG = 4_000_000  # bytes: the 5 MB files (5000 KB), 0.2 % of the draws


def run(variant, run, directory):
    path = Path(directory) / f"{variant}-{run}.csv"
    subprocess.run(
        [str(BIN / "tw-avoid-webstone"), "--table=2", f"--variant={variant}", f"--RngRun={run}",
         f"--warmup={WARMUP:g}", f"--measure={MEASURE:g}", f"--requests={path}"],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    frame = pd.read_csv(path)
    window = frame[(frame.time_s >= WARMUP) & (frame.time_s < WARMUP + MEASURE)]
    sizes = window.body_bytes
    return {
        "variant": variant, "run": run, "requests": len(window),
        "kb_per_request": sizes.mean() / 1024, "files_5mb": int((sizes > BIG).sum()),
        "kb_without_5mb": sizes[sizes <= BIG].mean() / 1024,
    }  # fmt: skip


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--variants", default="unmodified,tcp")
    args = p.parse_args()
    if args.runs < 1:
        p.error("--runs must be at least 1")
    variants = args.variants.split(",")
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(2) as pool:
        jobs = [pool.submit(run, v, r, tmp) for r in range(1, args.runs + 1) for v in variants]
        frame = pd.DataFrame([j.result() for j in jobs])
    print(frame.to_string(index=False, float_format=lambda x: f"{x:.2f}"))
    totals = frame.groupby("variant", sort=False)[["requests", "files_5mb"]].sum()
    totals["share_5mb_pct"] = 100 * totals.files_5mb / totals.requests
    print("\nover all runs (the file set draws a 5 MB file with probability 0.2 %):")
    print(totals.to_string(float_format=lambda x: f"{x:.3f}"))
    if len(variants) == 2:
        a, b = (frame[frame.variant == v].set_index("run") for v in variants)
        for column in ("kb_per_request", "kb_without_5mb"):
            d = a[column] - b[column]
            print(f"\n{variants[0]} - {variants[1]}, {column}: " + ", ".join(f"{x:+.2f}" for x in d)
                  + f" (mean {d.mean():+.2f} KB)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
