/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Write your own scenario: WebSTONE-like HTTP clients on a few hosts
// against one server, all on the suite's TCP (TcpHostHelper), and where the
// connections leave their TIME_WAIT.
//
// What an HttpServer and an HttpClient need, and how this example gives it:
//   - the nodes' TCP: TcpHostHelper installs the internet stack, the
//     suite's socket (ns3::TcpHostSocketFactory, also behind
//     ns3::TcpSocketFactory) and the host model that counts TCBs;
//   - a document store for the server (HttpFileSet: files and their sizes);
//   - a request source for the clients (HttpFileSetRequestSource: draws a
//     file of the set for each request);
//   - HttpServerHelper and HttpClientHelper, as ns-3's BulkSendHelper.
//
//   ./ns3 run "http-own-scenario --clients=4 --endMode=ClientClose"
//
// With EndMode ConnectionClose the server closes each connection (HTTP/1.0
// style) and keeps its TIME_WAIT; with ClientClose the client sends
// CLIENT_CLOSE and closes first, so TIME_WAIT moves to the clients.

#include "ns3/core-module.h"
#include "ns3/http-module.h"
#include "ns3/internet-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/program-input.h"
#include "ns3/tcp-host-module.h"

#include <iostream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("HttpOwnScenario");

namespace
{

/// Count the rises of a node's TIME_WAIT population ("TimeWaitCount" trace).
void
CountTimeWaits(uint32_t* entries, uint32_t oldValue, uint32_t newValue)
{
    *entries += newValue > oldValue ? newValue - oldValue : 0;
}

} // namespace

/// The program itself; main() turns a refused setting into exit 1.
static int
Run(ProgramInput& input)
{
    uint32_t clients = 2;
    double duration = 10;
    std::string endMode = "ConnectionClose";
    input.Add("clients", "Client hosts (one HttpClient each, 1-250)", clients);
    input.Add("duration", "Seconds the clients make requests", duration);
    input.Add("endMode", "HttpClient EndMode: ConnectionClose or ClientClose", endMode);
    if (!input.Parse())
    {
        return 1;
    }
    if (clients < 1 || clients > 250)
    {
        input.Fail("--clients: 1 to 250 client hosts");
        return 1;
    }
    if (!(duration > 0 && duration <= 3600))
    {
        input.Fail("--duration: more than 0 and at most 3600 s");
        return 1;
    }
    if (endMode != "ConnectionClose" && endMode != "ClientClose")
    {
        input.Fail("--endMode: ConnectionClose or ClientClose, not '" + endMode + "'");
        return 1;
    }

    // Nodes and their TCP: the suite's socket and host model on every node.
    NodeContainer server(1);
    NodeContainer hosts(clients);
    TcpHostHelper tcp;
    tcp.Install(server);
    tcp.Install(hosts);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
    p2p.SetChannelAttribute("Delay", StringValue("1ms"));
    Ipv4AddressHelper addresses("10.1.0.0", "255.255.255.0");
    std::vector<Ipv4Address> serverAddresses;
    for (uint32_t i = 0; i < clients; ++i)
    {
        serverAddresses.push_back(
            addresses.Assign(p2p.Install(server.Get(0), hosts.Get(i))).GetAddress(0));
        addresses.NewNetwork();
    }

    // The documents: three sizes, drawn 3:2:1.
    Ptr<HttpFileSet> files = CreateObject<HttpFileSet>();
    files->AddFile(500, 3);
    files->AddFile(9000, 2);
    files->AddFile(40000, 1);
    files->AssignStreams(1);

    const uint16_t port = 80;
    HttpServerHelper serverHelper(files, port);
    serverHelper.SetAttribute("KnowsClientClose", BooleanValue(true));
    serverHelper.Install(server);

    Ptr<HttpFileSetRequestSource> source = CreateObject<HttpFileSetRequestSource>();
    source->SetAttribute("FileSet", PointerValue(files));
    ApplicationContainer clientApps;
    for (uint32_t i = 0; i < clients; ++i)
    {
        HttpClientHelper clientHelper(InetSocketAddress(serverAddresses[i], port), source);
        clientHelper.SetAttribute("EndMode", StringValue(endMode));
        clientApps.Add(clientHelper.Install(hosts.Get(i)));
    }
    clientApps.Start(Seconds(0.1));
    clientApps.Stop(Seconds(0.1 + duration));

    // Where TIME_WAIT lands: the host model's TimeWaitCount on each node.
    uint32_t serverTimeWaits = 0;
    uint32_t clientTimeWaits = 0;
    server.Get(0)->GetObject<TcpHostModel>()->TraceConnectWithoutContext(
        "TimeWaitCount",
        MakeBoundCallback(&CountTimeWaits, &serverTimeWaits));
    for (uint32_t i = 0; i < clients; ++i)
    {
        hosts.Get(i)->GetObject<TcpHostModel>()->TraceConnectWithoutContext(
            "TimeWaitCount",
            MakeBoundCallback(&CountTimeWaits, &clientTimeWaits));
    }

    Simulator::Stop(Seconds(0.1 + duration + 1));
    Simulator::Run();
    uint64_t completed = 0;
    for (uint32_t i = 0; i < clientApps.GetN(); ++i)
    {
        completed += DynamicCast<HttpClient>(clientApps.Get(i))->GetStats().requestsCompleted;
    }
    Simulator::Destroy();

    std::cout << "end mode " << endMode << ": " << completed << " requests completed; TIME_WAIT "
              << "entered " << serverTimeWaits << " times at the server, " << clientTimeWaits
              << " at the clients" << std::endl;
    // A run that moved nothing, or put TIME_WAIT where the mode does not,
    // is a failed example (examples-to-run.py runs it in ./test.py). The
    // clients' stop closes a connection in progress from their side: at
    // most one TIME_WAIT per client at the other end.
    uint32_t holder = endMode == "ConnectionClose" ? serverTimeWaits : clientTimeWaits;
    uint32_t other = endMode == "ConnectionClose" ? clientTimeWaits : serverTimeWaits;
    return completed > 0 && holder > 0 && other <= clients ? 0 : 1;
}

int
main(int argc, char* argv[])
{
    ProgramInput input("http-own-scenario", argc, argv);
    return input.Run(&Run);
}
