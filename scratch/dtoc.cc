/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The DTOC paper's experiments: impatient users against a one-worker web
// server (service time proportional to the response size, 100 requests/s on
// a SPECweb96-like mix, a listen queue of 1024), one strategy per run.
//
//   ./ns3 run 'dtoc --strategy=regular --timeout=5 --load=200 --header'
//   ./ns3 run 'dtoc --strategy=dtoc --day=busy --retries=1 --timeout=8'
//
// With --load the offered load is constant for --warmup + --measure seconds
// and the row covers the measurement (figures 2 and 3); with --day the load
// follows the normal or busy day of nine --period second periods and the
// row covers the whole day (figures 6 and 7). Prints one CSV row;
// --timeline also writes the run bin by bin. ./figures.py sweeps the rest.

#include "ns3/core-module.h"
#include "ns3/dtoc-module.h"
#include "ns3/paper-experiments-module.h"
#include "ns3/tcp-host-module.h"

#include <cmath>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    DtocExperimentConfig c;
    std::string strategy = c.strategy;
    std::string method = c.method;
    bool onlyUnderOverload = false;
    bool inServiceAbort = false;
    double timeout = 10;
    uint32_t retries = 0;
    double load = 100;
    std::string day;
    double period = 240;
    double warmup = 100;
    double measure = 200;
    uint32_t queueLimit = c.queueLimit;
    double bin = 10;
    std::string timeline;
    bool header = false;

    CommandLine cmd(__FILE__);
    cmd.AddValue("strategy", "regular | dtoc | abortonclose | codel | lifo", strategy);
    cmd.AddValue("method", "DTOC's detection method: Peek | State | Callback", method);
    cmd.AddValue("onlyUnderOverload", "DTOC checks only when connections wait", onlyUnderOverload);
    cmd.AddValue("inServiceAbort",
                 "stop preparing a response whose client closes (the paper's future work)",
                 inServiceAbort);
    cmd.AddValue("timeout", "users' patience per attempt, s", timeout);
    cmd.AddValue("retries", "attempts after the first (0 or 1 in the paper)", retries);
    cmd.AddValue("load", "constant offered load, % of the server's capacity", load);
    cmd.AddValue("day", "normal | busy: a day's load pattern instead of --load", day);
    cmd.AddValue("period", "length of each of the day's nine periods, s", period);
    cmd.AddValue("warmup", "with --load: seconds before the measurement", warmup);
    cmd.AddValue("measure", "with --load: seconds measured", measure);
    cmd.AddValue("queueLimit", "the server's listen queue", queueLimit);
    cmd.AddValue("bin", "timeline resolution, s", bin);
    cmd.AddValue("timeline", "also write the run bin by bin to this CSV file", timeline);
    cmd.AddValue("header", "print the CSV header first", header);
    ProgramInput input("dtoc", argc, argv);
    if (!input.Parse(cmd, {"retries", "queueLimit"}) || !input.Writable("timeline", timeline))
    {
        return 1;
    }
    // One connection per request, so a run's cost grows with the load; ten
    // times the capacity is far past where the paper stops (300 %), and above
    // it only the refusals grow (1e9 % would never end).
    if (load > 1000)
    {
        std::ostringstream why;
        why << "--load must be at most 1000 (% of the capacity), not " << load;
        input.Fail(why.str());
        return 1;
    }

    c.strategy = strategy;
    c.method = method;
    c.onlyUnderOverload = onlyUnderOverload;
    c.inServiceAbort = inServiceAbort;
    c.retries = retries;
    c.queueLimit = queueLimit;
    std::string problem;
    if (!(timeout > 0) || !(bin > 0) || !(period > 0) || !(measure > 0) || !(warmup >= 0) ||
        !std::isfinite(timeout + bin + period + measure + warmup))
    {
        problem = "--timeout, --bin, --period and --measure must be positive, --warmup not "
                  "negative";
    }
    else if (day.empty())
    {
        c.pattern = {{Seconds(warmup + measure), load}};
        c.warmup = Seconds(warmup);
    }
    else
    {
        c.pattern = DtocExperimentConfig::Day(day, Seconds(period));
        c.warmup = Time(0);
        if (c.pattern.empty())
        {
            problem = "--day must be normal or busy";
        }
    }
    if (problem.empty())
    {
        c.timeout = Seconds(timeout);
        c.bin = Seconds(bin);
        problem = c.Validate();
    }
    if (!problem.empty())
    {
        std::cerr << "dtoc: " << problem << std::endl;
        return 1;
    }

    DtocExperimentResult r = RunDtocExperiment(c);

    std::string pattern = day.empty() ? "constant" : day;
    std::string label = strategy == "dtoc" ? method : "";
    if (!timeline.empty())
    {
        std::ofstream out(timeline);
        if (!out)
        {
            std::cerr << "dtoc: cannot write " << timeline << std::endl;
            return 1;
        }
        out << "strategy,timeout_s,retries,pattern,run,start_s,offered_pct,useful_pct,"
               "queue_length,cpu_busy_pct,dead_cpu_pct\n";
        for (const auto& b : r.timeline)
        {
            out << strategy << "," << timeout << "," << retries << "," << pattern << ","
                << RngSeedManager::GetRun() << "," << b.start << "," << b.offeredPercent << ","
                << b.usefulPercent << "," << b.queueLength << "," << b.cpuBusyPercent << ","
                << b.deadCpuPercent << "\n";
        }
    }
    if (header)
    {
        std::cout
            << "strategy,method,only_under_overload,in_service_abort,timeout_s,retries,"
               "pattern,load_pct,run,useful_pct,response_s,cpu_busy_pct,dead_cpu_pct,completed,"
               "refused,timed_out,in_flight,server_dropped,server_refused,server_aborted,"
               "events"
            << std::endl;
    }
    std::cout << std::fixed << std::setprecision(4) << strategy << "," << label << ","
              << onlyUnderOverload << "," << inServiceAbort << "," << timeout << "," << retries
              << "," << pattern << "," << (day.empty() ? load : 0.0) << ","
              << RngSeedManager::GetRun() << "," << r.usefulPercent << "," << r.meanResponseTime
              << "," << r.cpuBusyPercent << "," << r.deadCpuPercent << ","
              << r.outcomes[DtocClient::COMPLETED] << "," << r.outcomes[DtocClient::REFUSED] << ","
              << r.outcomes[DtocClient::TIMED_OUT] << "," << r.outcomes[DtocClient::IN_FLIGHT]
              << "," << r.serverDropped << "," << r.serverRefused << "," << r.serverAborted << ","
              << r.events << std::endl;
    return 0;
}
