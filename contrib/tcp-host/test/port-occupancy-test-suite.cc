/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The ports a node's tables hold towards a destination (PortOccupancy),
// which LocalPortAllocator passes over without a lookup: they must follow
// the tables' keys exactly. A port left marked after its key went would
// make connect() fail where a port is free (tcp-host-local-ports' TIME_WAIT
// cases go red then); one never marked only costs lookups, which these
// cases catch.

#include "ns3/internet-stack-helper.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/tcp-socket-index.h"
#include "ns3/test.h"
#include "ns3/time-wait-table.h"

using namespace ns3;

namespace
{

const Ipv4Address LOCAL("10.0.0.1");  //!< The node's address
const Ipv4Address ORIGIN("10.0.1.1"); //!< A destination's address
const Ipv4Address OTHER("10.0.2.1");  //!< Another destination's address

/// The index's ports: its keys before and after the watch, replaced keys, bound ports.
class IndexPortsTest : public TestCase
{
  public:
    IndexPortsTest()
        : TestCase("TcpSocketIndex: the ports towards a destination follow its keys; bound ports "
                   "by address")
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
        auto listener = reinterpret_cast<TcpHostSocket*>(0x40);

        index->Update(a, TcbKey{LOCAL, 40000, ORIGIN, 80}); // listed before the watch
        index->Update(b, TcbKey{LOCAL, 40001, OTHER, 80});  // another destination
        const PortOccupancy::Ports& ports = index->PortsTowards(LOCAL, ORIGIN, 80);
        NS_TEST_EXPECT_MSG_EQ(ports.test(40000), true, "a key listed before the watch");
        NS_TEST_EXPECT_MSG_EQ(ports.count(), 1, "only this destination's");

        index->Update(c, TcbKey{LOCAL, 40002, ORIGIN, 80});
        NS_TEST_EXPECT_MSG_EQ(ports.test(40002), true, "a key listed after the watch");
        index->Update(b, TcbKey{LOCAL, 40003, ORIGIN, 81});
        NS_TEST_EXPECT_MSG_EQ(ports.count(), 2, "another port of the peer is not this destination");

        // c moves to a's key, then a leaves: c still holds the port.
        index->Update(c, TcbKey{LOCAL, 40000, ORIGIN, 80});
        NS_TEST_EXPECT_MSG_EQ(ports.test(40002), false, "c's old key is free");
        index->Remove(a);
        NS_TEST_EXPECT_MSG_EQ(ports.test(40000), true, "a socket leaves only its own key");
        index->Remove(c);
        NS_TEST_EXPECT_MSG_EQ(ports.none(), true, "every key gone");
        NS_TEST_EXPECT_MSG_EQ(&index->PortsTowards(LOCAL, ORIGIN, 80),
                              &ports,
                              "one set of ports per destination");

        NS_TEST_EXPECT_MSG_EQ(index->BoundPorts(Ipv4Address::GetAny()), nullptr, "nothing bound");
        index->Update(listener, TcbKey{Ipv4Address::GetAny(), 40004, Ipv4Address::GetAny(), 0});
        // test-runner goes on after a failed check: no null dereferenced
        const PortOccupancy::Ports* bound = index->BoundPorts(Ipv4Address::GetAny());
        NS_TEST_EXPECT_MSG_EQ(bound && bound->test(40004), true, "a listener's port, any address");
        NS_TEST_EXPECT_MSG_EQ(ports.test(40004), false, "not a connection's");
        NS_TEST_EXPECT_MSG_EQ(index->BoundPorts(LOCAL), nullptr, "nothing bound to the address");
        index->Update(listener, TcbKey{LOCAL, 40005, Ipv4Address::GetAny(), 0});
        NS_TEST_EXPECT_MSG_EQ(bound && bound->test(40004), false, "the listener moved");
        const PortOccupancy::Ports* boundLocal = index->BoundPorts(LOCAL);
        NS_TEST_EXPECT_MSG_EQ(boundLocal && boundLocal->test(40005), true, "to the address");
        index->Remove(listener);
        NS_TEST_EXPECT_MSG_EQ(boundLocal && boundLocal->none(), true, "the listener gone");
    }
};

/// The TIME_WAIT table's ports: records entered, and the record's expiry.
class TimeWaitPortsTest : public TestCase
{
  public:
    TimeWaitPortsTest()
        : TestCase("TimeWaitTable: the ports towards a destination follow its records, to their "
                   "expiry")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Node> node = CreateObject<Node>();
        InternetStackHelper().Install(node);
        Ptr<TimeWaitTable> table = CreateObject<TimeWaitTable>();
        table->SetAttribute("Duration", TimeValue(Seconds(10)));
        node->AggregateObject(table);

        const TimeWaitTable::Record record;
        table->Enter(TcbKey{LOCAL, 40000, ORIGIN, 80}, record); // before the watch
        const PortOccupancy::Ports& ports = table->PortsTowards(LOCAL, ORIGIN, 80);
        NS_TEST_EXPECT_MSG_EQ(ports.test(40000), true, "a record entered before the watch");
        Simulator::Schedule(Seconds(5), [table]() {
            table->Enter(TcbKey{LOCAL, 40001, ORIGIN, 80}, TimeWaitTable::Record{});
            table->Enter(TcbKey{LOCAL, 40002, OTHER, 80}, TimeWaitTable::Record{});
        });
        bool between[2] = {false, false};
        Simulator::Schedule(Seconds(7), [&]() {
            between[0] = ports.test(40000);
            between[1] = ports.test(40001);
        });
        bool first[2] = {true, false};
        Simulator::Schedule(Seconds(12), [&]() {
            first[0] = ports.test(40000);
            first[1] = ports.test(40001);
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(between[0] && between[1], true, "both records held at 7 s");
        NS_TEST_EXPECT_MSG_EQ(first[0], false, "the first record expired at 10 s");
        NS_TEST_EXPECT_MSG_EQ(first[1], true, "the second one not yet");
        NS_TEST_EXPECT_MSG_EQ(ports.none(), true, "both expired at the end");
        NS_TEST_EXPECT_MSG_EQ(table->GetCount(), 0, "no record left");
        Simulator::Destroy();
    }
};

/// The suite.
class PortOccupancyTestSuite : public TestSuite
{
  public:
    PortOccupancyTestSuite()
        : TestSuite("tcp-host-port-occupancy", Type::UNIT)
    {
        AddTestCase(new IndexPortsTest(), Duration::QUICK);
        AddTestCase(new TimeWaitPortsTest(), Duration::QUICK);
    }
};

/// Static instance.
PortOccupancyTestSuite g_portOccupancyTestSuite;

} // namespace
