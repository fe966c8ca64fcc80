/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Whose delayed ACK? The same 13 KB transfer, a receiver of your choice.
//
// A sender with an initial window of one segment sends 13549 bytes to a
// receiver over a 100 Mb/s LAN, with ns-3's own BulkSend and PacketSink
// applications on the suite's socket. The receiver's delayed-ACK policy is
// an attribute of its sockets; the BSD and Solaris policies send deferred
// ACKs on the receiving host's 200 ms clock, whose phase is set here.
//
//   ./ns3 run iw-delack-policies-example                       (ns-3's own rule)
//   ./ns3 run 'iw-delack-policies-example --policy=ns3::TcpBsdDelayedAck'
//   ./ns3 run 'iw-delack-policies-example --policy=ns3::TcpSolarisDelayedAck --tick=0.15'
//   ./ns3 run 'iw-delack-policies-example --policy=ns3::TcpLinuxDelayedAck'
//
// It prints the exchange as tcpdump at the sender saw it; ACKs that waited
// for a timer are marked.

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/experiment-io-module.h"
#include "ns3/internet-module.h"
#include "ns3/iw-delack-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/tcp-host-module.h"
#include "ns3/type-id-check.h"

#include <iostream>

using namespace ns3;

/// The program itself; main() turns a refused setting into exit 1.
static int
Run(ProgramInput& input)
{
    std::string policy = "ns3::TcpDelayedAckPolicy";
    double tick = 0.05;
    uint32_t initialWindow = 1;
    input.Add("policy", "the receiver's TcpDelayedAckPolicy type", policy);
    input.Add("tick", "the receiver's first delayed-ACK tick, s", tick);
    input.Add("iw", "the sender's initial window, segments", initialWindow);
    if (!input.Parse())
    {
        return 1;
    }
    TypeId policyType;
    if (!LookupTypeOf(policy, TcpDelayedAckPolicy::GetTypeId(), &policyType))
    {
        std::cerr << "iw-delack-policies-example: '" << policy << "' is not a TcpDelayedAckPolicy"
                  << std::endl;
        return 1;
    }
    if (!(tick >= 0) || initialWindow < 1)
    {
        std::cerr << "iw-delack-policies-example: --tick must be >= 0, --iw >= 1" << std::endl;
        return 1;
    }

    // Segments of 1460 bytes without timestamps: one per 1500-byte frame.
    NodeContainer nodes(2); // 0 sender, 1 receiver
    TcpHostHelper sender;
    sender.SetSocketAttribute("InitialCwnd", UintegerValue(initialWindow));
    sender.SetSocketAttribute("SegmentSize", UintegerValue(1460));
    sender.SetSocketAttribute("Timestamp", BooleanValue(false));
    sender.Install(nodes.Get(0));
    TcpHostHelper receiver;
    receiver.SetSocketAttribute("DelayedAckPolicy", TypeIdValue(policyType));
    receiver.SetSocketAttribute("SegmentSize", UintegerValue(1460));
    receiver.SetSocketAttribute("Timestamp", BooleanValue(false));
    receiver.Install(nodes.Get(1));
    // The receiving host's clock: one per node, shared by its connections.
    TcpDelayedAckClock::Get(nodes.Get(1))
        ->SetAttribute("BootPhase",
                       PointerValue(CreateObjectWithAttributes<ConstantRandomVariable>(
                           "Constant",
                           DoubleValue(1 + tick))));

    PointToPointHelper lan;
    lan.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
    lan.SetChannelAttribute("Delay", StringValue("10us"));
    NetDeviceContainer link = lan.Install(nodes);
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = addresses.Assign(link);

    const uint16_t port = 80;
    BulkSendHelper bulk("ns3::TcpHostSocketFactory",
                        InetSocketAddress(interfaces.GetAddress(1), port));
    bulk.SetAttribute("MaxBytes", UintegerValue(13549));
    bulk.Install(nodes.Get(0)).Start(Seconds(1));
    PacketSinkHelper sink("ns3::TcpHostSocketFactory",
                          InetSocketAddress(Ipv4Address::GetAny(), port));
    sink.Install(nodes.Get(1));

    // tcpdump at the sender, which opens the connection ("client") to the
    // receiver's port 80 ("server.www").
    Ptr<TcpdumpTrace> dump = CreateObject<TcpdumpTrace>();
    dump->Attach(nodes.Get(0), interfaces.GetAddress(0));
    Simulator::Stop(Seconds(3));
    Simulator::Run();

    const std::vector<TcpdumpLine>& trace = dump->GetLines();
    std::cout << "# receiver's policy " << policy << ", its tick at " << tick * 1000
              << " ms after the start; initial window " << initialWindow << std::endl;
    for (size_t i = 0; i < trace.size(); ++i)
    {
        std::cout << trace[i].Format(i + 1, dump->GetClientPort())
                  << (IsDelayedAck(trace, i) ? "   <- waited for a timer" : "") << std::endl;
    }
    Simulator::Destroy();
    return 0;
}

int
main(int argc, char* argv[])
{
    ProgramInput input("iw-delack-policies-example", argc, argv);
    return input.Run(&Run);
}
