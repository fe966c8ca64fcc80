"""Seed 004's buffer allocation and connection management driven from
Python (cppyy): the PFTK equation, the one-sender scenario's schemes, and
the idle-connection table."""

import pytest
import ns3_contrib_suite as suite


@pytest.fixture(scope="module")
def ns():
    return suite.load()


def test_pftk_falls_with_loss(ns):
    """Bytes per second for a 100 ms path: capped by the window without
    loss, then falling with the loss ratio."""
    rtt, rto = ns.MilliSeconds(100), ns.Seconds(1)
    capped = ns.PftkThroughput(0.0, rtt, rto, 1448, 64 * 1024)
    assert capped == pytest.approx(64 * 1024 / 0.1)
    rates = [ns.PftkThroughput(p, rtt, rto, 1448, 1 << 30) for p in (0.0001, 0.001, 0.01)]
    assert rates[0] > rates[1] > rates[2] > 0


def test_schemes_from_python(ns):
    """Ten receivers, 5 s measured: fixed buffers hold 16 KB each all the
    time; E2-ATBT moves more over the same paths."""
    config = ns.BufferAllocationConfig()
    config.receivers = 10
    config.warmup = 2
    config.duration = 5
    config.scheme = "fixed"
    assert config.Validate() == ""
    fixed = ns.RunBufferAllocation(config)
    assert fixed.poolUse == pytest.approx(10 * 16 * 1024 / config.poolBytes)
    config.scheme = "e2atbt"
    e2 = ns.RunBufferAllocation(config)
    assert e2.aggregate > 1.5 * fixed.aggregate
    assert len(e2.connections) == 10


def test_bad_scheme_rejected(ns):
    config = ns.BufferAllocationConfig()
    config.scheme = "greedy"
    assert "unknown scheme 'greedy'" in config.Validate()


def test_idle_table_oldest_first(ns):
    table = ns.IdleConnectionTable()
    keys = []
    for port in (5000, 5001, 5002):
        key = ns.ConnectionKey()
        key.local = ns.Ipv4Address("10.0.0.1")
        key.localPort = port
        key.peer = ns.Ipv4Address("10.0.0.2")
        key.peerPort = 80
        keys.append(key)
        assert table.Insert(key, ns.Seconds(port - 5000))
    assert table.Remove(keys[0])
    assert table.Oldest().key.localPort == 5001
    assert table.Size() == 2
