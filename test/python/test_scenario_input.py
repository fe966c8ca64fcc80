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
