/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// What a host pays for its TCBs: the host model, Table 1 of the TIME_WAIT
// draft in small.
//
// A client host sends one long transfer to a server host (ns-3's BulkSend
// to a PacketSink) and, beside it, opens --rate short connections a second
// that each send 2000 bytes and close first, so the client keeps each
// one's TIME_WAIT for 2*MSL (--msl). Both hosts run the suite's TCP under a
// host profile (TcpHostProfile): CPU costs per segment and per TCB visited
// while demultiplexing, the TCB lookup discipline.
//
//   ./ns3 run tcp-host-model-example                                 (no costs)
//   ./ns3 run 'tcp-host-model-example --profile=SunOS-4.1.3-SS20-71'  (the draft's server)
//   ./ns3 run 'tcp-host-model-example --profile=SunOS-4.1.3-SS20-71 --lookup=Hashed'
//   ./ns3 run 'tcp-host-model-example --profile=Linux-6'  (compact TIME_WAIT)
//
// Every second it prints the client's TCBs and those in TIME_WAIT (the host
// model's TcbCount and TimeWaitCount traces), the mean TCBs visited per
// arriving segment (DemuxCost), the client's kernel CPU time (HostCpu) and
// the long transfer's throughput. The long transfer's TCB is the oldest: on
// the SunOS profile's list, where new TCBs go to the head, each of its ACKs
// walks past every TIME_WAIT TCB in front of it, and the client's kernel
// time grows with them; with --lookup=Hashed a segment visits a few. Under
// Linux-6 the client keeps TIME_WAIT as Linux does, in small records of a
// TimeWaitTable (60 s, whatever --msl): the TIME_WAIT column counts those
// records, and the TCB list holds only live connections.

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/experiment-io-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/tcp-host-module.h"

#include <algorithm>
#include <iomanip>
#include <iostream>

using namespace ns3;

namespace
{

/// What the client host's model reports, gathered from its trace sources.
struct ClientView
{
    uint32_t tcbs{0};              //!< TcbCount
    uint32_t timeWait{0};          //!< TimeWaitCount
    uint64_t segments{0};          //!< Segments demultiplexed this second
    uint64_t visited{0};           //!< TCBs visited for them
    Ptr<HostCpu> cpu;              //!< The client's CPU
    uint64_t bulkBytes{0};         //!< Bytes of the long transfer received this second
    Time kernelBefore{Seconds(0)}; //!< Its kernel time at the last print

    void Tcbs(uint32_t, uint32_t n)
    {
        tcbs = n;
    }

    void TimeWait(uint32_t, uint32_t n)
    {
        timeWait = n;
    }

    void Demux(uint32_t tcbsVisited, Time)
    {
        ++segments;
        visited += tcbsVisited;
    }

    void Received(Ptr<const Packet> packet, const Address&)
    {
        bulkBytes += packet->GetSize();
    }

    void Print()
    {
        Time kernel = cpu->GetBusyTime(HostCpu::KERNEL);
        std::cout << std::setw(4) << Simulator::Now().GetSeconds() << " s  " << std::setw(6) << tcbs
                  << std::setw(10) << timeWait << std::setw(12)
                  << (kernel - kernelBefore).GetMilliSeconds() << std::setw(12)
                  << (segments ? double(visited) / segments : 0.0) << std::setw(10)
                  << bulkBytes * 8 / 1e6 << std::endl;
        kernelBefore = kernel;
        segments = 0;
        visited = 0;
        bulkBytes = 0;
        Simulator::Schedule(Seconds(1), &ClientView::Print, this);
    }
};

} // namespace

/// The program itself; main() turns a refused setting into exit 1.
static int
Run(ProgramInput& input)
{
    std::string profile = "Neutral";
    std::string lookup;
    double rate = 100;
    double duration = 20;
    double msl = 30;
    input.Choice("profile",
                 "host profile of both hosts (TcpHostProfile::List)",
                 profile,
                 TcpHostProfile::List());
    input.Choice("lookup",
                 "override the profile's LookupDiscipline (empty: the profile's)",
                 lookup,
                 {"", "LinearHeadInsert", "Hashed", "TimeWaitAtTail"});
    input.Add("rate", "connections per second (1-2000)", rate);
    input.Add("duration", "seconds connections are opened (1-600)", duration);
    input.Add("msl", "maximum segment lifetime, s (TIME_WAIT lasts twice that)", msl);
    if (!input.Parse())
    {
        return 1;
    }
    if (!(rate >= 1 && rate <= 2000) || !(duration >= 1 && duration <= 600) ||
        !(msl > 0 && msl <= 600))
    {
        input.Fail("--rate must be in [1, 2000], --duration in [1, 600], --msl in (0, 600]");
        return 1;
    }

    NodeContainer nodes(2); // 0 client, 1 server
    TcpHostHelper host;
    host.SetProfile(profile);
    host.SetSocketAttribute("MaxSegLifetime", DoubleValue(msl));
    if (!lookup.empty())
    {
        host.SetHostModelAttribute("LookupDiscipline", StringValue(lookup));
    }
    host.Install(nodes);
    PointToPointHelper lan;
    lan.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
    lan.SetChannelAttribute("Delay", StringValue("100us"));
    NetDeviceContainer devices = lan.Install(nodes);
    Ipv4Address server =
        Ipv4AddressHelper("10.0.0.0", "255.255.255.0").Assign(devices).GetAddress(1);

    // The long transfer, on port 9, from 0.5 s to the end.
    PacketSinkHelper bulkSink("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), 9));
    Ptr<Application> bulkReceiver = bulkSink.Install(nodes.Get(1)).Get(0);
    BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(server, 9));
    bulk.Install(nodes.Get(0)).Start(Seconds(0.5));
    // The short connections, on port 80, from 1 s.
    PacketSinkHelper sink("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), 80));
    sink.Install(nodes.Get(1));
    BulkSendHelper send("ns3::TcpSocketFactory", InetSocketAddress(server, 80));
    send.SetAttribute("MaxBytes", UintegerValue(2000));
    auto connections = uint32_t(rate * duration);
    for (uint32_t i = 0; i < connections; ++i)
    {
        ApplicationContainer app = send.Install(nodes.Get(0));
        app.Start(Seconds(1 + i / rate));
    }

    // The host model's trace sources (TcpHostModel), on the client's node.
    ClientView view;
    Ptr<TcpHostModel> model = nodes.Get(0)->GetObject<TcpHostModel>();
    view.cpu = nodes.Get(0)->GetObject<HostCpu>();
    model->TraceConnectWithoutContext("TcbCount", MakeCallback(&ClientView::Tcbs, &view));
    Time timeWait = Seconds(2 * msl);
    if (Ptr<TimeWaitTable> table = nodes.Get(0)->GetObject<TimeWaitTable>())
    {
        // Compact TIME_WAIT: the sockets have left it to the table's records.
        table->TraceConnectWithoutContext("Count", MakeCallback(&ClientView::TimeWait, &view));
        TimeValue duration;
        table->GetAttribute("Duration", duration);
        timeWait = duration.Get();
    }
    else
    {
        model->TraceConnectWithoutContext("TimeWaitCount",
                                          MakeCallback(&ClientView::TimeWait, &view));
    }
    model->TraceConnectWithoutContext("DemuxCost", MakeCallback(&ClientView::Demux, &view));
    bulkReceiver->TraceConnectWithoutContext("Rx", MakeCallback(&ClientView::Received, &view));
    std::cout << "profile " << profile << ", " << rate << " connections/s, TIME_WAIT "
              << timeWait.GetSeconds() << " s\n"
              << "time      TCBs TIME_WAIT   kernel ms TCBs/segment  long Mb/s" << std::endl;
    Simulator::Schedule(Seconds(1), &ClientView::Print, &view);
    Simulator::Stop(Seconds(duration + 3));
    Simulator::Run();
    Simulator::Destroy();
    return 0;
}

int
main(int argc, char* argv[])
{
    ProgramInput input("tcp-host-model-example", argc, argv);
    return input.Run(&Run);
}
