/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_SOCKET_BASE_WORKAROUNDS_H
#define TCP_SOCKET_BASE_WORKAROUNDS_H

// Every place TcpHostSocket compensates for ns-3's TcpSocketBase, with the
// line it answers in ns-3 3.44 / 3.48 (src/internet/model/tcp-socket-base.cc
// unless said) and the defect's number in tcp-host.rst ("Defects of ns-3's
// TcpSocketBase"). Each depends on how that code behaves, some on the order
// of its internal calls, so contrib/tcp-host/CMakeLists.txt refuses any ns-3
// version whose code these were not checked against (3.48: every function
// named here byte-identical to 3.44's but for the line numbers; 3.45-3.48
// only added FACK, ABE and ECN-CWR code, inert with their defaults).
//
// Fixes of a defect (an arm of its own, or an override that does more):
//  #1  1586/1620   ESTABLISHED: a FIN+ACK's ACK field ignored -> SplitFin (-close.cc), the
//                  ESTABLISHED arm of DoForwardUp
//  #2  822/855     a deferred close's FIN never sent -> ReceivedAck (core), Close (-close.cc)
//  #3  3849/3945   LAST_ACK: FIN no longer resent -> NewAck, ArmFinRetransmission (-close.cc)
//  #4  2653/2716   LAST_ACK closes on the peer's resent FIN -> the closing states' table,
//                  arm LAST_ACK x PEER_FIN_AGAIN (-closing-states.cc)
//  #5  2644/2707, 2607/2670  any ACK at RCV.NXT taken as our FIN's -> ClassifyClosingSegment's
//                  ACK_OF_OUR_FIN (-closing-states.cc)
//  #6  2616/2679   CLOSING closes on the peer's resent FIN -> arm CLOSING x PEER_FIN_AGAIN
//  #8  2553/2616   CLOSE_WAIT: a resent FIN not re-ACKed -> the CLOSE_WAIT arm of
//                  DoForwardUp (core), with the table's PEER_FIN_AGAIN class
//  #9  1474/1508   TIME_WAIT ignores every segment -> the table's TIME_WAIT arms
//  #11 2540/2603   FIN_WAIT_1 left only on a bare ACK of SND.MAX + 1 -> ReceivedAck (core)
//  #12 2286/2349   a listener ignores strays -> ProcessListenStray (-handshake.cc)
//  #13 816/849, 1147/1180  Close() resets on out-of-order data; a 2nd Close() in CLOSING
//                  -> Close
//  #14 2332/2395 (ProcessSynSent)  an RST+ACK to a SYN ignored -> ProcessRefusal
//                  (-handshake.cc)
//  #15 2553/2616, 2713/2776  FIN with data in FIN_WAIT_1/2 -> SplitFin, CompleteActiveClose
//                  (-close.cc); an early FIN completed by a held segment's timer ->
//                  DelAckTimeout (-ack.cc)
//  #16 4477/4600   a resent SYN's timestamp not echoed -> EchoResentSyn, EstimateRtt
//                  (-handshake.cc)
//  #17 3904/4000   giving up sends nothing -> GiveUp, ReTxTimeout, RetransmitFin (-close.cc)
//  #18 tcp-cubic.cc 128/133  TcpCubic's copy constructor -> Fork, Renew (core); 3.48 adds
//                  the same gap to TcpNewReno (tcp-congestion-ops.cc 109: BetaLoss left 0,
//                  ssthresh 2 MSS after every loss) and TcpLinuxReno (tcp-linux-reno.cc 49),
//                  which Renew covers too (it rebuilds the algorithm from its attributes)
//  #19 4038/4134   a persist probe with nothing unsent -> PersistTimeout (core)
//  #20 2893/2956, 4477/4600  Last.ACK.sent not advanced by a data segment's ACK (a stale
//                  timestamp echoed) -> SendDataPacket (core)
//  #21 1578/1612, 2555/2618  a SYN (the peer's SYN+ACK again) in ESTABLISHED, FIN_WAIT_1/2
//                  or CLOSE_WAIT ignored, not ACKed -> ReAckSyn (core)
//  #22 2686/2749, 3647/3736  a segment's data handed to the reader before its FIN is
//                  taken: a Close() from the reader crosses the peer's FIN -> DoForwardUp
//                  (core) marks a FIN segment, Close (-close.cc) waits until it is taken
//
// Steering: TcpSocketBase's state rewritten around a call to it. Fragile by
// nature, and the first to check on another version:
//  #7  2799/2862   ACKs after our FIN numbered SND.NXT = FIN + 1: SendControlSegment
//                  (-close.cc) sets m_nextTxSequence around SendEmptyPacket and
//                  restores it
//  #10 2928/2991, 2739/2802  the FIN's fixed, endless RTO: SendControlSegment cancels the
//                  retransmission event SendEmptyPacket has just scheduled and
//                  schedules the FIN timer (FinRto, RetransmitFin)
//  -   SendEmptyPacket (core), 2844-2885/2907-2948: the window scale of the SYN comes from
//      the receive buffer's size while the SYN is built; the buffer's limit is
//      raised for that call and put back, and m_synWindowCap carries the real
//      size to AdvertisedWindowSize (-buffers.cc) meanwhile
//  -   ReceivedData, ReceivedDataByPolicy (-ack.cc), 3681-3708/3770-3797: whether
//      TcpSocketBase armed its delayed-ACK timer during ReceivedData is told by the
//      EventId's UID before and after; the policy then re-arms it. The
//      segment count limit (m_delAckMaxCount) is lifted around the call.
//  -   SplitFin (-close.cc): a FIN with data is fed to TcpSocketBase as two
//      segments, data first, then the bare FIN rebuilt from its header
//  -   SkipsSynAck (-handshake.cc), 2871-2873/2934-2936: an expiry of SYN_RCVD's timer
//      that sends no SYN+ACK (TCP_DEFER_ACCEPT) repeats SendEmptyPacket's SYN
//      backoff (m_cnTimeout << (m_synRetries - m_synCount), then m_synCount--),
//      so the expiries after it fall where SendEmptyPacket would put them
//
// Not a defect: GetInstanceTypeId (tcp-host-socket.h) is overridden only
// before 3.45, where TcpSocketBase's own override reports the base class.
//
// One behaviour on every ns-3: each workaround is also correct on an ns-3
// that carries the fix of its defect (the patch series of issue 26,
// upstream/ns-3), where it does what the fixed TcpSocketBase does or finds
// nothing to do, so the socket takes its own arm whether or not ns-3 is
// fixed. The series proves ns-3's fixes with its own tests; a fix in ns-3
// makes its entry here unnecessary, not wrong.

#ifndef TCP_HOST_NS3_VERSION
#error "tcp-host: TCP_HOST_NS3_VERSION is undefined (contrib/tcp-host/CMakeLists.txt sets it)"
#endif

#endif // TCP_SOCKET_BASE_WORKAROUNDS_H
