/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_BSD_DELAYED_ACK_H
#define TCP_BSD_DELAYED_ACK_H

#include "tcp-delayed-ack-policy.h"

namespace ns3
{

/**
 * @ingroup tcp-host
 * @brief 4.4BSD's delayed ACK (SunOS 4, IRIX, the BSD-derived stacks of the
 * 1990s).
 *
 * - In-sequence data only sets TF_DELACK (tcp_input, TCP_REASS and the
 *   header-prediction path): the ACK waits for the host's next 200 ms tick
 *   of tcp_fasttimo() (TcpDelayedAckClock), 0 to 200 ms later.
 * - An ACK goes out at once only from tcp_output(), when the application's
 *   reads have opened the window by at least two maximum segments, or by
 *   half the receive buffer ("adv >= 2 * t_maxseg", "2 * adv >= sb_hiwat":
 *   4.4BSD-Lite tcp_output.c; Stevens, TCP/IP Illustrated vol. 2, 26.3).
 *   The rule counts bytes, not segments: two segments of 1460 and 1176
 *   bytes (2636 < 2920) do not send it, which is what the seed's Figure 2.1
 *   shows.
 * - Out-of-order segments and FINs are acknowledged at once by the socket
 *   (TF_ACKNOW), as TcpSocketBase does.
 */
class TcpBsdDelayedAck : public TcpDelayedAckPolicy
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
    uint32_t m_updateSegments{2}; //!< Window opening, in MSS, that sends an update
};

} // namespace ns3

#endif /* TCP_BSD_DELAYED_ACK_H */
