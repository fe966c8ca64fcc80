/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TIME_WAIT_TABLE_H
#define TIME_WAIT_TABLE_H

#include "port-occupancy.h"
#include "tcb-list.h"
#include "time-wait-rst-rule.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/sequence-number.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <unordered_map>

namespace ns3
{

class Packet;
class TcpHeader;
class TcpL4Protocol;
class SocketMemory;

/**
 * @ingroup tcp-host
 * @brief TIME_WAIT as Linux keeps it: a small record per connection in place
 * of its socket, in a hash by 4-tuple, under a bucket limit.
 *
 * When a TcpHostSocket on a node with this table enters TIME_WAIT, it hands
 * the table what TIME_WAIT needs and releases its socket, endpoint and TCB
 * (Linux's tcp_time_wait() in net/ipv4/tcp_minisocks.c: the tcp_sock is
 * destroyed, a tcp_timewait_sock of 248 bytes, 256 in its slab, takes its
 * place in the established hash). Past MaxBuckets records the connection
 * closes with no TIME_WAIT at all, counted (inet_twsk_alloc in
 * net/ipv4/inet_timewait_sock.c; TcpExt TCPTimeWaitOverflow).
 *
 * The node's TcpInputStage offers each arriving segment to Receive() before
 * TCP sees it; a segment of a record is handled as tcp_timewait_state_process
 * handles it in state TIME_WAIT:
 * - an in-sequence RST ends TIME_WAIT where TimeWaitRstRule lets it, the
 *   rule a socket in TIME_WAIT follows, with the policy of the socket the
 *   record replaced (tcp_rfc1337 is TcpHostSocket's TimeWaitRstPolicy).
 *   Linux ends TIME_WAIT on that RST even after a second ACK of the peer's
 *   FIN; the rule does not (it may then be a closed peer's answer);
 * - an in-sequence bare ACK restarts the timer;
 * - a SYN (no ACK) whose sequence number is beyond the record's, or whose
 *   timestamp is newer, ends TIME_WAIT and goes on to the listener, which
 *   answers with an ISN 65537 above the old connection's (TakeIsn);
 * - anything else that is not an RST restarts the timer if it carries an
 *   ACK (a resent FIN does) and is answered with an ACK of the record's
 *   numbers, at most one per OowAckInterval for segments with no data and
 *   no FIN (tcp_oow_rate_limited);
 * - an out-of-sequence RST is dropped.
 * A timestamp older than the record's (PAWS) makes any segment the last
 * kind. The FIN_WAIT2 substate (an orphaned socket) is not modelled: sockets
 * enter the table in TIME_WAIT only. A connect() of the node may take a
 * record's 4-tuple over (tcp_tw_reuse: LocalPortAllocator, through Find and
 * Reuse).
 */
class TimeWaitTable : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TimeWaitTable();
    ~TimeWaitTable() override;

    /// What a record keeps: the fields of struct tcp_timewait_sock the rules read.
    struct Record
    {
        SequenceNumber32 rcvNxt;   //!< tw_rcv_nxt: the next byte expected (the peer's FIN counted)
        SequenceNumber32 sndNxt;   //!< tw_snd_nxt: ours (our FIN counted)
        uint16_t window{0};        //!< The window its ACKs advertise
        bool timestamps{false};    //!< The connection used timestamps
        uint32_t tsRecent{0};      //!< tw_ts_recent: the peer's last timestamp
        TimeWaitRstRule rstRule;   //!< Which RST may end it: the socket's policy, its FIN ACKs
        bool closedActively{true}; //!< An active closer's TIME_WAIT (not a swap or negotiated one)
    };

    /// What the input stage does with a segment after Receive().
    enum Verdict
    {
        NOT_HERE, //!< No record for it: TCP gets it
        HANDLED,  //!< A record's: handled here (dropped, or answered)
        REOPENED, //!< A new SYN ended the record: TCP gets it (the listener, with TakeIsn)
    };

    /**
     * @brief Keep TIME_WAIT for a connection whose socket is about to go.
     * @param key the connection, from this node's side
     * @param record what TIME_WAIT needs
     * @return false if the table is full (MaxBuckets): no TIME_WAIT, counted
     */
    bool Enter(const TcbKey& key, const Record& record);

    /**
     * @brief A segment arrived for this node.
     * @param packet the segment, TCP header first
     * @param header its TCP header
     * @param key its connection, from this node's side
     * @return what to do with it
     */
    Verdict Receive(Ptr<const Packet> packet, const TcpHeader& header, const TcbKey& key);

    /// Linux's distance from an old connection's last sequence number to
    /// the ISN of the one that takes its 4-tuple over (65535 + 2,
    /// tcp_timewait_state_process and tcp_twsk_unique)
    static constexpr uint32_t LINUX_ISN_DISTANCE = 65535 + 2;

    /**
     * @brief The ISN of a connection that takes a TIME_WAIT's 4-tuple over.
     * @param sndNxt the old connection's SND.NXT (its FIN counted)
     * @param distance how far above it the new one starts
     * @return sndNxt + distance, never 0 (Linux takes 0 for "none")
     */
    static SequenceNumber32 IsnAbove(SequenceNumber32 sndNxt, uint32_t distance);

    /**
     * @brief The ISN for a connection a SYN reopened (and forget it).
     * @param key the connection
     * @param isn set to it, if there is one
     * @return whether there is one
     */
    bool TakeIsn(const TcbKey& key, SequenceNumber32& isn);

    /**
     * @param key a connection
     * @return whether a SYN reopened it and its ISN waits for TakeIsn
     */
    bool HasIsn(const TcbKey& key) const;

    /**
     * @brief A record, for a connect() that wants its 4-tuple
     * (LocalPortAllocator: Linux's tcp_twsk_unique reads the record).
     * @param key the connection
     * @param record set to the record, if there is one
     * @param entered set to when it entered TIME_WAIT (tw_entry_stamp)
     * @return whether there is one
     */
    bool Find(const TcbKey& key, Record& record, Time& entered) const;

    /**
     * @brief Give a record's 4-tuple to a new connection of this node
     * (connect() with tcp_tw_reuse): the record goes, and the new
     * connection starts IsnDistance above the old one's last sequence
     * number, as a connection a SYN reopened does.
     * @param key the connection
     * @param isn set to the new connection's ISN, if there is a record
     * @return whether there was a record
     */
    bool Reuse(const TcbKey& key, SequenceNumber32& isn);

    /// @return records now
    uint32_t GetCount() const;
    /// @return connections that closed with no TIME_WAIT because the table was full
    uint64_t GetOverflows() const;
    /// @return records an in-sequence RST ended
    uint64_t GetKilled() const;
    /// @return records a new SYN ended
    uint64_t GetReopened() const;
    /// @return ACKs sent from records
    uint64_t GetAcksSent() const;
    /// @return records whose 4-tuple a connect() of this node took over (Reuse)
    uint64_t GetReused() const;
    /// @return whether a record exists for key
    bool Has(const TcbKey& key) const;

    /**
     * @brief The local ports with a record towards a destination, kept from
     * now on (LocalPortAllocator passes over them without a lookup).
     * @param local the local address
     * @param peer the peer's address
     * @param peerPort the peer's port
     * @return the ports, one bit each
     */
    const PortOccupancy::Ports& PortsTowards(Ipv4Address local,
                                             Ipv4Address peer,
                                             uint16_t peerPort);

    /**
     * TracedCallback signature for a record's event.
     * @param [in] key the connection
     */
    typedef void (*KeyTracedCallback)(const TcbKey& key);

    /**
     * TracedCallback signature for a record's timer, (re)started.
     * @param [in] key the connection
     * @param [in] expiry when the record will expire
     */
    typedef void (*RestartTracedCallback)(const TcbKey& key, Time expiry);

  protected:
    void DoDispose() override;

  private:
    /// A record and its timer.
    struct Entry
    {
        Record record;       //!< What TIME_WAIT needs
        EventId expiry;      //!< Its timer (tw_timer)
        Time lastOowAck{-1}; //!< tw_last_oow_ack_time (-1: none yet)
        Time entered;        //!< When it entered TIME_WAIT (tw_entry_stamp)
    };

    /// Find the node's TCP and memory at first use.
    void Connect();
    /// Arm or restart a record's timer (inet_twsk_reschedule).
    void Restart(const TcbKey& key, Entry& entry);
    /// Remove a record (expiry, RST, reopening SYN).
    void Remove(const TcbKey& key);
    /// Answer from a record: its sequence numbers, its window, its timestamps.
    void SendAck(const TcbKey& key, Entry& entry);
    /// Charge the node's socket memory for the records.
    void UpdateMemory();

    Time m_duration;        //!< Duration (TCP_TIMEWAIT_LEN)
    uint32_t m_maxBuckets;  //!< MaxBuckets (tcp_max_tw_buckets)
    uint32_t m_recordSize;  //!< RecordSize (the slab's object size)
    Time m_oowAckInterval;  //!< OowAckInterval (tcp_invalid_ratelimit)
    uint32_t m_isnDistance; //!< IsnDistance (65535 + 2)
    std::unordered_map<TcbKey, Entry, TcbKeyHash> m_entries;         //!< Records
    std::unordered_map<TcbKey, SequenceNumber32, TcbKeyHash> m_isns; //!< ISNs for reopened ones
    PortOccupancy m_ports;                                           //!< The records' ports
    Ptr<TcpL4Protocol> m_tcp;                                        //!< Sends the ACKs
    Ptr<SocketMemory> m_memory;                                      //!< Charged for records
    TracedValue<uint32_t> m_count{0};                                //!< Records now
    uint64_t m_overflows{0};                                         //!< Enter refused
    uint64_t m_killed{0};                                            //!< Ended by RST
    uint64_t m_reopened{0};                                          //!< Ended by a SYN
    uint64_t m_acks{0};                                              //!< ACKs sent
    uint64_t m_reused{0};                                            //!< Given to a connect()
    TracedCallback<const TcbKey&> m_overflowTrace;                   //!< Enter refused
    TracedCallback<const TcbKey&> m_killedTrace;                     //!< Ended by RST
    TracedCallback<const TcbKey&> m_reopenedTrace;                   //!< Ended by a SYN
    TracedCallback<const TcbKey&> m_reusedTrace;                     //!< Taken by a connect()
    TracedCallback<const TcbKey&> m_expiredTrace;                    //!< Timer expired
    TracedCallback<const TcbKey&, Time> m_restartedTrace;            //!< Timer (re)started
};

} // namespace ns3

#endif /* TIME_WAIT_TABLE_H */
