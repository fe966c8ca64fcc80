/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_SOLARIS_DELAYED_ACK_H
#define TCP_SOLARIS_DELAYED_ACK_H

#include "tcp-delayed-ack-policy.h"

namespace ns3
{

/**
 * @ingroup tcp-host
 * @brief Solaris 2.5.1/2.6's delayed ACK, as the seed's Figures 3.1 to 3.5
 * show it (the derivation, trace line by trace line, is in the tcp-host
 * documentation).
 *
 * - The first InitialAcks data segments of a connection are acknowledged
 *   at once: Solaris "recognizes the initial phase of a data transfer".
 * - A segment shorter than the MSS, arriving while the unacknowledged data
 *   before it is not a multiple of the MSS, has the data before it
 *   acknowledged: at once if it carries PSH or FIN, otherwise with the next
 *   tick, and it is itself held out of that ACK (the Solaris source's "this
 *   may be the tail piece of a transaction" rule: tcp_rput_data,
 *   tcp_rack_cnt). A short segment with nothing odd before it is deferred
 *   ("wait for the response").
 * - A full segment that brings the deferred data to DeferredAcksMax
 *   segments is acknowledged at once (tcp_deferred_acks_max).
 * - Deferred ACKs leave with the host's 200 ms tick (TcpDelayedAckClock):
 *   in Figures 3.1 and 3.2 the two delayed ACKs are 200.0 ms apart, and
 *   the first came 192.7 to 196.8 ms after the segment that deferred it.
 */
class TcpSolarisDelayedAck : public TcpDelayedAckPolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    std::string GetName() const override;
    bool DecidesAcks() const override;
    Verdict OnSegment(const TcpAckState& state) override;
    Time GetDelay(Ptr<Node> node, Time now, Time standard) override;
    Ptr<TcpDelayedAckPolicy> Fork() const override;

  private:
    uint32_t m_initialAcks{2};     //!< Data segments acknowledged at once at the start
    uint32_t m_deferredAcksMax{8}; //!< Deferred data, in MSS, that sends an ACK at once
};

} // namespace ns3

#endif /* TCP_SOLARIS_DELAYED_ACK_H */
