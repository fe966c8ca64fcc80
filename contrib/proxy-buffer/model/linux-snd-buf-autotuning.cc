/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "linux-snd-buf-autotuning.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/socket-memory.h"
#include "ns3/tcp-buffer-control.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LinuxSndBufAutotuning");

NS_OBJECT_ENSURE_REGISTERED(LinuxSndBufAutotuning);

TypeId
LinuxSndBufAutotuning::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::LinuxSndBufAutotuning")
            .SetParent<TcpBufferPolicy>()
            .SetGroupName("ProxyBuffer")
            .AddConstructor<LinuxSndBufAutotuning>()
            .AddAttribute("MaxBuffer",
                          "Largest send buffer, bytes (tcp_wmem[2], 4 MB by default).",
                          UintegerValue(4 << 20),
                          MakeUintegerAccessor(&LinuxSndBufAutotuning::m_maxBuffer),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

LinuxSndBufAutotuning::~LinuxSndBufAutotuning()
{
}

std::string
LinuxSndBufAutotuning::GetName() const
{
    return "LinuxSndBufAutotuning";
}

void
LinuxSndBufAutotuning::Established(TcpBufferControl& socket)
{
    // The socket charges the send buffer (SendBufferDrawsFromMemory); the
    // memory is read here only to refuse a set-up that cannot mean tcp_mem.
    Ptr<SocketMemory> memory = socket.GetNode()->GetObject<SocketMemory>();
    NS_ABORT_MSG_IF(!memory,
                    "LinuxSndBufAutotuning: node " << socket.GetNode()->GetId()
                                                   << " has no SocketMemory (install it with "
                                                      "TcpHostHelper)");
    NS_ABORT_MSG_IF(memory->GetLimit() > 0 && !memory->CountsBuffers(),
                    "LinuxSndBufAutotuning: node "
                        << socket.GetNode()->GetId()
                        << "'s SocketMemory has a Limit that buffers do not draw from (its "
                           "Accounting must be Buffers, as tcp_mem's)");
    m_held = socket.GetSendBufferSize();
    m_established = true;
}

bool
LinuxSndBufAutotuning::SendBufferDrawsFromMemory() const
{
    return true;
}

void
LinuxSndBufAutotuning::DataAcked(TcpBufferControl& socket, uint32_t /* bytes */)
{
    if (!m_established)
    {
        return;
    }
    uint64_t segments =
        std::max<uint64_t>(socket.GetCongestionWindow() / socket.GetSegmentSize(), 10);
    uint64_t target = std::min<uint64_t>(2 * segments * socket.GetSegmentSize(), m_maxBuffer);
    if (target <= m_held)
    {
        return; // never shrinks
    }
    m_held = socket.ResizeSendBuffer(target); // the socket grants what the memory allows
    NS_LOG_DEBUG("cwnd " << socket.GetCongestionWindow() << ": send buffer " << m_held);
}

void
LinuxSndBufAutotuning::Closed()
{
    m_held = 0;
    m_established = false;
}

Ptr<TcpBufferPolicy>
LinuxSndBufAutotuning::Fork() const
{
    Ptr<LinuxSndBufAutotuning> copy = CopyObject<LinuxSndBufAutotuning>(this);
    copy->m_held = 0;
    copy->m_established = false;
    return copy;
}

} // namespace ns3
