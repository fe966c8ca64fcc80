/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tw-avoid-helper.h"

#include "ns3/log.h"
#include "ns3/tcp-host-socket.h"
#include "ns3/tcp-negotiated-close.h"
#include "ns3/tcp-swap-close.h"
#include "ns3/type-id-check.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TwAvoidHelper");

void
TwAvoidHelper::SetRole(Role role)
{
    m_role = role;
}

void
TwAvoidHelper::SetNegotiate(bool negotiate)
{
    m_negotiate = negotiate;
}

void
TwAvoidHelper::Install(Ptr<Node> node)
{
    NS_LOG_FUNCTION(this << node);
    TypeId socketType = GetSocketType();
    if (IsTypeOrChildOf(socketType, TcpHostSocket::GetTypeId()))
    {
        Ptr<TcpClosePolicy> rolePolicy = m_role == CLIENT
                                             ? Ptr<TcpClosePolicy>(CreateObject<TcpSwapClose>())
                                             : CreateObject<TcpClosePolicy>();
        if (m_negotiate)
        {
            Ptr<TcpNegotiatedClose> negotiated = CreateObject<TcpNegotiatedClose>();
            negotiated->SetAttribute("Fallback", TypeIdValue(rolePolicy->GetInstanceTypeId()));
            SetClosePolicy(negotiated);
        }
        else
        {
            SetClosePolicy(rolePolicy);
        }
    }
    else
    {
        NS_ABORT_MSG_IF(m_negotiate,
                        "TwAvoidHelper: negotiation needs TcpHostSocket sockets, not "
                            << socketType.GetName());
        SetClosePolicy(nullptr);
    }
    TcpHostHelper::Install(node);
}

} // namespace ns3
