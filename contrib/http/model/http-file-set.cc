/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "http-file-set.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/pointer.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HttpFileSet");

NS_OBJECT_ENSURE_REGISTERED(HttpDocumentStore);
NS_OBJECT_ENSURE_REGISTERED(HttpRequestSource);
NS_OBJECT_ENSURE_REGISTERED(HttpFileSet);
NS_OBJECT_ENSURE_REGISTERED(HttpFileSetRequestSource);

TypeId
HttpDocumentStore::GetTypeId()
{
    static TypeId tid = TypeId("ns3::HttpDocumentStore").SetParent<Object>().SetGroupName("Http");
    return tid;
}

TypeId
HttpRequestSource::GetTypeId()
{
    static TypeId tid = TypeId("ns3::HttpRequestSource").SetParent<Object>().SetGroupName("Http");
    return tid;
}

TypeId
HttpFileSet::GetTypeId()
{
    static TypeId tid = TypeId("ns3::HttpFileSet")
                            .SetParent<HttpDocumentStore>()
                            .SetGroupName("Http")
                            .AddConstructor<HttpFileSet>();
    return tid;
}

HttpFileSet::HttpFileSet()
    : m_uniform(CreateObject<UniformRandomVariable>())
{
}

std::string
HttpFileSet::AddFile(uint64_t size, double weight, const std::string& name)
{
    NS_ABORT_MSG_IF(!(weight > 0), "HttpFileSet: a file's weight must be positive");
    std::string target = name.empty() ? "/file" + std::to_string(m_targets.size()) : name;
    NS_ABORT_MSG_IF(target[0] != '/' || target.find_first_of(" \r\n") != std::string::npos ||
                        m_sizes.count(target),
                    "HttpFileSet: bad or repeated target '" << target << "'");
    m_sizes[target] = size;
    m_targets.push_back(target);
    m_cumulative.push_back((m_cumulative.empty() ? 0 : m_cumulative.back()) + weight);
    return target;
}

std::optional<uint64_t>
HttpFileSet::GetSize(const std::string& target) const
{
    auto it = m_sizes.find(target);
    if (it == m_sizes.end())
    {
        return std::nullopt;
    }
    return it->second;
}

std::string
HttpFileSet::Draw()
{
    NS_ABORT_MSG_IF(m_targets.empty(), "HttpFileSet: no files to draw from");
    double u = m_uniform->GetValue(0, m_cumulative.back());
    auto it = std::upper_bound(m_cumulative.begin(), m_cumulative.end(), u);
    size_t i = std::min<size_t>(it - m_cumulative.begin(), m_targets.size() - 1);
    return m_targets[i];
}

double
HttpFileSet::GetMeanSize() const
{
    double sum = 0;
    double previous = 0;
    for (size_t i = 0; i < m_targets.size(); ++i)
    {
        sum += (m_cumulative[i] - previous) * m_sizes.at(m_targets[i]);
        previous = m_cumulative[i];
    }
    return m_targets.empty() ? 0 : sum / m_cumulative.back();
}

uint32_t
HttpFileSet::GetN() const
{
    return m_targets.size();
}

int64_t
HttpFileSet::AssignStreams(int64_t stream)
{
    m_uniform->SetStream(stream);
    return 1;
}

TypeId
HttpFileSetRequestSource::GetTypeId()
{
    static TypeId tid = TypeId("ns3::HttpFileSetRequestSource")
                            .SetParent<HttpRequestSource>()
                            .SetGroupName("Http")
                            .AddConstructor<HttpFileSetRequestSource>()
                            .AddAttribute("FileSet",
                                          "The file set to draw targets from.",
                                          PointerValue(),
                                          MakePointerAccessor(&HttpFileSetRequestSource::m_files),
                                          MakePointerChecker<HttpFileSet>());
    return tid;
}

std::string
HttpFileSetRequestSource::NextTarget()
{
    NS_ABORT_MSG_IF(!m_files, "HttpFileSetRequestSource: no FileSet");
    return m_files->Draw();
}

} // namespace ns3
