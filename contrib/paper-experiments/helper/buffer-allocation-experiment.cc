/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "buffer-allocation-experiment.h"

#include "ns3/abort.h"
#include "ns3/bulk-send-application.h"
#include "ns3/bulk-send-helper.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/e2atbt-allocator.h"
#include "ns3/e2atbt-send-buffer.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-route-cache-helper.h"
#include "ns3/linux-rcv-buf-autotuning.h"
#include "ns3/linux-snd-buf-autotuning.h"
#include "ns3/log.h"
#include "ns3/node-container.h"
#include "ns3/packet-loss.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/pftk-throughput.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/pointer.h"
#include "ns3/program-input.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-host-helper.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-socket-extensions.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("BufferAllocationExperiment");

std::string
BufferAllocationConfig::Validate() const
{
    std::ostringstream why;
    if (scheme != "fixed" && scheme != "e2atbt" && scheme != "linux")
    {
        why << "unknown scheme '" << scheme << "' (fixed, e2atbt, linux)";
    }
    else if (receivers == 0)
    {
        why << "receivers must be at least 1";
    }
    else if (fixedBuffer == 0)
    {
        why << "fixedBuffer must be positive";
    }
    else if (scheme == "fixed" && uint64_t(receivers) * fixedBuffer > poolBytes)
    {
        why << "fixed buffers: " << receivers << " x " << fixedBuffer
            << " bytes exceed the pool of " << poolBytes << " (at most " << poolBytes / fixedBuffer
            << " connections)";
    }
    else if (lossRates.empty())
    {
        why << "no loss rate given";
    }
    else if (!(minDelay > 0) || !(maxDelay >= minDelay))
    {
        why << "delays must satisfy 0 < minDelay <= maxDelay";
    }
    else if (!(warmup >= 0) || !(duration > 0) || !(sampleInterval > 0))
    {
        why << "warmup must be >= 0, duration and sampleInterval > 0";
    }
    else if (std::string problem = SimulatedTimeProblem("warmup + duration", warmup + duration);
             !problem.empty())
    {
        why << problem;
    }
    else
    {
        for (double p : lossRates)
        {
            if (!(p >= 0 && p < 1))
            {
                why << "loss rate " << p << " is not in [0, 1)";
                break;
            }
        }
    }
    if (why.str().empty())
    {
        DataRateValue rate;
        if (!rate.DeserializeFromString(linkRate, MakeDataRateChecker()))
        {
            why << "link rate '" << linkRate << "' is not a data rate";
        }
    }
    return why.str();
}

double
JainIndex(const std::vector<double>& values)
{
    double sum = 0;
    double squares = 0;
    for (double x : values)
    {
        sum += x;
        squares += x * x;
    }
    NS_ABORT_MSG_IF(values.empty() || squares == 0, "JainIndex: no value, or all zero");
    return sum * sum / (values.size() * squares);
}

BufferAllocationResult
RunBufferAllocation(const BufferAllocationConfig& config)
{
    std::string invalid = config.Validate();
    RequireValid("RunBufferAllocation", invalid);
    const uint32_t n = config.receivers;
    const uint64_t eventsBefore = Simulator::GetEventCount();

    const uint32_t segmentSize = 1448;
    const uint32_t maxWindow = 4 << 20; // the receivers' largest buffer
    Ptr<Node> sender = CreateObject<Node>();
    NodeContainer receivers(n);

    TcpHostHelper senderStack;
    senderStack.SetHostModelEnabled(false);
    senderStack.SetSocketAttribute("SndBufSize", UintegerValue(config.fixedBuffer));
    senderStack.SetSocketAttribute("SegmentSize", UintegerValue(segmentSize));
    TypeId policy = TcpBufferPolicy::GetTypeId();
    // The sender's socket-buffer pool: its node's socket memory, which
    // E2-ATBT divides and Linux's autotuning grows buffers within.
    senderStack.SetSocketMemoryAttribute("Accounting", StringValue("Buffers"));
    senderStack.SetSocketMemoryAttribute("Limit", UintegerValue(config.poolBytes));
    if (config.scheme == "e2atbt")
    {
        policy = E2AtbtSendBuffer::GetTypeId();
        sender->AggregateObject(CreateObject<E2AtbtAllocator>());
    }
    else if (config.scheme == "linux")
    {
        policy = LinuxSndBufAutotuning::GetTypeId();
    }
    senderStack.SetSocketAttribute("BufferPolicy", TypeIdValue(policy));
    senderStack.Install(sender);
    // PFTK models Reno's congestion avoidance: the sender runs NewReno.
    sender->GetObject<TcpL4Protocol>()->SetAttribute("SocketType",
                                                     TypeIdValue(TcpNewReno::GetTypeId()));

    TcpHostHelper receiverStack;
    receiverStack.SetHostModelEnabled(false);
    receiverStack.SetSocketAttribute("SegmentSize", UintegerValue(segmentSize));
    receiverStack.SetSocketAttribute("RcvBufSize", UintegerValue(64 * 1024));
    receiverStack.SetSocketAttribute("MaxRcvBufSize", UintegerValue(maxWindow));
    receiverStack.SetSocketAttribute("BufferPolicy",
                                     TypeIdValue(LinuxRcvBufAutotuning::GetTypeId()));
    receiverStack.Install(receivers);
    // The sender has a link, so a route, per receiver: routed from a cache.
    Ipv4RouteCacheHelper().Install(NodeContainer(NodeContainer(sender), receivers));

    Ptr<UniformRandomVariable> delays = CreateObject<UniformRandomVariable>();
    delays->SetAttribute("Min", DoubleValue(config.minDelay));
    delays->SetAttribute("Max", DoubleValue(config.maxDelay));
    delays->SetStream(0);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue(config.linkRate));
    Ipv4AddressHelper addresses("10.1.0.0", "255.255.255.0");
    const uint16_t port = 5001;

    BufferAllocationResult result;
    result.connections.resize(n);
    std::vector<Ptr<PacketSink>> sinks;
    std::vector<Ptr<BulkSendApplication>> sources;
    for (uint32_t i = 0; i < n; ++i)
    {
        double delay = delays->GetValue();
        double loss = config.lossRates[i % config.lossRates.size()];
        p2p.SetChannelAttribute("Delay", TimeValue(Seconds(delay)));
        NetDeviceContainer link = p2p.Install(sender, receivers.Get(i));
        AddPacketLoss(link.Get(1), loss, 1 + i); // the data direction
        Ipv4Address to = addresses.Assign(link).GetAddress(1);
        addresses.NewNetwork();

        PacketSinkHelper sink("ns3::TcpHostSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), port));
        sinks.push_back(DynamicCast<PacketSink>(sink.Install(receivers.Get(i)).Get(0)));
        BulkSendHelper source("ns3::TcpHostSocketFactory", InetSocketAddress(to, port));
        source.SetAttribute("SendSize", UintegerValue(segmentSize));
        ApplicationContainer app = source.Install(sender);
        // Connections arrive over the first second, as E2-ATBT sees them.
        app.Start(Seconds(double(i) / n));
        sources.push_back(DynamicCast<BulkSendApplication>(app.Get(0)));

        BufferAllocationConnection& c = result.connections[i];
        c.lossRate = loss;
        c.rtt = 2 * delay;
    }

    auto sendBuffers = [&sources]() {
        uint64_t total = 0;
        for (const auto& s : sources)
        {
            if (const TcpSocketExtensions* socket = TcpSocketExtensions::Of(s->GetSocket()))
            {
                total += socket->GetSendBufferSize();
            }
        }
        return total;
    };
    const Time start = Seconds(1 + config.warmup);
    const Time end = start + Seconds(config.duration);
    std::vector<uint64_t> atStart(n);
    Simulator::Schedule(start, [&]() {
        for (uint32_t i = 0; i < n; ++i)
        {
            atStart[i] = sinks[i]->GetTotalRx();
        }
    });
    // The pool's use from the start (connections open over the first
    // second), warm-up included.
    double measuredUse = 0;
    uint32_t measuredSamples = 0;
    const double last = end.GetSeconds();
    for (uint32_t k = 0; k * config.sampleInterval <= last + 1e-9; ++k)
    {
        double t = k * config.sampleInterval;
        Simulator::Schedule(Seconds(t), [&, t]() {
            uint64_t use = sendBuffers();
            result.sampleTime.push_back(t);
            result.sendBuffers.push_back(use);
            if (t >= start.GetSeconds() - 1e-9)
            {
                measuredUse += use;
                ++measuredSamples;
            }
        });
    }
    Simulator::Stop(end);
    Simulator::Run();

    std::vector<double> throughputs;
    std::vector<double> normalized;
    for (uint32_t i = 0; i < n; ++i)
    {
        BufferAllocationConnection& c = result.connections[i];
        c.throughput = 8.0 * (sinks[i]->GetTotalRx() - atStart[i]) / config.duration;
        Ptr<Socket> socket = sources[i]->GetSocket();
        const TcpSocketExtensions* tcp = TcpSocketExtensions::Of(socket);
        NS_ABORT_MSG_IF(!tcp, "RunBufferAllocation: connection " << i << " has no suite socket");
        c.sendBuffer = tcp->GetSendBufferSize();
        TimeValue minRto; // the RTO's floor: above every RTT here, so PFTK's T0
        socket->GetAttribute("MinRto", minRto);
        c.prediction =
            8 * PftkThroughput(c.lossRate, Seconds(c.rtt), minRto.Get(), segmentSize, maxWindow);
        result.aggregate += c.throughput;
        throughputs.push_back(c.throughput);
        normalized.push_back(c.throughput / c.prediction);
    }
    result.jainThroughput = JainIndex(throughputs);
    result.jainNormalized = JainIndex(normalized);
    result.poolUse = measuredUse / measuredSamples / config.poolBytes;
    result.events = Simulator::GetEventCount() - eventsBefore;
    Simulator::Destroy();
    return result;
}

} // namespace ns3
