/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "socket-memory.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SocketMemory");

NS_OBJECT_ENSURE_REGISTERED(SocketMemory);

TypeId
SocketMemory::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SocketMemory")
            .SetParent<Object>()
            .SetGroupName("TcpHost")
            .AddConstructor<SocketMemory>()
            .AddAttribute("Limit",
                          "Bytes of socket memory (what Accounting says draws from it); a SYN "
                          "that would exceed it gets no TCB, data that would is dropped, a "
                          "buffer that would stops growing. 0: no limit (see TcpHostProfile).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&SocketMemory::m_limit),
                          MakeUintegerChecker<uint64_t>())
            .AddAttribute("BytesPerTcb",
                          "Memory held by one TCB, TIME_WAIT included (see TcpHostProfile "
                          "for calibrated values).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&SocketMemory::m_bytesPerTcb),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Accounting",
                          "What draws from Limit: TcbOnly (TCBs), Shared (TCBs and the data "
                          "in socket buffers, as BSD mbufs: a pool full of TIME_WAIT TCBs "
                          "cannot move data either), Buffers (socket buffers as the buffer "
                          "policies that grow them charge them: Linux's tcp_mem) or "
                          "SocketBuffers (the send and receive buffers of every connection, "
                          "charged by its socket from establishment to end: a proxy's buffer "
                          "memory).",
                          EnumValue(SocketMemory::TCB_ONLY),
                          MakeEnumAccessor<Accounting>(&SocketMemory::m_accounting),
                          MakeEnumChecker(SocketMemory::TCB_ONLY,
                                          "TcbOnly",
                                          SocketMemory::SHARED,
                                          "Shared",
                                          SocketMemory::BUFFERS,
                                          "Buffers",
                                          SocketMemory::SOCKET_BUFFERS,
                                          "SocketBuffers"))
            .AddAttribute("PressureLimit",
                          "Bytes of socket buffers above which the node is under memory "
                          "pressure (Linux's tcp_mem[1]): no buffer grows (GrowBuffer grants "
                          "nothing: autotuning, E2-ATBT and, under SocketBuffers, a socket's "
                          "explicit resize too, where Linux refuses only autotuning) until "
                          "they fall below three quarters of it (tcp_mem[0], as tcp_init_mem() "
                          "sets it). 0: never.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&SocketMemory::SetPressureLimit,
                                               &SocketMemory::GetPressureLimit),
                          MakeUintegerChecker<uint64_t>())
            .AddTraceSource("TcbMemory",
                            "Bytes of memory held by the node's TCBs.",
                            MakeTraceSourceAccessor(&SocketMemory::m_tcbMemory),
                            "ns3::TracedValueCallback::Uint64")
            .AddTraceSource("DataMemory",
                            "Bytes of data in the node's socket buffers (counted under Shared).",
                            MakeTraceSourceAccessor(&SocketMemory::m_dataMemory),
                            "ns3::TracedValueCallback::Uint64")
            .AddTraceSource("BufferMemory",
                            "Bytes of socket buffers allocated.",
                            MakeTraceSourceAccessor(&SocketMemory::m_bufferMemory),
                            "ns3::TracedValueCallback::Uint64")
            .AddTraceSource("Pressure",
                            "Whether the node is under memory pressure (PressureLimit).",
                            MakeTraceSourceAccessor(&SocketMemory::m_pressure),
                            "ns3::TracedValueCallback::Bool");
    return tid;
}

SocketMemory::SocketMemory()
{
    NS_LOG_FUNCTION(this);
}

SocketMemory::~SocketMemory()
{
    NS_LOG_FUNCTION(this);
}

Ptr<SocketMemory>
SocketMemory::Of(Ptr<Object> object)
{
    NS_ABORT_MSG_IF(!object, "SocketMemory::Of: no node");
    Ptr<SocketMemory> memory = object->GetObject<SocketMemory>();
    if (!memory)
    {
        memory = CreateObject<SocketMemory>();
        object->AggregateObject(memory);
    }
    return memory;
}

uint64_t
SocketMemory::GetLimit() const
{
    return m_limit;
}

SocketMemory::Accounting
SocketMemory::GetAccounting() const
{
    return m_accounting;
}

bool
SocketMemory::CountsBuffers() const
{
    return m_accounting == BUFFERS || m_accounting == SOCKET_BUFFERS;
}

bool
SocketMemory::SocketsChargeBuffers() const
{
    return m_accounting == SOCKET_BUFFERS;
}

uint64_t
SocketMemory::GetUse() const
{
    switch (m_accounting)
    {
    case TCB_ONLY:
        return m_tcbMemory + m_timeWaitMemory;
    case SHARED:
        return m_tcbMemory + m_timeWaitMemory + m_dataMemory;
    case BUFFERS:
    case SOCKET_BUFFERS:
        return m_bufferMemory;
    }
    return 0;
}

uint64_t
SocketMemory::GetFree() const
{
    if (m_limit == 0)
    {
        return std::numeric_limits<uint64_t>::max();
    }
    uint64_t use = GetUse();
    return use >= m_limit ? 0 : m_limit - use;
}

void
SocketMemory::SetTcbCount(uint32_t count)
{
    m_tcbMemory = static_cast<uint64_t>(count) * m_bytesPerTcb;
}

void
SocketMemory::SetTimeWaitMemory(uint64_t bytes)
{
    m_timeWaitMemory = bytes;
}

uint64_t
SocketMemory::GetTimeWaitMemory() const
{
    return m_timeWaitMemory;
}

bool
SocketMemory::TcbFits() const
{
    // Under Buffers, TCBs do not draw from the limit.
    return m_limit == 0 || CountsBuffers() || GetUse() + m_bytesPerTcb <= m_limit;
}

uint64_t
SocketMemory::GetTcbMemory() const
{
    return m_tcbMemory;
}

bool
SocketMemory::ChargesData() const
{
    return m_accounting == SHARED;
}

void
SocketMemory::SetData(const void* owner, uint32_t bytes)
{
    if (!ChargesData())
    {
        return; // counted only where it draws from the limit (the map is not free)
    }
    uint64_t total = m_dataMemory;
    auto it = m_data.find(owner);
    if (it != m_data.end())
    {
        total -= it->second;
        if (bytes == 0)
        {
            m_data.erase(it);
        }
        else
        {
            it->second = bytes;
        }
    }
    else if (bytes > 0)
    {
        m_data.emplace(owner, bytes);
    }
    total += bytes;
    if (total != m_dataMemory)
    {
        m_dataMemory = total;
    }
}

bool
SocketMemory::DataFits(uint32_t bytes) const
{
    return !ChargesData() || GetFree() >= bytes;
}

uint64_t
SocketMemory::GetDataMemory() const
{
    return m_dataMemory;
}

void
SocketMemory::TakeBuffer(uint64_t bytes)
{
    m_bufferMemory = m_bufferMemory + bytes;
    UpdatePressure();
}

uint64_t
SocketMemory::GrowBuffer(uint64_t bytes)
{
    // Under pressure Linux grows no buffer (tcp_should_expand_sndbuf(),
    // tcp_grow_window()); the growth that crosses PressureLimit is granted.
    uint64_t granted = m_pressure ? 0 : CountsBuffers() ? std::min(bytes, GetFree()) : bytes;
    m_bufferMemory = m_bufferMemory + granted;
    NS_LOG_LOGIC("asked " << bytes << ", granted " << granted << ", allocated " << m_bufferMemory);
    UpdatePressure();
    return granted;
}

void
SocketMemory::ReleaseBuffer(uint64_t bytes)
{
    NS_ABORT_MSG_IF(bytes > m_bufferMemory,
                    "SocketMemory::ReleaseBuffer: " << bytes << " bytes, only " << m_bufferMemory
                                                    << " allocated");
    m_bufferMemory = m_bufferMemory - bytes;
    UpdatePressure();
}

bool
SocketMemory::IsUnderPressure() const
{
    return m_pressure;
}

void
SocketMemory::SetPressureLimit(uint64_t bytes)
{
    m_pressureLimit = bytes;
    UpdatePressure(); // a limit set or taken away while the buffers are held
}

uint64_t
SocketMemory::GetPressureLimit() const
{
    return m_pressureLimit;
}

void
SocketMemory::UpdatePressure()
{
    if (m_pressureLimit == 0)
    {
        m_pressure = false; // the limit taken away: no pressure
        return;
    }
    // tcp_enter_memory_pressure() above tcp_mem[1]; sk_leave_memory_pressure()
    // below tcp_mem[0], three quarters of it.
    if (!m_pressure && m_bufferMemory > m_pressureLimit)
    {
        NS_LOG_INFO("memory pressure: " << m_bufferMemory << " bytes of buffers");
        m_pressure = true;
    }
    else if (m_pressure && 4 * m_bufferMemory < 3 * m_pressureLimit)
    {
        NS_LOG_INFO("memory pressure over: " << m_bufferMemory << " bytes of buffers");
        m_pressure = false;
    }
}

uint64_t
SocketMemory::GetBufferMemory() const
{
    return m_bufferMemory;
}

} // namespace ns3
