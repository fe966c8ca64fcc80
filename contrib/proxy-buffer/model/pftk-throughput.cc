/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "pftk-throughput.h"

#include "ns3/abort.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

double
PftkThroughput(double lossRatio,
               Time rtt,
               Time rto,
               uint32_t segmentSize,
               uint64_t maxWindow,
               uint32_t segmentsPerAck)
{
    NS_ABORT_MSG_IF(!(lossRatio >= 0 && lossRatio <= 1),
                    "PftkThroughput: the loss ratio must be in [0, 1], not " << lossRatio);
    NS_ABORT_MSG_IF(!rtt.IsStrictlyPositive(), "PftkThroughput: the RTT must be positive");
    NS_ABORT_MSG_IF(rto.IsStrictlyNegative(), "PftkThroughput: the RTO must not be negative");
    NS_ABORT_MSG_IF(segmentSize == 0 || maxWindow == 0 || segmentsPerAck == 0,
                    "PftkThroughput: segment size, window and segments per ACK must be "
                    "positive");
    double r = rtt.GetSeconds();
    double cap = double(maxWindow) / r; // bytes per second
    double p = lossRatio;
    double b = segmentsPerAck;
    double perSegment =
        r * std::sqrt(2 * b * p / 3) +
        rto.GetSeconds() * std::min(1.0, 3 * std::sqrt(3 * b * p / 8)) * p * (1 + 32 * p * p);
    if (perSegment <= 0)
    {
        return cap; // no loss: the window alone limits
    }
    return std::min(cap, segmentSize / perSegment);
}

} // namespace ns3
