"""TcpHostSampler from Python: a CSV file of each node's TCP resources over time.

Two hosts, each of a profile, on a point-to-point link; the client opens
CONNECTIONS short connections (ns-3's BulkSend to a PacketSink) and closes
each first, so that it keeps their TIME_WAIT: in TCBs on the BSD-like SunOS
profile, in compact records on Linux-6. The sampler writes a row per node
every INTERVAL; the test reads the file with pandas and checks its times,
nodes and TIME_WAIT columns against the Sample trace, which it receives in
Python, and against TcpHostCensus taken directly.
"""

import pandas
import pytest


CONNECTIONS = 5
INTERVAL = 0.25  # s
STOP = 2.0  # s: rows at 0.25 ... 1.75 (the stop comes before a row due at 2 s)
COLUMNS = [
    "time_s", "node", "time_wait", "time_wait_tcbs", "time_wait_records", "listeners",
    "syn_queue", "accept_queue", "sockets", "tcbs", "memory_bytes", "cpu_busy",
]  # fmt: skip


def run(ns, cb, profile, path):
    """Run the scenario under a profile, sampled into path.

    @return (rows seen on the Sample trace, the client's census at the end)
    """
    nodes = ns.NodeContainer(2)  # 0 client, 1 server
    link = ns.PointToPointHelper()
    link.SetDeviceAttribute("DataRate", ns.StringValue("100Mbps"))
    link.SetChannelAttribute("Delay", ns.StringValue("5ms"))
    devices = link.Install(nodes)
    host = ns.TcpHostHelper()
    host.SetProfile(profile)
    host.Install(nodes)
    interfaces = ns.Ipv4AddressHelper(
        ns.Ipv4Address("10.0.0.0"), ns.Ipv4Mask("255.255.255.0")
    ).Assign(devices)
    server = interfaces.GetAddress(1)
    sink = ns.PacketSinkHelper(
        "ns3::TcpSocketFactory", ns.InetSocketAddress(ns.Ipv4Address.GetAny(), 80).ConvertTo()
    )
    sink.Install(nodes.Get(1)).Start(ns.Seconds(0))
    send = ns.BulkSendHelper("ns3::TcpSocketFactory", ns.InetSocketAddress(server, 80).ConvertTo())
    send.SetAttribute("MaxBytes", ns.UintegerValue(2000))
    for i in range(CONNECTIONS):
        send.Install(nodes.Get(0)).Start(ns.Seconds(0.1 + 0.05 * i))

    helper = ns.TcpHostSamplerHelper()
    helper.SetAttribute("Interval", ns.TimeValue(ns.Seconds(INTERVAL)))
    sampler = helper.Install(nodes)
    sampler.SetFile(str(path))
    traced = []

    def on_sample(sample):
        census = sample.census
        traced.append(
            (sample.time.GetSeconds(), census.GetNodeId(), census.GetTimeWait(),
             census.GetTimeWaitTcbs(), census.GetTimeWaitRecords(), census.GetSockets())
        )  # fmt: skip

    callback = cb.TcpHostSampleCallback(on_sample)
    sampler.TraceConnectWithoutContext("Sample", callback)
    end = {}

    def at_end():
        end["census"] = ns.TcpHostCensus.Take(nodes.Get(0))
        end["time_wait"] = end["census"].GetTimeWait()

    event = cb.Event(at_end)
    ns.Simulator.Schedule(ns.Seconds(STOP - 0.1), event)
    ns.Simulator.Stop(ns.Seconds(STOP))
    ns.Simulator.Run()
    ns.Simulator.Destroy()  # frees the sampler, which closes its file
    return traced, end


@pytest.mark.parametrize("profile, in_tcbs", [("SunOS-4.1.3-SS20-71", True), ("Linux-6", False)])
def test_sampler_csv_from_python(ns, cb, tmp_path, profile, in_tcbs):
    path = tmp_path / "samples.csv"
    traced, end = run(ns, cb, profile, path)
    rows = pandas.read_csv(path)
    assert list(rows.columns) == COLUMNS
    # One row per node per instant, at k * INTERVAL, the nodes in order.
    instants = [INTERVAL * k for k in range(1, int(STOP / INTERVAL))]
    assert list(rows["time_s"]) == pytest.approx([t for t in instants for _ in (0, 1)])
    assert list(rows["node"]) == [0, 1] * len(instants)
    # The file says what the trace said.
    assert [tuple(r) for r in rows[["time_s", "node", "time_wait", "time_wait_tcbs",
                                    "time_wait_records", "sockets"]].itertuples(index=False)] == [
        pytest.approx(t) for t in traced
    ]  # fmt: skip
    # The client keeps every TIME_WAIT at the end, where its profile keeps it.
    client = rows[rows["node"] == 0].iloc[-1]
    assert client["time_wait"] == CONNECTIONS == end["time_wait"]
    assert client["time_wait_tcbs"] == (CONNECTIONS if in_tcbs else 0)
    assert client["time_wait_records"] == (0 if in_tcbs else CONNECTIONS)
    assert rows[rows["node"] == 1]["listeners"].eq(1).all(), "the PacketSink listens"
    # Both hosts have the host model: no empty field.
    assert not rows.isna().any().any()


def test_sampler_refuses_an_unwritable_file(ns):
    sampler = ns.TcpHostSamplerHelper().GetSampler()
    with pytest.raises(Exception, match="TcpHostSampler: cannot write '/nonexistent-dir/s.csv'"):
        sampler.SetFile("/nonexistent-dir/s.csv")
    with pytest.raises(Exception, match="not a valid value for Interval"):
        ns.TcpHostSamplerHelper().SetAttribute("Interval", ns.TimeValue(ns.Seconds(0)))
    ns.Simulator.Destroy()


def test_missing_objects_give_empty_fields(ns, tmp_path):
    """A node without TCP: zeros where nothing is held, empty fields where
    nothing could be measured (no host model, socket memory or CPU)."""
    path = tmp_path / "bare.csv"
    node = ns.NodeContainer(1)
    helper = ns.TcpHostSamplerHelper()
    helper.SetAttribute("Interval", ns.TimeValue(ns.MilliSeconds(100)))
    helper.Install(node).SetFile(str(path))
    ns.Simulator.Stop(ns.Seconds(0.35))
    ns.Simulator.Run()
    ns.Simulator.Destroy()
    rows = pandas.read_csv(path)
    assert list(rows["time_s"]) == pytest.approx([0.1, 0.2, 0.3])
    for column in ("time_wait_tcbs", "tcbs", "memory_bytes", "cpu_busy"):
        assert rows[column].isna().all(), column
    for column in ("time_wait", "time_wait_records", "listeners", "syn_queue", "accept_queue",
                   "sockets"):  # fmt: skip
        assert (rows[column] == 0).all(), column
