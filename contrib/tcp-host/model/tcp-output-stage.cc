/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-output-stage.h"

#include "host-cpu.h"

#include "ns3/abort.h"
#include "ns3/buffer.h"
#include "ns3/ipv4-route.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-option.h"

#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpOutputStage");

NS_OBJECT_ENSURE_REGISTERED(TcpOutputStage);

namespace
{

/// The bytes of a header as it goes on the wire.
std::vector<uint8_t>
Bytes(const TcpHeader& header)
{
    Buffer buffer;
    buffer.AddAtStart(header.GetSerializedSize());
    header.Serialize(buffer.Begin());
    std::vector<uint8_t> bytes(buffer.GetSize());
    buffer.CopyData(bytes.data(), bytes.size());
    return bytes;
}

} // namespace

TcpHeader
TcpOutputStage::AppendOption(const TcpHeader& header, const std::vector<uint8_t>& option)
{
    std::vector<uint8_t> bytes = Bytes(header);
    // Find the end of the last option (options are padded to 4 bytes with END
    // or NOP), append ours there, pad again.
    size_t end = 20;
    for (size_t i = 20; i < bytes.size();)
    {
        if (bytes[i] == TcpOption::END)
        {
            break;
        }
        if (bytes[i] == TcpOption::NOP)
        {
            ++i;
            continue;
        }
        if (i + 1 >= bytes.size() || bytes[i + 1] < 2)
        {
            break;
        }
        i += bytes[i + 1];
        end = i;
    }
    bytes.resize(end);
    bytes.insert(bytes.end(), option.begin(), option.end());
    while (bytes.size() % 4 != 0)
    {
        bytes.push_back(TcpOption::END);
    }
    if (bytes.size() > 60)
    {
        NS_LOG_WARN("no room for option kind " << unsigned(option.at(0)));
        return header;
    }
    bytes[12] = static_cast<uint8_t>((bytes.size() / 4) << 4) | (bytes[12] & 0x0f);
    Buffer buffer;
    buffer.AddAtStart(bytes.size());
    buffer.Begin().Write(bytes.data(), bytes.size());
    TcpHeader result;
    result.Deserialize(buffer.Begin());
    return result;
}

TypeId
TcpOutputStage::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TcpOutputStage")
            .SetParent<Object>()
            .SetGroupName("TcpHost")
            .AddConstructor<TcpOutputStage>()
            .AddAttribute("PerSegmentCost",
                          "Kernel CPU time per TCP segment sent (with a HostCpu on the node).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&TcpOutputStage::m_perSegmentCost),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("PerByteCost",
                          "Kernel CPU time per payload byte sent (with a HostCpu on the node).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&TcpOutputStage::m_perByteCost),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("Latency",
                          "Delay of each segment on its way out that keeps no CPU busy "
                          "(driver and interrupt latency), after any CPU cost.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&TcpOutputStage::m_latency),
                          MakeTimeChecker(Time(0)));
    return tid;
}

void
TcpOutputStage::Install(Ptr<Node> node)
{
    Ptr<TcpL4Protocol> tcp = node->GetObject<TcpL4Protocol>();
    NS_ABORT_MSG_IF(!tcp, "TcpOutputStage: node " << node->GetId() << " has no TCP");
    m_down = tcp->GetDownTarget();
    NS_ABORT_MSG_IF(m_down.IsNull(), "TcpOutputStage: TCP has no IPv4 below it");
    tcp->SetDownTarget(MakeCallback(&TcpOutputStage::Send, this));
    m_cpu = node->GetObject<HostCpu>(); // TcpHostHelper installs the CPU first
    node->AggregateObject(this);
}

void
TcpOutputStage::ArmOption(const std::vector<uint8_t>& option)
{
    NS_ABORT_MSG_IF(option.size() < 2 || option[1] != option.size(),
                    "TcpOutputStage::ArmOption: malformed option");
    m_option = option;
}

void
TcpOutputStage::ClearOption()
{
    m_option.reset();
}

void
TcpOutputStage::DoDispose()
{
    m_down =
        MakeNullCallback<void, Ptr<Packet>, Ipv4Address, Ipv4Address, uint8_t, Ptr<Ipv4Route>>();
    m_cpu = nullptr;
    Object::DoDispose();
}

void
TcpOutputStage::Send(Ptr<Packet> packet,
                     Ipv4Address source,
                     Ipv4Address destination,
                     uint8_t protocol,
                     Ptr<Ipv4Route> route)
{
    if (m_option)
    {
        TcpHeader header;
        packet->RemoveHeader(header);
        TcpHeader withOption = AppendOption(header, *m_option);
        if (Node::ChecksumEnabled())
        {
            withOption.EnableChecksums();
            withOption.InitializeChecksum(source, destination, protocol);
        }
        packet->AddHeader(withOption);
        m_option.reset();
    }
    ++m_segments;
    if (m_cpu && (m_perSegmentCost.IsStrictlyPositive() || m_perByteCost.IsStrictlyPositive()))
    {
        TcpHeader header;
        uint32_t headerBytes = packet->PeekHeader(header);
        Time cost = m_perSegmentCost + m_perByteCost * int64_t(packet->GetSize() - headerBytes);
        m_cpu->Submit(HostCpu::KERNEL,
                      cost,
                      [this, packet, source, destination, protocol, route]() {
                          Leave(packet, source, destination, protocol, route);
                      });
        return;
    }
    Leave(packet, source, destination, protocol, route);
}

void
TcpOutputStage::Leave(Ptr<Packet> packet,
                      Ipv4Address source,
                      Ipv4Address destination,
                      uint8_t protocol,
                      Ptr<Ipv4Route> route)
{
    if (m_latency.IsStrictlyPositive())
    {
        // A constant delay: segments keep their order.
        Simulator::Schedule(m_latency, [this, packet, source, destination, protocol, route]() {
            m_down(packet, source, destination, protocol, route);
        });
        return;
    }
    m_down(packet, source, destination, protocol, route);
}

} // namespace ns3
