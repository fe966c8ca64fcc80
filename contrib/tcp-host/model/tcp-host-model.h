/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_HOST_MODEL_H
#define TCP_HOST_MODEL_H

#include "socket-memory.h"
#include "tcb-list.h"

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/tcp-socket.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <array>
#include <memory>
#include <unordered_map>

namespace ns3
{

class TcpHostSocket;

/**
 * @ingroup tcp-host
 * @brief A host's TCP control blocks: how many, in which states, whether a
 * SYN gets one, and what demultiplexing an arriving segment costs. Their
 * memory is the node's SocketMemory's, which this model keeps told of the
 * TCB count and asks before admitting a SYN.
 *
 * One per node, aggregated to it (TwAvoidHelper does this). The node's
 * TcpHostSocket objects report every state change, so the model's TCB
 * list is the node's real one, TIME_WAIT TCBs included. The
 * TcpInputStage asks it for the CPU cost of each arriving segment:
 *
 *   cost = PerSegmentCost + PerByteCost * payload + PerTcbCost * visited
 *
 * where "visited" is the number of TCBs the lookup discipline looks at
 * (see TcbList). The defaults cost nothing; calibrated costs come from a
 * named TcpHostProfile (the derivations are in the module documentation).
 */
class TcpHostModel : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TcpHostModel();
    ~TcpHostModel() override;

    /**
     * @brief Record a TCB's (new) state. Called by sockets.
     * @param socket the TCB's socket (its identity)
     * @param key its 4-tuple
     * @param state its new state (not CLOSED)
     */
    void UpdateTcb(const TcpHostSocket* socket, const TcbKey& key, TcpSocket::TcpStates_t state);

    /**
     * @brief Remove a TCB (it reached CLOSED or its socket went away). Idempotent.
     * @param tcb the socket whose TCB it is
     */
    void ForgetTcb(const TcpHostSocket* tcb);

    /**
     * @brief CPU time to demultiplex and process one arriving segment, now.
     *
     * Fires the "DemuxCost" trace.
     *
     * @param local the segment's destination address
     * @param localPort the segment's destination port
     * @param peer the segment's source address
     * @param peerPort the segment's source port
     * @param payloadBytes the segment's TCP payload size
     * @return the CPU time
     */
    Time SegmentCost(Ipv4Address local,
                     uint16_t localPort,
                     Ipv4Address peer,
                     uint16_t peerPort,
                     uint32_t payloadBytes);

    /// What to do with a SYN when the TCB memory is exhausted.
    enum PoolExhaustedAction
    {
        POOL_DROP,   //!< Drop it silently (no memory to answer: SunOS); the peer retries
        POOL_REFUSE, //!< Answer with an RST: the peer's connect fails at once
    };

    /// The verdict on an arriving SYN.
    enum Admission
    {
        ADMIT,  //!< It gets a TCB
        DROP,   //!< Drop it
        REFUSE, //!< Answer it with an RST
    };

    /**
     * @brief Whether a SYN that would create a new TCB gets one.
     *
     * A SYN for an existing TCB (a retransmission) is always admitted. A
     * refusal is counted and fires the "TcbAllocationFailed" trace.
     *
     * @param local the segment's destination address
     * @param localPort the segment's destination port
     * @param peer the segment's source address
     * @param peerPort the segment's source port
     * @return the verdict
     */
    Admission AdmitSyn(Ipv4Address local, uint16_t localPort, Ipv4Address peer, uint16_t peerPort);

    /// @return SYNs that found the TCB memory exhausted
    uint64_t GetAllocationFailures() const;

    /// @return the number of TCBs
    uint32_t GetTcbCount() const;

    /**
     * @brief Number of TCBs in one state.
     * @param state the state
     * @return the count
     */
    uint32_t GetTcbCount(TcpSocket::TcpStates_t state) const;

    /// @return the lookup discipline's list (read-only)
    const TcbList& GetTcbList() const;

    /**
     * @brief TracedCallback signature for a TCB leaving the node.
     * @param [in] lifetime from its creation (SYN_SENT, SYN_RCVD or LISTEN) to now
     * @param [in] lastState its state when it left (TIME_WAIT, LAST_ACK...)
     */
    typedef void (*TcbReleasedTracedCallback)(Time lifetime, TcpSocket::TcpStates_t lastState);

    /**
     * @brief TracedCallback signature for a SYN turned away for lack of TCB memory.
     * @param [in] peer its source address
     * @param [in] peerPort its source port
     */
    typedef void (*AllocationFailedTracedCallback)(Ipv4Address peer, uint16_t peerPort);

    /**
     * @brief TracedCallback signature for the cost of one segment.
     * @param [in] visited TCBs visited by the lookup
     * @param [in] cost CPU time charged
     */
    typedef void (*DemuxCostTracedCallback)(uint32_t visited, Time cost);

  protected:
    void DoDispose() override;

  private:
    /// (Re)create the list when the discipline attributes are set.
    void ResetList();

    /**
     * @brief Set the lookup discipline (attribute setter).
     * @param discipline the discipline
     */
    void SetDiscipline(TcbList::Discipline discipline);

    /// @return the lookup discipline (attribute getter)
    TcbList::Discipline GetDiscipline() const;

    /// @return the number of hash chains (attribute getter)
    uint32_t GetHashBuckets() const;

    /**
     * @brief Set the number of hash chains (attribute setter).
     * @param buckets the number of chains
     */
    void SetHashBuckets(uint32_t buckets);

    /// Update the traced counts (and the TCBs' memory) after a change.
    void UpdateCounts();

    /// @return the node's SocketMemory, found (or created, neutral) at first use
    SocketMemory& Memory();

    TcbList::Discipline m_discipline{TcbList::LINEAR_HEAD_INSERT}; //!< Lookup discipline
    uint32_t m_hashBuckets{256};                                   //!< Hash chains
    Time m_perSegmentCost;                                         //!< Fixed cost per segment
    Time m_perTcbCost;                                             //!< Cost per TCB visited
    Time m_perByteCost;                                            //!< Cost per payload byte
    PoolExhaustedAction m_exhaustedAction{POOL_DROP};              //!< SYN on a full pool
    Ptr<SocketMemory> m_memory;       //!< The node's socket memory (Memory())
    uint64_t m_allocationFailures{0}; //!< SYNs turned away
    TracedCallback<Ipv4Address, uint16_t> m_allocationFailedTrace; //!< Trace: SYN turned away
    std::unique_ptr<TcbList> m_list;                               //!< The TCB list

    /// What the model keeps of a TCB.
    struct Tcb
    {
        TcpSocket::TcpStates_t state; //!< Current state
        Time created;                 //!< When it entered the list
    };

    std::unordered_map<const TcpHostSocket*, Tcb> m_states;          //!< Each TCB
    std::array<uint32_t, TcpSocket::LAST_STATE> m_perState{};        //!< TCBs per state
    TracedValue<uint32_t> m_tcbCount{0};                             //!< Trace: TCB count
    TracedValue<uint32_t> m_timeWaitCount{0};                        //!< Trace: TIME_WAIT TCBs
    TracedCallback<Time, TcpSocket::TcpStates_t> m_tcbReleasedTrace; //!< Trace: TCB left
    TracedCallback<uint32_t, Time> m_demuxCostTrace;                 //!< Trace: cost per segment
};

} // namespace ns3

#endif /* TCP_HOST_MODEL_H */
