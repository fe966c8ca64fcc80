/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_BUFFER_POLICY_H
#define TCP_BUFFER_POLICY_H

#include "ns3/object.h"

#include <string>

namespace ns3
{

class TcpHostSocket;

/**
 * @ingroup tcp-host
 * @brief Who sizes a connection's socket buffers, and when: the buffer
 * policy slot of TcpHostSocket.
 *
 * The socket tells its policy when the connection is established, when new
 * data is acknowledged, when new data arrives in sequence, when the
 * application reads and when the connection is over; the policy may then resize the socket's
 * buffers (TcpHostSocket::ResizeSendBuffer, ResizeReceiveBuffer). This base class leaves the sizes
 * the socket was given (the standard behaviour). Receive-buffer autotuning and a node-wide
 * allocator plug in here. Forked into accepted sockets.
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
    virtual void Established(Ptr<TcpHostSocket> socket);

    /**
     * @brief New data was acknowledged.
     * @param socket the socket
     * @param bytes how many bytes the ACK acknowledged
     */
    virtual void DataAcked(Ptr<TcpHostSocket> socket, uint32_t bytes);

    /**
     * @brief New data arrived in sequence.
     * @param socket the socket
     * @param bytes how many bytes RCV.NXT advanced
     */
    virtual void DataReceived(Ptr<TcpHostSocket> socket, uint32_t bytes);

    /**
     * @brief The application read.
     * @param socket the socket
     * @param bytes how many bytes it read
     */
    virtual void DataRead(Ptr<TcpHostSocket> socket, uint32_t bytes);

    /**
     * @brief The connection has no more data to move: it reached TIME_WAIT
     * or CLOSED, or its socket is disposed. Called once, and only after
     * Established.
     * @param socket the socket; null when it is being disposed (it may be
     * half destroyed then: only forget it)
     */
    virtual void Closed(Ptr<TcpHostSocket> socket);

    /**
     * @brief A copy for a socket that a listening socket forks.
     * @return the copy
     */
    virtual Ptr<TcpBufferPolicy> Fork() const;
};

} // namespace ns3

#endif /* TCP_BUFFER_POLICY_H */
