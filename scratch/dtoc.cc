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
#include "ns3/experiment-io-module.h"
#include "ns3/paper-experiments-module.h"
#include "ns3/tcp-host-module.h"

#include <cmath>
#include <fstream>
#include <iostream>
#include <limits>

using namespace ns3;

namespace
{
/**
 * @param c the run's configuration
 * @param pattern "constant", "normal" or "busy"
 * @param b one bin of the run (default: none, for the header)
 * @return the --timeline row of that bin
 */
CsvRow
TimelineRow(const DtocExperimentConfig& c,
            const std::string& pattern,
            const DtocExperimentResult::Bin& b)
{
    CsvRow row = CsvRow::Significant(6);
    row.Add("strategy", c.strategy)
        .Add("timeout_s", c.timeout.GetSeconds())
        .Add("retries", c.retries)
        .Add("pattern", pattern)
        .Add("run", RngSeedManager::GetRun())
        .Add("start_s", b.start)
        .Add("offered_pct", b.offeredPercent)
        .Add("useful_pct", b.usefulPercent)
        .Add("queue_length", b.queueLength)
        .Add("cpu_busy_pct", b.cpuBusyPercent)
        .Add("dead_cpu_pct", b.deadCpuPercent);
    return row;
}
} // namespace

/// The program itself; main() turns a refused setting into exit 1.
static int
Run(ProgramInput& input)
{
    DtocExperimentConfig c;
    // The load pattern is made of these (a constant load, or a day).
    double load = 100;
    std::string day;
    Time period = Seconds(240);
    Time measure = Seconds(200);
    std::string timeline;
    bool header = false;

    c.AddOptions(input);
    input.Add("retries", "attempts after the first (0 or 1 in the paper)", c.retries);
    input.Add("load", "constant offered load, % of the server's capacity", load);
    input.Choice("day", "a day's load pattern instead of --load", day, {"", "normal", "busy"});
    input.Add("period", "length of each of the day's nine periods (s if no unit)", period);
    // Unset (NaN, which no one can type): the day's assumed 90 %
    double offPeak = std::numeric_limits<double>::quiet_NaN();
    input.Add("offPeak",
              "with --day: the load outside the peaks, % of capacity, above 0 and at most 100 "
              "(unset: 90, the assumed 'just under capacity')",
              offPeak);
    input.Add("warmup", "with --load: time before the measurement (s if no unit)", c.warmup);
    input.Add("measure", "with --load: time measured (s if no unit)", measure);
    input.Add("timeline", "also write the run bin by bin to this CSV file", timeline);
    input.Add("header", "print the CSV header first", header);
    ExperimentCapture capture;
    capture.AddOptions(input);
    if (!input.Parse() || !input.Writable("timeline", timeline) || !capture.CheckOutputs(input))
    {
        return 1;
    }
    if (!std::isnan(offPeak) && day.empty())
    {
        input.Fail("--offPeak is the load outside a day's peaks: it needs --day");
        return 1;
    }
    if (!std::isnan(offPeak) && !(offPeak > 0 && offPeak <= 100))
    {
        input.Fail("--offPeak must be above 0 and at most 100 (% of capacity)");
        return 1;
    }
    if (day.empty())
    {
        c.pattern = {{c.warmup + measure, load}};
    }
    else
    {
        // A day is counted whole: no warm-up.
        c.pattern = DtocExperimentConfig::Day(day, period, std::isnan(offPeak) ? 90 : offPeak);
        c.warmup = Time(0);
    }
    if (std::string problem = c.Validate(); !problem.empty())
    {
        input.Fail(problem);
        return 1;
    }

    capture.Arm();
    DtocExperimentResult r = RunDtocExperiment(c);

    std::string pattern = day.empty() ? "constant" : day;
    if (!timeline.empty())
    {
        std::ofstream out(timeline);
        out << TimelineRow(c, pattern, {}).Header() << "\n";
        for (const auto& b : r.timeline)
        {
            out << TimelineRow(c, pattern, b).Values() << "\n";
        }
        if (!out)
        {
            input.Fail("cannot write " + timeline);
            return 1;
        }
    }
    CsvRow row = CsvRow::Fixed(4);
    row.Add("strategy", c.strategy)
        .Add("method", c.strategy == "dtoc" ? c.method : "")
        .Add("only_under_overload", c.onlyUnderOverload)
        .Add("in_service_abort", c.inServiceAbort)
        .Add("timeout_s", c.timeout.GetSeconds())
        .Add("retries", c.retries)
        .Add("pattern", pattern)
        .Add("load_pct", day.empty() ? load : 0.0)
        .Add("run", RngSeedManager::GetRun())
        .Add("useful_pct", r.usefulPercent)
        .Add("response_s", r.meanResponseTime)
        .Add("cpu_busy_pct", r.cpuBusyPercent)
        .Add("dead_cpu_pct", r.deadCpuPercent)
        .Add("completed", r.outcomes[DtocClient::COMPLETED])
        .Add("refused", r.outcomes[DtocClient::REFUSED])
        .Add("timed_out", r.outcomes[DtocClient::TIMED_OUT])
        .Add("in_flight", r.outcomes[DtocClient::IN_FLIGHT])
        .Add("server_dropped", r.serverDropped)
        .Add("server_refused", r.serverRefused)
        .Add("server_aborted", r.serverAborted)
        .Add("events", r.events);
    row.Print(std::cout, header);
    return 0;
}

int
main(int argc, char* argv[])
{
    ProgramInput input("dtoc", argc, argv);
    return input.Run(&Run);
}
