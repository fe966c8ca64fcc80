"""The task a Dask worker runs for one point: the program, in a temporary
directory for its side files, timed. Standard library only, and sent to the
workers by value (runner.py registers this module with cloudpickle), so a
worker needs nothing of this repository but the program at the same path."""

import subprocess
import tempfile
import time
from pathlib import Path


def run_program(argv, side_files, cwd, timeout):
    """Run argv (with --option=PATH added for each (option, suffix) of
    side_files) -> (exit status, stdout, stderr, {suffix: text}, wall s).
    A side file the program did not write is left out of the dict."""
    with tempfile.TemporaryDirectory(prefix="figures-point-") as tmp:
        paths = {suffix: Path(tmp) / f"side{i}{suffix}" for i, (_, suffix) in enumerate(side_files)}
        extra = [f"--{option}={paths[suffix]}" for option, suffix in side_files]
        start = time.monotonic()
        proc = subprocess.run(
            [*argv, *extra], cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False
        )
        wall = time.monotonic() - start
        sides = {s: p.read_text() for s, p in paths.items() if p.is_file()}
    return proc.returncode, proc.stdout, proc.stderr, sides, wall
