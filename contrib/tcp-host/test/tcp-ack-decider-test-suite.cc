/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Unit tests of TcpAckDecider on its own, without a socket: what the
// delayed-ACK policy is told (segments counted, bytes read, the window the
// last ACK left), when it is asked at all, the held segment, a fork.

#include "ns3/node.h"
#include "ns3/tcp-ack-decider.h"
#include "ns3/test.h"

#include <vector>

using namespace ns3;

namespace
{

/// A policy that decides ACKs and keeps every state it is shown.
class RecordingPolicy : public TcpDelayedAckPolicy
{
  public:
    bool DecidesAcks() const override
    {
        return true;
    }

    Verdict OnSegment(const TcpAckState& state) override
    {
        segments.push_back(state);
        return Verdict::DEFER;
    }

    bool OnRead(const TcpAckState& state) override
    {
        reads.push_back(state);
        return true;
    }

    Ptr<TcpDelayedAckPolicy> Fork() const override
    {
        return CreateObject<RecordingPolicy>();
    }

    std::vector<TcpAckState> segments; //!< States shown by OnSegment
    std::vector<TcpAckState> reads;    //!< States shown by OnRead
};

/// A receiver at RCV.NXT = next, with room up to next + room, that last
/// advertised a window of advertised bytes.
TcpReceiverView
View(uint32_t next, uint32_t room, uint32_t advertised)
{
    TcpReceiverView v;
    v.mss = 1000;
    v.rcvNext = SequenceNumber32(next);
    v.rcvMax = SequenceNumber32(next + room);
    v.bufferSize = 8000;
    v.advertisedWindow = advertised;
    return v;
}

/// The policy is told the segments counted, what is unacknowledged and the windows.
class StateTest : public TestCase
{
  public:
    StateTest()
        : TestCase("the policy sees in-sequence segments counted, the unacked bytes, "
                   "the window the last ACK left and the window now")
    {
    }

  private:
    void DoRun() override
    {
        TcpAckDecider ack;
        auto policy = CreateObject<RecordingPolicy>();
        ack.SetPolicy(policy);
        ack.AckSent(SequenceNumber32(1)); // the handshake's ACK: RCV.NXT 1, window 8000
        ack.OnSegment(View(1, 8000, 8000), 1000, false, true);
        ack.OnSegment(View(1001, 7000, 8000), 1000, true, true);
        ack.OnSegment(View(2001, 6000, 8000), 500, false, false); // out of sequence
        ack.OnSegment(View(2001, 6000, 8000), 0, false, true);    // no data
        NS_TEST_ASSERT_MSG_EQ(policy->segments.size(), 2, "asked for in-sequence data only");
        const TcpAckState& second = policy->segments[1];
        NS_TEST_ASSERT_MSG_EQ(second.segments, 2, "the second in-sequence segment counted");
        NS_TEST_ASSERT_MSG_EQ(second.bytes, 1000, "its payload");
        NS_TEST_ASSERT_MSG_EQ(second.pushed, true, "PSH passed on");
        NS_TEST_ASSERT_MSG_EQ(second.unacked, 1000, "the first segment is not acknowledged");
        NS_TEST_ASSERT_MSG_EQ(second.windowLeft, 7000, "8000 promised from 1, 1000 used");
        NS_TEST_ASSERT_MSG_EQ(second.windowNow, 7000, "the buffer's room");
        NS_TEST_ASSERT_MSG_EQ(second.mss, 1000, "the MSS");
        NS_TEST_ASSERT_MSG_EQ(second.bufferSize, 8000, "the buffer");

        // An ACK at 2001 advertising 6000: the promise moves with it.
        ack.AckSent(SequenceNumber32(2001));
        NS_TEST_ASSERT_MSG_EQ(ack.Unacked(SequenceNumber32(2001)), 0, "all acknowledged");
        ack.OnSegment(View(2001, 6000, 6000), 1000, false, true);
        NS_TEST_ASSERT_MSG_EQ(policy->segments.back().windowLeft, 6000, "the new promise");
        NS_TEST_ASSERT_MSG_EQ(policy->segments.back().unacked, 0, "nothing unacked before it");
        NS_TEST_ASSERT_MSG_EQ(ack.AckedUpTo(), SequenceNumber32(2001), "RCV.NXT of the ACK");
    }
};

/// Reads are counted until an ACK leaves; the policy is asked only when an ACK may go.
class ReadTest : public TestCase
{
  public:
    ReadTest()
        : TestCase("bytes read count until an ACK leaves; the policy is asked about a read "
                   "only when an ACK may go")
    {
    }

  private:
    void DoRun() override
    {
        TcpAckDecider ack;
        auto policy = CreateObject<RecordingPolicy>();
        ack.SetPolicy(policy);
        bool update = ack.OnRead(View(3001, 8000, 5000), 1000, false);
        NS_TEST_ASSERT_MSG_EQ(update, false, "no update where no ACK may go");
        NS_TEST_ASSERT_MSG_EQ(policy->reads.size(), 0, "and the policy not asked");
        update = ack.OnRead(View(3001, 8000, 5000), 2000, true);
        NS_TEST_ASSERT_MSG_EQ(update, true, "the policy's answer");
        NS_TEST_ASSERT_MSG_EQ(policy->reads.back().readSinceAck, 3000, "both reads counted");
        NS_TEST_ASSERT_MSG_EQ(policy->reads.back().bytes, 0, "a read carries no segment");
        ack.AckSent(SequenceNumber32(3001));
        NS_TEST_ASSERT_MSG_EQ(ack.ReadSinceAck(), 0, "an ACK tells the reads");
    }
};

/// ns-3's own rule: the default policy is never consulted per segment.
class DefaultPolicyTest : public TestCase
{
  public:
    DefaultPolicyTest()
        : TestCase("ns-3's own rule: STANDARD for every segment, the delay TcpSocketBase's")
    {
    }

  private:
    void DoRun() override
    {
        TcpAckDecider ack;
        NS_TEST_ASSERT_MSG_EQ(ack.DecidesAcks(), false, "the default leaves ACKs to ns-3");
        auto v = ack.OnSegment(View(1, 8000, 8000), 1000, false, true);
        NS_TEST_ASSERT_MSG_EQ((v == TcpAckDecider::Verdict::STANDARD), true, "STANDARD");
        NS_TEST_ASSERT_MSG_EQ(ack.GetDelay(nullptr, Seconds(1), MilliSeconds(200)),
                              MilliSeconds(200),
                              "the standard delay");
    }
};

/// One segment held at a time, taken back once; a fork starts afresh with its own policy.
class HeldAndForkTest : public TestCase
{
  public:
    HeldAndForkTest()
        : TestCase("a held segment is taken back once; a fork has its own policy and "
                   "nothing received")
    {
    }

  private:
    void DoRun() override
    {
        TcpAckDecider ack;
        auto policy = CreateObject<RecordingPolicy>();
        ack.SetPolicy(policy);
        Ptr<Packet> p;
        TcpHeader h;
        NS_TEST_ASSERT_MSG_EQ(ack.TakeHeld(p, h), false, "nothing held");
        TcpHeader held;
        held.SetSequenceNumber(SequenceNumber32(4001));
        ack.Hold(Create<Packet>(100), held);
        NS_TEST_ASSERT_MSG_EQ(ack.TakeHeld(p, h), true, "the held segment");
        NS_TEST_ASSERT_MSG_EQ(p->GetSize(), 100, "its payload");
        NS_TEST_ASSERT_MSG_EQ(h.GetSequenceNumber(), SequenceNumber32(4001), "its header");
        NS_TEST_ASSERT_MSG_EQ(ack.TakeHeld(p, h), false, "taken once");

        ack.OnSegment(View(1, 8000, 8000), 1000, false, true);
        ack.OnRead(View(1001, 8000, 8000), 500, true);
        TcpAckDecider child = TcpAckDecider::ForkOf(ack);
        NS_TEST_ASSERT_MSG_NE(child.GetPolicy(), ack.GetPolicy(), "the policy forked");
        NS_TEST_ASSERT_MSG_EQ(child.ReadSinceAck(), 0, "no reads");
        NS_TEST_ASSERT_MSG_EQ(child.AckedUpTo(), SequenceNumber32(0), "no ACK sent");
        auto forked = DynamicCast<RecordingPolicy>(child.GetPolicy());
        NS_TEST_ASSERT_MSG_NE(forked, nullptr, "the listener's kind of policy");
        child.OnSegment(View(1, 8000, 8000), 1000, false, true);
        NS_TEST_ASSERT_MSG_EQ(forked->segments.back().segments, 1, "its first segment");
    }
};

} // namespace

/// TcpAckDecider test suite.
class TcpAckDeciderTestSuite : public TestSuite
{
  public:
    TcpAckDeciderTestSuite()
        : TestSuite("tcp-host-ack-decider", Type::UNIT)
    {
        AddTestCase(new StateTest(), Duration::QUICK);
        AddTestCase(new ReadTest(), Duration::QUICK);
        AddTestCase(new DefaultPolicyTest(), Duration::QUICK);
        AddTestCase(new HeldAndForkTest(), Duration::QUICK);
    }
};

static TcpAckDeciderTestSuite g_tcpAckDeciderTestSuite; //!< Static variable for test initialization
