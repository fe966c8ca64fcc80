/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Segment-level tests of the close path of TcpHostSocket with the standard
// close at both ends (or a stock TcpSocketBase peer): each case drops or
// injects chosen segments of one connection and checks what the ends put on
// the wire and where TIME_WAIT ends up. Each case reproduces a defect that
// stock TcpSocketBase (ns-3 3.44) or an earlier version of the suite's
// socket had; tcp-host.rst ("Defects of ns-3's TcpSocketBase") lists them.
// The close policies' own cases (swap close, negotiated placement) are
// tw-avoid's tw-avoid-close-path.

#include "tcp-close-harness.h"

#include "ns3/test.h"

using namespace ns3;
using namespace ns3::closetest;

namespace
{

/**
 * Both ends close once the client has read the response; the server's
 * next-to-last data segment was lost and retransmitted (so at its close it
 * has data it thinks unsent), and the client's FIN+ACK, which acknowledges
 * everything, is lost once. Stock ProcessEstablished ignores the ACK
 * field of a FIN+ACK; the server's application close was deferred behind
 * data it thought unsent, the data was then acknowledged without being
 * resent, and its FIN was never sent: CLOSE_WAIT at the server and
 * FIN_WAIT_2 at the client for ever. Found by the stress test.
 */
class FinAckAcksDataTest : public ClosePathTestCase
{
  public:
    FinAckAcksDataTest()
        : ClosePathTestCase(
              "ESTABLISHED: the ACK field of a FIN+ACK is processed",
              Placement::STANDARD,
              ConnSpec{.request = 4359, .response = 27396, .order = CloseOrder::SIMULTANEOUS})
    {
    }

  private:
    void Drops(CloseHarness& h) override
    {
        h.ToClient()->DropNth([](const WireSegment& s) { return s.seq == 26001 && s.len > 0; });
        h.ToServer()->DropNth(ClientFin());
    }

    void Check(const ConnRecord& c, const std::vector<WireSegment>& log) override
    {
        auto serverFins = Select(log, ServerFin());
        NS_TEST_ASSERT_MSG_EQ(serverFins.empty(), false, "the server sent its FIN");
        if (serverFins.empty())
        {
            return; // reported above; a test never reads past its data
        }
        NS_TEST_ASSERT_MSG_EQ(serverFins.front().seq, 27397, "after all its data");
        // The scenario: the client's FIN+ACK acknowledging all the data is
        // lost, and a bare ACK of all the data reaches the server, whose
        // close waits behind data it has resent in part, before its FIN.
        auto clientFins = Select(log, ClientFin());
        NS_TEST_ASSERT_MSG_EQ(clientFins.size(), 2, "the client's FIN+ACK went twice");
        if (clientFins.empty())
        {
            return;
        }
        NS_TEST_ASSERT_MSG_EQ(clientFins.front().ack, 27397, "acknowledging all the data");
        auto acks = Select(log, [&](const WireSegment& s) {
            return s.toServer && !s.dropped && s.PureAck() && s.ack == 27397 &&
                   s.at < serverFins.front().at;
        });
        NS_TEST_ASSERT_MSG_EQ(acks.empty(), false, "a bare ACK of all the data came first");
    }
};

/**
 * The server answers the first half of a two-segment request with its FIN;
 * the client, a passive closer with its second segment still unacknowledged,
 * closes at once: a bare FIN, which is lost, and then the server's ACK of
 * the second segment arrives (an ACK below the FIN). The stock ACK
 * processing in LAST_ACK cancels the retransmission timer when no data is
 * left (NewAck keeps it only in FIN_WAIT_1 and CLOSING), so the FIN was
 * never resent: LAST_ACK at the client and FIN_WAIT_2 at the server for
 * ever.
 */
class LastAckFinLostTest : public ClosePathTestCase
{
  public:
    LastAckFinLostTest()
        : ClosePathTestCase("LAST_ACK: a FIN lost before an ACK below it is retransmitted",
                            Placement::STANDARD,
                            ConnSpec{.request = 2000, .response = 0, .respondAfter = 1000})
    {
    }

  private:
    void Drops(CloseHarness& h) override
    {
        h.ToServer()->DropNth(ClientFin());
    }

    void Check(const ConnRecord& c, const std::vector<WireSegment>& log) override
    {
        auto fins = Select(log, ClientFin());
        NS_TEST_ASSERT_MSG_GT(fins.size(), 1, "the client's FIN was retransmitted");
        if (fins.empty())
        {
            return; // reported above; a test never reads past its data
        }
        NS_TEST_ASSERT_MSG_EQ(fins.front().len, 0, "a bare FIN");
        NS_TEST_ASSERT_MSG_EQ(fins.back().seq, 2001, "after all the data");
        NS_TEST_ASSERT_MSG_EQ(c.client.Saw(TcpSocket::LAST_ACK), true, "a passive close");
        // The scenario: an ACK below the FIN reached the client after the
        // FIN was lost (the one that used to stop the FIN's timer).
        auto below = Select(log, [&](const WireSegment& s) {
            return !s.toServer && s.PureAck() && s.ack == 2001 && s.at > fins.front().at;
        });
        NS_TEST_ASSERT_MSG_EQ(below.empty(), false, "an ACK below the FIN came after it");
    }
};

/**
 * The client's ACK of the server's FIN and its own FIN are both lost; the
 * server retransmits its FIN. Stock ProcessLastAck closes on any FIN+ACK:
 * the client left LAST_ACK without a word, and the server, which never got
 * the client's FIN, was left in FIN_WAIT_2 (under the swap close, with no
 * TIME_WAIT anywhere). The client's FIN again acknowledges both.
 */
class LastAckPeerFinAgainTest : public ClosePathTestCase
{
  public:
    LastAckPeerFinAgainTest()
        : ClosePathTestCase("LAST_ACK: the peer's retransmitted FIN is answered with our FIN",
                            Placement::STANDARD,
                            ConnSpec{.request = 100, .response = 0})
    {
    }

  private:
    void Configure(HarnessConfig& config) override
    {
        // The client's own FIN timer fires late: its second FIN must be the
        // answer to the server's.
        config.client.attributes.emplace_back("MinRto", "2s");
    }

    void Drops(CloseHarness& h) override
    {
        h.ToServer()->DropNth(PureAckOf(true, 2));
        h.ToServer()->DropNth(ClientFin());
    }

    void Check(const ConnRecord& c, const std::vector<WireSegment>& log) override
    {
        auto serverFins = Select(log, ServerFin());
        auto clientFins = Select(log, ClientFin());
        NS_TEST_ASSERT_MSG_GT(serverFins.size(), 1, "the server retransmitted its FIN");
        NS_TEST_ASSERT_MSG_GT(clientFins.size(), 1, "the client's FIN went again");
        if (clientFins.empty())
        {
            return; // reported above; a test never reads past its data
        }
        NS_TEST_ASSERT_MSG_EQ(clientFins.back().ack, 2, "it acknowledges the server's FIN");
        if (clientFins.size() < 2 || serverFins.size() < 2)
        {
            return;
        }
        NS_TEST_ASSERT_MSG_GT_OR_EQ(clientFins[1].at, serverFins[1].at, "answering the FIN");
        NS_TEST_ASSERT_MSG_LT(clientFins[1].at - serverFins[1].at,
                              MilliSeconds(20),
                              "at once, not on its own timer");
        NS_TEST_ASSERT_MSG_EQ(c.server.Saw(TcpSocket::TIME_WAIT),
                              true,
                              "our FIN reached the server");
        NS_TEST_ASSERT_MSG_GT(c.client.ClosedAt(),
                              clientFins[1].at,
                              "LAST_ACK kept until our FIN was acknowledged");
    }
};

/**
 * The server closes first; its ACK of the client's FIN is lost, and so are
 * the client's resent FINs until the server's TIME_WAIT (2*MSL) has ended:
 * the next one finds only the server's listener. The stock listener ignores
 * a segment that is not a SYN, so the client resent its FIN until it gave
 * up with an error close. RFC 793 ("Reset Generation"): a segment of no
 * connection draws an RST, numbered from its ACK field, which is the
 * client's RCV.NXT: LAST_ACK ends there, CLOSED.
 */
class ListenerStrayTest : public ClosePathTestCase
{
  public:
    ListenerStrayTest()
        : ClosePathTestCase("LISTEN: a FIN resent after the peer's TIME_WAIT draws an RST, "
                            "which ends LAST_ACK",
                            Placement::STANDARD,
                            ConnSpec{.request = 100, .response = 1000})
    {
    }

  private:
    void Drops(CloseHarness& h) override
    {
        DropClientFinsPastTimeWait(h, 100);
    }

    void Check(const ConnRecord& c, const std::vector<WireSegment>& log) override
    {
        auto fins = Select(log, ClientFin());
        NS_TEST_ASSERT_MSG_EQ(fins.size(), 5, "the client's FIN went five times");
        auto rsts = Select(log, [](const WireSegment& s) { return s.Rst(); });
        NS_TEST_ASSERT_MSG_EQ(rsts.size(), 1, "one RST, from the server node's listener");
        if (rsts.empty() || fins.empty())
        {
            return; // reported above; a test never reads past its data
        }
        NS_TEST_ASSERT_MSG_EQ(rsts.front().toServer, false, "to the client");
        NS_TEST_ASSERT_MSG_GT(fins.back().at, c.server.ClosedAt(), "the last FIN came too late");
        NS_TEST_ASSERT_MSG_EQ(rsts.front().seq, fins.back().ack, "numbered from its ACK field");
        NS_TEST_ASSERT_MSG_EQ(c.client.At(TcpSocket::LAST_ACK).IsStrictlyNegative(),
                              false,
                              "the client closed second");
        NS_TEST_ASSERT_MSG_EQ(c.client.ClosedAt(), rsts.front().at, "LAST_ACK ended by the RST");
    }
};

/**
 * The server's SYN+ACK is lost and the client resends its SYN after 3 s
 * (ConnTimeout). Stock ns-3 let the client's RTO grow to about 9 s: its
 * first RTT sample spanned the SYN timeout. Two rules keep it short:
 *
 * - The server takes the resent SYN's timestamp (RFC 7323 section 4.3:
 *   SEG.SEQ <= Last.ACK.sent), so the SYN+ACK it sends for it echoes that
 *   SYN; stock SYN_RCVD echoed the first SYN's. Seen when the server's own
 *   SYN+ACK timer is later than the resent SYN (ConnTimeout 5 s): the
 *   client's sample is the path's 10 ms, RTO = MinRto.
 * - The client takes no sample from a SYN+ACK that echoes an earlier SYN
 *   than its last (Karn's rule): with both timers at 3 s the server's own
 *   retransmission arrives first, echoing the first SYN, after waiting 3 s
 *   at the server. The RTO stays at its initial 1 s.
 */
class ResentSynTimestampTest : public ClosePathTestCase
{
  public:
    explicit ResentSynTimestampTest(bool serverTimerLater)
        : ClosePathTestCase(serverTimerLater
                                ? "SYN+ACK lost: the resent SYN's timestamp is echoed (RFC 7323)"
                                : "SYN+ACK lost: no RTT sample from a SYN+ACK for an earlier SYN",
                            Placement::STANDARD,
                            ConnSpec{.request = 100, .response = 1000}),
          m_serverTimerLater(serverTimerLater)
    {
    }

  private:
    void Configure(HarnessConfig& config) override
    {
        if (m_serverTimerLater)
        {
            config.server.attributes.emplace_back("ConnTimeout", "5s");
        }
    }

    void Drops(CloseHarness& h) override
    {
        h.ToClient()->DropNth([](const WireSegment& s) { return s.flags & TcpHeader::SYN; });
        h.ToServer()->DropNth([](const WireSegment& s) { return s.len > 0; });
    }

    void Check(const ConnRecord& c, const std::vector<WireSegment>& log) override
    {
        auto syns = Select(log, [](const WireSegment& s) {
            return s.toServer && (s.flags & TcpHeader::SYN);
        });
        NS_TEST_ASSERT_MSG_EQ(syns.size(), 2, "the client resent its SYN once");
        auto requests = Select(log, [](const WireSegment& s) { return s.toServer && s.len > 0; });
        NS_TEST_ASSERT_MSG_EQ(requests.size(), 2, "the request went twice");
        if (requests.size() < 2)
        {
            return; // reported above; a test never reads past its data
        }
        // A sample spanning the SYN timeout gives RTO = 3 x 3 s.
        Time gap = requests[1].at - requests[0].at;
        Time limit = m_serverTimerLater ? MilliSeconds(300) : MilliSeconds(1100);
        NS_TEST_ASSERT_MSG_LT(gap, limit, "request resent after " << gap.As(Time::S));
    }

    bool m_serverTimerLater; //!< The server's SYN+ACK timer is 5 s, the client's SYN timer 3 s
};

/**
 * Simultaneous close (both ends close 250 ms after the response, so that
 * the data is acknowledged before and the FINs cross).
 *
 * - DUPLICATE_ACK: the client's FIN is lost; the client in CLOSING gets an
 *   ACK at RCV.NXT that does not cover its FIN (injected: the peer's
 *   duplicate). Stock ProcessClosing checks only the sequence number and
 *   went to TIME_WAIT; the FIN was never resent and the server stayed in
 *   FIN_WAIT_1/2 for ever.
 * - PEER_FIN_AGAIN: the client's FIN and its ACK of the server's FIN are
 *   lost; the server resends its FIN to the client in CLOSING. Stock
 *   ProcessClosing acknowledged it and closed without TIME_WAIT; the FIN
 *   was never resent.
 * - REACK_FROM_TIME_WAIT: the server's ACK of the client's FIN is lost;
 *   the server, already in TIME_WAIT, acknowledges the resent FIN again.
 *   Stock SendEmptyPacket put the FIN's own sequence number on that ACK
 *   (it adds one only in FIN_WAIT_1, CLOSING and LAST_ACK), which the
 *   client in CLOSING does not take: it resent its FIN for ever.
 */
class ClosingTest : public ClosePathTestCase
{
  public:
    /// The loss pattern.
    enum Case
    {
        DUPLICATE_ACK,
        PEER_FIN_AGAIN,
        REACK_FROM_TIME_WAIT,
    };

    explicit ClosingTest(Case c)
        : ClosePathTestCase(Name(c),
                            Placement::STANDARD,
                            ConnSpec{.request = 100,
                                     .response = 1000,
                                     .order = CloseOrder::SIMULTANEOUS,
                                     .closeDelay = MilliSeconds(250)}),
          m_case(c)
    {
    }

  private:
    void Configure(HarnessConfig& config) override
    {
        if (m_case == PEER_FIN_AGAIN)
        {
            // The client's own FIN timer fires late: what ends CLOSING
            // early is the server's resent FIN and the client's answer.
            config.client.attributes.emplace_back("MinRto", "2s");
        }
        if (m_case == DUPLICATE_ACK)
        {
            // The injected duplicate has no timestamp option, which RFC 7323
            // would have discarded before the state machine saw it.
            config.client.attributes.emplace_back("Timestamp", "false");
            config.server.attributes.emplace_back("Timestamp", "false");
        }
    }

    static std::string Name(Case c)
    {
        switch (c)
        {
        case DUPLICATE_ACK:
            return "CLOSING: a duplicate ACK at RCV.NXT is not the ACK of our FIN";
        case PEER_FIN_AGAIN:
            return "CLOSING: the peer's resent FIN is acknowledged, CLOSING kept";
        case REACK_FROM_TIME_WAIT:
            return "CLOSING: the peer's re-ACK from TIME_WAIT carries FIN+1 and ends it";
        }
        return "";
    }

    void Drops(CloseHarness& h) override
    {
        switch (m_case)
        {
        case DUPLICATE_ACK:
            h.ToServer()->DropNth(ClientFin());
            h.Inject(MilliSeconds(450), false, TcpHeader::ACK, 1002, 101);
            break;
        case PEER_FIN_AGAIN:
            h.ToServer()->DropNth(ClientFin());
            h.ToServer()->DropNth(PureAckOf(true, 1002));
            break;
        case REACK_FROM_TIME_WAIT:
            h.ToClient()->DropNth(PureAckOf(false, 102));
            break;
        }
    }

    void Check(const ConnRecord& c, const std::vector<WireSegment>& log) override
    {
        NS_TEST_ASSERT_MSG_EQ(c.client.Saw(TcpSocket::CLOSING),
                              true,
                              "client went through CLOSING");
        NS_TEST_ASSERT_MSG_EQ(c.server.Saw(TcpSocket::FIN_WAIT_1), true, "the FINs crossed");
        auto clientFins = Select(log, ClientFin());
        Time firstAck(-1);
        for (const auto& s : log)
        {
            if (!s.toServer && !s.dropped && s.ack == 102 && firstAck.IsStrictlyNegative())
            {
                firstAck = s.at;
            }
        }
        NS_TEST_ASSERT_MSG_EQ(firstAck.IsStrictlyNegative(), false, "the FIN was acknowledged");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(c.client.TimeWaitAt(),
                                    firstAck,
                                    "CLOSING left only on the ACK of the FIN");
        if (m_case == DUPLICATE_ACK)
        {
            // The scenario: the duplicate reached the client in CLOSING.
            Time closingAt = c.client.At(TcpSocket::CLOSING);
            NS_TEST_ASSERT_MSG_LT(closingAt, MilliSeconds(450), "CLOSING before the duplicate");
            NS_TEST_ASSERT_MSG_GT(c.client.TimeWaitAt(), MilliSeconds(450), "and after it");
        }
        if (m_case == PEER_FIN_AGAIN)
        {
            // The client acknowledged the server's resent FIN at once.
            auto serverFins = Select(log, ServerFin());
            NS_TEST_ASSERT_MSG_GT(serverFins.size(), 1, "the server resent its FIN");
            if (serverFins.size() < 2)
            {
                return;
            }
            auto reacks = Select(log, [&](const WireSegment& s) {
                return s.toServer && s.PureAck() && s.ack == 1002 && s.at > serverFins[1].at &&
                       s.at < serverFins[1].at + MilliSeconds(20);
            });
            NS_TEST_ASSERT_MSG_EQ(reacks.size(), 1, "re-ACK of the resent FIN");
        }
        if (m_case != REACK_FROM_TIME_WAIT)
        {
            NS_TEST_ASSERT_MSG_GT(clientFins.size(), 1, "the client's FIN was resent");
        }
        else
        {
            auto acks = Select(log, PureAckOf(false, 102));
            NS_TEST_ASSERT_MSG_EQ(acks.size(), 2, "the server acknowledged the FIN twice");
            if (acks.empty())
            {
                return; // reported above; a test never reads past its data
            }
            NS_TEST_ASSERT_MSG_EQ(acks.back().seq, 1002, "its second ACK at FIN+1");
        }
    }

    Case m_case;
};

/**
 * A stock client (standard close) and a server whose TimeWaitRstPolicy is
 * Accept (the default, BSD's: a swap RST may end its TIME_WAIT).
 * The server's final ACK is lost, the client retransmits its FIN, the
 * server acknowledges it again and the client closes. A duplicate of that
 * FIN (two FIN timers at a stock end in LAST_ACK, or the network) draws a
 * third ACK, and the client's node, which no longer has the connection,
 * answers it with an RST at exactly RCV.NXT: indistinguishable by its
 * numbers from a swap RST. Accepting it took the server out of TIME_WAIT:
 * TIME_WAIT held nowhere. The server accepts an RST in TIME_WAIT only while
 * it has acknowledged the peer's FIN once; the RST is injected here. The
 * same harness checks that an RST whose sequence number is not RCV.NXT is
 * ignored (the guard against TIME_WAIT assassination).
 */
class RstInTimeWaitTest : public ClosePathTestCase
{
  public:
    RstInTimeWaitTest(const std::string& name, bool dropFinalAck, uint32_t rstSeq)
        : ClosePathTestCase(name, Placement::STANDARD, ConnSpec{.request = 100, .response = 1000}),
          m_dropFinalAck(dropFinalAck),
          m_rstSeq(rstSeq)
    {
    }

  private:
    void Configure(HarnessConfig& config) override
    {
        config.client.socketType = "ns3::TcpSocketBase";
    }

    void Drops(CloseHarness& h) override
    {
        if (m_dropFinalAck)
        {
            h.ToClient()->DropNth(PureAckOf(false, 102));
        }
        h.Inject(MilliSeconds(800), true, TcpHeader::RST, m_rstSeq, 0);
    }

    void Check(const ConnRecord& c, const std::vector<WireSegment>& log) override
    {
        auto acks = Select(log, PureAckOf(false, 102));
        size_t expectedAcks = m_dropFinalAck ? 2 : 1;
        NS_TEST_ASSERT_MSG_EQ(acks.size(), expectedAcks, "ACKs of the client's FIN");
        auto rsts = Select(log, [](const WireSegment& s) { return s.toServer && s.Rst(); });
        NS_TEST_ASSERT_MSG_EQ(rsts.size(), 1, "the RST reached the server");
        if (rsts.empty())
        {
            return; // reported above; a test never reads past its data
        }
        NS_TEST_ASSERT_MSG_GT(rsts.front().at, c.server.TimeWaitAt(), "while in TIME_WAIT");
        NS_TEST_ASSERT_MSG_EQ(c.server.timeWaitExpiry.size(),
                              expectedAcks,
                              "TIME_WAIT restarted by the retransmitted FIN only");
        if (c.server.timeWaitExpiry.empty())
        {
            return;
        }
        NS_TEST_ASSERT_MSG_EQ(c.server.ClosedAt(),
                              c.server.timeWaitExpiry.back(),
                              "the server kept TIME_WAIT until its timer expired");
    }

    bool m_dropFinalAck;
    uint32_t m_rstSeq;
};

/**
 * The client closes while the server is still sending 100 kB, and the
 * server closes once its data is queued: both FINs cross (the scenario of
 * a PacketSink stopped during a BulkSendApplication's transfer), and the
 * server's first ACK of the client's FIN is lost. TIME_WAIT's ACK carried
 * the FIN's own sequence number instead of the one after it, so the client
 * in CLOSING ignored it and retransmitted its FIN for ever.
 */
class CrossingFinsTest : public ClosePathTestCase
{
  public:
    CrossingFinsTest()
        : ClosePathTestCase(
              "crossing FINs after a bulk transfer: ACKs after our FIN carry FIN+1",
              Placement::STANDARD,
              ConnSpec{.request = 100, .response = 100000, .clientCloseAfter = MilliSeconds(90)})
    {
    }

  private:
    void Drops(CloseHarness& h) override
    {
        h.ToClient()->DropNth(PureAckOf(false, 102));
    }

    void Check(const ConnRecord& c, const std::vector<WireSegment>& log) override
    {
        NS_TEST_ASSERT_MSG_EQ(c.client.Saw(TcpSocket::FIN_WAIT_1), true, "client closed first");
        NS_TEST_ASSERT_MSG_EQ(Select(log, ServerFin()).size(), 1, "the server's FIN went once");
        NS_TEST_ASSERT_MSG_EQ(Select(log, ClientFin()).size(), 2, "the client's FIN went twice");
        NS_TEST_ASSERT_MSG_EQ(c.server.Saw(TcpSocket::CLOSING), true, "the FINs crossed");
        auto serverFins = Select(log, ServerFin());
        if (serverFins.empty())
        {
            return;
        }
        for (const auto& s : log)
        {
            if (!s.toServer && s.PureAck() && s.at > serverFins.front().at)
            {
                NS_TEST_ASSERT_MSG_EQ(s.seq, 100002, "server ACK after its FIN: seq FIN+1");
            }
        }
    }
};

/**
 * The server sends its response and closes, so its FIN rides on the last
 * data segment; the client closes from the read callback that completes the
 * response (a proxy on "Connection: close"). Linux takes the whole segment,
 * FIN included, before the reader runs: the client's close starts in
 * CLOSE_WAIT and TIME_WAIT stays at the server alone. TcpSocketBase hands the
 * data to the reader before it takes the FIN: the close started in
 * ESTABLISHED, crossed the server's FIN, and both ends kept TIME_WAIT.
 */
class CloseOnReadTest : public ClosePathTestCase
{
  public:
    CloseOnReadTest(bool delayedAckPolicy)
        : ClosePathTestCase(std::string("the reader of a response that carries the FIN closes: "
                                        "no TIME_WAIT at the reader") +
                                (delayedAckPolicy ? " (delayed-ACK policy: the split FIN)" : ""),
                            Placement::STANDARD,
                            // beyond the initial window: the close finds the last
                            // segment unsent, and the FIN rides on it
                            ConnSpec{.request = 100, .response = 30000, .clientCloseOnRead = true}),
          m_policy(delayedAckPolicy)
    {
    }

  private:
    void Configure(HarnessConfig& config) override
    {
        if (m_policy)
        {
            config.client.attributes.emplace_back("DelayedAckPolicy", "ns3::TcpLinuxDelayedAck");
        }
    }

    void Drops(CloseHarness&) override
    {
    }

    void Check(const ConnRecord& c, const std::vector<WireSegment>& log) override
    {
        auto serverFins = Select(log, ServerFin());
        NS_TEST_ASSERT_MSG_EQ(serverFins.size(), 1, "the server's FIN went once");
        if (!serverFins.empty())
        {
            NS_TEST_ASSERT_MSG_GT(serverFins.front().len, 0, "on the response's last segment");
        }
        NS_TEST_ASSERT_MSG_EQ(c.client.Saw(TcpSocket::CLOSE_WAIT), true, "FIN taken first");
        NS_TEST_ASSERT_MSG_EQ(c.client.Saw(TcpSocket::LAST_ACK), true, "then the close");
        NS_TEST_ASSERT_MSG_EQ(c.client.Saw(TcpSocket::CLOSING), false, "no crossing FINs");
        NS_TEST_ASSERT_MSG_EQ(c.client.Saw(TcpSocket::TIME_WAIT), false, "no TIME_WAIT");
        NS_TEST_ASSERT_MSG_EQ(c.server.Saw(TcpSocket::TIME_WAIT), true, "the server's");
        NS_TEST_ASSERT_MSG_EQ(c.client.rxBytes, 30000, "the whole response read");
    }

    bool m_policy; //!< The client runs a delayed-ACK policy
};

/**
 * A bulk transfer from an accepted socket through a loss, so that its
 * congestion control runs congestion avoidance. TcpCubic's copy
 * constructor (3.44 and ns-3-dev) leaves m_tcpFriendliness, m_ackCnt and
 * m_tcpCwnd uninitialised, and a listener's Fork() copies it: valgrind
 * reported reads of them in TcpCubic::Update on every accepted socket, so
 * results could depend on the build. The suite's Fork() builds a fresh
 * congestion-control object of the same type and attributes. This case is
 * what the valgrind run (utils/valgrind-suites.sh) needs to see it.
 */
class AcceptedBulkTest : public ClosePathTestCase
{
  public:
    AcceptedBulkTest()
        : ClosePathTestCase("accepted socket: 3 MB in congestion avoidance, then the close",
                            Placement::STANDARD,
                            ConnSpec{.request = 100, .response = 3000000})
    {
    }

  private:
    void Drops(CloseHarness& h) override
    {
        h.ToClient()->DropNth([](const WireSegment& s) { return s.seq == 200001 && s.len > 0; });
    }

    void Check(const ConnRecord& c, const std::vector<WireSegment>& log) override
    {
        auto resent =
            Select(log, [](const WireSegment& s) { return s.seq == 200001 && s.len > 0; });
        NS_TEST_ASSERT_MSG_EQ(resent.size(), 2, "the lost segment was sent again");
    }
};

/**
 * The client closes first; the server's ACK of its FIN is lost, and the
 * server's application waits 40 s before it closes. TcpSocketBase in
 * CLOSE_WAIT only records a resent FIN again, without acknowledging it: the
 * client resent its FIN until it gave up (an error close), and the server's
 * FIN, 40 s later, drew an RST: TIME_WAIT held nowhere. CLOSE_WAIT now
 * acknowledges the resent FIN.
 */
class CloseWaitFinAgainTest : public ClosePathTestCase
{
  public:
    CloseWaitFinAgainTest()
        : ClosePathTestCase("CLOSE_WAIT: the peer's resent FIN is acknowledged again",
                            Placement::STANDARD,
                            ConnSpec{.request = 100,
                                     .response = 1000,
                                     .order = CloseOrder::CLIENT_FIRST,
                                     .closeDelay = Seconds(40)})
    {
    }

  private:
    void Drops(CloseHarness& h) override
    {
        h.ToClient()->DropNth(PureAckOf(false, 102));
    }

    void Check(const ConnRecord& c, const std::vector<WireSegment>& log) override
    {
        auto acks = Select(log, PureAckOf(false, 102));
        NS_TEST_ASSERT_MSG_EQ(acks.size(), 2, "the resent FIN acknowledged again");
        NS_TEST_ASSERT_MSG_EQ(Select(log, ClientFin()).size(), 2, "the client's FIN went twice");
        NS_TEST_ASSERT_MSG_EQ(c.client.Saw(TcpSocket::FIN_WAIT_2), true, "FIN_WAIT_2 then");
    }
};

/**
 * The client closes first; the response comes after its FIN, and the
 * client's Solaris delayed-ACK policy holds the response's second, short
 * segment out of the ACK of the first (the client's segment size is larger
 * than the server's, so both are short). The server's bare FIN arrives
 * while the segment is held: ns-3 records it early. When the delayed-ACK
 * timer lets the held segment in, the FIN is complete; ns-3's DoPeerClose
 * took the client to CLOSE_WAIT, which an active closer never leaves (its
 * application has closed already), and a fixed ns-3 (0014) leaves the FIN
 * to ProcessWait, which a timer does not run: the client must go to
 * TIME_WAIT from the timer.
 */
class HeldSegmentBeforeFinTest : public ClosePathTestCase
{
  public:
    HeldSegmentBeforeFinTest()
        : ClosePathTestCase("FIN_WAIT_2, Solaris policy: a held segment let in by the timer "
                            "completes the peer's FIN and the active close",
                            Placement::STANDARD,
                            ConnSpec{.request = 100,
                                     .response = 1500,
                                     .order = CloseOrder::SERVER_FIRST,
                                     .closeDelay = MilliSeconds(5),
                                     .clientCloseAfter = MilliSeconds(1)})
    {
    }

  private:
    void Configure(HarnessConfig& config) override
    {
        config.client.attributes.emplace_back("DelayedAckPolicy", "ns3::TcpSolarisDelayedAck");
        config.client.attributes.emplace_back("SegmentSize", "1400");
    }

    void Drops(CloseHarness&) override
    {
    }

    void Check(const ConnRecord& c, const std::vector<WireSegment>& log) override
    {
        auto serverFins = Select(log, ServerFin());
        NS_TEST_ASSERT_MSG_EQ(serverFins.size(), 1, "the server's FIN went once");
        NS_TEST_ASSERT_MSG_EQ(serverFins[0].len, 0, "a bare FIN");
        auto acksOfData = Select(log, [](const WireSegment& s) {
            return s.toServer && s.PureAck() && s.ack >= 1501;
        });
        NS_TEST_ASSERT_MSG_EQ(acksOfData.empty(), false, "the response acknowledged");
        NS_TEST_ASSERT_MSG_GT(acksOfData[0].at,
                              serverFins[0].at,
                              "the response's end acknowledged only after the FIN arrived");
        NS_TEST_ASSERT_MSG_EQ(c.client.Saw(TcpSocket::FIN_WAIT_2), true, "closed first");
        // TIME_WAIT from the timer that let the segment in (ns-3's CLOSE_WAIT,
        // if it went there, only for that instant), not from a resent FIN.
        NS_TEST_ASSERT_MSG_EQ(c.client.Saw(TcpSocket::TIME_WAIT),
                              true,
                              "TIME_WAIT: " << c.client.StatesString());
        NS_TEST_ASSERT_MSG_LT(c.client.TimeWaitAt() - serverFins[0].at,
                              Seconds(0.5),
                              "TIME_WAIT within a delayed-ACK interval of the FIN");
        if (c.client.Saw(TcpSocket::CLOSE_WAIT))
        {
            NS_TEST_ASSERT_MSG_EQ(c.client.At(TcpSocket::CLOSE_WAIT),
                                  c.client.TimeWaitAt(),
                                  "CLOSE_WAIT only for an instant");
        }
    }
};

/**
 * FinWait2Timeout: the client closes first and the server's application
 * only closes 100 s later. After 60 s idle in FIN_WAIT_2 the client aborts
 * (an error close, its TCB freed); the server's FIN then finds no TCB and
 * draws an RST, which ends the server's LAST_ACK. With a client that only
 * shut down its sending side (ShutdownSend, a half-close, not a close) the
 * timer does not run and the close completes normally.
 */
class FinWait2TimeoutTest : public TestCase
{
  public:
    explicit FinWait2TimeoutTest(bool closed)
        : TestCase(closed ? "FIN_WAIT_2: aborted after FinWait2Timeout once the application closed"
                          : "FIN_WAIT_2: no timeout after a half-close (ShutdownSend)"),
          m_closed(closed)
    {
    }

  private:
    void DoRun() override
    {
        HarnessConfig config;
        CloseHarness h(config);
        h.AddConnection(ConnSpec{.start = MilliSeconds(100),
                                 .request = 100,
                                 .response = 1000,
                                 .order = CloseOrder::CLIENT_FIRST,
                                 .closeDelay = Seconds(100),
                                 .clientShutdownOnly = !m_closed});
        h.Run(Seconds(300));
        const ConnRecord& c = h.Connections().at(0);
        Time fw2 = c.client.At(TcpSocket::FIN_WAIT_2);
        NS_TEST_ASSERT_MSG_EQ(fw2.IsStrictlyNegative(), false, "the client reached FIN_WAIT_2");
        if (m_closed)
        {
            NS_TEST_ASSERT_MSG_EQ(c.client.errorClose, true, "an abort, reported as an error");
            NS_TEST_ASSERT_MSG_EQ(c.client.ClosedAt() - fw2, Seconds(60), "after 60 s idle");
            NS_TEST_ASSERT_MSG_EQ(c.client.Saw(TcpSocket::TIME_WAIT), false, "no TIME_WAIT");
            auto rsts = Select(h.Log(), [](const WireSegment& s) { return s.toServer && s.Rst(); });
            NS_TEST_ASSERT_MSG_EQ(rsts.size(), 1, "the server's late FIN drew an RST");
        }
        else
        {
            std::string problems = CheckConnection(c, Placement::STANDARD, h.TwoMsl());
            NS_TEST_ASSERT_MSG_EQ(problems, "", "the half-closed client completes the close");
            NS_TEST_ASSERT_MSG_GT(c.client.TimeWaitAt() - fw2, Seconds(99), "FIN_WAIT_2 for 100 s");
        }
        NS_TEST_ASSERT_MSG_EQ(h.ClientTcbsLeft() + h.ServerTcbsLeft(), 0, "no TCB left");
    }

    bool m_closed;
};

/**
 * Retransmissions exhausted: every segment the server sends after the
 * handshake is lost (its response and FIN, or only the FIN), and it gives
 * up after DataRetries. Stock TcpSocketBase (and the FIN's own timer) then
 * freed the server's TCB without a word; the client, with nothing to send,
 * stayed ESTABLISHED and kept its TCB for ever. 4.4BSD's tcp_drop sends an
 * RST, which frees the client.
 */
class GiveUpTest : public TestCase
{
  public:
    explicit GiveUpTest(bool dataLost)
        : TestCase(dataLost ? "give-up: response lost until the retries end: an RST frees the peer"
                            : "give-up: FIN lost until the retries end: an RST frees the peer"),
          m_dataLost(dataLost)
    {
    }

  private:
    void DoRun() override
    {
        HarnessConfig config;
        CloseHarness h(config);
        h.AddConnection(ConnSpec{.start = MilliSeconds(100), .request = 100, .response = 1000});
        bool dataLost = m_dataLost;
        h.ToClient()->DropEvery([dataLost](const WireSegment& s) {
            return !s.Rst() && (s.Fin() || (dataLost && s.len > 0));
        });
        h.Run(Seconds(600));
        const ConnRecord& c = h.Connections().at(0);
        NS_TEST_ASSERT_MSG_EQ(c.server.errorClose, true, "the server gave up");
        // The server's RST is at its SND.NXT, beyond the client's RCV.NXT
        // (the lost response or FIN): the client answers with a challenge
        // ACK (RFC 5961 section 3.2), the server's node, which no longer
        // has the connection, with an RST at RCV.NXT, and that one resets
        // the client, told as an error.
        auto rsts = Select(h.Log(), [](const WireSegment& s) { return !s.toServer && s.Rst(); });
        NS_TEST_ASSERT_MSG_EQ(rsts.size(), 2, "the server's RST on giving up, then the node's");
        auto acks = Select(h.Log(), [&rsts](const WireSegment& s) {
            return s.toServer && !s.Rst() && !s.Fin() && s.len == 0 && s.at > rsts.at(0).at;
        });
        NS_TEST_ASSERT_MSG_EQ(acks.size(), 1, "one challenge ACK");
        NS_TEST_ASSERT_MSG_EQ(c.client.Last(),
                              TcpSocket::CLOSED,
                              "client " << c.client.StatesString());
        NS_TEST_ASSERT_MSG_EQ(c.client.errorClose, true, "the client told of the reset");
        NS_TEST_ASSERT_MSG_EQ(c.client.rxBytes, (dataLost ? 0 : 1000), "bytes that got through");
        NS_TEST_ASSERT_MSG_EQ(h.ClientSocketsLeft() + h.ServerSocketsLeft(), 0, "no socket left");
        NS_TEST_ASSERT_MSG_EQ(h.ClientTcbsLeft() + h.ServerTcbsLeft(), 0, "no TCB left");
    }

    bool m_dataLost; //!< The response is lost too, not only the FIN
};

/// The suite.
class TcpHostClosePathTestSuite : public TestSuite
{
  public:
    TcpHostClosePathTestSuite()
        : TestSuite("tcp-host-close-path", Type::UNIT)
    {
        AddTestCase(new FinAckAcksDataTest(), Duration::QUICK);
        AddTestCase(new LastAckFinLostTest(), Duration::QUICK);
        AddTestCase(new LastAckPeerFinAgainTest(), Duration::QUICK);
        AddTestCase(new ListenerStrayTest(), Duration::QUICK);
        AddTestCase(new ResentSynTimestampTest(true), Duration::QUICK);
        AddTestCase(new ResentSynTimestampTest(false), Duration::QUICK);
        AddTestCase(new GiveUpTest(true), Duration::QUICK);
        AddTestCase(new GiveUpTest(false), Duration::QUICK);
        AddTestCase(new ClosingTest(ClosingTest::DUPLICATE_ACK), Duration::QUICK);
        AddTestCase(new ClosingTest(ClosingTest::PEER_FIN_AGAIN), Duration::QUICK);
        AddTestCase(new ClosingTest(ClosingTest::REACK_FROM_TIME_WAIT), Duration::QUICK);
        AddTestCase(
            new RstInTimeWaitTest("TIME_WAIT: an RST after a second ACK of the FIN is ignored",
                                  true,
                                  102),
            Duration::QUICK);
        AddTestCase(
            new RstInTimeWaitTest("TIME_WAIT: an RST not at RCV.NXT is ignored", false, 103),
            Duration::QUICK);
        AddTestCase(new CrossingFinsTest(), Duration::QUICK);
        AddTestCase(new CloseOnReadTest(false), Duration::QUICK);
        AddTestCase(new CloseOnReadTest(true), Duration::QUICK);
        AddTestCase(new AcceptedBulkTest(), Duration::QUICK);
        AddTestCase(new CloseWaitFinAgainTest(), Duration::QUICK);
        AddTestCase(new HeldSegmentBeforeFinTest(), Duration::QUICK);
        AddTestCase(new FinWait2TimeoutTest(true), Duration::QUICK);
        AddTestCase(new FinWait2TimeoutTest(false), Duration::QUICK);
    }
};

TcpHostClosePathTestSuite g_tcpHostClosePathTestSuite; //!< Static instance

} // namespace
