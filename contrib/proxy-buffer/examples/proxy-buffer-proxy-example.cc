/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// A small HTTP proxy: clients -> proxy -> two origin servers, 100 Mb/s
// links, persistent connections on both sides. The proxy answers half the
// requests from its cache and relays the rest; it may hold MaxConnections
// connections. What it does at that limit, and how it sizes its buffers,
// are the proxy paper's four schemes:
//
//   ./ns3 run 'proxy-buffer-proxy-example'                       scheme 1: fixed 16 KB, refuse
//   ./ns3 run 'proxy-buffer-proxy-example --e2atbt'              scheme 2: E2-ATBT, refuse
//   ./ns3 run 'proxy-buffer-proxy-example --e2atbt --evict'      scheme 3: and evict idle ones
//   ./ns3 run 'proxy-buffer-proxy-example --e2atbt --evict --gradual'   scheme 4
//   ./ns3 run 'proxy-buffer-proxy-example --evict --policy=ns3::NginxKeepalivePolicy'

#include "ns3/core-module.h"
#include "ns3/experiment-io-module.h"
#include "ns3/http-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/proxy-buffer-module.h"
#include "ns3/tcp-host-module.h"
#include "ns3/type-id-check.h"

#include <iostream>

using namespace ns3;

/// The program itself; main() turns a refused setting into exit 1.
static int
Run(ProgramInput& input)
{
    uint32_t clients = 20;
    uint32_t maxConnections = 10;
    bool e2atbt = false;
    bool evict = false;
    bool gradual = false;
    std::string policy = "ns3::IdleConnectionPolicy";
    double duration = 30;
    input.Add("clients", "Clients, each with a persistent connection", clients);
    input.Add("maxConnections", "Connections the proxy may hold (Nmax)", maxConnections);
    input.Add("e2atbt", "E2-ATBT send buffers instead of fixed 16 KB", e2atbt);
    input.Add("evict", "At Nmax, close the oldest idle connection instead of refusing", evict);
    input.Add("gradual", "Gradual release of idle connections' buffers", gradual);
    input.Add("policy", "Idle-connection policy (an IdleConnectionPolicy type)", policy);
    input.Add("duration", "Seconds simulated", duration);
    if (!input.Parse())
    {
        return 1;
    }
    bool knownPolicy = LookupTypeOf(policy, IdleConnectionPolicy::GetTypeId());
    if (clients == 0 || maxConnections == 0 || !(duration > 0) || !knownPolicy)
    {
        std::cerr << "proxy-buffer-proxy-example: clients, maxConnections and duration must be "
                     "positive, and policy an IdleConnectionPolicy type\n";
        return 1;
    }

    Ptr<Node> proxyNode = CreateObject<Node>();
    NodeContainer clientNodes(clients);
    NodeContainer origins(2);
    TcpHostHelper stack;
    stack.SetHostModelEnabled(false);
    stack.Install(clientNodes);
    stack.Install(origins);
    TcpHostHelper proxyStack;
    proxyStack.SetHostModelEnabled(false);
    proxyStack.SetSocketAttribute("SndBufSize", UintegerValue(16 * 1024));
    proxyStack.SetSocketAttribute("RcvBufSize", UintegerValue(16 * 1024));
    // The proxy's socket-buffer pool, the paper's 3200 KB: its node's socket
    // memory, which E2-ATBT divides and the manager's pool threshold reads.
    proxyStack.SetSocketMemoryAttribute("Accounting", StringValue("Buffers"));
    proxyStack.SetSocketMemoryAttribute("Limit", UintegerValue(3200 * 1024));
    if (e2atbt)
    {
        proxyNode->AggregateObject(CreateObject<E2AtbtAllocator>());
        proxyStack.SetSocketAttribute("BufferPolicy", TypeIdValue(E2AtbtSendBuffer::GetTypeId()));
    }
    proxyStack.Install(proxyNode);

    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
    Ipv4AddressHelper addresses("10.1.0.0", "255.255.255.0");
    std::vector<Ipv4Address> proxyAddresses;
    for (uint32_t i = 0; i < clients; ++i)
    {
        p2p.SetChannelAttribute("Delay", TimeValue(MilliSeconds(10 + 5 * (i % 10))));
        proxyAddresses.push_back(
            addresses.Assign(p2p.Install(clientNodes.Get(i), proxyNode)).GetAddress(1));
        addresses.NewNetwork();
    }

    Ptr<HttpFileSet> files = CreateObject<HttpFileSet>(); // a few sizes, by weight
    files->AddFile(4 * 1024, 5, "/small");
    files->AddFile(64 * 1024, 3, "/medium");
    files->AddFile(512 * 1024, 1, "/large");
    Ptr<PersistentConnectionManager> manager = CreateObject<PersistentConnectionManager>();
    manager->SetAttribute("MaxConnections", UintegerValue(maxConnections));
    manager->SetAttribute("GradualRelease", BooleanValue(gradual));
    ObjectFactory policyFactory(policy);
    manager->SetAttribute("Policy", PointerValue(policyFactory.Create<IdleConnectionPolicy>()));
    Ptr<HttpProxy> proxy = CreateObject<HttpProxy>();
    proxy->SetAttribute("Store", PointerValue(files));
    proxy->SetAttribute("Manager", PointerValue(manager));
    proxy->SetAttribute("Admission", EnumValue(evict ? HttpProxy::EVICT_IDLE : HttpProxy::REFUSE));
    proxyNode->AddApplication(proxy);
    for (uint32_t k = 0; k < origins.GetN(); ++k)
    {
        p2p.SetChannelAttribute("Delay", TimeValue(MilliSeconds(50 + 100 * k)));
        Ipv4Address origin = addresses.Assign(p2p.Install(proxyNode, origins.Get(k))).GetAddress(1);
        addresses.NewNetwork();
        Ptr<HttpServer> server = CreateObject<HttpServer>();
        server->SetAttribute("DocumentStore", PointerValue(files));
        server->SetAttribute("KeepAliveTimeout", TimeValue(Seconds(60)));
        origins.Get(k)->AddApplication(server);
        proxy->AddOrigin("origin" + std::to_string(k), InetSocketAddress(origin, 80));
    }

    std::vector<Ptr<HttpClient>> apps;
    for (uint32_t i = 0; i < clients; ++i)
    {
        Ptr<OriginRequestSource> source = CreateObject<OriginRequestSource>();
        source->AddOrigin("origin0");
        source->AddOrigin("origin1");
        source->SetDocuments(files);
        Ptr<ExponentialRandomVariable> gap = CreateObject<ExponentialRandomVariable>();
        gap->SetAttribute("Mean", DoubleValue(2)); // a user reading: the connection idles
        Ptr<HttpClient> client = CreateObject<HttpClient>();
        client->SetAttribute("Remote", AddressValue(InetSocketAddress(proxyAddresses[i], 8080)));
        client->SetAttribute("RequestSource", PointerValue(source));
        client->SetAttribute("RequestsPerConnection", UintegerValue(1000));
        client->SetAttribute("RequestGap", PointerValue(gap));
        client->SetAttribute("ThinkTime", TimeValue(Seconds(1)));
        client->SetStartTime(Seconds(0.1 * i));
        clientNodes.Get(i)->AddApplication(client);
        apps.push_back(client);
    }

    Simulator::Stop(Seconds(duration));
    Simulator::Run();
    uint64_t completed = 0;
    Time latency;
    for (const auto& c : apps)
    {
        completed += c->GetStats().requestsCompleted;
        latency += c->GetStats().latencySum;
    }
    const auto& s = proxy->GetStats();
    std::cout << "requests completed     " << completed << "\n"
              << "mean response time     "
              << (completed ? latency.GetSeconds() / completed * 1e3 : 0) << " ms\n"
              << "proxy: hits / misses   " << s.hits << " / " << s.misses << "\n"
              << "upstream reused/opened " << s.upstreamReused << " / " << s.upstreamOpened << "\n"
              << "clients refused        " << s.refused << ", 503s " << s.unavailable << "\n"
              << "idle connections closed " << manager->GetEvictions() << "\n"
              << "bytes moved            " << s.bytesToClients + s.bytesFromOrigins << "\n";
    Simulator::Destroy();
    return 0;
}

int
main(int argc, char* argv[])
{
    ProgramInput input("proxy-buffer-proxy-example", argc, argv);
    return input.Run(&Run);
}
