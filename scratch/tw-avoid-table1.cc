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
#include "ns3/experiment-io-module.h"
#include "ns3/http-module.h"
#include "ns3/paper-experiments-module.h"
#include "ns3/tcp-host-module.h"
#include "ns3/tw-avoid-module.h"

#include <iostream>

using namespace ns3;

/// The program itself; main() turns a refused setting into exit 1.
static int
Run(ProgramInput& input)
{
    TwAvoidTable1Config c;
    std::string variant = "unmodified";
    bool header = false;

    input.Add("timeWaitTcbs", "N: TIME_WAIT TCBs made before the transfer", c.timeWaitTcbs);
    input.Choice("variant",
                 "swap: the TCP modification on the clients",
                 variant,
                 {"unmodified", "swap"});
    input.Add("transferTime", "length of the measured transfer (s if no unit)", c.transferTime);
    input.Add("discipline",
              "server TCB lookup: LinearHeadInsert | Hashed | TimeWaitAtTail",
              c.testbed.lookupDiscipline);
    input.Add("socketType", "socket class (ns3::TcpSocketBase: stock ns-3)", c.testbed.socketType);
    input.Add("hostModel", "charge demultiplexing CPU time", c.testbed.hostModel);
    input.Add("timeWaitTable",
              "keep TIME_WAIT in Linux's compact records (TimeWaitTable)",
              c.testbed.timeWaitTable);
    input.Add("msl", "maximum segment lifetime, s", c.testbed.msl);
    input.Add("segmentSize", "TCP MSS, bytes", c.testbed.segmentSize);
    input.Add("mtu", "LAN MTU, bytes", c.testbed.mtu);
    input.Add("header", "print the CSV header first", header);
    ExperimentCapture capture;
    capture.AddOptions(input);
    if (!input.Parse() || !capture.CheckOutputs(input))
    {
        return 1;
    }
    c.swapClose = (variant == "swap");
    if (std::string problem = c.Validate(); !problem.empty())
    {
        input.Fail(problem);
        return 1;
    }

    capture.Arm();
    TwAvoidTable1Result r = TwAvoidTable1Experiment(c).Run();

    CsvRow row = CsvRow::Fixed(4);
    row.Add("variant", variant)
        .Add("N", c.timeWaitTcbs)
        .Add("run", RngSeedManager::GetRun())
        .Add("discipline", c.testbed.lookupDiscipline)
        .Add("time_wait", c.testbed.timeWaitTable ? "records" : "tcbs")
        .Add("client1_mbps", r.clientMbps[0])
        .Add("client2_mbps", r.clientMbps[1])
        .Add("mean_mbps", r.meanMbps)
        .Add("server_time_wait", r.serverTimeWait)
        .Add("loader_time_wait", r.dummyHostTimeWait)
        .Add("server_cpu_busy", r.serverCpuBusy)
        .Add("server_drops", r.serverDrops)
        .Add("events", r.events);
    row.Print(std::cout, header);
    return 0;
}

int
main(int argc, char* argv[])
{
    ProgramInput input("tw-avoid-table1", argc, argv);
    return input.Run(&Run);
}
