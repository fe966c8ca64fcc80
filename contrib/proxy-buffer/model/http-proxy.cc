/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "http-proxy.h"

#include "e2atbt-send-buffer.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/http-file-set.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/tcp-host-socket-factory.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/type-id-check.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HttpProxy");

NS_OBJECT_ENSURE_REGISTERED(HttpProxy);

TypeId
HttpProxy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HttpProxy")
            .SetParent<Application>()
            .SetGroupName("ProxyBuffer")
            .AddConstructor<HttpProxy>()
            .AddAttribute("Port",
                          "TCP port clients connect to.",
                          UintegerValue(8080),
                          MakeUintegerAccessor(&HttpProxy::m_port),
                          MakeUintegerChecker<uint16_t>())
            .AddAttribute("Protocol",
                          "The socket factory to get sockets from (a TcpSocketFactory): the "
                          "suite's TcpHostSocketFactory by default.",
                          TypeIdValue(TcpHostSocketFactory::GetTypeId()),
                          MakeTypeIdAccessor(&HttpProxy::m_protocol),
                          MakeTypeIdChecker())
            .AddAttribute("UpstreamBufferPolicy",
                          "The TcpBufferPolicy type of connections to origin servers, which "
                          "mostly receive (for example ns3::WindowFollowingRcvBuf); empty: "
                          "the one the socket factory gives every socket.",
                          StringValue(""),
                          MakeStringAccessor(&HttpProxy::SetUpstreamBufferPolicy,
                                             &HttpProxy::GetUpstreamBufferPolicy),
                          MakeStringChecker())
            .AddAttribute("RequestBuffer",
                          "Bytes of the buffers that carry only requests: a client "
                          "connection's receive buffer and an upstream connection's send "
                          "buffer (0: the socket factory's sizes).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&HttpProxy::m_requestBuffer),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("HitRatio",
                          "Probability that a request is answered from the cache.",
                          DoubleValue(0.5),
                          MakeDoubleAccessor(&HttpProxy::m_hitRatio),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute(
                "Admission",
                "What happens when the manager's MaxConnections are open: Refuse the "
                "new connection, or EvictIdle (close the oldest idle one for it).",
                EnumValue(HttpProxy::REFUSE),
                MakeEnumAccessor<Admission>(&HttpProxy::m_admission),
                MakeEnumChecker(HttpProxy::REFUSE, "Refuse", HttpProxy::EVICT_IDLE, "EvictIdle"))
            .AddAttribute("ClientAbort",
                          "What becomes of a request at an origin whose client closes: Abort "
                          "(close the upstream connection with it: nginx's default, "
                          "proxy_ignore_client_abort off) or Ignore (let it finish there and "
                          "read its response for no one: proxy_ignore_client_abort on).",
                          EnumValue(HttpProxy::ABORT),
                          MakeEnumAccessor<ClientAbort>(&HttpProxy::m_clientAbort),
                          MakeEnumChecker(HttpProxy::ABORT, "Abort", HttpProxy::IGNORE, "Ignore"))
            .AddAttribute("ReverseTo",
                          "A reverse proxy's origin: requests in origin form (GET /path) go to "
                          "this origin (a name given to AddOrigin), as nginx's proxy_pass sends "
                          "them; empty: only the absolute form (GET http://origin/path).",
                          StringValue(""),
                          MakeStringAccessor(&HttpProxy::m_reverseTo),
                          MakeStringChecker())
            .AddAttribute("Store",
                          "The cached documents' sizes, by path.",
                          PointerValue(),
                          MakePointerAccessor(&HttpProxy::m_store),
                          MakePointerChecker<HttpDocumentStore>())
            .AddAttribute("Manager",
                          "The persistent-connection manager (one is made if none is given).",
                          PointerValue(),
                          MakePointerAccessor(&HttpProxy::m_manager),
                          MakePointerChecker<PersistentConnectionManager>())
            .AddTraceSource("Request",
                            "A request was served: its duration at the proxy, the response's "
                            "bytes, whether it was a hit.",
                            MakeTraceSourceAccessor(&HttpProxy::m_requestTrace),
                            "ns3::HttpProxy::RequestTracedCallback")
            .AddTraceSource("Pair",
                            "A client connection was paired at E2-ATBT with the upstream "
                            "connection that feeds it (ids at the allocator; upstream 0: "
                            "unpaired).",
                            MakeTraceSourceAccessor(&HttpProxy::m_pairTrace),
                            "ns3::HttpProxy::PairTracedCallback")
            .AddTraceSource("ClientAbort",
                            "A client closed its connection while its request was at an origin: "
                            "how long after the request came, and whether the upstream "
                            "connection was closed with it.",
                            MakeTraceSourceAccessor(&HttpProxy::m_clientAbortTrace),
                            "ns3::HttpProxy::ClientAbortTracedCallback");
    return tid;
}

HttpProxy::HttpProxy()
    : m_hit(CreateObject<UniformRandomVariable>())
{
    NS_LOG_FUNCTION(this);
}

HttpProxy::~HttpProxy()
{
    NS_LOG_FUNCTION(this);
}

void
HttpProxy::DoDispose()
{
    m_listener = nullptr;
    m_down.clear();
    m_up.clear();
    m_idleUp.clear();
    m_manager = nullptr;
    m_store = nullptr;
    Application::DoDispose();
}

int64_t
HttpProxy::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    m_hit->SetStream(stream);
    return 1;
}

void
HttpProxy::AddOrigin(const std::string& name, InetSocketAddress address)
{
    NS_ABORT_MSG_IF(name.empty(), "HttpProxy::AddOrigin: empty name");
    m_origins.insert_or_assign(name, address);
}

const HttpProxy::Stats&
HttpProxy::GetStats() const
{
    return m_stats;
}

Ptr<PersistentConnectionManager>
HttpProxy::GetManager() const
{
    return m_manager;
}

void
HttpProxy::StartApplication()
{
    NS_ABORT_MSG_IF(!m_store, "HttpProxy: no Store");
    NS_ABORT_MSG_IF(!m_reverseTo.empty() && !m_origins.count(m_reverseTo),
                    "HttpProxy: ReverseTo '" << m_reverseTo << "' is no origin (AddOrigin)");
    if (!m_manager)
    {
        m_manager = CreateObject<PersistentConnectionManager>();
    }
    m_listener = TcpHostSocketFactory::CreateSocketFrom(GetNode(), m_protocol);
    if (m_requestBuffer > 0)
    {
        m_listener->SetAttribute("RcvBufSize", UintegerValue(m_requestBuffer)); // forked too
    }
    NS_ABORT_MSG_IF(m_listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_port)) != 0,
                    "HttpProxy: cannot bind port " << m_port);
    m_listener->Listen();
    m_listener->SetAcceptCallback(MakeCallback(&HttpProxy::AcceptRequest, this),
                                  MakeCallback(&HttpProxy::Accepted, this));
}

void
HttpProxy::StopApplication()
{
    if (m_listener)
    {
        m_listener->Close();
    }
}

bool
HttpProxy::Admit()
{
    bool room = m_manager->HasRoom() || (m_admission == EVICT_IDLE && m_manager->MakeRoom());
    if (room)
    {
        m_manager->Reserve(); // until the handshake is over
    }
    return room;
}

bool
HttpProxy::AcceptRequest(Ptr<Socket> /* socket */, const Address& /* from */)
{
    if (Admit())
    {
        return true;
    }
    ++m_stats.refused;
    return false;
}

void
HttpProxy::Accepted(Ptr<Socket> socket, const Address& /* from */)
{
    Downstream& d = m_down[socket];
    d.key = PersistentConnectionManager::KeyOf(socket);
    m_manager->Register(d.key,
                        Callback<void>([this, socket]() { CloseDownstream(socket); }),
                        socket,
                        PersistentConnectionManager::TO_CLIENT,
                        true);
    socket->SetRecvCallback(MakeCallback(&HttpProxy::DownReceived, this));
    socket->SetSendCallback(MakeCallback(&HttpProxy::DownSpace, this));
    socket->SetCloseCallbacks(MakeCallback(&HttpProxy::DownClosed, this),
                              MakeCallback(&HttpProxy::DownClosed, this));
    m_manager->Idle(d.key); // until its first request
}

void
HttpProxy::DownReceived(Ptr<Socket> socket)
{
    auto it = m_down.find(socket);
    while (Ptr<Packet> packet = socket->Recv())
    {
        if (packet->GetSize() == 0 || it == m_down.end())
        {
            break;
        }
        Downstream& d = it->second;
        if (d.closeAfter || d.parser.GetError() != HttpParser::NONE)
        {
            continue; // ending: ignore what follows
        }
        d.parser.Feed(packet);
        while (d.parser.HasRequest())
        {
            d.pending.push_back(d.parser.PopRequest());
        }
    }
    if (it != m_down.end())
    {
        ServeNext(socket);
    }
}

void
HttpProxy::ServeNext(Ptr<Socket> socket)
{
    Downstream& d = m_down.at(socket);
    if (d.busy || d.closeAfter)
    {
        return;
    }
    if (d.pending.empty())
    {
        if (d.parser.GetError() != HttpParser::NONE)
        {
            ++m_stats.badRequests;
            m_manager->Active(d.key);
            d.busy = true;
            d.closeAfter = true;
            HttpResponse error(d.parser.GetErrorStatus());
            error.SetHeader("Connection", "close");
            Answer(socket, error);
        }
        return;
    }
    HttpRequest request = d.pending.front();
    d.pending.pop_front();
    d.busy = true;
    d.started = Simulator::Now();
    d.sent = 0;
    d.hit = false;
    m_manager->Active(d.key);
    ++m_stats.requests;
    d.closeAfter = request.ClosesConnection();

    // Absolute form: http://origin/path (RFC 9112 section 3.2.2).
    const std::string& target = request.GetTarget();
    const std::string scheme = "http://";
    size_t slash = target.find('/', scheme.size());
    std::string origin;
    std::string path;
    if (target.compare(0, scheme.size(), scheme) == 0 && slash != std::string::npos)
    {
        origin = target.substr(scheme.size(), slash - scheme.size());
        path = target.substr(slash);
    }
    else if (!m_reverseTo.empty() && !target.empty() && target[0] == '/')
    {
        origin = m_reverseTo; // origin form, to the reverse proxy's origin
        path = target;
    }
    if (origin.empty() || !m_origins.count(origin) ||
        (request.GetMethod() != "GET" && request.GetMethod() != "HEAD"))
    {
        ++m_stats.badRequests;
        Answer(socket, HttpResponse(origin.empty() || m_origins.count(origin) ? 400 : 502));
        return;
    }
    if (m_hit->GetValue() < m_hitRatio)
    {
        ++m_stats.hits;
        d.hit = true;
        std::optional<uint64_t> size = m_store->GetSize(path);
        HttpResponse response(size ? 200 : 404);
        response.SetBodyLength(size && request.GetMethod() == "GET" ? *size : 0);
        Answer(socket, response);
        return;
    }
    ++m_stats.misses;
    std::string upstreamRequest =
        request.GetMethod() + " " + path + " HTTP/1.1\r\nHost: " + origin + "\r\n\r\n";
    if (!Forward(socket, origin, upstreamRequest))
    {
        ++m_stats.unavailable;
        Answer(socket, HttpResponse(503));
    }
}

void
HttpProxy::Answer(Ptr<Socket> socket, HttpResponse response)
{
    Downstream& d = m_down.at(socket);
    ClientHead(socket, response);
    response.SetHeader("Content-Length", std::to_string(response.GetBodyLength()));
    d.head = response.SerializeHead();
    d.body = response.GetBodyLength();
    SendLocal(socket);
}

void
HttpProxy::ClientHead(Ptr<Socket> socket, HttpResponse& response)
{
    // The origin's keep-alive or close is about its connection to the
    // proxy; relayed to the client, a close would leave it waiting for
    // one the proxy never makes.
    response.RemoveConnectionFields();
    response.SetVersion("HTTP/1.1");
    if (m_down.at(socket).closeAfter)
    {
        response.SetHeader("Connection", "close");
    }
}

void
HttpProxy::SendLocal(Ptr<Socket> socket)
{
    Downstream& d = m_down.at(socket);
    while (!d.head.empty() || d.body > 0)
    {
        uint32_t room = socket->GetTxAvailable();
        if (room == 0)
        {
            return; // DownSpace resumes
        }
        int sent = 0;
        if (!d.head.empty())
        {
            uint32_t n = std::min<size_t>(room, d.head.size());
            sent = socket->Send(reinterpret_cast<const uint8_t*>(d.head.data()), n, 0);
            if (sent > 0)
            {
                d.head.erase(0, sent);
            }
        }
        else
        {
            uint32_t n = std::min<uint64_t>(room, d.body);
            sent = socket->Send(Create<Packet>(n)); // the body: zeros
            if (sent > 0)
            {
                d.body -= sent;
            }
        }
        if (sent <= 0)
        {
            return;
        }
        d.sent += sent;
        m_stats.bytesToClients += sent;
    }
    RequestDone(socket);
}

bool
HttpProxy::Forward(Ptr<Socket> socket, const std::string& origin, const std::string& request)
{
    Ptr<Socket> up;
    auto& idle = m_idleUp[origin];
    if (!idle.empty())
    {
        up = idle.front(); // the most recently idle: its window is the freshest
        idle.pop_front();
        m_manager->Active(m_up.at(up).key);
        ++m_stats.upstreamReused;
    }
    else
    {
        if (!Admit())
        {
            return false;
        }
        up = TcpHostSocketFactory::CreateSocketFrom(GetNode(), m_protocol);
        if (m_upstreamPolicy != TypeId())
        {
            up->SetAttribute("BufferPolicy", TypeIdValue(m_upstreamPolicy));
        }
        if (m_requestBuffer > 0)
        {
            up->SetAttribute("SndBufSize", UintegerValue(m_requestBuffer));
        }
        Upstream& u = m_up[up];
        u.origin = origin;
        up->SetConnectCallback(MakeCallback(&HttpProxy::UpConnected, this),
                               MakeCallback(&HttpProxy::UpFailed, this));
        up->SetRecvCallback(MakeCallback(&HttpProxy::UpReceived, this));
        up->SetCloseCallbacks(MakeCallback(&HttpProxy::UpPeerClosed, this),
                              MakeCallback(&HttpProxy::UpClosed, this));
        // No Bind() first: connect() chooses the local port, through the
        // node's LocalPortAllocator if it has one (Linux's choice).
        if (up->Connect(m_origins.at(origin)) != 0)
        {
            // No local port towards the origin (EADDRNOTAVAIL) or no route.
            m_up.erase(up);
            m_manager->CancelReservation();
            ++m_stats.upstreamConnectErrors;
            return false; // answered 503
        }
        ++m_stats.upstreamOpened;
    }
    Upstream& u = m_up.at(up);
    u.downstream = socket;
    u.parser.ExpectResponseTo(request.substr(0, request.find(' ')));
    m_down.at(socket).upstream = up;
    if (u.connected)
    {
        Pair(socket, up);
        up->Send(reinterpret_cast<const uint8_t*>(request.data()), request.size(), 0);
    }
    else
    {
        u.request = request;
    }
    return true;
}

void
HttpProxy::UpConnected(Ptr<Socket> up)
{
    if (!m_up.count(up))
    {
        return; // closed during its handshake
    }
    Upstream& u = m_up.at(up);
    u.connected = true;
    u.key = PersistentConnectionManager::KeyOf(up);
    m_manager->Register(u.key,
                        Callback<void>([this, up]() { CloseUpstream(up); }),
                        up,
                        PersistentConnectionManager::TO_ORIGIN,
                        true);
    if (u.downstream)
    {
        Pair(u.downstream, up);
    }
    if (!u.request.empty())
    {
        up->Send(reinterpret_cast<const uint8_t*>(u.request.data()), u.request.size(), 0);
        u.request.clear();
    }
}

void
HttpProxy::UpFailed(Ptr<Socket> up)
{
    if (!m_up.count(up))
    {
        return; // closed during its handshake: forgotten then
    }
    m_manager->CancelReservation();
    Ptr<Socket> down = m_up.at(up).downstream;
    m_up.erase(up);
    if (down && m_down.count(down))
    {
        m_down.at(down).upstream = nullptr;
        ++m_stats.unavailable;
        Answer(down, HttpResponse(502));
    }
}

void
HttpProxy::UpReceived(Ptr<Socket> up)
{
    auto it = m_up.find(up);
    if (it != m_up.end() && it->second.downstream)
    {
        Relay(up);
    }
    else if (it != m_up.end() && it->second.orphaned)
    {
        Discard(up);
    }
    else
    {
        while (Ptr<Packet> p = up->Recv()) // an idle connection: nothing is expected
        {
            if (p->GetSize() == 0)
            {
                break;
            }
        }
    }
}

void
HttpProxy::Relay(Ptr<Socket> up)
{
    Upstream& u = m_up.at(up);
    Ptr<Socket> down = u.downstream;
    while (SendToClient(up))
    {
        uint32_t room = down->GetTxAvailable();
        if (room == 0)
        {
            return; // the client's connection is full: DownSpace resumes
        }
        Ptr<Packet> p = up->Recv(room, 0);
        if (!p || p->GetSize() == 0)
        {
            break;
        }
        m_stats.bytesFromOrigins += p->GetSize();
        u.toClient = ForClient(up, p);
    }
    if (u.toClient)
    {
        return; // DownSpace resumes
    }
    std::optional<HttpResponse> response = FinishedResponse(up);
    if (!response)
    {
        return;
    }
    if (u.endedByClose)
    {
        m_down.at(down).closeAfter = true; // relayed as it came: the close delimits it
    }
    u.downstream = nullptr;
    m_down.at(down).upstream = nullptr;
    Pair(down, nullptr);
    UpstreamDone(up, response->ClosesConnection() || u.peerClosed);
    RequestDone(down);
}

Ptr<Packet>
HttpProxy::ForClient(Ptr<Socket> up, Ptr<Packet> bytes)
{
    Upstream& u = m_up.at(up);
    std::vector<uint8_t> data(bytes->GetSize());
    bytes->CopyData(data.data(), data.size());
    Ptr<Packet> out;
    size_t at = 0;
    while (at < data.size() && u.parser.GetError() == HttpParser::NONE)
    {
        bool head = u.parser.InHead();
        size_t n = u.parser.FeedPart(data.data() + at, data.size() - at);
        Ptr<Packet> part;
        if (!head)
        {
            part = n == data.size() ? bytes : bytes->CreateFragment(at, n); // body: as it came
        }
        else if (u.parser.HeadEnded())
        {
            HttpResponse response = u.parser.GetLastResponseHead();
            ClientHead(u.downstream, response);
            std::string rebuilt = response.SerializeHead();
            part = Create<Packet>(reinterpret_cast<const uint8_t*>(rebuilt.data()), rebuilt.size());
        }
        if (part && out)
        {
            out->AddAtEnd(part);
        }
        else if (part)
        {
            out = part;
        }
        at += n;
    }
    return out; // null if the bytes were only part of a head, or malformed
}

bool
HttpProxy::SendToClient(Ptr<Socket> up)
{
    Upstream& u = m_up.at(up);
    Ptr<Socket> down = u.downstream;
    while (u.toClient)
    {
        uint32_t room = down->GetTxAvailable();
        if (room == 0)
        {
            return false;
        }
        uint32_t size = u.toClient->GetSize();
        Ptr<Packet> part = u.toClient;
        if (room < size)
        {
            part = u.toClient->CreateFragment(0, room); // Send keeps the packet it is given
            u.toClient->RemoveAtStart(room);
        }
        else
        {
            u.toClient = nullptr;
        }
        uint32_t n = part->GetSize();
        int sent = down->Send(part);
        NS_ABORT_MSG_IF(sent != int(n), "HttpProxy: the client's room shrank");
        m_stats.bytesToClients += sent;
        m_down.at(down).sent += sent;
    }
    return true;
}

std::optional<HttpResponse>
HttpProxy::FinishedResponse(Ptr<Socket> up)
{
    Upstream& u = m_up.at(up);
    bool drained = u.peerClosed && up->GetRxAvailable() == 0;
    if (drained && !u.parser.HasFinalResponse())
    {
        u.parser.EndOfStream(); // a body the close delimits ends here
        u.endedByClose = u.parser.HasFinalResponse();
    }
    if (u.parser.GetError() != HttpParser::NONE || (drained && !u.parser.HasFinalResponse()))
    {
        NS_LOG_INFO("response from " << u.origin << " malformed or cut by its close");
        CloseUpstream(up); // and the client's, whose response is cut
        return std::nullopt;
    }
    if (!u.parser.HasFinalResponse())
    {
        return std::nullopt;
    }
    return u.parser.PopResponse();
}

void
HttpProxy::Discard(Ptr<Socket> up)
{
    Upstream& u = m_up.at(up);
    while (Ptr<Packet> p = up->Recv())
    {
        if (p->GetSize() == 0)
        {
            break;
        }
        u.parser.Feed(p);
        m_stats.bytesFromOrigins += p->GetSize();
    }
    std::optional<HttpResponse> response = FinishedResponse(up);
    if (!response)
    {
        return;
    }
    u.orphaned = false;
    ++m_stats.responsesDiscarded;
    UpstreamDone(up, response->ClosesConnection() || u.peerClosed);
}

void
HttpProxy::UpstreamDone(Ptr<Socket> up, bool closes)
{
    if (closes)
    {
        CloseUpstream(up);
        return;
    }
    Upstream& u = m_up.at(up);
    m_idleUp[u.origin].push_front(up);
    m_manager->Idle(u.key);
}

void
HttpProxy::RequestDone(Ptr<Socket> socket)
{
    Downstream& d = m_down.at(socket);
    d.busy = false;
    m_requestTrace(Simulator::Now() - d.started, d.sent, d.hit);
    if (d.closeAfter)
    {
        CloseDownstream(socket);
        return;
    }
    m_manager->Idle(d.key); // its policy may close it at once
    if (m_down.count(socket))
    {
        ServeNext(socket);
    }
}

void
HttpProxy::DownSpace(Ptr<Socket> socket, uint32_t /* available */)
{
    auto it = m_down.find(socket);
    if (it == m_down.end() || !it->second.busy)
    {
        return;
    }
    if (it->second.upstream)
    {
        Relay(it->second.upstream);
    }
    else
    {
        SendLocal(socket);
    }
}

void
HttpProxy::DownClosed(Ptr<Socket> socket)
{
    auto it = m_down.find(socket);
    Ptr<Socket> up = it != m_down.end() ? it->second.upstream : nullptr;
    if (up && m_up.count(up))
    {
        // The client has given up on a request that is at an origin.
        ++m_stats.clientAborts;
        NS_LOG_INFO("client gone " << (Simulator::Now() - it->second.started).As(Time::S)
                                   << " after its request, " << it->second.sent
                                   << " bytes of the response relayed");
        m_clientAbortTrace(Simulator::Now() - it->second.started, m_clientAbort == ABORT);
        if (m_clientAbort == IGNORE)
        {
            // Left to finish: CloseDownstream no longer sees it.
            Pair(socket, nullptr);
            it->second.upstream = nullptr;
            m_up.at(up).downstream = nullptr;
            m_up.at(up).toClient = nullptr;
            m_up.at(up).orphaned = true;
            if (m_up.at(up).connected)
            {
                // What Relay left in the socket for want of room would wait
                // for the origin's next segment, which may never come.
                Discard(up);
            }
        }
    }
    CloseDownstream(socket); // and, under Abort, the upstream connection with it
}

void
HttpProxy::UpClosed(Ptr<Socket> up)
{
    CloseUpstream(up);
}

void
HttpProxy::UpPeerClosed(Ptr<Socket> up)
{
    auto it = m_up.find(up);
    if (it == m_up.end() || !(it->second.downstream || it->second.orphaned))
    {
        CloseUpstream(up); // idle: nothing is owed
        return;
    }
    // ns-3 tells of the FIN when it arrives, before the application has
    // read what came before it: the response's bytes still in the socket
    // are the client's. Read on; the end of the stream may end the body.
    it->second.peerClosed = true;
    if (it->second.downstream)
    {
        Relay(up);
    }
    else
    {
        Discard(up);
    }
}

void
HttpProxy::CloseDownstream(Ptr<Socket> socket)
{
    auto it = m_down.find(socket);
    if (it == m_down.end())
    {
        return;
    }
    Ptr<Socket> up = it->second.upstream;
    m_manager->Unregister(it->second.key);
    m_down.erase(it);
    socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
    socket->Close();
    if (up)
    {
        CloseUpstream(up); // its response has nowhere to go
    }
}

void
HttpProxy::CloseUpstream(Ptr<Socket> up)
{
    auto it = m_up.find(up);
    if (it == m_up.end())
    {
        return;
    }
    Upstream u = it->second;
    m_up.erase(it);
    m_idleUp[u.origin].remove(up);
    if (u.connected)
    {
        m_manager->Unregister(u.key);
    }
    else
    {
        m_manager->CancelReservation(); // closed during its handshake
    }
    up->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
    up->Close();
    if (u.downstream && m_down.count(u.downstream))
    {
        CloseDownstream(u.downstream); // its response is cut: the client sees the close
    }
}

void
HttpProxy::SetUpstreamBufferPolicy(std::string name)
{
    if (name.empty())
    {
        m_upstreamPolicy = TypeId();
        return;
    }
    TypeId tid;
    NS_ABORT_MSG_UNLESS(LookupTypeOf(name, TcpBufferPolicy::GetTypeId(), &tid),
                        "HttpProxy::UpstreamBufferPolicy: '" << name
                                                             << "' is not a TcpBufferPolicy type");
    m_upstreamPolicy = tid;
}

std::string
HttpProxy::GetUpstreamBufferPolicy() const
{
    return m_upstreamPolicy == TypeId() ? "" : m_upstreamPolicy.GetName();
}

void
HttpProxy::Pair(Ptr<Socket> down, Ptr<Socket> up)
{
    Ptr<E2AtbtSendBuffer> downPolicy = E2AtbtSendBuffer::Of(down);
    if (!downPolicy || downPolicy->GetConnectionId() == 0)
    {
        return;
    }
    // The upstream connection must be under the allocator too (its receive
    // buffer: E2AtbtRcvBuffer), or there is nothing to cap by.
    Ptr<E2AtbtSendBuffer> upPolicy = E2AtbtSendBuffer::Of(up);
    uint32_t upId = upPolicy ? upPolicy->GetConnectionId() : 0;
    if (up && upId == 0)
    {
        NS_LOG_WARN("upstream connection not under E2-ATBT: the client's send buffer is not "
                    "capped by it (UpstreamBufferPolicy ns3::E2AtbtRcvBuffer does)");
    }
    downPolicy->GetAllocator()->Pair(downPolicy->GetConnectionId(), upId);
    m_pairTrace(downPolicy->GetConnectionId(), upId);
}

} // namespace ns3
