/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Unit tests of TcpCloseMachine on its own, told state changes by hand and
// no socket: our FIN's number fixed when it goes, its backoff, the
// FIN_WAIT_2 timer, and the phases a close policy leads to.

#include "ns3/simulator.h"
#include "ns3/tcp-close-machine.h"
#include "ns3/test.h"

using namespace ns3;

namespace
{

/// A close policy answering as told (the suite's stand-in for tw-avoid's).
class StandInPolicy : public TcpClosePolicy
{
  public:
    /**
     * @param passive what the passive closer does
     * @param keeps whether the active closer keeps TIME_WAIT
     */
    StandInPolicy(PassiveEnd passive, bool keeps)
        : m_passive(passive),
          m_keeps(keeps)
    {
    }

    PassiveEnd GetPassiveEnd() const override
    {
        return m_passive;
    }

    bool KeepsTimeWaitAfterActiveClose() const override
    {
        return m_keeps;
    }

    Ptr<TcpClosePolicy> Fork() const override
    {
        return Create<StandInPolicy>(m_passive, m_keeps);
    }

  private:
    PassiveEnd m_passive; //!< What the passive closer does
    bool m_keeps;         //!< Whether the active closer keeps TIME_WAIT
};

/// Our FIN: its number follows the send buffer's tail until it goes, then stays.
class FinNumberTest : public TestCase
{
  public:
    FinNumberTest()
        : TestCase("our FIN's number follows the tail until FIN_WAIT_1 or LAST_ACK, then stays; "
                   "its backoff doubles the RTO up to 60 s and a new ACK resets it")
    {
    }

  private:
    void DoRun() override
    {
        TcpCloseMachine close;
        SequenceNumber32 tail(1000);
        NS_TEST_ASSERT_MSG_EQ(close.FinSequence(tail), tail, "before: the tail");
        close.StateChanged(TcpSocket::ESTABLISHED, TcpSocket::FIN_WAIT_1, tail);
        NS_TEST_ASSERT_MSG_EQ(close.FinKnown(), true, "fixed on FIN_WAIT_1");
        NS_TEST_ASSERT_MSG_EQ(close.FinSequence(SequenceNumber32(5000)), tail, "and stays");
        NS_TEST_ASSERT_MSG_EQ(close.FinAcked(tail), false, "not acknowledged at its own number");
        NS_TEST_ASSERT_MSG_EQ(close.FinAcked(tail + 1), true, "acknowledged past it");
        close.StateChanged(TcpSocket::FIN_WAIT_1, TcpSocket::CLOSING, SequenceNumber32(7000));
        NS_TEST_ASSERT_MSG_EQ(close.FinSequence(SequenceNumber32(7000)), tail, "not moved later");

        TcpCloseMachine passive;
        passive.StateChanged(TcpSocket::CLOSE_WAIT, TcpSocket::LAST_ACK, SequenceNumber32(42));
        NS_TEST_ASSERT_MSG_EQ(passive.FinSequence(SequenceNumber32(99)),
                              SequenceNumber32(42),
                              "fixed on LAST_ACK");

        Time rto = MilliSeconds(200);
        NS_TEST_ASSERT_MSG_EQ(close.FinRto(rto), rto, "no backoff yet");
        close.FinRetransmitted();
        close.FinRetransmitted();
        NS_TEST_ASSERT_MSG_EQ(close.FinRto(rto), MilliSeconds(800), "doubled twice");
        for (int i = 0; i < 20; ++i)
        {
            close.FinRetransmitted();
        }
        NS_TEST_ASSERT_MSG_EQ(close.FinRto(rto), Seconds(60), "capped");
        close.NewAck();
        NS_TEST_ASSERT_MSG_EQ(close.FinRto(rto), rto, "reset by a new ACK");
    }
};

/// FIN_WAIT_2: timed only once the application has closed; idle time counted.
class FinWait2Test : public TestCase
{
  public:
    FinWait2Test()
        : TestCase("FIN_WAIT_2's timer runs once the application has closed, restarts on the "
                   "peer's segments, stops when the state is left, and 0 means for ever")
    {
    }

  private:
    void DoRun() override
    {
        // Shut down for sending only: no timer.
        TcpCloseMachine open;
        open.SetFinWait2Timeout(Seconds(10));
        open.SetFinWait2Callback(MakeCallback(&FinWait2Test::Expired, this));
        open.StateChanged(TcpSocket::FIN_WAIT_1, TcpSocket::FIN_WAIT_2, SequenceNumber32(0));

        // Closed: expires 10 s after the last sign of the peer.
        TcpCloseMachine closed;
        closed.SetFinWait2Timeout(Seconds(10));
        closed.SetFinWait2Callback(MakeCallback(&FinWait2Test::Expired, this));
        closed.NoteCloseCalled();
        closed.StateChanged(TcpSocket::FIN_WAIT_1, TcpSocket::FIN_WAIT_2, SequenceNumber32(0));
        Simulator::Schedule(Seconds(4), &TcpCloseMachine::PeerAlive, &closed);

        // Closed, then left FIN_WAIT_2 for TIME_WAIT: stopped.
        TcpCloseMachine left;
        left.SetFinWait2Timeout(Seconds(10));
        left.SetFinWait2Callback(MakeCallback(&FinWait2Test::Expired, this));
        left.NoteCloseCalled();
        left.StateChanged(TcpSocket::FIN_WAIT_1, TcpSocket::FIN_WAIT_2, SequenceNumber32(0));
        Simulator::Schedule(Seconds(2),
                            &TcpCloseMachine::StateChanged,
                            &left,
                            TcpSocket::FIN_WAIT_2,
                            TcpSocket::TIME_WAIT,
                            SequenceNumber32(0));

        // No limit.
        TcpCloseMachine forever;
        forever.SetFinWait2Timeout(Time(0));
        forever.SetFinWait2Callback(MakeCallback(&FinWait2Test::Expired, this));
        forever.NoteCloseCalled();
        forever.StateChanged(TcpSocket::FIN_WAIT_1, TcpSocket::FIN_WAIT_2, SequenceNumber32(0));

        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(m_expired.size(), 1, "one timer expired");
        NS_TEST_ASSERT_MSG_EQ(m_expired[0], Seconds(14), "10 s after the peer's last segment");
        NS_TEST_ASSERT_MSG_EQ(left.GetTimeWaitEntered(), Seconds(2), "TIME_WAIT's entry timed");
    }

    /// The FIN_WAIT_2 timer expired.
    void Expired()
    {
        m_expired.push_back(Simulator::Now());
    }

    std::vector<Time> m_expired; //!< When a timer expired
};

/// The phases a close policy leads to, told once per change.
class PhaseTest : public TestCase
{
  public:
    PhaseTest()
        : TestCase("a policy that resets from LAST_ACK enters PASSIVE_RST_LAST_ACK on CLOSE_WAIT "
                   "-> LAST_ACK; one whose peer keeps TIME_WAIT leaves it at once; the phase "
                   "callback is told each change once; a fork keeps the policy, not the phase")
    {
    }

  private:
    void DoRun() override
    {
        TcpCloseMachine swap;
        swap.SetPolicy(Create<StandInPolicy>(TcpClosePolicy::PASSIVE_RST_TIME_WAIT, true));
        swap.SetPhaseCallback(MakeCallback(&PhaseTest::Changed, this));
        swap.StateChanged(TcpSocket::ESTABLISHED, TcpSocket::CLOSE_WAIT, SequenceNumber32(0));
        NS_TEST_ASSERT_MSG_EQ(swap.GetPhase(), TcpCloseMachine::PHASE_NONE, "not yet");
        swap.StateChanged(TcpSocket::CLOSE_WAIT, TcpSocket::LAST_ACK, SequenceNumber32(0));
        NS_TEST_ASSERT_MSG_EQ(swap.GetPhase(),
                              TcpCloseMachine::PASSIVE_RST_LAST_ACK,
                              "on the passive close");
        swap.SetPhase(TcpCloseMachine::PASSIVE_RST_LAST_ACK);
        NS_TEST_ASSERT_MSG_EQ(m_changes, 1, "told once, not again for the same phase");
        NS_TEST_ASSERT_MSG_EQ(
            swap.StateChanged(TcpSocket::FIN_WAIT_2, TcpSocket::TIME_WAIT, SequenceNumber32(0)),
            false,
            "this end keeps TIME_WAIT after an active close");

        TcpCloseMachine child = TcpCloseMachine::ForkOf(swap);
        NS_TEST_ASSERT_MSG_EQ(child.GetPhase(), TcpCloseMachine::PHASE_NONE, "a fork's phase");
        NS_TEST_ASSERT_MSG_EQ(child.GetPolicy()->GetPassiveEnd(),
                              TcpClosePolicy::PASSIVE_RST_TIME_WAIT,
                              "a fork's policy");
        NS_TEST_ASSERT_MSG_NE(child.GetPolicy(), swap.GetPolicy(), "forked, not shared");

        TcpCloseMachine agreed;
        agreed.SetPolicy(Create<StandInPolicy>(TcpClosePolicy::PASSIVE_TIME_WAIT, false));
        NS_TEST_ASSERT_MSG_EQ(agreed.KeepsTimeWaitAsPassiveCloser(), true, "passive keeps it");
        NS_TEST_ASSERT_MSG_EQ(
            agreed.StateChanged(TcpSocket::FIN_WAIT_2, TcpSocket::TIME_WAIT, SequenceNumber32(0)),
            true,
            "the peer keeps TIME_WAIT: leave at once");
        NS_TEST_ASSERT_MSG_EQ(agreed.GetPhase(), TcpCloseMachine::ACTIVE_NO_TIME_WAIT, "so said");
        NS_TEST_ASSERT_MSG_EQ(std::string(TcpCloseMachine::PhaseName(agreed.GetPhase())),
                              "ACTIVE_NO_TIME_WAIT",
                              "its name");
    }

    /// The phase changed.
    void Changed(TcpCloseMachine::Phase, TcpCloseMachine::Phase)
    {
        ++m_changes;
    }

    int m_changes{0}; //!< Changes told
};

} // namespace

/// TcpCloseMachine test suite.
class TcpCloseMachineTestSuite : public TestSuite
{
  public:
    TcpCloseMachineTestSuite()
        : TestSuite("tcp-host-close-machine", Type::UNIT)
    {
        AddTestCase(new FinNumberTest(), Duration::QUICK);
        AddTestCase(new FinWait2Test(), Duration::QUICK);
        AddTestCase(new PhaseTest(), Duration::QUICK);
    }
};

static TcpCloseMachineTestSuite
    g_tcpCloseMachineTestSuite; //!< Static variable for test initialization
