/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_NEGOTIATED_CLOSE_H
#define TCP_NEGOTIATED_CLOSE_H

#include "ns3/tcp-close-policy.h"

namespace ns3
{

/**
 * @ingroup tw-avoid
 * @brief Negotiated placement of TIME_WAIT: the two ends agree during the
 * handshake that the active opener (the client) keeps it.
 *
 * The draft calls this the cleaner solution and did not build it. Offer on
 * the SYN, agreement on the SYN-ACK, confirmation on the ACK that completes
 * the handshake, each with the TcpTimeWaitOption. Each end commits only once
 * it knows the other has: the client on the agreement, the server on the
 * confirmation. Once committed, the client keeps TIME_WAIT however the
 * connection closes (as passive closer without an RST), and the server
 * skips it. An end that is not committed (the peer does not take part, or
 * an option was lost or stripped) closes as its Fallback policy says, so
 * at worst both ends keep TIME_WAIT, never neither.
 */
class TcpNegotiatedClose : public TcpClosePolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TcpNegotiatedClose();

    /**
     * @brief Copy constructor (for Fork).
     * @param other the policy to copy
     */
    TcpNegotiatedClose(const TcpNegotiatedClose& other);

    std::string GetName() const override;
    PassiveEnd GetPassiveEnd() const override;
    bool KeepsTimeWaitAfterActiveClose() const override;
    std::vector<uint8_t> OptionToSend(uint8_t flags) override;
    void HandshakeSegment(const TcpHeader& header, TcpSocket::TcpStates_t state) override;
    Ptr<TcpClosePolicy> Fork() const override;

    /// @return whether this end has committed to the negotiated placement
    bool IsNegotiated() const;

  private:
    /**
     * @brief Set the fallback policy's type (attribute setter).
     * @param tid a TcpClosePolicy type
     */
    void SetFallbackType(TypeId tid);

    /// @return the fallback policy's type (attribute getter)
    TypeId GetFallbackType() const;

    Ptr<TcpClosePolicy> m_fallback; //!< Used when not committed
    bool m_activeOpener{false};     //!< This end sent the first SYN
    bool m_peerOffered{false};      //!< The SYN being answered carried the option
    bool m_agreed{false};           //!< Passive opener: agreed on its SYN-ACK
    bool m_confirmed{false};        //!< Active opener: confirmed on its handshake ACK
    bool m_negotiated{false};       //!< Committed: the active opener keeps TIME_WAIT
};

} // namespace ns3

#endif /* TCP_NEGOTIATED_CLOSE_H */
