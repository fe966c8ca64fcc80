/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcpdump-trace.h"

#include "ns3/abort.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-option-rfc793.h"
#include "ns3/tcp-option.h"

#include <cstdio>
#include <regex>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpdumpTrace");

NS_OBJECT_ENSURE_REGISTERED(TcpdumpTrace);

bool
TcpdumpLine::IsBareAck() const
{
    return ack && length == 0 && !syn && !fin && !rst;
}

std::string
TcpdumpLine::Format(uint32_t index, uint16_t clientPort) const
{
    std::ostringstream out;
    char time[32];
    std::snprintf(time, sizeof(time), "%.6f", this->time);
    std::string client = "client." + std::to_string(clientPort);
    out << index << ": " << time << " " << (fromClient ? client : "server.www") << " > "
        << (fromClient ? "server.www" : client) << ": ";
    std::string flags =
        std::string(syn ? "S" : "") + (fin ? "F" : "") + (push ? "P" : "") + (rst ? "R" : "");
    out << (flags.empty() ? "." : flags);
    if (syn)
    {
        out << " ...:...(0)";
    }
    else if (length > 0 || fin)
    {
        out << " " << seq << ":" << seq + length << "(" << length << ")";
    }
    if (ack)
    {
        out << " ack ";
        if (syn)
        {
            out << "...";
        }
        else
        {
            out << ackNumber;
        }
    }
    out << " win " << window;
    if (mss > 0)
    {
        out << " <mss " << mss << ">";
    }
    return out.str();
}

std::optional<TcpdumpLine>
TcpdumpLine::Parse(const std::string& text)
{
    // "6: 0.038097 client.1469 > server.www: . ack 1461 win 61320"; the
    // page's Figures 3.x print "6:0.0051" (no space, four decimals).
    static const std::regex line(
        R"(^\s*\d+:\s*([0-9.]+)\s+(client|server)\.\S+\s+>\s+(client|server)\.\S+:\s+([SFPR.]+))"
        R"((?:\s+(\.\.\.|\d+):(\.\.\.|\d+)\((\d+)\))?(?:\s+ack\s+(\.\.\.|\d+))?\s+win\s+(\d+))"
        R"((?:\s+<mss\s+(\d+)>)?\s*$)");
    std::smatch m;
    if (!std::regex_match(text, m, line) || m[2] == m[3])
    {
        return std::nullopt;
    }
    TcpdumpLine l;
    l.time = std::stod(m[1]);
    l.fromClient = m[2] == "client";
    std::string flags = m[4];
    l.syn = flags.find('S') != std::string::npos;
    l.fin = flags.find('F') != std::string::npos;
    l.push = flags.find('P') != std::string::npos;
    l.rst = flags.find('R') != std::string::npos;
    if (m[5].matched && m[5] != "...")
    {
        l.seq = std::stoul(m[5]);
        l.length = std::stoul(m[7]);
    }
    l.ack = m[8].matched;
    if (l.ack && m[8] != "...")
    {
        l.ackNumber = std::stoul(m[8]);
    }
    l.window = std::stoul(m[9]);
    if (m[10].matched)
    {
        l.mss = std::stoul(m[10]);
    }
    return l;
}

TypeId
TcpdumpTrace::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TcpdumpTrace")
                            .SetParent<Object>()
                            .SetGroupName("IwDelack")
                            .AddConstructor<TcpdumpTrace>();
    return tid;
}

void
TcpdumpTrace::Attach(Ptr<Node> node, Ipv4Address client)
{
    Ptr<Ipv4L3Protocol> ip = node->GetObject<Ipv4L3Protocol>();
    NS_ABORT_MSG_UNLESS(ip, "TcpdumpTrace: the node has no IPv4");
    m_client = client;
    auto capture = [this](Ptr<const Packet> packet, Ptr<Ipv4>, uint32_t) { Capture(packet); };
    ip->TraceConnectWithoutContext("Tx",
                                   Callback<void, Ptr<const Packet>, Ptr<Ipv4>, uint32_t>(capture));
    ip->TraceConnectWithoutContext("Rx",
                                   Callback<void, Ptr<const Packet>, Ptr<Ipv4>, uint32_t>(capture));
}

const std::vector<TcpdumpLine>&
TcpdumpTrace::GetLines() const
{
    return m_lines;
}

uint16_t
TcpdumpTrace::GetClientPort() const
{
    return m_clientPort;
}

void
TcpdumpTrace::Capture(Ptr<const Packet> packet)
{
    Ptr<Packet> copy = packet->Copy();
    Ipv4Header ip;
    copy->RemoveHeader(ip);
    if (ip.GetProtocol() != 6)
    {
        return;
    }
    if (ip.GetFragmentOffset() != 0 || !ip.IsLastFragment())
    {
        // A segment larger than the link's MTU (timestamps on top of a
        // 1460-byte MSS, say): tcpdump would show fragments, not segments.
        NS_LOG_WARN("IPv4 fragment of a TCP segment: not logged");
        return;
    }
    TcpHeader tcp;
    copy->RemoveHeader(tcp);
    TcpdumpLine l;
    if (m_lines.empty())
    {
        m_start = Simulator::Now();
    }
    l.time = (Simulator::Now() - m_start).GetSeconds();
    l.fromClient = ip.GetSource() == m_client;
    uint8_t flags = tcp.GetFlags();
    l.syn = flags & TcpHeader::SYN;
    l.fin = flags & TcpHeader::FIN;
    l.push = flags & TcpHeader::PSH;
    l.rst = flags & TcpHeader::RST;
    l.ack = flags & TcpHeader::ACK;
    uint32_t seq = tcp.GetSequenceNumber().GetValue();
    uint32_t ack = tcp.GetAckNumber().GetValue();
    uint32_t& ownIsn = l.fromClient ? m_clientIsn : m_serverIsn;
    bool& ownKnown = l.fromClient ? m_clientIsnKnown : m_serverIsnKnown;
    if (l.syn)
    {
        ownIsn = seq;
        ownKnown = true;
        if (l.fromClient)
        {
            m_clientPort = tcp.GetSourcePort();
        }
    }
    uint32_t peerIsn = l.fromClient ? m_serverIsn : m_clientIsn;
    l.seq = ownKnown ? seq - ownIsn : seq;
    l.length = copy->GetSize();
    l.ackNumber = ack - peerIsn;
    l.window = tcp.GetWindowSize();
    if (tcp.HasOption(TcpOption::MSS))
    {
        auto mss = DynamicCast<const TcpOptionMSS>(tcp.GetOption(TcpOption::MSS));
        l.mss = mss ? mss->GetMSS() : 0;
    }
    m_lines.push_back(l);
}

} // namespace ns3
