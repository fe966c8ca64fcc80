/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "http-server.h"

#include "http-file-set.h"
#include "http-output-buffer.h"

#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/host-cpu.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/tcp-host-socket-factory.h"
#include "ns3/tcp-listen-queue.h"
#include "ns3/tcp-socket-extensions.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <sstream>
#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HttpServer");

NS_OBJECT_ENSURE_REGISTERED(HttpServer);

namespace
{
constexpr uint32_t MAX_CHUNK = 65536; //!< Largest packet handed to the socket at once
} // namespace

TypeId
HttpServer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HttpServer")
            .SetParent<Application>()
            .SetGroupName("Http")
            .AddConstructor<HttpServer>()
            .AddAttribute("Protocol",
                          "The socket factory to get sockets from (a TcpSocketFactory): the "
                          "suite's TcpHostSocketFactory by default.",
                          TypeIdValue(TcpHostSocketFactory::GetTypeId()),
                          MakeTypeIdAccessor(&HttpServer::m_protocol),
                          MakeTypeIdChecker())
            .AddAttribute("Port",
                          "TCP port to listen on.",
                          UintegerValue(80),
                          MakeUintegerAccessor(&HttpServer::m_port),
                          MakeUintegerChecker<uint16_t>())
            .AddAttribute("Timeout",
                          "Time the server waits for a request on a connection it has just "
                          "taken, and for the rest of a request that has begun to arrive "
                          "(Apache's Timeout default: 300 s).",
                          TimeValue(Seconds(300)),
                          MakeTimeAccessor(&HttpServer::m_timeout),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("KeepAliveTimeout",
                          "Time the server waits, after a response, for the next request on "
                          "a persistent connection before closing it (Apache's "
                          "KeepAliveTimeout default: 15 s).",
                          TimeValue(Seconds(15)),
                          MakeTimeAccessor(&HttpServer::m_keepAliveTimeout),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("MaxRequestsPerConnection",
                          "Requests answered on one connection before the server closes it "
                          "(Apache's MaxKeepAliveRequests default: 100).",
                          UintegerValue(100),
                          MakeUintegerAccessor(&HttpServer::m_maxRequests),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("PerRequestCost",
                          "CPU time the server spends on each response, as application work "
                          "on the node's HostCpu (0: none; see TcpHostProfile).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&HttpServer::m_perRequestCost),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("PerResponseByteCost",
                          "CPU time the server spends per response body byte, as application "
                          "work on the node's HostCpu (0: none).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&HttpServer::m_perResponseByteCost),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("OutputBufferSize",
                          "Size of a user-space output buffer that shapes the server's "
                          "writes as Apache 1.x's BUFF does (4096 in Apache 1.2; see "
                          "HttpBufferedWrites); 0: hand the response to the socket as it "
                          "comes.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&HttpServer::m_outputBufferSize),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("FileReadSize",
                          "Size of each read of the document's file behind the output "
                          "buffer (Apache 1.x IOBUFSIZE).",
                          UintegerValue(8192),
                          MakeUintegerAccessor(&HttpServer::m_fileReadSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("ResponseHeaders",
                          "Header fields added to every response, 'Name: value' separated "
                          "by '|' (a field named like one the server sets replaces it), "
                          "to give responses the head of a real server.",
                          StringValue(""),
                          MakeStringAccessor(&HttpServer::m_responseHeaders),
                          MakeStringChecker())
            .AddAttribute("KnowsClientClose",
                          "Whether the server implements the CLIENT_CLOSE method (otherwise "
                          "it answers 501 Not Implemented).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&HttpServer::m_knowsClientClose),
                          MakeBooleanChecker())
            .AddAttribute("MaxHeadBytes",
                          "Largest request head accepted (431 beyond).",
                          UintegerValue(65536),
                          MakeUintegerAccessor(&HttpServer::m_maxHeadBytes),
                          MakeUintegerChecker<uint32_t>(64))
            .AddAttribute("MaxWorkers",
                          "Connections served at a time (Apache 1.x: MaxClients); 0: every "
                          "accepted connection at once.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&HttpServer::m_maxWorkers),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("AcceptQueueLimit",
                          "Accepted connections that may wait for a worker; one more is "
                          "closed unread (refused).",
                          UintegerValue(1024),
                          MakeUintegerAccessor(&HttpServer::m_acceptQueueLimit),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("AcceptQueue",
                          "Where connections wait for a worker: in the server (Application: "
                          "ns-3's listener has no backlog) or in the listener's TcpListenQueue "
                          "(Kernel: Linux's accept queue, AcceptQueueLimit its backlog).",
                          EnumValue(APPLICATION),
                          MakeEnumAccessor<AcceptQueueMode>(&HttpServer::m_acceptQueueMode),
                          MakeEnumChecker(APPLICATION, "Application", KERNEL, "Kernel"))
            .AddAttribute("AbortOnPeerClose",
                          "Stop preparing the responses of a connection whose client closes "
                          "or resets it while they are in the works, and close it (told by "
                          "the close callbacks: in-service detection of timed-out requests). "
                          "HTTP clients do not half-close, so a client's FIN means it gave up.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&HttpServer::m_abortOnPeerClose),
                          MakeBooleanChecker())
            .AddAttribute("DispatchPolicy",
                          "What a worker does with a connection it takes from the accept queue.",
                          PointerValue(),
                          MakePointerAccessor(&HttpServer::m_dispatch),
                          MakePointerChecker<HttpDispatchPolicy>())
            .AddTraceSource("AcceptQueue",
                            "Connections waiting for a worker.",
                            MakeTraceSourceAccessor(&HttpServer::m_acceptQueueLength),
                            "ns3::TracedValueCallback::Uint32")
            .AddAttribute("DocumentStore",
                          "Where documents come from.",
                          PointerValue(),
                          MakePointerAccessor(&HttpServer::m_store),
                          MakePointerChecker<HttpDocumentStore>())
            .AddTraceSource("Request",
                            "A request was parsed.",
                            MakeTraceSourceAccessor(&HttpServer::m_requestTrace),
                            "ns3::HttpServer::RequestTracedCallback")
            .AddTraceSource("Response",
                            "A response was queued for sending.",
                            MakeTraceSourceAccessor(&HttpServer::m_responseTrace),
                            "ns3::HttpServer::ResponseTracedCallback");
    return tid;
}

HttpServer::HttpServer()
{
    NS_LOG_FUNCTION(this);
}

HttpServer::~HttpServer()
{
    NS_LOG_FUNCTION(this);
}

void
HttpServer::DoDispose()
{
    NS_LOG_FUNCTION(this);
    for (auto& [socket, c] : m_connections)
    {
        c.timer.Cancel();
    }
    m_connections.clear();
    m_waiting.clear();
    m_waitingClosed.clear();
    m_kernelQueue = nullptr;
    m_listener = nullptr;
    m_store = nullptr;
    m_dispatch = nullptr;
    m_cpu = nullptr;
    Application::DoDispose();
}

const HttpServer::Stats&
HttpServer::GetStats() const
{
    return m_stats;
}

uint32_t
HttpServer::GetOpenConnections() const
{
    return m_connections.size();
}

void
HttpServer::StartApplication()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_store, "HttpServer: no DocumentStore");
    m_extraHeaders.clear();
    std::istringstream fields(m_responseHeaders);
    for (std::string field; std::getline(fields, field, '|');)
    {
        size_t colon = field.find(':');
        NS_ABORT_MSG_IF(colon == std::string::npos || colon == 0 ||
                            field.find_first_of("\r\n") != std::string::npos,
                        "HttpServer: ResponseHeaders field '" << field << "' is not 'Name: value'");
        size_t value = field.find_first_not_of(' ', colon + 1);
        m_extraHeaders.emplace_back(field.substr(0, colon),
                                    value == std::string::npos ? "" : field.substr(value));
    }
    if (!m_dispatch)
    {
        m_dispatch = CreateObject<HttpDispatchPolicy>(); // serve every connection
    }
    m_cpu = GetNode()->GetObject<HostCpu>(); // may be null: no CPU, no cost
    m_running = true;
    m_listener = TcpHostSocketFactory::CreateSocketFrom(GetNode(), m_protocol);
    if (m_listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_port)) != 0 ||
        m_listener->Listen() != 0)
    {
        NS_FATAL_ERROR("HttpServer: cannot listen on port " << m_port);
    }
    m_listener->SetAcceptCallback(MakeCallback(&HttpServer::AcceptRequest, this),
                                  MakeCallback(&HttpServer::Accepted, this));
    if (m_acceptQueueMode == KERNEL)
    {
        TcpSocketExtensions* listener = TcpSocketExtensions::Of(m_listener);
        m_kernelQueue = listener ? listener->GetListenQueue() : nullptr;
        NS_ABORT_MSG_IF(!m_kernelQueue,
                        "HttpServer: AcceptQueue Kernel needs a listener with Linux's queues "
                        "(TcpHostHelper::SetListenQueueEnabled, or the Linux-6 profile)");
        m_kernelQueue->SetAttribute("Backlog", UintegerValue(m_acceptQueueLimit));
        // The server's AcceptQueue trace follows the kernel's queue.
        m_kernelQueue->TraceConnectWithoutContext(
            "AcceptQueue",
            MakeCallback(&HttpServer::KernelQueueChanged, this));
        if (m_maxWorkers > 0)
        {
            // Workers call accept() when free; until then connections wait there.
            m_kernelQueue->SetAcceptReadyCallback(MakeCallback(&HttpServer::DispatchWaiting, this));
        }
    }
}

void
HttpServer::StopApplication()
{
    NS_LOG_FUNCTION(this);
    m_running = false;
    if (m_listener)
    {
        m_listener->Close();
    }
    std::vector<Ptr<Socket>> open;
    for (auto& [socket, c] : m_connections)
    {
        open.push_back(socket);
    }
    for (auto& socket : open)
    {
        CloseConnection(socket);
    }
    for (auto& waiting : m_waiting)
    {
        waiting.socket->Close();
    }
    m_waiting.clear();
    m_acceptQueueLength = 0;
    if (m_kernelQueue)
    {
        m_kernelQueue->SetAcceptReadyCallback(Callback<void>());
        m_kernelQueue->TraceDisconnectWithoutContext(
            "AcceptQueue",
            MakeCallback(&HttpServer::KernelQueueChanged, this));
        // Kept for GetListenQueue(); the listener's Close() closed what waited there.
    }
}

bool
HttpServer::AcceptRequest(Ptr<Socket>, const Address&)
{
    return true;
}

void
HttpServer::Accepted(Ptr<Socket> socket, const Address& from)
{
    NS_LOG_FUNCTION(this << socket << from);
    ++m_stats.connectionsAccepted;
    if (m_maxWorkers == 0 || m_busyWorkers + m_deciding < m_maxWorkers)
    {
        Serve(socket);
        return;
    }
    if (m_waiting.size() >= m_acceptQueueLimit)
    {
        NS_LOG_INFO("accept queue full: refusing " << socket);
        ++m_stats.refused;
        socket->Close();
        return;
    }
    // It waits unread: its request stays in the socket's receive buffer.
    socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
    socket->SetCloseCallbacks(MakeCallback(&HttpServer::WaitingPeerClosed, this),
                              MakeCallback(&HttpServer::WaitingReset, this));
    m_waiting.push_back({socket, Simulator::Now()});
    m_acceptQueueLength = m_waiting.size();
}

void
HttpServer::Serve(Ptr<Socket> socket, bool peerClosed)
{
    NS_LOG_FUNCTION(this << socket << peerClosed);
    ++m_busyWorkers;
    Connection& c = m_connections[socket];
    c.parser = HttpParser(HttpParser::REQUESTS, 8192, m_maxHeadBytes);
    socket->SetRecvCallback(MakeCallback(&HttpServer::Received, this));
    socket->SetSendCallback(MakeCallback(&HttpServer::SendSpace, this));
    socket->SetCloseCallbacks(MakeCallback(&HttpServer::PeerClosed, this),
                              MakeCallback(&HttpServer::ErrorClosed, this));
    ArmTimer(socket, c);
    if (socket->GetRxAvailable() > 0)
    {
        Received(socket); // what arrived while it waited
    }
    if (peerClosed)
    {
        PeerClosed(socket); // its client closed while it waited: as if it closed now
    }
}

void
HttpServer::KernelQueueChanged(uint32_t, uint32_t newValue)
{
    m_acceptQueueLength = newValue;
}

Ptr<TcpListenQueue>
HttpServer::GetListenQueue() const
{
    return m_kernelQueue;
}

bool
HttpServer::TakeWaiting(Waiting& next, bool& peerClosed)
{
    if (m_kernelQueue)
    {
        // accept(2): the oldest only.
        Address from;
        Time waited;
        if (m_kernelQueue->GetAcceptQueueLength() > 0)
        {
            NS_ABORT_MSG_IF(m_dispatch->TakeNewest(m_kernelQueue->GetAcceptQueueLength(),
                                                   m_kernelQueue->GetOldestWait()),
                            "HttpServer: the dispatch policy "
                                << m_dispatch->GetInstanceTypeId().GetName()
                                << " takes the newest connection; accept() gives the oldest "
                                   "(AcceptQueue Kernel)");
        }
        next.socket = m_kernelQueue->Accept(from, waited);
        if (!next.socket)
        {
            return false;
        }
        next.since = Simulator::Now() - waited;
        const TcpSocketExtensions* socket = TcpSocketExtensions::Of(next.socket);
        peerClosed = socket && socket->PeerHasClosed();
        ++m_stats.connectionsAccepted;
        return true;
    }
    if (m_waiting.empty())
    {
        return false;
    }
    bool newest =
        m_dispatch->TakeNewest(m_waiting.size(), Simulator::Now() - m_waiting.front().since);
    next = newest ? m_waiting.back() : m_waiting.front();
    if (newest)
    {
        m_waiting.pop_back();
    }
    else
    {
        m_waiting.pop_front();
    }
    m_acceptQueueLength = m_waiting.size();
    peerClosed = m_waitingClosed.erase(next.socket) > 0;
    return true;
}

void
HttpServer::DispatchWaiting()
{
    Waiting next;
    bool peerClosed = false;
    while (m_running && m_maxWorkers > 0 && m_busyWorkers + m_deciding < m_maxWorkers &&
           TakeWaiting(next, peerClosed))
    {
        uint32_t behind = m_kernelQueue ? m_kernelQueue->GetAcceptQueueLength()
                                        : static_cast<uint32_t>(m_waiting.size());
        HttpDispatchPolicy::Decision decision =
            m_dispatch->Dispatch({next.socket, Simulator::Now() - next.since, peerClosed, behind});
        Time cost = m_dispatch->GetDecisionCost();
        if (!cost.IsStrictlyPositive() || !m_cpu)
        {
            Dispatched(next.socket, decision, peerClosed);
            continue;
        }
        // The worker is busy deciding for as long as the check costs.
        ++m_deciding;
        m_cpu->Submit(HostCpu::APPLICATION, cost, [this, next, decision, peerClosed]() {
            --m_deciding;
            Dispatched(next.socket, decision, peerClosed);
            DispatchWaiting();
        });
    }
}

void
HttpServer::Dispatched(Ptr<Socket> socket, HttpDispatchPolicy::Decision decision, bool peerClosed)
{
    if (decision == HttpDispatchPolicy::SERVE)
    {
        Serve(socket, peerClosed);
        return;
    }
    NS_LOG_INFO("dispatch policy drops " << socket);
    ++m_stats.dropped;
    socket->SetCloseCallbacks(MakeNullCallback<void, Ptr<Socket>>(),
                              MakeNullCallback<void, Ptr<Socket>>());
    socket->Close();
}

void
HttpServer::ReleaseWorker()
{
    if (m_busyWorkers > 0)
    {
        --m_busyWorkers;
    }
    DispatchWaiting();
}

void
HttpServer::WaitingPeerClosed(Ptr<Socket> socket)
{
    m_waitingClosed.insert(socket); // the close callback: a detection method
}

void
HttpServer::WaitingReset(Ptr<Socket> socket)
{
    m_waitingClosed.erase(socket);
    for (auto it = m_waiting.begin(); it != m_waiting.end(); ++it)
    {
        if (it->socket == socket)
        {
            m_waiting.erase(it);
            m_acceptQueueLength = m_waiting.size();
            ++m_stats.connectionsClosed;
            return;
        }
    }
}

void
HttpServer::Received(Ptr<Socket> socket)
{
    auto it = m_connections.find(socket);
    while (Ptr<Packet> packet = socket->Recv())
    {
        if (packet->GetSize() == 0)
        {
            break; // end-of-stream: ns-3 returns an empty packet in CLOSE_WAIT
        }
        if (it == m_connections.end())
        {
            continue; // we closed it already: drain and ignore
        }
        Connection& c = it->second;
        if (c.closeAfterSend || c.clientClosing || c.parser.GetError() != HttpParser::NONE)
        {
            continue; // the connection is ending: ignore what follows
        }
        c.parser.Feed(packet);
        c.timer.Cancel(); // Flush, below, arms the timer that applies
        while (c.parser.HasRequest() && !c.closeAfterSend && !c.clientClosing)
        {
            Handle(socket, c, c.parser.PopRequest());
        }
        if (c.parser.GetError() != HttpParser::NONE && !c.closeAfterSend && !c.clientClosing)
        {
            NS_LOG_INFO("malformed request: " << HttpParser::ErrorName(c.parser.GetError()));
            ++m_stats.parseErrors;
            HttpResponse error(c.parser.GetErrorStatus());
            error.SetHeader("Connection", "close");
            Queue(socket, c, error, true);
            c.closeAfterSend = true;
        }
    }
    if (it == m_connections.end())
    {
        return;
    }
    if (it->second.clientClosing && it->second.peerClosed)
    {
        CloseConnection(socket);
        return;
    }
    Flush(socket);
}

void
HttpServer::Handle(Ptr<Socket> socket, Connection& c, const HttpRequest& request)
{
    NS_LOG_FUNCTION(this << socket << request.GetMethod() << request.GetTarget());
    ++m_stats.requests;
    m_requestTrace(request);
    const std::string& method = request.GetMethod();
    if (method == HttpRequest::CLIENT_CLOSE && m_knowsClientClose)
    {
        // No reply; be the passive closer: close when the client's FIN comes.
        ++m_stats.clientCloses;
        c.clientClosing = true;
        return;
    }
    HttpResponse response;
    bool withBody = true;
    if (method == "GET" || method == "HEAD")
    {
        std::optional<uint64_t> size = m_store->GetSize(request.GetTarget());
        response.SetStatus(size ? 200 : 404);
        response.SetBodyLength(size.value_or(0));
        withBody = (method == "GET");
    }
    else
    {
        response.SetStatus(501); // CLIENT_CLOSE too, when the server does not know it
        response.SetBodyLength(0);
    }
    ++c.requests;
    if (request.ClosesConnection() || c.requests >= m_maxRequests)
    {
        response.SetHeader("Connection", "close");
        c.closeAfterSend = true;
    }
    Queue(socket, c, response, withBody);
}

void
HttpServer::Queue(Ptr<Socket> socket, Connection& c, HttpResponse& response, bool withBody)
{
    response.SetHeader("Server", "ns-3 HttpServer");
    if (!response.HasHeader("Content-Length"))
    {
        response.SetBodyLength(0);
    }
    for (const auto& [name, value] : m_extraHeaders)
    {
        response.SetHeader(name, value);
    }
    ++m_stats.responses;
    m_responseTrace(response);
    uint64_t index = c.queued++;
    uint64_t body = withBody ? response.GetBodyLength() : 0;
    std::string head = response.SerializeHead();
    if (m_outputBufferSize > 0)
    {
        for (uint64_t write :
             HttpBufferedWrites(head.size(), body, m_outputBufferSize, m_fileReadSize))
        {
            c.writes.push_back(write);
        }
    }
    c.queue.push_back({std::move(head), 0, 0, index});
    if (body > 0)
    {
        c.queue.push_back({"", body, 0, index});
        m_stats.bodyBytes += body;
    }
    // The server's work on the response (parsing, finding the document,
    // copying it out) is application work on the node's CPU: it waits
    // behind the kernel's network work there. Responses of a connection are
    // worked on in order, so they leave in order.
    Time cost = m_perRequestCost + m_perResponseByteCost * int64_t(body);
    if (!cost.IsStrictlyPositive() || !m_cpu)
    {
        c.served = c.queued;
        return;
    }
    c.jobs.push_back(m_cpu->Submit(HostCpu::APPLICATION, cost, [this, socket]() {
        auto it = m_connections.find(socket);
        if (it != m_connections.end())
        {
            it->second.jobs.pop_front();
            ++it->second.served;
            Flush(socket);
        }
    }));
}

void
HttpServer::SendSpace(Ptr<Socket> socket, uint32_t)
{
    if (m_connections.count(socket))
    {
        Flush(socket);
    }
}

void
HttpServer::Flush(Ptr<Socket> socket)
{
    Connection& c = m_connections.at(socket);
    while (!c.queue.empty())
    {
        Chunk& chunk = c.queue.front();
        if (chunk.response >= c.served)
        {
            return; // the CPU is still working on it
        }
        uint64_t left = ChunkLeft(chunk);
        // One write: the rest of the chunk, or the next planned write.
        uint64_t want = c.writes.empty() ? left : c.writes.front();
        uint32_t size = std::min<uint64_t>({want, socket->GetTxAvailable(), MAX_CHUNK});
        if (size == 0)
        {
            return; // wait for SendSpace
        }
        int sent = socket->Send(TakeBytes(c, size));
        if (sent <= 0)
        {
            return;
        }
        Consume(c, sent);
    }
    if (c.closeAfterSend)
    {
        CloseConnection(socket); // TCP sends the queued bytes, then the FIN
        return;
    }
    if (!c.clientClosing)
    {
        ArmTimer(socket, c);
    }
}

void
HttpServer::ArmTimer(Ptr<Socket> socket, Connection& c)
{
    // Between requests Apache's KeepAliveTimeout applies; before the first
    // one (it may still be on its way: a lost request waits out the
    // client's retransmissions) and within one, its Timeout.
    bool betweenRequests = c.requests > 0 && c.parser.IsIdle();
    c.timer.Cancel();
    c.timer = Simulator::Schedule(betweenRequests ? m_keepAliveTimeout : m_timeout,
                                  &HttpServer::TimerExpired,
                                  this,
                                  socket);
}

uint64_t
HttpServer::ChunkLeft(const Chunk& chunk)
{
    return chunk.body > 0 ? chunk.body - chunk.offset : chunk.head.size() - chunk.offset;
}

Ptr<Packet>
HttpServer::ChunkBytes(const Chunk& chunk, uint64_t size)
{
    return chunk.body > 0
               ? Create<Packet>(size)
               : Create<Packet>(reinterpret_cast<const uint8_t*>(chunk.head.data()) + chunk.offset,
                                size);
}

Ptr<Packet>
HttpServer::TakeBytes(const Connection& c, uint64_t size) const
{
    if (size <= ChunkLeft(c.queue.front()))
    {
        return ChunkBytes(c.queue.front(), size);
    }
    // A planned write that runs from the head into the body.
    Ptr<Packet> packet = Create<Packet>();
    for (auto it = c.queue.begin(); it != c.queue.end() && size > 0; ++it)
    {
        uint64_t n = std::min(size, ChunkLeft(*it));
        packet->AddAtEnd(ChunkBytes(*it, n));
        size -= n;
    }
    return packet;
}

void
HttpServer::Consume(Connection& c, uint64_t sent)
{
    if (!c.writes.empty())
    {
        c.writes.front() -= std::min(sent, c.writes.front());
        if (c.writes.front() == 0)
        {
            c.writes.pop_front();
        }
    }
    while (sent > 0)
    {
        Chunk& chunk = c.queue.front();
        uint64_t n = std::min(sent, ChunkLeft(chunk));
        chunk.offset += n;
        sent -= n;
        if (ChunkLeft(chunk) == 0)
        {
            c.queue.pop_front();
        }
    }
}

void
HttpServer::PeerClosed(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    auto it = m_connections.find(socket);
    if (it == m_connections.end())
    {
        return;
    }
    it->second.peerClosed = true;
    if (m_abortOnPeerClose && !it->second.clientClosing && CancelWork(it->second))
    {
        NS_LOG_INFO("client closed while its response was in the works: abandoning it");
        ++m_stats.aborted;
        Simulator::ScheduleNow(&HttpServer::CloseConnection, this, socket);
        return;
    }
    if (it->second.queue.empty() || it->second.clientClosing)
    {
        // The client is done: close our end now (a passive close).
        Simulator::ScheduleNow(&HttpServer::CloseConnection, this, socket);
    }
    else
    {
        it->second.closeAfterSend = true; // answer what was asked, then close
    }
}

void
HttpServer::ErrorClosed(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    auto it = m_connections.find(socket);
    if (it != m_connections.end())
    {
        it->second.timer.Cancel();
        if (m_abortOnPeerClose && CancelWork(it->second))
        {
            ++m_stats.aborted; // reset while its responses were in the works
        }
        m_connections.erase(it);
        ++m_stats.connectionsClosed;
        ReleaseWorker();
    }
}

void
HttpServer::TimerExpired(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    if (m_connections.count(socket))
    {
        ++m_stats.timeouts;
        CloseConnection(socket);
    }
}

void
HttpServer::CloseConnection(Ptr<Socket> socket)
{
    auto it = m_connections.find(socket);
    if (it == m_connections.end())
    {
        return;
    }
    NS_LOG_FUNCTION(this << socket);
    it->second.timer.Cancel();
    m_connections.erase(it);
    ++m_stats.connectionsClosed;
    socket->Close();
    ReleaseWorker();
}

bool
HttpServer::CancelWork(Connection& c)
{
    bool any = !c.jobs.empty();
    for (uint64_t job : c.jobs)
    {
        m_cpu->Cancel(job);
    }
    c.jobs.clear();
    return any;
}

} // namespace ns3
