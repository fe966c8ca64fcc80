/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Table 1 of the TIME_WAIT draft, one point per run: N TIME_WAIT TCBs made
// by real short connections, then two clients bulk-transfer to the server.
//
//   ./ns3 run 'tw-avoid-table1 --timeWaitTcbs=2500 --variant=unmodified --RngRun=3'
//
// Prints one CSV row (with --header, the header first). The figure command
// (./figures.py) sweeps N, both variants and 10 runs, and plots the result.

#include "ns3/core-module.h"
#include "ns3/http-module.h"
#include "ns3/paper-experiments-module.h"
#include "ns3/tcp-host-module.h"
#include "ns3/tw-avoid-module.h"

#include <iomanip>
#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    TwAvoidTable1Config c;
    std::string variant = "unmodified";
    double transferSeconds = c.transferTime.GetSeconds();
    bool header = false;

    CommandLine cmd(__FILE__);
    cmd.AddValue("timeWaitTcbs", "N: TIME_WAIT TCBs made before the transfer", c.timeWaitTcbs);
    cmd.AddValue("variant", "unmodified | swap (TCP modification on the clients)", variant);
    cmd.AddValue("transferTime", "length of the measured transfer, s", transferSeconds);
    cmd.AddValue("discipline",
                 "server TCB lookup: LinearHeadInsert | Hashed | TimeWaitAtTail",
                 c.testbed.lookupDiscipline);
    cmd.AddValue("socketType",
                 "socket class (ns3::TcpSocketBase: stock ns-3)",
                 c.testbed.socketType);
    cmd.AddValue("hostModel", "charge demultiplexing CPU time", c.testbed.hostModel);
    cmd.AddValue("msl", "maximum segment lifetime, s", c.testbed.msl);
    cmd.AddValue("segmentSize", "TCP MSS, bytes", c.testbed.segmentSize);
    cmd.AddValue("mtu", "LAN MTU, bytes", c.testbed.mtu);
    cmd.AddValue("header", "print the CSV header first", header);
    ProgramInput input("tw-avoid-table1", argc, argv);
    if (!input.Parse(cmd, {"timeWaitTcbs", "segmentSize", "mtu"}))
    {
        return 1;
    }

    if (variant != "unmodified" && variant != "swap")
    {
        std::cerr << "tw-avoid-table1: unknown --variant '" << variant
                  << "' (use unmodified or swap)" << std::endl;
        return 1;
    }
    if (transferSeconds <= 0)
    {
        std::cerr << "tw-avoid-table1: --transferTime must be positive" << std::endl;
        return 1;
    }
    c.swapClose = (variant == "swap");
    c.transferTime = Seconds(transferSeconds);
    if (std::string problem = c.Validate(); !problem.empty())
    {
        std::cerr << "tw-avoid-table1: " << problem << std::endl;
        return 1;
    }

    TwAvoidTable1Result r = TwAvoidTable1Experiment(c).Run();

    if (header)
    {
        std::cout << "variant,N,run,discipline,client1_mbps,client2_mbps,mean_mbps,"
                     "server_time_wait,loader_time_wait,server_cpu_busy,server_drops,events"
                  << std::endl;
    }
    std::cout << std::fixed << std::setprecision(4) << variant << "," << c.timeWaitTcbs << ","
              << RngSeedManager::GetRun() << "," << c.testbed.lookupDiscipline << ","
              << r.clientMbps[0] << "," << r.clientMbps[1] << "," << r.meanMbps << ","
              << r.serverTimeWait << "," << r.dummyHostTimeWait << "," << r.serverCpuBusy << ","
              << r.serverDrops << "," << r.events << std::endl;
    return 0;
}
