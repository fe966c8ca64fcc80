/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "max-min-share.h"

#include <algorithm>
#include <numeric>

namespace ns3
{

std::vector<uint64_t>
MaxMinShare(const std::vector<uint64_t>& demands, uint64_t pool)
{
    std::vector<uint64_t> share(demands.size(), 0);
    std::vector<size_t> order(demands.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&demands](size_t a, size_t b) {
        return demands[a] < demands[b];
    });
    uint64_t left = pool;
    for (size_t k = 0; k < order.size(); ++k)
    {
        uint64_t others = order.size() - k; // this one and the larger ones
        uint64_t equal = left / others;
        if (demands[order[k]] <= equal)
        {
            share[order[k]] = demands[order[k]]; // below its equal share: met in full
            left -= demands[order[k]];
            continue;
        }
        // Every remaining demand exceeds the equal share: split what is left.
        uint64_t extra = left % others;
        for (size_t j = k; j < order.size(); ++j)
        {
            share[order[j]] = equal + (j - k < extra ? 1 : 0);
        }
        break;
    }
    return share;
}

} // namespace ns3
