/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-input-stage.h"

#include "host-cpu.h"
#include "socket-memory.h"
#include "tcp-host-model.h"
#include "tcp-host-socket.h"
#include "tcp-socket-index.h"
#include "time-wait-table.h"

#include "ns3/abort.h"
#include "ns3/ipv4-interface.h"
#include "ns3/ipv4.h"
#include "ns3/ipv6-interface.h"
#include "ns3/ipv6.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpInputStage");

NS_OBJECT_ENSURE_REGISTERED(TcpInputStage);

TypeId
TcpInputStage::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TcpInputStage")
            .SetParent<IpL4Protocol>()
            .SetGroupName("TcpHost")
            .AddConstructor<TcpInputStage>()
            .AddAttribute("InputQueueLimit",
                          "Segments the IP input queue holds, the one in service included "
                          "(BSD's IFQ_MAXLEN is 50).",
                          UintegerValue(50),
                          MakeUintegerAccessor(&TcpInputStage::m_queueLimit),
                          MakeUintegerChecker<uint32_t>(1))
            .AddTraceSource("Backlog",
                            "Segments waiting for or in the CPU.",
                            MakeTraceSourceAccessor(&TcpInputStage::m_backlog),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("Drop",
                            "A segment dropped because the input queue was full, or because "
                            "a shared memory pool had no room for its data.",
                            MakeTraceSourceAccessor(&TcpInputStage::m_dropTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

TcpInputStage::TcpInputStage()
{
    NS_LOG_FUNCTION(this);
}

TcpInputStage::~TcpInputStage()
{
    NS_LOG_FUNCTION(this);
}

void
TcpInputStage::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_queue.clear();
    m_tcp = nullptr;
    m_index = nullptr;
    m_host = nullptr;
    m_memory = nullptr;
    m_timeWait = nullptr;
    m_cpu = nullptr;
    IpL4Protocol::DoDispose();
}

void
TcpInputStage::Install(Ptr<Node> node)
{
    NS_LOG_FUNCTION(this << node);
    m_tcp = node->GetObject<TcpL4Protocol>();
    m_index = node->GetObject<TcpSocketIndex>();
    NS_ABORT_MSG_IF(!m_tcp, "TcpInputStage: node " << node->GetId() << " has no TCP");
    NS_ABORT_MSG_IF(!m_index, "TcpInputStage: node " << node->GetId() << " has no TcpSocketIndex");
    m_host = node->GetObject<TcpHostModel>();
    m_timeWait = node->GetObject<TimeWaitTable>();
    NS_ABORT_MSG_IF(m_timeWait && !m_host,
                    "TcpInputStage: node " << node->GetId()
                                           << " has a TimeWaitTable but no TcpHostModel");
    if (m_host)
    {
        m_memory = SocketMemory::Of(node);
        m_cpu = node->GetObject<HostCpu>();
        NS_ABORT_MSG_IF(!m_cpu, "TcpInputStage: node " << node->GetId() << " has no HostCpu");
    }
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    NS_ABORT_MSG_IF(!ipv4, "TcpInputStage: node " << node->GetId() << " has no IPv4");
    ipv4->Remove(m_tcp);
    ipv4->Insert(this);
    // Aggregated, so that GetObject and Config paths
    // (/NodeList/*/$ns3::TcpInputStage/Drop) find it and it is disposed with the node.
    node->AggregateObject(this);
    if (Ptr<Ipv6> ipv6 = node->GetObject<Ipv6>())
    {
        ipv6->Remove(m_tcp);
        ipv6->Insert(this);
    }
}

int
TcpInputStage::GetProtocolNumber() const
{
    return TcpL4Protocol::PROT_NUMBER;
}

IpL4Protocol::RxStatus
TcpInputStage::Receive(Ptr<Packet> p,
                       const Ipv4Header& header,
                       Ptr<Ipv4Interface> incomingInterface)
{
    Pending segment{p, header, TcpHeader(), incomingInterface};
    uint32_t headerBytes = p->PeekHeader(segment.tcp);
    if (!m_host)
    {
        Deliver(segment); // no host model: no queue, no CPU, no cost
        return IpL4Protocol::RX_OK;
    }
    if (m_queue.size() >= m_queueLimit)
    {
        NS_LOG_LOGIC("input queue full, dropping " << p);
        ++m_drops;
        m_dropTrace(p);
        return IpL4Protocol::RX_OK; // dropped below TCP: the sender sees a loss
    }
    if (m_memory->ChargesData())
    {
        // Data needs memory to be held in (an mbuf cluster): with the pool
        // shared and full, the driver has nowhere to put it.
        uint32_t payload = p->GetSize() - headerBytes;
        if (payload > 0 && !m_memory->DataFits(payload))
        {
            NS_LOG_LOGIC("no memory for " << payload << " bytes of data, dropping " << p);
            ++m_memoryDrops;
            m_dropTrace(p);
            return IpL4Protocol::RX_OK;
        }
    }
    m_queue.push_back(std::move(segment));
    m_backlog = m_queue.size();
    if (!m_serving)
    {
        StartService();
    }
    return IpL4Protocol::RX_OK;
}

void
TcpInputStage::StartService()
{
    m_serving = true;
    const Pending& head = m_queue.front();
    const TcpHeader& tcpHeader = head.tcp;
    Time cost = m_host->SegmentCost(head.header.GetDestination(),
                                    tcpHeader.GetDestinationPort(),
                                    head.header.GetSource(),
                                    tcpHeader.GetSourcePort(),
                                    head.packet->GetSize() - tcpHeader.GetSerializedSize());
    m_busy += cost;
    ++m_segments;
    if (tcpHeader.GetFlags() & TcpHeader::RST)
    {
        ++m_rsts;
    }
    m_cpu->Submit(HostCpu::KERNEL, cost, [this]() { FinishService(); });
}

void
TcpInputStage::FinishService()
{
    Pending head = std::move(m_queue.front());
    m_queue.pop_front();
    m_backlog = m_queue.size();
    m_serving = false;
    // TCP runs before the next lookup is costed, so TCBs this segment creates
    // or frees count from the next segment on, as in a kernel.
    if (Admit(head))
    {
        Deliver(head);
    }
    if (!m_serving && !m_queue.empty())
    {
        StartService();
    }
}

void
TcpInputStage::Deliver(const Pending& segment)
{
    const TcpHeader& h = segment.tcp;
    TcbKey key{segment.header.GetDestination(),
               h.GetDestinationPort(),
               segment.header.GetSource(),
               h.GetSourcePort()};
    // A connection in compact TIME_WAIT has no socket: its record takes
    // the segment, unless a new SYN ends it (then the listener gets it).
    if (m_timeWait && m_timeWait->Receive(segment.packet, h, key) == TimeWaitTable::HANDLED)
    {
        return;
    }
    // The connection's socket, or the listener of its port: the endpoint
    // ns-3's lookup would find, without its walk over every endpoint of the
    // node. (With checksums on, TCP must check them.)
    if (!Node::ChecksumEnabled())
    {
        TcpHostSocket* socket = m_index->Find(key);
        if (socket &&
            socket->ForwardUpDirect(segment.packet, segment.header, h, segment.interface))
        {
            ++m_directDeliveries;
            return;
        }
    }
    ++m_lookups;
    m_tcp->Receive(segment.packet, segment.header, segment.interface);
}

bool
TcpInputStage::Admit(const Pending& segment)
{
    const TcpHeader& tcpHeader = segment.tcp;
    if ((tcpHeader.GetFlags() & (TcpHeader::SYN | TcpHeader::ACK)) != TcpHeader::SYN)
    {
        return true; // only a SYN asks for a new TCB
    }
    TcpHostModel::Admission verdict = m_host->AdmitSyn(segment.header.GetDestination(),
                                                       tcpHeader.GetDestinationPort(),
                                                       segment.header.GetSource(),
                                                       tcpHeader.GetSourcePort());
    if (verdict == TcpHostModel::REFUSE)
    {
        TcpHeader rst;
        rst.SetFlags(TcpHeader::RST | TcpHeader::ACK);
        rst.SetSequenceNumber(SequenceNumber32(0));
        rst.SetAckNumber(tcpHeader.GetSequenceNumber() + SequenceNumber32(1));
        rst.SetSourcePort(tcpHeader.GetDestinationPort());
        rst.SetDestinationPort(tcpHeader.GetSourcePort());
        m_tcp->SendPacket(Create<Packet>(),
                          rst,
                          segment.header.GetDestination(),
                          segment.header.GetSource());
    }
    return verdict == TcpHostModel::ADMIT;
}

IpL4Protocol::RxStatus
TcpInputStage::Receive(Ptr<Packet> p,
                       const Ipv6Header& header,
                       Ptr<Ipv6Interface> incomingInterface)
{
    return m_tcp->Receive(p, header, incomingInterface);
}

void
TcpInputStage::ReceiveIcmp(Ipv4Address icmpSource,
                           uint8_t icmpTtl,
                           uint8_t icmpType,
                           uint8_t icmpCode,
                           uint32_t icmpInfo,
                           Ipv4Address payloadSource,
                           Ipv4Address payloadDestination,
                           const uint8_t payload[8])
{
    m_tcp->ReceiveIcmp(icmpSource,
                       icmpTtl,
                       icmpType,
                       icmpCode,
                       icmpInfo,
                       payloadSource,
                       payloadDestination,
                       payload);
}

void
TcpInputStage::ReceiveIcmp(Ipv6Address icmpSource,
                           uint8_t icmpTtl,
                           uint8_t icmpType,
                           uint8_t icmpCode,
                           uint32_t icmpInfo,
                           Ipv6Address payloadSource,
                           Ipv6Address payloadDestination,
                           const uint8_t payload[8])
{
    m_tcp->ReceiveIcmp(icmpSource,
                       icmpTtl,
                       icmpType,
                       icmpCode,
                       icmpInfo,
                       payloadSource,
                       payloadDestination,
                       payload);
}

void
TcpInputStage::SetDownTarget(DownTargetCallback cb)
{
    m_tcp->SetDownTarget(cb);
}

void
TcpInputStage::SetDownTarget6(DownTargetCallback6 cb)
{
    m_tcp->SetDownTarget6(cb);
}

IpL4Protocol::DownTargetCallback
TcpInputStage::GetDownTarget() const
{
    return m_tcp->GetDownTarget();
}

IpL4Protocol::DownTargetCallback6
TcpInputStage::GetDownTarget6() const
{
    return m_tcp->GetDownTarget6();
}

Time
TcpInputStage::GetBusyTime() const
{
    return m_busy;
}

uint64_t
TcpInputStage::GetSegments() const
{
    return m_segments;
}

uint64_t
TcpInputStage::GetRsts() const
{
    return m_rsts;
}

uint64_t
TcpInputStage::GetDrops() const
{
    return m_drops;
}

uint64_t
TcpInputStage::GetLookups() const
{
    return m_lookups;
}

bool
TcpInputStage::IsCosting() const
{
    return m_host != nullptr;
}

uint64_t
TcpInputStage::GetDirectDeliveries() const
{
    return m_directDeliveries;
}

uint64_t
TcpInputStage::GetMemoryDrops() const
{
    return m_memoryDrops;
}

} // namespace ns3
