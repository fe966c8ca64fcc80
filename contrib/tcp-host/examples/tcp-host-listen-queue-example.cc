/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Linux's SYN and accept queues (TcpListenQueue) under a burst: --clients
// clients connect within 10 ms to a server whose application accept()s one
// connection every --acceptEvery; each client sends 100 bytes once
// connected. Every 0.5 s the example prints the two queues and the
// listener's counters; at the end, how many clients were taken and when.
//
//   ./ns3 run 'tcp-host-listen-queue-example'
//   ./ns3 run 'tcp-host-listen-queue-example --backlog=8 --abortOnOverflow'
//   ./ns3 run 'tcp-host-listen-queue-example --cookies=Never --backlog=4'
//   ./ns3 run 'tcp-host-listen-queue-example --samples=samples.csv --sampleInterval=100ms'
//
// --samples also writes both hosts' TCP resources over time to a CSV file
// (TcpHostSampler: TIME_WAIT, listeners, SYN and accept queues, sockets,
// socket memory, CPU) every --sampleInterval; what the example prints does
// not change.
//
// Try a backlog below the burst: SYNs past the SYN queue get cookies (or,
// with --cookies=Never, are dropped and resent by the clients after 1 s,
// 3 s ...); handshakes that complete while the accept queue is full are
// dropped, and complete when the application has made room, or, with
// --abortOnOverflow, are reset.

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

/// The server's application: one accept() per interval, reading what it takes.
struct SlowServer
{
    Ptr<TcpListenQueue> queue; //!< The listener's queues
    Time every;                //!< Time between two accept() calls
    uint32_t taken{0};         //!< Connections taken
    Time last;                 //!< When the last was taken
    uint64_t bytes{0};         //!< Bytes read

    /// Take the oldest waiting connection, if any, and come back later.
    void AcceptOne()
    {
        Address from;
        Time waited;
        if (Ptr<Socket> s = queue->Accept(from, waited))
        {
            ++taken;
            last = Simulator::Now();
            s->SetRecvCallback(MakeCallback(&SlowServer::Read, this));
            Read(s);
        }
        Simulator::Schedule(every, &SlowServer::AcceptOne, this);
    }

    /// Read a taken connection.
    void Read(Ptr<Socket> s)
    {
        while (Ptr<Packet> p = s->Recv())
        {
            bytes += p->GetSize();
        }
    }
};

/// The application polls: nothing to do when a connection is ready.
void
Polls()
{
}

/**
 * @brief A client connected: it sends its 100 bytes.
 * @param n connected clients
 * @param socket its socket
 */
void
Connected(uint32_t* n, Ptr<Socket> socket)
{
    ++*n;
    socket->Send(Create<Packet>(100));
}

/**
 * @brief A client's connection closed (none closes: an RST).
 * @param n such clients
 */
void
Closed(uint32_t* n, Ptr<Socket>)
{
    ++*n;
}

/// Print the queues and counters now and every half second.
void
Report(Ptr<TcpListenQueue> queue, const SlowServer* server)
{
    const auto& c = queue->GetCounters();
    std::cout << std::setw(5) << Simulator::Now().GetSeconds() << " s  SYN queue " << std::setw(3)
              << queue->GetSynQueueLength() << "  accept queue " << std::setw(3)
              << queue->GetAcceptQueueLength() << "  taken " << std::setw(3) << server->taken
              << "  overflows " << c.listenOverflows << "  drops " << c.listenDrops << "  cookies "
              << c.cookiesSent << "  resets " << c.embryonicRsts << "\n";
    Simulator::Schedule(Seconds(0.5), &Report, queue, server);
}

} // namespace

/// The program itself; main() turns a refused setting into exit 1.
static int
Run(ProgramInput& input)
{
    uint32_t clients = 40;
    uint32_t backlog = 16;
    Time acceptEvery = MilliSeconds(100);
    std::string cookies = "OnOverflow";
    bool abortOnOverflow = false;
    Time deferAccept(0);
    double duration = 10;
    std::string samples;
    Time sampleInterval = MilliSeconds(500);
    input.Add("clients", "clients in the burst (1-1000)", clients);
    input.Add("backlog", "listen()'s backlog (1-4096)", backlog);
    input.Add("acceptEvery", "time between the application's accept() calls", acceptEvery);
    input.Choice("cookies", "SYN cookies", cookies, {"Never", "OnOverflow", "Always"});
    input.Add("abortOnOverflow", "tcp_abort_on_overflow", abortOnOverflow);
    input.Add("deferAccept", "TCP_DEFER_ACCEPT (s if no unit)", deferAccept);
    input.Add("duration", "simulated seconds (1-600)", duration);
    input.Add("samples",
              "also write both hosts' TCP resources over time to this CSV file",
              samples);
    input.Add("sampleInterval", "with --samples: time between rows (s if no unit)", sampleInterval);
    if (!input.Parse() || !input.Writable("samples", samples))
    {
        return 1;
    }
    if (!sampleInterval.IsStrictlyPositive())
    {
        input.Fail("--sampleInterval must be positive");
        return 1;
    }
    if (clients < 1 || clients > 1000 || backlog < 1 || backlog > 4096 ||
        !acceptEvery.IsStrictlyPositive() || deferAccept.IsStrictlyNegative() ||
        !(duration >= 1 && duration <= 600))
    {
        input.Fail("--clients must be in [1, 1000], --backlog in [1, 4096], --acceptEvery "
                   "positive, --deferAccept at least 0, --duration in [1, 600]");
        return 1;
    }

    NodeContainer nodes(2); // 0 clients, 1 server
    TcpHostHelper host;
    host.SetSocketAttribute("ConnTimeout", TimeValue(Seconds(1))); // Linux's TCP_TIMEOUT_INIT
    host.Install(nodes.Get(0));
    host.SetListenQueueAttribute("Backlog", UintegerValue(backlog));
    host.SetListenQueueAttribute("SynCookies", StringValue(cookies));
    host.SetListenQueueAttribute("AbortOnOverflow", BooleanValue(abortOnOverflow));
    host.SetListenQueueAttribute("DeferAccept", TimeValue(deferAccept));
    host.Install(nodes.Get(1));
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
    p2p.SetChannelAttribute("Delay", StringValue("10ms"));
    Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
    Ipv4Address server = addresses.Assign(p2p.Install(nodes)).GetAddress(1);

    Ptr<Socket> listener = Socket::CreateSocket(nodes.Get(1), TcpHostSocketFactory::GetTypeId());
    listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), 80));
    listener->Listen();
    SlowServer app;
    app.queue = DynamicCast<TcpHostSocket>(listener)->GetListenQueue();
    app.every = acceptEvery;
    // Connections wait in the accept queue until taken (it accept()s on its
    // own clock, so it needs no word when one is ready).
    app.queue->SetAcceptReadyCallback(MakeCallback(&Polls));
    Simulator::Schedule(acceptEvery, &SlowServer::AcceptOne, &app);
    Simulator::ScheduleNow(&Report, app.queue, &app);

    uint32_t connected = 0;
    uint32_t reset = 0;
    std::vector<Ptr<Socket>> sockets;
    for (uint32_t i = 0; i < clients; ++i)
    {
        Ptr<Socket> s = Socket::CreateSocket(nodes.Get(0), TcpHostSocketFactory::GetTypeId());
        s->SetConnectCallback(MakeBoundCallback(&Connected, &connected),
                              MakeNullCallback<void, Ptr<Socket>>());
        s->SetCloseCallbacks(MakeBoundCallback(&Closed, &reset),
                             MakeBoundCallback(&Closed, &reset));
        Simulator::Schedule(MicroSeconds(250 * i),
                            [s, server]() { s->Connect(InetSocketAddress(server, 80)); });
        sockets.push_back(s);
    }

    if (!samples.empty())
    {
        TcpHostSamplerHelper sampling;
        sampling.SetAttribute("Interval", TimeValue(sampleInterval));
        sampling.Install(nodes)->SetFile(samples);
    }

    Simulator::Stop(Seconds(duration));
    Simulator::Run();
    std::cout << clients << " clients: " << connected << " connected, " << reset
              << " reset; the application took " << app.taken << " (the last at "
              << app.last.GetSeconds() << " s) and read " << app.bytes << " bytes\n";
    Simulator::Destroy();
    return 0;
}

int
main(int argc, char* argv[])
{
    ProgramInput input("tcp-host-listen-queue-example", argc, argv);
    return input.Run(&Run);
}
