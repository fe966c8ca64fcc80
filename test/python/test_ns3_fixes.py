"""Which of the suite's patches to ns-3 (upstream/ns-3) an ns-3 source tree
carries: contrib/tcp-host/CMakeLists.txt finds them at configure time, the
socket leaves their cases to TcpSocketBase (TcpSocketBaseFixes), and the
build's ns3-runtime.txt names them (the result store's fingerprint takes
them in). CI has no ns-3 sources, so a made-up tree and a made-up patch
stand in: what is checked is the finding, not the patch."""

import re
import subprocess

import pytest

from figures_lib.paths import BUILD, ROOT
from ns3_contrib_suite import ns3_runtime

PATCH = """\
diff --git a/src/internet/model/tcp-socket-base.cc b/src/internet/model/tcp-socket-base.cc
--- a/src/internet/model/tcp-socket-base.cc
+++ b/src/internet/model/tcp-socket-base.cc
@@ -1,3 +1,3 @@
 first
-unfixed
+fixed
 last
"""


def configure(tmp_path, tree_text):
    """Configure the suite in a build directory of its own against the
    wheel, looking for a made-up series (one patch, 0006) in a made-up ns-3
    tree whose tcp-socket-base.cc is tree_text; return ns3-runtime.txt's fixes."""
    tree = tmp_path / "ns-3"
    (tree / "src" / "internet" / "model").mkdir(parents=True)
    (tree / "src" / "internet" / "model" / "tcp-socket-base.cc").write_text(tree_text)
    series = tmp_path / "series"
    series.mkdir()
    (series / "0006-tcp-a-made-up-fix.patch").write_text(PATCH)
    wheel = re.search(r"^NS3_WHEEL_DIR:PATH=(.*)$", (BUILD / "CMakeCache.txt").read_text(), re.M)
    build = tmp_path / "build"
    result = subprocess.run(
        ["cmake", "-S", str(ROOT), "-B", str(build), "-G", "Ninja",
         f"-DNS3_WHEEL_DIR={wheel.group(1)}", f"-DTCP_HOST_NS3_SOURCE_DIR={tree}",
         f"-DTCP_HOST_NS3_SERIES_DIR={series}"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr
    return ns3_runtime(build)["fixes"], result.stdout


@pytest.mark.parametrize("text, fixes", [("first\nfixed\nlast\n", "0006"),
                                         ("first\nunfixed\nlast\n", "")])  # fmt: skip
def test_configure_finds_the_patches_a_source_tree_carries(tmp_path, text, fixes):
    found, out = configure(tmp_path, text)
    assert found == fixes
    assert f"carries the series' patches: [{fixes}]" in out
