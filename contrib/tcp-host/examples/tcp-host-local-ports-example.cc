/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// connect()'s local port as Linux chooses it (LocalPortAllocator), and what
// TIME_WAIT does to it. A client opens --rate connections a second to one
// server address and port; each sends 100 bytes and closes first, so the
// client keeps its TIME_WAIT (60 s on the Linux-6 profile both hosts run),
// and the port with it. The client's ip_local_port_range is --low to
// --high: once every port holds a TIME_WAIT, connect() fails with
// EADDRNOTAVAIL, until the first TIME_WAITs end, or, with --twReuse=On
// (tcp_tw_reuse=1), a connect() takes over a TIME_WAIT older than
// --twReuseDelay (tcp_tw_reuse_delay, 1 s). Every second the example
// prints the connect() calls, the ports chosen, the failures, the
// TIME_WAITs taken over and the TIME_WAITs the client holds, counted from
// the allocator's trace sources (Chosen, Exhausted, TimeWaitReused).
//
//   ./ns3 run 'tcp-host-local-ports-example'
//   ./ns3 run 'tcp-host-local-ports-example --twReuse=On'
//   ./ns3 run 'tcp-host-local-ports-example --low=32768 --high=60999 --rate=1000 --duration=40'
//
// The last line is Linux's default range at 1 000 connections a second:
// 28 232 ports last about 28 s.

#include "ns3/core-module.h"
#include "ns3/experiment-io-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/tcp-host-module.h"

#include <iomanip>
#include <iostream>

using namespace ns3;

namespace
{

/// What the client's allocator and application saw.
struct Counts
{
    uint64_t calls{0};     //!< connect() calls
    uint64_t chosen{0};    //!< Ports chosen (Chosen trace)
    uint64_t probes{0};    //!< Ports probed for them
    uint64_t exhausted{0}; //!< connect() without a port (Exhausted trace)
    uint64_t reused{0};    //!< TIME_WAITs taken over (TimeWaitReused trace)
    uint64_t failed{0};    //!< connect() calls that returned -1

    /// A port was chosen after probing some.
    void Chosen(uint16_t, uint32_t probed)
    {
        ++chosen;
        probes += probed;
    }

    /// No port was left for a destination.
    void Exhausted(Ipv4Address, uint16_t)
    {
        ++exhausted;
    }

    /// A TIME_WAIT's 4-tuple was taken over.
    void Reused(const TcbKey&)
    {
        ++reused;
    }
};

/// A connection is up: send the request and close first (TIME_WAIT here).
void
Connected(Ptr<Socket> socket)
{
    socket->Send(Create<Packet>(100));
    socket->Close();
}

/// One connect() to the server; the next after the gap.
void
Open(Ptr<Node> client, InetSocketAddress server, Time gap, Counts* counts)
{
    Ptr<Socket> s = Socket::CreateSocket(client, TcpHostSocketFactory::GetTypeId());
    s->SetConnectCallback(MakeCallback(&Connected), MakeNullCallback<void, Ptr<Socket>>());
    ++counts->calls;
    if (s->Connect(server) == -1)
    {
        ++counts->failed; // ERROR_ADDRNOTAVAIL: no local port left
        s->Close();
    }
    Simulator::Schedule(gap, &Open, client, server, gap, counts);
}

/// The server reads what arrives.
void
Read(Ptr<Socket> socket)
{
    while (socket->Recv())
    {
    }
}

/// The server closes when the client has.
void
PeerClosed(Ptr<Socket> socket)
{
    socket->Close();
}

/// Nothing to do on an error close.
void
Failed(Ptr<Socket>)
{
}

/// The server takes a connection: it reads, and closes after the client.
void
Accepted(Ptr<Socket> socket, const Address&)
{
    socket->SetRecvCallback(MakeCallback(&Read));
    socket->SetCloseCallbacks(MakeCallback(&PeerClosed), MakeCallback(&Failed));
}

/// Print the counts now and every second.
void
Report(Ptr<Node> client, const Counts* c)
{
    std::cout << std::setw(4) << Simulator::Now().GetSeconds() << " s  connect() " << std::setw(6)
              << c->calls << "  ports chosen " << std::setw(6) << c->chosen << "  failed "
              << std::setw(6) << c->failed << "  TIME_WAIT taken over " << std::setw(6) << c->reused
              << "  TIME_WAIT held " << std::setw(6) << TcpHostCensus::Take(client).GetTimeWait()
              << "\n";
    Simulator::Schedule(Seconds(1), &Report, client, c);
}

} // namespace

/// The program itself; main() turns a refused setting into exit 1.
static int
Run(ProgramInput& input)
{
    uint32_t low = 40000;
    uint32_t high = 40099;
    std::string twReuse = "Off";
    Time twReuseDelay = Seconds(1);
    double rate = 50;
    double duration = 10;
    input.Add("low", "the client's ip_local_port_range, first port (1-65535)", low);
    input.Add("high", "its last port (low-65535)", high);
    input.Choice("twReuse",
                 "the client's tcp_tw_reuse (0 Off, 1 On, 2 LoopbackOnly: Linux's default)",
                 twReuse,
                 {"Off", "On", "LoopbackOnly"});
    input.Add("twReuseDelay", "tcp_tw_reuse_delay (s if no unit)", twReuseDelay);
    input.Add("rate", "connections a second (0.1-10000)", rate);
    input.Add("duration", "simulated seconds (1-600)", duration);
    if (!input.Parse())
    {
        return 1;
    }
    if (low < 1 || low > high || high > 65535 || twReuseDelay.IsStrictlyNegative() ||
        !(rate >= 0.1 && rate <= 10000) || !(duration >= 1 && duration <= 600))
    {
        input.Fail("--low and --high must be ports with low <= high, --twReuseDelay at least 0, "
                   "--rate in [0.1, 10000], --duration in [1, 600]");
        return 1;
    }

    NodeContainer nodes(2); // 0 client, 1 server
    TcpHostHelper host;
    host.SetProfile("Linux-6"); // timestamps (tcp_tw_reuse needs them), 60-s TIME_WAIT
    host.Install(nodes.Get(1));
    host.SetLocalPortAttribute("LowPort", UintegerValue(low));
    host.SetLocalPortAttribute("HighPort", UintegerValue(high));
    host.SetLocalPortAttribute("TwReuse", StringValue(twReuse));
    host.SetLocalPortAttribute("TwReuseDelay", TimeValue(twReuseDelay));
    host.Install(nodes.Get(0));
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    p2p.SetChannelAttribute("Delay", StringValue("1ms"));
    Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
    Ipv4Address server = addresses.Assign(p2p.Install(nodes)).GetAddress(1);

    Ptr<Socket> listener = Socket::CreateSocket(nodes.Get(1), TcpHostSocketFactory::GetTypeId());
    listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), 80));
    listener->Listen();
    listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                MakeCallback(&Accepted));

    Counts counts;
    Ptr<LocalPortAllocator> ports = nodes.Get(0)->GetObject<LocalPortAllocator>();
    ports->TraceConnectWithoutContext("Chosen", MakeCallback(&Counts::Chosen, &counts));
    ports->TraceConnectWithoutContext("Exhausted", MakeCallback(&Counts::Exhausted, &counts));
    ports->TraceConnectWithoutContext("TimeWaitReused", MakeCallback(&Counts::Reused, &counts));
    Simulator::ScheduleNow(&Open,
                           nodes.Get(0),
                           InetSocketAddress(server, 80),
                           Seconds(1 / rate),
                           &counts);
    Simulator::ScheduleNow(&Report, nodes.Get(0), &counts);

    Simulator::Stop(Seconds(duration));
    Simulator::Run();
    std::cout << counts.calls << " connect() calls to one address and port, range " << low << "-"
              << high << " (" << high - low + 1 << " ports), tcp_tw_reuse " << twReuse << ": "
              << counts.chosen << " got a port (" << counts.probes << " ports probed), "
              << counts.failed << " failed (" << counts.exhausted << " found none left), "
              << counts.reused << " took a TIME_WAIT over\n";
    Simulator::Destroy();
    return 0;
}

int
main(int argc, char* argv[])
{
    ProgramInput input("tcp-host-local-ports-example", argc, argv);
    return input.Run(&Run);
}
