/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-host-socket-factory.h"

#include "tcp-close-policy.h"
#include "tcp-host-socket.h"
#include "tcp-listen-queue.h"
#include "type-id-check.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/rtt-estimator.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-recovery-ops.h"
#include "ns3/type-id.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpHostSocketFactory");

NS_OBJECT_ENSURE_REGISTERED(TcpHostSocketFactory);

TypeId
TcpHostSocketFactory::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TcpHostSocketFactory")
            .SetParent<TcpSocketFactory>()
            .SetGroupName("TcpHost")
            .AddConstructor<TcpHostSocketFactory>()
            .AddAttribute("SocketType",
                          "TypeId of the sockets to create (a TcpSocketBase subclass).",
                          TypeIdValue(TcpHostSocket::GetTypeId()),
                          MakeTypeIdAccessor(&TcpHostSocketFactory::SetSocketType,
                                             &TcpHostSocketFactory::GetSocketType),
                          MakeTypeIdChecker());
    return tid;
}

TcpHostSocketFactory::TcpHostSocketFactory()
{
    NS_LOG_FUNCTION(this);
    m_socketFactory.SetTypeId(TcpHostSocket::GetTypeId());
}

void
TcpHostSocketFactory::SetSocketType(TypeId tid)
{
    NS_ABORT_MSG_UNLESS(IsTypeOrChildOf(tid, TcpSocketBase::GetTypeId()),
                        "TcpHostSocketFactory: " << tid.GetName() << " is not a TcpSocketBase");
    m_socketFactory.SetTypeId(tid);
}

TypeId
TcpHostSocketFactory::GetSocketType() const
{
    return m_socketFactory.GetTypeId();
}

void
TcpHostSocketFactory::SetClosePolicy(Ptr<TcpClosePolicy> prototype)
{
    m_closePolicy = prototype;
}

void
TcpHostSocketFactory::SetListenQueueFactory(const ObjectFactory& factory)
{
    NS_ABORT_MSG_UNLESS(IsTypeOrChildOf(factory.GetTypeId(), TcpListenQueue::GetTypeId()),
                        "TcpHostSocketFactory: " << factory.GetTypeId().GetName()
                                                 << " is not a TcpListenQueue");
    m_listenQueueFactory = factory;
    m_listenQueues = true;
}

Ptr<TcpListenQueue>
TcpHostSocketFactory::CreateListenQueue() const
{
    return m_listenQueues ? m_listenQueueFactory.Create<TcpListenQueue>() : nullptr;
}

void
TcpHostSocketFactory::SetSocketAttribute(const std::string& name, const AttributeValue& value)
{
    m_socketFactory.Set(name, value);
}

Ptr<Socket>
TcpHostSocketFactory::CreateSocketFrom(Ptr<Node> node, TypeId factory)
{
    Ptr<SocketFactory> found = DynamicCast<SocketFactory>(node->GetObject<Object>(factory));
    NS_ABORT_MSG_IF(!found,
                    "node " << node->GetId() << " has no " << factory.GetName()
                            << (factory == GetTypeId()
                                    ? " (install the node with TcpHostHelper, or set the "
                                      "application's Protocol to ns3::TcpSocketFactory)"
                                    : ""));
    return found->CreateSocket();
}

Ptr<Socket>
TcpHostSocketFactory::CreateSocket()
{
    NS_LOG_FUNCTION(this);
    Ptr<TcpL4Protocol> tcp = GetObject<TcpL4Protocol>();
    NS_ABORT_MSG_IF(!tcp, "TcpHostSocketFactory: the node has no TcpL4Protocol");

    // The same wiring as TcpL4Protocol::CreateSocket, with our socket type.
    TypeIdValue rttType;
    TypeIdValue congestionType;
    TypeIdValue recoveryType;
    tcp->GetAttribute("RttEstimatorType", rttType);
    tcp->GetAttribute("SocketType", congestionType);
    tcp->GetAttribute("RecoveryType", recoveryType);
    ObjectFactory rttFactory(rttType.Get().GetName());
    ObjectFactory congestionFactory(congestionType.Get().GetName());
    ObjectFactory recoveryFactory(recoveryType.Get().GetName());

    Ptr<TcpSocketBase> socket = m_socketFactory.Create<TcpSocketBase>();
    socket->SetNode(GetObject<Node>());
    socket->SetTcp(tcp);
    socket->SetRtt(rttFactory.Create<RttEstimator>());
    socket->SetCongestionControlAlgorithm(congestionFactory.Create<TcpCongestionOps>());
    socket->SetRecoveryAlgorithm(recoveryFactory.Create<TcpRecoveryOps>());
    if (m_closePolicy)
    {
        Ptr<TcpHostSocket> hostSocket = DynamicCast<TcpHostSocket>(socket);
        NS_ABORT_MSG_IF(!hostSocket,
                        "TcpHostSocketFactory: a close policy needs TcpHostSocket sockets, not "
                            << GetSocketType().GetName());
        hostSocket->SetClosePolicy(m_closePolicy->Fork());
    }
    tcp->AddSocket(socket);
    return socket;
}

} // namespace ns3
