/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Unit tests of TcpListenerBinding on its own, against a TcpListenQueue and
// no socket: what the queues count as a listener forks a child and the
// child leaves SYN_RCVD, the cookie handed to the child, and a deferred
// ACK's SYN+ACKs.

#include "ns3/enum.h"
#include "ns3/nstime.h"
#include "ns3/tcp-listener-binding.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

using namespace ns3;

namespace
{

/// A SYN admitted, forked, established, closed: what the SYN queue counts.
class SynQueueTest : public TestCase
{
  public:
    SynQueueTest()
        : TestCase("a forked child is counted in the SYN queue until it leaves SYN_RCVD; "
                   "it forgets its listener when it closes")
    {
    }

  private:
    void DoRun() override
    {
        auto queue = CreateObject<TcpListenQueue>();
        TcpListenerBinding listener;
        listener.SetQueue(queue);
        NS_TEST_ASSERT_MSG_EQ(listener.OnSyn(false), TcpListenQueue::SYN_ADMIT, "admitted");
        TcpListenerBinding child = listener.Fork();
        NS_TEST_ASSERT_MSG_EQ(queue->GetSynQueueLength(), 1, "counted from the fork");
        NS_TEST_ASSERT_MSG_EQ(child.GetParent(), queue, "the child knows its listener");
        NS_TEST_ASSERT_MSG_EQ(child.GetQueue(), nullptr, "and listens on nothing");
        NS_TEST_ASSERT_MSG_EQ(child.HasCookie(), false, "no cookie");
        child.StateChanged(TcpSocket::LISTEN, TcpSocket::SYN_RCVD, nullptr);
        NS_TEST_ASSERT_MSG_EQ(queue->GetSynQueueLength(), 1, "still in the SYN queue");
        child.StateChanged(TcpSocket::SYN_RCVD, TcpSocket::ESTABLISHED, nullptr);
        NS_TEST_ASSERT_MSG_EQ(queue->GetSynQueueLength(), 0, "left it when established");
        child.StateChanged(TcpSocket::ESTABLISHED, TcpSocket::CLOSED, nullptr);
        NS_TEST_ASSERT_MSG_EQ(child.GetParent(), nullptr, "forgotten when closed");

        TcpListenerBinding refused = listener.Fork();
        refused.StateChanged(TcpSocket::SYN_RCVD, TcpSocket::CLOSED, nullptr);
        NS_TEST_ASSERT_MSG_EQ(queue->GetSynQueueLength(), 0, "left it when refused too");

        TcpListenerBinding plain; // a socket with no listener's queues
        plain.StateChanged(TcpSocket::SYN_RCVD, TcpSocket::ESTABLISHED, nullptr);
        NS_TEST_ASSERT_MSG_EQ(plain.ResendsSynAck(0), true, "ns-3's own SYN+ACKs");
    }
};

/// A SYN answered with a cookie: the child carries it; the SYN queue does not count it.
class CookieTest : public TestCase
{
  public:
    CookieTest()
        : TestCase("a SYN answered with a cookie forks a child that carries it and is "
                   "not counted in the SYN queue")
    {
    }

  private:
    void DoRun() override
    {
        auto queue = CreateObject<TcpListenQueue>();
        queue->SetAttribute("SynCookies", EnumValue(TcpListenQueue::COOKIES_ALWAYS));
        TcpListenerBinding listener;
        listener.SetQueue(queue);
        NS_TEST_ASSERT_MSG_EQ(listener.OnSyn(false), TcpListenQueue::SYN_COOKIE, "a cookie");
        TcpListenerBinding child = listener.Fork();
        NS_TEST_ASSERT_MSG_EQ(child.HasCookie(), true, "the child carries it");
        NS_TEST_ASSERT_MSG_EQ(queue->GetSynQueueLength(), 0, "not counted");
        child.StateChanged(TcpSocket::SYN_RCVD, TcpSocket::ESTABLISHED, nullptr);
        NS_TEST_ASSERT_MSG_EQ(queue->GetSynQueueLength(), 0, "nothing to leave");

        queue->SetAttribute("SynCookies", EnumValue(TcpListenQueue::COOKIES_NEVER));
        NS_TEST_ASSERT_MSG_EQ(listener.OnSyn(false), TcpListenQueue::SYN_ADMIT, "no cookie");
        NS_TEST_ASSERT_MSG_EQ(listener.Fork().HasCookie(), false, "the next child has none");
    }
};

/// TCP_DEFER_ACCEPT: a deferred bare ACK holds back SYN+ACKs as the queue says.
class DeferredAckTest : public TestCase
{
  public:
    DeferredAckTest()
        : TestCase("a deferred bare ACK: SYN+ACKs resent only as the listener's defer "
                   "period allows")
    {
    }

  private:
    void DoRun() override
    {
        auto queue = CreateObject<TcpListenQueue>();
        queue->SetAttribute("DeferAccept", TimeValue(Seconds(10)));
        TcpListenerBinding listener;
        listener.SetQueue(queue);
        listener.OnSyn(false);
        TcpListenerBinding child = listener.Fork();
        NS_TEST_ASSERT_MSG_EQ(child.ResendsSynAck(0), true, "before any ACK: resent");
        NS_TEST_ASSERT_MSG_EQ(child.OnHandshakeAck(false, 0),
                              TcpListenQueue::ACK_DEFER,
                              "a bare ACK inside the period");
        NS_TEST_ASSERT_MSG_EQ(child.ResendsSynAck(0), false, "then not at the first expiry");
        NS_TEST_ASSERT_MSG_EQ(child.OnHandshakeAck(true, 0),
                              TcpListenQueue::ACK_COMPLETE,
                              "data completes it");
    }
};

} // namespace

/// TcpListenerBinding test suite.
class TcpListenerBindingTestSuite : public TestSuite
{
  public:
    TcpListenerBindingTestSuite()
        : TestSuite("tcp-host-listener-binding", Type::UNIT)
    {
        AddTestCase(new SynQueueTest(), Duration::QUICK);
        AddTestCase(new CookieTest(), Duration::QUICK);
        AddTestCase(new DeferredAckTest(), Duration::QUICK);
    }
};

static TcpListenerBindingTestSuite
    g_tcpListenerBindingTestSuite; //!< Static variable for test initialization
