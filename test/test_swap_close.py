"""The swap close of contrib/tw-avoid, driven from Python through ns-3's cppyy bindings.

A client fetches a response from a server over one TCP connection; the server
closes first (active close), the client closes when the server's FIN arrives.
With the client's swap close, TIME_WAIT ends up at the client; with a standard
close, at the server.
"""

import pytest
import ns3_contrib_suite as suite

RESPONSE_BYTES = 5000
MSL = 1.0  # s: TIME_WAIT lasts 2 s
REPORT_AT = 0.5  # s: well after the close (about 10 ms), well before 2*MSL
AFTER_TIME_WAIT = REPORT_AT + 2 * MSL + 0.5


def run_exchange(ns, cb, client_role=None, client_close_policy=None):
    """Run one request/response exchange between two nodes on a point-to-point link.

    @param client_role TwAvoidHelper role of the client node (default CLIENT)
    @param client_close_policy close policy TypeId name for the client node (default: the role's)
    @return dict of what happened (byte counts, TIME_WAIT counts at REPORT_AT and later, ...)
    """
    out = {"sent": 0, "received": 0, "server_types": []}
    keep = []  # Python functions handed to C++: keep them alive during the run

    nodes = ns.NodeContainer(2)  # 0 client, 1 server
    client_node, server_node = nodes.Get(0), nodes.Get(1)
    link = ns.PointToPointHelper()
    link.SetDeviceAttribute("DataRate", ns.StringValue("100Mbps"))
    link.SetChannelAttribute("Delay", ns.StringValue("1ms"))
    devices = link.Install(nodes)

    if client_close_policy is None:
        tw = ns.TwAvoidHelper()
        tw.SetRole(ns.TwAvoidHelper.CLIENT if client_role is None else client_role)
    else:
        tw = ns.TcpHostHelper()
        tw.SetSocketAttribute("ClosePolicy", ns.StringValue(client_close_policy))
    tw.SetSocketAttribute("MaxSegLifetime", ns.DoubleValue(MSL))
    tw.Install(client_node)
    tw = ns.TwAvoidHelper()
    tw.SetSocketAttribute("MaxSegLifetime", ns.DoubleValue(MSL))
    tw.SetRole(ns.TwAvoidHelper.SERVER)
    tw.Install(server_node)
    addresses = ns.Ipv4AddressHelper(ns.Ipv4Address("10.0.0.0"), ns.Ipv4Mask("255.255.255.0"))
    interfaces = addresses.Assign(devices)

    # Server: send the response as the send buffer allows, then close (active close).
    def server_send(socket, available):
        while out["sent"] < RESPONSE_BYTES and socket.GetTxAvailable() > 0:
            size = min(RESPONSE_BYTES - out["sent"], socket.GetTxAvailable())
            out["sent"] += socket.Send(ns.Packet(size), 0)
        if out["sent"] == RESPONSE_BYTES and not out.get("server_closed"):
            out["server_closed"] = ns.Simulator.Now().GetSeconds()
            socket.Close()

    def server_accept(socket, address):
        # (the socket argument is only valid during the call: do not keep it)
        out["server_types"].append(socket.GetInstanceTypeId().GetName())
        socket.SetSendCallback(cb.SendCallback(server_send))
        server_send(socket, 0)

    listener = ns.Socket.CreateSocket(server_node, ns.TcpHostSocketFactory.GetTypeId())
    listener.Bind(ns.InetSocketAddress(ns.Ipv4Address.GetAny(), 80).ConvertTo())
    listener.Listen()
    listener.SetAcceptCallback(cb.AcceptAll(), cb.AcceptCallback(server_accept))

    # Client: read everything; close when the server's FIN arrives (passive close).
    def client_read(socket):
        while True:
            packet = socket.Recv(0xFFFFFFFF, 0)
            if not packet or packet.GetSize() == 0:
                break
            out["received"] += packet.GetSize()

    def client_peer_closed(socket):
        out["client_closed"] = ns.Simulator.Now().GetSeconds()
        socket.Close()  # follows the socket's close policy

    client = ns.Socket.CreateSocket(client_node, ns.TcpHostSocketFactory.GetTypeId())
    client.SetRecvCallback(cb.SocketCallback(client_read))
    client.SetCloseCallbacks(cb.SocketCallback(client_peer_closed), cb.NullSocketCallback())

    def connect():
        client.Connect(ns.InetSocketAddress(interfaces.GetAddress(1), 80).ConvertTo())

    client_hosts = client_node.GetObject[ns.TcpHostModel]()
    server_hosts = server_node.GetObject[ns.TcpHostModel]()
    assert client_hosts and server_hosts, "TwAvoidHelper installs a TcpHostModel on each node"

    def report(key):
        def f():
            out[key] = {
                "client_time_wait": client_hosts.GetTcbCount(ns.TcpSocket.TIME_WAIT),
                "server_time_wait": server_hosts.GetTcbCount(ns.TcpSocket.TIME_WAIT),
                "client_tcbs": client_hosts.GetTcbCount(),
                "server_tcbs": server_hosts.GetTcbCount(),  # the listener is one
            }

        keep.append(f)
        return cb.Event(f)

    keep += [server_send, server_accept, client_read, client_peer_closed, connect]
    # Sockets send only once the simulation runs (nodes initialise then).
    ns.Simulator.Schedule(ns.Seconds(0), cb.Event(connect))
    ns.Simulator.Schedule(ns.Seconds(REPORT_AT), report("at_report"))
    ns.Simulator.Schedule(ns.Seconds(AFTER_TIME_WAIT), report("after_time_wait"))
    ns.Simulator.Stop(ns.Seconds(AFTER_TIME_WAIT + 0.1))
    ns.Simulator.Run()

    out["client_type"] = client.GetInstanceTypeId().GetName()
    swap_client = ns.DynamicCast[ns.TcpHostSocket](client)
    out["client_is_swap_close_socket"] = bool(swap_client)
    out["client_swap_state"] = swap_client.GetClosePhase() if swap_client else None
    ns.Simulator.Destroy()
    return out


def test_swap_close_leaves_time_wait_at_client(ns, cb):
    out = run_exchange(ns, cb)
    assert out["sent"] == RESPONSE_BYTES
    assert out["received"] == RESPONSE_BYTES, "every byte arrives"
    assert out["server_closed"] < out["client_closed"] < REPORT_AT, "the server closes first"
    assert out["at_report"]["client_time_wait"] == 1
    assert out["at_report"]["server_time_wait"] == 0
    assert out["at_report"]["server_tcbs"] == 1, "only the listener is left at the server"
    assert out["client_swap_state"] == ns.TcpHostSocket.PASSIVE_RST_TIME_WAIT


@pytest.mark.parametrize(
    "how", ["close-policy", "server-role"], ids=["ClosePolicy=standard", "role=SERVER"]
)
def test_standard_close_leaves_time_wait_at_server(ns, cb, how):
    if how == "close-policy":
        out = run_exchange(ns, cb, client_close_policy="ns3::TcpClosePolicy")
    else:
        out = run_exchange(ns, cb, client_role=ns.TwAvoidHelper.SERVER)
    assert out["received"] == RESPONSE_BYTES, "every byte arrives"
    assert out["at_report"]["client_time_wait"] == 0
    assert out["at_report"]["client_tcbs"] == 0, "the client's TCB is gone"
    assert out["at_report"]["server_time_wait"] == 1
    assert out["client_swap_state"] == ns.TcpHostSocket.PHASE_NONE


def test_sockets_are_swap_close_sockets(ns, cb):
    out = run_exchange(ns, cb)
    assert out["client_type"] == "ns3::TcpHostSocket"
    assert out["client_is_swap_close_socket"]
    assert out["server_types"] == ["ns3::TcpHostSocket"], "accepted sockets keep the class"


@pytest.mark.parametrize("close_policy", ["ns3::TcpSwapClose", "ns3::TcpClosePolicy"])
def test_time_wait_ends_after_two_msl(ns, cb, close_policy):
    out = run_exchange(ns, cb, client_close_policy=close_policy)
    at_report, after = out["at_report"], out["after_time_wait"]
    assert at_report["client_time_wait"] + at_report["server_time_wait"] == 1
    assert after["client_time_wait"] == 0 and after["server_time_wait"] == 0
    assert after["client_tcbs"] == 0


@pytest.mark.parametrize("swap", [False, True], ids=["unmodified", "swap"])
def test_table1_experiment_time_wait_placement(ns, swap):
    config = ns.TwAvoidTable1Config()
    config.timeWaitTcbs = 100
    config.swapClose = swap
    config.transferTime = ns.Seconds(0.5)
    result = ns.TwAvoidTable1Experiment(config).Run()
    if swap:
        assert result.serverTimeWait == 0
        assert result.dummyHostTimeWait == 100
    else:
        assert result.serverTimeWait == 100
        assert result.dummyHostTimeWait == 0
    assert result.meanMbps > 0


def test_missing_build_is_reported(tmp_path):
    with pytest.raises(suite.BuildMissingError, match=r"run \./ns3 build first"):
        suite.load(build=tmp_path)


@pytest.mark.parametrize("variant", ["unmodified", "http", "negotiated"])
def test_webstone_experiment_from_python(ns, variant):
    """A short Table 3 run driven from Python: where the server's TIME_WAIT goes."""
    config = ns.TwAvoidWebStoneConfig.Table3()
    config.variant = variant
    config.warmup = ns.Seconds(2)
    config.measure = ns.Seconds(1)
    assert config.Validate() == ""
    result = ns.TwAvoidWebStoneExperiment(config).Run()
    assert result.connectionsPerSecond > 100
    if variant == "unmodified":
        assert result.serverTimeWait > 100, "TIME_WAIT piles up at the server"
    else:
        assert result.serverTimeWait == 0, "the client keeps TIME_WAIT"
        assert result.clientTimeWait > 100
    assert len(result.timeline) == 3


def test_webstone_config_rejects_bad_input(ns):
    config = ns.TwAvoidWebStoneConfig.Table2()
    config.variant = "bogus"
    assert "unknown variant" in config.Validate()
    config = ns.TwAvoidWebStoneConfig.Table2()
    config.testbed.hostModel = False
    assert "needs the host model" in config.Validate()
    config = ns.TwAvoidWebStoneConfig.Table2()
    config.warmup = ns.Seconds(-5)
    assert "must not be negative" in config.Validate()


def test_value_and_event_trace_adapters(ns, cb):
    """Adapters for the suite's value and event traces (issue 40): a Python
    function connected to SocketMemory's BufferMemory sees each change as
    (old, new); the listen queue's and TIME_WAIT table's event traces take
    the adapters of their documented signatures (a wrong type aborts)."""
    seen = []
    keep = []  # the Python functions must outlive the connections

    def on_buffer(old, new):
        seen.append((old, new))

    keep.append(on_buffer)
    memory = ns.CreateObject[ns.SocketMemory]()
    assert memory.TraceConnectWithoutContext("BufferMemory", cb.Uint64ValueCallback(on_buffer))
    memory.TakeBuffer(1000)
    memory.ReleaseBuffer(400)
    assert seen == [(0, 1000), (1000, 600)]

    queue = ns.CreateObject[ns.TcpListenQueue]()
    lengths, events = [], []
    on_length = lambda old, new: lengths.append(new)  # noqa: E731
    on_event = lambda: events.append(1)  # noqa: E731
    keep += [on_length, on_event]
    assert queue.TraceConnectWithoutContext("SynQueue", cb.Uint32ValueCallback(on_length))
    assert queue.TraceConnectWithoutContext("ListenOverflow", cb.VoidCallback(on_event))
    table = ns.CreateObject[ns.TimeWaitTable]()
    on_overflow = lambda key: events.append(key.localPort)  # noqa: E731
    keep.append(on_overflow)
    assert table.TraceConnectWithoutContext("Overflow", cb.TcbKeyCallback(on_overflow))
