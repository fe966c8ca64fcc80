/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-host-sampler-helper.h"

#include "ns3/log.h"
#include "ns3/program-input.h"
#include "ns3/string.h"

#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpHostSamplerHelper");

TcpHostSamplerHelper::TcpHostSamplerHelper()
{
    m_factory.SetTypeId(TcpHostSampler::GetTypeId());
}

void
TcpHostSamplerHelper::SetAttribute(const std::string& name, const AttributeValue& value)
{
    NS_LOG_FUNCTION(this << name);
    if (m_sampler)
    {
        throw std::invalid_argument("TcpHostSamplerHelper: set " + name +
                                    " before the first Install (the sampler is made there)");
    }
    TypeId::AttributeInformation info;
    if (!TcpHostSampler::GetTypeId().LookupAttributeByName(name, &info))
    {
        throw std::invalid_argument("TcpHostSamplerHelper: ns3::TcpHostSampler has no attribute '" +
                                    name + "'");
    }
    // Time's own parser ends the program on a malformed time given as a string.
    if (const auto* text = dynamic_cast<const StringValue*>(&value);
        text && info.checker->GetValueTypeName() == "ns3::TimeValue")
    {
        if (std::string why = ProgramInput::TimeProblem(text->Get()); !why.empty())
        {
            throw std::invalid_argument("TcpHostSamplerHelper: " + name + " " + why);
        }
    }
    Ptr<AttributeValue> checked = info.checker->CreateValidValue(value);
    if (!checked)
    {
        throw std::invalid_argument("TcpHostSamplerHelper: not a valid value for " + name + " (" +
                                    info.checker->GetUnderlyingTypeInformation() +
                                    "): " + value.SerializeToString(info.checker));
    }
    m_factory.Set(name, *checked);
}

Ptr<TcpHostSampler>
TcpHostSamplerHelper::GetSampler()
{
    if (!m_sampler)
    {
        m_sampler = m_factory.Create<TcpHostSampler>();
    }
    return m_sampler;
}

Ptr<TcpHostSampler>
TcpHostSamplerHelper::Install(NodeContainer nodes)
{
    Ptr<TcpHostSampler> sampler = GetSampler();
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        sampler->AddNode(*it);
    }
    return sampler;
}

Ptr<TcpHostSampler>
TcpHostSamplerHelper::Install(Ptr<Node> node)
{
    return Install(NodeContainer(node));
}

Ptr<TcpHostSampler>
TcpHostSamplerHelper::InstallAll()
{
    return Install(NodeContainer::GetGlobal());
}

} // namespace ns3
