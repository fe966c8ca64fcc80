/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_SWAP_CLOSE_H
#define TCP_SWAP_CLOSE_H

#include "ns3/tcp-close-policy.h"

namespace ns3
{

/**
 * @ingroup tw-avoid
 * @brief The TIME_WAIT draft's swap close: a passive closer keeps TIME_WAIT.
 *
 * The passive closer goes CLOSE_WAIT -> LAST_ACK_SWAP and, on the ACK of
 * its FIN, sends an RST and enters TIME_WAIT itself; the active closer (a
 * server whose TIME_WAIT RST policy is Accept) frees its TIME_WAIT TCB when
 * the RST arrives. Give it to the sockets of clients (TwAvoidHelper's
 * CLIENT role does).
 */
class TcpSwapClose : public TcpClosePolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    std::string GetName() const override;
    PassiveEnd GetPassiveEnd() const override;
    Ptr<TcpClosePolicy> Fork() const override;
};

} // namespace ns3

#endif /* TCP_SWAP_CLOSE_H */
