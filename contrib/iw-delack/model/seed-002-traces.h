/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SEED_002_TRACES_H
#define SEED_002_TRACES_H

#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup iw-delack
 * @brief The tcpdump trace of one of the seed page's figures, transcribed
 * line for line in the page's format (TcpdumpLine::Parse reads it).
 * @param figure "2.1", "2.2", "3.1", "3.2", "3.3", "3.4" or "3.5"
 * @return the lines, separated by newlines
 */
const std::string& Seed002Trace(const std::string& figure);

/// @return the figures Seed002Trace knows
std::vector<std::string> Seed002Figures();

} // namespace ns3

#endif /* SEED_002_TRACES_H */
