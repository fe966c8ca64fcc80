"""Running points on Dask distributed, with a progress line.

By default a LocalCluster with one single-threaded worker process per core;
with an address, an existing scheduler. The task is subprocess.run of a
small sh script (task.command), so the scheduler and the workers need
nothing of this repository but the program at the same path (with
--scheduler: the same build/bin/ on a shared disk, or built at the same
path, and a Python with dask). Side files come back on the program's
stdout, so no shared disk is needed for them. Each result is handed to
on_result as soon as it arrives (the result store saves it there), so an
interrupted sweep keeps its finished points.
"""

import contextlib
import logging
import os
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass

from . import store, task
from .csvio import BadOutput, parse_point_output
from .paths import BIN, ROOT


class Failure:
    def __init__(self, point, argv, reason, stderr=""):
        self.point, self.argv, self.reason, self.stderr = point, argv, reason, stderr

    def __str__(self):
        tail = "\n".join(self.stderr.strip().splitlines()[-5:])
        text = f"FAILED {self.point.label()}\n  command: {' '.join(self.argv)}\n  {self.reason}"
        return text + ("\n  stderr: " + tail.replace("\n", "\n          ") if tail else "")


@dataclass
class Result:
    """A point's run: its row, its output text as printed, its side files'
    texts (suffix -> text) and its wall time."""

    row: dict
    output: str
    sides: dict
    wall_s: float


def _task_key(point):
    # readable on a dashboard, unique even on a scheduler shared with others
    return f"point:{point.experiment}/{point.scale}/{store.key(point)}:{uuid.uuid4().hex[:8]}"


def argv_of(point):
    # --header so the output names its columns (parsed and checked by name)
    return [str(BIN / point.program), *point.args(), "--header"]


@contextlib.contextmanager
def dask_client(scheduler=None, workers=None):
    from dask.distributed import Client, LocalCluster  # noqa: PLC0415

    if scheduler:
        with Client(scheduler) as client:
            yield client
        return
    n = workers or os.cpu_count() or 1
    with LocalCluster(
        n_workers=n,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.CRITICAL,  # failures are reported by run_points
    ) as cluster, Client(cluster) as client:
        yield client


def _clock(seconds):
    """h:mm:ss"""
    seconds = int(round(seconds))
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


class Progress:
    """A one-line progress bar on stderr ('\\r' on a terminal, else a line
    every 10 %)."""

    def __init__(self, total, label):
        self.total, self.label, self.done, self.failed = total, label, 0, 0
        self.start = time.monotonic()
        self.tty = sys.stderr.isatty()
        self.last_decile = -1
        self.show()

    def step(self, ok):
        self.done += 1
        self.failed += 0 if ok else 1
        self.show()

    def show(self):
        width = 30
        filled = width * self.done // self.total if self.total else width
        elapsed = time.monotonic() - self.start
        text = (
            f"{self.label} [{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total}"
            f" points, {self.failed} failed, {elapsed:.0f} s"
        )
        if 0 < self.done < self.total:
            # points so far at the pace so far (a sweep's points differ in cost)
            text += f", about {_clock(elapsed / self.done * (self.total - self.done))} left"
        if self.tty:
            sys.stderr.write("\r" + text + ("\n" if self.done == self.total else ""))
        else:
            decile = 10 * self.done // self.total if self.total else 10
            if decile == self.last_decile:
                return
            self.last_decile = decile
            sys.stderr.write(text + "\n")
        sys.stderr.flush()


def run_points(points, *, scheduler=None, workers=None, timeout=None, on_result=None):
    """Run the points.

    on_result: called with (point, Result) for each successful point as it
    finishes.

    Returns (outputs, failures, ran): outputs maps each successful point to
    its row (dict column -> text); failures is a list of Failure; ran is the
    number of points run.
    """
    outputs, failures = {}, []
    if not points:
        return outputs, failures, 0

    from dask.distributed import as_completed  # noqa: PLC0415

    with dask_client(scheduler, workers) as client:
        nworkers = len(client.scheduler_info()["workers"])
        where = scheduler or "LocalCluster"
        print(f"Dask: {where}, {nworkers} worker(s)", flush=True)
        futures = {}
        for point in points:
            argv = argv_of(point)
            future = client.submit(
                subprocess.run, task.command(argv, point.SIDE_FILES, timeout), cwd=str(ROOT),
                capture_output=True, text=True, timeout=timeout + 60 if timeout else None,
                check=False,
                key=_task_key(point), pure=False,
            )  # fmt: skip
            futures[future] = (point, argv)
        progress = Progress(len(points), "Running")
        for future in as_completed(futures):
            point, argv = futures[future]
            try:
                proc = future.result()
            except Exception as e:  # noqa: BLE001 (cannot run, timeout, lost worker)
                failures.append(Failure(point, argv, f"did not run: {e}"))
                progress.step(False)
                continue
            if proc.returncode != 0:
                reason = (f"timed out after {timeout:g} s" if proc.returncode == task.TIMED_OUT
                          and timeout else f"exit status {proc.returncode}")  # fmt: skip
                failures.append(Failure(point, argv, reason, proc.stderr))
                progress.step(False)
                continue
            stdout, sides, wall = task.split_output(proc.stdout)
            missing = [s for s in point.side_suffixes() if not sides.get(s)]
            try:
                if missing:
                    raise BadOutput(f"side file(s) {', '.join(missing)} not written")
                row = parse_point_output(stdout)
            except BadOutput as e:
                failures.append(Failure(point, argv, f"bad output: {e}", proc.stderr))
                progress.step(False)
                continue
            outputs[point] = row
            if on_result:
                on_result(point, Result(row, stdout, sides, wall))
            progress.step(True)
    return outputs, failures, len(points)
