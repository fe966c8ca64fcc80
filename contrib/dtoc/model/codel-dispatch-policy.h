/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CODEL_DISPATCH_POLICY_H
#define CODEL_DISPATCH_POLICY_H

#include "ns3/http-dispatch-policy.h"
#include "ns3/traced-callback.h"

namespace ns3
{

/**
 * @ingroup dtoc
 * @brief How large services manage request queues today: a CoDel-style
 * queue-delay limit and adaptive LIFO (B. Maurer, "Fail at Scale", ACM
 * Queue 13(8), 2015), as a dispatch policy of HttpServer.
 *
 * The queue is congested when it has not been empty for Interval. A
 * connection taken from a congested queue that waited longer than Target is
 * dropped unserved (from a queue that is not congested, longer than
 * Interval): the server sheds what is probably stale without looking at the
 * connection. With AdaptiveLifo a congested queue is served newest first,
 * so fresh requests, whose users still wait, go before stale ones. The
 * decisions cost no CPU (the server knows when each connection arrived).
 */
class CodelDispatchPolicy : public HttpDispatchPolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    Decision Dispatch(const Waiting& connection) override;
    bool TakeNewest(uint32_t queueLength, Time oldestWaited) override;

    /// @return connections dropped for waiting too long
    uint64_t GetDrops() const;

    /**
     * @brief TracedCallback signature for a drop.
     * @param [in] waited how long the connection waited
     */
    typedef void (*DropTracedCallback)(Time waited);

  private:
    /// @return the queue has not been empty for Interval
    bool Congested() const;

    Time m_target;                    //!< Longest wait in a congested queue
    Time m_interval;                  //!< Congestion period; longest wait otherwise
    bool m_dropLate{true};            //!< Drop connections that waited too long
    bool m_adaptiveLifo{false};       //!< Newest first while congested
    Time m_lastEmpty{0};              //!< When the queue was last empty
    bool m_emptyAfterLastTake{true};  //!< The last take left the queue empty
    uint64_t m_drops{0};              //!< Drops
    TracedCallback<Time> m_dropTrace; //!< Trace: a drop
};

} // namespace ns3

#endif /* CODEL_DISPATCH_POLICY_H */
