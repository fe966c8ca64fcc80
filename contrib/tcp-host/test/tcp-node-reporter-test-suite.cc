/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Unit tests of TcpNodeReporter on its own: a node's objects told of a TCB
// by hand (no connection): what the host model counts, what the socket
// index lists, what a shared pool charges, and a node without them.

#include "ns3/enum.h"
#include "ns3/node.h"
#include "ns3/socket-memory.h"
#include "ns3/tcp-host-model.h"
#include "ns3/tcp-host-socket.h"
#include "ns3/tcp-node-reporter.h"
#include "ns3/tcp-socket-index.h"
#include "ns3/test.h"
#include "ns3/time-wait-table.h"

using namespace ns3;

namespace
{

/// A connection's 4-tuple, local end first.
const TcbKey KEY{Ipv4Address("10.0.0.1"), 80, Ipv4Address("10.0.0.2"), 49152};

/// The host's objects of a node, aggregated to it.
struct HostObjects
{
    /// @param accounting what the node's socket memory counts
    explicit HostObjects(SocketMemory::Accounting accounting)
    {
        memory->SetAttribute("Accounting", EnumValue(accounting));
        node->AggregateObject(model);
        node->AggregateObject(index);
        node->AggregateObject(memory);
        node->AggregateObject(table);
    }

    Ptr<Node> node = CreateObject<Node>();                      //!< The node
    Ptr<TcpHostModel> model = CreateObject<TcpHostModel>();     //!< Its host model
    Ptr<TcpSocketIndex> index = CreateObject<TcpSocketIndex>(); //!< Its socket index
    Ptr<SocketMemory> memory = CreateObject<SocketMemory>();    //!< Its socket memory
    Ptr<TimeWaitTable> table = CreateObject<TimeWaitTable>();   //!< Its TIME_WAIT records
};

/// A TCB's life told to a node with every object of the host.
class ReportTest : public TestCase
{
  public:
    ReportTest()
        : TestCase("a TCB reported is counted by the host model in its state and listed by the "
                   "index under its 4-tuple, its data charged to a shared pool, and forgotten by "
                   "both when it goes")
    {
    }

  private:
    void DoRun() override
    {
        HostObjects host(SocketMemory::SHARED);
        Ptr<TcpHostSocket> socket = CreateObject<TcpHostSocket>();
        TcpNodeReporter reporter;
        reporter.LookUp(host.node);
        reporter.Report(PeekPointer(socket), KEY, TcpSocket::ESTABLISHED);
        NS_TEST_ASSERT_MSG_EQ(host.model->GetTcbCount(TcpSocket::ESTABLISHED), 1, "counted");
        NS_TEST_ASSERT_MSG_EQ(host.index->FindExact(KEY), PeekPointer(socket), "listed");
        reporter.Report(PeekPointer(socket), KEY, TcpSocket::TIME_WAIT);
        NS_TEST_ASSERT_MSG_EQ(host.model->GetTcbCount(TcpSocket::TIME_WAIT), 1, "moved");
        NS_TEST_ASSERT_MSG_EQ(host.model->GetTcbCount(), 1, "still one TCB");
        NS_TEST_ASSERT_MSG_EQ(reporter.GetSharedPool(), host.memory, "a shared pool");
        reporter.ReportData(PeekPointer(socket), 1500);
        NS_TEST_ASSERT_MSG_EQ(host.memory->GetDataMemory(), 1500, "its data charged");
        NS_TEST_ASSERT_MSG_EQ(reporter.GetTimeWaitTable(host.node), host.table, "the records");
        reporter.Forget(PeekPointer(socket));
        NS_TEST_ASSERT_MSG_EQ(host.model->GetTcbCount(), 0, "forgotten by the model");
        NS_TEST_ASSERT_MSG_EQ(host.index->GetSize(), 0, "and by the index");
        NS_TEST_ASSERT_MSG_EQ(host.memory->GetDataMemory(), 0, "its data released");
        reporter.Dispose();
        NS_TEST_ASSERT_MSG_EQ(reporter.GetTimeWaitTable(host.node), nullptr, "none kept alive");
    }
};

/// What a node without the host's objects, or with only some, is told.
class PartialNodeTest : public TestCase
{
  public:
    PartialNodeTest()
        : TestCase("a node without a host model is told nothing; a memory that counts TCBs only "
                   "is not charged data; the node's objects are looked up once")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpHostSocket> socket = CreateObject<TcpHostSocket>();
        Ptr<Node> bare = CreateObject<Node>();
        TcpNodeReporter plain;
        plain.LookUp(bare);
        plain.Report(PeekPointer(socket), KEY, TcpSocket::ESTABLISHED);
        NS_TEST_ASSERT_MSG_EQ(plain.GetSharedPool(), nullptr, "no pool");
        NS_TEST_ASSERT_MSG_EQ(plain.GetTimeWaitTable(bare), nullptr, "no records");
        Ptr<TcpHostModel> late = CreateObject<TcpHostModel>();
        bare->AggregateObject(late);
        plain.Report(PeekPointer(socket), KEY, TcpSocket::ESTABLISHED);
        NS_TEST_ASSERT_MSG_EQ(late->GetTcbCount(),
                              0,
                              "looked up once: a model added later is not told");

        HostObjects tcbOnly(SocketMemory::TCB_ONLY);
        TcpNodeReporter reporter;
        reporter.LookUp(tcbOnly.node);
        reporter.Report(PeekPointer(socket), KEY, TcpSocket::ESTABLISHED);
        NS_TEST_ASSERT_MSG_EQ(reporter.GetSharedPool(), nullptr, "not a shared pool");
        reporter.ReportData(PeekPointer(socket), 1500);
        NS_TEST_ASSERT_MSG_EQ(tcbOnly.memory->GetDataMemory(), 0, "no data charged");
        reporter.Forget(PeekPointer(socket));
    }
};

} // namespace

/// TcpNodeReporter test suite.
class TcpNodeReporterTestSuite : public TestSuite
{
  public:
    TcpNodeReporterTestSuite()
        : TestSuite("tcp-host-node-reporter", Type::UNIT)
    {
        AddTestCase(new ReportTest(), Duration::QUICK);
        AddTestCase(new PartialNodeTest(), Duration::QUICK);
    }
};

static TcpNodeReporterTestSuite
    g_tcpNodeReporterTestSuite; //!< Static variable for test initialization
