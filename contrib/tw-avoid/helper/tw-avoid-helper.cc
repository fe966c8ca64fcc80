/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tw-avoid-helper.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/tcp-demux-cost-shim.h"
#include "ns3/tcp-host-model.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-swap-close-socket.h"
#include "ns3/tcp-time-wait-option.h"
#include "ns3/tw-avoid-tcp-socket-factory.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TwAvoidHelper");

TwAvoidHelper::TwAvoidHelper()
{
    m_socketFactoryFactory.SetTypeId(TwAvoidTcpSocketFactory::GetTypeId());
    m_hostFactory.SetTypeId(TcpHostModel::GetTypeId());
    m_shimFactory.SetTypeId(TcpDemuxCostShim::GetTypeId());
}

void
TwAvoidHelper::SetRole(Role role)
{
    m_role = role;
}

void
TwAvoidHelper::SetSocketType(const std::string& tid)
{
    m_socketFactoryFactory.Set("SocketType", TypeIdValue(TypeId::LookupByName(tid)));
}

void
TwAvoidHelper::SetSocketAttribute(const std::string& name, const AttributeValue& value)
{
    m_socketAttributes.emplace_back(name, value.Copy());
}

void
TwAvoidHelper::SetHostModelEnabled(bool enable)
{
    m_hostModel = enable;
}

void
TwAvoidHelper::SetHostModelAttribute(const std::string& name, const AttributeValue& value)
{
    m_hostFactory.Set(name, value);
}

void
TwAvoidHelper::SetShimAttribute(const std::string& name, const AttributeValue& value)
{
    m_shimFactory.Set(name, value);
}

void
TwAvoidHelper::SetInternetStackHelper(const InternetStackHelper& stack)
{
    m_stack = stack;
}

void
TwAvoidHelper::Install(NodeContainer nodes)
{
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        Install(*it);
    }
}

void
TwAvoidHelper::Install(Ptr<Node> node)
{
    NS_LOG_FUNCTION(this << node);
    NS_ABORT_MSG_IF(node->GetObject<TwAvoidTcpSocketFactory>(),
                    "TwAvoidHelper::Install: node " << node->GetId() << " already has it");
    if (!node->GetObject<TcpL4Protocol>())
    {
        m_stack.Install(node);
    }

    Ptr<TwAvoidTcpSocketFactory> factory = m_socketFactoryFactory.Create<TwAvoidTcpSocketFactory>();
    TypeIdValue socketType;
    factory->GetAttribute("SocketType", socketType);
    if (socketType.Get() == TcpSwapCloseSocket::GetTypeId() ||
        socketType.Get().IsChildOf(TcpSwapCloseSocket::GetTypeId()))
    {
        factory->SetSocketAttribute("CloseMode",
                                    EnumValue(m_role == CLIENT ? TcpSwapCloseSocket::CLOSE_SWAP
                                                               : TcpSwapCloseSocket::CLOSE));
    }
    for (const auto& [name, value] : m_socketAttributes)
    {
        factory->SetSocketAttribute(name, *value);
    }
    node->AggregateObject(factory);
    PreferFactory(node, factory);
    CreateObject<TcpTimeWaitOptionWriter>()->Install(node);

    if (m_hostModel)
    {
        node->AggregateObject(m_hostFactory.Create<TcpHostModel>());
        m_shimFactory.Create<TcpDemuxCostShim>()->Install(node);
    }
}

void
TwAvoidHelper::PreferFactory(Ptr<Node> node, Ptr<TwAvoidTcpSocketFactory> factory)
{
    // TcpL4Protocol aggregates its own factory, whose instance TypeId is
    // ns3::TcpSocketFactory; ours can only be aggregated beside it. Object
    // keeps its aggregates sorted by how often each was looked up and
    // GetObject returns the first match, so looking ours up by its own
    // TypeId more often than the stock one was looked up puts ours first,
    // for good: from then on every TcpSocketFactory lookup finds (and
    // counts) ours.
    for (uint32_t i = 0; i < 10000; ++i)
    {
        if (node->GetObject<TcpSocketFactory>() == factory)
        {
            return;
        }
        node->GetObject<TwAvoidTcpSocketFactory>();
        node->GetObject<TwAvoidTcpSocketFactory>();
    }
    NS_ABORT_MSG("TwAvoidHelper::Install: node " << node->GetId()
                                                 << " keeps finding the stock TcpSocketFactory");
}

} // namespace ns3
