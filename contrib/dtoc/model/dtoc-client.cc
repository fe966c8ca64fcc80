/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "dtoc-client.h"

#include "retry-policy.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/http-file-set.h"
#include "ns3/http-message.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/tcp-host-socket-factory.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DtocClient");

NS_OBJECT_ENSURE_REGISTERED(DtocClient);

TypeId
DtocClient::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::DtocClient")
            .SetParent<Application>()
            .SetGroupName("Dtoc")
            .AddConstructor<DtocClient>()
            .AddAttribute("Remote",
                          "The server's address and port.",
                          AddressValue(),
                          MakeAddressAccessor(&DtocClient::m_remote),
                          MakeAddressChecker())
            .AddAttribute("Protocol",
                          "The socket factory to get sockets from.",
                          TypeIdValue(TcpHostSocketFactory::GetTypeId()),
                          MakeTypeIdAccessor(&DtocClient::m_protocol),
                          MakeTypeIdChecker())
            .AddAttribute("Rate",
                          "Requests per second (Poisson arrivals); a change while the "
                          "application runs takes effect at once.",
                          DoubleValue(1),
                          MakeDoubleAccessor(&DtocClient::SetRate, &DtocClient::GetRate),
                          MakeDoubleChecker<double>(1e-9))
            .AddAttribute("Timeout",
                          "How long a user waits for the response before giving up.",
                          TimeValue(Seconds(10)),
                          MakeTimeAccessor(&DtocClient::m_timeout),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("Retries",
                          "Times a request given up is sent again.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&DtocClient::m_retries),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("RetryPolicy",
                          "Whether and when a request given up with Retries left is sent "
                          "again (none: at once, the DTOC paper's users).",
                          PointerValue(),
                          MakePointerAccessor(&DtocClient::m_retryPolicy),
                          MakePointerChecker<RetryPolicy>())
            .AddAttribute("RequestSource",
                          "What the requests ask for.",
                          PointerValue(),
                          MakePointerAccessor(&DtocClient::m_source),
                          MakePointerChecker<HttpRequestSource>())
            .AddTraceSource("RequestDone",
                            "A request ended: how, how long after it was first sent, and "
                            "what it asked for.",
                            MakeTraceSourceAccessor(&DtocClient::m_requestTrace),
                            "ns3::DtocClient::RequestTracedCallback");
    return tid;
}

DtocClient::DtocClient()
    : m_gap(CreateObject<ExponentialRandomVariable>())
{
    NS_LOG_FUNCTION(this);
}

DtocClient::~DtocClient()
{
    NS_LOG_FUNCTION(this);
}

const DtocClient::Stats&
DtocClient::GetStats() const
{
    return m_stats;
}

int64_t
DtocClient::AssignStreams(int64_t stream)
{
    m_gap->SetStream(stream);
    return 1 + (m_retryPolicy ? m_retryPolicy->AssignStreams(stream + 1) : 0);
}

void
DtocClient::SetRate(double rate)
{
    NS_ABORT_MSG_UNLESS(rate > 0, "DtocClient: the rate must be positive, not " << rate);
    m_rate = rate;
    m_gap->SetAttribute("Mean", DoubleValue(1.0 / m_rate));
    if (m_running)
    {
        m_next.Cancel();
        m_next = Simulator::Schedule(Seconds(m_gap->GetValue()), &DtocClient::Arrive, this);
    }
}

double
DtocClient::GetRate() const
{
    return m_rate;
}

void
DtocClient::DoDispose()
{
    m_next.Cancel();
    for (auto& [id, request] : m_requests)
    {
        request.timeout.Cancel();
        request.retryWait.Cancel();
    }
    m_requests.clear();
    m_sockets.clear();
    m_source = nullptr;
    m_retryPolicy = nullptr;
    Application::DoDispose();
}

void
DtocClient::StartApplication()
{
    NS_ABORT_MSG_IF(!m_source, "DtocClient: no RequestSource");
    m_running = true;
    m_next = Simulator::Schedule(Seconds(m_gap->GetValue()), &DtocClient::Arrive, this);
}

void
DtocClient::StopApplication()
{
    m_running = false;
    m_next.Cancel();
    std::vector<uint64_t> open;
    for (const auto& [id, request] : m_requests)
    {
        open.push_back(id);
    }
    for (uint64_t id : open)
    {
        Finish(id, IN_FLIGHT);
    }
}

void
DtocClient::Arrive()
{
    uint64_t id = m_nextId++;
    ++m_stats.requests;
    Request& request = m_requests[id];
    request.target = m_source->NextTarget();
    request.issued = Simulator::Now();
    request.retriesLeft = m_retries;
    if (m_retryPolicy)
    {
        m_retryPolicy->Issued();
    }
    Attempt(id);
    m_next = Simulator::Schedule(Seconds(m_gap->GetValue()), &DtocClient::Arrive, this);
}

void
DtocClient::Attempt(uint64_t id)
{
    Request& request = m_requests.at(id);
    ++m_stats.attempts;
    request.parser = HttpParser(HttpParser::RESPONSES);
    request.parser.ExpectResponseTo("GET");
    Ptr<Socket> socket = TcpHostSocketFactory::CreateSocketFrom(GetNode(), m_protocol);
    m_sockets[socket] = id;
    request.socket = socket;
    socket->SetConnectCallback(MakeCallback(&DtocClient::Connected, this),
                               MakeCallback(&DtocClient::ConnectFailed, this));
    socket->SetRecvCallback(MakeCallback(&DtocClient::Received, this));
    socket->SetCloseCallbacks(MakeCallback(&DtocClient::Ended, this),
                              MakeCallback(&DtocClient::Ended, this));
    socket->Connect(m_remote);
    request.timeout = Simulator::Schedule(m_timeout, &DtocClient::GiveUp, this, id);
}

void
DtocClient::Connected(Ptr<Socket> socket)
{
    auto it = m_sockets.find(socket);
    if (it == m_sockets.end())
    {
        return;
    }
    HttpRequest get("GET", m_requests.at(it->second).target);
    get.SetVersion("HTTP/1.0"); // one request per connection; the server closes
    get.SetHeader("Host", "server");
    std::string head = get.SerializeHead();
    socket->Send(Create<Packet>(reinterpret_cast<const uint8_t*>(head.data()), head.size()));
}

void
DtocClient::ConnectFailed(Ptr<Socket> socket)
{
    Ended(socket);
}

void
DtocClient::Received(Ptr<Socket> socket)
{
    auto it = m_sockets.find(socket);
    while (Ptr<Packet> packet = socket->Recv())
    {
        if (packet->GetSize() == 0)
        {
            break; // end-of-stream: ns-3 returns an empty packet in CLOSE_WAIT
        }
        if (it == m_sockets.end())
        {
            continue;
        }
        Request& request = m_requests.at(it->second);
        request.parser.Feed(packet);
        if (request.parser.HasFinalResponse())
        {
            uint64_t id = it->second;
            Drop(socket);
            Finish(id, COMPLETED);
            return;
        }
    }
}

void
DtocClient::Ended(Ptr<Socket> socket)
{
    auto it = m_sockets.find(socket);
    if (it == m_sockets.end())
    {
        return;
    }
    uint64_t id = it->second;
    Request& request = m_requests.at(id);
    request.parser.EndOfStream(); // a body delimited by the close ends here
    bool complete = request.parser.HasFinalResponse();
    Drop(socket);
    Finish(id, complete ? COMPLETED : REFUSED);
}

void
DtocClient::GiveUp(uint64_t id)
{
    // Close the attempt's connection: the server sees the client's FIN.
    Request& request = m_requests.at(id);
    Drop(request.socket);
    request.socket = nullptr;
    if (request.retriesLeft > 0 && m_running)
    {
        Time wait;
        uint32_t retry = m_retries - request.retriesLeft + 1;
        if (!m_retryPolicy || m_retryPolicy->Retry(retry, wait))
        {
            --request.retriesLeft;
            ++m_stats.retries;
            if (wait.IsZero())
            {
                Attempt(id); // at once, in this event (the paper's users)
            }
            else
            {
                request.retryWait = Simulator::Schedule(wait, &DtocClient::Attempt, this, id);
            }
            return;
        }
        ++m_stats.retriesRefused;
    }
    Finish(id, TIMED_OUT);
}

void
DtocClient::Finish(uint64_t id, Outcome outcome)
{
    auto it = m_requests.find(id);
    if (it == m_requests.end())
    {
        return;
    }
    it->second.timeout.Cancel();
    it->second.retryWait.Cancel();
    Drop(it->second.socket);
    Time latency = Simulator::Now() - it->second.issued;
    std::string target = std::move(it->second.target);
    m_requests.erase(it);
    ++m_stats.outcomes[outcome];
    m_requestTrace(outcome, latency, target);
}

void
DtocClient::Drop(Ptr<Socket> socket)
{
    if (m_sockets.erase(socket) == 0)
    {
        return;
    }
    socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
    socket->SetCloseCallbacks(MakeNullCallback<void, Ptr<Socket>>(),
                              MakeNullCallback<void, Ptr<Socket>>());
    socket->Close();
}

} // namespace ns3
