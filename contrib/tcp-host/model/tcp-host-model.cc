/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-host-model.h"

#include "socket-memory.h"

#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpHostModel");

NS_OBJECT_ENSURE_REGISTERED(TcpHostModel);

TypeId
TcpHostModel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TcpHostModel")
            .SetParent<Object>()
            .SetGroupName("TcpHost")
            .AddConstructor<TcpHostModel>()
            .AddAttribute("LookupDiscipline",
                          "How the kernel finds the TCB of an arriving segment: "
                          "LinearHeadInsert (SunOS), Hashed, TimeWaitAtTail (BSDI).",
                          EnumValue(TcbList::LINEAR_HEAD_INSERT),
                          MakeEnumAccessor<TcbList::Discipline>(&TcpHostModel::SetDiscipline,
                                                                &TcpHostModel::GetDiscipline),
                          MakeEnumChecker(TcbList::LINEAR_HEAD_INSERT,
                                          "LinearHeadInsert",
                                          TcbList::HASHED,
                                          "Hashed",
                                          TcbList::TIME_WAIT_AT_TAIL,
                                          "TimeWaitAtTail"))
            .AddAttribute(
                "HashBuckets",
                "Number of hash chains of the Hashed discipline.",
                UintegerValue(256),
                MakeUintegerAccessor(&TcpHostModel::SetHashBuckets, &TcpHostModel::GetHashBuckets),
                MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("PerSegmentCost",
                          "CPU time per arriving segment, independent of the TCB list and "
                          "of its size (see TcpHostProfile for calibrated values).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&TcpHostModel::m_perSegmentCost),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("PerTcbCost",
                          "CPU time per TCB visited by the lookup "
                          "(see TcpHostProfile for calibrated values).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&TcpHostModel::m_perTcbCost),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("PerByteCost",
                          "CPU time per arriving payload byte (see TcpHostProfile).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&TcpHostModel::m_perByteCost),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("PoolExhaustedAction",
                          "What happens to a SYN that finds the node's SocketMemory "
                          "exhausted: Drop "
                          "(silently, as SunOS without a free mbuf; the peer retries) or "
                          "Refuse (answer with an RST).",
                          EnumValue(TcpHostModel::POOL_DROP),
                          MakeEnumAccessor<PoolExhaustedAction>(&TcpHostModel::m_exhaustedAction),
                          MakeEnumChecker(TcpHostModel::POOL_DROP,
                                          "Drop",
                                          TcpHostModel::POOL_REFUSE,
                                          "Refuse"))
            .AddTraceSource("TcbAllocationFailed",
                            "A SYN found the TCB memory exhausted (its source address and port).",
                            MakeTraceSourceAccessor(&TcpHostModel::m_allocationFailedTrace),
                            "ns3::TcpHostModel::AllocationFailedTracedCallback")
            .AddTraceSource("TcbReleased",
                            "A TCB left the node: how long it lived and its last state.",
                            MakeTraceSourceAccessor(&TcpHostModel::m_tcbReleasedTrace),
                            "ns3::TcpHostModel::TcbReleasedTracedCallback")
            .AddTraceSource("TcbCount",
                            "Number of TCBs on the node.",
                            MakeTraceSourceAccessor(&TcpHostModel::m_tcbCount),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("TimeWaitCount",
                            "Number of TCBs in TIME_WAIT on the node.",
                            MakeTraceSourceAccessor(&TcpHostModel::m_timeWaitCount),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("DemuxCost",
                            "TCBs visited and CPU time charged for one arriving segment.",
                            MakeTraceSourceAccessor(&TcpHostModel::m_demuxCostTrace),
                            "ns3::TcpHostModel::DemuxCostTracedCallback");
    return tid;
}

TcpHostModel::TcpHostModel()
{
    NS_LOG_FUNCTION(this);
    ResetList();
}

TcpHostModel::~TcpHostModel()
{
    NS_LOG_FUNCTION(this);
}

void
TcpHostModel::DoDispose()
{
    NS_LOG_FUNCTION(this);
    // The socket memory is another object of this node's aggregate: a Ptr
    // to it kept past disposal would keep the whole node alive. Sockets that
    // outlive the node's disposal (held by an application or a test) still
    // report to the model as they go: they get a detached, neutral one.
    m_memory = CreateObject<SocketMemory>();
    Object::DoDispose();
}

void
TcpHostModel::SetDiscipline(TcbList::Discipline discipline)
{
    m_discipline = discipline;
    ResetList();
}

TcbList::Discipline
TcpHostModel::GetDiscipline() const
{
    return m_discipline;
}

uint32_t
TcpHostModel::GetHashBuckets() const
{
    return m_hashBuckets;
}

void
TcpHostModel::SetHashBuckets(uint32_t buckets)
{
    m_hashBuckets = buckets;
    ResetList();
}

void
TcpHostModel::ResetList()
{
    NS_ABORT_MSG_IF(!m_states.empty(),
                    "TcpHostModel: the lookup discipline cannot change once TCBs exist");
    m_list = std::make_unique<TcbList>(m_discipline, m_hashBuckets);
}

void
TcpHostModel::UpdateTcb(const TcpHostSocket* tcb, const TcbKey& key, TcpSocket::TcpStates_t state)
{
    NS_LOG_FUNCTION(this << tcb << TcpSocket::TcpStateName[state]);
    NS_ASSERT(state != TcpSocket::CLOSED);
    auto it = m_states.find(tcb);
    if (it != m_states.end())
    {
        --m_perState[it->second.state];
        it->second.state = state;
    }
    else
    {
        m_states.emplace(tcb, Tcb{state, Simulator::Now()});
    }
    ++m_perState[state];
    m_list->Update(tcb, key, state == TcpSocket::TIME_WAIT);
    UpdateCounts();
}

void
TcpHostModel::ForgetTcb(const TcpHostSocket* tcb)
{
    auto it = m_states.find(tcb);
    if (it == m_states.end())
    {
        return;
    }
    NS_LOG_FUNCTION(this << tcb);
    Memory().SetData(tcb, 0);
    --m_perState[it->second.state];
    Time lifetime = Simulator::Now() - it->second.created;
    TcpSocket::TcpStates_t last = it->second.state;
    m_states.erase(it);
    m_list->Remove(tcb);
    UpdateCounts();
    m_tcbReleasedTrace(lifetime, last);
}

void
TcpHostModel::UpdateCounts()
{
    m_tcbCount = m_states.size();
    m_timeWaitCount = m_perState[TcpSocket::TIME_WAIT];
    Memory().SetTcbCount(m_states.size());
}

Time
TcpHostModel::SegmentCost(Ipv4Address local,
                          uint16_t localPort,
                          Ipv4Address peer,
                          uint16_t peerPort,
                          uint32_t payloadBytes)
{
    uint32_t visited = m_list->Visited(local, localPort, peer, peerPort);
    Time cost = m_perSegmentCost + m_perTcbCost * visited + m_perByteCost * payloadBytes;
    NS_LOG_LOGIC("segment " << peer << ":" << peerPort << " -> " << local << ":" << localPort
                            << " visited " << visited << " cost " << cost.As(Time::US));
    m_demuxCostTrace(visited, cost);
    return cost;
}

TcpHostModel::Admission
TcpHostModel::AdmitSyn(Ipv4Address local, uint16_t localPort, Ipv4Address peer, uint16_t peerPort)
{
    if (Memory().TcbFits() || m_list->HasConnection(TcbKey{local, localPort, peer, peerPort}))
    {
        return ADMIT;
    }
    NS_LOG_LOGIC("socket memory exhausted: SYN from " << peer << ":" << peerPort << " turned away");
    ++m_allocationFailures;
    m_allocationFailedTrace(peer, peerPort);
    return m_exhaustedAction == POOL_REFUSE ? REFUSE : DROP;
}

SocketMemory&
TcpHostModel::Memory()
{
    if (!m_memory)
    {
        m_memory = SocketMemory::Of(this); // the node's, or a neutral one
    }
    return *m_memory;
}

uint64_t
TcpHostModel::GetAllocationFailures() const
{
    return m_allocationFailures;
}

uint32_t
TcpHostModel::GetTcbCount() const
{
    return m_states.size();
}

uint32_t
TcpHostModel::GetTcbCount(TcpSocket::TcpStates_t state) const
{
    return m_perState.at(state);
}

const TcbList&
TcpHostModel::GetTcbList() const
{
    return *m_list;
}

} // namespace ns3
