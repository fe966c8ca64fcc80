/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef E2ATBT_ALLOCATOR_H
#define E2ATBT_ALLOCATOR_H

#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <map>
#include <vector>

namespace ns3
{

class SocketMemory;

/**
 * @ingroup proxy-buffer
 * @brief E2-ATBT's allocation of a host's socket-buffer pool (Okamoto,
 * Terai, Murata, Miyahara: the proxy paper of seed 004, section 3.1).
 *
 * Each registered connection says, when asked, its loss ratio, smoothed
 * RTT, RTO and segment size; its demand is its expected throughput
 * (PftkThroughput) times its RTT, between MinBuffer and MaxBuffer. A
 * downstream connection paired with the upstream connection that feeds it
 * cannot send faster than that one delivers: its throughput is capped by
 * the upstream's before it becomes a demand. The pool (the Limit of the
 * node's SocketMemory: the paper's 3200 KB) is divided max-min fairly among the demands
 * (MaxMinShare) and each share is handed to the connection's apply callback (which sets a socket
 * buffer).
 *
 * When: the paper does not say when the buffers are re-assigned (its
 * "regular intervals" are the kernel's utilisation counts the connection
 * management reads); here every
 * Interval (1 s) a full evaluation measures every connection, divides the
 * pool afresh and applies every share: O(n log n) once an interval. Between
 * two evaluations a change costs O(log n) and touches one connection, so
 * that the cost per change stays flat however many connections the host
 * holds: an arrival is measured alone and given its demand, up to what an
 * unmet demand got at the last evaluation (before the first one, an equal
 * split of the pool), or up to the pool's room now if that is more; a
 * departure frees its share for the
 * next arrivals and the next evaluation; a pairing is recorded for the next
 * evaluation. With Interval 0 there is no periodic evaluation and every
 * arrival and departure divides the whole pool afresh instead (the exact
 * max-min division at every instant, O(n log n) per change).
 *
 * How the pairing is learnt: the paper offers the proxy watching its send
 * buffers' use, or the proxy telling the relation along with the request.
 * Here the proxy application tells the allocator directly (Pair), since it
 * opens both connections itself: exact, and no protocol change.
 */
class E2AtbtAllocator : public Object
{
  public:
    /// What a connection reports when the allocator evaluates.
    struct Measurement
    {
        double lossRatio{0};     //!< Segments lost per segment sent
        Time rtt;                //!< Smoothed round-trip time (> 0)
        Time rto;                //!< Retransmission timeout
        uint32_t segmentSize{0}; //!< Bytes per segment (> 0)
    };

    /// Reads a connection's measurement.
    using MeasureCallback = Callback<Measurement>;
    /// Sets a connection's buffer to the bytes given.
    using ApplyCallback = Callback<void, uint64_t>;
    /// Reads the size of a connection's buffer now, bytes.
    using HeldCallback = Callback<uint64_t>;

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    E2AtbtAllocator();
    ~E2AtbtAllocator() override;

    /**
     * @brief Register a connection and give it its share: its demand, up to
     * the last evaluation's level or the pool's room now (O(log n); with
     * Interval 0, a full evaluation).
     * @param measure how to read it
     * @param apply how to set its buffer
     * @param held how to read its buffer's size (needed when the node's
     *        sockets charge their buffers to its SocketMemory: what the
     *        allocator divides is then the limit less the buffers it does
     *        not size)
     * @return its id
     */
    uint32_t Add(MeasureCallback measure, ApplyCallback apply, HeldCallback held = HeldCallback());

    /**
     * @brief Unregister a connection; its share goes back to the pool (O(log
     * n) and its downstreams; with Interval 0, a full evaluation). Unknown
     * ids are ignored.
     * @param id its id
     */
    void Remove(uint32_t id);

    /**
     * @brief Tell the allocator that an upstream connection feeds a
     * downstream one (the proxy relays what the one receives on the other);
     * the cap applies from the next evaluation.
     * @param downstream the downstream connection's id
     * @param upstream the upstream connection's id (0: none feeds it any more)
     */
    void Pair(uint32_t downstream, uint32_t upstream);

    /// Measure every connection, compute the demands, divide the pool afresh,
    /// apply every share: O(n log n).
    void Evaluate();

    /**
     * @brief A connection's demand, bytes (as computed at its arrival or at
     * the last evaluation).
     * @param id its id
     * @return the demand (0 if unknown)
     */
    uint64_t GetDemand(uint32_t id) const;

    /**
     * @brief A connection's share, bytes (as last applied).
     * @param id its id
     * @return the share (0 if unknown)
     */
    uint64_t GetShare(uint32_t id) const;

    /// @return the connections registered
    uint32_t GetN() const;

    /// @return the evaluations done
    uint64_t GetEvaluations() const;

    /// @return the shares applied (at arrivals and evaluations)
    uint64_t GetSharesApplied() const;

    /**
     * @brief TracedCallback signature for an evaluation.
     * @param [in] connections connections evaluated
     * @param [in] demanded bytes demanded in all
     * @param [in] allocated bytes allocated in all
     */
    typedef void (*EvaluationTracedCallback)(uint32_t connections,
                                             uint64_t demanded,
                                             uint64_t allocated);

  protected:
    void DoDispose() override;

  private:
    /// A registered connection.
    struct Connection
    {
        MeasureCallback measure;           //!< How to read it
        ApplyCallback apply;               //!< How to set its buffer
        HeldCallback held;                 //!< How to read its buffer's size (may be null)
        uint32_t upstream{0};              //!< The connection that feeds it (0: none)
        std::vector<uint32_t> downstreams; //!< The connections it feeds
        double rate{0};                    //!< Last expected throughput, bytes/s
        Time rtt;                          //!< Last RTT
        uint64_t demand{0};                //!< Last demand
        uint64_t share{0};                 //!< Last share
    };

    /// The periodic evaluation.
    void Tick();

    /**
     * @brief Read a connection's measurement into its rate and RTT.
     * @param c the connection
     */
    void Measure(Connection& c) const;

    /**
     * @brief A connection's demand from its last measurement (capped by its
     * upstream's rate, if it has one).
     * @param c the connection
     * @return bytes, between MinBuffer and MaxBuffer
     */
    uint64_t Demand(const Connection& c) const;

    /**
     * @brief Set a connection's share and apply it.
     * @param c the connection
     * @param share bytes
     */
    void Give(Connection& c, uint64_t share);

    /**
     * @brief The room a connection's buffer may grow into now, in O(1).
     * @param c the connection (its buffer's present size counts as room)
     * @return bytes
     */
    uint64_t Room(const Connection& c) const;

    /**
     * @brief Take a downstream off its upstream's list.
     * @param downstream its id
     * @param upstream the upstream's id (0: none)
     */
    void Unlink(uint32_t downstream, uint32_t upstream);

    /// @return the node's socket memory (whose limit is the pool); aborts if it has no limit
    Ptr<SocketMemory> Memory() const;

    /// @return the bytes to divide: the node's socket-memory limit, less the
    /// buffers the allocator does not size when sockets charge their buffers
    uint64_t Pool() const;

    Time m_interval;                              //!< Interval
    uint64_t m_minBuffer;                         //!< MinBuffer
    uint64_t m_maxBuffer;                         //!< MaxBuffer
    uint32_t m_segmentsPerAck;                    //!< SegmentsPerAck (PFTK's b)
    std::map<uint32_t, Connection> m_connections; //!< By id
    uint32_t m_nextId{1};                         //!< Next id (0 means none)
    uint64_t m_evaluations{0};                    //!< Evaluations done
    uint64_t m_sharesApplied{0};                  //!< Shares applied
    uint64_t m_allocated{0};                      //!< The shares' sum
    uint64_t m_level{0}; //!< The share of an unmet demand at the last evaluation
    EventId m_tick;      //!< Next periodic evaluation
    TracedCallback<uint32_t, uint64_t, uint64_t> m_evaluationTrace; //!< Evaluation trace
};

} // namespace ns3

#endif /* E2ATBT_ALLOCATOR_H */
