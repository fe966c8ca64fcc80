#!/usr/bin/env python3
"""Run the test suites, examples and Python tests of the contrib/ modules.

Like ns-3's test.py: each TestSuite registered in build/bin/test-runner runs in
its own process; the C++ and Python examples listed in
contrib/<module>/test/examples-to-run.py run and pass when they exit 0 (from
testpy-output/examples/, two directories below the root, as ns-3's test.py
runs them from testpy-output/<date>/: a file an example names is
../../contrib/...); the
pytest tests under test/ each count as one item.
"""

import argparse
import os
import shlex
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from figures_lib.cli import Parser, positive_int, positive_seconds
from figures_lib.paths import BIN, ROOT, VENV_PYTHON

TEST_RUNNER = BIN / "test-runner"
PYTHON_TESTS = ROOT / "test"
FULLNESS = ["QUICK", "EXTENSIVE", "TAKES_FOREVER"]

# Variables the conditions of examples-to-run.py may use (as in ns-3's test.py)
CONFIG = {
    "ENABLE_EXAMPLES": True,
    "ENABLE_TESTS": True,
    "ENABLE_PYTHON_BINDINGS": True,
    "ENABLE_REAL_TIME": True,
    "ENABLE_THREADING": True,
    "ENABLE_GSL": True,
    "ENABLE_SQLITE": True,
    "ENABLE_MPI": False,
    "ENABLE_EMU": False,
    "ENABLE_TAP": False,
    "NSCLICK": False,
    "ENABLE_BRITE": False,
    "ENABLE_OPENFLOW": False,
    "VALGRIND_FOUND": False,
    "APPNAME": "ns",
    "VERSION": "3.44",
    "BUILD_PROFILE": "release",
}


# Where examples run: two levels below the root, as in ns-3's test.py
EXAMPLES_CWD = ROOT / "testpy-output" / "examples"


class Item:
    def __init__(self, kind, name, cmd, cwd=ROOT):
        self.kind, self.name, self.cmd, self.cwd = kind, name, cmd, cwd
        self.status, self.output, self.elapsed, self.returncode = None, "", 0.0, None


def python():
    return str(VENV_PYTHON if VENV_PYTHON.exists() else Path(sys.executable))


def run_item(item, timeout, verbose):
    if item.status:  # already decided
        return item
    start = time.monotonic()
    Path(item.cwd).mkdir(parents=True, exist_ok=True)
    try:
        result = subprocess.run(
            item.cmd,
            cwd=item.cwd,
            stdout=None if verbose else subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=timeout,
        )
        item.output = result.stdout or ""
        item.returncode = rc = result.returncode
        item.status = "PASS" if rc == 0 else ("FAIL" if rc == 1 else "CRASH")
    except subprocess.TimeoutExpired as error:
        item.output = error.stdout or ""
        if isinstance(item.output, bytes):
            item.output = item.output.decode(errors="replace")
        item.status = "TIMEOUT"
    except OSError as error:
        item.output, item.status = str(error), "CRASH"
    item.elapsed = time.monotonic() - start
    return item


def not_found(kind, name):
    item = Item(kind, name, None)
    item.status, item.output = "FAIL", "not found (see ./test.py --list)"
    return item


def list_suites():
    if not TEST_RUNNER.exists():
        return [], set()
    cmd = [str(TEST_RUNNER), "--print-test-name-list"]
    names = subprocess.run(cmd, capture_output=True, text=True).stdout.split()
    performance = subprocess.run(
        cmd + ["--test-type=performance"], capture_output=True, text=True
    ).stdout.split()
    return names, set(performance)


def suite_items(args):
    names, performance = list_suites()
    if args.suite:
        items = [not_found("TestSuite", n) for n in sorted(set(args.suite) - set(names))]
        names = [n for n in names if n in args.suite]
    else:
        items = []
        names = [n for n in names if n not in performance]
    for name in names:
        # --verbose makes the runner print failure details; the output is
        # shown for failures, or always with test.py -v
        cmd = [str(TEST_RUNNER), "--test-name=" + name, "--fullness=" + args.fullness, "--verbose"]
        items.append(Item("TestSuite", name, cmd))
    return items


def condition_true(condition, where):
    try:
        return bool(eval(condition, dict(CONFIG)))
    except Exception as error:
        print(f"warning: {where}: cannot evaluate '{condition}' ({error}); skipping")
        return False


def example_items(args):
    items = []
    matched = set()
    max_fullness = FULLNESS.index(args.fullness)
    # Each module's list (its C++ and Python examples, as in ns-3)
    lists = sorted(ROOT.glob("contrib/*/test/examples-to-run.py"))
    for examples_to_run in lists:
        module_dir = examples_to_run.parent.parent
        listed = {}
        exec(examples_to_run.read_text(), listed)
        # (name, do_run[, do_valgrind_run][, fullness]) for C++, (name, do_run[, fullness])
        # for Python, as in ns-3's test.py
        kinds = [("cpp_examples", 3, lambda words: [str(BIN / words[0])]),
                 ("python_examples", 2,
                  lambda words: [python(), str(module_dir / "examples" / words[0])])]
        for key, fullness_index, command in kinds:
            for entry in listed.get(key, []):
                example, do_run = entry[0], entry[1]
                fullness = entry[fullness_index].upper() if len(entry) > fullness_index else "QUICK"
                words = shlex.split(example)
                if args.example and not {example, words[0]} & set(args.example):
                    continue
                matched |= {example, words[0]}
                if FULLNESS.index(fullness) > max_fullness:
                    continue
                if condition_true(do_run, examples_to_run):
                    items.append(Item("Example", example, [*command(words), *words[1:]],
                                      cwd=EXAMPLES_CWD))
    for example in sorted(set(args.example or []) - matched):
        items.append(not_found("Example", example))
    return items


def python_tests_present():
    return PYTHON_TESTS.is_dir() and any(PYTHON_TESTS.rglob("test_*.py"))


def run_pytest(args, junit):
    """Run pytest once; return one Item per test case from the JUnit report.
    Each test case is an item, so the per-item timeout guards each one
    (pytest-timeout, fixtures included), not the whole run: the run's length
    is the sum of its tests', which no one item's bound fits."""
    cmd = [python(), "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--junitxml={junit}",
           f"--timeout={args.timeout:g}"]  # fmt: skip
    item = Item("pytest", "test", cmd + [str(PYTHON_TESTS)])
    run_item(item, None, args.verbose)
    if item.returncode == 5:  # no tests collected
        return []
    if not os.path.exists(junit) or os.path.getsize(junit) == 0:
        return [item]
    items = []
    for case in ET.parse(junit).getroot().iter("testcase"):
        test = Item("pytest", f"{case.get('classname')}::{case.get('name')}", cmd)
        test.elapsed = float(case.get("time") or 0)
        if case.find("skipped") is not None:
            test.status = "SKIP"
        elif case.find("failure") is not None or case.find("error") is not None:
            test.status = "FAIL"
            test.output = "".join(e.text or "" for e in case if e.tag in ("failure", "error"))
        else:
            test.status = "PASS"
        items.append(test)
    if item.returncode not in (0, 1) and not any(t.status == "FAIL" for t in items):
        items.append(item)  # pytest itself failed (usage error, crash, timeout)
    return items


def list_everything(args):
    for item in suite_items(args):
        print("TestSuite " + item.name)
    for item in example_items(args):
        print("Example " + item.name)
    if python_tests_present():
        cmd = [python(), "-m", "pytest", "-q", "--collect-only", "-p", "no:cacheprovider"]
        out = subprocess.run(cmd + [str(PYTHON_TESTS)], cwd=ROOT, capture_output=True, text=True)
        for line in out.stdout.splitlines():
            if "::" in line:
                print("pytest " + line)


def main():
    parser = Parser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("-s", "--suite", action="append", help="run only this suite (repeatable)")
    parser.add_argument("-e", "--example", action="append", help="run only this example")
    parser.add_argument("-v", "--verbose", action="store_true", help="show all output")
    parser.add_argument("-l", "--list", action="store_true", help="list suites, examples, tests")
    parser.add_argument("--no-build", action="store_true", help="do not run ./ns3 build first")
    parser.add_argument("-f", "--fullness", default="QUICK", type=str.upper, choices=FULLNESS)
    parser.add_argument("-j", "--jobs", type=positive_int, default=os.cpu_count() or 1,
                        help="items run at once")
    parser.add_argument("-t", "--timeout", type=positive_seconds, default=1200,
                        help="seconds per item (a suite, an example, one Python test)")
    args = parser.parse_args()

    if not args.no_build:
        if subprocess.run([str(ROOT / "ns3"), "build"]).returncode != 0:
            print("FAIL: build")
            print("0 passed, 1 failed")
            return 1
    if args.list:
        list_everything(args)
        return 0

    selective = bool(args.suite or args.example)
    items = suite_items(args) if args.suite or not selective else []
    if args.example or not selective:
        items += example_items(args)
    do_pytest = not selective and python_tests_present()

    passed = failed = 0

    def report(item):
        nonlocal passed, failed
        if item.status == "PASS":
            passed += 1
        elif item.status != "SKIP":
            failed += 1
        print(f"{item.status}: {item.kind} {item.name} ({item.elapsed:.2f} s)", flush=True)
        if item.status not in ("PASS", "SKIP") and not args.verbose and item.output:
            print("  " + item.output.rstrip().replace("\n", "\n  "), flush=True)

    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(args.jobs) as pool:
        junit = os.path.join(tmp, "junit.xml")
        pytest_future = pool.submit(run_pytest, args, junit) if do_pytest else None
        for item in pool.map(lambda i: run_item(i, args.timeout, args.verbose), items):
            report(item)
        if pytest_future:
            for test in pytest_future.result():
                report(test)

    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
