/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "window-following-rcv-buf.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/tcp-buffer-control.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WindowFollowingRcvBuf");

NS_OBJECT_ENSURE_REGISTERED(WindowFollowingRcvBuf);

TypeId
WindowFollowingRcvBuf::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::WindowFollowingRcvBuf")
            .SetParent<RoundTripBufferPolicy>()
            .SetGroupName("ProxyBuffer")
            .AddConstructor<WindowFollowingRcvBuf>()
            .AddAttribute("MinBuffer",
                          "Smallest receive buffer, bytes.",
                          UintegerValue(4096),
                          MakeUintegerAccessor(&WindowFollowingRcvBuf::m_minBuffer),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("MaxBuffer",
                          "Largest receive buffer, bytes (give the socket a MaxRcvBufSize "
                          "at least as large, for its window scale).",
                          UintegerValue(4 << 20),
                          MakeUintegerAccessor(&WindowFollowingRcvBuf::m_maxBuffer),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("Headroom",
                          "Buffer per byte that arrived in the last round trip (2: room "
                          "for a window that doubles in slow start).",
                          DoubleValue(2.0),
                          MakeDoubleAccessor(&WindowFollowingRcvBuf::m_headroom),
                          MakeDoubleChecker<double>(1.0));
    return tid;
}

std::string
WindowFollowingRcvBuf::GetName() const
{
    return "WindowFollowingRcvBuf";
}

void
WindowFollowingRcvBuf::Established(TcpBufferControl& /* socket */)
{
    StartRound();
    m_roundBytes = 0;
}

void
WindowFollowingRcvBuf::DataReceived(TcpBufferControl& socket, uint32_t bytes)
{
    m_roundBytes += bytes;
    if (!RoundOver(socket))
    {
        return;
    }
    uint64_t target = uint64_t(m_headroom * m_roundBytes);
    target = std::clamp<uint64_t>(target, m_minBuffer, m_maxBuffer);
    uint32_t set = socket.ResizeReceiveBuffer(target);
    NS_LOG_DEBUG(m_roundBytes << " bytes in " << RoundLength().As(Time::MS) << ": receive buffer "
                              << set);
    StartRound();
    m_roundBytes = 0;
}

Ptr<TcpBufferPolicy>
WindowFollowingRcvBuf::Fork() const
{
    return CopyObject<WindowFollowingRcvBuf>(this);
}

} // namespace ns3
