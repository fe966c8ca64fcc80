/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Delivery in constant time: the socket index finds the socket ns-3's
// endpoint lookup would (exact 4-tuple, then the listener on the segment's
// address, then the one on any address), every segment of the suite's
// sockets reaches its socket without that lookup on every node (with and
// without a host model), and the route cache answers as the node's own
// routing does, forgetting its answers when the routes change.

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/tcp-host-module.h"

using namespace ns3;

namespace
{

/// The index's choice between a connection and the listeners of its port.
class SocketIndexTest : public TestCase
{
  public:
    SocketIndexTest()
        : TestCase("The index prefers the exact 4-tuple, then the listener on the address, then "
                   "on any; a socket leaves only its own key")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpSocketIndex> index = CreateObject<TcpSocketIndex>();
        // Only the pointers' identities matter to the index.
        auto a = reinterpret_cast<TcpHostSocket*>(0x10);
        auto b = reinterpret_cast<TcpHostSocket*>(0x20);
        auto c = reinterpret_cast<TcpHostSocket*>(0x30);
        const Ipv4Address local("10.0.0.1");
        const Ipv4Address peer("10.0.0.2");
        const Ipv4Address any = Ipv4Address::GetAny();
        const TcbKey segment{local, 80, peer, 1234};
        NS_TEST_ASSERT_MSG_EQ(index->Find(segment), nullptr, "empty index");
        index->Update(a, TcbKey{any, 80, any, 0});
        NS_TEST_ASSERT_MSG_EQ(index->Find(segment), a, "the listener on any address");
        index->Update(b, TcbKey{local, 80, any, 0});
        NS_TEST_ASSERT_MSG_EQ(index->Find(segment), b, "the listener on the address first");
        index->Update(c, segment);
        NS_TEST_ASSERT_MSG_EQ(index->Find(segment), c, "the connection first");
        NS_TEST_ASSERT_MSG_EQ(index->Find(TcbKey{local, 80, peer, 1235}),
                              b,
                              "another peer port: the listener");
        NS_TEST_ASSERT_MSG_EQ(index->Find(TcbKey{local, 81, peer, 1234}),
                              nullptr,
                              "another local port: nobody");
        // c moves (an endpoint rebound): its old key is free.
        index->Update(c, TcbKey{local, 8080, peer, 1234});
        NS_TEST_ASSERT_MSG_EQ(index->Find(segment), b, "c left its old key");
        // b takes c's key over; c leaving must not take b's entry with it.
        index->Update(b, TcbKey{local, 8080, peer, 1234});
        index->Remove(c);
        NS_TEST_ASSERT_MSG_EQ(index->Find(TcbKey{local, 8080, peer, 1234}),
                              b,
                              "a socket removes only its own key");
        index->Remove(b);
        index->Remove(a);
        NS_TEST_ASSERT_MSG_EQ(index->GetSize(), 0, "all gone");
        NS_TEST_ASSERT_MSG_EQ(index->Find(segment), nullptr, "all gone");
    }
};

/**
 * A star: one server, a link per client host, each client sending one bulk
 * transfer. Every segment must reach its socket through the index on every
 * node, and every byte arrive.
 */
class DirectDeliveryTest : public TestCase
{
  public:
    /// @param hostModel the server has a host model (costed input) or not
    DirectDeliveryTest(bool hostModel)
        : TestCase(std::string("Every segment of the suite's sockets is delivered through the "
                               "index on every node, server ") +
                   (hostModel ? "with" : "without") + " a host model"),
          m_hostModel(hostModel)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t clients = 12;
        static const uint32_t bytes = 30000; // (static: the lambdas use it)
        NodeContainer server(1);
        NodeContainer hosts(clients);
        TcpHostHelper serverStack;
        serverStack.SetHostModelEnabled(m_hostModel);
        serverStack.Install(server);
        TcpHostHelper clientStack;
        clientStack.SetHostModelEnabled(false);
        clientStack.Install(hosts);
        PointToPointHelper p2p;
        Ipv4AddressHelper addresses("10.2.0.0", "255.255.255.0");
        std::vector<Ipv4Address> serverAddresses;
        for (uint32_t i = 0; i < clients; ++i)
        {
            Ipv4InterfaceContainer ifs = addresses.Assign(p2p.Install(hosts.Get(i), server.Get(0)));
            serverAddresses.push_back(ifs.GetAddress(1));
            addresses.NewNetwork();
        }
        // The server reads all it is given; each client sends its bytes and closes.
        uint64_t received = 0;
        Ptr<Socket> listener = Socket::CreateSocket(server.Get(0), TcpSocketFactory::GetTypeId());
        listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), 9));
        listener->Listen();
        listener->SetAcceptCallback(
            MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
            Callback<void, Ptr<Socket>, const Address&>([&received](Ptr<Socket> s, const Address&) {
                s->SetRecvCallback(Callback<void, Ptr<Socket>>([&received](Ptr<Socket> s) {
                    while (Ptr<Packet> p = s->Recv())
                    {
                        if (p->GetSize() == 0)
                        {
                            break;
                        }
                        received += p->GetSize();
                    }
                }));
            }));
        for (uint32_t i = 0; i < clients; ++i)
        {
            Ptr<Socket> client = Socket::CreateSocket(hosts.Get(i), TcpSocketFactory::GetTypeId());
            Simulator::Schedule(Seconds(0.1 + 0.01 * i), [client, address = serverAddresses[i]]() {
                client->Connect(InetSocketAddress(address, 9));
                client->Send(Create<Packet>(bytes));
                client->Close();
            });
        }
        Simulator::Stop(Seconds(20));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(received, clients * bytes, "every byte arrived");
        NodeContainer all(server, hosts);
        for (uint32_t n = 0; n < all.GetN(); ++n)
        {
            Ptr<TcpInputStage> stage = all.Get(n)->GetObject<TcpInputStage>();
            NS_TEST_ASSERT_MSG_NE(stage, nullptr, "every node has an input stage");
            NS_TEST_ASSERT_MSG_GT(stage->GetDirectDeliveries(), 0, "node " << n << " received");
            NS_TEST_ASSERT_MSG_EQ(stage->GetLookups(),
                                  0,
                                  "node " << n << ": no segment needed ns-3's lookup");
        }
        NS_TEST_ASSERT_MSG_EQ(server.Get(0)->GetObject<TcpInputStage>()->IsCosting(),
                              m_hostModel,
                              "the server's input is costed exactly when it has a host model");
        Simulator::Destroy();
    }

    bool m_hostModel; //!< The server has a host model
};

/// The route cache answers as the node's routing would, and notices changes.
class RouteCacheTest : public TestCase
{
  public:
    RouteCacheTest()
        : TestCase("The route cache gives the static routing's route, asks it once per "
                   "destination, and forgets on a route change")
    {
    }

  private:
    /// @return the route the hub's list routing gives for a destination
    static Ptr<Ipv4Route> Route(Ptr<Node> node, Ipv4Address destination)
    {
        Ipv4Header header;
        header.SetDestination(destination);
        Socket::SocketErrno err;
        return node->GetObject<Ipv4>()->GetRoutingProtocol()->RouteOutput(Create<Packet>(),
                                                                            header,
                                                                            nullptr,
                                                                            err);
    }

    void DoRun() override
    {
        const uint32_t leaves = 10;
        NodeContainer hub(1);
        NodeContainer others(leaves);
        InternetStackHelper().Install(NodeContainer(hub, others));
        Ptr<Ipv4RouteCache> cache = Ipv4RouteCacheHelper().Install(hub.Get(0));
        NS_TEST_ASSERT_MSG_EQ(Ipv4RouteCacheHelper().Install(hub.Get(0)),
                              cache,
                              "a second install keeps the node's cache");
        PointToPointHelper p2p;
        Ipv4AddressHelper addresses("10.3.0.0", "255.255.255.0");
        std::vector<Ipv4Address> leafAddresses;
        for (uint32_t i = 0; i < leaves; ++i)
        {
            leafAddresses.push_back(
                addresses.Assign(p2p.Install(hub.Get(0), others.Get(i))).GetAddress(1));
            addresses.NewNetwork();
        }
        Ptr<Ipv4StaticRouting> staticRouting =
            Ipv4StaticRoutingHelper().GetStaticRouting(hub.Get(0)->GetObject<Ipv4>());
        NS_TEST_ASSERT_MSG_NE(staticRouting, nullptr, "static routing still reachable");
        for (uint32_t round = 0; round < 3; ++round)
        {
            for (uint32_t i = 0; i < leaves; ++i)
            {
                Ptr<Ipv4Route> cached = Route(hub.Get(0), leafAddresses[i]);
                Ipv4Header header;
                header.SetDestination(leafAddresses[i]);
                Socket::SocketErrno err;
                Ptr<Ipv4Route> direct =
                    staticRouting->RouteOutput(Create<Packet>(), header, nullptr, err);
                NS_TEST_ASSERT_MSG_NE(cached, nullptr, "a route");
                NS_TEST_ASSERT_MSG_EQ(cached->GetOutputDevice(),
                                      direct->GetOutputDevice(),
                                      "the static routing's interface");
                NS_TEST_ASSERT_MSG_EQ(cached->GetSource(),
                                      direct->GetSource(),
                                      "the static routing's source");
                NS_TEST_ASSERT_MSG_EQ(cached->GetGateway(),
                                      direct->GetGateway(),
                                      "the static routing's gateway");
            }
        }
        NS_TEST_ASSERT_MSG_EQ(cache->GetMisses(), leaves, "asked once per destination");
        NS_TEST_ASSERT_MSG_EQ(cache->GetHits(), 2 * leaves, "then answered from the cache");

        // A more specific route to leaf 0 through leaf 1's link: the cache
        // must follow the static routing, which now prefers it.
        Ptr<NetDevice> other = Route(hub.Get(0), leafAddresses[1])->GetOutputDevice();
        uint32_t otherInterface = hub.Get(0)->GetObject<Ipv4>()->GetInterfaceForDevice(other);
        staticRouting->AddHostRouteTo(leafAddresses[0], leafAddresses[1], otherInterface);
        Ptr<Ipv4Route> moved = Route(hub.Get(0), leafAddresses[0]);
        NS_TEST_ASSERT_MSG_EQ(moved->GetOutputDevice(), other, "the new route is taken");
        NS_TEST_ASSERT_MSG_EQ(moved->GetGateway(), leafAddresses[1], "through its gateway");
        Simulator::Destroy();
    }
};

/// The socket index and route cache tests.
class TcpHostDeliveryTestSuite : public TestSuite
{
  public:
    TcpHostDeliveryTestSuite()
        : TestSuite("tcp-host-delivery", Type::UNIT)
    {
        AddTestCase(new SocketIndexTest(), Duration::QUICK);
        AddTestCase(new DirectDeliveryTest(false), Duration::QUICK);
        AddTestCase(new DirectDeliveryTest(true), Duration::QUICK);
        AddTestCase(new RouteCacheTest(), Duration::QUICK);
    }
};

/// Static instance of the suite
TcpHostDeliveryTestSuite g_tcpHostDeliveryTestSuite;

} // namespace
