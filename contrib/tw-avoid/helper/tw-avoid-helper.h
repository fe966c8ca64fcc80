/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TW_AVOID_HELPER_H
#define TW_AVOID_HELPER_H

#include "ns3/tcp-host-helper.h"

namespace ns3
{

/**
 * @defgroup tw-avoid tw-avoid
 * TIME_WAIT avoidance (Faber, Touch, Yue): the swap close and negotiated placement as close
 * policies, the draft's testbed and its Tables 1-3.
 */

/**
 * @ingroup tw-avoid
 * @brief TcpHostHelper with the TIME_WAIT draft's roles.
 *
 * The role of the nodes installed next chooses their sockets' close policy:
 * clients TcpSwapClose (a client that closes second keeps TIME_WAIT),
 * servers the standard close. With SetNegotiate(true) the sockets use
 * TcpNegotiatedClose, falling back to the role's policy when the peer does
 * not take part.
 */
class TwAvoidHelper : public TcpHostHelper
{
  public:
    /// The node's role, which sets the close policy of its sockets.
    enum Role
    {
        CLIENT, //!< Passive closes are swap closes (TIME_WAIT stays here)
        SERVER, //!< Standard closes
    };

    /**
     * @brief Set the role of the nodes installed next.
     * @param role the role
     */
    void SetRole(Role role);

    /**
     * @brief Negotiate on the handshake that the client keeps TIME_WAIT.
     * @param negotiate true for TcpNegotiatedClose
     */
    void SetNegotiate(bool negotiate);

    void Install(Ptr<Node> node) override;
    using TcpHostHelper::Install;

    /**
     * @brief The close policy Install gives the TcpHostSocket sockets of a role.
     * @param role the role
     * @param negotiate true for TcpNegotiatedClose, falling back to the role's policy
     * @return a new policy (to hand to TcpHostHelper::SetClosePolicy as a prototype)
     */
    static Ptr<TcpClosePolicy> CreateClosePolicy(Role role, bool negotiate);

  private:
    Role m_role{SERVER};     //!< Role of the nodes installed next
    bool m_negotiate{false}; //!< Use the negotiated placement
};

} // namespace ns3

#endif /* TW_AVOID_HELPER_H */
