/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "http-client.h"

#include "http-file-set.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/tcp-host-socket-factory.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <limits>
#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HttpClient");

NS_OBJECT_ENSURE_REGISTERED(HttpClient);

TypeId
HttpClient::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HttpClient")
            .SetParent<Application>()
            .SetGroupName("Http")
            .AddConstructor<HttpClient>()
            .AddAttribute("Remote",
                          "The server's address and port.",
                          AddressValue(),
                          MakeAddressAccessor(&HttpClient::m_remote),
                          MakeAddressChecker())
            .AddAttribute("Protocol",
                          "The socket factory to get sockets from (a TcpSocketFactory): the "
                          "suite's TcpHostSocketFactory by default.",
                          TypeIdValue(TcpHostSocketFactory::GetTypeId()),
                          MakeTypeIdAccessor(&HttpClient::m_protocol),
                          MakeTypeIdChecker())
            .AddAttribute("Host",
                          "Value of the Host header field.",
                          StringValue("server"),
                          MakeStringAccessor(&HttpClient::m_host),
                          MakeStringChecker())
            .AddAttribute("Version",
                          "HTTP version of the requests: HTTP/1.1, or HTTP/1.0 (no Host or "
                          "Connection field: a bare 'GET /x HTTP/1.0', one request per "
                          "connection, the server closes).",
                          StringValue("HTTP/1.1"),
                          MakeStringAccessor(&HttpClient::m_version),
                          MakeStringChecker())
            .AddAttribute("ReadSize",
                          "Bytes asked for by each read of the socket (a 1990s client such "
                          "as Stevens' sock read 1024 at a time); 0: all there is.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&HttpClient::m_readSize),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("RequestsPerConnection",
                          "Requests sent on each connection before ending it.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&HttpClient::m_requestsPerConnection),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("EndMode",
                          "How the client ends a connection: ConnectionClose (server closes), "
                          "ClientClose (CLIENT_CLOSE request, client closes).",
                          EnumValue(HttpClient::CONNECTION_CLOSE),
                          MakeEnumAccessor<EndMode>(&HttpClient::m_endMode),
                          MakeEnumChecker(HttpClient::CONNECTION_CLOSE,
                                          "ConnectionClose",
                                          HttpClient::CLIENT_CLOSE,
                                          "ClientClose"))
            .AddAttribute("RequestGap",
                          "Pause between a response and the next request on the same "
                          "connection, seconds (a user reading the page: the connection is idle "
                          "meanwhile); none: the next request goes at once.",
                          PointerValue(),
                          MakePointerAccessor(&HttpClient::m_requestGap),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("ThinkTime",
                          "Pause between the end of a connection and the next one.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&HttpClient::m_thinkTime),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("ConnectErrorPause",
                          "Least pause before the next connection when connect() itself "
                          "fails (no local port left, EADDRNOTAVAIL, or no route): the next "
                          "attempt waits the longer of this and ThinkTime, so a client out "
                          "of ports cannot retry for ever at one instant.",
                          TimeValue(MilliSeconds(10)),
                          MakeTimeAccessor(&HttpClient::m_connectErrorPause),
                          MakeTimeChecker(Time(1)))
            .AddAttribute("ResponseTimeout",
                          "Longest wait for a connection, a response, or the server's close.",
                          TimeValue(Seconds(30)),
                          MakeTimeAccessor(&HttpClient::m_responseTimeout),
                          MakeTimeChecker(Time(1)))
            .AddAttribute("RetryUnavailable",
                          "A 503 (Service Unavailable) answer leaves the request due: it is "
                          "sent again after the next RequestGap, and its response time runs "
                          "on (a user who tries again); false: a 503 answers it.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&HttpClient::m_retryUnavailable),
                          MakeBooleanChecker())
            .AddAttribute("RequestSource",
                          "What to request.",
                          PointerValue(),
                          MakePointerAccessor(&HttpClient::m_source),
                          MakePointerChecker<HttpRequestSource>())
            .AddTraceSource("ResponseTime",
                            "A response arrived in full: the time since its request became "
                            "due, connection set-up and any refused attempts included (what "
                            "a user waits), its body bytes, its status.",
                            MakeTraceSourceAccessor(&HttpClient::m_responseTimeTrace),
                            "ns3::HttpClient::RequestTracedCallback")
            .AddTraceSource("RequestDone",
                            "A response arrived in full.",
                            MakeTraceSourceAccessor(&HttpClient::m_requestTrace),
                            "ns3::HttpClient::RequestTracedCallback")
            .AddTraceSource("ConnectionDone",
                            "A connection ended.",
                            MakeTraceSourceAccessor(&HttpClient::m_connectionTrace),
                            "ns3::HttpClient::ConnectionTracedCallback");
    return tid;
}

HttpClient::HttpClient()
{
    NS_LOG_FUNCTION(this);
}

HttpClient::~HttpClient()
{
    NS_LOG_FUNCTION(this);
}

void
HttpClient::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_timeout.Cancel();
    m_next.Cancel();
    m_socket = nullptr;
    m_source = nullptr;
    Application::DoDispose();
}

const HttpClient::Stats&
HttpClient::GetStats() const
{
    return m_stats;
}

bool
HttpClient::GetPendingRequest(Time& since) const
{
    if (m_due)
    {
        since = m_dueAt;
    }
    return m_due;
}

std::string
HttpClient::GetPendingTarget()
{
    if (m_due && m_dueTarget.empty())
    {
        m_dueTarget = m_source->NextTarget();
    }
    return m_due ? m_dueTarget : std::string();
}

uint32_t
HttpClient::GetRequestsInFlight() const
{
    return m_inFlight ? 1 : 0;
}

const char*
HttpClient::OutcomeName(Outcome outcome)
{
    switch (outcome)
    {
    case COMPLETED:
        return "completed";
    case REFUSED:
        return "refused";
    case RESET:
        return "reset";
    case TIMED_OUT:
        return "timed_out";
    case OUTCOMES:
        break;
    }
    return "unknown";
}

void
HttpClient::StartApplication()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_source, "HttpClient: no RequestSource");
    NS_ABORT_MSG_IF(!InetSocketAddress::IsMatchingType(m_remote),
                    "HttpClient: Remote must be an InetSocketAddress");
    NS_ABORT_MSG_IF(m_version != "HTTP/1.1" && m_version != "HTTP/1.0",
                    "HttpClient: Version must be HTTP/1.1 or HTTP/1.0, not '" << m_version << "'");
    NS_ABORT_MSG_IF(m_version == "HTTP/1.0" &&
                        (m_requestsPerConnection != 1 || m_endMode == CLIENT_CLOSE),
                    "HttpClient: an HTTP/1.0 client sends one request per connection and "
                    "lets the server close (RequestsPerConnection 1, EndMode "
                    "ConnectionClose)");
    m_running = true;
    Open();
}

void
HttpClient::StopApplication()
{
    NS_LOG_FUNCTION(this);
    m_running = false;
    m_next.Cancel();
    m_nextRequest.Cancel();
    m_timeout.Cancel();
    if (m_socket)
    {
        // A request still in flight stays counted as in flight.
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        m_socket->SetCloseCallbacks(MakeNullCallback<void, Ptr<Socket>>(),
                                    MakeNullCallback<void, Ptr<Socket>>());
        m_socket->Close();
        m_socket = nullptr;
    }
}

void
HttpClient::Open()
{
    NS_LOG_FUNCTION(this);
    m_socket = TcpHostSocketFactory::CreateSocketFrom(GetNode(), m_protocol);
    m_parser = HttpParser(HttpParser::RESPONSES);
    m_sentOnConnection = 0;
    m_connected = false;
    m_waitingForServerClose = false;
    m_serverClosed = false;
    m_connectionOpenedAt = Simulator::Now();
    BecomeDue();
    ++m_stats.connectionsOpened;
    m_socket->SetConnectCallback(MakeCallback(&HttpClient::Connected, this),
                                 MakeCallback(&HttpClient::ConnectFailed, this));
    m_socket->SetRecvCallback(MakeCallback(&HttpClient::Received, this));
    m_socket->SetCloseCallbacks(MakeCallback(&HttpClient::PeerClosed, this),
                                MakeCallback(&HttpClient::ErrorClosed, this));
    // No Bind() first: connect() chooses the local port, through the node's
    // LocalPortAllocator if it has one (Linux's choice), else as ns-3 does.
    if (m_socket->Connect(m_remote) != 0)
    {
        ++m_stats.connectErrors; // never sent a SYN: refused at once
        Finish(REFUSED, std::max(m_thinkTime, m_connectErrorPause));
        return;
    }
    m_timeout = Simulator::Schedule(m_responseTimeout, &HttpClient::ResponseTimeout, this);
}

void
HttpClient::Connected(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    if (socket == m_socket)
    {
        m_connected = true;
        SendRequest();
    }
}

void
HttpClient::ConnectFailed(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    if (socket == m_socket)
    {
        Finish(REFUSED);
    }
}

void
HttpClient::BecomeDue()
{
    if (!m_due)
    {
        m_due = true; // from now; refused attempts and reconnections keep this time
        m_dueAt = Simulator::Now();
        m_dueTarget.clear();
    }
}

void
HttpClient::NextRequest()
{
    if (m_socket)
    {
        SendRequest();
        return;
    }
    Open(); // the last connection was closed while idle: the request goes on a new one
}

bool
HttpClient::ClosedWhileIdle()
{
    if (!m_connected || m_inFlight || !m_nextRequest.IsPending())
    {
        return false;
    }
    NS_LOG_LOGIC("the server closed the idle connection");
    m_timeout.Cancel();
    ++m_stats.outcomes[COMPLETED];
    m_connectionTrace(COMPLETED, Simulator::Now() - m_connectionOpenedAt);
    Ptr<Socket> socket = m_socket;
    m_socket = nullptr;
    socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
    Simulator::ScheduleNow(&Socket::Close, socket);
    return true; // m_nextRequest opens the next connection
}

void
HttpClient::SendRequest()
{
    BecomeDue();
    if (m_dueTarget.empty())
    {
        m_dueTarget = m_source->NextTarget(); // drawn when first sent (the sources' order)
    }
    HttpRequest request("GET", m_dueTarget);
    request.SetVersion(m_version);
    bool http10 = m_version == "HTTP/1.0";
    if (!http10)
    {
        request.SetHeader("Host", m_host);
    }
    ++m_sentOnConnection;
    bool last = (m_sentOnConnection == m_requestsPerConnection);
    if (last && m_endMode != CLIENT_CLOSE && !http10)
    {
        request.SetHeader("Connection", "close");
    }
    NS_LOG_FUNCTION(this << request.GetTarget() << last);
    ++m_stats.requestsIssued;
    m_parser.ExpectResponseTo(request.GetMethod());
    m_inFlight = true;
    m_requestSentAt = Simulator::Now();
    m_timeout.Cancel();
    m_timeout = Simulator::Schedule(m_responseTimeout, &HttpClient::ResponseTimeout, this);
    SendBytes(request.SerializeHead());
}

void
HttpClient::SendBytes(const std::string& bytes)
{
    // A request head is far smaller than any send buffer.
    m_socket->Send(Create<Packet>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
}

void
HttpClient::Received(Ptr<Socket> socket)
{
    uint32_t readSize = m_readSize > 0 ? m_readSize : std::numeric_limits<uint32_t>::max();
    while (Ptr<Packet> packet = socket->Recv(readSize, 0))
    {
        if (packet->GetSize() == 0)
        {
            break; // end-of-stream: ns-3 returns an empty packet in CLOSE_WAIT
        }
        if (socket != m_socket)
        {
            continue; // an old connection: drain
        }
        m_parser.Feed(packet);
        HandleResponses();
    }
}

void
HttpClient::HandleResponses()
{
    Ptr<Socket> socket = m_socket;
    if (!socket)
    {
        return;
    }
    while (m_parser.HasFinalResponse() && socket == m_socket)
    {
        HttpResponse response = m_parser.PopResponse();
        if (!m_inFlight)
        {
            continue; // not asked for (a 501 to a CLIENT_CLOSE, say)
        }
        m_inFlight = false;
        m_timeout.Cancel();
        Time latency = Simulator::Now() - m_requestSentAt;
        ++m_stats.requestsCompleted;
        m_stats.bodyBytes += response.GetBodyLength();
        m_stats.latencySum += latency;
        m_requestTrace(latency, response.GetBodyLength(), response.GetStatus());
        bool retry = m_retryUnavailable && response.GetStatus() == 503;
        if (!retry)
        {
            m_responseTimeTrace(Simulator::Now() - m_dueAt, // SendRequest made it due
                                response.GetBodyLength(),
                                response.GetStatus());
            m_due = false; // (a 503 to retry leaves it due, with its target)
        }
        // A response that ended with the connection (its body delimited by
        // the close) leaves nothing to send the next request on.
        bool serverCloses = response.ClosesConnection() || m_serverClosed;
        if (m_sentOnConnection < m_requestsPerConnection && !serverCloses)
        {
            double gap = m_requestGap ? m_requestGap->GetValue() : 0;
            NS_ABORT_MSG_IF(gap < 0, "HttpClient: RequestGap drew " << gap << " s");
            if (gap > 0)
            {
                m_nextRequest = Simulator::Schedule(Seconds(gap), &HttpClient::NextRequest, this);
            }
            else
            {
                SendRequest();
            }
        }
        else if (m_endMode == CLIENT_CLOSE && !serverCloses)
        {
            HttpRequest bye(HttpRequest::CLIENT_CLOSE, "/");
            bye.SetHeader("Host", m_host);
            SendBytes(bye.SerializeHead());
            ++m_stats.clientCloses;
            Finish(COMPLETED); // and close at once: the active close
        }
        else
        {
            m_waitingForServerClose = true;
            m_timeout = Simulator::Schedule(m_responseTimeout, &HttpClient::ResponseTimeout, this);
        }
    }
    if (socket == m_socket && m_parser.GetError() != HttpParser::NONE)
    {
        NS_LOG_INFO("malformed response: " << HttpParser::ErrorName(m_parser.GetError()));
        if (m_inFlight)
        {
            m_inFlight = false;
            ++m_stats.requestsFailed;
            m_dueTarget.clear(); // a new draw when it is sent again
        }
        Finish(RESET);
    }
}

void
HttpClient::PeerClosed(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    if (socket != m_socket)
    {
        return;
    }
    // A response delimited by the close (no Content-Length) ends here.
    m_serverClosed = true;
    m_parser.EndOfStream();
    HandleResponses();
    if (socket != m_socket)
    {
        return;
    }
    if (m_waitingForServerClose)
    {
        Finish(COMPLETED);
        return;
    }
    if (ClosedWhileIdle())
    {
        return;
    }
    if (!m_connected)
    {
        Finish(REFUSED); // an RST to our SYN (TcpSocketBase reports it as a close)
        return;
    }
    if (m_inFlight)
    {
        m_inFlight = false;
        ++m_stats.requestsFailed;
        m_dueTarget.clear(); // a new draw when it is sent again
    }
    Finish(RESET);
}

void
HttpClient::ErrorClosed(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    if (socket != m_socket || ClosedWhileIdle())
    {
        return;
    }
    if (m_inFlight)
    {
        m_inFlight = false;
        ++m_stats.requestsFailed;
        m_dueTarget.clear(); // a new draw when it is sent again
    }
    Finish(m_connected ? RESET : REFUSED);
}

void
HttpClient::ResponseTimeout()
{
    NS_LOG_FUNCTION(this);
    if (m_inFlight)
    {
        m_inFlight = false;
        ++m_stats.requestsFailed;
        m_dueTarget.clear(); // a new draw when it is sent again
    }
    Finish(m_waitingForServerClose ? COMPLETED : TIMED_OUT); // (a SYN never answered too)
}

void
HttpClient::Finish(Outcome outcome)
{
    Finish(outcome, m_thinkTime);
}

void
HttpClient::Finish(Outcome outcome, Time pause)
{
    NS_LOG_FUNCTION(this << OutcomeName(outcome));
    m_timeout.Cancel();
    m_nextRequest.Cancel();
    ++m_stats.outcomes[outcome];
    m_connectionTrace(outcome, Simulator::Now() - m_connectionOpenedAt);
    Ptr<Socket> socket = m_socket;
    m_socket = nullptr;
    socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
    // Close after the TCP code that called us has finished (it may still
    // send an ACK for what it just delivered).
    Simulator::ScheduleNow(&Socket::Close, socket);
    if (m_running)
    {
        m_next = Simulator::Schedule(pause, &HttpClient::Open, this);
    }
}

} // namespace ns3
