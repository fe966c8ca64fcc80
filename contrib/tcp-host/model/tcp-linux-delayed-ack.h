/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_LINUX_DELAYED_ACK_H
#define TCP_LINUX_DELAYED_ACK_H

#include "tcp-delayed-ack-policy.h"

namespace ns3
{

/**
 * @ingroup tcp-host
 * @brief Today's Linux delayed ACK, simplified to what one short transfer
 * meets.
 *
 * - Quick-ACK mode at the start of a connection: the first
 *   min(QuickAcks, buffer / (2 MSS)) data segments are acknowledged at once
 *   (tcp_enter_quickack_mode, TCP_MAX_QUICKACKS = 16).
 * - Afterwards an ACK goes at once when more than one MSS is unacknowledged
 *   (__tcp_ack_snd_check), otherwise after AckTimeout, a per-connection
 *   timer started by the first deferred segment (TCP_ATO_MIN = 40 ms).
 * - A read sends a window update at once when the window left to the peer
 *   is at most half the buffer and the window an ACK would now advertise
 *   is at least twice it (tcp_cleanup_rbuf: "lots" of room freed): a
 *   window closed by a slow reader opens with the read, not with the
 *   peer's next zero-window probe. With less than half the buffer free, a
 *   window below one MSS (at most the buffer) or a sixteenth of the buffer
 *   counts as closed (__tcp_select_window's silly window avoidance). Its
 *   other case (an ACK pending for a
 *   small pushed segment when a read empties the buffer) is not modelled.
 */
class TcpLinuxDelayedAck : public TcpDelayedAckPolicy
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
    bool OnRead(const TcpAckState& state) override;
    Time GetDelay(Ptr<Node> node, Time now, Time standard) override;
    Ptr<TcpDelayedAckPolicy> Fork() const override;

  private:
    uint32_t m_quickAcks{16}; //!< Most segments acknowledged at once at the start
    Time m_ackTimeout;        //!< Delay of a deferred ACK
};

} // namespace ns3

#endif /* TCP_LINUX_DELAYED_ACK_H */
