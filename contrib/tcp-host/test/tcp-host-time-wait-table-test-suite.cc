/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Segment-level tests of Linux's compact TIME_WAIT (TimeWaitTable): one
// connection whose server closes first, so that the server keeps TIME_WAIT,
// on a server node with a table; each case then puts chosen segments on the
// wire and checks what the record does (tcp_timewait_state_process in
// net/ipv4/tcp_minisocks.c), what the server's socket memory holds, and the
// bucket limit.

#include "tcp-close-harness.h"

#include "ns3/socket-memory.h"
#include "ns3/tcp-host-census.h"
#include "ns3/test.h"
#include "ns3/time-wait-table.h"

using namespace ns3;
using namespace ns3::closetest;

namespace
{

/// What a case sees of the server's table at one instant.
struct TableView
{
    uint32_t records{0};       //!< Records
    uint32_t serverSockets{0}; //!< Sockets the server's TCP lists (listener excluded)
    uint32_t serverTcbs{0};    //!< TCBs the server's host model lists
    uint64_t memory{0};        //!< Server socket memory in use
};

/**
 * One connection (100 ms, server closes first), the server with a
 * TimeWaitTable whose records live 10 s; the table looked at 1 s in.
 */
class TimeWaitTableCase : public TestCase
{
  public:
    /**
     * @param name the case's name
     * @param attributes the table's attributes beyond Duration
     * @param socketAttributes the server's socket attributes
     */
    TimeWaitTableCase(const std::string& name,
                      std::vector<std::pair<std::string, std::string>> attributes = {},
                      std::vector<std::pair<std::string, std::string>> socketAttributes = {})
        : TestCase(name),
          m_attributes(std::move(attributes)),
          m_socketAttributes(std::move(socketAttributes))
    {
    }

  protected:
    /// Records' lifetime.
    static constexpr double DURATION = 10;

    /**
     * @brief Add segments, drops and looks of the case.
     * @param h the harness, before the run
     */
    virtual void Script(CloseHarness& h) = 0;

    /**
     * @brief The case's checks.
     * @param h the harness, after the run
     * @param table the server's table
     */
    virtual void Check(CloseHarness& h, Ptr<TimeWaitTable> table) = 0;

    /**
     * @param h the harness
     * @param at when to look
     * @param view where to put what is seen
     */
    static void LookAt(CloseHarness& h, Time at, TableView* view)
    {
        Simulator::Schedule(at, [&h, view]() {
            Ptr<Node> server = h.ServerNode();
            view->records = server->GetObject<TimeWaitTable>()->GetCount();
            view->serverSockets = h.ServerSocketsLeft();
            view->serverTcbs = h.ServerTcbsLeft();
            view->memory = server->GetObject<SocketMemory>()->GetUse();
        });
    }

    /**
     * @param h the harness
     * @param at where to put when the (last) record's timer expires
     */
    static void NoteExpiry(CloseHarness& h, Time* at)
    {
        h.ServerNode()->GetObject<TimeWaitTable>()->TraceConnectWithoutContext(
            "Expired",
            MakeBoundCallback(+[](Time* at, const TcbKey&) { *at = Simulator::Now(); }, at));
    }

    /// @return the server's FIN's sequence number + 1 (the record's snd_nxt)
    static uint32_t ServerSndNxt(const std::vector<WireSegment>& log)
    {
        auto fins = Select(log, ServerFin());
        return fins.empty() ? 0 : fins.front().seq + 1;
    }

    /// @return the client's FIN's sequence number + 1 (the record's rcv_nxt)
    static uint32_t ServerRcvNxt(const std::vector<WireSegment>& log)
    {
        auto fins = Select(log, ClientFin());
        return fins.empty() ? 0 : fins.front().seq + 1;
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        HarnessConfig config;
        config.msl = 1;
        config.server.timeWaitTable = true;
        config.server.timeWaitAttributes = m_attributes;
        config.server.timeWaitAttributes.emplace_back("Duration", "10s");
        config.server.attributes = m_socketAttributes;
        CloseHarness h(config);
        ConnSpec spec;
        spec.start = MilliSeconds(100);
        spec.order = CloseOrder::SERVER_FIRST;
        h.AddConnection(spec);
        Script(h);
        h.Run(Seconds(100));
        Check(h, h.ServerNode()->GetObject<TimeWaitTable>());
    }

    std::vector<std::pair<std::string, std::string>> m_attributes;       //!< The table's attributes
    std::vector<std::pair<std::string, std::string>> m_socketAttributes; //!< The server's sockets'
};

/**
 * The server's socket goes as it enters TIME_WAIT; a record of 256 bytes
 * stands for it in the server's socket memory until Duration has passed.
 */
class HandOverTest : public TimeWaitTableCase
{
  public:
    HandOverTest()
        : TimeWaitTableCase("TIME_WAIT leaves the socket for a 256-byte record, for Duration")
    {
    }

  private:
    TableView m_during; //!< At 1 s
    TableView m_after;  //!< At 11 s
    Time m_expiredAt;   //!< When the record's timer expired

    void Script(CloseHarness& h) override
    {
        LookAt(h, Seconds(1), &m_during);
        LookAt(h, Seconds(11), &m_after);
        NoteExpiry(h, &m_expiredAt);
    }

    void Check(CloseHarness& h, Ptr<TimeWaitTable> table) override
    {
        const ConnRecord& c = h.Connections().at(0);
        NS_TEST_ASSERT_MSG_EQ(c.client.rxBytes, c.spec.response, "the response arrived");
        NS_TEST_ASSERT_MSG_EQ(m_during.records, 1, "one record in TIME_WAIT");
        NS_TEST_ASSERT_MSG_EQ(m_during.serverSockets, 0, "and no socket left for it");
        NS_TEST_ASSERT_MSG_EQ(m_during.serverTcbs, 0, "nor a TCB in the host model");
        NS_TEST_ASSERT_MSG_EQ(m_during.memory, 256, "the record's memory, no more");
        NS_TEST_ASSERT_MSG_EQ(m_after.records, 0, "gone after Duration");
        NS_TEST_ASSERT_MSG_EQ(m_after.memory, 0, "and so is its memory");
        Time entered = c.server.TimeWaitAt();
        NS_TEST_ASSERT_MSG_EQ(entered.IsStrictlyPositive(), true, "the server entered TIME_WAIT");
        NS_TEST_ASSERT_MSG_EQ(m_expiredAt, entered + Seconds(DURATION), "Duration after it");
        NS_TEST_ASSERT_MSG_EQ(table->GetAcksSent(), 0, "nothing to answer");
    }
};

/**
 * The server's ACK of the client's FIN is lost: the client sends its FIN
 * again, and the record answers with an ACK of its own numbers and restarts
 * its timer; the client then closes.
 */
class ResentFinTest : public TimeWaitTableCase
{
  public:
    ResentFinTest()
        : TimeWaitTableCase("a resent FIN is ACKed from the record, whose timer restarts")
    {
    }

  private:
    Time m_expiredAt; //!< When the record's timer expired

    void Script(CloseHarness& h) override
    {
        // The server's last ACK: the one after the client's FIN.
        h.ToClient()->DropNth([](const WireSegment& s) { return s.PureAck() && s.ack > 101; });
        NoteExpiry(h, &m_expiredAt);
    }

    void Check(CloseHarness& h, Ptr<TimeWaitTable> table) override
    {
        const auto& log = h.Log();
        auto clientFins = Select(log, ClientFin());
        NS_TEST_ASSERT_MSG_EQ(clientFins.size(),
                              2,
                              "the client sent its FIN again:\n"
                                  << h.LogString());
        if (clientFins.size() < 2)
        {
            return;
        }
        uint32_t rcvNxt = clientFins.front().seq + 1;
        auto answers = Select(log, [&](const WireSegment& s) {
            return !s.toServer && s.PureAck() && s.at > clientFins.back().at && !s.dropped;
        });
        NS_TEST_ASSERT_MSG_EQ(answers.size(), 1, "one ACK from the record:\n" << h.LogString());
        if (answers.empty())
        {
            return;
        }
        NS_TEST_ASSERT_MSG_EQ(answers.front().ack, rcvNxt, "of the client's FIN");
        NS_TEST_ASSERT_MSG_EQ(answers.front().seq, ServerSndNxt(log), "from snd_nxt");
        NS_TEST_ASSERT_MSG_EQ(table->GetAcksSent(), 1, "counted");
        const ConnRecord& c = h.Connections().at(0);
        NS_TEST_ASSERT_MSG_EQ(c.client.errorClose, false, "the client closed normally");
        NS_TEST_ASSERT_MSG_EQ(c.client.At(TcpSocket::CLOSED).IsStrictlyPositive(),
                              true,
                              "and did close");
        // (The log's time is the arrival at the receiving device.)
        NS_TEST_ASSERT_MSG_EQ(m_expiredAt,
                              clientFins.back().at + Seconds(DURATION),
                              "the timer restarted when the resent FIN arrived");
    }
};

/**
 * An in-sequence RST ends the record (tcp_rfc1337 = 0), or is ignored when
 * the socket the record replaced had TimeWaitRstPolicy Ignore (tcp_rfc1337
 * = 1: one knob for sockets and records); an RST out of sequence is
 * ignored either way.
 */
class RstTest : public TimeWaitTableCase
{
  public:
    /// @param rfc1337 the server's sockets' TimeWaitRstPolicy is Ignore
    explicit RstTest(bool rfc1337)
        : TimeWaitTableCase(rfc1337 ? "TimeWaitRstPolicy Ignore: an in-sequence RST leaves the "
                                      "record alone"
                                    : "an in-sequence RST ends TIME_WAIT; one out of sequence "
                                      "does not",
                            {},
                            {{"TimeWaitRstPolicy", rfc1337 ? "Ignore" : "Accept"}}),
          m_rfc1337(rfc1337)
    {
    }

  private:
    bool m_rfc1337;       //!< The socket's policy is Ignore
    TableView m_afterBad; //!< After the out-of-sequence RST
    TableView m_after;    //!< After the in-sequence RST

    void Script(CloseHarness& h) override
    {
        // The client's FIN is at 101 (100 request bytes after the SYN):
        // rcv_nxt is 102. Checked against the log below.
        h.Inject(Seconds(1), true, TcpHeader::RST, 5000, 0);
        LookAt(h, Seconds(1.5), &m_afterBad);
        h.Inject(Seconds(2), true, TcpHeader::RST, 102, 0);
        LookAt(h, Seconds(2.5), &m_after);
    }

    void Check(CloseHarness& h, Ptr<TimeWaitTable> table) override
    {
        NS_TEST_ASSERT_MSG_EQ(ServerRcvNxt(h.Log()), 102, "the injected RST is in sequence");
        NS_TEST_ASSERT_MSG_EQ(m_afterBad.records, 1, "out of sequence: ignored");
        NS_TEST_ASSERT_MSG_EQ(m_after.records, (m_rfc1337 ? 1 : 0), "in sequence");
        NS_TEST_ASSERT_MSG_EQ(table->GetKilled(), (m_rfc1337 ? 0 : 1), "counted");
        NS_TEST_ASSERT_MSG_EQ(table->GetAcksSent(), 0, "an RST is never answered");
    }
};

/**
 * The rule a socket in TIME_WAIT follows (TimeWaitRstRule): once the record
 * has acknowledged the peer's FIN a second time (here a resent FIN, its
 * first ACK lost), an in-sequence RST may be a closed peer's answer to that
 * duplicate, and it leaves the record alone.
 */
class RstAfterSecondAckTest : public TimeWaitTableCase
{
  public:
    RstAfterSecondAckTest()
        : TimeWaitTableCase("an RST after the record's second ACK of the FIN leaves it alone")
    {
    }

  private:
    TableView m_after; //!< After the RST

    void Script(CloseHarness& h) override
    {
        // The server's ACK of the client's FIN is lost; the client's resent
        // FIN (its RTO: 200 ms to 1 s) gets the record's ACK before 2 s.
        h.ToClient()->DropNth([](const WireSegment& s) { return s.PureAck() && s.ack > 101; });
        h.Inject(Seconds(2), true, TcpHeader::RST, 102, 0);
        LookAt(h, Seconds(2.5), &m_after);
    }

    void Check(CloseHarness& h, Ptr<TimeWaitTable> table) override
    {
        NS_TEST_ASSERT_MSG_EQ(ServerRcvNxt(h.Log()), 102, "the injected RST is in sequence");
        NS_TEST_ASSERT_MSG_EQ(table->GetAcksSent(),
                              1,
                              "the record ACKed the resent FIN before the RST:\n"
                                  << h.LogString());
        NS_TEST_ASSERT_MSG_EQ(table->GetKilled(), 0, "the RST ended nothing");
        NS_TEST_ASSERT_MSG_EQ(m_after.records, 1, "TIME_WAIT goes on");
    }
};

/**
 * A SYN for the same 4-tuple: one whose sequence number is above the
 * record's rcv_nxt ends TIME_WAIT and reaches the listener, which answers
 * from 65537 above the old connection's snd_nxt; an older one is answered
 * with the record's ACK, which the client, closed, answers with an RST at
 * rcv_nxt: that RST answers a second ACK of the client's FIN, and leaves
 * the record alone (TimeWaitRstRule; Linux would end TIME_WAIT on it).
 */
class SynTest : public TimeWaitTableCase
{
  public:
    /// @param newer whether the SYN's sequence number is above rcv_nxt
    explicit SynTest(bool newer)
        : TimeWaitTableCase(newer ? "a SYN above rcv_nxt reopens the 4-tuple, ISN 65537 above"
                                  : "a SYN below rcv_nxt gets the record's ACK (the closed "
                                    "client's RST to it ends nothing)"),
          m_newer(newer)
    {
    }

  private:
    bool m_newer;      //!< The SYN's sequence number is above rcv_nxt
    TableView m_after; //!< After the SYN

    void Script(CloseHarness& h) override
    {
        h.Inject(Seconds(1), true, TcpHeader::SYN, m_newer ? 1000000 : 50, 0);
        LookAt(h, Seconds(1.5), &m_after);
    }

    void Check(CloseHarness& h, Ptr<TimeWaitTable> table) override
    {
        const auto& log = h.Log();
        auto synAcks = Select(log, [](const WireSegment& s) {
            return !s.toServer && s.flags == (TcpHeader::SYN | TcpHeader::ACK) && s.at > Seconds(1);
        });
        if (m_newer)
        {
            NS_TEST_ASSERT_MSG_EQ(table->GetReopened(), 1, "the SYN reopened the 4-tuple");
            NS_TEST_ASSERT_MSG_EQ(!synAcks.empty(),
                                  true,
                                  "the listener answered:\n"
                                      << h.LogString());
            if (!synAcks.empty())
            {
                NS_TEST_ASSERT_MSG_EQ(synAcks.front().seq,
                                      ServerSndNxt(log) + 65537,
                                      "from above the old connection's numbers");
                NS_TEST_ASSERT_MSG_EQ(synAcks.front().ack, 1000001, "of the new SYN");
            }
        }
        else
        {
            NS_TEST_ASSERT_MSG_EQ(synAcks.size(), 0, "no new connection");
            NS_TEST_ASSERT_MSG_EQ(table->GetAcksSent(), 1, "the SYN got the record's ACK");
            auto acks = Select(log, [](const WireSegment& s) {
                return !s.toServer && s.PureAck() && s.at > Seconds(1);
            });
            NS_TEST_ASSERT_MSG_EQ(acks.empty(), false, "on the wire");
            if (!acks.empty())
            {
                NS_TEST_ASSERT_MSG_EQ(acks.front().ack, ServerRcvNxt(log), "of rcv_nxt");
            }
            // The client has no socket for the old connection any more: it
            // answers that ACK with an RST carrying its acknowledgement
            // number, which is in sequence; it answers the record's second
            // ACK of the client's FIN, so it cannot be told from an old
            // duplicate's answer and TIME_WAIT stays (Linux ends it).
            auto rsts = Select(log, [](const WireSegment& s) {
                return s.toServer && s.Rst() && s.at > Seconds(1);
            });
            NS_TEST_ASSERT_MSG_EQ(rsts.size(), 1, "the client's RST:\n" << h.LogString());
            if (!rsts.empty())
            {
                NS_TEST_ASSERT_MSG_EQ(rsts.front().seq, ServerRcvNxt(log), "at rcv_nxt");
            }
            NS_TEST_ASSERT_MSG_EQ(table->GetKilled(), 0, "which ends nothing");
            NS_TEST_ASSERT_MSG_EQ(m_after.records, 1, "so TIME_WAIT goes on");
        }
    }
};

/**
 * MaxBuckets 1 and two connections, the second closing while the first is
 * in TIME_WAIT: the second closes with no TIME_WAIT at all, counted.
 */
class OverflowTest : public TimeWaitTableCase
{
  public:
    OverflowTest()
        : TimeWaitTableCase("past MaxBuckets a connection closes without TIME_WAIT, counted",
                            {{"MaxBuckets", "1"}})
    {
    }

  private:
    TableView m_view; //!< After both closes

    void Script(CloseHarness& h) override
    {
        ConnSpec second;
        second.start = MilliSeconds(500);
        second.order = CloseOrder::SERVER_FIRST;
        h.AddConnection(second);
        LookAt(h, Seconds(2), &m_view);
    }

    void Check(CloseHarness& h, Ptr<TimeWaitTable> table) override
    {
        NS_TEST_ASSERT_MSG_EQ(h.Connections().size(), 2, "two connections");
        for (const ConnRecord& c : h.Connections())
        {
            NS_TEST_ASSERT_MSG_EQ(c.client.rxBytes, c.spec.response, "each response arrived");
            NS_TEST_ASSERT_MSG_EQ(c.server.TimeWaitAt().IsStrictlyPositive(),
                                  true,
                                  "each server end reached TIME_WAIT");
        }
        NS_TEST_ASSERT_MSG_EQ(m_view.records, 1, "one record: the limit");
        NS_TEST_ASSERT_MSG_EQ(table->GetOverflows(), 1, "the other overflowed");
        NS_TEST_ASSERT_MSG_EQ(TcpHostCensus::Take(h.ServerNode()).GetTimeWaitOverflows(),
                              1,
                              "the census reads the table's overflows");
        NS_TEST_ASSERT_MSG_EQ(m_view.serverSockets, 0, "and its socket is gone too");
        NS_TEST_ASSERT_MSG_EQ(m_view.memory, 256, "one record's memory");
    }
};

/**
 * TimeWaitRstRule alone, each condition on its own: an RST ends TIME_WAIT
 * only in sequence, after an active close, under Accept, with the peer's
 * FIN acknowledged exactly once.
 */
class TimeWaitRstRuleTest : public TestCase
{
  public:
    TimeWaitRstRuleTest()
        : TestCase("TimeWaitRstRule: in sequence, an active close, Accept, one ACK of the FIN")
    {
    }

  private:
    void DoRun() override
    {
        TimeWaitRstRule rule;
        NS_TEST_ASSERT_MSG_EQ(rule.GetPolicy(), TimeWaitRstRule::ACCEPT, "Accept by default");
        NS_TEST_ASSERT_MSG_EQ(rule.Ends(true, true), false, "the FIN not yet acknowledged");
        rule.NoteFinAcked();
        NS_TEST_ASSERT_MSG_EQ(rule.Ends(true, true), true, "the FIN acknowledged once");
        NS_TEST_ASSERT_MSG_EQ(rule.Ends(false, true), false, "not at RCV.NXT");
        NS_TEST_ASSERT_MSG_EQ(rule.Ends(true, false), false, "a swap or negotiated TIME_WAIT");
        TimeWaitRstRule ignoring(TimeWaitRstRule::IGNORE);
        ignoring.NoteFinAcked();
        NS_TEST_ASSERT_MSG_EQ(ignoring.Ends(true, true), false, "Ignore (RFC 1337)");
        rule.NoteFinAcked();
        NS_TEST_ASSERT_MSG_EQ(rule.GetFinAcks(), 2, "counted");
        NS_TEST_ASSERT_MSG_EQ(rule.Ends(true, true), false, "the FIN acknowledged twice");
    }
};

/// The suite.
class TcpHostTimeWaitTableTestSuite : public TestSuite
{
  public:
    TcpHostTimeWaitTableTestSuite()
        : TestSuite("tcp-host-time-wait-table", Type::UNIT)
    {
        AddTestCase(new HandOverTest(), Duration::QUICK);
        AddTestCase(new ResentFinTest(), Duration::QUICK);
        AddTestCase(new RstTest(false), Duration::QUICK);
        AddTestCase(new RstTest(true), Duration::QUICK);
        AddTestCase(new RstAfterSecondAckTest(), Duration::QUICK);
        AddTestCase(new TimeWaitRstRuleTest(), Duration::QUICK);
        AddTestCase(new SynTest(true), Duration::QUICK);
        AddTestCase(new SynTest(false), Duration::QUICK);
        AddTestCase(new OverflowTest(), Duration::QUICK);
    }
};

/// Static instance.
TcpHostTimeWaitTableTestSuite g_tcpHostTimeWaitTableTestSuite;

} // namespace
