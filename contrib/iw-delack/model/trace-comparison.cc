/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "trace-comparison.h"

#include "seed-002-traces.h"

#include "ns3/abort.h"

#include <algorithm>
#include <optional>
#include <sstream>

namespace ns3
{

namespace
{

/**
 * @brief Whether two segments are the same for the comparison.
 * @param a one
 * @param b the other
 * @return true if the same
 */
bool
SameSegment(const TcpdumpLine& a, const TcpdumpLine& b)
{
    return a.fromClient == b.fromClient && a.syn == b.syn && a.fin == b.fin && a.rst == b.rst &&
           a.ack == b.ack && a.length == b.length &&
           (a.syn || (a.length == 0 && !a.fin) || a.seq == b.seq) &&
           (!a.ack || a.syn || a.ackNumber == b.ackNumber);
}

} // namespace

bool
IsDelayedAck(const std::vector<TcpdumpLine>& trace, size_t i)
{
    return i > 0 && i < trace.size() && trace[i].IsBareAck() &&
           trace[i].time - trace[i - 1].time > 0.03;
}

std::vector<TcpdumpLine>
ParseTrace(const std::string& text)
{
    std::vector<TcpdumpLine> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
    {
        if (line.find_first_not_of(" \t") == std::string::npos)
        {
            continue;
        }
        std::optional<TcpdumpLine> l = TcpdumpLine::Parse(line);
        NS_ABORT_MSG_UNLESS(l, "ParseTrace: not a tcpdump line: '" << line << "'");
        lines.push_back(*l);
    }
    return lines;
}

TraceComparison
CompareWithPage(const std::vector<TcpdumpLine>& simulated,
                uint16_t clientPort,
                const std::string& figure)
{
    std::vector<TcpdumpLine> page = ParseTrace(Seed002Trace(figure));
    TraceComparison result;
    size_t n = std::max(simulated.size(), page.size());
    for (size_t i = 0; i < n; ++i)
    {
        bool inSim = i < simulated.size();
        bool inPage = i < page.size();
        if (inSim && inPage && SameSegment(simulated[i], page[i]) &&
            IsDelayedAck(simulated, i) == IsDelayedAck(page, i))
        {
            continue;
        }
        result.firstDifference = i + 1;
        result.simulated = inSim ? simulated[i].Format(i + 1, clientPort) : "";
        result.page = inPage ? page[i].Format(i + 1, clientPort) : "";
        return result;
    }
    result.same = true;
    return result;
}

} // namespace ns3
