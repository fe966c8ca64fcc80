/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "http-dispatch-policy.h"

#include "ns3/log.h"
#include "ns3/socket.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HttpDispatchPolicy");

NS_OBJECT_ENSURE_REGISTERED(HttpDispatchPolicy);

TypeId
HttpDispatchPolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::HttpDispatchPolicy")
                            .SetParent<Object>()
                            .SetGroupName("Http")
                            .AddConstructor<HttpDispatchPolicy>();
    return tid;
}

HttpDispatchPolicy::~HttpDispatchPolicy()
{
}

HttpDispatchPolicy::Decision
HttpDispatchPolicy::Dispatch(const Waiting& /* connection */)
{
    return SERVE;
}

bool
HttpDispatchPolicy::TakeNewest(uint32_t /* queueLength */, Time /* oldestWaited */)
{
    return false;
}

Time
HttpDispatchPolicy::GetDecisionCost() const
{
    return Time(0);
}

} // namespace ns3
