/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef LOCAL_PORT_ALLOCATOR_H
#define LOCAL_PORT_ALLOCATOR_H

#include "port-occupancy.h"
#include "tcb-list.h"

#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/random-variable-stream.h"
#include "ns3/sequence-number.h"
#include "ns3/traced-callback.h"

#include <functional>
#include <vector>

namespace ns3
{

class TcpSocketIndex;
class TimeWaitTable;

/**
 * @ingroup tcp-host
 * @brief The local port of a connect() as Linux chooses it: from
 * ip_local_port_range, per destination, with tcp_tw_reuse.
 *
 * Linux 6.x's __inet_hash_connect (net/ipv4/inet_hashtables.c) for an
 * unbound socket: of the range [LowPort, HighPort], remaining = its size
 * made even; a hash of (source address, destination address, destination
 * port) picks one of 2^PerturbTableOrder per-node random counters
 * (table_perturb; 65536 in Linux 6.x), and
 * offset = (counter + hash >> 32) % remaining, made even. Ports low +
 * offset, low + offset + 2, ... (wrapping within the range) are tried
 * first, then those of the other parity. A port some socket is bound to
 * (a listener here) is skipped; a port connections use is taken if the
 * new 4-tuple is unique. A 4-tuple only a TIME_WAIT holds is taken over
 * when TwReuse allows it (tcp_twsk_unique in net/ipv4/tcp_ipv4.c): the
 * TIME_WAIT connection used timestamps and entered TIME_WAIT more than
 * TwReuseDelay ago; the TIME_WAIT goes and the new connection starts
 * 65535 + 2 above its last sequence number. After a success the counter
 * moves on by max(i, 2 * random_below(8)) + 2, i the ports probed before.
 * With no port left connect() fails with EADDRNOTAVAIL.
 *
 * So the ports of one destination (address and port) run out after
 * remaining connections (less TIME_WAIT, unless reused), while another
 * destination has the whole range again.
 *
 * The allocator looks ports up in the node's TcpSocketIndex (connections
 * by 4-tuple, listeners with peer 0.0.0.0:0) and TimeWaitTable, one hash
 * probe each, never ns-3's endpoint list; the socket's take callback then
 * allocates the endpoint (ns-3's own check of the 4-tuple, so that a
 * socket the index does not list still makes the port busy).
 */
class LocalPortAllocator : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    LocalPortAllocator();
    ~LocalPortAllocator() override;

    /// net.ipv4.tcp_tw_reuse: when a connect() may take over a TIME_WAIT's 4-tuple.
    enum TwReuse
    {
        TW_REUSE_OFF = 0,      //!< 0: never
        TW_REUSE_ON = 1,       //!< 1: always
        TW_REUSE_LOOPBACK = 2, //!< 2 (Linux's default): loopback connections only
    };

    /**
     * Tries to allocate the socket's endpoint on a port (the 4-tuple's
     * other fields are the caller's): true if it got it.
     */
    using Take = std::function<bool(uint16_t port)>;

    /// What Choose() found.
    struct Choice
    {
        uint16_t port{0};           //!< The port taken (0: none left)
        bool reusedTimeWait{false}; //!< The 4-tuple was a TIME_WAIT's, taken over
        SequenceNumber32 isn{0};    //!< Then the new connection's ISN
    };

    /**
     * @brief Choose the local port of a connection and take it.
     * @param local the source address (the route's)
     * @param peer the destination address
     * @param peerPort the destination port
     * @param take allocates the endpoint on a port
     * @return the port taken, or none (connect() fails with EADDRNOTAVAIL)
     */
    Choice Choose(Ipv4Address local, Ipv4Address peer, uint16_t peerPort, const Take& take);

    /**
     * @brief Assign a fixed random variable stream number.
     * @param stream first stream index to use
     * @return the number of stream indices assigned (1)
     */
    int64_t AssignStreams(int64_t stream);

    /// @return connects that got a port
    uint64_t GetChosen() const;
    /// @return connects that found no port (EADDRNOTAVAIL)
    uint64_t GetExhausted() const;
    /// @return TIME_WAIT 4-tuples taken over
    uint64_t GetTimeWaitReused() const;
    /// @return ports probed, over all connects
    uint64_t GetProbes() const;

    /**
     * TracedCallback signature for a port chosen.
     * @param [in] port the port
     * @param [in] probed ports probed for it (itself included)
     */
    typedef void (*ChosenTracedCallback)(uint16_t port, uint32_t probed);

    /**
     * TracedCallback signature for a connect() that found no port.
     * @param [in] peer the destination address
     * @param [in] peerPort the destination port
     */
    typedef void (*ExhaustedTracedCallback)(Ipv4Address peer, uint16_t peerPort);

    /**
     * TracedCallback signature for a TIME_WAIT taken over.
     * @param [in] key the 4-tuple, local end first
     */
    typedef void (*TimeWaitReusedTracedCallback)(const TcbKey& key);

  protected:
    void DoInitialize() override;
    void DoDispose() override;

  private:
    /// Abort on a range with LowPort above HighPort.
    void CheckRange() const;

    /// What a probe of one port found.
    enum Probe
    {
        BUSY,  //!< Bound by bind(), or the 4-tuple is held
        TAKEN, //!< The socket took it
    };

    /// Find the node's index and TIME_WAIT table, and the random counters, at first use.
    void Setup();

    /**
     * @brief Try one port (the loop body: bind bucket, then check_established).
     * @param key the 4-tuple with this port
     * @param take allocates the endpoint
     * @param choice filled in if the 4-tuple was a TIME_WAIT's
     * @return TAKEN if the socket has the port now, else BUSY
     */
    Probe Try(const TcbKey& key, const Take& take, Choice& choice);

    /**
     * @brief Whether tcp_tw_reuse lets a connect() between these addresses
     * take a TIME_WAIT over at all (its other conditions aside).
     * @param local source address
     * @param peer destination address
     * @return TwReuse On, or LoopbackOnly with either end a loopback address
     */
    bool ReuseAllowed(Ipv4Address local, Ipv4Address peer) const;

    /**
     * The ports a connect() may pass over without a lookup, as Try would
     * find them BUSY: those a connection, a TIME_WAIT record or a bound
     * socket holds, while no TIME_WAIT may be taken over (ReuseAllowed
     * false); otherwise none.
     */
    struct Held
    {
        const PortOccupancy::Ports* connections{nullptr}; //!< The index's, towards the destination
        const PortOccupancy::Ports* records{nullptr};     //!< The TIME_WAIT table's
        const PortOccupancy::Ports* boundLocal{nullptr};  //!< Bound to the source address
        const PortOccupancy::Ports* boundAny{nullptr};    //!< Bound to 0.0.0.0

        /**
         * @param port a port
         * @return whether one of them holds it
         */
        bool Holds(uint16_t port) const;
    };

    /**
     * @param local source address
     * @param peer destination address
     * @param peerPort destination port
     * @return the ports a connect() to there may pass over
     */
    Held HeldTowards(Ipv4Address local, Ipv4Address peer, uint16_t peerPort);

    /**
     * @brief tcp_twsk_unique's rule.
     * @param key the 4-tuple
     * @param timestamps the TIME_WAIT connection used timestamps
     * @param entered when it entered TIME_WAIT
     * @return whether a connect() may take it over now
     */
    bool MayReuse(const TcbKey& key, bool timestamps, Time entered) const;

    /**
     * @brief secure_ipv4_port_ephemeral's role: a keyed hash of the destination.
     * @param local source address
     * @param peer destination address
     * @param peerPort destination port
     * @return 64 bits: the low ones pick the counter, the high 32 are added to it
     */
    uint64_t Hash(Ipv4Address local, Ipv4Address peer, uint16_t peerPort) const;

    uint16_t m_low;                                         //!< LowPort
    uint16_t m_high;                                        //!< HighPort
    TwReuse m_twReuse;                                      //!< TwReuse
    Time m_twReuseDelay;                                    //!< TwReuseDelay
    Ptr<UniformRandomVariable> m_random;                    //!< Counters, secret, the moves on
    uint32_t m_perturbOrder;                                //!< PerturbTableOrder
    std::vector<uint32_t> m_perturb;                        //!< table_perturb
    uint64_t m_secret{0};                                   //!< The hash's key (net_secret)
    bool m_setUp{false};                                    //!< Setup() done
    Ptr<TcpSocketIndex> m_index;                            //!< The node's sockets (may be null)
    Ptr<TimeWaitTable> m_timeWait;                          //!< The node's TIME_WAIT (may be null)
    uint64_t m_chosen{0};                                   //!< Connects that got a port
    uint64_t m_exhausted{0};                                //!< Connects that got none
    uint64_t m_reused{0};                                   //!< TIME_WAITs taken over
    uint64_t m_probes{0};                                   //!< Ports probed
    TracedCallback<uint16_t, uint32_t> m_chosenTrace;       //!< A port chosen
    TracedCallback<Ipv4Address, uint16_t> m_exhaustedTrace; //!< No port
    TracedCallback<const TcbKey&> m_reusedTrace;            //!< A TIME_WAIT taken over
};

} // namespace ns3

#endif /* LOCAL_PORT_ALLOCATOR_H */
