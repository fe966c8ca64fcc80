"""./figures.py's runner on a Dask cluster of separate processes: a
scheduler and two workers started as `dask scheduler` and `dask worker`,
as on a real cluster; the rows must equal a local run's."""

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from figures_lib.experiments.iw_delack import IwDelack
from figures_lib.runner import run_points

DASK = Path(sys.executable).parent / "dask"


def wait_for(predicate, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.2)
    raise TimeoutError(what)


@pytest.fixture
def cluster(tmp_path):
    """(scheduler address, worker pids); everything stopped afterwards."""
    scheduler_file = tmp_path / "scheduler.json"
    common = ["--no-dashboard"]
    processes = [
        subprocess.Popen(
            [str(DASK), "scheduler", "--host", "127.0.0.1", "--port", "0",
             "--scheduler-file", str(scheduler_file), *common],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
    ]  # fmt: skip
    try:
        wait_for(scheduler_file.exists, 60, "the scheduler did not start")
        wait_for(lambda: scheduler_file.stat().st_size > 0, 10, "no scheduler file")
        address = json.loads(scheduler_file.read_text())["address"]
        for name in ("w1", "w2"):
            processes.append(
                subprocess.Popen(
                    [str(DASK), "worker", address, "--nthreads", "1", "--no-nanny",
                     "--name", name, "--local-directory", str(tmp_path / name), *common],
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                )
            )  # fmt: skip
        from dask.distributed import Client

        with Client(address) as client:
            client.wait_for_workers(2, timeout=60)
            pids = set(client.run(lambda: __import__("os").getpid()).values())
        yield address, {p.pid for p in processes[1:]}, pids
    finally:
        for p in reversed(processes):
            p.terminate()
        for p in processes:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
    assert all(p.poll() is not None for p in processes), "everything shut down"


def test_cluster_rows_equal_local_rows(cluster):
    address, worker_pids, seen_pids = cluster
    assert seen_pids == worker_pids, "the two workers are the processes started here"
    experiment = IwDelack()
    every = experiment.points("quick")
    # The page's seven cases and three random phases of each configuration.
    points = [
        p for p in every
        if "RngRun" not in dict(p.params)
        or ("case" in dict(p.params) and p.param("RngRun") <= 3)
    ]  # fmt: skip
    assert len(points) == 7 + 4 * 3
    on_cluster, failures, ran = run_points(points, scheduler=address)
    assert not failures and ran == len(points), "\n".join(map(str, failures[:2]))
    local, failures, _ = run_points(points, workers=1)
    assert not failures
    assert on_cluster == local
    assert {row["page"] for row in local.values()} >= {"same", "differs"}
