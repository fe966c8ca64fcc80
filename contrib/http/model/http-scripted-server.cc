/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "http-scripted-server.h"

#include "ns3/abort.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/tcp-host-socket-factory.h"
#include "ns3/tcp-socket-extensions.h"
#include "ns3/type-id.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HttpScriptedServer");
NS_OBJECT_ENSURE_REGISTERED(HttpScriptedServer);

TypeId
HttpScriptedServer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HttpScriptedServer")
            .SetParent<Application>()
            .SetGroupName("Http")
            .AddConstructor<HttpScriptedServer>()
            .AddAttribute("Protocol",
                          "The socket factory to get sockets from (a TcpSocketFactory): the "
                          "suite's TcpHostSocketFactory by default.",
                          TypeIdValue(TcpHostSocketFactory::GetTypeId()),
                          MakeTypeIdAccessor(&HttpScriptedServer::m_protocol),
                          MakeTypeIdChecker())
            .AddAttribute("Port",
                          "TCP port to listen on.",
                          UintegerValue(80),
                          MakeUintegerAccessor(&HttpScriptedServer::m_port),
                          MakeUintegerChecker<uint16_t>());
    return tid;
}

HttpScriptedServer::HttpScriptedServer()
    : m_port(80)
{
    NS_LOG_FUNCTION(this);
}

HttpScriptedServer::~HttpScriptedServer()
{
    NS_LOG_FUNCTION(this);
}

void
HttpScriptedServer::SetScript(Script script)
{
    m_script = std::move(script);
}

const std::vector<Time>&
HttpScriptedServer::GetRequestTimes() const
{
    return m_requestTimes;
}

const std::vector<uint32_t>&
HttpScriptedServer::GetRequestsPerConnection() const
{
    return m_perConnection;
}

void
HttpScriptedServer::StartApplication()
{
    NS_LOG_FUNCTION(this);
    m_listener = Socket::CreateSocket(GetNode(), m_protocol);
    m_listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_port));
    m_listener->Listen();
    m_listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                  MakeCallback(&HttpScriptedServer::Accepted, this));
}

void
HttpScriptedServer::StopApplication()
{
    NS_LOG_FUNCTION(this);
    if (m_listener)
    {
        m_listener->Close();
        m_listener = nullptr;
    }
}

void
HttpScriptedServer::DoDispose()
{
    m_listener = nullptr;
    m_connections.clear();
    Application::DoDispose();
}

void
HttpScriptedServer::Accepted(Ptr<Socket> socket, const Address& from)
{
    NS_LOG_FUNCTION(this << socket << from);
    m_connections[socket].index = m_perConnection.size();
    m_perConnection.push_back(0);
    socket->SetRecvCallback(MakeCallback(&HttpScriptedServer::Read, this));
}

void
HttpScriptedServer::Read(Ptr<Socket> socket)
{
    Connection& c = m_connections[socket];
    while (Ptr<Packet> p = socket->Recv())
    {
        if (p->GetSize() == 0)
        {
            break; // end of stream
        }
        std::string chunk(p->GetSize(), '\0');
        p->CopyData(reinterpret_cast<uint8_t*>(chunk.data()), chunk.size());
        c.received += chunk;
    }
    size_t end;
    while ((end = c.received.find("\r\n\r\n")) != std::string::npos)
    {
        c.received.erase(0, end + 4);
        m_requestTimes.push_back(Simulator::Now());
        ++m_perConnection[c.index];
        uint32_t n = c.requests++;
        NS_LOG_INFO("request " << n << " on connection " << c.index);
        if (n >= m_script.size())
        {
            continue;
        }
        for (const Part& part : m_script[n])
        {
            Simulator::Schedule(part.delay, [socket, part]() {
                if (!part.bytes.empty())
                {
                    socket->Send(Create<Packet>(reinterpret_cast<const uint8_t*>(part.bytes.data()),
                                                part.bytes.size()));
                }
                if (part.reset)
                {
                    TcpSocketExtensions* tcp = TcpSocketExtensions::Of(socket);
                    NS_ABORT_MSG_IF(!tcp,
                                    "HttpScriptedServer: a reset needs a socket with "
                                    "TcpSocketExtensions (TcpHostSocket)");
                    tcp->CloseWithReset();
                }
                else if (part.close)
                {
                    socket->Close();
                }
            });
        }
    }
}

} // namespace ns3
