/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PFTK_THROUGHPUT_H
#define PFTK_THROUGHPUT_H

#include "ns3/nstime.h"

#include <cstdint>

namespace ns3
{

/**
 * @defgroup proxy-buffer proxy-buffer
 * Socket buffers that follow the network (E2-ATBT, receive-buffer
 * autotuning) and an HTTP proxy that manages its persistent connections
 * (seed 004).
 */

/**
 * @ingroup proxy-buffer
 * @brief The steady-state throughput of a bulk TCP connection from its loss
 * ratio, round-trip time and retransmission timeout: the approximate model
 * of Padhye, Firoiu, Towsley and Kurose ("Modeling TCP Reno Performance",
 * IEEE/ACM ToN 2000, eq. (30); SIGCOMM'98 eq. (33)), timeout term included,
 * capped by the largest window:
 *
 *   B = min( Wmax / RTT,
 *            1 / ( RTT sqrt(2bp/3) + T0 min(1, 3 sqrt(3bp/8)) p (1 + 32 p^2) ) )
 *
 * in segments per second, times the segment size. b is the number of
 * segments one ACK acknowledges (2 with delayed ACKs). With no loss the
 * window cap alone holds. Aborts with a message on a loss ratio outside
 * [0, 1], a non-positive RTT, segment size, b or window, or a negative RTO.
 *
 * @param lossRatio p, lost segments per segment sent
 * @param rtt the smoothed round-trip time
 * @param rto the retransmission timeout T0
 * @param segmentSize bytes per segment
 * @param maxWindow the largest window, bytes (Wmax x segment size)
 * @param segmentsPerAck b
 * @return bytes per second
 */
double PftkThroughput(double lossRatio,
                      Time rtt,
                      Time rto,
                      uint32_t segmentSize,
                      uint64_t maxWindow,
                      uint32_t segmentsPerAck = 2);

} // namespace ns3

#endif /* PFTK_THROUGHPUT_H */
