/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Unit tests of TcpBufferSizer on its own, against a SocketMemory and no
// socket: which buffers it charges in each accounting, growth granted up to
// the limit, everything given back at the end, and a shrink that must wait
// for its floor.

#include "ns3/enum.h"
#include "ns3/socket-memory.h"
#include "ns3/tcp-buffer-sizer.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

using namespace ns3;

namespace
{

Ptr<SocketMemory>
Memory(SocketMemory::Accounting accounting, uint64_t limit)
{
    auto memory = CreateObject<SocketMemory>();
    memory->SetAttribute("Accounting", EnumValue(accounting));
    memory->SetAttribute("Limit", UintegerValue(limit));
    return memory;
}

/// Which buffers are charged, what growth is granted, what goes back.
class ChargeTest : public TestCase
{
  public:
    ChargeTest()
        : TestCase("the sizer charges both buffers under SocketBuffers, the send buffer "
                   "alone where its policy draws, grants growth up to the limit and "
                   "gives all back")
    {
    }

  private:
    void DoRun() override
    {
        using B = TcpBufferSizer;
        auto memory = Memory(SocketMemory::SOCKET_BUFFERS, 100000);
        TcpBufferSizer sizer;
        NS_TEST_ASSERT_MSG_EQ(sizer.Grant(B::SEND, 1000, 5000), 5000, "not charged: as asked");
        sizer.StartCharging(memory, false, 20000, 30000);
        NS_TEST_ASSERT_MSG_EQ(memory->GetBufferMemory(), 50000, "both buffers taken");
        sizer.StartCharging(memory, false, 20000, 30000);
        NS_TEST_ASSERT_MSG_EQ(memory->GetBufferMemory(), 50000, "once");
        NS_TEST_ASSERT_MSG_EQ(sizer.Grant(B::RECEIVE, 30000, 90000),
                              80000,
                              "growth granted up to the limit");
        NS_TEST_ASSERT_MSG_EQ(memory->GetBufferMemory(), 100000, "the limit reached");
        NS_TEST_ASSERT_MSG_EQ(sizer.Grant(B::SEND, 20000, 10000), 10000, "a shrink is granted");
        NS_TEST_ASSERT_MSG_EQ(memory->GetBufferMemory(), 90000, "and given back");
        sizer.StopCharging(10000, 80000);
        NS_TEST_ASSERT_MSG_EQ(memory->GetBufferMemory(), 0, "all given back at the end");
        NS_TEST_ASSERT_MSG_EQ(sizer.Charges(B::SEND), false, "no longer charged");

        auto tcpMem = Memory(SocketMemory::BUFFERS, 0);
        TcpBufferSizer plain;
        plain.StartCharging(tcpMem, false, 20000, 30000);
        NS_TEST_ASSERT_MSG_EQ(tcpMem->GetBufferMemory(), 0, "a policy that does not draw");
        TcpBufferSizer drawing;
        drawing.StartCharging(tcpMem, true, 20000, 30000);
        NS_TEST_ASSERT_MSG_EQ(tcpMem->GetBufferMemory(), 20000, "the send buffer alone");
        NS_TEST_ASSERT_MSG_EQ(drawing.Charges(B::RECEIVE), false, "not the receive buffer");
        drawing.Grant(B::RECEIVE, 30000, 60000);
        NS_TEST_ASSERT_MSG_EQ(tcpMem->GetBufferMemory(), 20000, "its growth not charged");
        drawing.StopCharging(20000, 60000);
        NS_TEST_ASSERT_MSG_EQ(tcpMem->GetBufferMemory(), 0, "given back");

        TcpBufferSizer none;
        none.StartCharging(nullptr, true, 20000, 30000);
        NS_TEST_ASSERT_MSG_EQ(none.Charges(B::SEND), false, "no memory: nothing charged");
    }
};

/// A shrink below the floor waits; Step reaches the target as the floor falls.
class ShrinkTest : public TestCase
{
  public:
    ShrinkTest()
        : TestCase("a shrink below what a buffer must keep is aimed at and reached step by "
                   "step as the floor falls")
    {
    }

  private:
    void DoRun() override
    {
        using B = TcpBufferSizer;
        TcpBufferSizer sizer;
        NS_TEST_ASSERT_MSG_EQ(sizer.Aim(B::SEND, 4000, 1000), 4000, "above the floor: at once");
        NS_TEST_ASSERT_MSG_EQ(sizer.Target(B::SEND), 0, "nothing pending");
        NS_TEST_ASSERT_MSG_EQ(sizer.Step(B::SEND, 0), 0, "nothing to step");
        NS_TEST_ASSERT_MSG_EQ(sizer.Aim(B::SEND, 2000, 6000), 6000, "the floor now");
        NS_TEST_ASSERT_MSG_EQ(sizer.Target(B::SEND), 2000, "the rest pending");
        NS_TEST_ASSERT_MSG_EQ(sizer.Target(B::RECEIVE), 0, "the other buffer's own");
        NS_TEST_ASSERT_MSG_EQ(sizer.Step(B::SEND, 3000), 3000, "as far as the floor allows");
        NS_TEST_ASSERT_MSG_EQ(sizer.Target(B::SEND), 2000, "still pending");
        NS_TEST_ASSERT_MSG_EQ(sizer.Step(B::SEND, 500), 2000, "reached");
        NS_TEST_ASSERT_MSG_EQ(sizer.Target(B::SEND), 0, "done");
        NS_TEST_ASSERT_MSG_EQ(sizer.Aim(B::RECEIVE, 0, 100), 100, "a shrink to nothing");
        NS_TEST_ASSERT_MSG_EQ(sizer.Target(B::RECEIVE), 1, "aims at one byte, not at none");
        NS_TEST_ASSERT_MSG_EQ(sizer.Aim(B::RECEIVE, 5000, 100), 5000, "a new size");
        NS_TEST_ASSERT_MSG_EQ(sizer.Target(B::RECEIVE), 0, "ends the pending shrink");
    }
};

} // namespace

/// TcpBufferSizer test suite.
class TcpBufferSizerTestSuite : public TestSuite
{
  public:
    TcpBufferSizerTestSuite()
        : TestSuite("tcp-host-buffer-sizer", Type::UNIT)
    {
        AddTestCase(new ChargeTest(), Duration::QUICK);
        AddTestCase(new ShrinkTest(), Duration::QUICK);
    }
};

static TcpBufferSizerTestSuite
    g_tcpBufferSizerTestSuite; //!< Static variable for test initialization
