/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HTTP_CLIENT_H
#define HTTP_CLIENT_H

#include "http-parser.h"

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/traced-callback.h"

#include <array>

namespace ns3
{

class Socket;
class HttpRequestSource;
class RandomVariableStream;

/**
 * @ingroup http
 * @brief A WebSTONE-like closed-loop HTTP/1.1 client.
 *
 * It opens a connection, sends RequestsPerConnection requests one after the
 * other (each after the previous response is complete, and RequestGap
 * later if one is set: the connection is idle meanwhile), ends the
 * connection, waits ThinkTime and starts again, until the application
 * stops. Run several on a host for several WebSTONE clients. How it ends a
 * connection (EndMode) decides where TIME_WAIT goes:
 *
 * - CONNECTION_CLOSE: the last request carries "Connection: close"; the
 *   server closes first and keeps TIME_WAIT (standard HTTP/1.1), unless
 *   the client's socket has a close policy that keeps it at the passive
 *   closer (the swap close of the tw-avoid module: its TCP modification).
 * - CLIENT_CLOSE: after the last response the client sends a CLIENT_CLOSE
 *   request and closes at once: it is the active closer and keeps
 *   TIME_WAIT (the HTTP modification of the TIME_WAIT draft).
 *
 * A 1xx response is interim: the client waits on for the final one. A
 * response that ends with the connection (no Content-Length: its body runs
 * to the server's close) ends the connection's requests too. A malformed
 * response fails the request and resets the connection.
 *
 * A connection the server closes while the client waits for its next
 * request (a persistent connection that went idle, closed by the server's
 * keep-alive timer) ends without failure: the next request, when it is due,
 * opens a new connection. A request that becomes due stays due, through
 * refused connections, resets and (with RetryUnavailable) 503 answers, until
 * a response answers it: its response time runs from then. Its target is
 * drawn when it is first sent (again after a reset; kept for a 503 retry).
 *
 * Every request ends up in exactly one of completed, failed, or in flight
 * when the application stops.
 */
class HttpClient : public Application
{
  public:
    /// How the client ends a connection.
    enum EndMode
    {
        CONNECTION_CLOSE, //!< "Connection: close" on the last request: the server closes
        CLIENT_CLOSE,     //!< CLIENT_CLOSE request, then the client closes
    };

    /// How a connection ended.
    enum Outcome
    {
        COMPLETED, //!< All its requests answered
        REFUSED,   //!< Never established (RST to the SYN, SYN retries exhausted, connect() failed)
        RESET,     //!< Ended by the server or an error before all answers came
        TIMED_OUT, //!< A response did not come within ResponseTimeout
        OUTCOMES   //!< Number of outcomes
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    HttpClient();
    ~HttpClient() override;

    /// Counters since the start.
    struct Stats
    {
        uint64_t requestsIssued{0};    //!< Requests sent (CLIENT_CLOSE not included)
        uint64_t requestsCompleted{0}; //!< Responses received in full
        uint64_t requestsFailed{0};    //!< Requests lost with their connection
        uint64_t clientCloses{0};      //!< CLIENT_CLOSE requests sent
        uint64_t bodyBytes{0};         //!< Response body bytes received
        uint64_t connectionsOpened{0}; //!< Connections attempted
        uint64_t connectErrors{0};     //!< Attempts whose connect() failed at once (REFUSED)
        std::array<uint64_t, OUTCOMES> outcomes{}; //!< Connections per outcome
        Time latencySum;                           //!< Sum of the completed requests' latencies
    };

    /// @return the counters
    const Stats& GetStats() const;

    /**
     * @brief Whether a request is due and not yet answered, and since when
     * (the start of its response time: connection set-up and refused
     * attempts included).
     * @param since set to when it became due, if one is
     * @return whether one is
     */
    bool GetPendingRequest(Time& since) const;

    /**
     * @brief The target of the request due now: drawn from the
     * RequestSource when it is first sent, or now if it has not been sent
     * yet (its connections refused so far); it is then the one sent.
     * @return the target, or "" if no request is due
     */
    std::string GetPendingTarget();

    /// @return requests sent and not yet answered or failed (0 or 1)
    uint32_t GetRequestsInFlight() const;

    /**
     * @brief Name of an outcome.
     * @param outcome the outcome
     * @return its name
     */
    static const char* OutcomeName(Outcome outcome);

    /**
     * @brief TracedCallback signature for a completed request.
     * @param [in] latency from sending the request to the last byte of the response
     * @param [in] bodyBytes body bytes of the response
     * @param [in] status status code
     */
    typedef void (*RequestTracedCallback)(Time latency, uint64_t bodyBytes, uint16_t status);

    /**
     * @brief TracedCallback signature for an ended connection.
     * @param [in] outcome how it ended
     * @param [in] duration from the connection request to its end
     */
    typedef void (*ConnectionTracedCallback)(Outcome outcome, Time duration);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// Open the next connection.
    void Open();
    void Connected(Ptr<Socket> socket);
    void ConnectFailed(Ptr<Socket> socket);
    void Received(Ptr<Socket> socket);

    /// Act on every complete response the parser holds (and on its error).
    void HandleResponses();
    void PeerClosed(Ptr<Socket> socket);
    void ErrorClosed(Ptr<Socket> socket);

    /// The next request is due now, unless one is due already (the start of
    /// its response time; its target is drawn now).
    void BecomeDue();

    /// The next request's time has come: send it, on a new connection if
    /// the last one was closed meanwhile.
    void NextRequest();

    /**
     * @brief Whether a connection closed by the server ended idle: every
     * request on it answered, the next not yet due. It then ends without
     * failure, and the next request opens a new one.
     * @return true if it did (and the connection is finished)
     */
    bool ClosedWhileIdle();

    /// Send the next request on the current connection.
    void SendRequest();

    /**
     * @brief Send bytes on the current connection.
     * @param bytes the bytes
     */
    void SendBytes(const std::string& bytes);

    /// The response timer expired.
    void ResponseTimeout();

    /**
     * @brief The current connection is over: count it, close it, plan the next.
     * @param outcome how it ended
     */
    void Finish(Outcome outcome);

    /**
     * @brief Finish, the next connection after a given pause.
     * @param outcome how it ended
     * @param pause until the next connection
     */
    void Finish(Outcome outcome, Time pause);

    TypeId m_protocol;                   //!< Socket factory TypeId
    Address m_remote;                    //!< Server address
    std::string m_host;                  //!< Host header value
    uint32_t m_requestsPerConnection{1}; //!< Requests per connection
    std::string m_version;               //!< HTTP version of the requests
    uint32_t m_readSize{0};              //!< Bytes per socket read (0: all)
    EndMode m_endMode{CONNECTION_CLOSE}; //!< How connections end
    Time m_thinkTime;                    //!< Pause between connections
    Time m_connectErrorPause;            //!< Least pause after connect() failed at once
    Time m_responseTimeout;              //!< Longest wait for a response
    bool m_retryUnavailable{false};      //!< RetryUnavailable
    Ptr<HttpRequestSource> m_source;     //!< What to request

    Ptr<Socket> m_socket;                       //!< Current connection
    HttpParser m_parser{HttpParser::RESPONSES}; //!< Response parser
    uint32_t m_sentOnConnection{0};             //!< Requests sent on the current connection
    bool m_connected{false};                    //!< The current connection is established
    bool m_inFlight{false};                     //!< A request awaits its response
    bool m_waitingForServerClose{false};        //!< Last answer in: waiting for the server's FIN
    bool m_serverClosed{false};                 //!< The server's FIN has arrived
    Time m_requestSentAt;                       //!< When the in-flight request was sent
    Time m_connectionOpenedAt;                  //!< When the current connection was requested
    EventId m_timeout;                          //!< Response timer
    EventId m_next;                             //!< Next connection
    EventId m_nextRequest;                      //!< Next request after a RequestGap
    Ptr<RandomVariableStream> m_requestGap;     //!< RequestGap (null: none)
    bool m_running{false};                      //!< Between start and stop
    Stats m_stats;                              //!< Counters
    TracedCallback<Time, uint64_t, uint16_t> m_requestTrace;      //!< Trace: request done
    TracedCallback<Time, uint64_t, uint16_t> m_responseTimeTrace; //!< Trace: response time
    bool m_due{false};       //!< A request is due (from m_dueAt) and not yet answered
    Time m_dueAt;            //!< When it became due
    std::string m_dueTarget; //!< Its target ("": not drawn yet)
    TracedCallback<Outcome, Time> m_connectionTrace; //!< Trace: connection done
};

} // namespace ns3

#endif /* HTTP_CLIENT_H */
