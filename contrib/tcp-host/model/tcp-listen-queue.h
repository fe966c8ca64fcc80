/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_LISTEN_QUEUE_H
#define TCP_LISTEN_QUEUE_H

#include "ns3/address.h"
#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <deque>

namespace ns3
{

class Socket;

/**
 * @ingroup tcp-host
 * @brief A listener's SYN and accept queues, as Linux keeps them.
 *
 * ns-3's Listen() has no backlog: every SYN forks a socket, and every
 * completed handshake is handed to the application at once. A TcpHostSocket
 * that listens with one of these (TcpHostHelper::SetListenQueueEnabled, or
 * a host profile with listen queues) applies Linux's rules instead
 * (net/ipv4/tcp_input.c tcp_conn_request, net/ipv4/tcp_minisocks.c
 * tcp_check_req, net/ipv4/tcp_ipv4.c tcp_v4_syn_recv_sock; Linux 6.12):
 *
 * - The backlog is min(Backlog, SoMaxConn) (listen(2) caps it at somaxconn).
 * - A SYN finds the accept queue full (more than the backlog waiting for
 *   accept()): dropped (ListenOverflows, ListenDrops).
 * - A SYN finds the SYN queue (connections in SYN_RCVD) full, more than
 *   the backlog, or SynCookies is ALWAYS: with SynCookies it is answered
 *   with a cookie (ReqQFullDoCookies), without it dropped (ReqQFullDrop).
 *   Without cookies a SYN is also dropped once the SYN queue holds more than
 *   three quarters of MaxSynBacklog (tcp_max_syn_backlog, read nowhere
 *   else). A SYN that reopens a TIME_WAIT record passes both tests.
 * - The handshake's last ACK: under DeferAccept, an ACK without data is
 *   dropped (DeferAcceptDrop) until the SYN+ACK has been sent again as many
 *   times as the period makes (secs_to_retrans); then, if the accept queue
 *   is full, the ACK is dropped (ListenOverflows) and the SYN+ACK sent
 *   again later draws another, or with AbortOnOverflow the connection is
 *   reset (EmbryonicRsts); else the connection joins the accept queue.
 * - A connection in SYN_RCVD sends its SYN+ACK SynAckRetries times more
 *   (tcp_synack_retries), after SynAckTimeout, twice that and so on
 *   (TCP_TIMEOUT_INIT, 1 s), before it is dropped.
 *
 * A cookie keeps no state on Linux; here it is a socket in SYN_RCVD that
 * is not counted in the SYN queue and does not resend its SYN+ACK, released
 * silently after CookieLifetime (a cookie's last ACK is honoured for 60 to
 * 120 s on Linux; this socket costs memory Linux does not spend). The SYN
 * queue's
 * pruning of old requests under load (reqsk_timer_handler) and
 * tcp_peer_is_proven (a peer with cached metrics passing the three-quarter
 * rule) are not modelled.
 *
 * The application takes connections in one of two ways. By default they are
 * handed to it through the listener's accept callback as soon as they join
 * the queue (an application that calls accept() in a loop), so the accept
 * queue never holds any. An application that sets an accept-ready callback
 * (SetAcceptReadyCallback) takes them itself, oldest first, with Accept(),
 * when it is ready: then the accept queue fills, and its limits bite.
 */
class TcpListenQueue : public Object
{
  public:
    /// When SYN cookies are sent (net.ipv4.tcp_syncookies).
    enum SynCookies
    {
        COOKIES_NEVER = 0,       //!< Never: a full SYN queue drops SYNs
        COOKIES_ON_OVERFLOW = 1, //!< When the SYN queue is full (Linux's default)
        COOKIES_ALWAYS = 2,      //!< For every SYN
    };

    /// What the listener does with a SYN.
    enum SynVerdict
    {
        SYN_ADMIT,  //!< A connection in SYN_RCVD, counted in the SYN queue
        SYN_COOKIE, //!< Answered with a cookie: not counted, no state kept
        SYN_DROP,   //!< Dropped
    };

    /// What a connection in SYN_RCVD does with the handshake's last ACK.
    enum AckVerdict
    {
        ACK_COMPLETE, //!< Complete the handshake: the connection joins the accept queue
        ACK_DROP,     //!< Drop the ACK; the connection stays in SYN_RCVD
        ACK_DEFER,    //!< TCP_DEFER_ACCEPT: drop the bare ACK, remember it (acked)
        ACK_RESET,    //!< Answer with an RST and drop the connection
    };

    /// The listener's counters, named as Linux's /proc/net/netstat TcpExt ones.
    struct Counters
    {
        uint64_t listenOverflows{0};   //!< The accept queue was full (SYN or last ACK)
        uint64_t listenDrops{0};       //!< SYNs and last ACKs dropped, for any reason
        uint64_t reqQFullDoCookies{0}; //!< Cookies sent because the SYN queue was full
        uint64_t reqQFullDrop{0};      //!< SYNs dropped because the SYN queue was full
        uint64_t deferAcceptDrop{0};   //!< Last ACKs without data dropped under DeferAccept
        uint64_t embryonicRsts{0};     //!< Connections reset on overflow (AbortOnOverflow)
        uint64_t cookiesSent{0};       //!< SYN+ACKs that carried a cookie (any reason)
        uint64_t accepted{0};          //!< Connections the application took
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TcpListenQueue();
    ~TcpListenQueue() override;

    /**
     * @brief The backlog in force: min(Backlog, SoMaxConn).
     * @return the most connections each queue may hold beyond which it is full
     */
    uint32_t GetBacklog() const;

    /**
     * @brief Decide on a SYN for the listener (tcp_conn_request).
     * @param reopensTimeWait the SYN ends a TIME_WAIT record (Linux's isn != 0)
     * @return the verdict; counted
     */
    SynVerdict OnSyn(bool reopensTimeWait);

    /**
     * @brief A SYN admitted or answered with a cookie has its socket.
     * @param cookie it was answered with a cookie (not counted in the SYN queue)
     */
    void Admitted(bool cookie);

    /**
     * @brief Decide on the handshake's last ACK (tcp_check_req).
     * @param carriesData the ACK carries data (or a FIN)
     * @param synAckTimeouts the SYN+ACK timer's expiries so far (num_timeout)
     * @return the verdict; counted
     */
    AckVerdict OnHandshakeAck(bool carriesData, uint32_t synAckTimeouts);

    /**
     * @brief Whether the SYN+ACK is sent again at a timer expiry
     * (syn_ack_recalc's resend): always, but while TCP_DEFER_ACCEPT waits
     * for data after a bare ACK (ACK_DEFER), only from the deferring
     * period's last expiry on, its last chance for data or an ACK.
     * @param acked a bare ACK was deferred (inet_rsk(req)->acked)
     * @param synAckTimeouts the timer's expiries before this one (num_timeout)
     * @return whether to send it
     */
    bool ResendsSynAck(bool acked, uint32_t synAckTimeouts) const;

    /**
     * @brief A connection admitted to the SYN queue left SYN_RCVD (either way).
     * @param cookie it was a cookie (never counted)
     */
    void LeftSynQueue(bool cookie);

    /**
     * @brief A connection completed its handshake: it joins the accept
     * queue (pull mode), or goes to the application at once (push mode).
     *
     * The listener's children call this in place of the application's
     * accept callback (they carry it as theirs).
     * @param child the connected socket
     * @param from the peer's address
     */
    void Established(Ptr<Socket> child, const Address& from);

    /**
     * @brief A connection closed: if it waits in the accept queue it leaves it.
     * @param child the socket
     */
    void Forget(Ptr<Socket> child);

    /**
     * @brief The listener closed: connections still waiting are closed
     * (inet_csk_listen_stop).
     */
    void Stop();

    /**
     * @brief How many SYN+ACK sends a connection in SYN_RCVD gets in all:
     * SynAckRetries + 1, or more if DeferAccept needs more.
     * @return the count, in TcpSocketBase's SynRetries sense
     */
    uint32_t GetSynAckSends() const;

    /// @return the first SYN+ACK retransmission timeout (doubled each time)
    Time GetSynAckTimeout() const;

    /// @return how long a cookie's last ACK is honoured
    Time GetCookieLifetime() const;

    /**
     * @brief Take connections from the accept queue (pull mode).
     *
     * From then on established connections wait in the accept queue until
     * Accept() takes them; @p ready is called each time one joins it.
     * @param ready called when a connection joins the accept queue
     */
    void SetAcceptReadyCallback(Callback<void> ready);

    /**
     * @brief Take the oldest connection from the accept queue (accept(2)).
     * @param[out] from its peer's address
     * @param[out] waited how long it waited in the accept queue
     * @return the connection, or null if the queue is empty
     */
    Ptr<Socket> Accept(Address& from, Time& waited);

    /**
     * @brief Where connections go in push mode (the listener's accept
     * callback). Set by the listener.
     * @param deliver the listener's delivery to the application
     */
    void SetDeliverCallback(Callback<void, Ptr<Socket>, const Address&> deliver);

    /// @return connections in SYN_RCVD counted in the SYN queue
    uint32_t GetSynQueueLength() const;
    /// @return connections waiting for Accept()
    uint32_t GetAcceptQueueLength() const;
    /// @return how long the oldest connection in the accept queue has waited (0: none waits)
    Time GetOldestWait() const;
    /// @return the counters
    const Counters& GetCounters() const;

    /**
     * @brief Linux's secs_to_retrans(seconds, 1, 120): SYN+ACK timeouts
     * (1, 2, 4 ... s, at most 120 s each) a period spans, rounded up.
     * @param period the period
     * @return the number of timeouts
     */
    static uint32_t TimeoutsIn(Time period);

  protected:
    void DoDispose() override;

  private:
    /// One connection waiting for accept().
    struct Waiting
    {
        Ptr<Socket> socket; //!< The connection
        Address from;       //!< Its peer
        Time since;         //!< When it joined the queue
    };

    /// @return the accept queue is full (sk_acceptq_is_full)
    bool AcceptQueueFull() const;

    uint32_t m_backlog;                     //!< listen()'s argument
    uint32_t m_soMaxConn;                   //!< net.core.somaxconn
    uint32_t m_maxSynBacklog;               //!< net.ipv4.tcp_max_syn_backlog
    SynCookies m_synCookies;                //!< net.ipv4.tcp_syncookies
    bool m_abortOnOverflow;                 //!< net.ipv4.tcp_abort_on_overflow
    Time m_deferAccept;                     //!< TCP_DEFER_ACCEPT
    uint32_t m_synAckRetries;               //!< net.ipv4.tcp_synack_retries
    Time m_synAckTimeout;                   //!< TCP_TIMEOUT_INIT
    Time m_cookieLifetime;                  //!< A cookie's validity
    TracedValue<uint32_t> m_synQueue{0};    //!< Connections counted in the SYN queue
    TracedValue<uint32_t> m_acceptQueue{0}; //!< Connections waiting for accept()
    std::deque<Waiting> m_waiting;          //!< The accept queue, oldest first
    Counters m_counters;                    //!< TcpExt-style counters
    Callback<void> m_ready;                 //!< Pull mode: a connection joined the queue
    Callback<void, Ptr<Socket>, const Address&> m_deliver; //!< Push mode: to the application
    TracedCallback<> m_overflowTrace;                      //!< ListenOverflows counted
    TracedCallback<> m_dropTrace;                          //!< ListenDrops counted
    TracedCallback<> m_cookieTrace;                        //!< A cookie sent
    TracedCallback<> m_resetTrace;                         //!< A connection reset on overflow
};

} // namespace ns3

#endif /* TCP_LISTEN_QUEUE_H */
