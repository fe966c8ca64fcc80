"""Bad input to the scenario programs gets a clear error and a non-zero exit, never a default."""

import subprocess
from pathlib import Path

import pytest

BIN = Path(__file__).resolve().parents[2] / "build" / "bin"


def run(program, *args):
    return subprocess.run(
        [str(BIN / program), *args], capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize(
    "args, message",
    [
        (["--warmup=-5"], "must not be negative"),
        (["--measure=0"], "measurement must be positive"),
        (["--table=4"], "--table must be 2 or 3"),
        (["--variant=bogus"], "unknown variant"),
        (["--memoryPool=Mbufs"], "unknown memory pool"),
    ],
)
def test_webstone_rejects(args, message):
    result = run("tw-avoid-webstone", *args)
    assert result.returncode != 0
    assert message in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(
    "args, message",
    [
        (["--strategy=fifo"], "unknown strategy"),
        (["--strategy=dtoc", "--method=Poll"], "unknown detection method"),
        (["--timeout=0"], "must be positive"),
        (["--warmup=-1"], "not negative"),
        (["--load=-20"], "positive length and load"),
        (["--day=weekend"], "--day must be normal or busy"),
        (["--queueLimit=0"], "queue limit must be at least 1"),
    ],
)
def test_dtoc_rejects(args, message):
    result = run("dtoc", *args)
    assert result.returncode != 0
    assert message in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(
    "args, message",
    [
        (["--case=4.1"], "unknown case '4.1'"),
        (["--server=BeOS"], "unknown host profile 'BeOS'"),
        (["--clientTick=-0.1"], "finite time >= 0"),
        (["--serverTick=soon"], "seconds or 'random'"),
        (["--rate=fast"], "not a data rate"),
        (["--delay=-1"], "link delay"),
        (["--body=0"], "at least one byte"),
    ],
)
def test_iw_delack_rejects(args, message):
    result = run("iw-delack", *args)
    assert result.returncode != 0
    assert message in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(
    "path, message",
    [
        ("/nonexistent/ns-3.44", "neither an ns-3 install prefix"),
        (str(BIN.parent.parent / "contrib"), "neither an ns-3 install prefix"),
    ],
)
def test_configure_rejects_what_is_not_an_ns3(tmp_path, path, message):
    """./ns3 configure --with-ns3 names a wrong directory: a message, a
    non-zero exit, and no build directory configured."""
    build = tmp_path / "build"
    result = subprocess.run(
        [str(BIN.parent.parent / "ns3"), "configure", "--with-ns3", path],
        capture_output=True, text=True, timeout=300,
        env={**__import__("os").environ, "NS3_SUITE_BUILD_DIR": str(build)},
    )  # fmt: skip
    assert result.returncode != 0
    assert message in result.stderr
    assert not (build / "CMakeCache.txt").exists()
