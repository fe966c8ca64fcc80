"""The suite's loader is importable the normal way from any directory (the
venv's .pth from ./ns3 configure), under its suite-level name and its former
one, which warns."""

import subprocess
import sys

from figures_lib.paths import ROOT


def python(code, cwd):
    return subprocess.run(
        [sys.executable, "-W", "always::DeprecationWarning", "-c", code],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=60,
        check=False,
    )


def test_suite_loader_imports_from_any_directory(tmp_path):
    result = python("import ns3_contrib_suite as s; print(s.ROOT)", tmp_path)
    assert result.returncode == 0, result.stderr
    assert "DeprecationWarning" not in result.stderr
    assert result.stdout.strip() == str(ROOT), "this repository's loader"


def test_former_name_is_an_alias_that_warns(tmp_path):
    result = python(
        "import tw_avoid, ns3_contrib_suite as s; "
        "print(tw_avoid.load is s.load, tw_avoid.callbacks is s.callbacks)",
        tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "True"]
    assert "tw_avoid is deprecated: import ns3_contrib_suite" in result.stderr
