#!/usr/bin/env python3
"""Where does TIME_WAIT end up? (Python version of tw-avoid-swap-close-example.cc)

A client fetches a 10 kB response from a server over one TCP connection; the
server closes first, as an HTTP/1.0 server does. With the standard close the
server, the active closer, keeps the TIME_WAIT state for 2*MSL. With the swap
close of the TIME_WAIT draft, the client (the passive closer) answers the final
ACK with an RST and keeps TIME_WAIT itself; the server, following the BSD
policy, frees its TCB when the RST arrives.

    .venv/bin/python contrib/tw-avoid/examples/tw-avoid-swap-close.py             # both close policies
    .venv/bin/python contrib/tw-avoid/examples/tw-avoid-swap-close.py --close-policy TcpClosePolicy --msl 1
    .venv/bin/python contrib/tw-avoid/examples/tw-avoid-swap-close.py --rst-policy Ignore   # RFC 1337 server

Run ./ns3 build first: the example loads the suite's library from build/.
"""

import argparse
import sys

# Loads ns-3 (from the ns3 wheel) plus this suite's modules; the virtual
# environment of ./ns3 configure finds it from any directory.
import ns3_contrib_suite as suite

RESPONSE_BYTES = 10000


def run(ns, cb, close_policy, rst_policy, msl, verbose):
    """Run the exchange once; return (client, server) TIME_WAIT TCB counts 1 s after the start."""
    nodes = ns.NodeContainer(2)  # 0 client, 1 server
    client_node, server_node = nodes.Get(0), nodes.Get(1)
    link = ns.PointToPointHelper()
    link.SetDeviceAttribute("DataRate", ns.StringValue("100Mbps"))
    link.SetChannelAttribute("Delay", ns.StringValue("1ms"))
    devices = link.Install(nodes)

    # TcpHostHelper installs the internet stack, a socket factory that makes
    # TcpHostSocket sockets (ns.TcpHostSocketFactory), and a TcpHostModel
    # that counts the node's TCBs. The client's close policy decides where
    # TIME_WAIT goes when the server closes first: TcpSwapClose keeps it at
    # the client. (TwAvoidHelper's roles set the same: CLIENT nodes swap.)
    for node, policy in ((client_node, close_policy), (server_node, "TcpClosePolicy")):
        host = ns.TcpHostHelper()
        host.SetSocketAttribute("MaxSegLifetime", ns.DoubleValue(msl))
        host.SetSocketAttribute("TimeWaitRstPolicy", ns.StringValue(rst_policy))
        host.SetSocketAttribute("ClosePolicy", ns.StringValue("ns3::" + policy))
        host.Install(node)
    addresses = ns.Ipv4AddressHelper(ns.Ipv4Address("10.0.0.0"), ns.Ipv4Mask("255.255.255.0"))
    interfaces = addresses.Assign(devices)

    def now():
        return "%8.3f ms" % (ns.Simulator.Now().GetSeconds() * 1e3)

    def state_printer(side):
        def on_state(old, new):
            if verbose:
                print(now(), " %s: %s -> %s" % (side, ns.TcpSocket.TcpStateName[old],
                                               ns.TcpSocket.TcpStateName[new]))

        def on_swap(old, new):
            if verbose:
                print(now(), " %s: (%s)" % (side, ns.TcpCloseMachine.PhaseName(new)))

        return on_state, on_swap

    server_state, server_swap = state_printer("server")
    client_state, client_swap = state_printer("client")
    sent = [0]

    # Server: send the response as the send buffer allows, then close.
    def server_send(socket, available):
        while sent[0] < RESPONSE_BYTES and socket.GetTxAvailable() > 0:
            size = min(RESPONSE_BYTES - sent[0], socket.GetTxAvailable())
            sent[0] += socket.Send(ns.Packet(size), 0)
        if sent[0] == RESPONSE_BYTES:
            sent[0] += 1  # close once
            socket.Close()

    def server_accept(socket, address):
        socket.TraceConnectWithoutContext("State", cb.TcpStateCallback(server_state))
        socket.TraceConnectWithoutContext("ClosePhase", cb.ClosePhaseCallback(server_swap))
        socket.SetSendCallback(cb.SendCallback(server_send))
        server_send(socket, 0)

    listener = ns.Socket.CreateSocket(server_node, ns.TcpHostSocketFactory.GetTypeId())
    listener.Bind(ns.InetSocketAddress(ns.Ipv4Address.GetAny(), 80).ConvertTo())
    listener.Listen()
    listener.SetAcceptCallback(cb.AcceptAll(), cb.AcceptCallback(server_accept))

    # Client: drain what arrives; when the server's FIN arrives, close too
    # (Close() follows the socket's close policy: TcpSwapClose is the draft's close_swap).
    def client_read(socket):
        while socket.Recv(0xFFFFFFFF, 0):
            pass

    def client_peer_closed(socket):
        socket.Close()

    client = ns.Socket.CreateSocket(client_node, ns.TcpHostSocketFactory.GetTypeId())
    client.TraceConnectWithoutContext("State", cb.TcpStateCallback(client_state))
    client.TraceConnectWithoutContext("ClosePhase", cb.ClosePhaseCallback(client_swap))
    client.SetRecvCallback(cb.SocketCallback(client_read))
    client.SetCloseCallbacks(cb.SocketCallback(client_peer_closed), cb.NullSocketCallback())

    def connect():  # sockets send only once the simulation runs
        client.Connect(ns.InetSocketAddress(interfaces.GetAddress(1), 80).ConvertTo())

    counts = {}

    def report():
        for side, node in (("client", client_node), ("server", server_node)):
            counts[side] = node.GetObject[ns.TcpHostModel]().GetTcbCount(ns.TcpSocket.TIME_WAIT)

    ns.Simulator.Schedule(ns.Seconds(0), cb.Event(connect))
    ns.Simulator.Schedule(ns.Seconds(1), cb.Event(report))
    ns.Simulator.Stop(ns.Seconds(2 * msl + 2))
    ns.Simulator.Run()
    ns.Simulator.Destroy()
    return counts["client"], counts["server"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--close-policy", choices=["TcpClosePolicy", "TcpSwapClose"],
                        help="the client's close policy (default: run both)")
    parser.add_argument("--rst-policy", choices=["Accept", "Ignore"], default="Accept",
                        help="what a socket in TIME_WAIT does with an RST (default Accept, BSD)")
    parser.add_argument("--msl", type=float, default=30,
                        help="maximum segment lifetime, s (default 30, BSD; must exceed 0.5)")
    parser.add_argument("-q", "--quiet", action="store_true", help="do not print state changes")
    args = parser.parse_args()
    if args.msl <= 0.5:
        parser.error("--msl must exceed 0.5 s (TIME_WAIT is counted 1 s after the start)")

    try:
        ns = suite.load()
    except suite.BuildMissingError as error:
        sys.exit(str(error))
    cb = suite.callbacks()

    results = {}
    for mode in [args.close_policy] if args.close_policy else ["TcpClosePolicy", "TcpSwapClose"]:
        if not args.quiet:
            print("--- client ClosePolicy=%s, server TimeWaitRstPolicy=%s, MSL=%g s"
                  % (mode, args.rst_policy, args.msl))
        results[mode] = run(ns, cb, mode, args.rst_policy, args.msl, not args.quiet)
        client, server = results[mode]
        print("%-14s  TIME_WAIT TCBs 1 s after the start: client %d, server %d"
              % (mode, client, server))
    return 0


if __name__ == "__main__":
    sys.exit(main())
