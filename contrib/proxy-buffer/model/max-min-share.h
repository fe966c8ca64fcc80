/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MAX_MIN_SHARE_H
#define MAX_MIN_SHARE_H

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup proxy-buffer
 * @brief Divide a pool max-min fairly among demands (water filling): nobody
 * gets more than it asks for; a demand below its equal share is met in
 * full and the rest is shared again among the others. If the pool covers
 * every demand, each gets its demand.
 *
 * Integer units: the units an equal split leaves over go one each to the
 * unsatisfied demands in ascending order of demand (ties: the earlier one),
 * so the allocations add up to min(pool, sum of demands). O(n log n).
 *
 * @param demands what each asks for, in units (bytes)
 * @param pool what there is
 * @return the allocation of each, in the order of the demands
 */
std::vector<uint64_t> MaxMinShare(const std::vector<uint64_t>& demands, uint64_t pool);

} // namespace ns3

#endif /* MAX_MIN_SHARE_H */
