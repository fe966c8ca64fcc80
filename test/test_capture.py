"""--pcap=PREFIX and --flowMonitor=FILE on the scenario programs (ExperimentCapture).

Every program refuses, at once, with one line and exit 1, a pcap prefix or
FlowMonitor file it could not write (ProgramInput), instead of failing after
the run or aborting in ns-3's pcap writer. Table 1's run, captured with both:
a pcap file per host, each with packets, and a FlowMonitor XML file that
lists the run's flows; its row is the one the run gives without them, but
for the count of events (the capture's and FlowMonitor's own).
"""

import struct
import subprocess
import xml.etree.ElementTree as ElementTree

import pytest

from figures_lib.paths import BIN
PROGRAMS = [
    "dtoc",
    "dtoc-metastable",
    "iw-delack",
    "proxy-buffer-allocation",
    "proxy-buffer-proxy",
    "proxy-buffer-time-wait",
    "proxy-now",
    "tw-avoid-table1",
    "tw-avoid-webstone",
]


def run(program, *args, cwd=None):
    return subprocess.run(
        [str(BIN / program), *args], capture_output=True, text=True, timeout=120, cwd=cwd
    )


@pytest.mark.parametrize("program", PROGRAMS)
@pytest.mark.parametrize(
    "args, message",
    [
        (["--pcap=/nonexistent-dir/capture"], "cannot write files named --pcap=/nonexistent-dir/capture..."),
        (["--flowMonitor=/nonexistent-dir/flows.xml"], "cannot write --flowMonitor=/nonexistent-dir/flows.xml"),
        (["--flowMonitor=/tmp"], "--flowMonitor=/tmp is a directory, not a file"),
    ],
)  # fmt: skip
def test_unwritable_capture_refused_at_once(program, args, message):
    result = run(program, *args)
    assert result.returncode == 1
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0] == f"{program}: {message}", lines


TABLE1 = ["--timeWaitTcbs=50", "--transferTime=0.5", "--header"]


def rows(text):
    """The CSV's header and row as {column: value}."""
    header, row = text.splitlines()
    return dict(zip(header.split(","), row.split(",")))


def test_table1_captured(tmp_path):
    plain = run("tw-avoid-table1", *TABLE1)
    assert plain.returncode == 0, plain.stderr
    captured = run(
        "tw-avoid-table1", *TABLE1, f"--pcap={tmp_path}/t1", f"--flowMonitor={tmp_path}/flows.xml"
    )
    assert captured.returncode == 0, captured.stderr
    # The same run: every column but the count of events.
    with_capture, without = rows(captured.stdout), rows(plain.stdout)
    assert with_capture.pop("events") != without.pop("events")
    assert with_capture == without

    # A pcap file per host (four on the testbed's LAN), each with packets.
    pcaps = sorted(tmp_path.glob("t1-*.pcap"))
    assert [p.name for p in pcaps] == [f"t1-{node}-0.pcap" for node in range(4)]
    for pcap in pcaps:
        data = pcap.read_bytes()
        assert struct.unpack("<I", data[:4])[0] == 0xA1B2C3D4, f"{pcap.name}: not a pcap file"
        assert len(data) > 24 + 16 + 40, f"{pcap.name}: no packets"

    # The FlowMonitor XML lists the run's flows: the two bulk transfers to
    # the server, which carried data, and the loader's short connections.
    root = ElementTree.parse(tmp_path / "flows.xml").getroot()
    stats = {int(f.get("flowId")): f for f in root.find("FlowStats")}
    tuples = {int(f.get("flowId")): f for f in root.find("Ipv4FlowClassifier").findall("Flow")}
    assert stats and set(stats) == set(tuples)
    bulk = [i for i, f in stats.items() if int(f.get("rxBytes")) > 1_000_000]
    assert len(bulk) == 2, "the two clients' transfers"
    assert {tuples[i].get("destinationPort") for i in bulk} == {tuples[bulk[0]].get("destinationPort")}
    assert len(stats) > 2 * 50, "and the loader's 50 connections, both ways"


def test_listen_queue_drops_are_no_packet_drops(tmp_path):
    """DTOC's server with Linux's accept queue at three times its capacity:
    the listen queue drops SYNs (ListenDrops, the row's server_refused), yet
    FlowMonitor counts no packet lost or dropped: the kernel discarded
    segments that IP had delivered (tcp-host.rst, "Which counter shows which
    loss")."""
    result = run(
        "dtoc", "--acceptQueue=kernel", "--load=300", "--queueLimit=8", "--warmup=1",
        "--measure=4", "--header", f"--flowMonitor={tmp_path}/flows.xml",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert int(rows(result.stdout)["server_refused"]) > 100
    flows = list(ElementTree.parse(tmp_path / "flows.xml").getroot().find("FlowStats"))
    assert len(flows) > 1000
    assert sum(int(f.get("rxPackets")) for f in flows) > 10000
    assert sum(int(f.get("lostPackets")) for f in flows) == 0
    assert [d.attrib for f in flows for d in f.iter("packetsDropped")] == []
