/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Impatient users at an overloaded server, with and without DTOC.
//
// One server host with one worker spends 20 ms of CPU on each response (a
// capacity of 50 requests a second) and keeps at most 1024 connections
// waiting to be accepted. Users ask at a Poisson rate, a share --load of
// that capacity, and give up after --timeout (closing their connection),
// trying once more. A regular server serves every connection it takes,
// including those whose user has gone; with DTOC (DtocDispatchPolicy) the
// worker first checks whether the client has closed and drops it unserved.
//
//   ./ns3 run dtoc-impatient-users-example                    (regular server)
//   ./ns3 run 'dtoc-impatient-users-example --dtoc'
//   ./ns3 run 'dtoc-impatient-users-example --dtoc --load=300 --timeout=5'
//
// It prints how the requests ended and the useful throughput: responses
// that reached a user still waiting, in % of the server's capacity (60 s
// from an empty queue: at 200 % load the queue takes 20 s to fill). With
// the defaults the regular server spends its CPU on users who have gone:
// 31.5 % useful; DTOC drops 3166 connections unserved and gives 39.2 %.
// Its FIFO queue still serves the oldest live users, who are at the edge of
// their patience. This is a lesson, not the paper: its set-up (a file mix,
// costs per byte, a warm-up, eight client hosts) is RunDtocExperiment's,
// run by scratch/dtoc.cc.

#include "ns3/core-module.h"
#include "ns3/dtoc-module.h"
#include "ns3/experiment-io-module.h"
#include "ns3/http-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/tcp-host-module.h"

#include <iostream>

using namespace ns3;

/// The program itself; main() turns a refused setting into exit 1.
static int
Run(ProgramInput& input)
{
    bool dtoc = false;
    double load = 200;
    double timeout = 10;
    double duration = 60;
    input.Add("dtoc", "drop connections whose user has gone (DtocDispatchPolicy)", dtoc);
    input.Add("load", "offered load, % of the server's capacity (0-1000)", load);
    input.Add("timeout", "how long a user waits for the response, s", timeout);
    input.Add("duration", "simulated time, s", duration);
    if (!input.Parse())
    {
        return 1;
    }
    if (!(load > 0 && load <= 1000) || !(timeout > 0) || !(duration > 0 && duration <= 3600))
    {
        input.Fail("--load must be in (0, 1000], --timeout > 0, --duration in (0, 3600]");
        return 1;
    }
    const Time perRequest = MilliSeconds(20);
    const double capacity = 1 / perRequest.GetSeconds(); // requests per second

    NodeContainer nodes(2); // 0 users, 1 server
    PointToPointHelper lan;
    lan.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
    lan.SetChannelAttribute("Delay", StringValue("1ms"));
    NetDeviceContainer devices = lan.Install(nodes);
    TcpHostHelper host; // the suite's socket; its host model holds the CPU
    host.Install(nodes);
    Ipv4Address server =
        Ipv4AddressHelper("10.0.0.0", "255.255.255.0").Assign(devices).GetAddress(1);

    Ptr<HttpFileSet> files = CreateObject<HttpFileSet>();
    files->AddFile(1000, 1);
    files->AssignStreams(1);
    Ptr<HttpServer> http = CreateObject<HttpServer>();
    http->SetAttribute("DocumentStore", PointerValue(files));
    http->SetAttribute("MaxWorkers", UintegerValue(1));
    http->SetAttribute("AcceptQueueLimit", UintegerValue(1024));
    http->SetAttribute("PerRequestCost", TimeValue(perRequest));
    if (dtoc)
    {
        http->SetAttribute("DispatchPolicy", PointerValue(CreateObject<DtocDispatchPolicy>()));
    }
    nodes.Get(1)->AddApplication(http);

    Ptr<HttpFileSetRequestSource> source = CreateObject<HttpFileSetRequestSource>();
    source->SetAttribute("FileSet", PointerValue(files));
    Ptr<DtocClient> users = CreateObject<DtocClient>();
    users->SetAttribute("Remote", AddressValue(InetSocketAddress(server, 80)));
    users->SetAttribute("RequestSource", PointerValue(source));
    users->SetAttribute("Rate", DoubleValue(capacity * load / 100));
    users->SetAttribute("Timeout", TimeValue(Seconds(timeout)));
    users->SetAttribute("Retries", UintegerValue(1));
    users->AssignStreams(2);
    users->SetStopTime(Seconds(duration));
    nodes.Get(0)->AddApplication(users);

    Simulator::Stop(Seconds(duration + timeout + 1));
    Simulator::Run();
    DtocClient::Stats s = users->GetStats();
    HttpServer::Stats served = http->GetStats();
    Simulator::Destroy();

    std::cout << (dtoc ? "DTOC" : "regular") << " server, " << load << " % load, users wait "
              << timeout << " s\n"
              << "  requests " << s.requests << " (attempts " << s.attempts << ")\n"
              << "  completed " << s.outcomes[DtocClient::COMPLETED] << ", refused "
              << s.outcomes[DtocClient::REFUSED] << ", timed out "
              << s.outcomes[DtocClient::TIMED_OUT] << ", in flight "
              << s.outcomes[DtocClient::IN_FLIGHT] << "\n"
              << "  server: responses " << served.responses << ", dropped unserved "
              << served.dropped << ", refused at the full queue " << served.refused << "\n"
              << "  useful throughput "
              << 100.0 * s.outcomes[DtocClient::COMPLETED] / duration / capacity << " % of capacity"
              << std::endl;
    return 0;
}

int
main(int argc, char* argv[])
{
    ProgramInput input("dtoc-impatient-users-example", argc, argv);
    return input.Run(&Run);
}
