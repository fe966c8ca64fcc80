/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Socket buffers resized while the connection runs (what an allocator such
// as E2-ATBT does): never below what they hold, the receive window's right
// edge never moving back, and a window scale chosen at SYN time that lets a
// receive buffer grow beyond 64 KB.

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/tcp-host-module.h"

using namespace ns3;

namespace
{

const uint16_t PORT = 9;

/// A client that writes as long as there is room, to a server that reads
/// only when told to; the server's segments (ACKs and windows) are logged.
struct Link
{
    NodeContainer nodes{2}; //!< 0 client, 1 server
    Ptr<TcpHostSocket> client;
    Ptr<TcpHostSocket> accepted;
    Ptr<TcpHostSocket> listener;
    bool serverReads{false}; //!< Drain what arrives
    uint64_t written{0};     //!< Bytes the client wrote
    uint32_t refused{0};     //!< Writes refused although GetTxAvailable said there was room
    uint64_t read{0};        //!< Bytes the server read
    std::vector<std::pair<SequenceNumber32, uint64_t>> serverAcks; //!< (ACK, window bytes)
    uint8_t serverShift{0};   //!< The window scale the server asked for
    uint16_t synAckWindow{0}; //!< The window of the server's SYN-ACK

    /**
     * @brief Build it.
     * @param serverBuffer the server's RcvBufSize
     * @param serverMax its MaxRcvBufSize
     */
    Link(uint32_t serverBuffer, uint32_t serverMax)
    {
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
        p2p.SetChannelAttribute("Delay", StringValue("10ms"));
        NetDeviceContainer devices = p2p.Install(nodes);
        TcpHostHelper clientHost;
        clientHost.SetSocketAttribute("SndBufSize", UintegerValue(256 * 1024));
        clientHost.Install(nodes.Get(0));
        TcpHostHelper serverHost;
        serverHost.SetSocketAttribute("RcvBufSize", UintegerValue(serverBuffer));
        serverHost.SetSocketAttribute("MaxRcvBufSize", UintegerValue(serverMax));
        serverHost.Install(nodes.Get(1));
        Ipv4Address server =
            Ipv4AddressHelper("10.0.0.0", "255.255.255.0").Assign(devices).GetAddress(1);
        listener = DynamicCast<TcpHostSocket>(
            Socket::CreateSocket(nodes.Get(1), TcpHostSocketFactory::GetTypeId()));
        listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), PORT));
        listener->Listen();
        listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                    MakeCallback(&Link::Accepted, this));
        client = DynamicCast<TcpHostSocket>(
            Socket::CreateSocket(nodes.Get(0), TcpHostSocketFactory::GetTypeId()));
        client->SetSendCallback(MakeCallback(&Link::Room, this));
        client->TraceConnectWithoutContext("Rx", MakeCallback(&Link::FromServer, this));
        Simulator::Schedule(Seconds(0.1),
                            [this, server]() { client->Connect(InetSocketAddress(server, PORT)); });
        Simulator::Schedule(Seconds(0.5), [this]() { Room(client, client->GetTxAvailable()); });
    }

    void Accepted(Ptr<Socket> s, const Address&)
    {
        accepted = DynamicCast<TcpHostSocket>(s);
        s->SetRecvCallback(MakeCallback(&Link::Readable, this));
    }

    void Readable(Ptr<Socket> s)
    {
        while (serverReads)
        {
            Ptr<Packet> p = s->Recv();
            if (!p || p->GetSize() == 0)
            {
                return;
            }
            read += p->GetSize();
        }
    }

    /// Read what waits, and from now on everything.
    void StartReading()
    {
        serverReads = true;
        Readable(accepted);
    }

    void Room(Ptr<Socket> s, uint32_t available)
    {
        if (Simulator::Now() < Seconds(0.5))
        {
            return;
        }
        while (available > 0)
        {
            uint32_t n = std::min<uint32_t>(available, 1400);
            if (s->Send(Create<Packet>(n)) <= 0)
            {
                ++refused;
                return;
            }
            written += n;
            available = s->GetTxAvailable();
        }
    }

    void FromServer(Ptr<const Packet>, const TcpHeader& h, Ptr<const TcpSocketBase>)
    {
        if (h.GetFlags() & TcpHeader::SYN)
        {
            synAckWindow = h.GetWindowSize();
            if (h.HasOption(TcpOption::WINSCALE))
            {
                serverShift = DynamicCast<const TcpOptionWinScale>(h.GetOption(TcpOption::WINSCALE))
                                  ->GetScale();
            }
            return;
        }
        serverAcks.emplace_back(h.GetAckNumber(), uint64_t(h.GetWindowSize()) << serverShift);
    }

    /// @return whether no window's right edge moved back (by more than the
    /// rounding of a scaled window: below 2^scale bytes)
    bool EdgesNeverBack() const
    {
        SequenceNumber32 edge(0);
        for (const auto& [ack, window] : serverAcks)
        {
            SequenceNumber32 e = ack + SequenceNumber32(window);
            if (e + SequenceNumber32((1u << serverShift) - 1) < edge)
            {
                return false;
            }
            edge = std::max(edge, e);
        }
        return true;
    }
};

/// The send buffer: not below what it holds; an application hears when it
/// grows.
class SendBufferTest : public TestCase
{
  public:
    SendBufferTest()
        : TestCase("send buffer resized while full: never below what it holds")
    {
    }

  private:
    void DoRun() override
    {
        Link link(16 * 1024, 0); // the server does not read: the client's buffer fills
        uint32_t shrunk = 0;
        uint32_t held = 0;
        uint64_t writtenBefore = 0;
        Simulator::Schedule(Seconds(2), [&]() {
            held = link.client->GetTxBuffer()->Size();
            shrunk = link.client->ResizeSendBuffer(1000);
            writtenBefore = link.written;
            link.client->ResizeSendBuffer(held + 100 * 1024);
        });
        Simulator::Stop(Seconds(3));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_GT(held, 200000u, "the buffer was nearly full");
        NS_TEST_EXPECT_MSG_EQ(shrunk, held, "asked for 1000 bytes: kept what it holds");
        NS_TEST_EXPECT_MSG_EQ(link.written - writtenBefore,
                              100 * 1024u,
                              "the application filled the room it was told of");
        Simulator::Destroy();
    }
};

/// The send buffer shrunk below what it holds: the application gets no
/// room until ACKs have brought the bytes held below the new size, which
/// is then the size.
class SendBufferShrinkTest : public TestCase
{
  public:
    SendBufferShrinkTest()
        : TestCase("send buffer shrunk below what it holds: reached as ACKs free room")
    {
    }

  private:
    void DoRun() override
    {
        Link link(16 * 1024, 0); // the server reads: 16 KB per 20 ms round trip
        const uint32_t target = 64 * 1024;
        uint32_t held = 0;
        bool reached = false; // the bytes held fell to the target
        bool overrun = false; // and later rose above it again
        uint64_t writtenAtReach = 0;
        Simulator::Schedule(Seconds(2), [&]() {
            held = link.client->GetTxBuffer()->Size();
            link.client->ResizeSendBuffer(target);
        });
        Simulator::Schedule(Seconds(0.4), [&]() { link.serverReads = true; });
        for (int ms = 2001; ms < 4000; ++ms)
        {
            Simulator::Schedule(MilliSeconds(ms), [&]() {
                uint32_t size = link.client->GetTxBuffer()->Size();
                if (!reached && size <= target)
                {
                    reached = true;
                    writtenAtReach = link.written;
                }
                overrun |= reached && size > target;
            });
        }
        Simulator::Stop(Seconds(4));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_GT(held, 200000u, "the buffer was nearly full");
        NS_TEST_EXPECT_MSG_EQ(reached, true, "the bytes held came down to the target");
        NS_TEST_EXPECT_MSG_EQ(overrun, false, "and never went above it again");
        NS_TEST_EXPECT_MSG_EQ(link.client->GetSendBufferSize(), target, "the size is the target");
        NS_TEST_EXPECT_MSG_GT(link.written,
                              writtenAtReach + target,
                              "the application kept writing");
        NS_TEST_EXPECT_MSG_EQ(link.refused, 0u, "the room it was told of was there");
        Simulator::Destroy();
    }
};

/// The receive buffer: shrinking never pulls back an advertised edge;
/// growing is advertised at once; the scale bounds it.
class ReceiveBufferTest : public TestCase
{
  public:
    /// @param withMax give the server a MaxRcvBufSize of 1 MB
    explicit ReceiveBufferTest(bool withMax)
        : TestCase(withMax ? "receive buffer: MaxRcvBufSize gets a window scale, grown to 1 MB"
                           : "receive buffer: shrink keeps the promised edge; no scale, no "
                             "growth past 64 KB"),
          m_withMax(withMax)
    {
    }

  private:
    void DoRun() override
    {
        Link link(16 * 1024, m_withMax ? 1024 * 1024 : 0);
        uint32_t shrunk = 0;
        uint32_t promisedFloor = 0;
        uint32_t grown = 0;
        size_t acksBeforeGrowth = 0;
        // 1 s: the server holds 16 KB unread; ask for 1 KB.
        Simulator::Schedule(Seconds(1), [&]() {
            promisedFloor = link.accepted->GetRxBuffer()->Size();
            shrunk = link.accepted->ResizeReceiveBuffer(1024);
        });
        // 1.5 s: start reading, and grow the buffer to 1 MB.
        Simulator::Schedule(Seconds(1.5), [&]() {
            link.StartReading();
            acksBeforeGrowth = link.serverAcks.size();
            grown = link.accepted->ResizeReceiveBuffer(1024 * 1024);
        });
        // 3.5 s: reading keeps up, little is held, a window is out: ask for 1 KB.
        uint32_t late = 0;
        uint32_t heldLate = 0;
        Simulator::Schedule(Seconds(3.5), [&]() {
            heldLate = link.accepted->GetRxBuffer()->Size();
            late = link.accepted->ResizeReceiveBuffer(1024);
        });
        Simulator::Stop(Seconds(4));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_GT(late, heldLate + 8 * 1024, "a window was promised: kept");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(shrunk, promisedFloor, "not below what it holds");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(shrunk, 16 * 1024u, "not below the advertised window");
        NS_TEST_EXPECT_MSG_EQ(link.EdgesNeverBack(), true, "no right edge moved back");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(link.synAckWindow,
                                    16 * 1024,
                                    "the SYN-ACK promises only the buffer there is");
        uint64_t largest = 0;
        for (size_t i = acksBeforeGrowth; i < link.serverAcks.size(); ++i)
        {
            largest = std::max(largest, link.serverAcks[i].second);
        }
        if (m_withMax)
        {
            NS_TEST_EXPECT_MSG_GT_OR_EQ(link.serverShift, 5, "a scale fit for 1 MB");
            NS_TEST_EXPECT_MSG_EQ(grown, 1024 * 1024u, "grown to 1 MB");
            NS_TEST_EXPECT_MSG_GT(largest, 512 * 1024u, "and advertised beyond 64 KB");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(link.serverShift, 0, "16 KB needs no scale");
            NS_TEST_EXPECT_MSG_EQ(grown, 65535u, "no scale: 64 KB at most");
            NS_TEST_EXPECT_MSG_LT_OR_EQ(largest, 65535u, "never advertised beyond");
        }
        NS_TEST_EXPECT_MSG_GT(link.read, 1000000u, "the data flows");
        Simulator::Destroy();
    }

    bool m_withMax; //!< MaxRcvBufSize set
};

class TcpHostBufferResizeTestSuite : public TestSuite
{
  public:
    TcpHostBufferResizeTestSuite()
        : TestSuite("tcp-host-buffer-resize", Type::UNIT)
    {
        AddTestCase(new SendBufferTest(), Duration::QUICK);
        AddTestCase(new SendBufferShrinkTest(), Duration::QUICK);
        AddTestCase(new ReceiveBufferTest(false), Duration::QUICK);
        AddTestCase(new ReceiveBufferTest(true), Duration::QUICK);
    }
};

TcpHostBufferResizeTestSuite g_tcpHostBufferResizeTestSuite;

} // namespace
