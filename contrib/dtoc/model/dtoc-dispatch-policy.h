/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DTOC_DISPATCH_POLICY_H
#define DTOC_DISPATCH_POLICY_H

#include "ns3/http-dispatch-policy.h"
#include "ns3/traced-callback.h"

namespace ns3
{

/**
 * @defgroup dtoc dtoc
 * Detection of timed-out client requests (DTOC) at a busy web server.
 */

/**
 * @ingroup dtoc
 * @brief DTOC: before serving a connection it takes from the accept queue, a
 * worker checks whether the client has already given up (closed), and if
 * so drops it unserved.
 *
 * Three detection methods, each real on the suite's socket:
 * - PEEK: look at the receive buffer for the client's FIN behind its request
 *   (what a BSD server learns by reading the request and then peeking with
 *   MSG_PEEK: end-of-stream; TcpHostSocket::PeerHasClosed);
 * - STATE: ask the socket for its TCP state (CLOSE_WAIT once the client's
 *   FIN has been processed);
 * - CALLBACK: the close callback the server registered on the socket fired
 *   while it waited.
 * All three see the close at the same moment, when the host's TCP has
 * processed the client's FIN; they differ in what the check costs (a
 * system call per check for PEEK and STATE, an upcall per close for
 * CALLBACK), which CheckCost charges as application work on the host's CPU.
 * With OnlyUnderOverload the check is made only when at least
 * OverloadQueueLength connections wait behind the one taken (the paper's
 * proposal: no cost while the server keeps up).
 */
class DtocDispatchPolicy : public HttpDispatchPolicy
{
  public:
    /// How the worker learns that the client has closed.
    enum Method
    {
        PEEK,     //!< End-of-stream behind the request in the receive buffer
        STATE,    //!< The socket's TCP state
        CALLBACK, //!< The socket's close callback
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    Decision Dispatch(const Waiting& connection) override;
    Time GetDecisionCost() const override;

    /// @return checks made so far
    uint64_t GetChecks() const;

    /// @return connections dropped so far
    uint64_t GetDrops() const;

    /**
     * @brief TracedCallback signature for a check.
     * @param [in] closed whether the client had closed
     * @param [in] waited how long the connection waited
     */
    typedef void (*CheckTracedCallback)(bool closed, Time waited);

  private:
    /**
     * @brief Whether the client of a waiting connection has closed, by the method.
     * @param connection the connection
     * @return true if it has
     */
    bool ClientClosed(const Waiting& connection) const;

    Method m_method{STATE};                  //!< Detection method
    Time m_checkCost;                        //!< CPU time per check
    bool m_onlyUnderOverload{false};         //!< Check only when connections wait
    uint32_t m_overloadQueue{1};             //!< Waiting connections that mean overload
    Time m_lastCost;                         //!< Cost of the decision just made
    uint64_t m_checks{0};                    //!< Checks made
    uint64_t m_drops{0};                     //!< Connections dropped
    TracedCallback<bool, Time> m_checkTrace; //!< Trace: a check
};

} // namespace ns3

#endif /* DTOC_DISPATCH_POLICY_H */
