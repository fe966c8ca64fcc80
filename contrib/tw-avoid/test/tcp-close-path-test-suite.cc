/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Segment-level tests of the close path of TcpSwapCloseSocket: each case
// drops chosen segments of one connection and checks what the ends put on
// the wire and where TIME_WAIT ends up. Each case reproduces a defect that
// stock TcpSocketBase (ns-3 3.44) or an earlier version of the suite's
// socket had; the doc (tw-avoid.rst, "Close-path defects") lists them.

#include "tcp-close-harness.h"

#include "ns3/test.h"

using namespace ns3;
using namespace ns3::closetest;

namespace
{

/// Segments of one direction that match.
std::vector<WireSegment>
Select(const std::vector<WireSegment>& log, const SegmentMatch& m)
{
    std::vector<WireSegment> out;
    for (const auto& s : log)
    {
        if (m(s))
        {
            out.push_back(s);
        }
    }
    return out;
}

SegmentMatch
ClientFin()
{
    return [](const WireSegment& s) { return s.toServer && s.Fin(); };
}

SegmentMatch
ServerFin()
{
    return [](const WireSegment& s) { return !s.toServer && s.Fin(); };
}

/// A bare ACK from one side that acknowledges exactly ack.
SegmentMatch
PureAckOf(bool toServer, uint32_t ack)
{
    return [=](const WireSegment& s) { return s.toServer == toServer && s.PureAck() && s.ack == ack; };
}

/**
 * One connection, some drops, the common checks (CheckConnection, no socket
 * or TCB left), then the case's own segment checks.
 */
class ClosePathTestCase : public TestCase
{
  public:
    ClosePathTestCase(const std::string& name, Placement placement)
        : TestCase(name),
          m_placement(placement)
    {
    }

  protected:
    /// Set up the harness (defaults: swap client, standard server, Accept).
    virtual void Configure(HarnessConfig& config)
    {
    }

    /// @return the connection's script
    virtual ConnSpec Spec() = 0;

    /// Arm the drops.
    virtual void Drops(CloseHarness& h) = 0;

    /// The case's own checks on the record and the wire.
    virtual void Check(const ConnRecord& c, const std::vector<WireSegment>& log) = 0;

    /// @return 2*MSL of the run
    Time TwoMsl() const
    {
        return Seconds(2);
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        HarnessConfig config;
        config.msl = 1;
        Configure(config);
        CloseHarness h(config);
        ConnSpec spec = Spec();
        spec.start = MilliSeconds(100);
        h.AddConnection(spec);
        Drops(h);
        h.Run(Seconds(600));
        const ConnRecord& c = h.Connections().at(0);
        if (getenv("DUMP")) { std::cerr << h.LogString() << "client: " << c.client.StatesString() << " err=" << c.client.errorClose << "\nserver: " << c.server.StatesString() << " err=" << c.server.errorClose << "\n" << CheckConnection(c, m_placement, TwoMsl()) << "\n"; }
        std::string problems = CheckConnection(c, m_placement, TwoMsl());
        NS_TEST_ASSERT_MSG_EQ(problems, "", "close path broken; wire:\n" << h.LogString());
        NS_TEST_ASSERT_MSG_EQ(h.ClientSocketsLeft(), 0, "client TCP still lists a socket");
        NS_TEST_ASSERT_MSG_EQ(h.ServerSocketsLeft(), 0, "server TCP still lists a socket");
        NS_TEST_ASSERT_MSG_EQ(h.ClientTcbsLeft(), 0, "client host model still lists a TCB");
        NS_TEST_ASSERT_MSG_EQ(h.ServerTcbsLeft(), 0, "server host model still lists a TCB");
        Check(c, h.Log());
    }

    Placement m_placement;
};

/**
 * The server answers FIN+ACK to the first part of a request whose last
 * segment is lost. Stock ProcessEstablished ignores the ACK field of a
 * FIN+ACK: the client's close was deferred behind data it thought unsent,
 * the data was acknowledged later without being resent, and the FIN never
 * went (CLOSE_WAIT at the client, FIN_WAIT_2 at the server, for ever).
 */
class FinAckAcksDataTest : public ClosePathTestCase
{
  public:
    FinAckAcksDataTest()
        : ClosePathTestCase("ESTABLISHED: the ACK field of a FIN+ACK is processed", Placement::SWAP_AT_CLIENT)
    {
    }

  private:
    ConnSpec Spec() override
    {
        ConnSpec s;
        s.request = 3000;
        s.respondAfter = 1000;
        s.response = 0;
        return s;
    }

    void Drops(CloseHarness& h) override
    {
        h.ToServer()->DropNth([](const WireSegment& s) { return s.toServer && s.seq == 2001 && s.len > 0; });
    }

    void Check(const ConnRecord& c, const std::vector<WireSegment>& log) override
    {
        auto fins = Select(log, ServerFin());
        NS_TEST_ASSERT_MSG_EQ(fins.front().ack, 1001, "the server's FIN acknowledges part of the request");
        NS_TEST_ASSERT_MSG_EQ(Select(log, ClientFin()).empty(), false, "the client sent its FIN");
    }
};

/**
 * A swap-closing client's FIN rides on its last data segment and is lost;
 * the server acknowledges the data before it. The stock ACK processing in
 * LAST_ACK cancels the retransmission timer when no data is left (NewAck
 * keeps it only in FIN_WAIT_1 and CLOSING), so the FIN was never resent.
 */
class LastAckFinLostTest : public ClosePathTestCase
{
  public:
    LastAckFinLostTest()
        : ClosePathTestCase("LAST_ACK: a FIN lost after an ACK below it is retransmitted",
                            Placement::SWAP_AT_CLIENT)
    {
    }

  private:
    ConnSpec Spec() override
    {
        ConnSpec s;
        s.request = 20000;
        s.respondAfter = 1000;
        s.response = 0;
        return s;
    }

    void Drops(CloseHarness& h) override
    {
        h.ToServer()->DropNth(ClientFin());
    }

    void Check(const ConnRecord& c, const std::vector<WireSegment>& log) override
    {
        auto fins = Select(log, ClientFin());
        NS_TEST_ASSERT_MSG_GT(fins.size(), 1, "the client's FIN was retransmitted");
        NS_TEST_ASSERT_MSG_GT(fins.front().len, 0, "the lost FIN rode on data");
        NS_TEST_ASSERT_MSG_EQ(fins.back().seq + fins.back().len,
                              20001,
                              "the retransmitted FIN's sequence number");
        auto acks = Select(log, [](const WireSegment& s) {
            return !s.toServer && s.PureAck() && s.ack > 1000 && s.ack <= 20001;
        });
        NS_TEST_ASSERT_MSG_EQ(acks.empty(), false, "an ACK below the FIN reached the client");
    }
};

/**
 * The client's ACK of the server's FIN and its own FIN are both lost; the
 * server retransmits its FIN. Stock ProcessLastAck closes on any FIN+ACK:
 * the client left LAST_ACK with no RST and no TIME_WAIT, and the server,
 * which never got the client's FIN, was left in FIN_WAIT_2.
 */
class LastAckPeerFinAgainTest : public ClosePathTestCase
{
  public:
    LastAckPeerFinAgainTest()
        : ClosePathTestCase("LAST_ACK: the peer's retransmitted FIN is answered with our FIN",
                            Placement::SWAP_AT_CLIENT)
    {
    }

  private:
    ConnSpec Spec() override
    {
        ConnSpec s;
        s.request = 100;
        s.response = 0;
        return s;
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
        NS_TEST_ASSERT_MSG_EQ(clientFins.back().ack, 2, "it acknowledges the server's FIN");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(clientFins[1].at, serverFins[1].at, "answering the FIN");
        NS_TEST_ASSERT_MSG_EQ(c.client.Saw(TcpSocket::TIME_WAIT), true, "client swap TIME_WAIT");
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
        : ClosePathTestCase("negotiated: final ACK lost, the listener's RST ends LAST_ACK in TIME_WAIT",
                            Placement::NEGOTIATED_AT_CLIENT)
    {
    }

  private:
    void Configure(HarnessConfig& config) override
    {
        config.client.attributes.emplace_back("NegotiateTimeWait", "true");
        config.server.attributes.emplace_back("NegotiateTimeWait", "true");
    }

    ConnSpec Spec() override
    {
        ConnSpec s;
        s.request = 100;
        s.response = 1000;
        return s;
    }

    void Drops(CloseHarness& h) override
    {
        h.ToClient()->DropNth(PureAckOf(false, 102));
    }

    void Check(const ConnRecord& c, const std::vector<WireSegment>& log) override
    {
        auto rsts = Select(log, [](const WireSegment& s) { return !s.toServer && s.Rst(); });
        NS_TEST_ASSERT_MSG_EQ(rsts.size(), 1, "one RST from the server node");
        NS_TEST_ASSERT_MSG_EQ(rsts.front().seq, 1002, "RST sequence number = the FIN's ACK field");
        NS_TEST_ASSERT_MSG_EQ(Select(log, ClientFin()).size(), 2, "the client's FIN went twice");
    }
};

/**
 * Negotiated placement, simultaneous close, and a server that no longer
 * listens: the client's last ACK reaches a node with no TCB for it and
 * draws an RST. A swap-aware TIME_WAIT accepted it, and the agreed keeper
 * left TIME_WAIT at once. Under negotiation no RST is part of the close:
 * the keeper ignores RSTs in TIME_WAIT.
 */
class NegotiatedTrailingAckTest : public ClosePathTestCase
{
  public:
    NegotiatedTrailingAckTest()
        : ClosePathTestCase("negotiated: an RST in the keeper's TIME_WAIT is ignored",
                            Placement::NEGOTIATED_AT_CLIENT)
    {
    }

  private:
    void Configure(HarnessConfig& config) override
    {
        config.client.attributes.emplace_back("NegotiateTimeWait", "true");
        config.server.attributes.emplace_back("NegotiateTimeWait", "true");
        config.listenerCloseAt = MilliSeconds(150);
    }

    ConnSpec Spec() override
    {
        ConnSpec s;
        s.request = 100;
        s.response = 1000;
        s.order = CloseOrder::SIMULTANEOUS;
        return s;
    }

    void Drops(CloseHarness& h) override
    {
    }

    void Check(const ConnRecord& c, const std::vector<WireSegment>& log) override
    {
        NS_TEST_ASSERT_MSG_EQ(c.client.Saw(TcpSocket::CLOSING), true, "a simultaneous close");
    }
};

/**
 * Simultaneous close with the client's FIN lost: the client sits in
 * CLOSING. Stock ProcessClosing takes any ACK whose sequence number is
 * RCV.NXT as the ACK of its FIN (it does not read the ACK field), and a
 * FIN retransmitted by the peer makes it close at once without TIME_WAIT.
 */
class ClosingTest : public ClosePathTestCase
{
  public:
    ClosingTest(const std::string& name, bool dropClientAck)
        : ClosePathTestCase(name, Placement::SWAP_AT_CLIENT),
          m_dropClientAck(dropClientAck)
    {
    }

  private:
    ConnSpec Spec() override
    {
        ConnSpec s;
        s.request = 100;
        s.response = 1000;
        s.order = CloseOrder::SIMULTANEOUS;
        return s;
    }

    void Drops(CloseHarness& h) override
    {
        h.ToServer()->DropNth(ClientFin());
        if (m_dropClientAck)
        {
            h.ToServer()->DropNth(PureAckOf(true, 1002));
        }
    }

    void Check(const ConnRecord& c, const std::vector<WireSegment>& log) override
    {
        NS_TEST_ASSERT_MSG_EQ(c.client.Saw(TcpSocket::CLOSING), true, "client went through CLOSING");
        auto clientFins = Select(log, ClientFin());
        NS_TEST_ASSERT_MSG_GT(clientFins.size(), 1, "the client's FIN was retransmitted");
        Time ackOfClientFin(-1);
        for (const auto& s : log)
        {
            if (!s.toServer && !s.dropped && s.ack == 102 && ackOfClientFin.IsStrictlyNegative())
            {
                ackOfClientFin = s.at;
            }
        }
        NS_TEST_ASSERT_MSG_EQ(ackOfClientFin.IsStrictlyNegative(), false, "the FIN was acknowledged");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(c.client.TimeWaitAt(), ackOfClientFin,
                                    "CLOSING left only on the ACK of the FIN");
    }

    bool m_dropClientAck;
};

/**
 * A stock client (standard close) and a swap-aware server (policy Accept).
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
        : ClosePathTestCase(name, Placement::STANDARD),
          m_dropFinalAck(dropFinalAck),
          m_rstSeq(rstSeq)
    {
    }

  private:
    void Configure(HarnessConfig& config) override
    {
        config.client.socketType = "ns3::TcpSocketBase";
    }

    ConnSpec Spec() override
    {
        ConnSpec s;
        s.request = 100;
        s.response = 1000;
        return s;
    }

    void Drops(CloseHarness& h) override
    {
        if (m_dropFinalAck)
        {
            h.ToClient()->DropNth(PureAckOf(false, 102));
        }
        h.InjectToServer(MilliSeconds(800), TcpHeader::RST, m_rstSeq, 0);
    }

    void Check(const ConnRecord& c, const std::vector<WireSegment>& log) override
    {
        auto acks = Select(log, PureAckOf(false, 102));
        NS_TEST_ASSERT_MSG_EQ(acks.size(), m_dropFinalAck ? 2 : 1, "ACKs of the client's FIN");
        auto rsts = Select(log, [](const WireSegment& s) { return s.toServer && s.Rst(); });
        NS_TEST_ASSERT_MSG_EQ(rsts.size(), 1, "the RST reached the server");
        NS_TEST_ASSERT_MSG_GT(rsts.front().at, c.server.TimeWaitAt(), "while in TIME_WAIT");
        NS_TEST_ASSERT_MSG_EQ(c.server.ClosedAt(),
                              c.server.timeWaitExpiry.back(),
                              "the server kept TIME_WAIT until its timer expired");
        NS_TEST_ASSERT_MSG_EQ(c.server.timeWaitExpiry.size(),
                              m_dropFinalAck ? 2 : 1,
                              "TIME_WAIT restarted by the retransmitted FIN only");
    }

    bool m_dropFinalAck;
    uint32_t m_rstSeq;
};

/**
 * The client closes while the server is still sending 100 kB, and the
 * server closes once its data is queued: both FINs cross (the README's
 * PacketSink/BulkSendApplication scenario). TIME_WAIT's ACK carried the
 * FIN's own sequence number instead of the one after it, so a peer in
 * CLOSING or LAST_ACK ignored it and retransmitted its FIN for ever.
 */
class CrossingFinsTest : public ClosePathTestCase
{
  public:
    CrossingFinsTest()
        : ClosePathTestCase("crossing FINs after a bulk transfer: ACKs after our FIN carry FIN+1",
                            Placement::SWAP_AT_CLIENT)
    {
    }

  private:
    ConnSpec Spec() override
    {
        ConnSpec s;
        s.request = 100;
        s.response = 100000;
        s.clientCloseAfter = MilliSeconds(90);
        return s;
    }

    void Drops(CloseHarness& h) override
    {
    }

    void Check(const ConnRecord& c, const std::vector<WireSegment>& log) override
    {
        NS_TEST_ASSERT_MSG_EQ(c.client.Saw(TcpSocket::FIN_WAIT_1), true, "client closed first");
        NS_TEST_ASSERT_MSG_EQ(Select(log, ServerFin()).size(), 1, "the server's FIN went once");
        NS_TEST_ASSERT_MSG_EQ(Select(log, ClientFin()).size(), 1, "the client's FIN went once");
        for (const auto& s : log)
        {
            if (!s.toServer && s.PureAck() && s.at > Select(log, ServerFin()).front().at)
            {
                NS_TEST_ASSERT_MSG_EQ(s.seq, 100002, "server ACK after its FIN: seq FIN+1");
            }
        }
    }
};

/// The suite.
class TcpClosePathTestSuite : public TestSuite
{
  public:
    void AddOnly(int n) {
        TestCase* t[] = {new FinAckAcksDataTest(), new LastAckFinLostTest(), new LastAckPeerFinAgainTest(), new NegotiatedFinalAckLostTest(), new NegotiatedTrailingAckTest(), new ClosingTest("c1", false), new ClosingTest("c2", true), new RstInTimeWaitTest("r1", true, 102), new CrossingFinsTest(), new RstInTimeWaitTest("r2", false, 103)};
        AddTestCase(t[n], Duration::QUICK);
    }
    TcpClosePathTestSuite()
        : TestSuite("tw-avoid-close-path", Type::UNIT)
    {
        if (getenv("ONLY")) { AddOnly(atoi(getenv("ONLY"))); return; }
        AddTestCase(new FinAckAcksDataTest(), Duration::QUICK);
        AddTestCase(new LastAckFinLostTest(), Duration::QUICK);
        AddTestCase(new LastAckPeerFinAgainTest(), Duration::QUICK);
        AddTestCase(new NegotiatedFinalAckLostTest(), Duration::QUICK);
        AddTestCase(new NegotiatedTrailingAckTest(), Duration::QUICK);
        AddTestCase(new ClosingTest("CLOSING: only the ACK of our FIN leads to TIME_WAIT", false),
                    Duration::QUICK);
        AddTestCase(new ClosingTest("CLOSING: a retransmitted FIN is re-ACKed, CLOSING kept", true),
                    Duration::QUICK);
        AddTestCase(new RstInTimeWaitTest("TIME_WAIT: an RST after a second ACK of the FIN is ignored",
                                          true,
                                          102),
                    Duration::QUICK);
        AddTestCase(new RstInTimeWaitTest("TIME_WAIT: an RST not at RCV.NXT is ignored", false, 103),
                    Duration::QUICK);
        AddTestCase(new CrossingFinsTest(), Duration::QUICK);
    }
};

TcpClosePathTestSuite g_tcpClosePathTestSuite; //!< Static instance

} // namespace
