/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "packetdrill-runner.h"

#include "ns3/boolean.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/ppp-header.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-host-helper.h"
#include "ns3/tcp-host-profile.h"
#include "ns3/tcp-host-socket-factory.h"
#include "ns3/tcp-host-socket.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-listen-queue.h"
#include "ns3/tcp-option-rfc793.h"
#include "ns3/tcp-option-sack-permitted.h"
#include "ns3/tcp-option-ts.h"
#include "ns3/tcp-option-winscale.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/tcp-socket.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cstdio>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PacketdrillRunner");

namespace
{

/// @return ("ns3::Type", "Attribute") of an attribute's full name
std::pair<std::string, std::string>
TypeAndAttribute(const std::string& name)
{
    size_t at = name.rfind("::");
    return {name.substr(0, at), name.substr(at + 2)};
}

/// @return whether a sysctl's attribute is set on each socket
bool
IsSocketType(const std::string& type)
{
    // TcpSocket, TcpSocketBase, TcpHostSocket; ns-3's own socket has no
    // TcpHostSocket ones (it takes its window scale from RcvBufSize)
    return type == "ns3::TcpSocket" || type == "ns3::TcpSocketBase" || type == "ns3::TcpHostSocket";
}

const Ipv4Address DUT_ADDRESS("10.0.0.1");  //!< The node under test
const Ipv4Address PEER_ADDRESS("10.0.0.2"); //!< The scripted peer
const uint16_t BIND_PORT = 8080;            //!< bind() binds here
const uint16_t PEER_PORT = 48000;           //!< The peer's port towards a listener
const uint16_t CONNECT_PORT = 8080;         //!< connect() connects to the peer here
const uint32_t PEER_ISN = 1000000;          //!< The peer's initial sequence number
const uint16_t DEFAULT_WINDOW = 65535;      //!< An inbound segment's window without `win`

/// @return t in seconds as the messages print it
std::string
Seconds6(Time t)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6f", t.GetSeconds());
    return buf;
}

/// @return ns-3's errno as Linux names it
std::string
ErrnoName(Socket::SocketErrno e)
{
    switch (e)
    {
    case Socket::ERROR_NOTERROR:
        return "";
    case Socket::ERROR_ISCONN:
        return "EISCONN";
    case Socket::ERROR_NOTCONN:
        return "ENOTCONN";
    case Socket::ERROR_MSGSIZE:
        return "EMSGSIZE";
    case Socket::ERROR_AGAIN:
        return "EAGAIN";
    case Socket::ERROR_SHUTDOWN:
        return "EPIPE";
    case Socket::ERROR_OPNOTSUPP:
        return "EOPNOTSUPP";
    case Socket::ERROR_AFNOSUPPORT:
        return "EAFNOSUPPORT";
    case Socket::ERROR_INVAL:
        return "EINVAL";
    case Socket::ERROR_BADF:
        return "EBADF";
    case Socket::ERROR_NOROUTETOHOST:
        return "EHOSTUNREACH";
    case Socket::ERROR_NODEV:
        return "ENODEV";
    case Socket::ERROR_ADDRNOTAVAIL:
        return "EADDRNOTAVAIL";
    case Socket::ERROR_ADDRINUSE:
        return "EADDRINUSE";
    default:
        return "EIO";
    }
}

/// A call's outcome: its return value and errno name
struct CallResult
{
    int64_t value{0};      //!< Return value
    std::string errnoName; //!< With -1
    std::string extra;     //!< getsockopt: the value it read, "[N]"
};

/// What the runner knows of one socket of the node under test
struct SocketState
{
    Ptr<Socket> socket;                  //!< The socket
    bool nonBlocking{false};             //!< O_NONBLOCK
    bool listener{false};                //!< listen() called
    std::deque<Ptr<Socket>> accepted;    //!< A listener's connections not yet accept()ed
    bool finReceived{false};             //!< The peer's FIN arrived (read returns 0)
    bool readShutdown{false};            //!< shutdown(SHUT_RD): read returns 0 when empty
    bool reset{false};                   //!< The connection was reset
    bool connected{false};               //!< connect() succeeded
    bool connectFailed{false};           //!< connect() failed
    std::optional<uint32_t> deferAccept; //!< TCP_DEFER_ACCEPT's seconds, if set
};

} // namespace

/**
 * @ingroup packetdrill
 * @brief One script's run: the two nodes, the script's position, the sockets.
 */
class PacketdrillSession
{
  public:
    /**
     * @param script the script
     * @param config how to run it
     */
    PacketdrillSession(const PacketdrillScript& script, const PacketdrillConfig& config);

    /// Build the nodes and the link
    void Build();
    /// Play the first event
    void Start();
    /// @return the verdict, after Simulator::Run()
    PacketdrillVerdict Verdict();

  private:
    /// Play the next event (or end the script)
    void Step();
    /// @return when an event starts
    Time Target(const PacketdrillTime& t) const;
    /// @return when an event's range or blocking call ends
    Time EndTarget(const PacketdrillTime& t) const;
    /// End: PASS if nothing failed
    void End();
    /**
     * @param line the script line
     * @param message what went wrong
     */
    void Fail(uint32_t line, const std::string& message);
    /// @param index the inbound event to send
    void DoInbound(size_t index);
    /// @param index the call event to perform
    void DoCall(size_t index);
    /**
     * @param index the call event
     * @param r its outcome
     */
    void Complete(size_t index, const CallResult& r);
    /// An outbound segment was due and did not come
    void OnTimeout();
    /// Try the blocked call again
    void RetryPending();
    /**
     * @brief The peer's device received what the node under test sent.
     * @param device the peer's device
     * @param packet the IPv4 packet
     * @param protocol its EtherType
     * @param from the sender's address
     * @return true
     */
    bool OnCapture(Ptr<NetDevice> device,
                   Ptr<const Packet> packet,
                   uint16_t protocol,
                   const Address& from);
    /**
     * @param h an outbound header
     * @param length its payload
     * @return it as a script line would write it, in relative numbers
     */
    std::string Render(const TcpHeader& h, uint32_t length, bool ports) const;
    /// @param peerPort a connection's peer port
    /// @return the node under test's ISN on it, if its SYN was seen
    std::optional<uint32_t> IsnOf(uint16_t peerPort) const;
    /**
     * @param expected the script's segment
     * @param h the header sent
     * @param length its payload
     * @return "" if it matches, else what differs
     */
    std::string Compare(const PacketdrillSegment& expected, const TcpHeader& h, uint32_t length);
    /// @param socket a new socket of the node under test: its callbacks
    void Watch(Ptr<Socket> socket);
    /// @param s socket: a receive or send callback
    void OnSocketEvent(Ptr<Socket> s);
    /// @param s socket: a send callback
    /// @param available bytes free
    void OnSend(Ptr<Socket> s, uint32_t available);
    /// @param s the socket: connected
    void OnConnected(Ptr<Socket> s);
    /// @param s the socket: connect failed
    void OnConnectFailed(Ptr<Socket> s);
    /// @param s the socket: closed normally
    void OnNormalClose(Ptr<Socket> s);
    /// @param s the socket: reset
    void OnErrorClose(Ptr<Socket> s);
    /// @param s the new connection
    /// @param from its peer
    void OnNewConnection(Ptr<Socket> s, const Address& from);
    /// A connection joined a suite listener's accept queue: accept() may take it
    void OnAcceptReady();
    /**
     * @brief accept(2) on a listener: the oldest connection of the suite's
     * accept queue (which it waits in until then, so that its limits
     * bite, as Linux's), or of the connections ns-3's listener handed over.
     * @param s the listener
     * @param st its state
     * @return the connection, or null if none is ready
     */
    Ptr<Socket> TakeConnection(Ptr<Socket> s, SocketState* st);
    /// @param context the socket's id
    /// @param oldState before
    /// @param newState after
    void OnState(std::string context,
                 TcpSocket::TcpStates_t oldState,
                 TcpSocket::TcpStates_t newState);
    /// @return a new socket of the chosen class on the node under test
    Ptr<Socket> NewSocket();
    /// @param fd a descriptor
    /// @return its state, or null
    SocketState* Fd(int64_t fd);

    const PacketdrillScript& m_script; //!< The script
    PacketdrillConfig m_config;        //!< How to run it
    Ptr<Node> m_dut;                   //!< Node under test
    Ptr<Node> m_peer;                  //!< Scripted peer
    Ptr<NetDevice> m_dutDevice;        //!< Its device
    Ptr<NetDevice> m_peerDevice;       //!< The peer's device
    size_t m_next{0};                  //!< The event to play
    Time m_last;                       //!< When the previous event happened
    bool m_done{false};                //!< A verdict is in
    PacketdrillVerdict m_verdict;      //!< The verdict
    bool m_awaiting{false};            //!< An outbound segment is due
    Time m_awaitStart;                 //!< Not before this (less the tolerance)
    EventId m_timeout;                 //!< Not after this
    bool m_pending{false};             //!< A blocking call has not returned
    size_t m_pendingIndex{0};          //!< Its event
    std::function<std::optional<CallResult>()> m_pendingTry; //!< Tries it again
    bool m_stepAfterPending{false};                          //!< The next call waits for it
    std::map<int64_t, Ptr<Socket>> m_fds;                    //!< Open descriptors
    std::map<Socket*, SocketState> m_sockets;                //!< Every socket seen
    std::map<std::string, Socket*> m_ids;                    //!< Trace context to socket
    int64_t m_nextFd{3};                                     //!< The next descriptor
    uint16_t m_localPort{BIND_PORT};                         //!< The node under test's port
    uint16_t m_remotePort{PEER_PORT};                        //!< The peer's port
    /// The node under test's ISN per connection (by the peer's port), from its SYN
    std::map<uint16_t, uint32_t> m_dutIsn;
    bool m_tsKnown{false};  //!< A TS val was seen
    uint32_t m_tsOffset{0}; //!< Its TS val less the script's
    uint16_t m_ipId{0};     //!< IPv4 identification
};

PacketdrillSession::PacketdrillSession(const PacketdrillScript& script,
                                       const PacketdrillConfig& config)
    : m_script(script),
      m_config(config)
{
}

void
PacketdrillSession::Build()
{
    m_dut = CreateObject<Node>();
    m_peer = CreateObject<Node>();
    if (m_config.socket == "suite")
    {
        TcpHostHelper host;
        host.SetProfile(m_config.profile);
        // The script's sysctls: the queues' and TIME_WAIT's on the helper
        // (a user's setting there wins over the profile), the sockets' on
        // each socket as it is made (NewSocket)
        for (const auto& [name, value] : m_script.settings)
        {
            auto [type, attribute] = TypeAndAttribute(name);
            if (type == "ns3::TcpListenQueue")
            {
                host.SetListenQueueAttribute(attribute, StringValue(value));
            }
            else if (type == "ns3::TimeWaitTable")
            {
                host.SetTimeWaitTableAttribute(attribute, StringValue(value));
            }
        }
        host.Install(m_dut);
        host.AssignStreams(NodeContainer(m_dut), 1);
    }
    else
    {
        InternetStackHelper stack;
        stack.Install(m_dut);
        stack.AssignStreams(NodeContainer(m_dut), 1);
    }
    for (const auto& [name, value] : m_script.settings)
    {
        if (auto [type, attribute] = TypeAndAttribute(name); type == "ns3::TcpL4Protocol")
        {
            m_dut->GetObject<TcpL4Protocol>()->SetAttribute(attribute, StringValue(value));
        }
    }
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("10Gbps"));
    p2p.SetChannelAttribute("Delay", StringValue("0s"));
    NetDeviceContainer devices = p2p.Install(m_dut, m_peer);
    m_dutDevice = devices.Get(0);
    m_peerDevice = devices.Get(1);
    Ptr<Ipv4> ipv4 = m_dut->GetObject<Ipv4>();
    uint32_t i = ipv4->AddInterface(m_dutDevice);
    ipv4->AddAddress(i, Ipv4InterfaceAddress(DUT_ADDRESS, Ipv4Mask("255.255.255.0")));
    ipv4->SetUp(i);
    // The peer has no stack: what the node under test sends ends here
    m_peerDevice->SetReceiveCallback(MakeCallback(&PacketdrillSession::OnCapture, this));
}

void
PacketdrillSession::Start()
{
    m_last = Simulator::Now();
    // Every event of the script acts on the node under test: its context
    Simulator::ScheduleWithContext(m_dut->GetId(), Time(0), &PacketdrillSession::Step, this);
}

PacketdrillVerdict
PacketdrillSession::Verdict()
{
    if (!m_done && m_pending)
    {
        const PacketdrillEvent& ev = m_script.events[m_pendingIndex];
        Fail(ev.line,
             "expected " + ev.text +
                 ", got no return by the time limit, at t=" + Seconds6(Simulator::Now()));
    }
    if (!m_done)
    {
        const PacketdrillEvent& ev = m_script.events[std::min(m_next, m_script.events.size() - 1)];
        Fail(ev.line,
             "expected " + ev.text +
                 ", got nothing by the time limit, at t=" + Seconds6(Simulator::Now()));
    }
    for (auto& [id, state] : m_sockets)
    {
        state.socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
    }
    m_fds.clear();
    m_sockets.clear();
    return m_verdict;
}

Time
PacketdrillSession::Target(const PacketdrillTime& t) const
{
    switch (t.kind)
    {
    case PacketdrillTime::ABSOLUTE:
        return Seconds(t.start);
    case PacketdrillTime::RELATIVE:
        return m_last + Seconds(t.start);
    default:
        return Simulator::Now();
    }
}

Time
PacketdrillSession::EndTarget(const PacketdrillTime& t) const
{
    if (!t.hasEnd)
    {
        return Target(t);
    }
    if (t.endRelative)
    {
        return Target(t) + Seconds(t.end);
    }
    return t.kind == PacketdrillTime::RELATIVE ? m_last + Seconds(t.end) : Seconds(t.end);
}

void
PacketdrillSession::Step()
{
    if (m_done)
    {
        return;
    }
    if (m_next >= m_script.events.size())
    {
        End();
        return;
    }
    const PacketdrillEvent& ev = m_script.events[m_next];
    Time now = Simulator::Now();
    Time target = Target(ev.time);
    Time delay = std::max(Time(0), target - now);
    switch (ev.kind)
    {
    case PacketdrillEvent::INBOUND:
        Simulator::ScheduleWithContext(m_dut->GetId(),
                                       delay,
                                       &PacketdrillSession::DoInbound,
                                       this,
                                       m_next);
        break;
    case PacketdrillEvent::CALL:
        if (m_pending)
        {
            m_stepAfterPending = true;
            return;
        }
        Simulator::ScheduleWithContext(m_dut->GetId(),
                                       delay,
                                       &PacketdrillSession::DoCall,
                                       this,
                                       m_next);
        break;
    case PacketdrillEvent::OUTBOUND:
        m_awaiting = true;
        m_awaitStart = target;
        if (ev.time.kind != PacketdrillTime::ANY)
        {
            Time deadline = EndTarget(ev.time) + m_config.tolerance;
            m_timeout = Simulator::Schedule(std::max(Time(0), deadline - now),
                                            &PacketdrillSession::OnTimeout,
                                            this);
        }
        break;
    }
}

void
PacketdrillSession::End()
{
    if (m_pending)
    {
        m_stepAfterPending = true; // the script ends when its blocking call returns
        return;
    }
    m_done = true;
    m_verdict.kind = PacketdrillVerdict::PASS;
    Simulator::Stop();
}

void
PacketdrillSession::Fail(uint32_t line, const std::string& message)
{
    if (m_done)
    {
        return;
    }
    NS_LOG_INFO("FAIL line " << line << ": " << message);
    m_done = true;
    m_verdict.kind = PacketdrillVerdict::FAIL;
    m_verdict.line = line;
    m_verdict.message = message;
    Simulator::Stop();
}

void
PacketdrillSession::OnTimeout()
{
    const PacketdrillEvent& ev = m_script.events[m_next];
    Fail(ev.line,
         "expected " + ev.text + " at t=" + Seconds6(m_awaitStart) +
             ", got nothing, at t=" + Seconds6(Simulator::Now()));
}

void
PacketdrillSession::DoInbound(size_t index)
{
    if (m_done)
    {
        return;
    }
    const PacketdrillEvent& ev = m_script.events[index];
    const PacketdrillSegment& s = ev.segment;
    TcpHeader h;
    // The script's ports, or the one connection's
    h.SetSourcePort(s.hasPorts ? s.sourcePort : m_remotePort);
    h.SetDestinationPort(s.hasPorts ? s.destinationPort : m_localPort);
    h.SetSequenceNumber(SequenceNumber32(PEER_ISN + s.seq));
    h.SetAckNumber(SequenceNumber32(s.hasAck ? IsnOf(h.GetSourcePort()).value_or(0) + s.ack : 0));
    h.SetFlags(s.flags);
    h.SetWindowSize(s.hasWindow ? s.window : DEFAULT_WINDOW);
    for (const PacketdrillOption& o : s.options)
    {
        switch (o.kind)
        {
        case PacketdrillOption::MSS: {
            Ptr<TcpOptionMSS> mss = CreateObject<TcpOptionMSS>();
            mss->SetMSS(o.value);
            h.AppendOption(mss);
            break;
        }
        case PacketdrillOption::WSCALE: {
            Ptr<TcpOptionWinScale> ws = CreateObject<TcpOptionWinScale>();
            ws->SetScale(o.value);
            h.AppendOption(ws);
            break;
        }
        case PacketdrillOption::SACK_OK:
            h.AppendOption(CreateObject<TcpOptionSackPermitted>());
            break;
        case PacketdrillOption::TS: {
            Ptr<TcpOptionTS> ts = CreateObject<TcpOptionTS>();
            ts->SetTimestamp(o.tsVal);
            ts->SetEcho(o.tsEcr == 0 || !m_tsKnown ? o.tsEcr : o.tsEcr + m_tsOffset);
            h.AppendOption(ts);
            break;
        }
        default:
            break; // nop, eol: ns-3 pads the options itself
        }
    }
    Ptr<Packet> p = Create<Packet>(s.length);
    p->AddHeader(h);
    Ipv4Header ip;
    ip.SetSource(PEER_ADDRESS);
    ip.SetDestination(DUT_ADDRESS);
    ip.SetProtocol(6);
    ip.SetTtl(64);
    ip.SetIdentification(m_ipId++);
    ip.SetPayloadSize(p->GetSize());
    p->AddHeader(ip);
    if (m_config.trace)
    {
        m_verdict.trace.push_back(Seconds6(Simulator::Now()) + " " + ev.text);
    }
    // Into the node under test's device at once, as packetdrill writes to
    // its tun device: a call at the same time finds the segment processed
    PppHeader ppp;
    ppp.SetProtocol(0x0021); // IPv4
    p->AddHeader(ppp);
    DynamicCast<PointToPointNetDevice>(m_dutDevice)->Receive(p);
    m_last = Simulator::Now();
    m_next = index + 1;
    Step();
}

std::optional<uint32_t>
PacketdrillSession::IsnOf(uint16_t peerPort) const
{
    auto it = m_dutIsn.find(peerPort);
    return it == m_dutIsn.end() ? std::nullopt : std::optional<uint32_t>(it->second);
}

std::string
PacketdrillSession::Render(const TcpHeader& h, uint32_t length, bool ports) const
{
    std::ostringstream out;
    uint32_t seq = h.GetSequenceNumber().GetValue() - IsnOf(h.GetDestinationPort()).value_or(0);
    out << "> ";
    if (ports)
    {
        out << h.GetSourcePort() << ">" << h.GetDestinationPort() << " ";
    }
    out << PacketdrillParser::FlagsToString(h.GetFlags()) << " " << seq << ":" << seq + length
        << "(" << length << ")";
    if (h.GetFlags() & TcpHeader::ACK)
    {
        out << " ack " << h.GetAckNumber().GetValue() - PEER_ISN;
    }
    out << " win " << h.GetWindowSize();
    std::vector<std::string> opts;
    for (const Ptr<const TcpOption>& o : h.GetOptionList())
    {
        switch (o->GetKind())
        {
        case TcpOption::NOP:
            opts.emplace_back("nop");
            break;
        case TcpOption::END:
            opts.emplace_back("eol");
            break;
        case TcpOption::MSS:
            opts.push_back("mss " + std::to_string(DynamicCast<const TcpOptionMSS>(o)->GetMSS()));
            break;
        case TcpOption::WINSCALE:
            opts.push_back("wscale " +
                           std::to_string(DynamicCast<const TcpOptionWinScale>(o)->GetScale()));
            break;
        case TcpOption::SACKPERMITTED:
            opts.emplace_back("sackOK");
            break;
        case TcpOption::TS: {
            Ptr<const TcpOptionTS> ts = DynamicCast<const TcpOptionTS>(o);
            opts.push_back("TS val " + std::to_string(ts->GetTimestamp()) + " ecr " +
                           std::to_string(ts->GetEcho()));
            break;
        }
        case TcpOption::SACK:
            opts.emplace_back("sack ...");
            break;
        default:
            opts.push_back("kind " + std::to_string(o->GetKind()));
        }
    }
    if (!opts.empty())
    {
        out << " <";
        for (size_t i = 0; i < opts.size(); ++i)
        {
            out << (i ? "," : "") << opts[i];
        }
        out << ">";
    }
    return out.str();
}

std::string
PacketdrillSession::Compare(const PacketdrillSegment& e, const TcpHeader& h, uint32_t length)
{
    if (e.hasPorts &&
        (h.GetSourcePort() != e.sourcePort || h.GetDestinationPort() != e.destinationPort))
    {
        return "ports";
    }
    if (h.GetFlags() != e.flags)
    {
        return "flags";
    }
    // Sequence numbers are relative to this connection's ISN (the peer's port
    // tells the connection)
    const uint16_t peer = h.GetDestinationPort();
    if ((e.flags & TcpHeader::SYN) && !IsnOf(peer))
    {
        m_dutIsn[peer] = h.GetSequenceNumber().GetValue() - e.seq;
    }
    if (h.GetSequenceNumber().GetValue() - IsnOf(peer).value_or(0) != e.seq)
    {
        return "sequence number";
    }
    if (length != e.length)
    {
        return "length";
    }
    if (e.hasAck && h.GetAckNumber().GetValue() - PEER_ISN != e.ack)
    {
        return "ack";
    }
    if (e.hasWindow && h.GetWindowSize() != e.window)
    {
        return "window";
    }
    if (!e.hasOptions && !e.anyOptions)
    {
        // None listed: none sent (nop and eol aside), as packetdrill has it
        for (const Ptr<const TcpOption>& o : h.GetOptionList())
        {
            if (o->GetKind() != TcpOption::NOP && o->GetKind() != TcpOption::END)
            {
                return "options the script does not list";
            }
        }
        return "";
    }
    if (e.anyOptions)
    {
        return "";
    }
    // Options by kind: nop and eol are padding, their places are ns-3's
    std::map<uint8_t, Ptr<const TcpOption>> actual;
    for (const Ptr<const TcpOption>& o : h.GetOptionList())
    {
        if (o->GetKind() != TcpOption::NOP && o->GetKind() != TcpOption::END)
        {
            actual[o->GetKind()] = o;
        }
    }
    size_t expectedCount = 0;
    for (const PacketdrillOption& o : e.options)
    {
        uint8_t kind = 0;
        switch (o.kind)
        {
        case PacketdrillOption::MSS:
            kind = TcpOption::MSS;
            break;
        case PacketdrillOption::WSCALE:
            kind = TcpOption::WINSCALE;
            break;
        case PacketdrillOption::SACK_OK:
            kind = TcpOption::SACKPERMITTED;
            break;
        case PacketdrillOption::TS:
            kind = TcpOption::TS;
            break;
        default:
            continue;
        }
        ++expectedCount;
        auto it = actual.find(kind);
        if (it == actual.end())
        {
            return "no " +
                   std::string(o.kind == PacketdrillOption::MSS      ? "mss"
                               : o.kind == PacketdrillOption::WSCALE ? "wscale"
                               : o.kind == PacketdrillOption::TS     ? "TS"
                                                                     : "sackOK") +
                   " option";
        }
        if (o.kind == PacketdrillOption::MSS &&
            DynamicCast<const TcpOptionMSS>(it->second)->GetMSS() != o.value)
        {
            return "mss";
        }
        if (o.kind == PacketdrillOption::WSCALE &&
            DynamicCast<const TcpOptionWinScale>(it->second)->GetScale() != o.value)
        {
            return "wscale";
        }
        if (o.kind == PacketdrillOption::TS)
        {
            Ptr<const TcpOptionTS> ts = DynamicCast<const TcpOptionTS>(it->second);
            if (!o.anyEcr && ts->GetEcho() != o.tsEcr)
            {
                return "TS ecr";
            }
            if (!o.anyVal)
            {
                m_tsOffset = ts->GetTimestamp() - o.tsVal;
                m_tsKnown = true;
            }
        }
    }
    if (actual.size() != expectedCount)
    {
        return "options the script does not list";
    }
    return "";
}

bool
PacketdrillSession::OnCapture(Ptr<NetDevice> device,
                              Ptr<const Packet> packet,
                              uint16_t protocol,
                              const Address& from)
{
    if (m_done || protocol != 0x0800)
    {
        return true;
    }
    Ptr<Packet> p = packet->Copy();
    Ipv4Header ip;
    p->RemoveHeader(ip);
    if (ip.GetProtocol() != 6)
    {
        return true;
    }
    TcpHeader h;
    p->RemoveHeader(h);
    uint32_t length = p->GetSize();
    if (h.GetFlags() & TcpHeader::SYN)
    {
        m_localPort = h.GetSourcePort();
    }
    Time now = Simulator::Now();
    if (m_next >= m_script.events.size())
    {
        return true; // after the script's end: not checked
    }
    const PacketdrillEvent& ev = m_script.events[m_next];
    std::string got =
        Render(h, length, ev.kind == PacketdrillEvent::OUTBOUND && ev.segment.hasPorts);
    if (m_config.trace)
    {
        m_verdict.trace.push_back(Seconds6(now) + " " + got);
    }
    if (!m_awaiting)
    {
        Fail(ev.line,
             "expected " + ev.text + ", got " + got +
                 " (an outbound segment before it), at t=" + Seconds6(now));
        return true;
    }
    if (ev.time.kind != PacketdrillTime::ANY && now < m_awaitStart - m_config.tolerance)
    {
        Fail(ev.line,
             "expected " + ev.text + " at t=" + Seconds6(m_awaitStart) + ", got " + got +
                 " (too early), at t=" + Seconds6(now));
        return true;
    }
    if (std::string differs = Compare(ev.segment, h, length); !differs.empty())
    {
        Fail(ev.line,
             "expected " + ev.text + ", got " + got + " (" + differs + "), at t=" + Seconds6(now));
        return true;
    }
    m_awaiting = false;
    m_timeout.Cancel();
    m_last = now;
    ++m_next;
    Step();
    return true;
}

Ptr<Socket>
PacketdrillSession::NewSocket()
{
    TypeId factory = m_config.socket == "suite" ? TcpHostSocketFactory::GetTypeId()
                                                : TcpSocketFactory::GetTypeId();
    Ptr<Socket> s = Socket::CreateSocket(m_dut, factory);
    for (const auto& [name, value] : m_script.settings)
    {
        if (auto [type, attribute] = TypeAndAttribute(name); IsSocketType(type))
        {
            s->SetAttributeFailSafe(attribute, StringValue(value));
        }
    }
    Watch(s);
    return s;
}

void
PacketdrillSession::Watch(Ptr<Socket> s)
{
    SocketState& st = m_sockets[PeekPointer(s)];
    st.socket = s;
    s->SetRecvCallback(MakeCallback(&PacketdrillSession::OnSocketEvent, this));
    s->SetSendCallback(MakeCallback(&PacketdrillSession::OnSend, this));
    s->SetConnectCallback(MakeCallback(&PacketdrillSession::OnConnected, this),
                          MakeCallback(&PacketdrillSession::OnConnectFailed, this));
    s->SetCloseCallbacks(MakeCallback(&PacketdrillSession::OnNormalClose, this),
                         MakeCallback(&PacketdrillSession::OnErrorClose, this));
    std::string id = std::to_string(m_ids.size());
    m_ids[id] = PeekPointer(s);
    s->TraceConnect("State", id, MakeCallback(&PacketdrillSession::OnState, this));
}

void
PacketdrillSession::OnSocketEvent(Ptr<Socket> s)
{
    RetryPending();
}

void
PacketdrillSession::OnSend(Ptr<Socket> s, uint32_t available)
{
    RetryPending();
}

void
PacketdrillSession::OnConnected(Ptr<Socket> s)
{
    m_sockets[PeekPointer(s)].connected = true;
    RetryPending();
}

void
PacketdrillSession::OnConnectFailed(Ptr<Socket> s)
{
    m_sockets[PeekPointer(s)].connectFailed = true;
    RetryPending();
}

void
PacketdrillSession::OnNormalClose(Ptr<Socket> s)
{
    m_sockets[PeekPointer(s)].finReceived = true;
    RetryPending();
}

void
PacketdrillSession::OnErrorClose(Ptr<Socket> s)
{
    m_sockets[PeekPointer(s)].reset = true;
    RetryPending();
}

void
PacketdrillSession::OnState(std::string context,
                            TcpSocket::TcpStates_t oldState,
                            TcpSocket::TcpStates_t newState)
{
    auto it = m_ids.find(context);
    if (it == m_ids.end())
    {
        return;
    }
    if (newState == TcpSocket::CLOSE_WAIT || newState == TcpSocket::CLOSING ||
        newState == TcpSocket::TIME_WAIT ||
        (newState == TcpSocket::LAST_ACK && oldState == TcpSocket::CLOSE_WAIT))
    {
        m_sockets[it->second].finReceived = true;
        RetryPending();
    }
}

void
PacketdrillSession::OnNewConnection(Ptr<Socket> s, const Address& from)
{
    Watch(s);
    for (auto& [ptr, st] : m_sockets)
    {
        if (st.listener)
        {
            st.accepted.push_back(s);
            break;
        }
    }
    RetryPending();
}

void
PacketdrillSession::OnAcceptReady()
{
    RetryPending();
}

Ptr<Socket>
PacketdrillSession::TakeConnection(Ptr<Socket> s, SocketState* st)
{
    Ptr<TcpHostSocket> host = DynamicCast<TcpHostSocket>(s);
    if (host && host->GetListenQueue())
    {
        Address from;
        Time waited;
        Ptr<Socket> child = host->GetListenQueue()->Accept(from, waited);
        if (child)
        {
            Watch(child);
            // What happened while it waited, which its callbacks did not see
            auto tcp = DynamicCast<TcpHostSocket>(child);
            TcpSocket::TcpStates_t state = tcp ? tcp->GetState() : TcpSocket::ESTABLISHED;
            m_sockets[PeekPointer(child)].finReceived =
                state == TcpSocket::CLOSE_WAIT || state == TcpSocket::LAST_ACK;
        }
        return child;
    }
    if (st->accepted.empty())
    {
        return nullptr;
    }
    Ptr<Socket> child = st->accepted.front();
    st->accepted.pop_front();
    return child;
}

SocketState*
PacketdrillSession::Fd(int64_t fd)
{
    auto it = m_fds.find(fd);
    return it == m_fds.end() ? nullptr : &m_sockets[PeekPointer(it->second)];
}

void
PacketdrillSession::RetryPending()
{
    if (!m_pending || m_done)
    {
        return;
    }
    std::optional<CallResult> r = m_pendingTry();
    if (!r)
    {
        return;
    }
    m_pending = false;
    Complete(m_pendingIndex, *r);
    if (m_stepAfterPending && !m_done)
    {
        m_stepAfterPending = false;
        Step();
    }
}

void
PacketdrillSession::Complete(size_t index, const CallResult& r)
{
    const PacketdrillEvent& ev = m_script.events[index];
    const PacketdrillCall& c = ev.call;
    std::string got = std::to_string(r.value);
    if (!r.errnoName.empty())
    {
        got += " " + r.errnoName;
    }
    if (!r.extra.empty())
    {
        got = r.extra + " = " + got;
    }
    Time now = Simulator::Now();
    bool valueWrong = !c.anyResult && r.value != c.result;
    bool errnoWrong =
        !c.anyResult && c.result == -1 && !c.errnoName.empty() && r.errnoName != c.errnoName;
    bool extraWrong = false;
    if (c.name == "getsockopt" && !r.extra.empty())
    {
        extraWrong = r.extra != c.args[3];
    }
    if (valueWrong || errnoWrong || extraWrong)
    {
        Fail(ev.line, "expected " + ev.text + ", got " + got + ", at t=" + Seconds6(now));
        return;
    }
}

void
PacketdrillSession::DoCall(size_t index)
{
    if (m_done)
    {
        return;
    }
    const PacketdrillEvent& ev = m_script.events[index];
    const PacketdrillCall& c = ev.call;
    Time start = Simulator::Now();
    Time endTarget = EndTarget(ev.time);
    m_last = start;
    auto fd = [&c]() { return std::stoll(c.args[0]); };
    auto badf = []() { return CallResult{-1, "EBADF", ""}; };
    std::function<std::optional<CallResult>()> attempt;
    if (c.name == "socket")
    {
        attempt = [this, &c]() -> std::optional<CallResult> {
            Ptr<Socket> s = NewSocket();
            int64_t fd = m_nextFd++;
            m_fds[fd] = s;
            m_sockets[PeekPointer(s)].nonBlocking =
                c.args[1].find("SOCK_NONBLOCK") != std::string::npos;
            return CallResult{fd, "", ""};
        };
    }
    else if (Fd(fd()) == nullptr)
    {
        attempt = [badf]() -> std::optional<CallResult> { return badf(); };
    }
    else
    {
        SocketState* st = Fd(fd());
        Ptr<Socket> s = st->socket;
        if (c.name == "bind")
        {
            attempt = [this, s]() -> std::optional<CallResult> {
                if (s->Bind(InetSocketAddress(Ipv4Address::GetAny(), BIND_PORT)) < 0)
                {
                    return CallResult{-1, ErrnoName(s->GetErrno()), ""};
                }
                m_localPort = BIND_PORT;
                return CallResult{0, "", ""};
            };
        }
        else if (c.name == "listen")
        {
            uint32_t backlog = std::stoul(c.args[1]);
            attempt = [this, s, st, backlog]() -> std::optional<CallResult> {
                if (s->Listen() < 0)
                {
                    return CallResult{-1, ErrnoName(s->GetErrno()), ""};
                }
                st->listener = true;
                Ptr<TcpHostSocket> host = DynamicCast<TcpHostSocket>(s);
                if (host && host->GetListenQueue())
                {
                    // Connections wait in the accept queue until accept() takes them
                    host->GetListenQueue()->SetAcceptReadyCallback(
                        MakeCallback(&PacketdrillSession::OnAcceptReady, this));
                    host->GetListenQueue()->SetAttribute("Backlog", UintegerValue(backlog));
                    if (st->deferAccept) // set before listen(), which made the queue
                    {
                        host->GetListenQueue()->SetAttribute("DeferAccept",
                                                             TimeValue(Seconds(*st->deferAccept)));
                    }
                }
                return CallResult{0, "", ""};
            };
            s->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                 MakeCallback(&PacketdrillSession::OnNewConnection, this));
        }
        else if (c.name == "accept")
        {
            attempt = [this, s, st]() -> std::optional<CallResult> {
                if (Ptr<Socket> child = TakeConnection(s, st))
                {
                    int64_t fd = m_nextFd++;
                    m_fds[fd] = child;
                    return CallResult{fd, "", ""};
                }
                if (st->nonBlocking)
                {
                    return CallResult{-1, "EAGAIN", ""};
                }
                return std::nullopt;
            };
        }
        else if (c.name == "connect")
        {
            m_remotePort = CONNECT_PORT;
            int r = s->Connect(InetSocketAddress(PEER_ADDRESS, CONNECT_PORT));
            if (r < 0)
            {
                CallResult res{-1, ErrnoName(s->GetErrno()), ""};
                attempt = [res]() -> std::optional<CallResult> { return res; };
            }
            else if (st->nonBlocking)
            {
                attempt = []() -> std::optional<CallResult> {
                    return CallResult{-1, "EINPROGRESS", ""};
                };
            }
            else
            {
                attempt = [st]() -> std::optional<CallResult> {
                    if (st->connected)
                    {
                        return CallResult{0, "", ""};
                    }
                    if (st->connectFailed || st->reset)
                    {
                        return CallResult{-1, "ECONNREFUSED", ""};
                    }
                    return std::nullopt;
                };
            }
        }
        else if (c.name == "read" || c.name == "recv")
        {
            uint32_t n = std::stoul(c.args[2]);
            attempt = [s, st, n]() -> std::optional<CallResult> {
                if (s->GetRxAvailable() > 0)
                {
                    Ptr<Packet> p = s->Recv(n, 0);
                    return CallResult{p ? p->GetSize() : 0, "", ""};
                }
                if (st->reset)
                {
                    return CallResult{-1, "ECONNRESET", ""};
                }
                if (st->finReceived || st->readShutdown)
                {
                    // Linux's tcp_recvmsg: end of stream once the queue is
                    // empty after the peer's FIN or our SHUT_RD (ns-3's
                    // ShutdownRecv wakes no reader)
                    return CallResult{0, "", ""};
                }
                if (st->nonBlocking)
                {
                    return CallResult{-1, "EAGAIN", ""};
                }
                return std::nullopt;
            };
        }
        else if (c.name == "write" || c.name == "send")
        {
            uint32_t n = std::stoul(c.args[2]);
            attempt = [s, st, n]() -> std::optional<CallResult> {
                if (st->reset)
                {
                    return CallResult{-1, "ECONNRESET", ""};
                }
                if (s->GetTxAvailable() < n && !st->nonBlocking)
                {
                    return std::nullopt;
                }
                uint32_t size = std::min(n, s->GetTxAvailable());
                if (size == 0 && n > 0)
                {
                    return CallResult{-1, "EAGAIN", ""};
                }
                int r = s->Send(Create<Packet>(size));
                if (r < 0)
                {
                    return CallResult{-1, ErrnoName(s->GetErrno()), ""};
                }
                return CallResult{r, "", ""};
            };
        }
        else if (c.name == "close")
        {
            int64_t descriptor = fd();
            attempt = [this, s, descriptor]() -> std::optional<CallResult> {
                m_fds.erase(descriptor);
                if (s->Close() < 0)
                {
                    return CallResult{-1, ErrnoName(s->GetErrno()), ""};
                }
                return CallResult{0, "", ""};
            };
        }
        else if (c.name == "shutdown")
        {
            std::string how = c.args[1];
            attempt = [s, st, how]() -> std::optional<CallResult> {
                int r = 0;
                if (how == "SHUT_RD" || how == "SHUT_RDWR")
                {
                    r = s->ShutdownRecv();
                    st->readShutdown = r == 0;
                }
                if (r == 0 && (how == "SHUT_WR" || how == "SHUT_RDWR"))
                {
                    r = s->ShutdownSend();
                }
                if (r < 0)
                {
                    return CallResult{-1, ErrnoName(s->GetErrno()), ""};
                }
                return CallResult{0, "", ""};
            };
        }
        else if (c.name == "fcntl")
        {
            bool nonBlocking = c.args[2].find("O_NONBLOCK") != std::string::npos;
            attempt = [st, nonBlocking]() -> std::optional<CallResult> {
                st->nonBlocking = nonBlocking;
                return CallResult{0, "", ""};
            };
        }
        else if (c.name == "setsockopt" || c.name == "getsockopt")
        {
            std::string opt = c.args[2];
            bool set = c.name == "setsockopt";
            uint32_t value = std::stoul(c.args[3].substr(1, c.args[3].size() - 2));
            attempt = [s, st, opt, set, value]() -> std::optional<CallResult> {
                if (opt == "TCP_DEFER_ACCEPT")
                {
                    // The listener's queue (TcpListenQueue::DeferAccept); ns-3's
                    // own socket has none, and says so rather than ignore it
                    Ptr<TcpHostSocket> host = DynamicCast<TcpHostSocket>(s);
                    if (!host)
                    {
                        return CallResult{-1, "ENOPROTOOPT", ""};
                    }
                    if (!set)
                    {
                        return CallResult{0,
                                          "",
                                          "[" + std::to_string(st->deferAccept.value_or(0)) + "]"};
                    }
                    st->deferAccept = value;
                    if (host->GetListenQueue())
                    {
                        host->GetListenQueue()->SetAttribute("DeferAccept",
                                                             TimeValue(Seconds(value)));
                    }
                    return CallResult{0, "", ""};
                }
                std::string attribute = opt == "SO_RCVBUF"     ? "RcvBufSize"
                                        : opt == "SO_SNDBUF"   ? "SndBufSize"
                                        : opt == "TCP_NODELAY" ? "TcpNoDelay"
                                                               : "";
                if (attribute.empty())
                {
                    // SO_REUSEADDR: ns-3 binds a port again whenever it can
                    return CallResult{0, "", set ? "" : "[1]"};
                }
                if (set)
                {
                    if (attribute == "TcpNoDelay")
                    {
                        s->SetAttribute(attribute, BooleanValue(value != 0));
                    }
                    else
                    {
                        s->SetAttribute(attribute, UintegerValue(value));
                    }
                    return CallResult{0, "", ""};
                }
                uint64_t now = 0;
                if (attribute == "TcpNoDelay")
                {
                    BooleanValue b;
                    s->GetAttribute(attribute, b);
                    now = b.Get() ? 1 : 0;
                }
                else
                {
                    UintegerValue u;
                    s->GetAttribute(attribute, u);
                    now = u.Get();
                }
                return CallResult{0, "", "[" + std::to_string(now) + "]"};
            };
        }
    }
    NS_ASSERT_MSG(attempt, "the parser let an unknown call through: " << c.name);
    std::optional<CallResult> r = attempt();
    m_next = index + 1;
    if (r)
    {
        Complete(index, *r);
        if (m_done)
        {
            return;
        }
        if (ev.time.blocking &&
            (start < endTarget - m_config.tolerance || start > endTarget + m_config.tolerance))
        {
            Fail(ev.line,
                 "expected " + ev.text + " to return at t=" + Seconds6(endTarget) +
                     ", got its return at once, at t=" + Seconds6(start));
            return;
        }
    }
    else
    {
        m_pending = true;
        m_pendingIndex = index;
        m_pendingTry = [this, attempt, index, endTarget]() -> std::optional<CallResult> {
            std::optional<CallResult> r = attempt();
            const PacketdrillEvent& e = m_script.events[index];
            Time now = Simulator::Now();
            if (r && e.time.blocking &&
                (now < endTarget - m_config.tolerance || now > endTarget + m_config.tolerance))
            {
                Fail(e.line,
                     "expected " + e.text + " to return at t=" + Seconds6(endTarget) +
                         ", got its return at t=" + Seconds6(now));
            }
            return r;
        };
    }
    // The next event's time is relative to this call's start, blocking or not
    Step();
}

std::string
PacketdrillConfig::Validate() const
{
    if (socket != "suite" && socket != "stock")
    {
        return "socket '" + socket + "' is not suite or stock";
    }
    if (socket == "suite")
    {
        std::vector<std::string> names = TcpHostProfile::List();
        if (std::find(names.begin(), names.end(), profile) == names.end())
        {
            std::string known;
            for (const std::string& n : names)
            {
                known += (known.empty() ? "" : ", ") + n;
            }
            return "unknown host profile '" + profile + "' (known: " + known + ")";
        }
    }
    if (tolerance.IsNegative())
    {
        return "a negative tolerance";
    }
    return "";
}

std::string
PacketdrillVerdict::Format(const std::string& file) const
{
    std::string where = file + (line ? ":" + std::to_string(line) : std::string()) + ": ";
    switch (kind)
    {
    case PASS: {
        std::string s = "PASS " + file;
        if (!skipped.empty())
        {
            s += " (skipped:";
            for (size_t i = 0; i < skipped.size(); ++i)
            {
                s += (i ? ", " : " ") + skipped[i];
            }
            s += ")";
        }
        return s;
    }
    case FAIL:
        return "FAIL " + where + message;
    default:
        return "UNSUPPORTED " + where + message;
    }
}

PacketdrillVerdict
PacketdrillRunner::Run(const PacketdrillScript& script, const PacketdrillConfig& config)
{
    PacketdrillVerdict v;
    v.skipped = script.skipped;
    if (!script.error.empty())
    {
        v.kind = PacketdrillVerdict::FAIL;
        v.line = script.errorLine;
        v.message = script.errorLine ? "malformed line: " + script.error : script.error;
        return v;
    }
    if (script.unsupportedLine != 0)
    {
        v.kind = PacketdrillVerdict::UNSUPPORTED;
        v.line = script.unsupportedLine;
        v.message = script.unsupported;
        return v;
    }
    if (script.events.empty())
    {
        return v;
    }
    PacketdrillConfig c = config;
    if (script.tolerance >= 0)
    {
        c.tolerance = Seconds(script.tolerance);
    }
    {
        PacketdrillSession session(script, c);
        session.Build();
        session.Start();
        Simulator::Stop(c.limit);
        Simulator::Run();
        v = session.Verdict();
        Simulator::Destroy();
    }
    v.skipped = script.skipped;
    if (config.socket == "stock")
    {
        for (const auto& [name, value] : script.settings)
        {
            if (std::string type = TypeAndAttribute(name).first; type == "ns3::TcpListenQueue" ||
                                                                 type == "ns3::TimeWaitTable" ||
                                                                 type == "ns3::TcpHostSocket")
            {
                v.skipped.push_back(name + "=" + value + ": not in ns-3's own socket");
            }
        }
    }
    return v;
}

PacketdrillVerdict
PacketdrillRunner::RunFile(const std::string& path, const PacketdrillConfig& config)
{
    return Run(PacketdrillParser::ParseFile(path), config);
}

} // namespace ns3
