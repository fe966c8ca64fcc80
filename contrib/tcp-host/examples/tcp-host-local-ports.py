#!/usr/bin/env python3
"""connect()'s local port as Linux chooses it, from Python (the twin of
contrib/tcp-host/examples/tcp-host-local-ports-example.cc).

A client opens --rate connections a second to one server address and port;
each sends 100 bytes and closes first, so the client keeps its TIME_WAIT (60 s
on the Linux-6 profile) and the port with it. With the client's
ip_local_port_range --low to --high full of TIME_WAITs, connect() fails
(EADDRNOTAVAIL), unless --tw-reuse On (tcp_tw_reuse=1) takes over a TIME_WAIT
older than 1 s. Every second: connect() calls, failures, and the client's
LocalPortAllocator counters (ports chosen, TIME_WAITs taken over).

    .venv/bin/python contrib/tcp-host/examples/tcp-host-local-ports.py
    .venv/bin/python contrib/tcp-host/examples/tcp-host-local-ports.py --tw-reuse On

Run ./ns3 build first: the example loads the suite's library from build/.
"""

import argparse
import sys

import ns3_contrib_suite as suite


def run(ns, cb, low, high, tw_reuse, rate, duration, quiet):
    """Run once; return (connect() calls, failures, ports chosen, TIME_WAITs taken over)."""
    nodes = ns.NodeContainer(2)  # 0 client, 1 server
    client_node, server_node = nodes.Get(0), nodes.Get(1)
    host = ns.TcpHostHelper()
    host.SetProfile("Linux-6")  # timestamps (tcp_tw_reuse needs them), 60-s TIME_WAIT
    host.Install(server_node)
    host.SetLocalPortAttribute("LowPort", ns.UintegerValue(low))
    host.SetLocalPortAttribute("HighPort", ns.UintegerValue(high))
    host.SetLocalPortAttribute("TwReuse", ns.StringValue(tw_reuse))
    host.Install(client_node)
    link = ns.PointToPointHelper()
    link.SetDeviceAttribute("DataRate", ns.StringValue("1Gbps"))
    link.SetChannelAttribute("Delay", ns.StringValue("1ms"))
    addresses = ns.Ipv4AddressHelper(ns.Ipv4Address("10.0.0.0"), ns.Ipv4Mask("255.255.255.0"))
    server = addresses.Assign(link.Install(nodes)).GetAddress(1)

    # The server reads and closes after the client.
    def server_read(socket):
        while socket.Recv(0xFFFFFFFF, 0):
            pass

    def server_peer_closed(socket):
        socket.Close()

    def server_accept(socket, address):
        socket.SetRecvCallback(cb.SocketCallback(server_read))
        socket.SetCloseCallbacks(cb.SocketCallback(server_peer_closed), cb.NullSocketCallback())

    listener = ns.Socket.CreateSocket(server_node, ns.TcpHostSocketFactory.GetTypeId())
    listener.Bind(ns.InetSocketAddress(ns.Ipv4Address.GetAny(), 80).ConvertTo())
    listener.Listen()
    listener.SetAcceptCallback(cb.AcceptAll(), cb.AcceptCallback(server_accept))

    # The client: a connection every 1/rate s, which sends 100 bytes and closes.
    def connected(socket):
        socket.Send(ns.Packet(100), 0)
        socket.Close()

    calls, failed, sockets = [0], [0], []

    def open_one():
        s = ns.Socket.CreateSocket(client_node, ns.TcpHostSocketFactory.GetTypeId())
        s.SetConnectCallback(cb.SocketCallback(connected), cb.NullSocketCallback())
        calls[0] += 1
        if s.Connect(ns.InetSocketAddress(server, 80).ConvertTo()) == -1:
            failed[0] += 1  # ERROR_ADDRNOTAVAIL: no local port left
            s.Close()
        else:
            sockets.append(s)  # kept referenced from Python until the end
        ns.Simulator.Schedule(ns.Seconds(1 / rate), cb.Event(open_one))

    ports = client_node.GetObject[ns.LocalPortAllocator]()

    def report():
        if not quiet:
            print("%4.0f s  connect() %6d  failed %6d  ports chosen %6d  TIME_WAIT taken over %6d"
                  % (ns.Simulator.Now().GetSeconds(), calls[0], failed[0], ports.GetChosen(),
                     ports.GetTimeWaitReused()))
        ns.Simulator.Schedule(ns.Seconds(1), cb.Event(report))

    ns.Simulator.Schedule(ns.Seconds(0), cb.Event(open_one))
    ns.Simulator.Schedule(ns.Seconds(0), cb.Event(report))
    ns.Simulator.Stop(ns.Seconds(duration))
    ns.Simulator.Run()
    result = (calls[0], failed[0], ports.GetChosen(), ports.GetTimeWaitReused())
    ns.Simulator.Destroy()
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--low", type=int, default=40000, help="first port of the range (default 40000)")
    parser.add_argument("--high", type=int, default=40099, help="last port of the range (default 40099)")
    parser.add_argument("--tw-reuse", choices=["Off", "On", "LoopbackOnly"], default="Off",
                        help="the client's tcp_tw_reuse (default Off)")
    parser.add_argument("--rate", type=float, default=50, help="connections a second (default 50)")
    parser.add_argument("--duration", type=float, default=10, help="simulated seconds (default 10)")
    parser.add_argument("-q", "--quiet", action="store_true", help="print only the totals")
    args = parser.parse_args()
    if not 1 <= args.low <= args.high <= 65535:
        parser.error("--low and --high must be ports with low <= high")
    if not 0.1 <= args.rate <= 10000 or not 1 <= args.duration <= 600:
        parser.error("--rate must be in [0.1, 10000] and --duration in [1, 600]")
    try:
        ns = suite.load()
    except suite.BuildMissingError as error:
        sys.exit(str(error))
    calls, failed, chosen, reused = run(ns, suite.callbacks(), args.low, args.high, args.tw_reuse,
                                        args.rate, args.duration, args.quiet)
    print(f"{calls} connect() calls, range {args.low}-{args.high}, tcp_tw_reuse {args.tw_reuse}:"
          f" {chosen} got a port, {failed} failed, {reused} took a TIME_WAIT over")


if __name__ == "__main__":
    main()
