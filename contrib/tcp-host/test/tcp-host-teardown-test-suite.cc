/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// A node with the host model is freed when the simulation is destroyed.
// ns-3 frees an aggregate only when no Ptr holds any of its objects, so a
// member that keeps a Ptr to another member of its own node (the host
// model to the node's SocketMemory, say) keeps the whole node, and what it
// owns, alive for ever: harmless for one run, a leak per host in Python or
// in test-runner, which run many simulations in one process. One case per
// host profile, each with a connection opened and closed.

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/tcp-host-module.h"

using namespace ns3;

namespace
{

/// Aggregated to a node: counts the aggregates that were deleted.
class TeardownSentinel : public Object
{
  public:
    /// @return the object TypeId
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::TcpHostTeardownSentinel").SetParent<Object>();
        return tid;
    }

    /// @param deleted counter this sentinel increments when it is deleted
    explicit TeardownSentinel(uint32_t* deleted)
        : m_deleted(deleted)
    {
    }

    ~TeardownSentinel() override
    {
        ++*m_deleted;
    }

  private:
    uint32_t* m_deleted; //!< Incremented at deletion
};

/**
 * @ingroup tcp-host-tests
 * @brief Two hosts of one profile, a connection between them opened,
 * carrying data and closed; after Simulator::Destroy both nodes are freed.
 */
class TeardownTestCase : public TestCase
{
  public:
    /// @param profile the host profile both nodes take
    /// @param socketsOutlive the application holds its sockets past Simulator::Destroy
    TeardownTestCase(const std::string& profile, bool socketsOutlive)
        : TestCase("both nodes of profile " + profile + " are freed at Simulator::Destroy" +
                   (socketsOutlive ? ", once sockets held past it go" : "")),
          m_profile(profile),
          m_socketsOutlive(socketsOutlive)
    {
    }

  private:
    void DoRun() override
    {
        uint32_t deleted = 0;
        uint64_t received = 0;
        std::vector<Ptr<Socket>> kept; // sockets an application holds on to
        {
            NodeContainer nodes(2);
            for (uint32_t i = 0; i < 2; ++i)
            {
                nodes.Get(i)->AggregateObject(CreateObject<TeardownSentinel>(&deleted));
            }
            PointToPointHelper link;
            link.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
            link.SetChannelAttribute("Delay", StringValue("5ms"));
            NetDeviceContainer devices = link.Install(nodes);
            TcpHostHelper stack;
            stack.SetProfile(m_profile);
            stack.Install(nodes);
            Ipv4InterfaceContainer interfaces =
                Ipv4AddressHelper("10.1.0.0", "255.255.255.0").Assign(devices);

            // The second node reads all it is given; the first sends its bytes and closes.
            Ptr<Socket> listener =
                Socket::CreateSocket(nodes.Get(1), TcpSocketFactory::GetTypeId());
            listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), 80));
            listener->Listen();
            listener->SetAcceptCallback(
                MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                Callback<void, Ptr<Socket>, const Address&>(
                    [&received](Ptr<Socket> s, const Address&) {
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
            Ptr<Socket> client = Socket::CreateSocket(nodes.Get(0), TcpSocketFactory::GetTypeId());
            Simulator::Schedule(Seconds(0.1), [client, address = interfaces.GetAddress(1)]() {
                client->Connect(InetSocketAddress(address, 80));
                client->Send(Create<Packet>(20000));
                client->Close();
            });
            Simulator::Stop(Seconds(10));
            Simulator::Run();
            if (m_socketsOutlive)
            {
                kept = {client, listener};
            }
        }
        Simulator::Destroy();
        // Released after the nodes were disposed: as they go they report to
        // their node's host model, which must not take its memory back.
        kept.clear();
        NS_TEST_ASSERT_MSG_EQ(received, 20000, "the connection carried its data");
        NS_TEST_ASSERT_MSG_EQ(deleted,
                              2,
                              "a node of profile " << m_profile
                                                   << " outlived the simulation (a Ptr cycle "
                                                      "inside its aggregate)");
    }

    std::string m_profile; //!< The host profile
    bool m_socketsOutlive; //!< Sockets held past Simulator::Destroy
};

/**
 * @ingroup tcp-host-tests
 * @brief Every host profile's nodes are freed at the end of a simulation.
 */
class TcpHostTeardownTestSuite : public TestSuite
{
  public:
    TcpHostTeardownTestSuite()
        : TestSuite("tcp-host-teardown", Type::UNIT)
    {
        for (const std::string& profile : TcpHostProfile::List())
        {
            AddTestCase(new TeardownTestCase(profile, false), Duration::QUICK);
            AddTestCase(new TeardownTestCase(profile, true), Duration::QUICK);
        }
    }
};

/// The suite's instance
TcpHostTeardownTestSuite g_tcpHostTeardownTestSuite;

} // namespace
