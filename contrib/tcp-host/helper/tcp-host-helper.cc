/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-host-helper.h"

#include "ns3/abort.h"
#include "ns3/arp-l3-protocol.h"
#include "ns3/host-cpu.h"
#include "ns3/local-port-allocator.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/program-input.h"
#include "ns3/socket-memory.h"
#include "ns3/tcp-close-policy.h"
#include "ns3/tcp-delayed-ack-clock.h"
#include "ns3/tcp-host-model.h"
#include "ns3/tcp-host-profile.h"
#include "ns3/tcp-host-socket-factory.h"
#include "ns3/tcp-host-socket.h"
#include "ns3/tcp-input-stage.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-listen-queue.h"
#include "ns3/tcp-output-stage.h"
#include "ns3/tcp-socket-index.h"
#include "ns3/time-wait-table.h"
#include "ns3/user-defaults.h"

#include <sstream>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpHostHelper");

namespace
{

/**
 * @param node a node
 * @return how many of its aggregates answer for ns3::TcpSocketFactory
 */
uint32_t
TcpSocketFactories(Ptr<Node> node)
{
    uint32_t count = 0;
    Object::AggregateIterator it = node->GetAggregateIterator();
    while (it.HasNext())
    {
        count += it.Next()->GetInstanceTypeId().IsChildOf(TcpSocketFactory::GetTypeId());
    }
    return count;
}

} // namespace

TcpHostHelper::TcpHostHelper()
{
    m_socketFactoryFactory.SetTypeId(TcpHostSocketFactory::GetTypeId());
    m_socketType = TcpHostSocket::GetTypeId();
    m_hostFactory.SetTypeId(TcpHostModel::GetTypeId());
    m_memoryFactory.SetTypeId(SocketMemory::GetTypeId());
    m_inputFactory.SetTypeId(TcpInputStage::GetTypeId());
    m_outputFactory.SetTypeId(TcpOutputStage::GetTypeId());
    m_timeWaitFactory.SetTypeId(TimeWaitTable::GetTypeId());
    m_listenQueueFactory.SetTypeId(TcpListenQueue::GetTypeId());
    m_localPortFactory.SetTypeId(LocalPortAllocator::GetTypeId());
}

void
TcpHostHelper::SetSocketType(const std::string& tid)
{
    m_socketType = TypeId::LookupByName(tid);
    m_socketFactoryFactory.Set("SocketType", TypeIdValue(m_socketType));
}

TypeId
TcpHostHelper::GetSocketType() const
{
    return m_socketType;
}

void
TcpHostHelper::CheckAgainstUserDefault(TypeId tid,
                                       const std::string& name,
                                       const AttributeValue& value)
{
    TypeId::AttributeInformation info;
    if (!tid.LookupAttributeByName(name, &info))
    {
        throw std::invalid_argument("TcpHostHelper: " + tid.GetName() + " has no attribute '" +
                                    name + "' (--PrintAttributes=" + tid.GetName() +
                                    " lists them)");
    }
    if (!info.checker->CreateValidValue(value))
    {
        throw std::invalid_argument("TcpHostHelper: not a valid value for " + tid.GetName() +
                                    "::" + name);
    }
    if (!UserDefaults::IsSet(tid, name))
    {
        return;
    }
    std::string asked = value.SerializeToString(info.checker);
    std::string user = info.initialValue->SerializeToString(info.checker);
    if (asked != user)
    {
        throw std::invalid_argument("TcpHostHelper: " + tid.GetName() + "::" + name +
                                    " is set here to " + asked + ", but its default was set to " +
                                    user +
                                    " (--ns3::..., Config::SetDefault or "
                                    "NS_ATTRIBUTE_DEFAULT): set it through the program's or "
                                    "experiment's own option instead");
    }
}

void
TcpHostHelper::SetUserAttribute(ObjectFactory& factory,
                                const std::string& name,
                                const AttributeValue& value)
{
    CheckAgainstUserDefault(factory.GetTypeId(), name, value);
    factory.Set(name, value);
    m_userSet[factory.GetTypeId().GetName()].insert(name);
}

void
TcpHostHelper::SetSocketAttribute(const std::string& name, const AttributeValue& value)
{
    CheckAgainstUserDefault(m_socketType, name, value);
    m_socketAttributes.emplace_back(name, value.Copy());
}

void
TcpHostHelper::SetTcpAttribute(const std::string& name, const AttributeValue& value)
{
    CheckAgainstUserDefault(TcpL4Protocol::GetTypeId(), name, value);
    m_tcpAttributes.emplace_back(name, value.Copy());
}

void
TcpHostHelper::SetClosePolicy(Ptr<TcpClosePolicy> prototype)
{
    m_closePolicy = prototype;
}

void
TcpHostHelper::SetProfile(const std::string& name)
{
    const TcpHostProfile& profile = TcpHostProfile::Get(name);
    auto apply = [this](const TcpHostProfile::Settings& settings, ObjectFactory& factory) {
        TcpHostProfile::Apply(settings, factory, m_userSet[factory.GetTypeId().GetName()]);
    };
    apply(profile.hostModel, m_hostFactory);
    apply(profile.socketMemory, m_memoryFactory);
    apply(profile.outputStage, m_outputFactory);
    if (!profile.timeWaitTable.empty())
    {
        apply(profile.timeWaitTable, m_timeWaitFactory);
        m_timeWaitTable = true;
    }
    if (!profile.listenQueue.empty())
    {
        apply(profile.listenQueue, m_listenQueueFactory);
        m_listenQueues = true;
    }
    // Sockets and TCP take their attributes in order: the profile's go
    // first, so that the user's, given before or after, win; a user's
    // default too.
    auto first = [](const TcpHostProfile::Settings& settings,
                    TypeId tid,
                    std::vector<std::pair<std::string, Ptr<AttributeValue>>>& list) {
        std::vector<std::pair<std::string, Ptr<AttributeValue>>> profiles;
        for (const auto& [attribute, value] : settings)
        {
            if (!UserDefaults::IsSet(tid, attribute))
            {
                profiles.emplace_back(attribute, value->Copy());
            }
        }
        list.insert(list.begin(), profiles.begin(), profiles.end());
    };
    first(profile.socket, m_socketType, m_socketAttributes);
    first(profile.tcp, TcpL4Protocol::GetTypeId(), m_tcpAttributes);
}

void
TcpHostHelper::SetTimeWaitTableEnabled(bool enable)
{
    m_timeWaitTable = enable;
}

void
TcpHostHelper::SetTimeWaitTableAttribute(const std::string& name, const AttributeValue& value)
{
    SetUserAttribute(m_timeWaitFactory, name, value);
    m_timeWaitTable = true;
}

void
TcpHostHelper::SetListenQueueEnabled(bool enable)
{
    m_listenQueues = enable;
}

void
TcpHostHelper::SetListenQueueAttribute(const std::string& name, const AttributeValue& value)
{
    SetUserAttribute(m_listenQueueFactory, name, value);
    m_listenQueues = true;
}

void
TcpHostHelper::SetLocalPortAllocator(bool enable)
{
    m_localPorts = enable;
}

void
TcpHostHelper::SetLocalPortAttribute(const std::string& name, const AttributeValue& value)
{
    SetUserAttribute(m_localPortFactory, name, value);
    m_localPorts = true;
}

void
TcpHostHelper::SetHostModelEnabled(bool enable)
{
    m_hostModel = enable;
}

void
TcpHostHelper::SetHostModelAttribute(const std::string& name, const AttributeValue& value)
{
    SetUserAttribute(m_hostFactory, name, value);
}

void
TcpHostHelper::SetSocketMemoryAttribute(const std::string& name, const AttributeValue& value)
{
    SetUserAttribute(m_memoryFactory, name, value);
}

void
TcpHostHelper::SetInputStageAttribute(const std::string& name, const AttributeValue& value)
{
    SetUserAttribute(m_inputFactory, name, value);
}

void
TcpHostHelper::SetOutputStageAttribute(const std::string& name, const AttributeValue& value)
{
    SetUserAttribute(m_outputFactory, name, value);
}

void
TcpHostHelper::SetInternetStackHelper(const InternetStackHelper& stack)
{
    m_stack = stack;
}

void
TcpHostHelper::Install(NodeContainer nodes)
{
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        Install(*it);
    }
}

void
TcpHostHelper::Install(Ptr<Node> node)
{
    NS_LOG_FUNCTION(this << node);
    std::ostringstream problem;
    if (node->GetObject<TcpHostSocketFactory>() || node->GetObject<SocketMemory>())
    {
        problem << "node " << node->GetId() << " already has it";
    }
    else if (node->GetObject<TcpL4Protocol>())
    {
        problem << "node " << node->GetId()
                << " already has ns-3's TCP, whose ns3::TcpSocketFactory gives stock "
                   "TcpSocketBase sockets: install TcpHostHelper in place of InternetStackHelper "
                   "(it installs the internet stack)";
    }
    RequireValid("TcpHostHelper::Install", problem.str()); // a C++ or Python exception
    // TCP goes on first, its node set: TcpL4Protocol aggregates ns-3's own
    // TcpSocketFactory only when it learns its node from the aggregation,
    // and InternetStackHelper keeps a TCP it finds. The suite's factory is
    // then the node's one ns3::TcpSocketFactory (checked below).
    Ptr<TcpL4Protocol> tcp = CreateObject<TcpL4Protocol>();
    tcp->SetNode(node);
    node->AggregateObject(tcp);
    m_stack.Install(node);
    for (const auto& [name, value] : m_tcpAttributes)
    {
        tcp->SetAttribute(name, *value);
    }

    // The node's one owner of socket memory, read by the host model, the
    // sockets and any buffer policy or allocator the node gets later.
    node->AggregateObject(m_memoryFactory.Create<SocketMemory>());

    Ptr<TcpHostSocketFactory> factory = m_socketFactoryFactory.Create<TcpHostSocketFactory>();
    for (const auto& [name, value] : m_socketAttributes)
    {
        factory->SetSocketAttribute(name, *value);
    }
    factory->SetClosePolicy(m_closePolicy);
    if (m_listenQueues)
    {
        factory->SetListenQueueFactory(m_listenQueueFactory);
    }
    node->AggregateObject(factory);
    NS_ABORT_MSG_IF(TcpSocketFactories(node) != 1,
                    "TcpHostHelper: node "
                        << node->GetId()
                        << ": ns3::TcpSocketFactory has a provider besides the suite's (this ns-3 "
                           "aggregates its own, whose sockets are stock TcpSocketBase); "
                           "applications must ask for ns3::TcpHostSocketFactory");

    NS_ABORT_MSG_IF(m_timeWaitTable && !m_hostModel,
                    "TcpHostHelper: node " << node->GetId()
                                           << ": a TimeWaitTable needs the host model (its input "
                                              "stage hands the table its segments)");
    if (m_timeWaitTable)
    {
        node->AggregateObject(m_timeWaitFactory.Create<TimeWaitTable>());
    }
    if (m_hostModel)
    {
        node->AggregateObject(CreateObject<HostCpu>());
        node->AggregateObject(m_hostFactory.Create<TcpHostModel>());
    }
    // Every node: arriving segments reach the suite's sockets in one hash
    // probe (costed first where there is a host model).
    node->AggregateObject(CreateObject<TcpSocketIndex>());
    if (m_localPorts)
    {
        // It asks the index and the TIME_WAIT table, aggregated above.
        node->AggregateObject(m_localPortFactory.Create<LocalPortAllocator>());
    }
    m_inputFactory.Create<TcpInputStage>()->Install(node);
    m_outputFactory.Create<TcpOutputStage>()->Install(node);
}

int64_t
TcpHostHelper::AssignStreams(NodeContainer nodes, int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    // ns-3's first, after the suite's block: it also sets ARP's stream, at a
    // number that depends on ns-3's version, which the loop below replaces.
    int64_t used = 2 * int64_t(nodes.GetN());
    used += m_stack.AssignStreams(nodes, stream + used);
    for (uint32_t i = 0; i < nodes.GetN(); ++i)
    {
        Ptr<Node> node = nodes.Get(i);
        TcpDelayedAckClock::Get(node)->AssignStreams(stream + 2 * i);
        Ptr<ArpL3Protocol> arp = node->GetObject<ArpL3Protocol>();
        NS_ABORT_MSG_UNLESS(arp,
                            "TcpHostHelper::AssignStreams: node " << node->GetId()
                                                                  << " has no internet stack");
        arp->AssignStreams(stream + 2 * i + 1);
    }
    // After all the others, so that nodes without one draw as before.
    for (uint32_t i = 0; i < nodes.GetN(); ++i)
    {
        if (Ptr<LocalPortAllocator> ports = nodes.Get(i)->GetObject<LocalPortAllocator>())
        {
            used += ports->AssignStreams(stream + used);
        }
    }
    return used;
}

} // namespace ns3
