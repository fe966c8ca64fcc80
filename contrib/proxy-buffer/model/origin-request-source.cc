/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "origin-request-source.h"

#include "ns3/abort.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(OriginRequestSource);

TypeId
OriginRequestSource::GetTypeId()
{
    static TypeId tid = TypeId("ns3::OriginRequestSource")
                            .SetParent<HttpRequestSource>()
                            .SetGroupName("ProxyBuffer")
                            .AddConstructor<OriginRequestSource>();
    return tid;
}

OriginRequestSource::OriginRequestSource()
    : m_pick(CreateObject<UniformRandomVariable>())
{
}

void
OriginRequestSource::AddOrigin(const std::string& name)
{
    NS_ABORT_MSG_IF(name.empty() || name.find('/') != std::string::npos,
                    "OriginRequestSource::AddOrigin: '" << name << "' is not a host name");
    m_origins.push_back(name);
}

void
OriginRequestSource::SetDocuments(Ptr<HttpFileSet> files)
{
    m_files = files;
}

std::string
OriginRequestSource::NextTarget()
{
    NS_ABORT_MSG_IF(m_origins.empty() || !m_files,
                    "OriginRequestSource: no origin or no documents");
    uint32_t k = m_pick->GetInteger(0, m_origins.size() - 1);
    return "http://" + m_origins[k] + m_files->Draw();
}

int64_t
OriginRequestSource::AssignStreams(int64_t stream)
{
    m_pick->SetStream(stream);
    return 1;
}

} // namespace ns3
