/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-buffer-sizer.h"

#include "socket-memory.h"

#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpBufferSizer");

void
TcpBufferSizer::StartCharging(Ptr<SocketMemory> memory,
                              bool sendDrawsFromMemory,
                              uint32_t sendSize,
                              uint32_t receiveSize)
{
    if (!memory || m_chargedTo)
    {
        return;
    }
    bool both = memory->SocketsChargeBuffers();
    if (!both && !sendDrawsFromMemory)
    {
        return;
    }
    m_chargedTo = memory;
    m_chargesReceiveBuffer = both;
    memory->TakeBuffer(Charged(sendSize, receiveSize));
    NS_LOG_LOGIC("charging " << Charged(sendSize, receiveSize) << " bytes"
                             << (both ? " (both buffers)" : " (the send buffer)"));
}

void
TcpBufferSizer::StopCharging(uint32_t sendSize, uint32_t receiveSize)
{
    if (m_chargedTo)
    {
        m_chargedTo->ReleaseBuffer(Charged(sendSize, receiveSize));
        m_chargedTo = nullptr;
    }
}

bool
TcpBufferSizer::Charges(Buffer which) const
{
    return m_chargedTo && (which == SEND || m_chargesReceiveBuffer);
}

uint64_t
TcpBufferSizer::Charged(uint32_t sendSize, uint32_t receiveSize) const
{
    return uint64_t(sendSize) + (m_chargesReceiveBuffer ? receiveSize : 0);
}

uint32_t
TcpBufferSizer::Grant(Buffer which, uint32_t from, uint32_t to)
{
    if (!Charges(which) || to == from)
    {
        return to;
    }
    if (to < from)
    {
        m_chargedTo->ReleaseBuffer(from - to);
        return to;
    }
    return from + m_chargedTo->GrowBuffer(to - from);
}

uint32_t
TcpBufferSizer::Aim(Buffer which, uint32_t wanted, uint32_t floor)
{
    uint32_t size = std::max(wanted, floor);
    m_target[which] = size > wanted ? std::max<uint32_t>(wanted, 1) : 0;
    return size;
}

uint32_t
TcpBufferSizer::Step(Buffer which, uint32_t floor)
{
    uint32_t target = m_target[which];
    if (target == 0)
    {
        return 0;
    }
    uint32_t size = std::max(target, floor);
    if (size == target)
    {
        m_target[which] = 0; // reached
    }
    return size;
}

uint32_t
TcpBufferSizer::Target(Buffer which) const
{
    return m_target[which];
}

} // namespace ns3
