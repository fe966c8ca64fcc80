/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "iw-delack-experiment.h"

#include "ns3/abort.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/http-client.h"
#include "ns3/http-file-set.h"
#include "ns3/http-server-profile.h"
#include "ns3/http-server.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-interface-container.h"
#include "ns3/node.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/pointer.h"
#include "ns3/program-input.h"
#include "ns3/seed-002-traces.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-delayed-ack-clock.h"
#include "ns3/tcp-host-helper.h"
#include "ns3/tcp-host-profile.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

namespace ns3
{

namespace
{

/// When the client sends its SYN.
const Time START = Seconds(1);

/// The page's document: Apache 1.2.5's head for a static HTML file, 256
/// bytes with the status line, Content-Length and "Connection: close" the
/// server adds (the ETag's middle part is the size, 13293 = 0x33ed).
const char* const APACHE_HEAD = "Date: Sun, 20 Sep 1998 12:00:00 GMT"
                                "|Server: Apache/1.2.5 PHP/FI-2.0b13"
                                "|Last-Modified: Sun, 20 Sep 1998 11:00:00 GMT"
                                "|ETag: \"2c0b2-33ed-36050a00\""
                                "|Accept-Ranges: bytes"
                                "|Content-Type: text/html";

/**
 * @brief Set a node's delayed-ACK clock so that it ticks at a time after
 * the SYN (or leave its boot phase random).
 * @param node the node
 * @param tick seconds after START, or none
 */
void
SetTick(Ptr<Node> node, std::optional<double> tick)
{
    Ptr<TcpDelayedAckClock> clock = TcpDelayedAckClock::Get(node);
    if (!tick)
    {
        return;
    }
    TimeValue interval;
    clock->GetAttribute("TickInterval", interval);
    double phase = std::fmod(START.GetSeconds() + *tick, interval.Get().GetSeconds());
    clock->SetAttribute(
        "BootPhase",
        PointerValue(
            CreateObjectWithAttributes<ConstantRandomVariable>("Constant", DoubleValue(phase))));
}

/**
 * @brief Install one host: the suite's TCP with a profile, Reno-style
 * congestion control (NewReno: slow start of one segment per ACK).
 * @param node the node
 * @param profile the TcpHostProfile
 * @param initialWindow its initial window
 */
void
InstallHost(Ptr<Node> node, const std::string& profile, uint32_t initialWindow)
{
    TcpHostHelper host;
    host.SetProfile(profile);
    host.SetSocketAttribute("InitialCwnd", UintegerValue(initialWindow));
    host.Install(node);
    node->GetObject<TcpL4Protocol>()->SetAttribute("SocketType",
                                                   TypeIdValue(TcpNewReno::GetTypeId()));
}

} // namespace

std::string
IwDelackConfig::Validate() const
{
    std::ostringstream why;
    std::vector<std::string> profiles = TcpHostProfile::List();
    auto known = [&](const std::string& name) {
        return std::find(profiles.begin(), profiles.end(), name) != profiles.end();
    };
    DataRateValue rate;
    if (!known(serverProfile) || !known(clientProfile))
    {
        why << "unknown host profile '" << (known(serverProfile) ? clientProfile : serverProfile)
            << "' (known:";
        for (const auto& name : profiles)
        {
            why << " " << name;
        }
        why << ")";
    }
    else if (serverInitialWindow < 1 || clientInitialWindow < 1 || serverInitialWindow > 1000 ||
             clientInitialWindow > 1000)
    {
        why << "initial windows must be 1 to 1000 segments";
    }
    else if ((clientTick && (!std::isfinite(*clientTick) || *clientTick < 0)) ||
             (serverTick && (!std::isfinite(*serverTick) || *serverTick < 0)))
    {
        why << "a tick time must be a finite time >= 0 after the SYN";
    }
    else if (bodyBytes < 1)
    {
        why << "the document must have at least one byte";
    }
    else if (!rate.DeserializeFromString(linkRate, MakeDataRateChecker()) ||
             rate.Get().GetBitRate() == 0)
    {
        why << "link rate '" << linkRate << "' is not a data rate (e.g. 100Mbps)";
    }
    else if (!std::isfinite(linkDelay) || linkDelay < 0 || linkDelay > 1)
    {
        why << "the link delay must be between 0 and 1 s";
    }
    return why.str();
}

IwDelackConfig
IwDelackCase(const std::string& figure)
{
    // Server IW; client profile and IW; the client's tick: the time on the
    // page of the figure's first delayed ACK, or a time far from the
    // exchange when the figure has none. The server's tick is 100 ms after
    // the SYN in every case: the server defers only the ACK of the request,
    // which its response carries 3 ms later.
    struct Case
    {
        uint32_t serverIw;
        std::string client;
        uint32_t clientIw;
        double clientTick;
    };

    static const std::map<std::string, Case> cases = {
        {"2.1", {1, "IRIX-6.2-Indy", 1, 0.038097}}, // line 6
        {"2.2", {2, "IRIX-6.2-Indy", 1, 0.1}},      // no delayed ACK
        {"3.1", {1, "Solaris-2.6", 1, 0.1980}},     // line 12
        {"3.2", {1, "Solaris-2.6", 2, 0.2002}},     // line 12
        {"3.3", {2, "Solaris-2.6", 1, 0.2009}},     // line 13
        {"3.4", {2, "Solaris-2.6", 2, 0.2019}},     // line 13
        {"3.5", {2, "Solaris-2.6", 2, 0.0061}},     // line 13 (see the doc)
    };
    auto it = cases.find(figure);
    NS_ABORT_MSG_IF(it == cases.end(),
                    "IwDelackCase: no figure '" << figure
                                                << "' (2.1, 2.2, 3.1, 3.2, 3.3, 3.4, 3.5)");
    IwDelackConfig c;
    c.serverInitialWindow = it->second.serverIw;
    c.clientProfile = it->second.client;
    c.clientInitialWindow = it->second.clientIw;
    c.clientTick = it->second.clientTick;
    c.serverTick = 0.1;
    return c;
}

std::vector<std::string>
IwDelackCases()
{
    return {"2.1", "2.2", "3.1", "3.2", "3.3", "3.4", "3.5"};
}

IwDelackResult
RunIwDelack(const IwDelackConfig& c)
{
    std::string problem = c.Validate();
    RequireValid("RunIwDelack", problem);

    Ptr<Node> client = CreateObject<Node>();
    Ptr<Node> server = CreateObject<Node>();
    InstallHost(client, c.clientProfile, c.clientInitialWindow);
    InstallHost(server, c.serverProfile, c.serverInitialWindow);
    PointToPointHelper lan;
    lan.SetDeviceAttribute("DataRate", StringValue(c.linkRate));
    lan.SetChannelAttribute("Delay", TimeValue(Seconds(c.linkDelay)));
    NetDeviceContainer link = lan.Install(client, server);
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = addresses.Assign(link);
    // A LAN with no queue management (Assign installed ns-3's default).
    TrafficControlHelper::Default().Uninstall(link);
    SetTick(client, c.clientTick);
    SetTick(server, c.serverTick);
    // Fixed streams: the same run gives the same phases, in any process.
    TcpDelayedAckClock::Get(client)->AssignStreams(1);
    TcpDelayedAckClock::Get(server)->AssignStreams(2);

    const uint16_t port = 80;
    Ptr<HttpFileSet> files = CreateObject<HttpFileSet>();
    files->AddFile(c.bodyBytes, 1, "/test.html");
    files->AssignStreams(3);
    Ptr<HttpServer> http = CreateObject<HttpServer>();
    http->SetAttribute("Port", UintegerValue(port));
    http->SetAttribute("DocumentStore", PointerValue(files));
    http->SetAttribute("ResponseHeaders", StringValue(APACHE_HEAD));
    TcpHostProfile::Apply(HttpServerProfile::Get(c.serverProfile), http);
    server->AddApplication(http);

    Ptr<HttpFileSetRequestSource> source = CreateObject<HttpFileSetRequestSource>();
    source->SetAttribute("FileSet", PointerValue(files));
    Ptr<HttpClient> get = CreateObject<HttpClient>();
    get->SetAttribute("Remote", AddressValue(InetSocketAddress(interfaces.GetAddress(1), port)));
    get->SetAttribute("RequestSource", PointerValue(source));
    get->SetAttribute("Version", StringValue("HTTP/1.0"));
    get->SetAttribute("ReadSize", UintegerValue(c.readSize));
    get->SetAttribute("ThinkTime", TimeValue(Seconds(1000))); // one GET
    client->AddApplication(get);
    get->SetStartTime(START);

    Ptr<TcpdumpTrace> dump = CreateObject<TcpdumpTrace>();
    dump->Attach(server, interfaces.GetAddress(0));
    Simulator::Stop(START + Seconds(10));
    Simulator::Run();

    IwDelackResult r;
    r.trace = dump->GetLines();
    r.clientPort = dump->GetClientPort();
    r.transferTime = r.trace.empty() ? 0 : r.trace.back().time;
    for (size_t i = 0; i < r.trace.size(); ++i)
    {
        r.delayedAcks += IsDelayedAck(r.trace, i);
    }
    r.clientTick = (TcpDelayedAckClock::Get(client)->GetNextTick(START) - START).GetSeconds();
    r.serverTick = (TcpDelayedAckClock::Get(server)->GetNextTick(START) - START).GetSeconds();
    r.completed = get->GetStats().requestsCompleted == 1;
    r.events = Simulator::GetEventCount();
    Simulator::Destroy();
    return r;
}

} // namespace ns3
