/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Unit tests of TcbList: how many TCBs each lookup discipline visits.

#include "ns3/tcb-list.h"
#include "ns3/test.h"

using namespace ns3;

namespace
{

const Ipv4Address LOCAL("10.0.0.1");

TcbKey
Conn(uint16_t peerPort)
{
    return TcbKey{LOCAL, 80, Ipv4Address("10.0.0.2"), peerPort};
}

TcbKey
Listener()
{
    return TcbKey{Ipv4Address::GetAny(), 80, Ipv4Address::GetAny(), 0};
}

/// Visited count of a segment from peer port p to the local server.
uint32_t
Seg(const TcbList& l, uint16_t p)
{
    return l.Visited(LOCAL, 80, Ipv4Address("10.0.0.2"), p);
}

/// Fills a list: listener, connections 1 and 2, then TIME_WAIT 3, 4, 5 (newest last).
void
Fill(TcbList& l, std::vector<int>& ids)
{
    ids.resize(6);
    l.Update(&ids[0], Listener(), false);
    l.Update(&ids[1], Conn(1), false);
    l.Update(&ids[2], Conn(2), false);
    for (int i = 3; i < 6; ++i)
    {
        l.Update(&ids[i], Conn(i), false);
        l.Update(&ids[i], Conn(i), true); // closes: TIME_WAIT
    }
}

/// SunOS: linear list with head insertion.
class LinearHeadInsertTest : public TestCase
{
  public:
    LinearHeadInsertTest()
        : TestCase("LinearHeadInsert: newest first, listener lookups scan everything")
    {
    }

  private:
    void DoRun() override
    {
        TcbList l(TcbList::LINEAR_HEAD_INSERT);
        std::vector<int> ids;
        Fill(l, ids);
        NS_TEST_ASSERT_MSG_EQ(l.GetSize(), 6, "size");
        NS_TEST_ASSERT_MSG_EQ(l.GetTimeWaitCount(), 3, "TIME_WAIT count");
        NS_TEST_ASSERT_MSG_EQ(Seg(l, 5), 1, "newest at the head");
        NS_TEST_ASSERT_MSG_EQ(Seg(l, 2), 4, "behind three TIME_WAIT TCBs");
        NS_TEST_ASSERT_MSG_EQ(Seg(l, 1), 5, "oldest connection");
        NS_TEST_ASSERT_MSG_EQ(Seg(l, 99), 6, "a SYN for the listener scans the whole list");
        l.Remove(&ids[4]);
        NS_TEST_ASSERT_MSG_EQ(Seg(l, 1), 4, "one TCB fewer ahead");
        NS_TEST_ASSERT_MSG_EQ(l.Contains(&ids[4]), false, "removed");
        l.Remove(&ids[4]); // idempotent
        NS_TEST_ASSERT_MSG_EQ(l.GetSize(), 5, "double remove is harmless");
    }
};

/// BSDI: TIME_WAIT TCBs at the tail.
class TimeWaitAtTailTest : public TestCase
{
  public:
    TimeWaitAtTailTest()
        : TestCase("TimeWaitAtTail: TIME_WAIT TCBs cost nothing to live connections")
    {
    }

  private:
    void DoRun() override
    {
        TcbList l(TcbList::TIME_WAIT_AT_TAIL);
        std::vector<int> ids;
        Fill(l, ids);
        NS_TEST_ASSERT_MSG_EQ(Seg(l, 2), 1, "newest live TCB first");
        NS_TEST_ASSERT_MSG_EQ(Seg(l, 1), 2, "TIME_WAIT TCBs are not in front of it");
        NS_TEST_ASSERT_MSG_EQ(Seg(l, 3), 4, "first TIME_WAIT TCB after the 3 live ones");
        NS_TEST_ASSERT_MSG_EQ(Seg(l, 5), 6, "in order of entering TIME_WAIT");
        NS_TEST_ASSERT_MSG_EQ(Seg(l, 99), 4, "a miss stops at the first TIME_WAIT TCB");
    }
};

/// Hashed chains.
class HashedTest : public TestCase
{
  public:
    HashedTest()
        : TestCase("Hashed: chain position; one chain behaves like the linear list")
    {
    }

  private:
    void DoRun() override
    {
        TcbList one(TcbList::HASHED, 1);
        std::vector<int> ids;
        Fill(one, ids);
        NS_TEST_ASSERT_MSG_EQ(Seg(one, 1), 5, "single chain: behind four connections");
        NS_TEST_ASSERT_MSG_EQ(Seg(one, 99), 6, "miss: whole chain plus the listener table");

        TcbList many(TcbList::HASHED, 4096);
        std::vector<int> more(2000);
        for (uint16_t i = 0; i < more.size(); ++i)
        {
            many.Update(&more[i], Conn(1000 + i), true);
        }
        uint32_t worst = 0;
        for (uint16_t i = 0; i < more.size(); ++i)
        {
            worst = std::max(worst, Seg(many, 1000 + i));
        }
        NS_TEST_ASSERT_MSG_LT(worst, 10, "2000 TCBs in 4096 chains: short chains");
    }
};

/// Insertions and removals far past the initial capacity keep positions right.
class CompactionTest : public TestCase
{
  public:
    CompactionTest()
        : TestCase("order index stays exact through growth and compaction")
    {
    }

  private:
    void DoRun() override
    {
        TcbList l(TcbList::LINEAR_HEAD_INSERT);
        std::vector<int> ids(20000);
        int keep = 0;
        l.Update(&keep, Conn(1), false);
        for (uint32_t i = 0; i < ids.size(); ++i)
        {
            l.Update(&ids[i], Conn(2 + (i % 60000)), false);
            if (i >= 100)
            {
                l.Remove(&ids[i - 100]); // a sliding window of 100 newer TCBs
            }
        }
        NS_TEST_ASSERT_MSG_EQ(l.GetSize(), 101, "size after churn");
        NS_TEST_ASSERT_MSG_EQ(Seg(l, 1), 101, "oldest TCB behind the 100 newest");
    }
};

} // namespace

/// TcbList test suite.
class TcbListTestSuite : public TestSuite
{
  public:
    TcbListTestSuite()
        : TestSuite("tcp-host-tcb-list", Type::UNIT)
    {
        AddTestCase(new LinearHeadInsertTest(), Duration::QUICK);
        AddTestCase(new TimeWaitAtTailTest(), Duration::QUICK);
        AddTestCase(new HashedTest(), Duration::QUICK);
        AddTestCase(new CompactionTest(), Duration::QUICK);
    }
};

static TcbListTestSuite g_tcbListTestSuite; //!< Static variable for test initialization
