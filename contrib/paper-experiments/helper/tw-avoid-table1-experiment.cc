/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tw-avoid-table1-experiment.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/program-input.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-host-model.h"
#include "ns3/tcp-host-socket-factory.h"
#include "ns3/tcp-input-stage.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/time-wait-table.h"
#include "ns3/tw-avoid-helper.h"
#include "ns3/uinteger.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TwAvoidTable1Experiment");

namespace
{

constexpr uint16_t BULK_PORT = 5001;
constexpr uint16_t DUMMY_PORT = 9;
constexpr uint32_t EPHEMERAL_PORTS = 65535 - 49152;

/// The state of one run: nodes, sockets, counters and the phase logic.
class Table1Run
{
  public:
    explicit Table1Run(const TwAvoidTable1Config& c)
        : m_c(c)
    {
    }

    TwAvoidTable1Result Run();

  private:
    void Build();
    void ConnectClients();
    void StartDummyPhase();
    void OpenDummyConnection();
    void DummyPeerClosed(Ptr<Socket> socket);
    void DummyAccepted(Ptr<Socket> socket, const Address& from);
    void StartTransfer();
    void StartClient(uint32_t i);
    void FillClient(Ptr<Socket> socket, uint32_t available);
    void SinkRx(Ptr<const Packet> packet, const Address& from);
    Ptr<TcpInputStage> ServerInputStage() const;

    TwAvoidTable1Config m_c;
    std::unique_ptr<TwAvoidTestbed> m_testbed;
    NodeContainer m_nodes; // 0 server, 1 and 2 bulk clients, 3 the TIME_WAIT loader
    Ipv4Address m_serverAddress;
    std::array<Ipv4Address, 2> m_clientAddress;
    std::array<Ptr<Socket>, 2> m_clientSocket;
    std::array<Time, 2> m_clientStart;
    std::array<uint64_t, 2> m_clientBytes{};
    Ptr<Socket> m_dummyListener;
    uint32_t m_dummyOpened{0};
    uint32_t m_dummyClosed{0};
    Time m_transferStart;
    Time m_serverBusyAtStart;
    Ptr<UniformRandomVariable> m_clientJitter;
    Ptr<ExponentialRandomVariable> m_dummyGap;
    TwAvoidTable1Result m_result;
};

void
Table1Run::Build()
{
    std::vector<TwAvoidHelper::Role> roles(4,
                                           m_c.swapClose ? TwAvoidHelper::CLIENT
                                                         : TwAvoidHelper::SERVER);
    roles[0] = TwAvoidHelper::SERVER;
    m_testbed = std::make_unique<TwAvoidTestbed>(m_c.testbed, roles);
    m_nodes = m_testbed->GetNodes();
    m_serverAddress = m_testbed->GetAddress(0);
    m_clientAddress = {m_testbed->GetAddress(1), m_testbed->GetAddress(2)};

    // Listeners first: they are the oldest TCBs, at the tail of the server's list.
    PacketSinkHelper sink("ns3::TcpHostSocketFactory",
                          InetSocketAddress(Ipv4Address::GetAny(), BULK_PORT));
    ApplicationContainer sinkApp = sink.Install(m_nodes.Get(0));
    sinkApp.Start(Seconds(0));
    sinkApp.Get(0)->TraceConnectWithoutContext("Rx", MakeCallback(&Table1Run::SinkRx, this));

    m_dummyListener = Socket::CreateSocket(m_nodes.Get(0), TcpHostSocketFactory::GetTypeId());
    m_dummyListener->Bind(InetSocketAddress(Ipv4Address::GetAny(), DUMMY_PORT));
    m_dummyListener->Listen();
    m_dummyListener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                       MakeCallback(&Table1Run::DummyAccepted, this));

    m_clientJitter = CreateObject<UniformRandomVariable>();
    m_clientJitter->SetAttribute("Min", DoubleValue(0));
    m_clientJitter->SetAttribute("Max", DoubleValue(0.005));
    m_clientJitter->SetStream(1);
    m_dummyGap = CreateObject<ExponentialRandomVariable>();
    m_dummyGap->SetAttribute("Mean", DoubleValue(0.0002));
    m_dummyGap->SetStream(2);
    m_testbed->AssignStreams(3);
}

void
Table1Run::ConnectClients()
{
    for (uint32_t i = 0; i < 2; ++i)
    {
        m_clientSocket[i] =
            Socket::CreateSocket(m_nodes.Get(1 + i), TcpHostSocketFactory::GetTypeId());
        m_clientSocket[i]->Bind();
        m_clientSocket[i]->Connect(InetSocketAddress(m_serverAddress, BULK_PORT));
    }
}

void
Table1Run::DummyAccepted(Ptr<Socket> socket, const Address& /* from */)
{
    // The server ends each short connection, as an HTTP/1.0 server does.
    socket->Close();
}

void
Table1Run::StartDummyPhase()
{
    if (m_c.timeWaitTcbs == 0)
    {
        Simulator::Schedule(MilliSeconds(10), &Table1Run::StartTransfer, this);
        return;
    }
    for (uint32_t i = 0; i < m_c.dummyConcurrency && m_dummyOpened < m_c.timeWaitTcbs; ++i)
    {
        Simulator::Schedule(Seconds(m_dummyGap->GetValue()), &Table1Run::OpenDummyConnection, this);
        ++m_dummyOpened;
    }
}

void
Table1Run::OpenDummyConnection()
{
    Ptr<Socket> s = Socket::CreateSocket(m_nodes.Get(3), TcpHostSocketFactory::GetTypeId());
    s->Bind();
    s->SetCloseCallbacks(MakeCallback(&Table1Run::DummyPeerClosed, this),
                         MakeNullCallback<void, Ptr<Socket>>());
    s->Connect(InetSocketAddress(m_serverAddress, DUMMY_PORT));
}

void
Table1Run::DummyPeerClosed(Ptr<Socket> socket)
{
    // The server's FIN arrived: close our end (a swap close on a CLIENT host),
    // after the TCP that told us has finished its own work.
    Simulator::ScheduleNow(&Socket::Close, socket);
    ++m_dummyClosed;
    if (m_dummyOpened < m_c.timeWaitTcbs)
    {
        ++m_dummyOpened;
        Simulator::Schedule(Seconds(m_dummyGap->GetValue()), &Table1Run::OpenDummyConnection, this);
    }
    else if (m_dummyClosed == m_c.timeWaitTcbs)
    {
        // Let the last closing handshakes (and RSTs) finish.
        Simulator::Schedule(MilliSeconds(100), &Table1Run::StartTransfer, this);
    }
}

void
Table1Run::StartTransfer()
{
    m_transferStart = Simulator::Now();
    Ptr<TcpHostModel> server = m_nodes.Get(0)->GetObject<TcpHostModel>();
    Ptr<TcpHostModel> dummy = m_nodes.Get(3)->GetObject<TcpHostModel>();
    if (server)
    {
        // TIME_WAIT in TCBs, or in compact records where the hosts keep them.
        auto timeWait = [](Ptr<Node> node) {
            Ptr<TimeWaitTable> table = node->GetObject<TimeWaitTable>();
            return node->GetObject<TcpHostModel>()->GetTcbCount(TcpSocket::TIME_WAIT) +
                   (table ? table->GetCount() : 0);
        };
        m_result.serverTimeWait = timeWait(m_nodes.Get(0));
        m_result.serverTcbs = server->GetTcbCount();
        m_result.dummyHostTimeWait = timeWait(m_nodes.Get(3));
        if (m_result.serverTimeWait + m_result.dummyHostTimeWait < m_c.timeWaitTcbs)
        {
            // Loading took longer than 2*MSL: the first TIME_WAIT TCBs expired.
            NS_LOG_WARN("only " << m_result.serverTimeWait + m_result.dummyHostTimeWait << " of "
                                << m_c.timeWaitTcbs << " TIME_WAIT TCBs left at the transfer");
        }
    }
    if (Ptr<TcpInputStage> input = ServerInputStage())
    {
        m_serverBusyAtStart = input->GetBusyTime();
    }
    for (uint32_t i = 0; i < 2; ++i)
    {
        m_clientStart[i] = m_transferStart + Seconds(m_clientJitter->GetValue());
        Simulator::Schedule(m_clientStart[i] - Simulator::Now(), &Table1Run::StartClient, this, i);
    }
    Simulator::Stop(MilliSeconds(5) + m_c.transferTime + MilliSeconds(1));
}

void
Table1Run::StartClient(uint32_t i)
{
    m_clientSocket[i]->SetSendCallback(MakeCallback(&Table1Run::FillClient, this));
    FillClient(m_clientSocket[i], m_clientSocket[i]->GetTxAvailable());
}

void
Table1Run::FillClient(Ptr<Socket> socket, uint32_t /* available */)
{
    uint32_t chunk = m_c.testbed.segmentSize * 8;
    while (socket->GetTxAvailable() > 0)
    {
        uint32_t size = std::min(chunk, socket->GetTxAvailable());
        if (socket->Send(Create<Packet>(size)) < 0)
        {
            break;
        }
    }
}

void
Table1Run::SinkRx(Ptr<const Packet> packet, const Address& from)
{
    Ipv4Address source = InetSocketAddress::ConvertFrom(from).GetIpv4();
    for (uint32_t i = 0; i < 2; ++i)
    {
        if (source == m_clientAddress[i] && !m_clientStart[i].IsZero() &&
            Simulator::Now() <= m_clientStart[i] + m_c.transferTime)
        {
            m_clientBytes[i] += packet->GetSize();
        }
    }
}

Ptr<TcpInputStage>
Table1Run::ServerInputStage() const
{
    return m_testbed->GetInputStage(0);
}

TwAvoidTable1Result
Table1Run::Run()
{
    Build();
    Simulator::Schedule(MilliSeconds(10), &Table1Run::ConnectClients, this);
    Simulator::Schedule(MilliSeconds(100), &Table1Run::StartDummyPhase, this);
    Simulator::Run();

    double seconds = m_c.transferTime.GetSeconds();
    double sum = 0;
    for (uint32_t i = 0; i < 2; ++i)
    {
        m_result.clientMbps[i] = m_clientBytes[i] * 8.0 / seconds / 1e6;
        sum += m_result.clientMbps[i];
    }
    m_result.meanMbps = sum / 2;
    if (Ptr<TcpInputStage> input = ServerInputStage())
    {
        Time busy = input->GetBusyTime() - m_serverBusyAtStart;
        m_result.serverCpuBusy =
            busy.GetSeconds() / (Simulator::Now() - m_transferStart).GetSeconds();
        m_result.serverDrops = input->GetDrops();
    }
    m_result.events = Simulator::GetEventCount();
    m_result.simulatedSeconds = Simulator::Now().GetSeconds();
    Simulator::Destroy();
    return m_result;
}

} // namespace

std::string
TwAvoidTable1Config::Validate() const
{
    std::ostringstream why;
    // The server's TCB memory must hold them (plus listeners and clients).
    UintegerValue limit;
    UintegerValue bytesPerTcb;
    Ptr<SocketMemory> memory = CreateObject<SocketMemory>();
    memory->GetAttribute("Limit", limit);
    memory->GetAttribute("BytesPerTcb", bytesPerTcb);
    uint64_t poolTcbs =
        bytesPerTcb.Get() == 0 || limit.Get() == 0 ? UINT64_MAX : limit.Get() / bytesPerTcb.Get();
    if (timeWaitTcbs > EPHEMERAL_PORTS)
    {
        why << "at most " << EPHEMERAL_PORTS << " TIME_WAIT TCBs (one ephemeral port each)";
    }
    else if (testbed.hostModel && timeWaitTcbs + 4 > poolTcbs)
    {
        why << timeWaitTcbs << " TIME_WAIT TCBs do not fit the server's TCB memory (" << poolTcbs
            << " TCBs; see SocketMemory::Limit)";
    }
    else if (std::string problem =
                 SimulatedTimeProblem("the transfer time", transferTime.GetSeconds());
             !problem.empty())
    {
        why << problem;
    }
    else if (!transferTime.IsStrictlyPositive())
    {
        why << "the transfer time must be positive";
    }
    else if (dummyConcurrency == 0)
    {
        why << "dummyConcurrency must be at least 1";
    }
    else
    {
        return testbed.Validate();
    }
    return why.str();
}

TwAvoidTable1Experiment::TwAvoidTable1Experiment(const TwAvoidTable1Config& config)
    : m_config(config)
{
    std::string problem = config.Validate();
    RequireValid("TwAvoidTable1Experiment", problem);
}

TwAvoidTable1Result
TwAvoidTable1Experiment::Run()
{
    Table1Run run(m_config);
    return run.Run();
}

} // namespace ns3
