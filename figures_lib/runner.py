"""Running points on Dask distributed, with a progress line.

By default a LocalCluster with one single-threaded worker process per core;
with an address, an existing scheduler. Points already in the cache are not
submitted (force=True submits everything). Each result is cached as soon as
it arrives, so an interrupted sweep keeps its finished points.

The task is subprocess.run itself, so the scheduler and the workers need
nothing of this repository but the program at the same path (with
--scheduler: the same build/bin/ on a shared disk, and a Python with dask;
for points with side files, e.g. the WebSTONE timelines, figures/cache/ on
that disk too).
"""

import contextlib
import logging
import os
import subprocess
import sys
import time
import uuid

from . import cache
from .csvio import BadOutput, parse_point_output
from .paths import BIN, ROOT


class Failure:
    def __init__(self, point, argv, reason, stderr=""):
        self.point, self.argv, self.reason, self.stderr = point, argv, reason, stderr

    def __str__(self):
        tail = "\n".join(self.stderr.strip().splitlines()[-5:])
        text = f"FAILED {self.point.label()}\n  command: {' '.join(self.argv)}\n  {self.reason}"
        return text + ("\n  stderr: " + tail.replace("\n", "\n          ") if tail else "")


def _task_key(point):
    # readable on a dashboard, unique even on a scheduler shared with others
    return f"point:{cache.path(point).relative_to(cache.CACHE).as_posix()}:{uuid.uuid4().hex[:8]}"


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
        text = (
            f"{self.label} [{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total}"
            f" points, {self.failed} failed, {time.monotonic() - self.start:.0f} s"
        )
        if self.tty:
            sys.stderr.write("\r" + text + ("\n" if self.done == self.total else ""))
        else:
            decile = 10 * self.done // self.total if self.total else 10
            if decile == self.last_decile:
                return
            self.last_decile = decile
            sys.stderr.write(text + "\n")
        sys.stderr.flush()


def run_points(points, *, scheduler=None, workers=None, force=False, timeout=None, columns=None):
    """Run (or take from the cache) the points.

    columns: point -> the CSV columns its output must have (None: any).

    Returns (outputs, failures, ran): outputs maps each successful point to
    its row (dict column -> text); failures is a list of Failure; ran is the
    number of points actually run.
    """
    outputs, failures, todo = {}, [], []
    for point in points:
        text = None if force else cache.load(point)
        if text is not None:
            try:
                outputs[point] = parse_point_output(text, columns(point) if columns else None)
                continue
            except BadOutput:
                pass  # a bad cache file: run the point again
        todo.append(point)
    print(
        f"{len(points)} points: {len(points) - len(todo)} cached, {len(todo)} to run",
        flush=True,
    )
    if not todo:
        return outputs, failures, 0

    from dask.distributed import as_completed  # noqa: PLC0415

    with dask_client(scheduler, workers) as client:
        nworkers = len(client.scheduler_info()["workers"])
        where = scheduler or "LocalCluster"
        print(f"Dask: {where}, {nworkers} worker(s)", flush=True)
        futures = {}
        for point in todo:
            argv = argv_of(point)
            for side_file in point.side_files():  # the program does not make directories
                side_file.parent.mkdir(parents=True, exist_ok=True)
            future = client.submit(
                subprocess.run,
                argv,
                cwd=str(ROOT),
                capture_output=True,
                text=True,
                timeout=timeout,
                check=False,
                key=_task_key(point),
                pure=False,
            )
            futures[future] = (point, argv)
        progress = Progress(len(todo), "Running")
        for future in as_completed(futures):
            point, argv = futures[future]
            try:
                result = future.result()
            except Exception as e:  # noqa: BLE001 (cannot run, timeout, lost worker)
                failures.append(Failure(point, argv, f"did not run: {e}"))
                progress.step(False)
                continue
            if result.returncode != 0:
                failures.append(
                    Failure(point, argv, f"exit status {result.returncode}", result.stderr)
                )
                progress.step(False)
                continue
            try:
                outputs[point] = parse_point_output(result.stdout, columns(point) if columns else None)
            except BadOutput as e:
                failures.append(Failure(point, argv, f"bad output: {e}", result.stderr))
                progress.step(False)
                continue
            cache.store(point, result.stdout)
            progress.step(True)
    return outputs, failures, len(todo)
