/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_HOST_CENSUS_H
#define TCP_HOST_CENSUS_H

#include "ns3/ptr.h"

#include <cstdint>

namespace ns3
{

class Node;

/**
 * @ingroup tcp-host
 * @brief A node's TCP resources at one instant, read from the objects that
 * hold them: TIME_WAIT, listeners and their queues, sockets, TCBs, socket
 * memory.
 *
 * One query, TcpHostCensus::Take(node), reads them all; GetTimeWait() gives
 * the node's TIME_WAIT connections wherever the node keeps them. A host
 * with BSD's TIME_WAIT (TcpHostModel alone) keeps it in TCBs; one with
 * Linux's (a TimeWaitTable, the Linux-6 profile) hands each connection to a
 * compact record as it enters TIME_WAIT, so TcpHostModel::GetTcbCount
 * (TIME_WAIT) is 0 there and the records hold it.
 *
 * Taking a census reads and never creates: a node without a TcpHostModel,
 * a TimeWaitTable, a SocketMemory or TCP at all gives 0 for what that
 * object would hold, with HasHostModel(), HasTimeWaitTable() and
 * HasSocketMemory() saying which were there.
 */
class TcpHostCensus
{
  public:
    TcpHostCensus() = default;

    /**
     * @brief Count a node's TCP resources now.
     * @param node the node (null: an empty census, node id 0)
     * @return the counts
     */
    static TcpHostCensus Take(Ptr<Node> node);

    /**
     * @brief A node's TIME_WAIT connections now, as Take(node).GetTimeWait()
     * counts them, without walking its sockets: for a sample taken often
     * on a node with many connections.
     * @param node the node (null: 0)
     * @return TIME_WAIT TCBs plus TIME_WAIT records
     */
    static uint32_t TimeWaitAt(Ptr<Node> node);

    /// @return the node's id
    uint32_t GetNodeId() const;

    /**
     * @return the node's TIME_WAIT connections wherever they are held:
     *         TIME_WAIT TCBs (TcpHostModel) plus TIME_WAIT records
     *         (TimeWaitTable)
     */
    uint32_t GetTimeWait() const;

    /// @return TCBs in TIME_WAIT (TcpHostModel; 0 without one)
    uint32_t GetTimeWaitTcbs() const;

    /// @return compact TIME_WAIT records (TimeWaitTable; 0 without one)
    uint32_t GetTimeWaitRecords() const;

    /// @return the node's TcpHostSocket sockets in LISTEN
    uint32_t GetListeners() const;

    /// @return connections in the SYN queues, summed over the listeners' TcpListenQueue
    uint32_t GetSynQueue() const;

    /// @return connections in the accept queues, summed over the listeners' TcpListenQueue
    uint32_t GetAcceptQueue() const;

    /**
     * @return SYNs and last ACKs the listeners' TcpListenQueue dropped so
     *         far, summed (Linux's ListenDrops; a count since each queue
     *         began, not an instant's)
     */
    uint64_t GetListenDrops() const;

    /**
     * @return connections the TimeWaitTable refused a record so far because
     *         it was full (Linux's "time wait bucket table overflow"; 0
     *         without a table)
     */
    uint64_t GetTimeWaitOverflows() const;

    /**
     * @return the TCP sockets of the node's TcpL4Protocol (any class; from
     *         creation until they release their endpoint): listeners,
     *         connections, TIME_WAIT TCBs; not TIME_WAIT records
     */
    uint32_t GetSockets() const;

    /// @return the host model's TCBs, all states (0 without a TcpHostModel)
    uint32_t GetTcbs() const;

    /**
     * @return socket memory in use: SocketMemory::GetUse(), the bytes that
     *         draw from its limit under its Accounting (0 without one)
     */
    uint64_t GetMemoryInUse() const;

    /// @return whether the node has a TcpHostModel (TIME_WAIT TCBs, TCBs)
    bool HasHostModel() const;

    /// @return whether the node has a TimeWaitTable (TIME_WAIT records)
    bool HasTimeWaitTable() const;

    /// @return whether the node has a SocketMemory
    bool HasSocketMemory() const;

  private:
    /**
     * @brief Read what the node's aggregate holds: the host model's TCBs,
     * the TIME_WAIT table's records, socket memory (not the sockets).
     * @param node the node (not null)
     */
    void ReadAggregate(Ptr<Node> node);

    uint32_t m_nodeId{0};            //!< The node's id
    uint32_t m_timeWaitTcbs{0};      //!< TCBs in TIME_WAIT
    uint32_t m_timeWaitRecords{0};   //!< TimeWaitTable records
    uint32_t m_listeners{0};         //!< Sockets in LISTEN
    uint32_t m_synQueue{0};          //!< SYN queues' lengths, summed
    uint32_t m_acceptQueue{0};       //!< Accept queues' lengths, summed
    uint64_t m_listenDrops{0};       //!< Listen queues' drops so far, summed
    uint64_t m_timeWaitOverflows{0}; //!< TimeWaitTable's overflows so far
    uint32_t m_sockets{0};           //!< TcpL4Protocol's sockets
    uint32_t m_tcbs{0};              //!< The host model's TCBs
    uint64_t m_memoryInUse{0};       //!< SocketMemory::GetUse()
    bool m_hasHostModel{false};      //!< A TcpHostModel was there
    bool m_hasTimeWaitTable{false};  //!< A TimeWaitTable was there
    bool m_hasSocketMemory{false};   //!< A SocketMemory was there
};

} // namespace ns3

#endif /* TCP_HOST_CENSUS_H */
