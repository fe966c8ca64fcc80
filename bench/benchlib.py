"""What the benchmark scripts share: running a scenario program once."""

import csv
import subprocess
import sys
import time


def run_once(argv):
    """Run a program that prints a CSV header and one row; exit with its
    stderr if it fails. -> (wall time in s, start-up included; the row)."""
    start = time.perf_counter()
    proc = subprocess.run(argv, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"error: {' '.join(argv)} exited {proc.returncode}:\n{proc.stderr}")
    rows = list(csv.DictReader(proc.stdout.splitlines()))
    if len(rows) != 1:
        sys.exit(f"error: expected one CSV row from {' '.join(argv)}, got:\n{proc.stdout}")
    return wall, rows[0]
