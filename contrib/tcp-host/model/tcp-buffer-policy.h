/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_BUFFER_POLICY_H
#define TCP_BUFFER_POLICY_H

#include "ns3/object.h"

#include <string>

namespace ns3
{

class TcpBufferControl;

/**
 * @ingroup tcp-host
 * @brief Who sizes a connection's socket buffers, and when: the buffer
 * policy slot of TcpHostSocket.
 *
 * The socket tells its policy when the connection is established, when new
 * data is acknowledged, when new data arrives in sequence, when the
 * application reads and when the connection is over; an application that
 * manages connections (a proxy's connection manager) tells it when the
 * connection goes idle and active again. The policy sees the connection
 * through TcpBufferControl only: its measurements and its two buffer
 * sizes, which it may set. This base class leaves the sizes the socket was
 * given (the standard behaviour). Receive-buffer autotuning and a
 * node-wide allocator plug in here. Forked into accepted sockets.
 */
class TcpBufferPolicy : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    ~TcpBufferPolicy() override;

    /// @return the policy's name, for logs
    virtual std::string GetName() const;

    /**
     * @brief The connection is established.
     * @param socket the socket
     */
    virtual void Established(TcpBufferControl& socket);

    /**
     * @brief New data was acknowledged.
     * @param socket the socket
     * @param bytes how many bytes the ACK acknowledged
     */
    virtual void DataAcked(TcpBufferControl& socket, uint32_t bytes);

    /**
     * @brief New data arrived in sequence.
     * @param socket the socket
     * @param bytes how many bytes RCV.NXT advanced
     */
    virtual void DataReceived(TcpBufferControl& socket, uint32_t bytes);

    /**
     * @brief The application read.
     * @param socket the socket
     * @param bytes how many bytes it read
     */
    virtual void DataRead(TcpBufferControl& socket, uint32_t bytes);

    /**
     * @brief The connection has no more data to move: it reached TIME_WAIT
     * or CLOSED, or its socket is disposed (it may be half destroyed then,
     * hence no socket here: forget it). Called once, and only after
     * Established.
     */
    virtual void Closed();

    /**
     * @brief Whether the send buffer this policy sizes draws from the
     * node's socket memory when its sockets do not charge every buffer
     * (SocketMemory's Accounting other than SocketBuffers): as Linux's
     * send-buffer autotuning draws from tcp_mem. The socket charges it,
     * from the connection's establishment to its end, and grants growth
     * only as the memory allows; the policy never touches the memory
     * itself. Under SocketBuffers the socket charges both buffers of every
     * connection whatever this says. The base class: false.
     * @return true if the send buffer draws from the socket memory
     */
    virtual bool SendBufferDrawsFromMemory() const;

    /**
     * @brief The application has put the connection aside between requests
     * (a persistent connection gone idle): it may hold fewer resources. The
     * base class: nothing (the buffers keep their sizes).
     * @param socket the socket
     */
    virtual void Idle(TcpBufferControl& socket);

    /**
     * @brief The application uses the connection again after Idle(). The
     * base class: nothing.
     * @param socket the socket
     */
    virtual void Active(TcpBufferControl& socket);

    /**
     * @brief A policy that wraps this one (GradualRelease) now shrinks the
     * buffers of the idle connection: leave them alone until Restored().
     * The base class: nothing (it never sizes them anyway).
     */
    virtual void Released();

    /**
     * @brief The wrapping policy has stopped shrinking: the connection is
     * active again.
     * @return true if this policy sizes the send buffer itself again (the
     *         wrapping policy leaves it alone), false if the wrapping policy
     *         should give it back the size it had before Released()
     */
    virtual bool Restored();

    /**
     * @brief A copy for a socket that a listening socket forks.
     * @return the copy
     */
    virtual Ptr<TcpBufferPolicy> Fork() const;
};

} // namespace ns3

#endif /* TCP_BUFFER_POLICY_H */
