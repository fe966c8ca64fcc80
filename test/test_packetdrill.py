"""build/bin/packetdrill: its lines, counts and exit status on the module's
scripts with both sockets, and its refusal of bad input (issue 44)."""

import re
import subprocess
from pathlib import Path

import pytest

from figures_lib.paths import BIN, ROOT

PROGRAM = BIN / "packetdrill"
SCRIPTS = Path("contrib/packetdrill/test/scripts")


def options_of(path):
    """The program's options a script names on its first line ("// --profile=NAME
    --ns3::Type::Attribute=VALUE ... -- text"), the profile first (Linux-6 if none)."""
    words = ((ROOT / path).read_text().splitlines() or [""])[0].split()
    options = []
    for word in words[1:] if words[:1] == ["//"] else []:
        if word == "--" or not word.startswith("--"):
            break
        options.append(word)
    profile = [o for o in options if o.startswith("--profile=")] or ["--profile=Linux-6"]
    return tuple(profile + [o for o in options if not o.startswith("--profile=")])


def profile_of(path):
    """The host profile a script names on its first line."""
    return options_of(path)[0].split("=", 1)[1]


# Every script of the module but the deliberately wrong ones (wrong-*.pkt)
# must PASS against the suite's socket, with the profile it names (the
# suite's C++ test reads the same conventions)
ALL = sorted(p.stem for p in (ROOT / SCRIPTS).glob("*.pkt"))
GOOD = [n for n in ALL if not n.startswith("wrong-")]
LINUX = [n for n in GOOD if profile_of(SCRIPTS / (n + ".pkt")).startswith("Linux-6")]
# Scripts written for ns-3's RTO and a SYN without options (Linux-6's
# 1998-comparable host): the runner's own checks use them
OLD_LINUX = "--profile=Linux-6-no-tcp-options"
# Stock ns-3 on the Linux scripts: the line each FAILs on (the others PASS;
# the suite's test gives the causes)
STOCK_FAILS = {
    "passive-open": 10,
    "active-open": 6,
    "data-both-ways": 20,
    "time-wait-refin": 16,
    "connect-refused": 5,
    "close-wait-refin": 15,
    "close-then-data-rst": 15,
    "shutdown-write": 15,
    "linux-quickack": 15,
    "time-wait-syn": 17,
    "time-wait-old-syn": 16,
    "time-wait-rst": 17,
    "last-ack-refin": 19,
    "fin-with-data": 14,
    "linux-syn-options": 8,
    "sysctl-defaults": 9,
    "sysctl-timestamps": 9,
    "time-wait-rst-rfc1337": 19,
    "time-wait-no-bucket": 19,
    "swap-close": 17,
    "defer-accept": 10,
    "defer-accept-quiet": 9,
    "syncookies-always": 12,
    "accept-queue-full": 20,
    "accept-queue-abort": 18,
    "rst-in-window": 13,
}


def run(*args):
    return subprocess.run(
        [str(PROGRAM), *map(str, args)], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def test_at_least_twenty_scripts():
    assert len(GOOD) >= 20, GOOD
    assert set(ALL) - set(GOOD) == {"wrong-ack", "wrong-time", "wrong-call"}


@pytest.mark.parametrize("options", sorted({options_of(SCRIPTS / (n + ".pkt")) for n in GOOD}))
def test_suite_passes_the_corpus(options):
    names = [n for n in GOOD if options_of(SCRIPTS / (n + ".pkt")) == options]
    result = run(*options, *(SCRIPTS / (name + ".pkt") for name in names))
    assert result.returncode == 0, result.stdout + result.stderr
    lines = [re.sub(r" \(skipped: .*\)$", "", line) for line in result.stdout.splitlines()]
    assert lines == ["PASS %s" % (SCRIPTS / (n + ".pkt")) for n in names] + [
        "%d passed, 0 failed, 0 unsupported" % len(names)
    ]


def test_wrong_scripts_fail_on_their_lines():
    result = run(
        OLD_LINUX, *(SCRIPTS / (n + ".pkt") for n in ["wrong-ack", "wrong-time", "wrong-call"])
    )
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    wrong_ack = SCRIPTS / "wrong-ack.pkt"
    assert lines[0].startswith("FAIL %s:13: expected > S. 0:0(0) ack 2" % wrong_ack)
    assert "got > S. 0:0(0) ack 1 win 65535 (ack), at t=0.000000" in lines[0]
    assert lines[1] == (
        "FAIL %s:13: expected > . 1:101(100) ack 1 at t=0.600000, got nothing, at t=0.604000"
        % (SCRIPTS / "wrong-time.pkt")
    )
    assert lines[2] == (
        "FAIL %s:11: expected read(4, ..., 2000) = 500, got 1000, at t=0.120000"
        % (SCRIPTS / "wrong-call.pkt")
    )
    assert lines[3] == "0 passed, 3 failed, 0 unsupported"


def test_stock_socket():
    assert set(STOCK_FAILS) <= set(LINUX)
    result = run("--socket=stock", *(SCRIPTS / (name + ".pkt") for name in LINUX))
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    for name, line in zip(LINUX, lines):
        path = SCRIPTS / (name + ".pkt")
        if name in STOCK_FAILS:
            assert line.startswith("FAIL %s:%d: " % (path, STOCK_FAILS[name])), line
        else:
            assert line == "PASS %s" % path
    assert "(options the script does not list)" in result.stdout
    assert lines[-1] == "%d passed, %d failed, 0 unsupported" % (
        len(LINUX) - len(STOCK_FAILS),
        len(STOCK_FAILS),
    )


def test_tolerance_decides(tmp_path):
    # The retransmission comes 1 s after the segment: 0.99 s is 10 ms off
    script = (ROOT / SCRIPTS / "retransmit-rto.pkt").read_text().replace("+1  >", "+.99 >")
    path = tmp_path / "rto.pkt"
    path.write_text(script)
    assert run(OLD_LINUX, path).returncode == 1
    assert run(OLD_LINUX, "--tolerance=0.02", path).returncode == 0


def test_malformed_and_unsupported_lines(tmp_path):
    bad = tmp_path / "bad.pkt"
    bad.write_text("0 socket(..., SOCK_STREAM, IPPROTO_TCP) = 3\n+0 < S 0:0(0) win 1:2\n")
    unsupported = tmp_path / "sysctl.pkt"
    unsupported.write_text("0 `sysctl -q net.ipv4.tcp_thin_dupack=1`\n")
    result = run(bad, unsupported, tmp_path / "missing.pkt")
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "FAIL %s:2: malformed line: win '1:2' is not a 32-bit number" % bad,
        "UNSUPPORTED %s:1: sysctl net.ipv4.tcp_thin_dupack=1 (not modelled)" % unsupported,
        "FAIL %s: cannot open the file" % (tmp_path / "missing.pkt"),
        "0 passed, 2 failed, 1 unsupported",
    ]


@pytest.mark.parametrize(
    "args, message",
    [
        (["--bogus", "x.pkt"], "--bogus is not an option of packetdrill"),
        (["--socket=linux", "x.pkt"], "--socket must be one of"),
        (["--profile=Nope", "x.pkt"], "unknown host profile 'Nope'"),
        (["--tolerance=abc", "x.pkt"], "--tolerance must be a finite number"),
        (["--tolerance=-1", "x.pkt"], "--tolerance must be a number of seconds, 0 or more"),
        ([], "no script files given"),
    ],
)
def test_rejects(args, message):
    result = run(*args)
    assert result.returncode == 1
    assert message in result.stderr
    assert result.stdout == ""


def test_from_python(ns):
    """The same runner from Python (the suite's loader): a verdict per script,
    a FAIL with its line and message, a bad configuration refused with an
    exception, a Time field that takes no bare number."""
    script = str(ROOT / SCRIPTS / "passive-open.pkt")
    config = ns.PacketdrillConfig()
    config.profile = profile_of(SCRIPTS / "passive-open.pkt")
    verdict = ns.PacketdrillRunner.RunFile(script, config)
    assert verdict.kind == ns.PacketdrillVerdict.PASS, str(verdict.Format("passive-open.pkt"))
    # today's Linux answers with the options this 1998-comparable script does not list
    config.profile = "Linux-6"
    verdict = ns.PacketdrillRunner.RunFile(script, config)
    assert verdict.kind == ns.PacketdrillVerdict.FAIL
    assert verdict.line == 10
    assert "options the script does not list" in str(verdict.message)
    assert str(verdict.Format("passive-open.pkt")).startswith("FAIL passive-open.pkt:10: ")
    config.profile = "Bogus"
    assert "unknown host profile 'Bogus'" in config.Validate()
    with pytest.raises(Exception, match="unknown profile 'Bogus'"):
        ns.PacketdrillRunner.RunFile(script, config)
    with pytest.raises(TypeError, match="is a Time"):
        config.tolerance = 0.004
