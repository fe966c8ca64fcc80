/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-time-wait-option.h"

#include "ns3/abort.h"
#include "ns3/buffer.h"
#include "ns3/ipv4-route.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-option.h"

#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpTimeWaitOption");

NS_OBJECT_ENSURE_REGISTERED(TcpTimeWaitOptionWriter);

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

std::optional<uint8_t>
TcpTimeWaitOption::Find(const TcpHeader& header)
{
    Ptr<const TcpOption> option = header.GetOption(KIND);
    if (!option || option->GetSerializedSize() != LENGTH)
    {
        return std::nullopt;
    }
    Buffer buffer;
    buffer.AddAtStart(LENGTH);
    option->Serialize(buffer.Begin());
    uint8_t bytes[LENGTH];
    buffer.CopyData(bytes, LENGTH);
    if (((bytes[2] << 8) | bytes[3]) != EXPERIMENT_ID)
    {
        return std::nullopt; // another experiment's option
    }
    return bytes[4];
}

TcpHeader
TcpTimeWaitOption::AddTo(const TcpHeader& header, uint8_t value)
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
    bytes.insert(bytes.end(),
                 {KIND, LENGTH, uint8_t(EXPERIMENT_ID >> 8), uint8_t(EXPERIMENT_ID & 0xff), value});
    while (bytes.size() % 4 != 0)
    {
        bytes.push_back(TcpOption::END);
    }
    if (bytes.size() > 60)
    {
        NS_LOG_WARN("no room for the TIME_WAIT option");
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
TcpTimeWaitOptionWriter::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TcpTimeWaitOptionWriter")
                            .SetParent<Object>()
                            .SetGroupName("TwAvoid")
                            .AddConstructor<TcpTimeWaitOptionWriter>();
    return tid;
}

void
TcpTimeWaitOptionWriter::Install(Ptr<Node> node)
{
    Ptr<TcpL4Protocol> tcp = node->GetObject<TcpL4Protocol>();
    NS_ABORT_MSG_IF(!tcp, "TcpTimeWaitOptionWriter: node " << node->GetId() << " has no TCP");
    m_down = tcp->GetDownTarget();
    NS_ABORT_MSG_IF(m_down.IsNull(), "TcpTimeWaitOptionWriter: TCP has no IPv4 below it");
    tcp->SetDownTarget(MakeCallback(&TcpTimeWaitOptionWriter::Send, this));
    node->AggregateObject(this);
}

void
TcpTimeWaitOptionWriter::SetNext(uint8_t value)
{
    m_next = value;
}

void
TcpTimeWaitOptionWriter::Clear()
{
    m_next.reset();
}

void
TcpTimeWaitOptionWriter::DoDispose()
{
    m_down =
        MakeNullCallback<void, Ptr<Packet>, Ipv4Address, Ipv4Address, uint8_t, Ptr<Ipv4Route>>();
    Object::DoDispose();
}

void
TcpTimeWaitOptionWriter::Send(Ptr<Packet> packet,
                              Ipv4Address source,
                              Ipv4Address destination,
                              uint8_t protocol,
                              Ptr<Ipv4Route> route)
{
    if (m_next)
    {
        TcpHeader header;
        packet->RemoveHeader(header);
        TcpHeader withOption = TcpTimeWaitOption::AddTo(header, *m_next);
        if (Node::ChecksumEnabled())
        {
            withOption.EnableChecksums();
            withOption.InitializeChecksum(source, destination, protocol);
        }
        packet->AddHeader(withOption);
        m_next.reset();
    }
    m_down(packet, source, destination, protocol, route);
}

} // namespace ns3
