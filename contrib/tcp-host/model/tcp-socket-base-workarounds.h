/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_SOCKET_BASE_WORKAROUNDS_H
#define TCP_SOCKET_BASE_WORKAROUNDS_H

// Every place TcpHostSocket compensates for ns-3 3.44's TcpSocketBase, with
// the 3.44 line it answers (src/internet/model/tcp-socket-base.cc unless
// said) and the defect's number in tcp-host.rst ("Defects of ns-3's
// TcpSocketBase"). Each depends on how 3.44 behaves, some on the order of
// its internal calls, so this header refuses any other ns-3 (below): port
// them one by one, checking each against that version's code, then widen
// the check.
//
// Fixes of a defect (an arm of its own, or an override that does more):
//  #1  1586        ESTABLISHED: a FIN+ACK's ACK field ignored -> SplitFin (-close.cc), the
//                  ESTABLISHED arm of DoForwardUp
//  #2  822         a deferred close's FIN never sent -> ReceivedAck (core), Close (-close.cc)
//  #3  3849        LAST_ACK: FIN no longer resent -> NewAck, ArmFinRetransmission (-close.cc)
//  #4  2653        LAST_ACK closes on the peer's resent FIN -> the closing states' table,
//                  arm LAST_ACK x PEER_FIN_AGAIN (-closing-states.cc)
//  #5  2644, 2607  any ACK at RCV.NXT taken as our FIN's -> ClassifyClosingSegment's
//                  ACK_OF_OUR_FIN (-closing-states.cc)
//  #6  2616        CLOSING closes on the peer's resent FIN -> arm CLOSING x PEER_FIN_AGAIN
//  #8  2553        CLOSE_WAIT: a resent FIN not re-ACKed -> the CLOSE_WAIT arm of
//                  DoForwardUp (core), with the table's PEER_FIN_AGAIN class
//  #9  1474        TIME_WAIT ignores every segment -> the table's TIME_WAIT arms
//  #11 2540        FIN_WAIT_1 left only on a bare ACK of SND.MAX + 1 -> ReceivedAck (core)
//  #12 2286        a listener ignores strays -> ProcessListenStray (-handshake.cc)
//  #13 816, 1147   Close() resets on out-of-order data; a 2nd Close() in CLOSING -> Close
//  #14 ProcessSynSent  an RST+ACK to a SYN ignored -> ProcessRefusal (-handshake.cc)
//  #15 2553, 2713  FIN with data in FIN_WAIT_1/2 -> SplitFin, CompleteActiveClose (-close.cc)
//  #16 4477        a resent SYN's timestamp not echoed -> EchoResentSyn, EstimateRtt
//                  (-handshake.cc)
//  #17 3904        giving up sends nothing -> GiveUp, ReTxTimeout, RetransmitFin (-close.cc)
//  #18 tcp-cubic.cc 128  TcpCubic's copy constructor -> Fork, Renew (core)
//  #19 4038        a persist probe with nothing unsent -> PersistTimeout (core)
//  #20 2893, 4477  Last.ACK.sent not advanced by a data segment's ACK (a stale
//                  timestamp echoed) -> SendDataPacket (core)
//  #21 1578, 2555  a SYN (the peer's SYN+ACK again) in ESTABLISHED, FIN_WAIT_1/2 or
//                  CLOSE_WAIT ignored, not ACKed -> ReAckSyn (core)
//
// Steering: TcpSocketBase's state rewritten around a call to it. Fragile by
// nature, and the first to check on another version:
//  #7  2799        ACKs after our FIN numbered SND.NXT = FIN + 1: SendControlSegment
//                  (-close.cc) sets m_nextTxSequence around SendEmptyPacket and
//                  restores it
//  #10 2928, 2739  the FIN's fixed, endless RTO: SendControlSegment cancels the
//                  retransmission event SendEmptyPacket has just scheduled and
//                  schedules the FIN timer (FinRto, RetransmitFin)
//  -   SendEmptyPacket (core): the window scale of the SYN comes from the
//      receive buffer's size while the SYN is built; the buffer's limit is
//      raised for that call and put back, and m_synWindowCap carries the real
//      size to AdvertisedWindowSize (-buffers.cc) meanwhile
//  -   ReceivedData, ReceivedDataByPolicy (-ack.cc): whether TcpSocketBase
//      armed its delayed-ACK timer during ReceivedData is told by the
//      EventId's UID before and after; the policy then re-arms it. The
//      segment count limit (m_delAckMaxCount) is lifted around the call.
//  -   SplitFin (-close.cc): a FIN with data is fed to TcpSocketBase as two
//      segments, data first, then the bare FIN rebuilt from its header
//
// This list and its tests are the patch series of issue 26: each fixed in
// ns-3 makes its entry here unnecessary.

#include <string_view>

#ifndef TCP_HOST_NS3_VERSION
#error "tcp-host: TCP_HOST_NS3_VERSION is undefined (contrib/tcp-host/CMakeLists.txt sets it)"
#endif

static_assert(std::string_view(TCP_HOST_NS3_VERSION) == "3.44",
              "tcp-host: TcpHostSocket works around ns-3 3.44's TcpSocketBase "
              "(tcp-socket-base-workarounds.h lists each place); this is ns-3 " TCP_HOST_NS3_VERSION
              ": check every entry against its tcp-socket-base.cc before building");

#endif // TCP_SOCKET_BASE_WORKAROUNDS_H
