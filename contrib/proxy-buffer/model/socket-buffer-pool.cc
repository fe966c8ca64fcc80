/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "socket-buffer-pool.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SocketBufferPool");

NS_OBJECT_ENSURE_REGISTERED(SocketBufferPool);

TypeId
SocketBufferPool::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SocketBufferPool")
                            .SetParent<Object>()
                            .SetGroupName("ProxyBuffer")
                            .AddConstructor<SocketBufferPool>()
                            .AddAttribute("PoolSize",
                                          "Bytes of socket buffers above which none grows.",
                                          UintegerValue(3200 * 1024),
                                          MakeUintegerAccessor(&SocketBufferPool::m_size),
                                          MakeUintegerChecker<uint64_t>())
                            .AddTraceSource("InUse",
                                            "Bytes held by socket buffers.",
                                            MakeTraceSourceAccessor(&SocketBufferPool::m_inUse),
                                            "ns3::TracedValueCallback::Uint64");
    return tid;
}

void
SocketBufferPool::Take(uint64_t bytes)
{
    m_inUse = m_inUse + bytes;
}

uint64_t
SocketBufferPool::Grow(uint64_t bytes)
{
    uint64_t inUse = m_inUse;
    uint64_t free = m_size > inUse ? m_size - inUse : 0;
    uint64_t granted = std::min(bytes, free);
    m_inUse = m_inUse + granted;
    NS_LOG_LOGIC("asked " << bytes << ", granted " << granted << ", in use " << m_inUse);
    return granted;
}

void
SocketBufferPool::Release(uint64_t bytes)
{
    NS_ABORT_MSG_IF(bytes > m_inUse,
                    "SocketBufferPool::Release: " << bytes << " bytes, only " << m_inUse
                                                  << " held");
    m_inUse = m_inUse - bytes;
}

uint64_t
SocketBufferPool::GetInUse() const
{
    return m_inUse;
}

uint64_t
SocketBufferPool::GetSize() const
{
    return m_size;
}

} // namespace ns3
