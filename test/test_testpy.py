"""./test.py's options, and its guard against a hanging Python test: each
test case is an item with the per-item timeout (pytest-timeout), so one
that hangs fails alone and the others are still reported, where one bound
over the whole pytest run would end them all (as it did under load, at
1200 s)."""

import importlib.util
import subprocess
import sys
import time
import types

import pytest

from figures_lib.paths import ROOT


def _test_py():
    spec = importlib.util.spec_from_file_location("suite_test_py", ROOT / "test.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_hanging_python_test_fails_alone(tmp_path):
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_two.py").write_text(
        "import time\n\n"
        "def test_quick():\n    assert True\n\n"
        "def test_hangs():\n    time.sleep(60)\n"
    )
    test_py = _test_py()
    test_py.PYTHON_TESTS = tests
    start = time.monotonic()
    items = test_py.run_pytest(types.SimpleNamespace(timeout=3, verbose=False),
                               str(tmp_path / "junit.xml"))  # fmt: skip
    assert {i.name.split("::")[-1]: i.status for i in items} == {"test_quick": "PASS",
                                                                 "test_hangs": "FAIL"}
    assert time.monotonic() - start < 45, "the hanging test was stopped at its own timeout"


@pytest.mark.parametrize("option, value", [("-t", "0"), ("-t", "-5"), ("-t", "nan"),
                                           ("-t", "abc"), ("-j", "0"), ("-j", "-3"),
                                           ("-j", "1.5")])  # fmt: skip
def test_a_timeout_or_job_count_that_is_no_positive_number_is_refused(option, value):
    """Not a traceback, not every item failed as a TIMEOUT, not a job count
    quietly made 1: one line naming the option, exit 1, nothing run."""
    proc = subprocess.run([sys.executable, str(ROOT / "test.py"), "--no-build", option, value,
                           "-s", "no-such-suite"], capture_output=True, text=True, timeout=60,
                          check=False)  # fmt: skip
    assert proc.returncode == 1, (value, proc.stdout, proc.stderr)
    name = {"-t": "--timeout", "-j": "--jobs"}[option]
    assert proc.stderr.splitlines() == [proc.stderr.strip()] and name in proc.stderr
    assert proc.stdout == "", "nothing ran"
