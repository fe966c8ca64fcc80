/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-negotiated-close.h"

#include "tcp-time-wait-option.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"
#include "ns3/type-id-check.h"
#include "ns3/type-id.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpNegotiatedClose");

NS_OBJECT_ENSURE_REGISTERED(TcpNegotiatedClose);

TypeId
TcpNegotiatedClose::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TcpNegotiatedClose")
            .SetParent<TcpClosePolicy>()
            .SetGroupName("TwAvoid")
            .AddConstructor<TcpNegotiatedClose>()
            .AddAttribute("Fallback",
                          "The close policy of an end that has not committed to the negotiated "
                          "placement (the peer did not take part, or an option was lost).",
                          TypeIdValue(TcpClosePolicy::GetTypeId()),
                          MakeTypeIdAccessor(&TcpNegotiatedClose::SetFallbackType,
                                             &TcpNegotiatedClose::GetFallbackType),
                          MakeTypeIdChecker());
    return tid;
}

TcpNegotiatedClose::TcpNegotiatedClose()
    : m_fallback(CreateObject<TcpClosePolicy>())
{
}

TcpNegotiatedClose::TcpNegotiatedClose(const TcpNegotiatedClose& other)
    : TcpClosePolicy(other),
      m_fallback(other.m_fallback->Fork()),
      m_peerOffered(other.m_peerOffered) // a listener's note of the SYN it answers
{
}

void
TcpNegotiatedClose::SetFallbackType(TypeId tid)
{
    NS_ABORT_MSG_UNLESS(IsTypeOrChildOf(tid, TcpClosePolicy::GetTypeId()),
                        "TcpNegotiatedClose: Fallback " << tid.GetName()
                                                        << " is not a TcpClosePolicy");
    NS_ABORT_MSG_IF(IsTypeOrChildOf(tid, GetTypeId()),
                    "TcpNegotiatedClose: Fallback cannot be a negotiated close");
    ObjectFactory factory(tid.GetName());
    m_fallback = factory.Create<TcpClosePolicy>();
}

TypeId
TcpNegotiatedClose::GetFallbackType() const
{
    return m_fallback->GetInstanceTypeId();
}

std::string
TcpNegotiatedClose::GetName() const
{
    return "TcpNegotiatedClose";
}

bool
TcpNegotiatedClose::IsNegotiated() const
{
    return m_negotiated;
}

TcpClosePolicy::PassiveEnd
TcpNegotiatedClose::GetPassiveEnd() const
{
    if (m_negotiated)
    {
        // The client keeps TIME_WAIT even when it closes second (no RST:
        // the server has agreed to skip its TIME_WAIT).
        return m_activeOpener ? PASSIVE_TIME_WAIT : PASSIVE_CLOSED;
    }
    return m_fallback->GetPassiveEnd();
}

bool
TcpNegotiatedClose::KeepsTimeWaitAfterActiveClose() const
{
    if (m_negotiated)
    {
        return m_activeOpener;
    }
    return m_fallback->KeepsTimeWaitAfterActiveClose();
}

std::vector<uint8_t>
TcpNegotiatedClose::OptionToSend(uint8_t flags)
{
    if (flags & TcpHeader::SYN)
    {
        bool synAck = flags & TcpHeader::ACK;
        m_activeOpener = !synAck;
        if (!synAck || m_peerOffered)
        {
            m_agreed = synAck; // SYN: an offer; SYN-ACK: an agreement, not yet a commitment
            return TcpTimeWaitOption::Bytes(TcpTimeWaitOption::ACTIVE_OPENER_KEEPS);
        }
        return {};
    }
    if (flags == TcpHeader::ACK && m_negotiated && m_activeOpener && !m_confirmed)
    {
        m_confirmed = true; // the ACK that completes the handshake confirms
        return TcpTimeWaitOption::Bytes(TcpTimeWaitOption::ACTIVE_OPENER_KEEPS);
    }
    return {};
}

void
TcpNegotiatedClose::HandshakeSegment(const TcpHeader& header, TcpSocket::TcpStates_t state)
{
    // A lost or stripped option leaves an end uncommitted, which keeps
    // TIME_WAIT as its fallback says: at worst both ends keep it.
    uint8_t flags = header.GetFlags();
    bool carried = TcpTimeWaitOption::Find(header) == TcpTimeWaitOption::ACTIVE_OPENER_KEEPS;
    if (state == TcpSocket::LISTEN && (flags & TcpHeader::SYN))
    {
        m_peerOffered = carried; // copied into the policy Fork() makes for this SYN
    }
    else if (state == TcpSocket::SYN_SENT && (flags & TcpHeader::SYN) && (flags & TcpHeader::ACK) &&
             m_activeOpener && carried)
    {
        NS_LOG_LOGIC("peer agreed: this end keeps TIME_WAIT");
        m_negotiated = true;
    }
    else if (state == TcpSocket::SYN_RCVD && m_agreed && (flags & TcpHeader::ACK) &&
             !(flags & TcpHeader::SYN) && carried)
    {
        NS_LOG_LOGIC("peer confirmed: the peer keeps TIME_WAIT");
        m_negotiated = true;
    }
}

Ptr<TcpClosePolicy>
TcpNegotiatedClose::Fork() const
{
    return CopyObject<TcpNegotiatedClose>(this);
}

} // namespace ns3
