/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-close-harness.h"

#include "ns3/point-to-point-module.h"
#include "ns3/ppp-header.h"

#include <algorithm>
#include <sstream>

namespace ns3
{
namespace closetest
{

namespace
{

const uint16_t PORT = 80;

/// The byte at offset i of a connection's stream in one direction: receivers
/// check every byte, so a byte delivered twice, lost or misplaced shows.
uint8_t
PatternByte(uint32_t id, bool toServer, uint32_t i)
{
    return static_cast<uint8_t>(i * 131 + id * 7 + (toServer ? 3 : 0));
}

} // namespace

bool
WireSegment::Fin() const
{
    return flags & TcpHeader::FIN;
}

bool
WireSegment::Rst() const
{
    return flags & TcpHeader::RST;
}

bool
WireSegment::PureAck() const
{
    return len == 0 && (flags & ~(TcpHeader::PSH | TcpHeader::URG)) == TcpHeader::ACK;
}

std::string
WireSegment::ToString() const
{
    std::ostringstream os;
    os << at.As(Time::MS) << (toServer ? " C>S " : " S>C ") << TcpHeader::FlagsToString(flags)
       << " seq=" << seq << " ack=" << ack << " len=" << len << (dropped ? " DROPPED" : "");
    return os.str();
}

Wire::Wire(bool toServer, std::vector<WireSegment>* log)
    : m_toServer(toServer),
      m_log(log)
{
}

void
Wire::DropNth(SegmentMatch match, uint32_t nth)
{
    m_rules.push_back({std::move(match), nth});
}

void
Wire::DropEvery(SegmentMatch match)
{
    m_dark.push_back(std::move(match));
}

void
Wire::StripOption(uint8_t kind, SegmentMatch match)
{
    m_strips.emplace_back(kind, std::move(match));
}

void
Wire::SetRandomLoss(double p, double closeP, int64_t stream, double synP)
{
    m_p = p;
    m_closeP = closeP;
    m_synP = synP;
    m_uniform = CreateObject<UniformRandomVariable>();
    m_uniform->SetStream(stream);
}

bool
Wire::DoCorrupt(Ptr<Packet> p)
{
    Ptr<Packet> copy = p->Copy();
    PppHeader ppp;
    Ipv4Header ip;
    TcpHeader tcp;
    copy->RemoveHeader(ppp);
    copy->RemoveHeader(ip);
    if (ip.GetProtocol() != TcpL4Protocol::PROT_NUMBER)
    {
        return false;
    }
    copy->RemoveHeader(tcp);
    WireSegment s{Simulator::Now(),
                  m_toServer,
                  tcp.GetFlags(),
                  tcp.GetSequenceNumber().GetValue(),
                  tcp.GetAckNumber().GetValue(),
                  copy->GetSize(),
                  m_toServer ? tcp.GetSourcePort() : tcp.GetDestinationPort(),
                  false};
    for (auto& rule : m_rules)
    {
        if (rule.match(s) && rule.seen++ == rule.nth)
        {
            s.dropped = true;
        }
    }
    for (const auto& dark : m_dark)
    {
        s.dropped = s.dropped || dark(s);
    }
    for (const auto& [kind, strip] : m_strips)
    {
        if (strip(s) && tcp.HasOption(kind))
        {
            // Rebuild the header without the option (checksums are off).
            TcpHeader bare;
            bare.SetSourcePort(tcp.GetSourcePort());
            bare.SetDestinationPort(tcp.GetDestinationPort());
            bare.SetSequenceNumber(tcp.GetSequenceNumber());
            bare.SetAckNumber(tcp.GetAckNumber());
            bare.SetFlags(tcp.GetFlags());
            bare.SetWindowSize(tcp.GetWindowSize());
            bare.SetUrgentPointer(tcp.GetUrgentPointer());
            for (const auto& option : tcp.GetOptionList())
            {
                if (option->GetKind() != kind)
                {
                    bare.AppendOption(option);
                }
            }
            ip.SetPayloadSize(bare.GetSerializedSize() + copy->GetSize());
            copy->AddHeader(bare);
            copy->AddHeader(ip);
            copy->AddHeader(ppp);
            p->RemoveAtStart(p->GetSize());
            p->AddAtEnd(copy);
            break;
        }
    }
    if (!s.dropped && m_uniform)
    {
        double p = m_p + ((s.Fin() || s.Rst() || s.PureAck()) ? m_closeP : 0) +
                   ((s.flags & TcpHeader::SYN) ? m_synP : 0);
        s.dropped = m_uniform->GetValue() < p;
    }
    m_log->push_back(s);
    return s.dropped;
}

void
Wire::DoReset()
{
}

Time
EndRecord::At(TcpSocket::TcpStates_t state) const
{
    for (const auto& [t, s] : states)
    {
        if (s == state)
        {
            return t;
        }
    }
    return Time(-1);
}

Time
EndRecord::TimeWaitAt() const
{
    return At(TcpSocket::TIME_WAIT);
}

Time
EndRecord::ClosedAt() const
{
    return (!states.empty() && states.back().second == TcpSocket::CLOSED) ? states.back().first
                                                                          : Time(-1);
}

bool
EndRecord::Saw(TcpSocket::TcpStates_t s) const
{
    return !At(s).IsStrictlyNegative();
}

TcpSocket::TcpStates_t
EndRecord::Last() const
{
    return states.empty() ? TcpSocket::CLOSED : states.back().second;
}

std::string
EndRecord::StatesString() const
{
    std::ostringstream os;
    for (const auto& [t, s] : states)
    {
        os << TcpSocket::TcpStateName[s] << " ";
    }
    return os.str();
}

bool
EndRecord::KeepsTimeWaitAsPassiveCloser() const
{
    return passiveEnd == TcpClosePolicy::PASSIVE_TIME_WAIT;
}

bool
EndRecord::SkipsTimeWaitAsActiveCloser() const
{
    return !keepsTimeWaitAfterActiveClose;
}

/// The two scripted ends of one connection.
class CloseHarness::Connection
{
  public:
    Connection(CloseHarness* h, uint32_t id, const ConnSpec& spec)
        : m_h(h),
          m_id(id)
    {
        m_rec.spec = spec;
    }

    void Connect()
    {
        m_client = Socket::CreateSocket(m_h->m_clientNode, TcpHostSocketFactory::GetTypeId());
        Watch(m_client, m_rec.client, true);
        m_client->Bind();
        m_client->SetConnectCallback(MakeCallback(&Connection::ClientConnected, this),
                                     MakeCallback(&Connection::ClientFailed, this));
        m_client->SetCloseCallbacks(MakeCallback(&Connection::ClientPeerClosed, this),
                                    MakeCallback(&Connection::ClientFailed, this));
        m_client->SetRecvCallback(MakeCallback(&Connection::ClientRecv, this));
        m_client->SetSendCallback(MakeCallback(&Connection::ClientSendMore, this));
        m_client->Connect(InetSocketAddress(m_h->m_serverAddress, PORT));
        Address local;
        m_client->GetSockName(local);
        m_rec.clientPort = InetSocketAddress::ConvertFrom(local).GetPort();
    }

    void ServerAttach(Ptr<Socket> s)
    {
        m_server = s;
        m_rec.server.states.emplace_back(Simulator::Now(), TcpSocket::ESTABLISHED);
        Watch(s, m_rec.server, false);
        s->SetCloseCallbacks(MakeCallback(&Connection::ServerPeerClosed, this),
                             MakeCallback(&Connection::ServerFailed, this));
        s->SetRecvCallback(MakeCallback(&Connection::ServerRecv, this));
        s->SetSendCallback(MakeCallback(&Connection::ServerSendMore, this));
    }

    /// The client's application closes now, whatever the script's order.
    void CloseClientNow()
    {
        if (m_rec.client.closeCalled)
        {
            return;
        }
        m_rec.client.closeCalled = true;
        m_client->Close();
    }

    /// Note where each end's close policy puts TIME_WAIT, as it answers at
    /// the end of the run (a policy may decide during the connection).
    void NoteClosePolicies()
    {
        for (auto [socket, rec] :
             {std::make_pair(m_client, &m_rec.client), std::make_pair(m_server, &m_rec.server)})
        {
            Ptr<TcpHostSocket> ours = DynamicCast<TcpHostSocket>(socket);
            Ptr<TcpClosePolicy> policy = ours ? ours->GetClosePolicy() : nullptr;
            if (policy)
            {
                rec->passiveEnd = policy->GetPassiveEnd();
                rec->keepsTimeWaitAfterActiveClose = policy->KeepsTimeWaitAfterActiveClose();
            }
        }
    }

    ConnRecord m_rec; //!< What happened

  private:
    /// Follow one end's traces into its record.
    void Watch(Ptr<Socket> s, EndRecord& rec, bool client)
    {
        auto state = client ? &Connection::ClientState : &Connection::ServerState;
        s->TraceConnectWithoutContext("State", MakeCallback(state, this));
        Ptr<TcpHostSocket> ours = DynamicCast<TcpHostSocket>(s);
        rec.ours = ours != nullptr;
        if (ours)
        {
            ours->TraceConnectWithoutContext(
                "ClosePhase",
                MakeCallback(client ? &Connection::ClientSwap : &Connection::ServerSwap, this));
            ours->TraceConnectWithoutContext(
                "TimeWaitExpiry",
                MakeCallback(client ? &Connection::ClientExpiry : &Connection::ServerExpiry, this));
        }
    }

    void ClientState(TcpSocket::TcpStates_t, TcpSocket::TcpStates_t n)
    {
        m_rec.client.states.emplace_back(Simulator::Now(), n);
    }

    void ServerState(TcpSocket::TcpStates_t, TcpSocket::TcpStates_t n)
    {
        m_rec.server.states.emplace_back(Simulator::Now(), n);
    }

    void ClientSwap(TcpHostSocket::ClosePhase, TcpHostSocket::ClosePhase n)
    {
        m_rec.client.swap.push_back(n);
    }

    void ServerSwap(TcpHostSocket::ClosePhase, TcpHostSocket::ClosePhase n)
    {
        m_rec.server.swap.push_back(n);
    }

    void ClientExpiry(Time t)
    {
        m_rec.client.timeWaitExpiry.push_back(t);
    }

    void ServerExpiry(Time t)
    {
        m_rec.server.timeWaitExpiry.push_back(t);
    }

    void ClientConnected(Ptr<Socket> s)
    {
        if (!m_rec.spec.clientCloseAfter.IsStrictlyNegative())
        {
            Simulator::Schedule(m_rec.spec.clientCloseAfter, &Connection::CloseClientNow, this);
        }
        ClientSendMore(s, s->GetTxAvailable());
        CheckResponseComplete();
    }

    void ClientFailed(Ptr<Socket>)
    {
        m_rec.client.errorClose = true;
    }

    void ServerFailed(Ptr<Socket>)
    {
        m_rec.server.errorClose = true;
    }

    /// Send as much of the remaining stream as the buffer takes.
    static void SendMore(Ptr<Socket> s, uint32_t id, bool toServer, uint32_t total, uint32_t& sent)
    {
        while (sent < total && s->GetTxAvailable() > 0)
        {
            uint32_t n = std::min({total - sent, s->GetTxAvailable(), 1400U});
            std::vector<uint8_t> buf(n);
            for (uint32_t i = 0; i < n; ++i)
            {
                buf[i] = PatternByte(id, toServer, sent + i);
            }
            int r = s->Send(Create<Packet>(buf.data(), n));
            if (r <= 0)
            {
                return;
            }
            sent += r;
        }
    }

    /// Read and check everything available.
    void Read(Ptr<Socket> s, EndRecord& rec, bool toServer)
    {
        while (Ptr<Packet> p = s->Recv())
        {
            if (p->GetSize() == 0)
            {
                break;
            }
            std::vector<uint8_t> buf(p->GetSize());
            p->CopyData(buf.data(), buf.size());
            for (uint8_t b : buf)
            {
                rec.rxBad += (b != PatternByte(m_id, toServer, rec.rxBytes++));
            }
        }
    }

    void ClientSendMore(Ptr<Socket> s, uint32_t)
    {
        SendMore(s, m_id, true, m_rec.spec.request, m_clientSent);
    }

    void ServerSendMore(Ptr<Socket> s, uint32_t)
    {
        if (!m_responding)
        {
            return;
        }
        SendMore(s, m_id, false, m_rec.spec.response, m_serverSent);
        if (m_serverSent == m_rec.spec.response && !m_responseQueued)
        {
            m_responseQueued = true;
            if (m_rec.spec.order == CloseOrder::SERVER_FIRST)
            {
                ScheduleClose(false);
            }
        }
    }

    void ClientRecv(Ptr<Socket> s)
    {
        Read(s, m_rec.client, false);
        CheckResponseComplete();
    }

    void CheckResponseComplete()
    {
        if (m_rec.client.rxBytes < m_rec.spec.response || m_responseRead)
        {
            return;
        }
        m_responseRead = true;
        if (m_rec.spec.clientCloseOnRead && m_client && !m_rec.client.closeCalled)
        {
            m_rec.client.closeCalled = true;
            m_client->Close(); // in the callback: the segment may still hold a FIN
        }
        else if (m_rec.spec.order == CloseOrder::CLIENT_FIRST)
        {
            ScheduleClose(true);
        }
        else if (m_rec.spec.order == CloseOrder::SIMULTANEOUS)
        {
            ScheduleClose(true);
            ScheduleClose(false);
        }
    }

    void ServerRecv(Ptr<Socket> s)
    {
        Read(s, m_rec.server, true);
        uint32_t wanted = m_rec.spec.respondAfter ? m_rec.spec.respondAfter : m_rec.spec.request;
        if (m_rec.server.rxBytes >= wanted && !m_responding)
        {
            m_responding = true;
            ServerSendMore(s, s->GetTxAvailable());
        }
    }

    void ClientPeerClosed(Ptr<Socket> s)
    {
        Read(s, m_rec.client, false);
        if (m_rec.spec.order == CloseOrder::SERVER_FIRST)
        {
            ScheduleClose(true);
        }
    }

    void ServerPeerClosed(Ptr<Socket> s)
    {
        Read(s, m_rec.server, true);
        if (m_rec.spec.order == CloseOrder::CLIENT_FIRST)
        {
            ScheduleClose(false);
        }
    }

    void ScheduleClose(bool client)
    {
        EndRecord& rec = client ? m_rec.client : m_rec.server;
        if (rec.closeCalled)
        {
            return;
        }
        rec.closeCalled = true;
        Simulator::Schedule(m_rec.spec.closeDelay, [this, client]() {
            Ptr<Socket> s = client ? m_client : m_server;
            if (s && client && m_rec.spec.clientShutdownOnly)
            {
                s->ShutdownSend();
            }
            else if (s)
            {
                s->Close();
            }
        });
    }

    CloseHarness* m_h;
    uint32_t m_id;
    Ptr<Socket> m_client;
    Ptr<Socket> m_server;
    uint32_t m_clientSent{0};
    uint32_t m_serverSent{0};
    bool m_responding{false};
    bool m_responseQueued{false};
    bool m_responseRead{false};
};

CloseHarness::CloseHarness(const HarnessConfig& config)
    : m_config(config)
{
    m_clientNode = CreateObject<Node>();
    m_serverNode = CreateObject<Node>();
    for (const auto& [end, node] : {std::make_pair(m_config.client, m_clientNode),
                                    std::make_pair(m_config.server, m_serverNode)})
    {
        TcpHostHelper helper;
        helper.SetSocketType(end.socketType);
        helper.SetClosePolicy(end.closePolicy);
        helper.SetSocketAttribute("MaxSegLifetime", DoubleValue(m_config.msl));
        helper.SetSocketAttribute("MinRto", TimeValue(m_config.minRto));
        helper.SetSocketAttribute("SegmentSize", UintegerValue(m_config.segmentSize));
        if (end.socketType == "ns3::TcpHostSocket")
        {
            // The scripts close an end whenever they like and still read all
            // the peer sends, as ns-3's Close() allows: RFC 1122's RST for
            // data after close would end those connections early.
            helper.SetSocketAttribute("ResetDataAfterClose", BooleanValue(false));
        }
        for (const auto& [name, value] : end.attributes)
        {
            helper.SetSocketAttribute(name, StringValue(value));
        }
        helper.SetTimeWaitTableEnabled(end.timeWaitTable);
        for (const auto& [name, value] : end.timeWaitAttributes)
        {
            helper.SetTimeWaitTableAttribute(name, StringValue(value));
        }
        helper.Install(node);
    }
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue(m_config.rate));
    p2p.SetChannelAttribute("Delay", TimeValue(m_config.delay));
    NetDeviceContainer devices = p2p.Install(m_clientNode, m_serverNode);
    m_toServer = CreateObject<Wire>(true, &m_log);
    m_toClient = CreateObject<Wire>(false, &m_log);
    devices.Get(1)->SetAttribute("ReceiveErrorModel", PointerValue(m_toServer));
    devices.Get(0)->SetAttribute("ReceiveErrorModel", PointerValue(m_toClient));
    Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
    Ipv4InterfaceContainer ifs = addresses.Assign(devices);
    m_serverAddress = ifs.GetAddress(1);
    m_clientAddress = ifs.GetAddress(0);

    m_listener = Socket::CreateSocket(m_serverNode, TcpHostSocketFactory::GetTypeId());
    m_listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), PORT));
    m_listener->Listen();
    m_listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                  MakeCallback(&CloseHarness::Accepted, this));
    if (!m_config.listenerCloseAt.IsStrictlyNegative())
    {
        Simulator::Schedule(m_config.listenerCloseAt, &Socket::Close, m_listener);
    }
    // With compact TIME_WAIT an end's socket closes as it enters TIME_WAIT;
    // the record then stands for that end until it goes, and the checks
    // read it as the end's TIME_WAIT.
    for (bool client : {false, true})
    {
        Ptr<Node> node = client ? m_clientNode : m_serverNode;
        if (Ptr<TimeWaitTable> table = node->GetObject<TimeWaitTable>())
        {
            table->TraceConnectWithoutContext(
                "Restarted",
                Callback<void, const TcbKey&, Time>([this, client](const TcbKey& key, Time at) {
                    RecordRestarted(client, key, at);
                }));
            Callback<void, const TcbKey&> ended(
                [this, client](const TcbKey& key) { RecordEnded(client, key); });
            table->TraceConnectWithoutContext("Expired", ended);
            table->TraceConnectWithoutContext("Killed", ended);
        }
    }
}

uint32_t
CloseHarness::RecordsEnded() const
{
    return m_recordsEnded;
}

ConnRecord*
CloseHarness::ByClientPort(uint16_t clientPort)
{
    for (auto& c : m_conns)
    {
        if (c->m_rec.clientPort == clientPort)
        {
            return &c->m_rec;
        }
    }
    return nullptr;
}

void
CloseHarness::RecordRestarted(bool client, const TcbKey& key, Time expiry)
{
    if (ConnRecord* c = ByClientPort(client ? key.localPort : key.peerPort))
    {
        (client ? c->client : c->server).timeWaitExpiry.push_back(expiry);
    }
}

void
CloseHarness::RecordEnded(bool client, const TcbKey& key)
{
    ++m_recordsEnded;
    if (ConnRecord* c = ByClientPort(client ? key.localPort : key.peerPort))
    {
        (client ? c->client : c->server).states.emplace_back(Simulator::Now(), TcpSocket::CLOSED);
    }
}

CloseHarness::~CloseHarness()
{
    Simulator::Destroy();
}

void
CloseHarness::AddConnection(const ConnSpec& spec)
{
    auto id = static_cast<uint32_t>(m_conns.size());
    m_conns.push_back(std::make_unique<Connection>(this, id, spec));
    Simulator::Schedule(spec.start, &Connection::Connect, m_conns.back().get());
}

void
CloseHarness::Accepted(Ptr<Socket> s, const Address& from)
{
    uint16_t port = InetSocketAddress::ConvertFrom(from).GetPort();
    for (auto& c : m_conns)
    {
        if (c->m_rec.clientPort == port)
        {
            c->ServerAttach(s);
            return;
        }
    }
    NS_ABORT_MSG("accepted a connection from an unknown port " << port);
}

void
CloseHarness::Inject(Time at, bool toServer, uint8_t flags, uint32_t seq, uint32_t ack)
{
    Simulator::Schedule(at, [this, toServer, flags, seq, ack]() {
        uint16_t clientPort = m_conns.at(0)->m_rec.clientPort;
        TcpHeader h;
        h.SetSourcePort(toServer ? clientPort : PORT);
        h.SetDestinationPort(toServer ? PORT : clientPort);
        h.SetFlags(flags);
        h.SetSequenceNumber(SequenceNumber32(seq));
        h.SetAckNumber(SequenceNumber32(ack));
        h.SetWindowSize(65535);
        Ptr<Node> from = toServer ? m_clientNode : m_serverNode;
        from->GetObject<TcpL4Protocol>()->SendPacket(Create<Packet>(),
                                                     h,
                                                     toServer ? m_clientAddress : m_serverAddress,
                                                     toServer ? m_serverAddress : m_clientAddress);
    });
}

Ptr<Wire>
CloseHarness::ToServer()
{
    return m_toServer;
}

Ptr<Wire>
CloseHarness::ToClient()
{
    return m_toClient;
}

void
CloseHarness::Run(Time stop)
{
    Simulator::Stop(stop);
    Simulator::Run();
    m_records.clear();
    for (const auto& c : m_conns)
    {
        c->NoteClosePolicies();
        m_records.push_back(c->m_rec);
    }
}

const std::vector<ConnRecord>&
CloseHarness::Connections() const
{
    return m_records;
}

const std::vector<WireSegment>&
CloseHarness::Log() const
{
    return m_log;
}

std::string
CloseHarness::LogString() const
{
    std::ostringstream os;
    for (const auto& s : m_log)
    {
        os << s.ToString() << "\n";
    }
    return os.str();
}

namespace
{

uint32_t
SocketCount(Ptr<Node> node)
{
    ObjectVectorValue sockets;
    node->GetObject<TcpL4Protocol>()->GetAttribute("SocketList", sockets);
    return sockets.GetN();
}

uint32_t
TcbCount(Ptr<Node> node)
{
    Ptr<TcpHostModel> host = node->GetObject<TcpHostModel>();
    return host->GetTcbCount() - host->GetTcbCount(TcpSocket::LISTEN);
}

} // namespace

uint32_t
CloseHarness::ClientSocketsLeft() const
{
    return SocketCount(m_clientNode);
}

uint32_t
CloseHarness::ServerSocketsLeft() const
{
    bool listening = m_config.listenerCloseAt.IsStrictlyNegative();
    return SocketCount(m_serverNode) - (listening ? 1 : 0);
}

uint32_t
CloseHarness::ClientTcbsLeft() const
{
    return TcbCount(m_clientNode);
}

uint32_t
CloseHarness::ServerTcbsLeft() const
{
    return TcbCount(m_serverNode);
}

Ptr<Node>
CloseHarness::ClientNode() const
{
    return m_clientNode;
}

Ptr<Node>
CloseHarness::ServerNode() const
{
    return m_serverNode;
}

Ipv4Address
CloseHarness::ServerAddress() const
{
    return m_serverAddress;
}

Time
CloseHarness::TwoMsl() const
{
    return Seconds(2 * m_config.msl);
}

namespace
{

/// When an end's TIME_WAIT was due to end after its last (re)start, or -1.
Time
TimeWaitDue(const EndRecord& e, Time twoMsl)
{
    if (e.TimeWaitAt().IsStrictlyNegative())
    {
        return Time(-1);
    }
    return e.timeWaitExpiry.empty() ? e.TimeWaitAt() + twoMsl : e.timeWaitExpiry.back();
}

/// Whether an end held TIME_WAIT until its timer expired.
bool
HeldFull(const EndRecord& e, Time twoMsl)
{
    Time due = TimeWaitDue(e, twoMsl);
    return !due.IsStrictlyNegative() && e.ClosedAt() == due;
}

bool
Has(const EndRecord& e, TcpHostSocket::ClosePhase s)
{
    return std::find(e.swap.begin(), e.swap.end(), s) != e.swap.end();
}

} // namespace

std::string
CheckConnection(const ConnRecord& c, Placement placement, Time twoMsl)
{
    std::ostringstream err;
    const EndRecord& cl = c.client;
    const EndRecord& sv = c.server;
    // With a stock peer, what its own defects cause is not held against the
    // suite's end: stock ns-3 may end its close before its own data is
    // acknowledged (LAST_ACK and CLOSING accept any ACK) or abort, so only
    // the bytes the suite's end sends must all arrive (unless the stock end
    // aborted); a stock end that is stuck or skipped TIME_WAIT may leave it
    // nowhere. The suite's end must still end, exactly on its timers.
    bool stockPeer = placement == Placement::ANY_WITH_STOCK_PEER;
    bool toServerChecked = !stockPeer || (cl.ours && !sv.errorClose);
    bool toClientChecked = !stockPeer || (sv.ours && !cl.errorClose);
    if (cl.rxBad || sv.rxBad || cl.rxBytes > c.spec.response || sv.rxBytes > c.spec.request ||
        (toClientChecked && cl.rxBytes != c.spec.response) ||
        (toServerChecked && sv.rxBytes != c.spec.request))
    {
        err << "client read " << cl.rxBytes << " of " << c.spec.response << " bytes (" << cl.rxBad
            << " wrong), server " << sv.rxBytes << " of " << c.spec.request << " (" << sv.rxBad
            << " wrong); ";
    }
    if (!stockPeer && (cl.errorClose || sv.errorClose))
    {
        err << "error close (client " << cl.errorClose << ", server " << sv.errorClose << "); ";
    }
    // Once its application has closed, the suite's end always ends (its
    // timers bound every state); a stock peer that never closes can leave
    // it open before that, as any idle connection.
    auto stuck = [](const EndRecord& e) { return e.Last() != TcpSocket::CLOSED; };
    if ((cl.ours && stuck(cl) && cl.closeCalled) || (sv.ours && stuck(sv) && sv.closeCalled) ||
        (!stockPeer && (stuck(cl) || stuck(sv))))
    {
        err << "stuck: client in " << TcpSocket::TcpStateName[cl.Last()] << ", server in "
            << TcpSocket::TcpStateName[sv.Last()] << "; ";
    }
    bool clientActive = cl.Saw(TcpSocket::FIN_WAIT_1);
    bool serverActive = sv.Saw(TcpSocket::FIN_WAIT_1);
    bool clientFull = HeldFull(cl, twoMsl);
    bool serverFull = HeldFull(sv, twoMsl);
    if (!clientFull && !serverFull && !stockPeer)
    {
        err << "TIME_WAIT held nowhere; ";
    }
    // Who must hold it for the whole 2*MSL.
    bool clientMust = false;
    bool serverMust = false;
    switch (placement)
    {
    case Placement::STANDARD:
        clientMust = clientActive;
        serverMust = serverActive;
        break;
    case Placement::SWAP_AT_CLIENT:
        clientMust = true;
        serverMust = serverActive && clientActive;
        break;
    case Placement::NEGOTIATED_AT_CLIENT:
        clientMust = true;
        break;
    case Placement::ANY_WITH_STOCK_PEER:
        break;
    }
    if (clientMust && !clientFull)
    {
        err << "client did not hold TIME_WAIT for 2*MSL; ";
    }
    if (serverMust && !serverFull)
    {
        err << "server did not hold TIME_WAIT for 2*MSL; ";
    }
    // A TIME_WAIT cut short must have a reason the policy allows.
    for (const auto* e : {&cl, &sv})
    {
        if (!e->ours && stockPeer)
        {
            continue;
        }
        if (e->TimeWaitAt().IsStrictlyNegative() || HeldFull(*e, twoMsl))
        {
            continue;
        }
        bool byRst = Has(*e, TcpHostSocket::ACTIVE_RST_ACCEPTED);
        bool byNegotiation = Has(*e, TcpHostSocket::ACTIVE_NO_TIME_WAIT);
        bool allowed = (stockPeer && byRst) ||
                       (placement == Placement::SWAP_AT_CLIENT && e == &sv && byRst) ||
                       (placement == Placement::NEGOTIATED_AT_CLIENT && e == &sv && byNegotiation);
        if (!allowed)
        {
            err << (e == &cl ? "client" : "server") << " TIME_WAIT cut short; ";
        }
    }
    if (placement == Placement::STANDARD)
    {
        if (!clientActive && !cl.TimeWaitAt().IsStrictlyNegative())
        {
            err << "passive client entered TIME_WAIT; ";
        }
        if (!serverActive && !sv.TimeWaitAt().IsStrictlyNegative())
        {
            err << "passive server entered TIME_WAIT; ";
        }
    }
    if (placement == Placement::NEGOTIATED_AT_CLIENT)
    {
        // The client commits on the server's agreement, the server on the
        // client's confirmation (lost with the handshake's last ACK): an
        // uncommitted server keeps TIME_WAIT as a standard one does.
        if (!cl.KeepsTimeWaitAsPassiveCloser())
        {
            err << "client did not commit to the negotiation; ";
        }
        if (sv.SkipsTimeWaitAsActiveCloser() && !sv.TimeWaitAt().IsStrictlyNegative() &&
            sv.ClosedAt() != sv.TimeWaitAt())
        {
            err << "server held TIME_WAIT despite the negotiation; ";
        }
        if (!sv.SkipsTimeWaitAsActiveCloser() && sv.Saw(TcpSocket::FIN_WAIT_1) &&
            !HeldFull(sv, twoMsl))
        {
            err << "an uncommitted server did not keep TIME_WAIT; ";
        }
    }
    std::string s = err.str();
    if (!s.empty())
    {
        std::ostringstream os;
        os << "port " << c.clientPort << " (request " << c.spec.request << ", response "
           << c.spec.response << ", order " << static_cast<int>(c.spec.order) << ", close delay "
           << c.spec.closeDelay.As(Time::US) << ", client closes after "
           << c.spec.clientCloseAfter.As(Time::US) << "): " << s << "[client: " << cl.StatesString()
           << "| server: " << sv.StatesString() << "]";
        return os.str();
    }
    return s;
}

std::vector<WireSegment>
Select(const std::vector<WireSegment>& log, const SegmentMatch& m)
{
    std::vector<WireSegment> out;
    for (const auto& s : log)
    {
        if (m(s))
        {
            out.push_back(s);
        }
    }
    return out;
}

SegmentMatch
ClientFin()
{
    return [](const WireSegment& s) { return s.toServer && s.Fin(); };
}

SegmentMatch
ServerFin()
{
    return [](const WireSegment& s) { return !s.toServer && s.Fin(); };
}

SegmentMatch
PureAckOf(bool toServer, uint32_t ack)
{
    return
        [=](const WireSegment& s) { return s.toServer == toServer && s.PureAck() && s.ack == ack; };
}

void
DropClientFinsPastTimeWait(CloseHarness& h, uint32_t request)
{
    h.ToClient()->DropNth(PureAckOf(false, request + 2));
    for (uint32_t nth = 1; nth <= 3; ++nth)
    {
        h.ToServer()->DropNth(ClientFin(), nth);
    }
}

namespace
{

/**
 * @brief Check a connection whose server's data and FINs were all lost:
 * the server gives up after its retries, and its RST frees the client.
 * @param c the connection
 * @return what is wrong, empty if nothing
 */
std::string
CheckGivenUp(const ConnRecord& c)
{
    std::ostringstream err;
    bool serverOpen = !c.server.states.empty() && c.server.Last() != TcpSocket::CLOSED;
    if (c.client.Last() != TcpSocket::CLOSED || serverOpen)
    {
        err << "port " << c.clientPort << ": left open [client: " << c.client.StatesString()
            << "| server: " << c.server.StatesString() << "]";
    }
    else if (c.client.Saw(TcpSocket::ESTABLISHED) && !c.server.errorClose)
    {
        err << "port " << c.clientPort << ": the server did not give up";
    }
    return err.str();
}

} // namespace

StressConfig
MakeStressConfig(const std::string& name, Placement placement)
{
    StressConfig c;
    c.name = name;
    c.placement = placement;
    // 2*MSL at least the longest retransmission interval (ns-3 caps the
    // RTO at 60 s), as RFC 793's 2 minutes are: a FIN retransmitted after
    // the peer's TIME_WAIT has ended meets no TCB.
    c.harness.msl = 60;
    return c;
}

CloseStressTestCase::CloseStressTestCase(const StressConfig& config)
    : TestCase(config.name),
      m_config(config)
{
}

void
CloseStressTestCase::DoRun()
{
    RngSeedManager::SetSeed(11);
    RngSeedManager::SetRun(1);
    HarnessConfig config = m_config.harness;
    if (m_config.configure)
    {
        m_config.configure(config);
    }
    CloseHarness h(config);
    Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
    u->SetStream(100);
    Time start = MilliSeconds(100);
    for (uint32_t i = 0; i < m_config.connections; ++i)
    {
        ConnSpec s;
        start += MilliSeconds(u->GetInteger(1, 40));
        s.start = start;
        s.request = u->GetInteger(1, 5000);
        s.response = u->GetInteger(0, 30000);
        double order = u->GetValue();
        s.order = order < 0.6    ? CloseOrder::SERVER_FIRST
                  : order < 0.85 ? CloseOrder::CLIENT_FIRST
                                 : CloseOrder::SIMULTANEOUS;
        s.closeDelay = u->GetValue() < 0.5 ? Time(0) : MicroSeconds(u->GetInteger(0, 50000));
        if (u->GetValue() < 0.1)
        {
            s.clientCloseAfter = MicroSeconds(u->GetInteger(0, 100000));
        }
        h.AddConnection(s);
    }
    h.ToServer()->SetRandomLoss(m_config.loss, m_config.closeLoss, 101, m_config.synLoss);
    h.ToClient()->SetRandomLoss(m_config.loss, m_config.closeLoss, 102, m_config.synLoss);
    uint16_t darkPorts = m_config.darkPorts;
    auto dark = [darkPorts](uint16_t port) { return darkPorts && port % darkPorts == 0; };
    h.ToClient()->DropEvery([dark](const WireSegment& s) {
        return dark(s.clientPort) && !s.Rst() && !(s.flags & TcpHeader::SYN) &&
               (s.len > 0 || s.Fin());
    });
    h.Run(start + Seconds(1200));

    uint32_t failed = 0;
    uint32_t serverFirst = 0;
    uint32_t rstFreed = 0;
    uint32_t committed = 0;
    std::ostringstream first;
    uint32_t givenUp = 0;
    uint32_t neverOpened = 0;
    for (const auto& c : h.Connections())
    {
        // A client whose SYNs (or the SYN+ACKs) were all lost gives up
        // too (ConnCount attempts): no close to check, only that it ended.
        bool unopened = !c.client.Saw(TcpSocket::ESTABLISHED);
        neverOpened += unopened;
        bool gaveUp = dark(c.clientPort) || unopened;
        givenUp += dark(c.clientPort);
        std::string problems =
            gaveUp ? CheckGivenUp(c) : CheckConnection(c, m_config.placement, h.TwoMsl());
        if (!problems.empty() && failed++ < 5)
        {
            first << problems << "\n";
        }
        if (gaveUp)
        {
            continue;
        }
        committed += c.server.SkipsTimeWaitAsActiveCloser();
        if (c.server.Saw(TcpSocket::FIN_WAIT_1) && !c.client.Saw(TcpSocket::FIN_WAIT_1))
        {
            ++serverFirst;
            rstFreed += std::count(c.server.swap.begin(),
                                   c.server.swap.end(),
                                   TcpHostSocket::ACTIVE_RST_ACCEPTED);
        }
    }
    // Per connection, a server that keeps TIME_WAIT is never wrong; that
    // the swap close does free the server is a matter of how often.
    double freed = serverFirst ? double(rstFreed) / serverFirst : 0;
    NS_TEST_ASSERT_MSG_GT_OR_EQ(freed, m_config.minRstFreed, "swap RSTs accepted too rarely");
    NS_TEST_ASSERT_MSG_LT_OR_EQ(freed, m_config.maxRstFreed, "swap RSTs accepted too often");
    // Likewise how often the negotiation commits the server (it does when
    // the handshake's last ACK, with the confirmation, arrives).
    double committedShare = double(committed) / h.Connections().size();
    NS_TEST_ASSERT_MSG_GT_OR_EQ(committedShare,
                                m_config.minCommitted,
                                "servers committed to the negotiation too rarely");
    NS_TEST_ASSERT_MSG_EQ((givenUp > 0), (darkPorts > 0), "connections that gave up");
    if (Ptr<TimeWaitTable> table = h.ServerNode()->GetObject<TimeWaitTable>())
    {
        // The records held the server's TIME_WAIT (not its sockets), and
        // answered the FINs resent under loss.
        uint32_t serverTimeWaits = 0;
        for (const auto& c : h.Connections())
        {
            serverTimeWaits += c.server.Saw(TcpSocket::TIME_WAIT);
        }
        NS_TEST_ASSERT_MSG_GT(serverTimeWaits, 0, "servers kept TIME_WAIT");
        NS_TEST_ASSERT_MSG_EQ(h.RecordsEnded(), serverTimeWaits, "each in a record");
        NS_TEST_ASSERT_MSG_GT(table->GetAcksSent(), 0, "resent FINs answered from records");
        NS_TEST_ASSERT_MSG_EQ(table->GetCount(), 0, "no record left");
    }
    NS_TEST_ASSERT_MSG_LT(neverOpened, h.Connections().size() / 100, "connections not opened");
    NS_TEST_ASSERT_MSG_EQ(failed,
                          0,
                          "connections that broke a guarantee, first ones:\n"
                              << first.str());
    // Nothing leaks: the suite's ends hold a socket and a TCB only for a
    // connection still open (a stock peer that never closed, which
    // CheckConnection allows); a stuck stock end keeps its own socket.
    uint32_t clientOpen = 0;
    uint32_t serverOpen = 0;
    for (const auto& c : h.Connections())
    {
        clientOpen += c.client.ours && c.client.Last() != TcpSocket::CLOSED;
        serverOpen += c.server.ours && c.server.Last() != TcpSocket::CLOSED;
    }
    bool clientOurs = m_config.harness.client.socketType == "ns3::TcpHostSocket";
    bool serverOurs = m_config.harness.server.socketType == "ns3::TcpHostSocket";
    NS_TEST_ASSERT_MSG_EQ((clientOurs ? h.ClientSocketsLeft() : clientOpen),
                          clientOpen,
                          "client TCP lists sockets of closed connections");
    NS_TEST_ASSERT_MSG_EQ((serverOurs ? h.ServerSocketsLeft() : serverOpen),
                          serverOpen,
                          "server TCP lists sockets of closed connections");
    NS_TEST_ASSERT_MSG_EQ(h.ClientTcbsLeft(), clientOpen, "client host model lists TCBs");
    NS_TEST_ASSERT_MSG_EQ(h.ServerTcbsLeft(), serverOpen, "server host model lists TCBs");
}

ClosePathTestCase::ClosePathTestCase(const std::string& name,
                                     Placement placement,
                                     const ConnSpec& spec)
    : TestCase(name),
      m_placement(placement),
      m_spec(spec)
{
}

void
ClosePathTestCase::Configure(HarnessConfig& config)
{
}

Time
ClosePathTestCase::TwoMsl() const
{
    return Seconds(2);
}

void
ClosePathTestCase::DoRun()
{
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(1);
    HarnessConfig config;
    config.msl = 1;
    Configure(config);
    CloseHarness h(config);
    ConnSpec spec = m_spec;
    spec.start = MilliSeconds(100);
    h.AddConnection(spec);
    Drops(h);
    h.Run(Seconds(600));
    const ConnRecord& c = h.Connections().at(0);
    std::string problems = CheckConnection(c, m_placement, TwoMsl());
    NS_TEST_ASSERT_MSG_EQ(problems, "", "close path broken; wire:\n" << h.LogString());
    NS_TEST_ASSERT_MSG_EQ(h.ClientSocketsLeft(), 0, "client TCP still lists a socket");
    NS_TEST_ASSERT_MSG_EQ(h.ServerSocketsLeft(), 0, "server TCP still lists a socket");
    NS_TEST_ASSERT_MSG_EQ(h.ClientTcbsLeft(), 0, "client host model still lists a TCB");
    NS_TEST_ASSERT_MSG_EQ(h.ServerTcbsLeft(), 0, "server host model still lists a TCB");
    Check(c, h.Log());
}

} // namespace closetest
} // namespace ns3
