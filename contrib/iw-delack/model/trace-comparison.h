/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TRACE_COMPARISON_H
#define TRACE_COMPARISON_H

// A simulated tcpdump trace against one of seed 002's pages: which ACKs
// were delayed, and where the two first differ.

#include "tcpdump-trace.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup iw-delack
 * @brief Whether a trace's line i is a delayed ACK: a bare ACK sent more
 * than 30 ms after the segment before it (the page's delayed ACKs come 33
 * to 200 ms after it, the ACKs its hosts send at once at most 17 ms).
 * @param trace the trace
 * @param i the line (0-based)
 * @return true for a delayed ACK
 */
bool IsDelayedAck(const std::vector<TcpdumpLine>& trace, size_t i);

/**
 * @ingroup iw-delack
 * @brief A simulated trace against one of the page's.
 */
struct TraceComparison
{
    bool same{false};          //!< Same segments, same ACKs, same ACKs delayed
    size_t firstDifference{0}; //!< 1-based line of the first difference (if not same)
    std::string simulated;     //!< That line in the simulation ("" if missing)
    std::string page;          //!< That line on the page ("" if missing)
};

/**
 * @brief Compare a simulated trace with a figure's, segment by segment:
 * direction, SYN, FIN and RST, data range, acknowledgement number, and
 * whether each bare ACK was delayed. PSH and windows are not compared (ns-3
 * does not set PSH; the windows depend on when the page's application read,
 * which it does not show).
 * @param simulated the simulated trace
 * @param clientPort for printing it
 * @param figure the figure
 * @return the comparison
 */
TraceComparison CompareWithPage(const std::vector<TcpdumpLine>& simulated,
                                uint16_t clientPort,
                                const std::string& figure);

/**
 * @brief Read a trace in the page's format.
 * @param text lines in the page's format
 * @return the segments (aborts on a line that is not one)
 */
std::vector<TcpdumpLine> ParseTrace(const std::string& text);

} // namespace ns3

#endif /* TRACE_COMPARISON_H */
