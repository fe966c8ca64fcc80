/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RETRY_POLICY_H
#define RETRY_POLICY_H

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/random-variable-stream.h"

#include <deque>

namespace ns3
{

/**
 * @ingroup dtoc
 * @brief Whether and when a user who gave up on an attempt tries again.
 *
 * The client (DtocClient) asks only while the request has retries left
 * (its Retries attribute); the policy then says whether the retry is made
 * and after what wait. This base class retries at once, as the DTOC
 * paper's users do (figure 7's "1 retry"). Subclasses: BackoffRetryPolicy
 * (exponential backoff with jitter) and RetryBudgetPolicy (a cap on the
 * share of retries, over another policy's waits).
 */
class RetryPolicy : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /// A user issued a new request (its first attempt): a budget earns from it.
    virtual void Issued();

    /**
     * @brief An attempt was given up and the request has retries left.
     * @param retry which retry it would be: 1 for the first
     * @param [out] wait the time before the retry, if one is made
     * @return whether to make it
     */
    virtual bool Retry(uint32_t retry, Time& wait);

    /**
     * @brief Assign fixed random variable stream numbers.
     * @param stream first stream index
     * @return number of streams used
     */
    virtual int64_t AssignStreams(int64_t stream);
};

/**
 * @ingroup dtoc
 * @brief Exponential backoff with jitter: the n-th retry waits about
 * min(Max, Initial * Multiplier^(n-1)).
 *
 * The defaults are gRPC's connection backoff (doc/connection-backoff.md:
 * 1 s, times 1.6, at most 120 s) with Full jitter. Jitter as Brooker's
 * "Exponential Backoff And Jitter" (AWS Architecture Blog, 2015) names it: None (the wait itself),
 * Full (uniform in [0, wait]), Equal (wait/2 plus uniform in [0, wait/2]). Full jitter spreads the
 * retries of users who gave up together, so a burst of timeouts does not
 * come back as a burst.
 */
class BackoffRetryPolicy : public RetryPolicy
{
  public:
    /// How the wait is randomised.
    enum Jitter
    {
        NONE,  //!< The wait itself
        FULL,  //!< Uniform in [0, wait]
        EQUAL, //!< wait / 2 plus uniform in [0, wait / 2]
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    BackoffRetryPolicy();

    bool Retry(uint32_t retry, Time& wait) override;
    int64_t AssignStreams(int64_t stream) override;

  private:
    Time m_initial;                      //!< The first retry's wait before jitter
    double m_factor;                     //!< Growth per retry
    Time m_max;                          //!< Longest wait before jitter
    Jitter m_jitter;                     //!< How the wait is randomised
    Ptr<UniformRandomVariable> m_random; //!< The jitter's draws
};

/**
 * @ingroup dtoc
 * @brief A retry budget: retries may be at most a share of the requests of
 * the last Window, plus a small reserve; the waits come from another policy.
 *
 * Finagle's RetryBudget (com.twitter.finagle.service.RetryBudget, its
 * defaults: 20 % of requests over 10 s, at least 10 retries a second): a
 * retry is made if, counting it, the retries of the last Window are at most
 * MinRetriesPerSecond * Window + Percent / 100 * the requests issued in it.
 * A budget bounds what retries add to the offered load (at most Percent %
 * more, beyond the reserve), whatever the timeouts do. Counts are kept per
 * policy object: clients that share one share the budget (as the users
 * behind one Finagle client, or Envoy's per-cluster retry budget).
 */
class RetryBudgetPolicy : public RetryPolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    void Issued() override;
    bool Retry(uint32_t retry, Time& wait) override;
    int64_t AssignStreams(int64_t stream) override;

    /// @return retries the budget refused so far
    uint64_t GetRefused() const;

  protected:
    void DoDispose() override;

  private:
    /// Forget what is older than the window.
    void Expire();

    double m_percent;            //!< Retries allowed per 100 requests
    Time m_window;               //!< How far back requests and retries count
    double m_minPerSecond;       //!< The reserve, retries per second
    Ptr<RetryPolicy> m_waits;    //!< The waits of the retries made
    std::deque<Time> m_requests; //!< Requests issued within the window
    std::deque<Time> m_retries;  //!< Retries made within the window
    uint64_t m_refused{0};       //!< Retries refused
};

} // namespace ns3

#endif /* RETRY_POLICY_H */
