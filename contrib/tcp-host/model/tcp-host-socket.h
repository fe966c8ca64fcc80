/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_HOST_SOCKET_H
#define TCP_HOST_SOCKET_H

#include "tcp-ack-decider.h"
#include "tcp-buffer-policy.h"
#include "tcp-buffer-sizer.h"
#include "tcp-close-machine.h"
#include "tcp-close-policy.h"
#include "tcp-delayed-ack-policy.h"
#include "tcp-listener-binding.h"
#include "tcp-node-reporter.h"
#include "tcp-socket-extensions.h"
#include "time-wait-rst-rule.h"

#include "ns3/deprecated.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/traced-callback.h"

#include <deque>

namespace ns3
{

/**
 * @defgroup tcp-host tcp-host
 * The suite's TCP socket with pluggable behaviour, and a model of the host it runs on (CPU shared
 * by kernel and applications, TCB list and demultiplexing cost, TCB memory, host profiles).
 */

class SocketMemory;
class TcpHostModel;
class TcpListenQueue;
class TcpOutputStage;
class TcpSocketIndex;
class TimeWaitTable;

/**
 * @ingroup tcp-host
 * @brief The suite's TCP socket: TcpSocketBase with a close path that never
 * sticks, pluggable close behaviour, and its TCB reported to the host model.
 *
 * Which end keeps TIME_WAIT is its close policy's choice (attribute
 * ClosePolicy, a TcpClosePolicy; forked into accepted sockets, as
 * TcpCongestionOps is): the standard close by default; the tw-avoid module
 * adds the swap close (the passive closer goes CLOSE_WAIT -> LAST_ACK_SWAP,
 * reported as LAST_ACK on the "State" trace and told apart on the
 * "ClosePhase" trace, and on the ACK of its FIN sends an RST and keeps
 * TIME_WAIT) and the negotiated placement (a handshake option; the client
 * keeps TIME_WAIT, no RST).
 *
 * An active closer in TIME_WAIT that receives an acceptable RST either
 * frees the TCB at once (TimeWaitRstPolicy Accept: BSD, SunOS, Linux
 * default) or ignores it (Ignore: RFC 1337, which is also what stock ns-3
 * does); which RST is acceptable is TimeWaitRstRule's, which a TIME_WAIT
 * record (TimeWaitTable) follows too.
 *
 * The closing states are handled here rather than by TcpSocketBase, whose
 * close path loses connections under loss (a FIN never resent, CLOSING or
 * LAST_ACK left on the wrong segment, TIME_WAIT that ignores a resent FIN,
 * ACKs after a FIN with the wrong sequence number...): CLOSING, LAST_ACK and
 * TIME_WAIT are one table of (state, segment class) arms
 * (ProcessClosingState), the other states' fixes arms of DoForwardUp. Every
 * connection then ends, under any loss, with TIME_WAIT where the close
 * policy puts it (tcp-host.rst, "The close path", lists the defects and the
 * guarantees; the tcp-host-close-path and tcp-host-close-stress suites test
 * them under the standard close, tw-avoid-close-path and
 * tw-avoid-close-stress under the tw-avoid module's close policies).
 *
 * The socket also reports its TCB life cycle to the node's TcpHostModel, if the
 * node has one, so that the host model knows the node's real TCB list.
 */
class TcpHostSocket : public TcpSocketBase, public TcpSocketExtensions
{
  public:
    /// Close phase, finer than TcpStates_t (TcpCloseMachine::Phase)
    using ClosePhase = TcpCloseMachine::Phase;
    using enum TcpCloseMachine::Phase;

    /**
     * What a segment arriving in a closing state (CLOSING, LAST_ACK,
     * TIME_WAIT) is, decided once, in this order of precedence; the closing
     * states' table has one arm per (state, class).
     */
    enum class ClosingSegment : uint8_t
    {
        RST,                 //!< An RST at RCV.NXT (RFC 5961 section 3.2)
        RST_OUT_OF_SEQUENCE, //!< An RST anywhere else
        SYN,                 //!< A SYN on the synchronized connection
        UNACCEPTABLE,        //!< Timestamps agreed, and this ACK has none (RFC 7323 section 3.2)
        ACK_OF_OUR_FIN,      //!< ACK = our FIN + 1, our FIN awaiting it (a FIN on it too)
        PEER_FIN_AGAIN,      //!< The peer's FIN again (ending at RCV.NXT), ACK below our FIN
        ACK,                 //!< Any other ACK: below our FIN, a duplicate, stale data
        OTHER,               //!< Neither ACK nor FIN nor RST nor SYN
    };

    /**
     * @param segment a class of closing-state segment
     * @return its name, for logs
     */
    static const char* ClosingSegmentName(ClosingSegment segment);

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TcpHostSocket();

    /**
     * @brief Copy constructor, used by Fork() so that accepted sockets keep the subclass.
     * @param sock the socket to copy
     */
    TcpHostSocket(const TcpHostSocket& sock);

    ~TcpHostSocket() override;

#ifndef NS_DEPRECATED_3_45
    // ns-3 <= 3.44: TcpSocketBase's own override would report TcpSocketBase
    // for this socket. From 3.45 Object::GetInstanceTypeId is final and
    // right (deprecated.h's macros tell the version in C++ and in cppyy).
    TypeId GetInstanceTypeId() const override;
#endif

    /**
     * @brief Set the close policy (which end keeps TIME_WAIT).
     * @param policy the policy, used by this socket only
     */
    void SetClosePolicy(Ptr<TcpClosePolicy> policy);

    /// @return the close policy
    Ptr<TcpClosePolicy> GetClosePolicy() const;

    /**
     * @brief Set the delayed-ACK policy (when a deferred ACK goes out).
     * @param policy the policy, used by this socket only
     */
    void SetDelayedAckPolicy(Ptr<TcpDelayedAckPolicy> policy);

    /// @return the delayed-ACK policy
    Ptr<TcpDelayedAckPolicy> GetDelayedAckPolicy() const;

    void SetBufferPolicy(Ptr<TcpBufferPolicy> policy) override;

    /// @return the buffer policy
    Ptr<TcpBufferPolicy> GetBufferPolicy() const override;

    /**
     * @brief Listen with Linux's SYN and accept queues (before Listen(); a
     * socket made by a TcpHostSocketFactory with listen queues gets one
     * when it listens).
     * @param queue the queue (null: ns-3's Listen(), no backlog)
     */
    void SetListenQueue(Ptr<TcpListenQueue> queue);

    /// @return the queues this socket listens with (null: none)
    Ptr<TcpListenQueue> GetListenQueue() const override;

    /**
     * @brief Get the close phase of this socket.
     * @return the phase
     */
    ClosePhase GetClosePhase() const;

    /**
     * @brief Get the TCP state.
     * @return the state (LAST_ACK_SWAP is reported as LAST_ACK)
     */
    TcpStates_t GetState() const override;

    /**
     * @brief TracedCallback signature for swap-phase changes.
     * @param [in] oldValue the previous phase
     * @param [in] newValue the new phase
     */
    typedef void (*ClosePhaseTracedCallback)(ClosePhase oldValue, ClosePhase newValue);

    /**
     * @brief TracedCallback signature for an RST that arrives in TIME_WAIT.
     * @param [in] socket the socket in TIME_WAIT
     */
    typedef void (*RstInTimeWaitTracedCallback)(Ptr<const TcpHostSocket> socket);

    /**
     * @brief TracedCallback signature for a (re)start of the TIME_WAIT timer.
     * @param [in] expiry when TIME_WAIT will end unless restarted or cut short
     */
    typedef void (*TimeWaitExpiryTracedCallback)(Time expiry);

    /**
     * @brief Whether the peer's FIN has arrived, unread data or not.
     * @return true once the peer has closed its end
     */
    bool PeerHasClosed() const override;

    /**
     * @brief Hand an arriving segment straight to this socket's endpoint if
     * ns-3's endpoint lookup would match it (enabled, on the right device,
     * and for a connection the segment's exact 4-tuple; for a listener its
     * port, and its address or any). The input stage calls it instead of
     * ns-3's lookup, which is linear in the endpoints a node holds, having
     * chosen the socket that lookup would prefer (TcpSocketIndex::Find);
     * what the socket receives is the same.
     * @param packet the segment, TCP header included
     * @param header its IPv4 header
     * @param tcpHeader its TCP header, as the input stage parsed it
     * @param interface where it arrived
     * @return true if delivered, false if ns-3's own path must take it
     */
    bool ForwardUpDirect(Ptr<Packet> packet,
                         const Ipv4Header& header,
                         const TcpHeader& tcpHeader,
                         Ptr<Ipv4Interface> interface);

    // TcpBufferControl: what a buffer policy sees and does (documented there)
    Ptr<Node> GetNode() const override;
    uint32_t ResizeSendBuffer(uint32_t bytes) override;
    uint32_t ResizeReceiveBuffer(uint32_t bytes) override;
    Time GetSmoothedRtt() const override;
    uint32_t GetReceiveBufferSize() const override;
    uint32_t GetSendBufferSize() const override;
    uint32_t GetSegmentSize() const override;
    Time GetRto() const override;
    uint32_t GetCongestionWindow() const override;
    uint64_t GetDataSegmentsSent() const override;
    uint64_t GetDataSegmentsRetransmitted() const override;
    uint64_t GetDataSegmentsReceived() const override;
    uint64_t GetDataSegmentsReceivedAgain() const override;

    /**
     * @brief TcpSocketBase's connect(), except that on a node with a
     * LocalPortAllocator an unbound socket's port is chosen as Linux's
     * connect() chooses it (per destination, tcp_tw_reuse); with no port
     * left it fails with ERROR_ADDRNOTAVAIL. Without an allocator, or for a
     * bound socket, exactly TcpSocketBase's.
     * @param address the peer
     * @return 0 on success, -1 on failure (GetErrno() tells why)
     */
    int Connect(const Address& address) override;

    /**
     * @brief For the node's LocalPortAllocator: whether this socket holds a
     * TIME_WAIT whose 4-tuple a new connection may take over (Linux's
     * tcp_twsk_unique asks a TIME_WAIT that saw timestamps).
     * @param entered set to when it entered TIME_WAIT
     * @return whether it is in TIME_WAIT and its connection used timestamps
     */
    bool TimeWaitReusable(Time& entered) const;

    /**
     * @brief End this socket's TIME_WAIT now and let its endpoint go, for a
     * new connection of the node that takes over its 4-tuple.
     * @return the old connection's SND.NXT (our FIN counted)
     */
    SequenceNumber32 ReuseTimeWait();

    /**
     * @brief Close as TcpSocketBase does, with one difference: called while
     * the socket takes in a segment that carries a FIN (from the reader of
     * that segment's data), the close waits until the FIN is taken, as
     * Linux runs the application only after the whole segment. The close
     * then starts in CLOSE_WAIT (LAST_ACK, no TIME_WAIT), where TcpSocketBase
     * would start it in ESTABLISHED and cross the peer's FIN (CLOSING, then
     * TIME_WAIT at both ends).
     * @return 0, or TcpSocketBase's error
     */
    int Close() override;

    /**
     * @brief Close at once with an RST, as close() with SO_LINGER {1, 0}
     * does (HAProxy's "option nolinger"): a synchronized connection sends
     * an RST at SND.NXT, the TCB goes without FIN or TIME_WAIT, queued data
     * is discarded. No close callback fires: the application asked for it.
     * @return 0
     */
    int CloseWithReset() override;

    int Listen() override;
    int Send(Ptr<Packet> p, uint32_t flags) override;
    Ptr<Packet> Recv(uint32_t maxSize, uint32_t flags) override;
    using TcpSocketBase::Recv;
    using TcpSocketBase::Send;

    /**
     * @brief Room in the send buffer: also bounded by the host's free memory
     * when socket-buffer data shares the pool with the TCBs.
     * @return bytes
     */
    uint32_t GetTxAvailable() const override;

  protected:
    Ptr<TcpSocketBase> Fork() override;
    void ReceivedData(Ptr<Packet> packet, const TcpHeader& tcpHeader) override;
    uint32_t SendDataPacket(SequenceNumber32 seq, uint32_t maxSize, bool withAck) override;
    void DelAckTimeout() override;
    uint16_t AdvertisedWindowSize(bool scale = true) const override;
    void ReceivedAck(Ptr<Packet> packet, const TcpHeader& tcpHeader) override;
    void NewAck(const SequenceNumber32& seq, bool resetRTO) override;
    void ReTxTimeout() override;
    void PersistTimeout() override;
    void LastAckTimeout() override;
    void SendEmptyPacket(uint8_t flags) override;
    /// Karn's rule also for a resent SYN or SYN+ACK, then RFC 6298's
    /// fallback (section 5.7) and upper bound (section 2.5) on the RTO.
    void EstimateRtt(const TcpHeader& tcpHeader) override;
    /// TcpSocketBase's, except that a resent SYN or SYN+ACK marks its first
    /// transmission's entry (of count 0), so the handshake gives no sample.
    void UpdateRttHistory(const SequenceNumber32& seq, uint32_t sz, bool isRetransmission) override;
    void DoForwardUp(Ptr<Packet> packet,
                     const Address& fromAddress,
                     const Address& toAddress) override;
    /// A connection a SYN reopened from a compact TIME_WAIT starts from the
    /// ISN its record gives (TimeWaitTable::TakeIsn).
    void CompleteFork(Ptr<Packet> p,
                      const TcpHeader& tcpHeader,
                      const Address& fromAddress,
                      const Address& toAddress) override;
    void DoDispose() override;
    /// The send buffer's size: charged to the node's SocketMemory while the
    /// connection runs, if its sockets charge their buffers (Accounting
    /// SocketBuffers; growth is then granted up to the memory left).
    void SetSndBufSize(uint32_t size) override;
    /// The receive buffer's size: charged as the send buffer's.
    void SetRcvBufSize(uint32_t size) override;

  private:
    /// The connection starts: its buffers as set now draw from the node's
    /// socket memory (TcpBufferSizer::StartCharging says which). The socket,
    /// through its sizer, is the only one that charges or releases them.
    void StartChargingBuffers();

    /// The connection is over: its buffers go back to the node's socket memory.
    void StopChargingBuffers();

    /**
     * @brief Follows the inherited state variable: close phase, TIME_WAIT
     * trace and host-model bookkeeping.
     * @param oldState previous TCP state
     * @param newState new TCP state
     */
    void StateChanged(TcpStates_t oldState, TcpStates_t newState);

    /**
     * @brief The close machine changed phase: fire the trace.
     * @param oldPhase the phase before
     * @param newPhase the phase now
     */
    void ClosePhaseChanged(ClosePhase oldPhase, ClosePhase newPhase);

    /// Connects the state's trace and the parts' callbacks to this socket.
    void ConnectParts();

    // The close path around the closing states (tcp-host-socket-close.cc).

    /**
     * @brief Hand a FIN segment to TcpSocketBase as two segments: the data
     * and ACK, then a bare FIN after the data.
     *
     * TcpSocketBase::ProcessWait takes the FIN's sequence number from the
     * start of the segment, and ProcessEstablished ignores the ACK field of
     * a FIN+ACK; split, each half takes the path that handles it right.
     *
     * @param packet the arriving segment, header included
     * @param tcpHeader its header
     * @param fromAddress sender
     * @param toAddress receiver
     */
    void SplitFin(Ptr<Packet> packet,
                  const TcpHeader& tcpHeader,
                  const Address& fromAddress,
                  const Address& toAddress);

    /**
     * @brief LISTEN: a segment that is neither SYN nor RST belongs to no
     * connection; answer it with an RST (RFC 793, "Reset Generation").
     * @param packet the arriving segment, header included
     * @param tcpHeader its header
     * @param fromAddress sender
     * @param toAddress receiver
     * @return true if the segment was consumed
     */
    bool ProcessListenStray(Ptr<Packet> packet,
                            const TcpHeader& tcpHeader,
                            const Address& fromAddress,
                            const Address& toAddress);

    /**
     * @brief SYN_SENT: an RST+ACK to our SYN refuses the connection.
     * @param tcpHeader the arriving segment's header
     * @return true if the segment was consumed
     */
    bool ProcessRefusal(const TcpHeader& tcpHeader);

    /**
     * @brief A SYN in a synchronized state (ESTABLISHED, FIN_WAIT_1/2,
     * CLOSE_WAIT): answer with an ACK.
     * @param flags the segment's flags
     * @return true if it was a SYN (answered)
     */
    bool ReAckSyn(uint8_t flags);

    /**
     * @brief LISTEN, a SYN, with a listen queue: tcp_conn_request's verdict.
     * @param fromAddress the peer
     * @param toAddress this end
     * @return true if the SYN was dropped
     */
    bool DropSynByQueue(const Address& fromAddress, const Address& toAddress);

    /**
     * @brief SYN_RCVD, forked by a listener with a listen queue: the
     * handshake's last ACK, as tcp_check_req decides on it.
     * @param packet the segment
     * @param tcpHeader its header
     * @param fromAddress the peer
     * @param toAddress this end
     * @return true if consumed (dropped, or answered with an RST)
     */
    bool ProcessHandshakeAck(Ptr<Packet> packet,
                             const TcpHeader& tcpHeader,
                             const Address& fromAddress,
                             const Address& toAddress);

    /// A connect() that could not bind: leave TcpL4Protocol's socket list.
    void Unlist();

    /// @return the SYN+ACK timer's expiries so far (Linux's num_timeout)
    uint32_t SynAckTimeouts() const;

    /**
     * @brief SYN_RCVD with TCP_DEFER_ACCEPT after a bare ACK: at an expiry
     * of the SYN+ACK's timer before the deferring period's last, send
     * nothing and rearm the timer (syn_ack_recalc).
     * @param flags the segment TcpSocketBase's timer would send
     * @return true if skipped
     */
    bool SkipsSynAck(uint8_t flags);

    /**
     * @brief Start the connection's sequence numbers at an ISN above an old
     * connection's with the same 4-tuple (a TIME_WAIT reopened by a SYN or
     * taken over by connect()), so that the peer cannot take an old
     * duplicate for new data.
     * @param isn the first sequence number
     */
    void StartSequenceAt(SequenceNumber32 isn);

    /**
     * @brief Answer a segment with an RST, as for a connection that does
     * not exist (RFC 793: SEQ=SEG.ACK, or ACK=SEG.SEQ+SEG.LEN).
     * @param packet the segment
     * @param tcpHeader its header
     * @param fromAddress its source
     * @param toAddress its destination
     */
    void ReplyWithReset(Ptr<Packet> packet,
                        const TcpHeader& tcpHeader,
                        const Address& fromAddress,
                        const Address& toAddress);

    /// A cookie's connection has nothing to resend its SYN+ACK from: it goes.
    void ExpireCookie();

    /**
     * @brief The listen queue hands the application a connection (push mode).
     * @param child the connection
     * @param from its peer
     */
    void DeliverAccepted(Ptr<Socket> child, const Address& from);

    /**
     * @brief SYN_RCVD: the peer's SYN again (our SYN+ACK was lost) takes
     * its timestamp into TS.Recent, so the SYN+ACK resent for it echoes
     * that SYN's (RFC 7323 section 4.3: SEG.SEQ <= Last.ACK.sent).
     * TcpSocketBase takes a timestamp only from a segment at RCV.NXT and
     * echoes the first SYN's: the peer's first RTT sample then spans its
     * SYN timeouts, and its retransmission timeout grows to seconds.
     * @param tcpHeader the arriving segment's header
     */
    void EchoResentSyn(const TcpHeader& tcpHeader);

    // The closing states' table (tcp-host-socket-closing-states.cc).

    /**
     * @brief Classify a segment arriving in a closing state, once: the
     * class decides the arm (ProcessClosingState).
     * @param packet the segment, header included
     * @param tcpHeader its header
     * @return its class
     */
    ClosingSegment ClassifyClosingSegment(Ptr<Packet> packet, const TcpHeader& tcpHeader) const;

    /**
     * @brief CLOSING, LAST_ACK and TIME_WAIT: the segment classified once,
     * then the one arm of (state, class). Every segment of these states is
     * consumed here; none reaches TcpSocketBase.
     * @param packet the segment, header included
     * @param tcpHeader its header
     */
    void ProcessClosingState(Ptr<Packet> packet, const TcpHeader& tcpHeader);

    /**
     * @brief Take the ACK field of an accepted segment, as
     * TcpSocketBase::DoForwardUp does before its state switch, then the ACK
     * (not past our FIN). Nothing if the segment has no ACK.
     * @param tcpHeader the segment's header
     */
    void TakeAck(const TcpHeader& tcpHeader);

    /// LAST_ACK, our FIN acknowledged: RST and TIME_WAIT for a swap close,
    /// TIME_WAIT for the negotiated keeper, CLOSED otherwise.
    void AckOfFinInLastAck();

    /// CLOSING or LAST_ACK, an RST at RCV.NXT from a peer's node that no
    /// longer has the connection: an end whose policy keeps TIME_WAIT when
    /// it closes second (the negotiated keeper, the swap closer) keeps it;
    /// any other closes.
    void RstAfterPeerFin();

    /// TIME_WAIT, the peer's FIN again: ACK it and restart the 2*MSL timer.
    void ReAckInTimeWait();

    /**
     * @brief TIME_WAIT, an RST: traced; it ends TIME_WAIT only where
     * TimeWaitRstRule lets it (this end closed actively: no swap or
     * negotiated phase).
     * @param inSequence the RST is at RCV.NXT
     */
    void RstInTimeWait(bool inSequence);

    /// @return whether the state is one that waits for the ACK of our FIN
    bool AwaitingAckOfFin() const;

    /// @return whether our FIN was sent and is not acknowledged yet
    bool FinOutstanding() const;

    /// @return the sequence number of our FIN (valid once the application closed)
    SequenceNumber32 FinSequence() const;

    /// @return the FIN's retransmission timeout, RFC 6298 backoff included
    Time FinRto() const;

    /// Keep the FIN's retransmission timer running while the FIN is unacknowledged.
    void ArmFinRetransmission();

    /// Retransmit our FIN with exponential backoff; give up after DataRetries.
    void RetransmitFin();

    /// Enter TIME_WAIT, noting how (close phase).
    void EnterTimeWait(ClosePhase how);

    /// The (state, segment) arms of DoForwardUp.
    void DispatchSegment(Ptr<Packet> packet, const Address& fromAddress, const Address& toAddress);

    /// In TIME_WAIT on a node with a TimeWaitTable: leave TIME_WAIT to a
    /// record of it (or to nothing, if the table is full) and close.
    void HandOverTimeWait();

    /**
     * @brief Send a segment without data carrying an option (via the node's TcpOutputStage).
     * @param flags the segment's flags
     * @param option the option's bytes
     */
    void SendWithOption(uint8_t flags, const std::vector<uint8_t>& option);

    /**
     * @brief Create the close policy (ClosePolicy attribute setter).
     * @param tid a TcpClosePolicy type
     */
    void SetClosePolicyType(TypeId tid);

    /// @return the close policy's type (ClosePolicy attribute getter)
    TypeId GetClosePolicyType() const;

    /**
     * @brief Create the delayed-ACK policy (DelayedAckPolicy attribute setter).
     * @param tid a TcpDelayedAckPolicy type
     */
    void SetDelayedAckPolicyType(TypeId tid);

    /// @return the delayed-ACK policy's type (attribute getter)
    TypeId GetDelayedAckPolicyType() const;

    /**
     * @brief Create the buffer policy (BufferPolicy attribute setter).
     * @param tid a TcpBufferPolicy type
     */
    void SetBufferPolicyType(TypeId tid);

    /// @param policy what TIME_WAIT does with an acceptable RST (attribute TimeWaitRstPolicy)
    void SetTimeWaitRstPolicy(TimeWaitRstRule::Policy policy);

    /// @return what TIME_WAIT does with an acceptable RST
    TimeWaitRstRule::Policy GetTimeWaitRstPolicy() const;

    /// @return the buffer policy's type (attribute getter)
    TypeId GetBufferPolicyType() const;

    // The ACK path under a delayed-ACK policy that decides for itself.

    /// @return what the ACK decider reads of this receiver now
    TcpReceiverView ReceiverView() const;

    /// @return bytes received and not yet acknowledged
    uint32_t Unacked() const;

    /**
     * @brief Take in an in-sequence data segment as the policy says.
     * @param packet the payload
     * @param tcpHeader its header
     * @param verdict the policy's verdict (not STANDARD)
     */
    void ReceivedDataByPolicy(Ptr<Packet> packet,
                              const TcpHeader& tcpHeader,
                              TcpDelayedAckPolicy::Verdict verdict);

    /// Start the delayed-ACK timer, if it is not running, for the policy's delay.
    void ArmDelayedAck();

    /// Take in the segment held out of ACKs (HOLD), if there is one.
    void ReleaseHeld();

    /// A segment that acknowledges RCV.NXT is leaving: note it (and bring a
    /// receive buffer being shrunk closer to its target first).
    void NoteAckSent();

    /// @return the window's right edge promised by the last ACK, less the
    /// first unread byte: the smallest buffer that keeps that promise
    uint32_t PromisedBuffer() const;

    /**
     * @brief SendEmptyPacket's work (the override wraps it: a SYN may ask
     * for a window scale fit for MaxRcvBufSize).
     * @param flags the segment's flags
     */
    void SendControlSegment(uint8_t flags);

    /**
     * @brief The largest segment that does not run past the end of an
     * application write (SegmentPerWrite).
     * @param seq the segment's first byte
     * @param maxSize the size TcpSocketBase wants
     * @return the size to send
     */
    uint32_t ClipToWrite(SequenceNumber32 seq, uint32_t maxSize);

    /// The peer's FIN completed while TcpSocketBase had us in CLOSE_WAIT
    /// although our FIN went first: TIME_WAIT or CLOSING.
    void CompleteActiveClose();

    /**
     * @brief Leave CLOSE_WAIT for CompleteActiveClose's state if ns-3's
     * DoPeerClose took us there although our FIN went first (data let in
     * completed a FIN that came early; DoPeerClose acknowledged it).
     * @return whether it did
     */
    bool LeaveActiveClosersCloseWait();

    /// Abort: tell the application of an error and free the TCB.
    void Abort();

    /**
     * @brief An RST in a synchronized state (ESTABLISHED, FIN_WAIT_1/2,
     * CLOSE_WAIT), by RFC 5961 section 3.2: at exactly RCV.NXT it resets
     * the connection, told to the application as an error (ECONNRESET, not
     * an end of stream); elsewhere in the window it draws a challenge ACK;
     * outside, it is dropped.
     * @param tcpHeader the RST's header
     */
    void ProcessReset(const TcpHeader& tcpHeader);

    /// No RTT sample from a handshake whose SYN (or SYN+ACK) was resent:
    /// the RTO becomes SynTimeoutRto until the first sample (RFC 6298 5.7).
    void FallBackRto();

    /// Keep the RTO within MaxRto (RFC 6298 section 2.5), the pending
    /// retransmission timer too.
    void BoundRto();

    /**
     * @brief Retransmissions exhausted: tell the peer with an RST, then
     * abort (4.4BSD's tcp_drop). Without the RST a peer with nothing to
     * send keeps its TCB for ever.
     */
    void GiveUp();

    /// FIN_WAIT_2 idle for FinWait2Timeout: abort the connection.
    void FinWait2Timeout();
    /// @param timeout the FinWait2Timeout attribute (the close machine keeps it)
    void SetFinWait2Timeout(Time timeout);
    /// @return the FinWait2Timeout attribute
    Time GetFinWait2Timeout() const;

    /// TcpSocketBase freed the endpoint without passing through CLOSED (it
    /// gave up, or reset): say CLOSED, and let the TCB leave the host model.
    void NoteReleased();

    /// Tell the buffer policy the connection is over (once, if it was told
    /// it was established).
    void TellBufferPolicyClosed();

    /// Bring a shrinking send buffer down as far as the bytes it holds allow.
    void StepSendBufferDown();

    /// @return the node's TIME_WAIT records (null: TIME_WAIT stays in the socket)
    Ptr<TimeWaitTable> TimeWaitRecords();

    /// Tell a host model whose pool is shared how much data this socket buffers.
    void ReportData();

    /// Tell the node's socket index and host model (each if there) about a
    /// TCB state change.
    void ReportToNode(TcpStates_t oldState, TcpStates_t newState);

    /// Take this socket out of the node's socket index and host model: its
    /// TCB is gone.
    void ForgetInNode();

    /**
     * @brief A congestion-control object of the same type and attributes,
     * freshly constructed: the copy constructors of some (TcpCubic in 3.44)
     * leave members uninitialised.
     * @param algo the algorithm to renew
     * @return the new object
     */
    static Ptr<TcpCongestionOps> Renew(Ptr<TcpCongestionOps> algo);

    Ptr<TcpBufferPolicy> m_bufferPolicy;     //!< Who sizes the buffers
    TcpListenerBinding m_listener;           //!< A listener's queues, or a child's listener's
    bool m_bufferPolicyActive{false};        //!< Established told, Closed not yet
    uint64_t m_dataSegmentsSent{0};          //!< Data segments sent
    uint64_t m_dataSegmentsRetransmitted{0}; //!< Of which sent again
    uint64_t m_dataSegmentsReceived{0};      //!< Data segments received
    uint64_t m_dataSegmentsReceivedAgain{0}; //!< Of which below the highest received
    SequenceNumber32 m_highRxEnd{0};         //!< End of the highest data received
    bool m_highRxKnown{false};               //!< m_highRxEnd is set
    TcpBufferSizer m_sizer;                  //!< Buffers charged to the node, shrinks pending
    Ptr<TcpOutputStage> m_outputStage;       //!< The node's output stage, once needed
    TimeWaitRstRule m_rstRule;               //!< Which RST may end TIME_WAIT (its policy, FIN ACKs)
    TcpCloseMachine m_close;                 //!< The close: policy, phase, our FIN, FIN_WAIT_2
    TracedCallback<ClosePhase, ClosePhase> m_closePhaseTrace;      //!< Close phase trace
    TracedCallback<Ptr<const TcpHostSocket>> m_rstInTimeWaitTrace; //!< RST seen in TIME_WAIT
    TracedCallback<Time> m_timeWaitExpiryTrace;                    //!< TIME_WAIT timer (re)started
    TcpNodeReporter m_reporter;       //!< Reports the TCB to its node's objects
    Time m_synTimeoutRto;             //!< RTO after a handshake without sample (0: none)
    Time m_maxRto;                    //!< Largest RTO (0: no bound)
    uint16_t m_advertisedMss{0};      //!< MSS option of our SYNs (0: none)
    bool m_resetDataAfterClose{true}; //!< RST new data after Close()
    TcpAckDecider m_ack;              //!< Decides ACKs: the delayed-ACK policy and its inputs
    bool m_finFollows{false};         //!< SplitFin: the segment being taken in had a FIN
    bool m_takingFin{false};          //!< DoForwardUp: the segment being taken in has a FIN
    bool m_closeAfterSegment{false};  //!< Close() called meanwhile: done after the segment
    bool m_segmentPerWrite{false};    //!< No segment spans two application writes
    std::deque<SequenceNumber32> m_writeEnds; //!< Ends of writes not yet acknowledged
    uint32_t m_maxRcvBufSize{0}; //!< Largest receive buffer the window scale must allow
    uint32_t m_synWindowCap{0};  //!< While a SYN is built: the real buffer (window cap)
    uint32_t m_synTsValue{0};    //!< Timestamp value of the last SYN sent
};

} // namespace ns3

#endif /* TCP_HOST_SOCKET_H */
