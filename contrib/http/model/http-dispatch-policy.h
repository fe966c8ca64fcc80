/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HTTP_DISPATCH_POLICY_H
#define HTTP_DISPATCH_POLICY_H

#include "ns3/nstime.h"
#include "ns3/object.h"

namespace ns3
{

class Socket;

/**
 * @ingroup http
 * @brief What an HttpServer's worker does with a connection it takes from
 * the accept queue: the server's dispatch seam.
 *
 * This base class serves every connection (a regular server). Subclasses
 * may drop a connection unserved (for instance one whose client has given
 * up while it waited: detection of timed-out requests), and say how much
 * CPU the decision costs the server (application work on the HostCpu).
 */
class HttpDispatchPolicy : public Object
{
  public:
    /// The decision on a waiting connection.
    enum Decision
    {
        SERVE, //!< Read its requests and answer them
        DROP,  //!< Close it unserved
    };

    /// What the server knows of a connection a worker takes from the accept queue.
    struct Waiting
    {
        Ptr<Socket> socket;   //!< The connection
        Time waited;          //!< How long it waited in the queue
        bool peerClosedSeen;  //!< The socket's close callback fired while it waited
        uint32_t queueLength; //!< Connections still waiting behind it
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    ~HttpDispatchPolicy() override;

    /**
     * @brief Decide on a connection a worker takes from the accept queue.
     * @param connection the connection and what the server knows of it
     * @return the decision
     */
    virtual Decision Dispatch(const Waiting& connection);

    /**
     * @brief Which waiting connection a free worker takes.
     * @param queueLength connections waiting
     * @param oldestWaited how long the oldest of them has waited
     * @return true for the newest (LIFO), false for the oldest (FIFO, this
     * base class)
     */
    virtual bool TakeNewest(uint32_t queueLength, Time oldestWaited);

    /**
     * @brief The server's CPU time for the decision just made.
     * @return the time (0 for this base class)
     */
    virtual Time GetDecisionCost() const;
};

} // namespace ns3

#endif /* HTTP_DISPATCH_POLICY_H */
