/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HTTP_PROXY_H
#define HTTP_PROXY_H

#include "idle-connection-table.h"
#include "persistent-connection-manager.h"

#include "ns3/application.h"
#include "ns3/http-parser.h"
#include "ns3/inet-socket-address.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

#include <deque>
#include <list>
#include <map>
#include <optional>
#include <string>

namespace ns3
{

class Socket;
class HttpDocumentStore;

/**
 * @ingroup proxy-buffer
 * @brief The HTTP/1.1 proxy of the proxy paper (seed 004, section 4):
 * persistent connections on both sides, a cache decided by a hit ratio,
 * and admission against MaxConnections.
 *
 * Downstream, clients connect and send requests in absolute form
 * (`GET http://origin/path HTTP/1.1`). Each request is a hit with
 * probability HitRatio (no replacement algorithm, as in the paper): the
 * proxy answers it from Store. A miss goes upstream, origin-form, on an
 * idle persistent connection to that origin if there is one, or on a new
 * one; the origin's response is relayed byte for byte as the client's
 * connection has room, so that a slow client slows the origin (TCP's
 * windows) instead of filling the proxy. An interim (1xx) response is
 * relayed too, and the transfer ends with the final one (RFC 9110 section
 * 15.2). With E2-ATBT on the proxy's node (E2AtbtSendBuffer on client
 * connections, E2AtbtRcvBuffer on upstream ones: UpstreamBufferPolicy), the
 * client's connection is paired with the upstream one that feeds it
 * (E2AtbtAllocator::Pair), so that its send buffer is capped by what that
 * upstream connection can deliver.
 *
 * RequestBuffer sizes the buffers that carry only requests (a client
 * connection's receive buffer, an upstream connection's send buffer), so
 * that a pool of socket memory (SocketMemory, Accounting SocketBuffers) is
 * spent on the directions that carry documents.
 *
 * Every connection, both sides, is registered with the Manager
 * (PersistentConnectionManager): idle between requests, active while a
 * request is served. A connection that cannot be opened because
 * MaxConnections are open (the manager's) is refused (Admission Refuse: the
 * paper's schemes 1 and 2; a client's SYN is ignored, and retransmitted by
 * the client; a miss is answered with 503), or gets room by closing the oldest idle connection
 * (EvictIdle: schemes 3 and 4).
 *
 * As a reverse proxy (ReverseTo), requests in origin form (`GET /path`, what
 * a client that does not know of the proxy sends) go to one origin, as
 * nginx's `proxy_pass` sends them.
 *
 * A client that closes its connection while its request is at an origin
 * has given up on it. ClientAbort says what becomes of that request: Abort
 * (nginx's default, `proxy_ignore_client_abort off`) closes the upstream
 * connection with it, so that the origin sees the close and may drop the
 * request (DTOC, `abortonclose`); Ignore (`proxy_ignore_client_abort on`)
 * lets it run to its end at the origin and reads the response for no one.
 */
class HttpProxy : public Application
{
  public:
    /// What happens when MaxConnections are open.
    enum Admission
    {
        REFUSE,     //!< Refuse the new connection (schemes 1 and 2)
        EVICT_IDLE, //!< Close the oldest idle one for it (schemes 3 and 4)
    };

    /// What becomes of a request at an origin whose client has closed.
    enum ClientAbort
    {
        ABORT,  //!< Close the upstream connection with it (nginx's default)
        IGNORE, //!< Let it finish at the origin; read its response for no one
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    HttpProxy();
    ~HttpProxy() override;

    /**
     * @brief Name an origin server.
     * @param name the host name requests use
     * @param address its address and port
     */
    void AddOrigin(const std::string& name, InetSocketAddress address);

    /**
     * @brief Use a fixed random stream for the hit-or-miss draw.
     * @param stream the stream
     * @return streams used (1)
     */
    int64_t AssignStreams(int64_t stream);

    /// Counters since the start.
    struct Stats
    {
        uint64_t requests{0};              //!< Requests received
        uint64_t hits{0};                  //!< Answered from the cache
        uint64_t misses{0};                //!< Sent upstream
        uint64_t upstreamReused{0};        //!< Misses served on an idle persistent connection
        uint64_t upstreamOpened{0};        //!< Upstream connections opened
        uint64_t upstreamConnectErrors{0}; //!< Upstream connect() failed at once (no local port)
        uint64_t refused{0};               //!< Client connections refused (MaxConnections)
        uint64_t unavailable{0};           //!< Misses answered 503 (no upstream connection)
        uint64_t badRequests{0};           //!< Malformed requests or unknown origins
        uint64_t bytesToClients{0};        //!< Bytes sent downstream
        uint64_t bytesFromOrigins{0};      //!< Bytes received upstream
        uint64_t clientAborts{0};          //!< Clients gone with their request at an origin
        uint64_t responsesDiscarded{0};    //!< Responses read for no one (ClientAbort Ignore)
    };

    /// @return the counters
    const Stats& GetStats() const;

    /// @return the connection manager
    Ptr<PersistentConnectionManager> GetManager() const;

    /**
     * @brief TracedCallback signature for a request served.
     * @param [in] duration from the request's arrival to its response's last byte queued
     * @param [in] bytes response bytes sent
     * @param [in] hit answered from the cache
     */
    typedef void (*RequestTracedCallback)(Time duration, uint64_t bytes, bool hit);

    /**
     * @brief TracedCallback signature for a pairing at E2-ATBT.
     * @param [in] downstream the client connection's id at the allocator
     * @param [in] upstream the upstream connection's id (0: unpaired)
     */
    typedef void (*PairTracedCallback)(uint32_t downstream, uint32_t upstream);

    /**
     * @brief TracedCallback signature for a client gone with its request at an origin.
     * @param [in] waited from the request's arrival at the proxy to the client's close
     * @param [in] aborted the upstream connection was closed with it (ClientAbort Abort)
     */
    typedef void (*ClientAbortTracedCallback)(Time waited, bool aborted);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// A client's connection.
    struct Downstream
    {
        ConnectionKey key;                       //!< Its identity
        HttpParser parser{HttpParser::REQUESTS}; //!< Its requests
        std::deque<HttpRequest> pending;         //!< Requests not yet served
        bool busy{false};                        //!< A request is being served
        Ptr<Socket> upstream;                    //!< Feeding it now (a miss)
        std::string head;                        //!< Local response head left to send
        uint64_t body{0};                        //!< Local response body left to send
        bool closeAfter{false};                  //!< Close once the response is sent
        Time started;                            //!< When the request served came
        uint64_t sent{0};                        //!< Bytes of its response sent
        bool hit{false};                         //!< Answered from the cache
    };

    /// A connection to an origin.
    struct Upstream
    {
        std::string origin;                       //!< Its origin's name
        ConnectionKey key;                        //!< Its identity (once connected)
        bool connected{false};                    //!< Established
        HttpParser parser{HttpParser::RESPONSES}; //!< The origin's responses
        Ptr<Socket> downstream;                   //!< The client it feeds now
        bool orphaned{false};                     //!< Its client has gone (ClientAbort Ignore)
        bool peerClosed{false};                   //!< The origin's FIN came; bytes may be left
        bool endedByClose{false};                 //!< The origin's close ended the response
        std::string request;                      //!< Request to send once connected
        Ptr<Packet> toClient;                     //!< Relayed bytes waiting for the client's room
    };

    bool AcceptRequest(Ptr<Socket> socket, const Address& from);
    void Accepted(Ptr<Socket> socket, const Address& from);
    void DownReceived(Ptr<Socket> socket);
    void DownSpace(Ptr<Socket> socket, uint32_t available);
    void DownClosed(Ptr<Socket> socket);
    void UpConnected(Ptr<Socket> socket);
    void UpFailed(Ptr<Socket> socket);
    void UpReceived(Ptr<Socket> socket);
    void UpClosed(Ptr<Socket> socket);
    void UpPeerClosed(Ptr<Socket> socket);

    /**
     * @brief Serve the client's next request if it has one and none is served.
     * @param socket the client's connection
     */
    void ServeNext(Ptr<Socket> socket);

    /**
     * @brief Answer locally (a hit, or an error).
     * @param socket the client's connection
     * @param response the response (its body length set)
     */
    void Answer(Ptr<Socket> socket, HttpResponse response);

    /**
     * @brief Send what is left of a local response, as room allows.
     * @param socket the client's connection
     */
    void SendLocal(Ptr<Socket> socket);

    /**
     * @brief Give a miss an upstream connection: an idle one to the origin,
     * or a new one if admission allows.
     * @param socket the client's connection
     * @param origin the origin's name
     * @param request the request, origin-form
     * @return false if no connection is allowed
     */
    bool Forward(Ptr<Socket> socket, const std::string& origin, const std::string& request);

    /**
     * @brief Move what the origin sent to the client, as the client's
     * connection has room; finish the request when the response is whole.
     * @param up the upstream connection
     */
    void Relay(Ptr<Socket> up);

    /**
     * @brief What the client gets of bytes the origin sent: each head
     * rebuilt for the client's connection (ClientHead), body bytes as they
     * came.
     * @param up the upstream connection
     * @param bytes the bytes, as read
     * @return the bytes for the client
     */
    Ptr<Packet> ForClient(Ptr<Socket> up, Ptr<Packet> bytes);

    /**
     * @brief Make a response's head the client's: the origin's connection
     * fields removed (RFC 9110 section 7.6.1), the proxy's own version (RFC
     * 9110 section 2.5), and "Connection: close" if the proxy closes the
     * client's connection after it. Relayed and local responses alike.
     * @param socket the client's connection
     * @param response the response
     */
    void ClientHead(Ptr<Socket> socket, HttpResponse& response);

    /**
     * @brief Send the relayed bytes waiting for the client, as room allows.
     * @param up the upstream connection
     * @return true if none are left
     */
    bool SendToClient(Ptr<Socket> up);

    /**
     * @brief Read what the origin sent for a client that has gone, and let
     * the connection go once the response is whole.
     * @param up the upstream connection
     */
    void Discard(Ptr<Socket> up);

    /**
     * @brief After a read of an upstream connection: its response once it is
     * whole (a body the origin's close delimits ends when nothing is left
     * to read). A malformed response, or one the origin's close cut, closes
     * the connection (and its client's, if it has one).
     * @param up the upstream connection
     * @return the response, or nothing yet (or ever, if closed)
     */
    std::optional<HttpResponse> FinishedResponse(Ptr<Socket> up);

    /**
     * @brief An upstream connection's response is whole: back to the idle
     * connections to its origin, or closed if the response closes it.
     * @param up the upstream connection
     * @param closes the response closes the connection
     */
    void UpstreamDone(Ptr<Socket> up, bool closes);

    /**
     * @brief A request is done: the client's connection goes idle and
     * serves what it has next.
     * @param socket the client's connection
     */
    void RequestDone(Ptr<Socket> socket);

    /**
     * @brief Pair the client's connection with the upstream one at E2-ATBT.
     * @param down the client's connection
     * @param up the upstream one (null: unpair)
     */
    void Pair(Ptr<Socket> down, Ptr<Socket> up);

    /**
     * @brief Whether one more connection may open (making room if Admission
     * allows); if so, a place is kept for it at the manager until it is
     * established. (A client whose handshake never completes keeps its
     * place: ns-3 tells a listener nothing of it.)
     * @return true if it may
     */
    bool Admit();

    /**
     * @brief Close a client's connection and forget it (and its upstream, if
     * a response was under way).
     * @param socket the connection
     */
    void CloseDownstream(Ptr<Socket> socket);

    /**
     * @brief Close an upstream connection and forget it.
     * @param socket the connection
     */
    void CloseUpstream(Ptr<Socket> socket);

    /**
     * @brief Choose the buffer policy of connections to origins.
     * @param name a TcpBufferPolicy type's name, or "" for the factory's
     */
    void SetUpstreamBufferPolicy(std::string name);

    /// @return the buffer policy type of connections to origins, "" for the factory's
    std::string GetUpstreamBufferPolicy() const;

    uint32_t m_requestBuffer;                               //!< RequestBuffer
    uint16_t m_port;                                        //!< Port
    TypeId m_protocol;                                      //!< Protocol
    TypeId m_upstreamPolicy;                                //!< UpstreamBufferPolicy
    double m_hitRatio;                                      //!< HitRatio
    Admission m_admission;                                  //!< Admission
    ClientAbort m_clientAbort;                              //!< ClientAbort
    std::string m_reverseTo;                                //!< ReverseTo
    Ptr<HttpDocumentStore> m_store;                         //!< Store
    Ptr<PersistentConnectionManager> m_manager;             //!< Manager
    Ptr<UniformRandomVariable> m_hit;                       //!< Draws hits
    Ptr<Socket> m_listener;                                 //!< Listening socket
    std::map<std::string, InetSocketAddress> m_origins;     //!< By name
    std::map<Ptr<Socket>, Downstream> m_down;               //!< Client connections
    std::map<Ptr<Socket>, Upstream> m_up;                   //!< Origin connections
    std::map<std::string, std::list<Ptr<Socket>>> m_idleUp; //!< Idle, by origin
    Stats m_stats;                                          //!< Counters
    TracedCallback<Time, uint64_t, bool> m_requestTrace;    //!< Request served
    TracedCallback<uint32_t, uint32_t> m_pairTrace;         //!< Pairing at E2-ATBT
    TracedCallback<Time, bool> m_clientAbortTrace;          //!< A client gone
};

} // namespace ns3

#endif /* HTTP_PROXY_H */
