/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "linux-rcv-buf-autotuning.h"

#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/tcp-buffer-control.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LinuxRcvBufAutotuning");

NS_OBJECT_ENSURE_REGISTERED(LinuxRcvBufAutotuning);

TypeId
LinuxRcvBufAutotuning::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::LinuxRcvBufAutotuning")
            .SetParent<RoundTripBufferPolicy>()
            .SetGroupName("ProxyBuffer")
            .AddConstructor<LinuxRcvBufAutotuning>()
            .AddAttribute("MaxBuffer",
                          "Largest receive buffer, bytes (tcp_rmem[2], 6 MB by default; give "
                          "the socket a MaxRcvBufSize at least as large).",
                          UintegerValue(6 << 20),
                          MakeUintegerAccessor(&LinuxRcvBufAutotuning::m_maxBuffer),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

std::string
LinuxRcvBufAutotuning::GetName() const
{
    return "LinuxRcvBufAutotuning";
}

void
LinuxRcvBufAutotuning::Established(TcpBufferControl& socket)
{
    StartRound();
    m_copied = 0;
    m_space = socket.GetReceiveBufferSize() / 2; // Linux starts from half the initial window
}

void
LinuxRcvBufAutotuning::DataRead(TcpBufferControl& socket, uint32_t bytes)
{
    m_copied += bytes;
    if (!RoundOver(socket))
    {
        return;
    }
    if (m_copied > m_space && m_space > 0)
    {
        uint64_t mss = socket.GetSegmentSize();
        uint64_t window = 2 * m_copied + 16 * mss;
        window += 2 * window * (m_copied - m_space) / m_space; // growing fast: more
        uint64_t target = std::min<uint64_t>(window, m_maxBuffer);
        if (target > socket.GetReceiveBufferSize())
        {
            uint32_t set = socket.ResizeReceiveBuffer(target);
            NS_LOG_DEBUG(m_copied << " bytes read in a round: receive buffer " << set);
        }
        m_space = m_copied;
    }
    StartRound();
    m_copied = 0;
}

Ptr<TcpBufferPolicy>
LinuxRcvBufAutotuning::Fork() const
{
    return CopyObject<LinuxRcvBufAutotuning>(this);
}

} // namespace ns3
