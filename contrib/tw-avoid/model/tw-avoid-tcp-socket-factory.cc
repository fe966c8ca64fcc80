/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tw-avoid-tcp-socket-factory.h"

#include "tcp-swap-close-socket.h"

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

NS_LOG_COMPONENT_DEFINE("TwAvoidTcpSocketFactory");

NS_OBJECT_ENSURE_REGISTERED(TwAvoidTcpSocketFactory);

TypeId
TwAvoidTcpSocketFactory::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TwAvoidTcpSocketFactory")
            .SetParent<TcpSocketFactory>()
            .SetGroupName("TwAvoid")
            .AddConstructor<TwAvoidTcpSocketFactory>()
            .AddAttribute("SocketType",
                          "TypeId of the sockets to create (a TcpSocketBase subclass).",
                          TypeIdValue(TcpSwapCloseSocket::GetTypeId()),
                          MakeTypeIdAccessor(&TwAvoidTcpSocketFactory::SetSocketType,
                                             &TwAvoidTcpSocketFactory::GetSocketType),
                          MakeTypeIdChecker());
    return tid;
}

TwAvoidTcpSocketFactory::TwAvoidTcpSocketFactory()
{
    NS_LOG_FUNCTION(this);
    m_socketFactory.SetTypeId(TcpSwapCloseSocket::GetTypeId());
}

void
TwAvoidTcpSocketFactory::SetSocketType(TypeId tid)
{
    NS_ABORT_MSG_UNLESS(tid == TcpSocketBase::GetTypeId() ||
                            tid.IsChildOf(TcpSocketBase::GetTypeId()),
                        "TwAvoidTcpSocketFactory: " << tid.GetName() << " is not a TcpSocketBase");
    m_socketFactory.SetTypeId(tid);
}

TypeId
TwAvoidTcpSocketFactory::GetSocketType() const
{
    return m_socketFactory.GetTypeId();
}

void
TwAvoidTcpSocketFactory::SetSocketAttribute(const std::string& name, const AttributeValue& value)
{
    m_socketFactory.Set(name, value);
}

Ptr<Socket>
TwAvoidTcpSocketFactory::CreateSocket()
{
    NS_LOG_FUNCTION(this);
    Ptr<TcpL4Protocol> tcp = GetObject<TcpL4Protocol>();
    NS_ABORT_MSG_IF(!tcp, "TwAvoidTcpSocketFactory: the node has no TcpL4Protocol");

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
    tcp->AddSocket(socket);
    return socket;
}

} // namespace ns3
