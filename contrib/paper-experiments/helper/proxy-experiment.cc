/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "proxy-experiment.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/e2atbt-allocator.h"
#include "ns3/e2atbt-send-buffer.h"
#include "ns3/enum.h"
#include "ns3/http-client.h"
#include "ns3/http-proxy.h"
#include "ns3/http-server.h"
#include "ns3/idle-connection-policy.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-route-cache-helper.h"
#include "ns3/local-port-allocator.h"
#include "ns3/log.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/origin-request-source.h"
#include "ns3/packet-loss.h"
#include "ns3/persistent-connection-manager.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/pointer.h"
#include "ns3/program-input.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/socket-memory.h"
#include "ns3/string.h"
#include "ns3/surge-off-time.h"
#include "ns3/tcp-buffer-policy.h"
#include "ns3/tcp-host-census.h"
#include "ns3/tcp-host-helper.h"
#include "ns3/tcp-host-profile.h"
#include "ns3/tw-avoid-helper.h"
#include "ns3/type-id-check.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ProxyExperiment");

Ptr<HttpFileSet>
MakeSurgeDocuments(uint32_t documents, int64_t stream, double tailShare)
{
    NS_ABORT_MSG_IF(documents == 0 || !(tailShare >= 0 && tailShare <= 1),
                    "MakeSurgeDocuments: no documents, or a tail share outside [0, 1]");
    const double k = 133000; // where the tail begins, bytes
    Ptr<UniformRandomVariable> which = CreateObject<UniformRandomVariable>();
    Ptr<LogNormalRandomVariable> body = CreateObject<LogNormalRandomVariable>();
    body->SetAttribute("Mu", DoubleValue(9.357));
    body->SetAttribute("Sigma", DoubleValue(1.318));
    Ptr<ParetoRandomVariable> tail = CreateObject<ParetoRandomVariable>();
    tail->SetAttribute("Scale", DoubleValue(k));
    tail->SetAttribute("Shape", DoubleValue(1.1));
    which->SetStream(stream);
    body->SetStream(stream + 1);
    tail->SetStream(stream + 2);
    Ptr<HttpFileSet> set = CreateObject<HttpFileSet>();
    set->AssignStreams(stream + 3);
    for (uint32_t i = 0; i < documents; ++i)
    {
        double size;
        if (which->GetValue() < tailShare)
        {
            size = tail->GetValue();
        }
        else
        {
            do
            {
                size = body->GetValue(); // the body ends where the tail begins
            } while (size >= k);
        }
        set->AddFile(std::max<uint64_t>(1, std::llround(size)), 1, "/d" + std::to_string(i));
    }
    return set;
}

std::string
ProxyExperimentConfig::Validate() const
{
    std::ostringstream why;
    if (scheme < 1 || scheme > 4)
    {
        why << "scheme must be 1, 2, 3 or 4, not " << scheme;
    }
    else if (clients == 0 || servers == 0 || maxConnections == 0 || documents == 0)
    {
        why << "clients, servers, maxConnections and documents must be positive";
    }
    else if (clientHosts > clients)
    {
        why << "clientHosts must be 0 (a host per client) or at most clients (" << clients
            << "), not " << clientHosts;
    }
    else if (buffer == 0 || poolBytes == 0 || requestBuffer == 0 || originMaxRequests == 0)
    {
        why << "buffer, requestBuffer, poolBytes and originMaxRequests must be positive";
    }
    else if (requestBuffer >= buffer)
    {
        why << "requestBuffer must be less than buffer (a connection's share of which it is)";
    }
    else if (!(hitRatio >= 0 && hitRatio <= 1))
    {
        why << "hitRatio must be in [0, 1]";
    }
    else if (!(duration > 0) || !(msl > 0) ||
             !(originKeepAlive >= 0 && std::isfinite(originKeepAlive)) ||
             !(persistentTimeout >= 0 && std::isfinite(persistentTimeout)))
    {
        why << "duration and msl must be positive, originKeepAlive and persistentTimeout "
               "finite and not negative";
    }
    else if (!(startSpread > 0 && startSpread < duration))
    {
        why << "startSpread must be above 0 and below duration, not " << startSpread;
    }
    else if (stockSockets && (scheme != 1 || timeWaitPlacement != "standard" || countTimeWait ||
                              !hostProfile.empty() || linuxPorts))
    {
        why << "stockSockets runs scheme 1 with the standard close, no TIME_WAIT count, no host "
               "profile and ns-3's ports only";
    }
    else if (timeWaitPlacement != "standard" && timeWaitPlacement != "swap" &&
             timeWaitPlacement != "negotiated" && timeWaitPlacement != "origin-swap")
    {
        why << "timeWaitPlacement must be standard, swap, negotiated or origin-swap, not '"
            << timeWaitPlacement << "'";
    }
    else if (!LookupTypeOf(idlePolicy, IdleConnectionPolicy::GetTypeId()))
    {
        why << "'" << idlePolicy << "' is not an IdleConnectionPolicy type";
    }
    else if (!LookupTypeOf(upstreamPolicy, TcpBufferPolicy::GetTypeId()))
    {
        why << "'" << upstreamPolicy << "' is not a TcpBufferPolicy type";
    }
    else if (const auto known = TcpHostProfile::List();
             !hostProfile.empty() &&
             std::find(known.begin(), known.end(), hostProfile) == known.end())
    {
        why << "unknown host profile '" << hostProfile << "'";
    }
    else if (!linuxPorts && (portLow != 32768 || portHigh != 60999 || twReuse != "LoopbackOnly"))
    {
        why << "portLow, portHigh and twReuse are Linux's port choice: they need linuxPorts";
    }
    else if (portLow == 0 || portLow > portHigh)
    {
        why << "the port range needs 1 <= portLow <= portHigh, not " << portLow << "-" << portHigh;
    }
    else if (twReuse != "Off" && twReuse != "On" && twReuse != "LoopbackOnly")
    {
        why << "twReuse must be Off, On or LoopbackOnly, not '" << twReuse << "'";
    }
    else if (DataRateValue rate;
             !originRate.empty() && !rate.DeserializeFromString(originRate, MakeDataRateChecker()))
    {
        why << "originRate must be a data rate (for example 10Gbps), not '" << originRate << "'";
    }
    else if (originRate.empty() && (originDelay != 0 || originLoss != 0))
    {
        why << "originDelay and originLoss set the origin links with originRate: give it too";
    }
    else if (!(originDelay >= 0 && originDelay <= 10) || !(originLoss >= 0 && originLoss < 1))
    {
        why << "originDelay must be 0 to 10 s and originLoss at least 0 and below 1";
    }
    else if (std::string problem = SimulatedTimeProblem("duration", duration); !problem.empty())
    {
        why << problem;
    }
    else if (std::string problem =
                 MemoryProblem(std::to_string(clients) + " clients", 200e3 * double(clients));
             !problem.empty())
    {
        // bench/bench-scale.py measures 80 to 160 KB of peak memory per client
        // (a host, its link, its connection at the proxy): 200 KB each.
        why << problem;
    }
    return why.str();
}

ProxyExperimentResult
RunProxyExperiment(const ProxyExperimentConfig& config)
{
    std::string invalid = config.Validate();
    RequireValid("RunProxyExperiment", invalid);
    const uint64_t eventsBefore = Simulator::GetEventCount();
    const std::vector<double> losses{0.0001, 0.0005, 0.001, 0.005, 0.01};
    const bool e2atbt = config.scheme >= 2;

    Ptr<Node> proxyNode = CreateObject<Node>();
    const uint32_t hostCount = config.clientHosts > 0 ? config.clientHosts : config.clients;
    NodeContainer clients(hostCount); // the client hosts
    NodeContainer servers(config.servers);
    // Every host: the socket type, segment size and MSL of the run.
    auto configure = [&config](TcpHostHelper& stack) {
        if (config.stockSockets)
        {
            stack.SetSocketType("ns3::TcpSocketBase");
        }
        if (!config.hostProfile.empty())
        {
            stack.SetProfile(config.hostProfile); // never over the settings the run makes
        }
        stack.SetSocketAttribute("SegmentSize", UintegerValue(1448));
        stack.SetSocketAttribute("MaxSegLifetime", DoubleValue(config.msl));
    };
    // Clients: plain hosts. Origins and the proxy: the TIME_WAIT draft's
    // roles as the placement asks (the draft's client, whose passive closes
    // are swap closes: the proxy for swap and negotiated, the origins for
    // origin-swap), with their host models when TIME_WAIT is counted.
    const std::string& placement = config.timeWaitPlacement;
    auto hostStack = [&config, &placement, &configure](bool proxy) {
        TwAvoidHelper stack;
        bool swaps =
            proxy ? (placement == "swap" || placement == "negotiated") : placement == "origin-swap";
        stack.SetRole(swaps ? TwAvoidHelper::CLIENT : TwAvoidHelper::SERVER);
        stack.SetNegotiate(placement == "negotiated");
        stack.SetHostModelEnabled(config.countTimeWait);
        configure(stack);
        return stack;
    };
    TcpHostHelper clientStack;
    clientStack.SetHostModelEnabled(false);
    configure(clientStack);
    // No host model, so no TIME_WAIT table a profile may bring: a client's
    // few TIME_WAITs stay in their sockets, the same on the wire.
    clientStack.SetTimeWaitTableEnabled(false);
    clientStack.Install(clients);
    TwAvoidHelper serverStack = hostStack(false);
    serverStack.Install(servers);
    TwAvoidHelper proxyStack = hostStack(true);
    // Every connection starts with the fixed buffers, which scheme 1 keeps:
    // `buffer` per connection, RequestBuffer of it for the direction that
    // carries requests (the proxy sets it), the rest for the documents.
    const uint32_t documentBuffer = config.buffer - config.requestBuffer;
    proxyStack.SetSocketAttribute("SndBufSize", UintegerValue(documentBuffer));
    proxyStack.SetSocketAttribute("RcvBufSize", UintegerValue(documentBuffer));
    // The proxy's socket-buffer pool: its node's socket memory, from which
    // every connection's send and receive buffers are drawn (the sockets
    // charge them), which E2-ATBT divides and the manager's threshold reads.
    proxyStack.SetSocketMemoryAttribute("Accounting", StringValue("SocketBuffers"));
    proxyStack.SetSocketMemoryAttribute("Limit", UintegerValue(config.poolBytes));
    if (config.poolPressureBytes > 0)
    {
        proxyStack.SetSocketMemoryAttribute("PressureLimit",
                                            UintegerValue(config.poolPressureBytes));
    }
    if (e2atbt)
    {
        Ptr<E2AtbtAllocator> allocator = CreateObject<E2AtbtAllocator>();
        proxyNode->AggregateObject(allocator);
        proxyStack.SetSocketAttribute("BufferPolicy", TypeIdValue(E2AtbtSendBuffer::GetTypeId()));
        // A window scale that lets an upstream receive buffer reach E2-ATBT's largest share.
        UintegerValue largest;
        allocator->GetAttribute("MaxBuffer", largest);
        proxyStack.SetSocketAttribute("MaxRcvBufSize", largest);
    }
    if (config.linuxPorts)
    {
        // Its connect()s to the origins: Linux's port choice per destination.
        proxyStack.SetLocalPortAttribute("LowPort", UintegerValue(config.portLow));
        proxyStack.SetLocalPortAttribute("HighPort", UintegerValue(config.portHigh));
        proxyStack.SetLocalPortAttribute("TwReuse", StringValue(config.twReuse));
    }
    proxyStack.Install(proxyNode);
    // The proxy has a link, so a route, per client and origin: routed from a cache.
    Ipv4RouteCacheHelper().Install(NodeContainer(clients, servers, NodeContainer(proxyNode)));

    Ptr<UniformRandomVariable> clientDelay = CreateObject<UniformRandomVariable>();
    clientDelay->SetAttribute("Min", DoubleValue(0.010));
    clientDelay->SetAttribute("Max", DoubleValue(0.100));
    clientDelay->SetStream(0);
    Ptr<UniformRandomVariable> serverDelay = CreateObject<UniformRandomVariable>();
    serverDelay->SetAttribute("Min", DoubleValue(0.010));
    serverDelay->SetAttribute("Max", DoubleValue(0.200));
    serverDelay->SetStream(1);
    int64_t stream = 10;
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
    Ipv4AddressHelper addresses("10.1.0.0", "255.255.255.0");
    auto link = [&](Ptr<Node> a, Ptr<Node> b, double delay, double loss) {
        p2p.SetChannelAttribute("Delay", TimeValue(Seconds(delay)));
        NetDeviceContainer devices = p2p.Install(a, b);
        for (uint32_t d = 0; d < 2 && loss > 0; ++d) // in both directions; none: no model
        {
            stream += AddPacketLoss(devices.Get(d), loss, stream);
        }
        Ipv4InterfaceContainer interfaces = addresses.Assign(devices);
        addresses.NewNetwork();
        return interfaces;
    };

    Ptr<HttpFileSet> documents = MakeSurgeDocuments(config.documents, 2);
    Ptr<PersistentConnectionManager> manager = CreateObject<PersistentConnectionManager>();
    manager->SetAttribute("MaxConnections", UintegerValue(config.maxConnections));
    manager->SetAttribute("GradualRelease", BooleanValue(config.scheme == 4));
    manager->SetAttribute("IdleTimeout", TimeValue(Seconds(config.persistentTimeout)));
    ObjectFactory policy(config.idlePolicy);
    manager->SetAttribute("Policy", PointerValue(policy.Create<IdleConnectionPolicy>()));
    Ptr<HttpProxy> proxy = CreateObject<HttpProxy>();
    proxy->SetAttribute("Store", PointerValue(documents));
    proxy->SetAttribute("HitRatio", DoubleValue(config.hitRatio));
    proxy->SetAttribute("RequestBuffer", UintegerValue(config.requestBuffer));
    if (e2atbt)
    {
        // Upstream connections receive the documents: E2-ATBT sizes their
        // receive buffers in the pool (E2AtbtRcvBuffer), and pairs each with
        // the client connection it feeds.
        proxy->SetAttribute("UpstreamBufferPolicy", StringValue(config.upstreamPolicy));
    }
    proxy->SetAttribute("Manager", PointerValue(manager));
    proxy->SetAttribute("Admission",
                        EnumValue(config.scheme >= 3 ? HttpProxy::EVICT_IDLE : HttpProxy::REFUSE));
    proxyNode->AddApplication(proxy);

    for (uint32_t k = 0; k < config.servers; ++k)
    {
        // The paper's origins over the Internet, or a given link (origins
        // beside the proxy in a data centre, say).
        bool paper = config.originRate.empty();
        p2p.SetDeviceAttribute("DataRate", StringValue(paper ? "100Mbps" : config.originRate));
        Ipv4Address address = link(proxyNode,
                                   servers.Get(k),
                                   paper ? serverDelay->GetValue() : config.originDelay,
                                   paper ? losses[k % losses.size()] : config.originLoss)
                                  .GetAddress(1);
        Ptr<HttpServer> server = CreateObject<HttpServer>();
        server->SetAttribute("DocumentStore", PointerValue(documents));
        server->SetAttribute("KeepAliveTimeout",
                             TimeValue(Seconds(config.originKeepAlive > 0 ? config.originKeepAlive
                                                                          : config.duration)));
        server->SetAttribute("MaxRequestsPerConnection", UintegerValue(config.originMaxRequests));
        servers.Get(k)->AddApplication(server);
        proxy->AddOrigin("s" + std::to_string(k), InetSocketAddress(address, 80));
    }

    ProxyExperimentResult result;
    double responseSum = 0;
    // A target's document size (absolute form: http://origin/path).
    auto sizeOf = [&documents](const std::string& target) -> uint64_t {
        size_t slash = target.find('/', std::string("http://").size());
        std::optional<uint64_t> size =
            slash == std::string::npos ? std::nullopt : documents->GetSize(target.substr(slash));
        return size.value_or(0);
    };
    std::vector<Ptr<HttpClient>> clientApps;
    p2p.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
    std::vector<Ipv4Address> proxyAddressOf; // on each client host's link
    for (uint32_t i = 0; i < config.clients; ++i)
    {
        // Client i on host i mod hosts. A host's link is made with its first
        // client, so that with a host per client the delays and streams are
        // drawn in the same order as ever.
        const uint32_t h = i % hostCount;
        if (h == proxyAddressOf.size())
        {
            proxyAddressOf.push_back(
                link(clients.Get(h), proxyNode, clientDelay->GetValue(), losses[h % losses.size()])
                    .GetAddress(1));
        }
        const Ipv4Address proxyAddress = proxyAddressOf[h];
        Ptr<OriginRequestSource> source = CreateObject<OriginRequestSource>();
        for (uint32_t k = 0; k < config.servers; ++k)
        {
            source->AddOrigin("s" + std::to_string(k));
        }
        source->SetDocuments(documents);
        stream += source->AssignStreams(stream);
        // A SURGE user equivalent: pages of files, think times between them.
        Ptr<SurgeOffTime> offTime = CreateObject<SurgeOffTime>();
        stream += offTime->AssignStreams(stream);
        Ptr<HttpClient> client = CreateObject<HttpClient>();
        client->SetAttribute("Remote", AddressValue(InetSocketAddress(proxyAddress, 8080)));
        client->SetAttribute("RequestSource", PointerValue(source));
        client->SetAttribute("RequestsPerConnection", UintegerValue(1000000));
        client->SetAttribute("RequestGap", PointerValue(offTime));
        client->SetAttribute("RetryUnavailable", BooleanValue(true));
        client->SetAttribute("ThinkTime", TimeValue(Seconds(1))); // before trying again
        client->SetAttribute("ResponseTimeout", TimeValue(Seconds(config.duration)));
        client->SetStartTime(Seconds(config.startSpread * i / config.clients));
        clients.Get(h)->AddApplication(client);
        clientApps.push_back(client);
        HttpClient* raw = PeekPointer(client); // (the trace must not own its client)
        client->TraceConnectWithoutContext(
            "ResponseTime",
            Callback<void, Time, uint64_t, uint16_t>(
                [&result, &responseSum, &sizeOf, raw](Time t, uint64_t, uint16_t) {
                    // Still due while its answer is traced: the target answered.
                    result.responses.emplace_back(sizeOf(raw->GetPendingTarget()),
                                                  t.GetSeconds(),
                                                  true);
                    responseSum += t.GetSeconds();
                }));
    }
    stream += proxy->AssignStreams(stream);
    result.proxyLinks = proxyNode->GetNDevices() - 1; // not its loopback
    // Every host's own (delayed-ACK clocks, ARP, ns-3's stack) last, in one
    // call: ns-3's stack takes a number of streams that depends on its
    // version, which must not move any stream assigned after it.
    NodeContainer hosts(clients, servers);
    hosts.Add(proxyNode);
    clientStack.AssignStreams(hosts, stream);

    // TIME_WAIT at the proxy and at the origins, and the proxy's socket
    // memory, every second.
    uint64_t samples = 0;
    uint64_t proxyTimeWaitSum = 0;
    uint64_t originTimeWaitSum = 0;
    std::function<void()> sample;
    Ptr<SocketMemory> proxyMemory = proxyNode->GetObject<SocketMemory>();
    sample = [&]() {
        uint32_t atProxy = TcpHostCensus::TimeWaitAt(proxyNode);
        if (proxyMemory)
        {
            result.proxyMemoryPeak = std::max(result.proxyMemoryPeak, proxyMemory->GetUse());
            result.proxyPressureSeconds += proxyMemory->IsUnderPressure();
        }
        proxyTimeWaitSum += atProxy;
        result.proxyTimeWaitPeak = std::max(result.proxyTimeWaitPeak, atProxy);
        for (uint32_t k = 0; k < servers.GetN(); ++k)
        {
            originTimeWaitSum += TcpHostCensus::TimeWaitAt(servers.Get(k));
        }
        ++samples;
        Simulator::Schedule(Seconds(1), sample);
    };
    if (config.countTimeWait)
    {
        Simulator::Schedule(Seconds(1), sample);
    }
    Simulator::Stop(Seconds(config.duration));
    Simulator::Run();
    if (samples > 0)
    {
        result.proxyTimeWait = double(proxyTimeWaitSum) / samples;
        result.originTimeWait = double(originTimeWaitSum) / samples;
    }
    const auto& stats = proxy->GetStats();
    result.bytesMoved = stats.bytesToClients + stats.bytesFromOrigins;
    result.requests = result.responses.size();
    result.meanResponse = result.requests ? responseSum / result.requests : 0;
    double waitSum = responseSum;
    for (const auto& client : clientApps)
    {
        Time since;
        if (client->GetPendingRequest(since))
        {
            ++result.pending;
            double waited = (Simulator::Now() - since).GetSeconds();
            waitSum += waited;
            result.responses.emplace_back(sizeOf(client->GetPendingTarget()), waited, false);
        }
        const HttpClient::Stats& clientStats = client->GetStats();
        result.clientRefused += clientStats.outcomes[HttpClient::REFUSED];
        result.connections += clientStats.connectionsOpened;
    }
    uint64_t due = result.requests + result.pending;
    result.meanWait = due ? waitSum / due : 0;
    result.refused = stats.refused;
    result.upstreamOpened = stats.upstreamOpened;
    result.upstreamConnectErrors = stats.upstreamConnectErrors;
    TcpHostCensus atEnd = TcpHostCensus::Take(proxyNode);
    result.proxyListenDrops = atEnd.GetListenDrops();
    result.proxyTimeWaitOverflows = atEnd.GetTimeWaitOverflows();
    if (Ptr<LocalPortAllocator> ports = proxyNode->GetObject<LocalPortAllocator>())
    {
        result.timeWaitReused = ports->GetTimeWaitReused();
    }
    result.unavailable = stats.unavailable;
    result.evictions = manager->GetEvictions();
    result.timedOut = manager->GetTimedOut();
    result.events = Simulator::GetEventCount() - eventsBefore;
    Simulator::Destroy();
    if (!config.responseFile.empty())
    {
        std::ofstream out(config.responseFile);
        NS_ABORT_MSG_IF(!out, "RunProxyExperiment: cannot write " << config.responseFile);
        out << "bytes,seconds,answered\n";
        for (const auto& [bytes, seconds, answered] : result.responses)
        {
            out << bytes << "," << seconds << "," << int(answered) << "\n";
        }
    }
    return result;
}

} // namespace ns3
