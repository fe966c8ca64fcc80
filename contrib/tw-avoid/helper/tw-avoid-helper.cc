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

Ptr<TcpClosePolicy>
TwAvoidHelper::CreateClosePolicy(Role role, bool negotiate)
{
    Ptr<TcpClosePolicy> rolePolicy = role == CLIENT
                                         ? Ptr<TcpClosePolicy>(CreateObject<TcpSwapClose>())
                                         : CreateObject<TcpClosePolicy>();
    if (!negotiate)
    {
        return rolePolicy;
    }
    Ptr<TcpNegotiatedClose> negotiated = CreateObject<TcpNegotiatedClose>();
    negotiated->SetAttribute("Fallback", TypeIdValue(rolePolicy->GetInstanceTypeId()));
    return negotiated;
}

void
TwAvoidHelper::Install(Ptr<Node> node)
{
    NS_LOG_FUNCTION(this << node);
    TypeId socketType = GetSocketType();
    if (IsTypeOrChildOf(socketType, TcpHostSocket::GetTypeId()))
    {
        SetClosePolicy(CreateClosePolicy(m_role, m_negotiate));
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
