/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TIME_WAIT_RST_RULE_H
#define TIME_WAIT_RST_RULE_H

#include <cstdint>

namespace ns3
{

/**
 * @ingroup tcp-host
 * @brief Which RST may end TIME_WAIT: one rule, whether TIME_WAIT is kept
 * by a whole socket (TcpHostSocket) or by a compact record (TimeWaitTable),
 * and one knob, TcpHostSocket's TimeWaitRstPolicy attribute, which a record
 * inherits from the socket it replaces.
 *
 * An RST ends TIME_WAIT only when all of these hold (tcp-host.rst, "Which
 * RST may end TIME_WAIT"):
 * - the policy is ACCEPT (RFC 793, BSD, Linux's tcp_rfc1337 = 0; IGNORE is
 *   RFC 1337's remedy);
 * - the TIME_WAIT is an active closer's (a swap closer's or a negotiated
 *   keeper's is never ended by an RST: no RST is part of those closes);
 * - the RST is at exactly RCV.NXT (RFC 5961);
 * - the peer's FIN has been acknowledged exactly once, so that the RST can
 *   only answer that one ACK (the swap close's RST does). After a second
 *   ACK (a resent FIN, an old SYN answered), the RST may be a closed peer's
 *   answer to the duplicate, carrying the same number: accepting it would
 *   take TIME_WAIT away from both ends. Linux accepts that RST too; the
 *   suite does not, whoever keeps TIME_WAIT.
 */
class TimeWaitRstRule
{
  public:
    /// What TIME_WAIT does with an RST the rule's other conditions let in.
    enum Policy : uint8_t
    {
        ACCEPT, //!< End TIME_WAIT (RFC 793, BSD, SunOS, Linux's default)
        IGNORE, //!< Keep it (RFC 1337, net.ipv4.tcp_rfc1337 = 1; stock ns-3)
    };

    TimeWaitRstRule() = default;

    /// @param policy what an acceptable RST does
    explicit TimeWaitRstRule(Policy policy);

    /// @param policy what an acceptable RST does
    void SetPolicy(Policy policy);

    /// @return what an acceptable RST does
    Policy GetPolicy() const;

    /// A segment that acknowledges the peer's FIN was sent.
    void NoteFinAcked();

    /// @return segments sent that acknowledge the peer's FIN
    uint32_t GetFinAcks() const;

    /**
     * @param inSequence the RST is at RCV.NXT
     * @param closedActively the TIME_WAIT is an active closer's (not a swap
     *        closer's, not a negotiated keeper's)
     * @return whether the RST ends TIME_WAIT
     */
    bool Ends(bool inSequence, bool closedActively) const;

  private:
    Policy m_policy{ACCEPT}; //!< What an acceptable RST does
    uint32_t m_finAcks{0};   //!< Segments sent that acknowledge the peer's FIN
};

} // namespace ns3

#endif // TIME_WAIT_RST_RULE_H
