/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TCP_SOCKET_EXTENSIONS_H
#define TCP_SOCKET_EXTENSIONS_H

#include "tcp-buffer-control.h"

#include "ns3/ptr.h"
#include "ns3/tcp-socket.h"

namespace ns3
{

class Socket;
class TcpBufferPolicy;
class TcpListenQueue;

/**
 * @ingroup tcp-host
 * @brief What an application may ask of a TCP socket beyond ns-3's Socket
 * API, as a Linux application asks with recv(MSG_PEEK), getsockopt(TCP_INFO),
 * close() with SO_LINGER {1, 0}, SO_SNDBUF and SO_RCVBUF.
 *
 * Applications (the HTTP server, the DTOC dispatcher, the proxy, the
 * experiments) use this interface rather than the socket's class, so that
 * any socket that offers it serves them; TcpHostSocket does. The buffer
 * sizes and counters are TcpBufferControl's, which buffer policies see.
 */
class TcpSocketExtensions : public TcpBufferControl
{
  public:
    ~TcpSocketExtensions() override = default;

    /**
     * @param socket any socket
     * @return its extensions, or null if it has none (ns-3's own sockets)
     */
    static TcpSocketExtensions* Of(Ptr<Socket> socket);

    /**
     * @param socket any socket
     * @return its extensions, or null if it has none (ns-3's own sockets)
     */
    static const TcpSocketExtensions* Of(Ptr<const Socket> socket);

    /// @return the TCP state, as TCP_INFO's tcpi_state reports it
    virtual TcpSocket::TcpStates_t GetState() const = 0;

    /// @return whether the peer's FIN has arrived, unread data or not (what
    /// recv(MSG_PEEK) sees as end of stream once the data is read)
    virtual bool PeerHasClosed() const = 0;

    /// @return the queues a listener listens with (null: none)
    virtual Ptr<TcpListenQueue> GetListenQueue() const = 0;

    /**
     * @brief Close at once with an RST, as close() with SO_LINGER {1, 0}.
     * @return 0
     */
    virtual int CloseWithReset() = 0;

    /// @return who sizes the socket's buffers
    virtual Ptr<TcpBufferPolicy> GetBufferPolicy() const = 0;

    /**
     * @brief Set who sizes the socket's buffers: before the connection is
     * established, or a policy that wraps the present one (which was told
     * Established already, and is told the rest through it).
     * @param policy the policy, used by this socket only
     */
    virtual void SetBufferPolicy(Ptr<TcpBufferPolicy> policy) = 0;
};

} // namespace ns3

#endif /* TCP_SOCKET_EXTENSIONS_H */
