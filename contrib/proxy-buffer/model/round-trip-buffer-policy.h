/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef ROUND_TRIP_BUFFER_POLICY_H
#define ROUND_TRIP_BUFFER_POLICY_H

#include "ns3/nstime.h"
#include "ns3/tcp-buffer-policy.h"

namespace ns3
{

/**
 * @ingroup proxy-buffer
 * @brief What the receive-buffer autotuning policies share: they count
 * bytes over one round trip at a time (the socket's smoothed RTT, or
 * InitialRtt before its first sample), then decide.
 */
class RoundTripBufferPolicy : public TcpBufferPolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

  protected:
    /// Start counting a new round now.
    void StartRound();

    /**
     * @brief Whether the round being counted has lasted a round trip.
     * @param socket the socket (its smoothed RTT)
     * @return true once it has
     */
    bool RoundOver(TcpBufferControl& socket) const;

    /// @return how long the round being counted has lasted
    Time RoundLength() const;

  private:
    Time m_initialRtt; //!< InitialRtt
    Time m_roundStart; //!< Start of the round being counted
};

} // namespace ns3

#endif /* ROUND_TRIP_BUFFER_POLICY_H */
