/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PACKET_LOSS_H
#define PACKET_LOSS_H

#include "ns3/net-device.h"
#include "ns3/ptr.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup proxy-buffer
 * @brief Make a device lose each packet it receives with a given
 * probability (a RateErrorModel by packet): a lossy path's direction.
 * @param device the receiving device
 * @param rate the loss probability, in [0, 1]
 * @param stream the random stream to draw from
 * @return the random streams used
 */
int64_t AddPacketLoss(Ptr<NetDevice> device, double rate, int64_t stream);

} // namespace ns3

#endif /* PACKET_LOSS_H */
