/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DTOC_CLIENT_H
#define DTOC_CLIENT_H

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/http-parser.h"
#include "ns3/nstime.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

#include <array>
#include <map>

namespace ns3
{

class Socket;
class HttpRequestSource;
class RetryPolicy;

/**
 * @ingroup dtoc
 * @brief Impatient web users: open-loop Poisson requests, each on its own
 * connection, given up after a timeout and possibly sent again.
 *
 * Requests arrive at Rate per second (exponential gaps). Each opens a
 * connection and sends an HTTP/1.0 GET for the next target of its
 * RequestSource. A request with no complete response within Timeout is
 * given up: the client closes the connection and, with retries left, sends
 * it again on a new connection with a new timeout: at once, or when its
 * RetryPolicy says (a backoff's wait; a budget may refuse it, and the
 * request then times out). A connection that ends
 * (or fails) without a response is a refusal; a 1xx response is interim
 * and ends nothing (RFC 9110 section 15.2). Every request ends exactly
 * once: completed (a response in time), refused, timed out (no retry
 * left), or in flight when the application stops.
 */
class DtocClient : public Application
{
  public:
    /// How a request ended.
    enum Outcome
    {
        COMPLETED, //!< A complete response within the timeout
        REFUSED,   //!< The connection failed or ended without a response
        TIMED_OUT, //!< Given up, no retry left
        IN_FLIGHT, //!< Still waiting when the application stopped
        OUTCOMES   //!< Number of outcomes
    };

    /// Counters since the start.
    struct Stats
    {
        uint64_t requests{0};       //!< Requests issued (retries excluded)
        uint64_t attempts{0};       //!< Connections opened (retries included)
        uint64_t retries{0};        //!< Retries made (after a wait, if the policy gives one)
        uint64_t retriesRefused{0}; //!< Retries the RetryPolicy refused (a budget spent)
        std::array<uint64_t, OUTCOMES> outcomes{}; //!< Requests per outcome
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    DtocClient();
    ~DtocClient() override;

    /// @return the counters
    const Stats& GetStats() const;

    /**
     * @brief Assign fixed random variable streams: the arrivals' from
     * @p stream, the retry policy's (if any) from @p stream + 1.
     *
     * A policy shared by several clients ends with the streams of the last
     * client assigned, so its draws depend on the order of the calls: give a
     * shared policy its streams with RetryPolicy::AssignStreams after every
     * client's (DtocExperiment assigns the clients before they take it).
     *
     * @param stream first stream index
     * @return number of streams used
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * @brief Change the arrival rate, at once: the next arrival is drawn
     * again at the new rate (exact for Poisson arrivals, which have no
     * memory), so a day's load pattern is a series of calls.
     * @param rate requests per second (positive)
     */
    void SetRate(double rate);

    /// @return requests per second
    double GetRate() const;

    /**
     * @brief TracedCallback signature for the end of a request.
     * @param [in] outcome how it ended
     * @param [in] latency from the first attempt to its end
     * @param [in] target what it asked for
     */
    typedef void (*RequestTracedCallback)(Outcome outcome, Time latency, const std::string& target);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// One request, across its attempts.
    struct Request
    {
        std::string target;                       //!< What it asks for
        Time issued;                              //!< Its first attempt
        uint32_t retriesLeft;                     //!< Attempts still allowed after this one
        EventId timeout;                          //!< End of the current attempt's patience
        EventId retryWait;                        //!< The next attempt, while waiting for it
        Ptr<Socket> socket;                       //!< The current attempt's connection
        HttpParser parser{HttpParser::RESPONSES}; //!< The current attempt's response
    };

    /// A new request arrives; schedule the next.
    void Arrive();

    /**
     * @brief Open a connection for a request and send it.
     * @param id the request
     */
    void Attempt(uint64_t id);

    /**
     * @brief The connection is up: send the request.
     * @param socket the connection
     */
    void Connected(Ptr<Socket> socket);

    /**
     * @brief The connection failed.
     * @param socket the connection
     */
    void ConnectFailed(Ptr<Socket> socket);

    /**
     * @brief Response bytes arrived.
     * @param socket the connection
     */
    void Received(Ptr<Socket> socket);

    /**
     * @brief The server closed or reset the connection.
     * @param socket the connection
     */
    void Ended(Ptr<Socket> socket);

    /**
     * @brief The current attempt's timeout: give up, retry if allowed.
     * @param id the request
     */
    void GiveUp(uint64_t id);

    /**
     * @brief End a request.
     * @param id the request
     * @param outcome how
     */
    void Finish(uint64_t id, Outcome outcome);

    /**
     * @brief Close a connection and forget it.
     * @param socket the connection
     */
    void Drop(Ptr<Socket> socket);

    Address m_remote;                          //!< The server
    TypeId m_protocol;                         //!< Socket factory
    double m_rate{1};                          //!< Requests per second
    Time m_timeout;                            //!< Patience per attempt
    uint32_t m_retries{0};                     //!< Attempts after the first
    Ptr<HttpRequestSource> m_source;           //!< What to ask for
    Ptr<RetryPolicy> m_retryPolicy;            //!< Whether and when to retry (null: at once)
    Ptr<ExponentialRandomVariable> m_gap;      //!< Between arrivals
    EventId m_next;                            //!< Next arrival
    bool m_running{false};                     //!< Between start and stop
    uint64_t m_nextId{0};                      //!< Next request's id
    std::map<uint64_t, Request> m_requests;    //!< Requests not ended
    std::map<Ptr<Socket>, uint64_t> m_sockets; //!< Open connections' requests
    Stats m_stats;                             //!< Counters
    TracedCallback<Outcome, Time, const std::string&> m_requestTrace; //!< Trace: request ended
};

} // namespace ns3

#endif /* DTOC_CLIENT_H */
