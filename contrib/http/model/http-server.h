/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HTTP_SERVER_H
#define HTTP_SERVER_H

#include "http-dispatch-policy.h"
#include "http-parser.h"

#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <deque>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

class TcpListenQueue;

class Packet;

class Socket;
class Address;
class HostCpu;
class HttpDocumentStore;

/**
 * @ingroup http
 * @brief An HTTP/1.1 server with persistent connections and the CLIENT_CLOSE method.
 *
 * Requests are parsed from the byte stream (pipelined requests are answered
 * in order); documents come from an HttpDocumentStore. A connection stays
 * open between requests for KeepAliveTimeout and for at most
 * MaxRequestsPerConnection requests; a request with "Connection: close",
 * the last allowed request, a timeout and a malformed request (answered
 * with 400, 413, 431, 501 or 505) make the server close the connection
 * after its response: an active close, leaving TIME_WAIT at the server.
 *
 * CLIENT_CLOSE (draft-faber-time-wait-avoidance-00): the client ends the
 * connection and closes first. A server that knows the method
 * (KnowsClientClose) sends nothing and closes its end when the client's FIN
 * arrives, so that it is the passive closer and TIME_WAIT stays at the
 * client. A server that does not know it answers 501 like any unknown
 * method, to a connection that is already closed at the other end.
 *
 * Workers and the accept queue: with MaxWorkers = 0 (the default) every
 * accepted connection is served at once. With MaxWorkers = N, N
 * connections are served at a time (a process per connection, as Apache
 * 1.x); the others wait in the server's accept queue (ns-3's TCP has no
 * listen backlog, so the server keeps it), bounded by AcceptQueueLimit: a
 * connection that finds it full is closed at once, unread, and counted as
 * refused. When a worker is free it takes the oldest waiting connection and
 * asks its DispatchPolicy whether to serve it.
 *
 * With AcceptQueue = Kernel the waiting is done in the listener's
 * TcpListenQueue instead (Linux's accept queue; the node needs listen
 * queues: TcpHostHelper::SetListenQueueEnabled, or the Linux-6 profile):
 * AcceptQueueLimit is listen()'s backlog, a free worker calls accept(),
 * which gives the oldest, and the kernel's rules apply to the connections
 * that find it full (SYN or last ACK dropped, or an RST). The dispatch
 * policy then sees a connection's wait in the kernel queue and whether its
 * client has closed (PeerHasClosed, what epoll tells a process after
 * accept()); a policy that asks for the newest connection cannot be served
 * from accept() and stops the run with a message. The server's work on each
 * response (PerRequestCost, PerResponseByteCost) and on each dispatch
 * decision is application work on the node's HostCpu.
 */
class HttpServer : public Application
{
  public:
    /// Where connections wait for a worker.
    enum AcceptQueueMode
    {
        APPLICATION, //!< In the server: ns-3's listener hands over every connection at once
        KERNEL,      //!< In the listener's TcpListenQueue, taken with accept()
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    HttpServer();
    ~HttpServer() override;

    /// Counters since the start.
    struct Stats
    {
        uint64_t connectionsAccepted{0}; //!< Connections accepted
        uint64_t connectionsClosed{0};   //!< Connections ended (either side)
        uint64_t requests{0};            //!< Requests parsed (CLIENT_CLOSE included)
        uint64_t responses{0};           //!< Responses sent
        uint64_t clientCloses{0};        //!< CLIENT_CLOSE requests honoured
        uint64_t parseErrors{0};         //!< Connections closed on a malformed request
        uint64_t timeouts{0};            //!< Connections closed by the keep-alive timer
        uint64_t bodyBytes{0};           //!< Body bytes queued for sending
        uint64_t refused{0};             //!< Connections that found the accept queue full
        uint64_t dropped{0};             //!< Connections the dispatch policy dropped unserved
        uint64_t aborted{0};             //!< Connections whose responses were abandoned in service
    };

    /// @return the counters
    const Stats& GetStats() const;

    /// @return with AcceptQueue Kernel, once started: the listener's queues (else null)
    Ptr<TcpListenQueue> GetListenQueue() const;

    /// @return connections open now
    uint32_t GetOpenConnections() const;

    /**
     * @brief TracedCallback signature for a parsed request.
     * @param [in] request the request
     */
    typedef void (*RequestTracedCallback)(const HttpRequest& request);

    /**
     * @brief TracedCallback signature for a queued response.
     * @param [in] response the response
     */
    typedef void (*ResponseTracedCallback)(const HttpResponse& response);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// One byte range to send: a head (real bytes) or a body (zeros).
    struct Chunk
    {
        std::string head;     //!< Head bytes (if body is 0)
        uint64_t body{0};     //!< Body bytes
        size_t offset{0};     //!< Bytes of head or body already sent
        uint64_t response{0}; //!< Which response of the connection it belongs to
    };

    /// One accepted connection.
    struct Connection
    {
        HttpParser parser{HttpParser::REQUESTS}; //!< Request parser
        std::deque<Chunk> queue;                 //!< Bytes to send
        uint32_t requests{0};                    //!< Requests answered
        uint64_t queued{0};                      //!< Responses queued
        uint64_t served{0};                      //!< Responses whose CPU work is done
        bool closeAfterSend{false};              //!< Close once the queue is sent
        bool clientClosing{false};               //!< CLIENT_CLOSE seen: close on the peer's FIN
        bool peerClosed{false};                  //!< The peer's FIN arrived
        EventId timer;                           //!< Timeout or KeepAliveTimeout
        std::deque<uint64_t> jobs;               //!< HostCpu jobs of responses in the works
        std::deque<uint64_t> writes;             //!< Planned write sizes (OutputBufferSize)
    };

    bool AcceptRequest(Ptr<Socket> socket, const Address& from);
    void Accepted(Ptr<Socket> socket, const Address& from);
    void Received(Ptr<Socket> socket);
    void SendSpace(Ptr<Socket> socket, uint32_t available);
    void PeerClosed(Ptr<Socket> socket);

    /**
     * @brief A worker takes a connection: read and answer its requests.
     * @param socket the connection
     * @param peerClosed its client closed while it waited
     */
    void Serve(Ptr<Socket> socket, bool peerClosed = false);

    /**
     * @brief The kernel's accept queue changed length (AcceptQueue Kernel).
     * @param oldValue the previous length
     * @param newValue the length now
     */
    void KernelQueueChanged(uint32_t oldValue, uint32_t newValue);

    /// A connection in the accept queue.
    struct Waiting
    {
        Ptr<Socket> socket; //!< The connection
        Time since;         //!< When it was accepted
    };

    /**
     * @brief Take the next waiting connection (the application's queue, or accept()).
     * @param[out] next the connection and when it joined the queue
     * @param[out] peerClosed its client closed while it waited
     * @return false if none waits
     */
    bool TakeWaiting(Waiting& next, bool& peerClosed);

    /// Give free workers the connections waiting in the accept queue.
    void DispatchWaiting();

    /**
     * @brief The dispatch policy decided on a waiting connection.
     * @param socket the connection
     * @param decision the decision
     * @param peerClosed its client closed while it waited
     */
    void Dispatched(Ptr<Socket> socket, HttpDispatchPolicy::Decision decision, bool peerClosed);

    /// A connection a worker served has ended: the worker is free.
    void ReleaseWorker();

    /**
     * @brief A waiting connection's client closed (its close callback).
     * @param socket the connection
     */
    void WaitingPeerClosed(Ptr<Socket> socket);

    /**
     * @brief A waiting connection was reset: forget it.
     * @param socket the connection
     */
    void WaitingReset(Ptr<Socket> socket);
    void ErrorClosed(Ptr<Socket> socket);

    /**
     * @brief Answer one request.
     * @param socket the connection
     * @param c its state
     * @param request the request
     */
    void Handle(Ptr<Socket> socket, Connection& c, const HttpRequest& request);

    /**
     * @brief Queue a response; it leaves once the server's CPU work on it is done.
     * @param socket the connection
     * @param c its state
     * @param response the response
     * @param withBody send the body (not for HEAD)
     */
    void Queue(Ptr<Socket> socket, Connection& c, HttpResponse& response, bool withBody);

    /**
     * @brief Send what the socket takes; close or arm the idle timer when done.
     * @param socket the connection
     */
    void Flush(Ptr<Socket> socket);

    /**
     * @brief Bytes of a chunk not yet sent.
     * @param chunk the chunk
     * @return the bytes
     */
    static uint64_t ChunkLeft(const Chunk& chunk);

    /**
     * @brief The next bytes of a chunk, as a packet.
     * @param chunk the chunk
     * @param size how many (at most ChunkLeft)
     * @return the packet
     */
    static Ptr<Packet> ChunkBytes(const Chunk& chunk, uint64_t size);

    /**
     * @brief The next bytes of a connection's queue, as one packet (one
     * write), without consuming them.
     * @param c the connection
     * @param size how many (within the front response)
     * @return the packet
     */
    Ptr<Packet> TakeBytes(const Connection& c, uint64_t size) const;

    /**
     * @brief Mark bytes of the queue (and of the planned writes) as sent.
     * @param c the connection
     * @param sent how many
     */
    static void Consume(Connection& c, uint64_t sent);

    /**
     * @brief Close our end and forget the connection.
     * @param socket the connection
     */
    void CloseConnection(Ptr<Socket> socket);

    /**
     * @brief Withdraw the CPU work still pending for a connection.
     * @param c the connection
     * @return true if there was some
     */
    bool CancelWork(Connection& c);

    /**
     * @brief (Re)arm a connection's timer: KeepAliveTimeout between
     * requests, Timeout before the first and within one.
     * @param socket the connection
     * @param c its state
     */
    void ArmTimer(Ptr<Socket> socket, Connection& c);

    /**
     * @brief A connection's timer expired: close it.
     * @param socket the connection
     */
    void TimerExpired(Ptr<Socket> socket);

    TypeId m_protocol;              //!< Socket factory TypeId
    uint16_t m_port{80};            //!< Listening port
    Time m_timeout;                 //!< Wait for a request, or the rest of one
    Time m_keepAliveTimeout;        //!< Wait for the next request after a response
    uint32_t m_maxRequests{100};    //!< Requests per connection
    bool m_knowsClientClose{true};  //!< Implements CLIENT_CLOSE
    Time m_perRequestCost;          //!< CPU time per response
    Time m_perResponseByteCost;     //!< CPU time per body byte sent
    uint32_t m_outputBufferSize{0}; //!< Apache-style output buffer (0: none)
    uint32_t m_fileReadSize{8192};  //!< File read size behind that buffer
    std::string m_responseHeaders;  //!< Extra header fields ('|'-separated)
    std::vector<std::pair<std::string, std::string>> m_extraHeaders; //!< Parsed
    uint32_t m_maxHeadBytes{65536};                 //!< Largest request head accepted
    uint32_t m_maxWorkers{0};                       //!< Connections served at a time (0: all)
    uint32_t m_acceptQueueLimit{1024};              //!< Connections that may wait
    AcceptQueueMode m_acceptQueueMode{APPLICATION}; //!< Where they wait
    Ptr<TcpListenQueue> m_kernelQueue;              //!< KERNEL: the listener's queues
    bool m_abortOnPeerClose{false};                 //!< Abandon work for a client that closed
    Ptr<HttpDispatchPolicy> m_dispatch;             //!< Serve or drop a waiting connection
    Ptr<HostCpu> m_cpu;                             //!< The node's CPU (null: the work is free)
    uint32_t m_busyWorkers{0};                      //!< Workers serving a connection
    uint32_t m_deciding{0};                         //!< Workers waiting for a decision
    bool m_running{false};                          //!< Between start and stop

    std::deque<Waiting> m_waiting;                       //!< The accept queue
    std::set<Ptr<Socket>> m_waitingClosed;               //!< Waiting, client closed
    TracedValue<uint32_t> m_acceptQueueLength{0};        //!< Trace: connections waiting
    Ptr<HttpDocumentStore> m_store;                      //!< Documents
    Ptr<Socket> m_listener;                              //!< Listening socket
    std::map<Ptr<Socket>, Connection> m_connections;     //!< Open connections
    Stats m_stats;                                       //!< Counters
    TracedCallback<const HttpRequest&> m_requestTrace;   //!< Trace: request parsed
    TracedCallback<const HttpResponse&> m_responseTrace; //!< Trace: response queued
};

} // namespace ns3

#endif /* HTTP_SERVER_H */
