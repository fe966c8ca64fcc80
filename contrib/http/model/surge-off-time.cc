/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "surge-off-time.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SurgeOffTime");

NS_OBJECT_ENSURE_REGISTERED(SurgeOffTime);

TypeId
SurgeOffTime::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SurgeOffTime")
            .SetParent<RandomVariableStream>()
            .SetGroupName("Http")
            .AddConstructor<SurgeOffTime>()
            .AddAttribute("ActiveOffScale",
                          "Pause between two files of a page: its Weibull scale, s (SURGE's "
                          "alpha, 1.46).",
                          DoubleValue(1.46),
                          MakeDoubleAccessor(&SurgeOffTime::m_activeScale),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("ActiveOffShape",
                          "Pause between two files of a page: its Weibull shape (SURGE's "
                          "beta, 0.382).",
                          DoubleValue(0.382),
                          MakeDoubleAccessor(&SurgeOffTime::m_activeShape),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("InactiveOffScale",
                          "Think time between two pages: its Pareto scale k, s (SURGE: 1).",
                          DoubleValue(1),
                          MakeDoubleAccessor(&SurgeOffTime::m_inactiveScale),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("InactiveOffShape",
                          "Think time between two pages: its Pareto shape alpha (SURGE: 1.5).",
                          DoubleValue(1.5),
                          MakeDoubleAccessor(&SurgeOffTime::m_inactiveShape),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("EmbeddedScale",
                          "Files a page's base file embeds, rounded down: Pareto scale k "
                          "(SURGE: 1).",
                          DoubleValue(1),
                          MakeDoubleAccessor(&SurgeOffTime::m_embeddedScale),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("EmbeddedShape",
                          "Files a page's base file embeds: Pareto shape alpha (SURGE: 2.43).",
                          DoubleValue(2.43),
                          MakeDoubleAccessor(&SurgeOffTime::m_embeddedShape),
                          MakeDoubleChecker<double>(0));
    return tid;
}

SurgeOffTime::SurgeOffTime()
    : m_activeOff(CreateObject<WeibullRandomVariable>()),
      m_inactiveOff(CreateObject<ParetoRandomVariable>()),
      m_embedded(CreateObject<ParetoRandomVariable>())
{
    NS_LOG_FUNCTION(this);
}

void
SurgeOffTime::Configure()
{
    NS_ABORT_MSG_IF(!(m_activeScale > 0 && m_activeShape > 0 && m_inactiveScale > 0 &&
                      m_inactiveShape > 0 && m_embeddedScale > 0 && m_embeddedShape > 0),
                    "SurgeOffTime: every scale and shape must be positive");
    m_activeOff->SetAttribute("Scale", DoubleValue(m_activeScale));
    m_activeOff->SetAttribute("Shape", DoubleValue(m_activeShape));
    m_inactiveOff->SetAttribute("Scale", DoubleValue(m_inactiveScale));
    m_inactiveOff->SetAttribute("Shape", DoubleValue(m_inactiveShape));
    m_embedded->SetAttribute("Scale", DoubleValue(m_embeddedScale));
    m_embedded->SetAttribute("Shape", DoubleValue(m_embeddedShape));
}

void
SurgeOffTime::NewPage()
{
    double embedded = m_embedded->GetValue();
    NS_ABORT_MSG_IF(!(embedded >= 0), "SurgeOffTime: EmbeddedReferences drew " << embedded);
    m_embeddedLeft = static_cast<uint32_t>(std::min(std::floor(embedded), 1e6));
    ++m_pages;
}

double
SurgeOffTime::GetValue()
{
    if (!m_started)
    {
        Configure();
        m_started = true; // the first request was the first page's base file
        NewPage();
    }
    if (m_embeddedLeft > 0)
    {
        --m_embeddedLeft;
        return m_activeOff->GetValue();
    }
    NewPage(); // its base file comes after the think time
    return m_inactiveOff->GetValue();
}

uint32_t
SurgeOffTime::GetInteger()
{
    return static_cast<uint32_t>(GetValue());
}

int64_t
SurgeOffTime::AssignStreams(int64_t stream)
{
    m_activeOff->SetStream(stream);
    m_inactiveOff->SetStream(stream + 1);
    m_embedded->SetStream(stream + 2);
    return 3;
}

uint32_t
SurgeOffTime::GetEmbeddedLeft() const
{
    return m_embeddedLeft;
}

uint64_t
SurgeOffTime::GetPages() const
{
    return m_pages;
}

} // namespace ns3
