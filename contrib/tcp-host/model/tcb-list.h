/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCB_LIST_H
#define TCB_LIST_H

#include "ns3/ipv4-address.h"

#include <cstdint>
#include <list>
#include <unordered_map>
#include <vector>

namespace ns3
{

/**
 * @ingroup tcp-host
 * @brief The 4-tuple that names a TCB. A listening TCB has peer 0.0.0.0:0.
 */
struct TcbKey
{
    Ipv4Address localAddress; //!< Local address (may be 0.0.0.0 for a listener)
    uint16_t localPort;       //!< Local port
    Ipv4Address peerAddress;  //!< Peer address (0.0.0.0 for a listener)
    uint16_t peerPort;        //!< Peer port (0 for a listener)

    /**
     * @brief Equality.
     * @param o the other key
     * @return true if all four fields are equal
     */
    bool operator==(const TcbKey& o) const;
};

/**
 * @ingroup tcp-host
 * @brief Hash of a TcbKey.
 */
struct TcbKeyHash
{
    /**
     * @brief Hash a key.
     * @param k the key
     * @return the hash
     */
    size_t operator()(const TcbKey& k) const;
};

/**
 * @ingroup tcp-host
 * @brief A host's list of TCBs, and how many of them a demultiplexing lookup visits.
 *
 * The list is bookkeeping only: it holds one entry per real TCB of a node
 * and answers "how many TCBs does the kernel look at to find the TCB for
 * this segment?" under three disciplines:
 *
 * - LINEAR_HEAD_INSERT (SunOS 4.1.3, 4.3BSD in_pcblookup): one list, new TCBs
 *   at the head, searched from the head. An exact match stops the search; a
 *   segment for a listener (wildcard match) scans the whole list, because
 *   in_pcblookup keeps looking for a better (exact) match.
 * - TIME_WAIT_AT_TAIL (BSD/OS, BSDI): as above, but a TCB entering TIME_WAIT
 *   moves to the tail, and the first TIME_WAIT TCB ends the search for other
 *   connections. A TIME_WAIT TCB itself is found after all live ones.
 * - HASHED (McKenney and Dove, SIGCOMM '92): the 4-tuple hashes into one of
 *   a number of chains, each with new TCBs at its head; listeners live in
 *   their own table and cost one extra probe after a miss.
 *
 * Positions are kept in order-statistics trees, so a lookup costs O(log n)
 * simulator time however long the simulated list is.
 */
class TcbList
{
  public:
    /// Lookup discipline.
    enum Discipline
    {
        LINEAR_HEAD_INSERT, //!< SunOS: linear list, head insertion
        HASHED,             //!< Hash chains
        TIME_WAIT_AT_TAIL,  //!< BSDI: TIME_WAIT TCBs at the tail, as search terminator
    };

    /**
     * @brief Create an empty list.
     * @param discipline the lookup discipline
     * @param hashBuckets number of hash chains (HASHED only)
     */
    explicit TcbList(Discipline discipline = LINEAR_HEAD_INSERT, uint32_t hashBuckets = 256);

    /**
     * @brief Add a TCB, or update its TIME_WAIT flag if it is already there.
     * @param id the TCB's identity (any unique pointer, e.g. its socket)
     * @param key the TCB's 4-tuple
     * @param timeWait whether the TCB is in TIME_WAIT
     */
    void Update(const void* id, const TcbKey& key, bool timeWait);

    /**
     * @brief Remove a TCB; nothing happens if it is not there.
     * @param id the TCB's identity
     */
    void Remove(const void* id);

    /**
     * @brief Whether a TCB is in the list.
     * @param id the TCB's identity
     * @return true if present
     */
    bool Contains(const void* id) const;

    /**
     * @brief Number of TCBs a lookup for an arriving segment visits.
     *
     * The segment's destination is the local end, its source the peer.
     * A segment that matches no TCB at all visits the whole search path.
     *
     * @param local destination address of the segment
     * @param localPort destination port of the segment
     * @param peer source address of the segment
     * @param peerPort source port of the segment
     * @return TCBs visited (at least 1 when the list is not empty)
     */
    uint32_t Visited(Ipv4Address local,
                     uint16_t localPort,
                     Ipv4Address peer,
                     uint16_t peerPort) const;

    /**
     * @brief Whether a connection (not a listener) with this 4-tuple is listed.
     * @param key the 4-tuple, local end first
     * @return true if listed
     */
    bool HasConnection(const TcbKey& key) const;

    /// @return the number of TCBs in the list
    uint32_t GetSize() const;

    /// @return the number of TCBs in TIME_WAIT
    uint32_t GetTimeWaitCount() const;

    /// @return the lookup discipline
    Discipline GetDiscipline() const;

  private:
    /**
     * @brief Order-statistics over insertion order (Fenwick tree with compaction).
     *
     * Each present element owns a slot; slots are handed out in increasing
     * order, so "how many present elements came after mine" is a prefix sum.
     */
    class OrderIndex
    {
      public:
        /**
         * @brief Give a new element the next slot.
         * @param owner where the element keeps its slot number (updated on compaction)
         */
        void Add(uint32_t* owner);
        /**
         * @brief Free a slot.
         * @param slot the slot
         */
        void Remove(uint32_t slot);
        /**
         * @brief Present elements added after the one in a slot.
         * @param slot the slot
         * @return the count
         */
        uint32_t CountAfter(uint32_t slot) const;
        /**
         * @brief Present elements added before the one in a slot.
         * @param slot the slot
         * @return the count
         */
        uint32_t CountBefore(uint32_t slot) const;
        /// @return the number of present elements
        uint32_t GetSize() const;

      private:
        /**
         * @brief Sum of the first n slots.
         * @param n the number of slots
         * @return the count of present elements among them
         */
        uint32_t Prefix(uint32_t n) const;
        /**
         * @brief Add to the Fenwick tree.
         * @param slot the slot
         * @param delta +1 or -1
         */
        void Bump(uint32_t slot, int32_t delta);
        /// Renumber present elements densely and rebuild the tree.
        void Rebuild();

        std::vector<int32_t> m_tree;     //!< Fenwick tree, 1-based
        std::vector<uint32_t*> m_owners; //!< Owner of each slot, nullptr if free
        uint32_t m_size{0};              //!< Present elements
    };

    /// One TCB.
    struct Entry
    {
        TcbKey key;           //!< 4-tuple
        bool timeWait{false}; //!< In TIME_WAIT
        uint32_t allSlot{0};  //!< Slot in m_all (insertion order)
        uint32_t liveSlot{0}; //!< Slot in m_live (if not TIME_WAIT)
        uint32_t twSlot{0};   //!< Slot in m_timeWait (if TIME_WAIT)
        uint32_t bucket{0};   //!< Hash chain
        bool listener{false}; //!< Wildcard peer
    };

    /**
     * @brief The entry an arriving segment matches exactly, if any.
     * @param key the segment's 4-tuple seen from this host
     * @return the entry, or nullptr
     */
    const Entry* FindExact(const TcbKey& key) const;

    /**
     * @brief Visited count for a segment that matched no connection.
     * @param bucket the hash chain it would be in
     * @return TCBs visited
     */
    uint32_t VisitedOnMiss(uint32_t bucket) const;

    /**
     * @brief Position of an entry in its hash chain (1 = head).
     * @param id the TCB
     * @param bucket the chain
     * @return the position
     */
    uint32_t ChainPosition(const void* id, uint32_t bucket) const;

    Discipline m_discipline;                                     //!< Lookup discipline
    uint32_t m_buckets;                                          //!< Hash chains
    std::unordered_map<const void*, Entry> m_entries;            //!< TCBs by identity
    std::unordered_map<TcbKey, const void*, TcbKeyHash> m_byKey; //!< Connections by 4-tuple
    OrderIndex m_all;                             //!< All TCBs, insertion order
    OrderIndex m_live;                            //!< Non-TIME_WAIT TCBs
    OrderIndex m_timeWait;                        //!< TIME_WAIT TCBs, order of entry
    std::vector<std::list<const void*>> m_chains; //!< Hash chains, head first
    uint32_t m_listeners{0};                      //!< Listening TCBs
};

} // namespace ns3

#endif /* TCB_LIST_H */
