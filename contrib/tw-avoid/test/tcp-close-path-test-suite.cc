/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Segment-level tests of the close path under the tw-avoid close policies
// (the swap close, the negotiated placement): each case drops or injects
// chosen segments of one connection and checks what the ends put on the
// wire and where TIME_WAIT ends up. The socket's own close path, under the
// standard close, is tcp-host's tcp-host-close-path suite; the defects both
// reproduce are listed in tcp-host.rst ("Defects of ns-3's TcpSocketBase").

// The harness lives with the socket it tests, in tcp-host (a sibling module).
#include "../../tcp-host/test/tcp-close-harness.h"

#include "ns3/test.h"
#include "ns3/tw-avoid-module.h"

using namespace ns3;
using namespace ns3::closetest;

namespace
{

/**
 * @brief Give both ends the draft's roles: the client's policy by its role,
 * the server's the standard close, each wrapped in TcpNegotiatedClose if
 * asked.
 * @param config the set-up
 * @param negotiate negotiate the placement on the handshake
 * @param clientRole the client node's role
 */
void
SetRoles(HarnessConfig& config,
         bool negotiate,
         TwAvoidHelper::Role clientRole = TwAvoidHelper::CLIENT)
{
    config.client.closePolicy = TwAvoidHelper::CreateClosePolicy(clientRole, negotiate);
    config.server.closePolicy = TwAvoidHelper::CreateClosePolicy(TwAvoidHelper::SERVER, negotiate);
}

/**
 * A swap close whose server's final ACK is lost, and the client's resent
 * FINs too until the server's TIME_WAIT (2*MSL) has ended: the server's
 * node answers the next one with an RST. Closing on it, as RFC 793's
 * LAST_ACK does, left TIME_WAIT nowhere for that connection's last 2*MSL;
 * the swap closer, whose TIME_WAIT it is, keeps it (no swap RST: nobody is
 * left to receive it).
 */
class SwapLastAckRstTest : public ClosePathTestCase
{
  public:
    SwapLastAckRstTest()
        : ClosePathTestCase("swap: the server's TIME_WAIT ends before the client's FIN: "
                            "the RST ends LAST_ACK in TIME_WAIT",
                            Placement::SWAP_AT_CLIENT,
                            ConnSpec{.request = 100, .response = 1000})
    {
    }

  private:
    void Configure(HarnessConfig& config) override
    {
        SetRoles(config, false);
    }

    void Drops(CloseHarness& h) override
    {
        DropClientFinsPastTimeWait(h, 100);
    }

    void Check(const ConnRecord& c, const std::vector<WireSegment>& log) override
    {
        auto rsts = Select(log, [](const WireSegment& s) { return !s.toServer && s.Rst(); });
        NS_TEST_ASSERT_MSG_EQ(rsts.size(), 1, "one RST from the server node");
        NS_TEST_ASSERT_MSG_EQ(c.client.Saw(TcpSocket::LAST_ACK), true, "a passive close");
        NS_TEST_ASSERT_MSG_EQ(c.client.Saw(TcpSocket::TIME_WAIT), true, "client swap TIME_WAIT");
        auto clientRsts = Select(log, [](const WireSegment& s) { return s.toServer && s.Rst(); });
        NS_TEST_ASSERT_MSG_EQ(clientRsts.size(), 0, "no swap RST to a departed server");
    }
};

/**
 * Negotiated placement with the server's final ACK lost. The server (which
 * agreed not to keep TIME_WAIT) has gone; the client retransmits its FIN.
 * The stock listener ignores a non-SYN segment, so the client gave up with
 * an error close and TIME_WAIT held nowhere. RFC 793: a segment for no
 * connection draws an RST; the client, the agreed keeper, takes that RST
 * as the end of the peer and keeps TIME_WAIT.
 */
class NegotiatedFinalAckLostTest : public ClosePathTestCase
{
  public:
    NegotiatedFinalAckLostTest()
        : ClosePathTestCase(
              "negotiated: final ACK lost, the listener's RST ends LAST_ACK in TIME_WAIT",
              Placement::NEGOTIATED_AT_CLIENT,
              ConnSpec{.request = 100, .response = 1000})
    {
    }

  private:
    void Configure(HarnessConfig& config) override
    {
        SetRoles(config, true);
    }

    void Drops(CloseHarness& h) override
    {
        h.ToClient()->DropNth(PureAckOf(false, 102));
    }

    void Check(const ConnRecord& c, const std::vector<WireSegment>& log) override
    {
        auto rsts = Select(log, [](const WireSegment& s) { return !s.toServer && s.Rst(); });
        NS_TEST_ASSERT_MSG_EQ(rsts.size(), 1, "one RST from the server node");
        if (rsts.empty())
        {
            return; // reported above; a test never reads past its data
        }
        NS_TEST_ASSERT_MSG_EQ(rsts.front().seq, 1002, "RST sequence number = the FIN's ACK field");
        NS_TEST_ASSERT_MSG_EQ(Select(log, ClientFin()).size(), 2, "the client's FIN went twice");
    }
};

/**
 * Negotiated placement and an RST at the agreed keeper (the client).
 *
 * - In TIME_WAIT (injected at RCV.NXT, as a node with no TCB answers a
 *   trailing segment): under negotiation no RST is part of the close, so
 *   the keeper ignores it. The swap-aware TIME_WAIT accepted it: TIME_WAIT
 *   nowhere.
 * - In CLOSING, after a simultaneous close whose ACK from the server was
 *   lost: the server, which left at once as agreed, no longer listens, and
 *   its node answers the client's resent FIN with an RST. The client takes
 *   it as the end of the peer and keeps TIME_WAIT; stock ProcessClosing
 *   closed on it, with TIME_WAIT nowhere.
 */
class NegotiatedRstTest : public ClosePathTestCase
{
  public:
    /**
     * @param inTimeWait the RST reaches the keeper in TIME_WAIT (else in CLOSING)
     * @param records the keeper's node keeps TIME_WAIT in records (TimeWaitTable),
     *        which follow the socket's rule (TimeWaitRstRule)
     */
    explicit NegotiatedRstTest(bool inTimeWait, bool records = false)
        : ClosePathTestCase(records ? "negotiated: an RST at the keeper's TIME_WAIT record is "
                                      "ignored"
                            : inTimeWait
                                ? "negotiated: an RST in the keeper's TIME_WAIT is ignored"
                                : "negotiated: an RST in CLOSING from a departed server: TIME_WAIT",
                            Placement::NEGOTIATED_AT_CLIENT,
                            inTimeWait ? ConnSpec{.request = 100, .response = 1000}
                                       : ConnSpec{.request = 100,
                                                  .response = 1000,
                                                  .order = CloseOrder::SIMULTANEOUS,
                                                  .closeDelay = MilliSeconds(250)}),
          m_inTimeWait(inTimeWait),
          m_records(records)
    {
    }

  private:
    void Configure(HarnessConfig& config) override
    {
        SetRoles(config, true);
        config.listenerCloseAt = MilliSeconds(150);
        config.client.timeWaitTable = m_records;
        if (m_records)
        {
            config.client.timeWaitAttributes = {{"Duration", "2s"}}; // 2*MSL of the harness
        }
    }

    void Drops(CloseHarness& h) override
    {
        if (m_inTimeWait)
        {
            h.Inject(MilliSeconds(800), false, TcpHeader::RST, 1002, 0);
        }
        else
        {
            h.ToClient()->DropNth(PureAckOf(false, 102));
        }
    }

    void Check(const ConnRecord& c, const std::vector<WireSegment>& log) override
    {
        auto rsts = Select(log, [](const WireSegment& s) { return !s.toServer && s.Rst(); });
        NS_TEST_ASSERT_MSG_EQ(rsts.size(), 1, "one RST reached the client");
        if (rsts.empty())
        {
            return; // reported above; a test never reads past its data
        }
        NS_TEST_ASSERT_MSG_EQ(rsts.front().seq, 1002, "at the client's RCV.NXT");
        NS_TEST_ASSERT_MSG_EQ(c.client.Saw(m_inTimeWait ? TcpSocket::LAST_ACK : TcpSocket::CLOSING),
                              true,
                              "the client's path to TIME_WAIT");
        if (m_inTimeWait)
        {
            NS_TEST_ASSERT_MSG_GT(rsts.front().at, c.client.TimeWaitAt(), "in TIME_WAIT");
        }
        else
        {
            NS_TEST_ASSERT_MSG_EQ(c.client.TimeWaitAt(), rsts.front().at, "TIME_WAIT on the RST");
        }
    }

    bool m_inTimeWait; //!< The RST reaches the keeper in TIME_WAIT
    bool m_records;    //!< The keeper's TIME_WAIT is a record
};

/**
 * Negotiation that does not complete. The server used to commit when it
 * sent its SYN-ACK and the client when the SYN-ACK's echo arrived: with the
 * option stripped from the SYN-ACK (a middlebox), the server gave up
 * TIME_WAIT and the client, which had not committed, closed the standard
 * way: TIME_WAIT held nowhere. Now the server commits only on the client's
 * confirmation (the option on the ACK that completes the handshake):
 *
 * - option stripped from the SYN-ACK: neither end commits, the server (the
 *   active closer) keeps TIME_WAIT, and the client (a standard close)
 *   does not;
 * - the confirming ACK lost: the client has committed and keeps TIME_WAIT,
 *   the server has not and keeps it too.
 */
class NegotiationFailSafeTest : public ClosePathTestCase
{
  public:
    explicit NegotiationFailSafeTest(bool stripSynAck)
        : ClosePathTestCase(stripSynAck ? "negotiated: option stripped from the SYN-ACK: the "
                                          "server keeps TIME_WAIT"
                                        : "negotiated: confirmation lost: both ends keep TIME_WAIT",
                            stripSynAck ? Placement::STANDARD : Placement::NEGOTIATED_AT_CLIENT,
                            ConnSpec{.request = 100, .response = 1000}),
          m_stripSynAck(stripSynAck)
    {
    }

  private:
    void Configure(HarnessConfig& config) override
    {
        // A client without the swap close: without the negotiation, nothing
        // but the server's own TIME_WAIT is left.
        SetRoles(config, true, TwAvoidHelper::SERVER);
    }

    void Drops(CloseHarness& h) override
    {
        auto synAck = [](const WireSegment& s) {
            return (s.flags & TcpHeader::SYN) && (s.flags & TcpHeader::ACK);
        };
        if (m_stripSynAck)
        {
            h.ToClient()->StripOption(TcpTimeWaitOption::KIND, synAck);
        }
        else
        {
            h.ToServer()->DropNth(
                [](const WireSegment& s) { return s.PureAck() && s.seq == 1 && s.ack == 1; });
        }
    }

    void Check(const ConnRecord& c, const std::vector<WireSegment>& log) override
    {
        // Committed, the client keeps TIME_WAIT when it closes second, and
        // the server skips it when it closes first.
        NS_TEST_ASSERT_MSG_EQ(c.client.KeepsTimeWaitAsPassiveCloser(),
                              !m_stripSynAck,
                              "the client's commitment");
        NS_TEST_ASSERT_MSG_EQ(c.server.SkipsTimeWaitAsActiveCloser(),
                              false,
                              "the server did not commit");
        NS_TEST_ASSERT_MSG_EQ(c.server.ClosedAt() - c.server.TimeWaitAt(),
                              TwoMsl(),
                              "the server kept TIME_WAIT");
    }

    bool m_stripSynAck;
};

/// The suite.
class TcpClosePathTestSuite : public TestSuite
{
  public:
    TcpClosePathTestSuite()
        : TestSuite("tw-avoid-close-path", Type::UNIT)
    {
        AddTestCase(new NegotiatedFinalAckLostTest(), Duration::QUICK);
        AddTestCase(new SwapLastAckRstTest(), Duration::QUICK);
        AddTestCase(new NegotiatedRstTest(true), Duration::QUICK);
        AddTestCase(new NegotiatedRstTest(false), Duration::QUICK);
        AddTestCase(new NegotiatedRstTest(true, true), Duration::QUICK);
        AddTestCase(new NegotiationFailSafeTest(true), Duration::QUICK);
        AddTestCase(new NegotiationFailSafeTest(false), Duration::QUICK);
    }
};

TcpClosePathTestSuite g_tcpClosePathTestSuite; //!< Static instance

} // namespace
