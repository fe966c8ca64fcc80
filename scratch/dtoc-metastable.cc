/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Overload that sustains itself (a metastable failure): the DTOC paper's
// server at a base load below its capacity, a spike of --spike % for
// --spikeFor seconds at --spikeAt, then the base load again for --after
// seconds. Users time out and retry (--retries, --retryPolicy); whether the
// server comes back to the base load's goodput once the spike is over, or
// stays overloaded by retries and dead requests, is the question.
//
//   ./ns3 run 'dtoc-metastable --strategy=regular --retryPolicy=immediate --header'
//   ./ns3 run 'dtoc-metastable --strategy=dtoc --retryPolicy=budget --timeline=t.csv'
//
// Prints one CSV row: the goodput before, during and after the spike (the
// first and second halves of the time after it), the server's CPU on
// requests no one waited for in the second half, when the goodput came back
// (-1: not within the run), and the retries made and refused. The phases
// are counted by --bin bins; ./figures.py sweeps the rest (metastable).

#include "ns3/core-module.h"
#include "ns3/dtoc-module.h"
#include "ns3/paper-experiments-module.h"
#include "ns3/tcp-host-module.h"

#include <fstream>
#include <iostream>

using namespace ns3;

namespace
{

/// Means of a run's bins over one phase.
struct Phase
{
    double useful{0}; //!< Goodput, % of capacity
    double dead{0};   //!< Server CPU on work no one received in time, %
};

/**
 * @param r the run
 * @param from start of the phase, s
 * @param to its end, s
 * @return the means of the bins that start in [from, to)
 */
Phase
Over(const DtocExperimentResult& r, double from, double to)
{
    Phase p;
    uint32_t n = 0;
    for (const auto& b : r.timeline)
    {
        if (b.start >= from - 1e-9 && b.start < to - 1e-9)
        {
            p.useful += b.usefulPercent;
            p.dead += b.deadCpuPercent;
            ++n;
        }
    }
    if (n > 0)
    {
        p.useful /= n;
        p.dead /= n;
    }
    return p;
}

} // namespace

int
main(int argc, char* argv[])
{
    DtocExperimentConfig c;
    c.timeout = Seconds(5);
    c.retries = 3;
    double load = 80;
    double spike = 200;
    Time spikeAt = Seconds(200);
    Time spikeFor = Seconds(60);
    Time after = Seconds(600);
    double recoveredShare = 0.9;
    std::string timeline;
    bool header = false;

    ProgramInput input("dtoc-metastable", argc, argv);
    c.AddOptions(input);
    input.Add("retries", "attempts after the first", c.retries);
    input.Add("load", "the base load, % of the server's capacity", load);
    input.Add("spike", "the spike's load, % of capacity", spike);
    input.Add("spikeAt", "when the spike starts (s if no unit)", spikeAt);
    input.Add("spikeFor", "how long it lasts (s if no unit)", spikeFor);
    input.Add("after", "the base load again, this long after the spike (s if no unit)", after);
    input.Add("recovered",
              "goodput back when a bin reaches this share of the base load (0 to 1]",
              recoveredShare);
    input.Add("timeline", "also write the run bin by bin to this CSV file", timeline);
    input.Add("header", "print the CSV header first", header);
    ExperimentCapture capture;
    capture.AddOptions(input);
    if (!input.Parse() || !input.Writable("timeline", timeline) || !capture.CheckOutputs(input))
    {
        return 1;
    }
    if (!(load > 0 && load < 100))
    {
        input.Fail("--load is the base load, below the capacity: above 0 and below 100");
        return 1;
    }
    if (!(spike > load))
    {
        input.Fail("--spike must be above --load");
        return 1;
    }
    if (!(recoveredShare > 0 && recoveredShare <= 1))
    {
        input.Fail("--recovered must be above 0 and at most 1");
        return 1;
    }
    if (!spikeAt.IsStrictlyPositive() || !spikeFor.IsStrictlyPositive() ||
        !after.IsStrictlyPositive())
    {
        input.Fail("--spikeAt, --spikeFor and --after must be positive");
        return 1;
    }
    c.pattern = {{spikeAt, load}, {spikeFor, spike}, {after, load}};
    c.warmup = Time(0); // the phases are counted from the bins
    if (std::string problem = c.Validate(); !problem.empty())
    {
        input.Fail(problem);
        return 1;
    }

    capture.Arm();
    DtocExperimentResult r = RunDtocExperiment(c);

    double start = spikeAt.GetSeconds();
    double end = (spikeAt + spikeFor).GetSeconds();
    double finish = end + after.GetSeconds();
    double middle = end + after.GetSeconds() / 2;
    Phase before = Over(r, start / 2, start); // its second half: past the start-up
    Phase during = Over(r, start, end);
    Phase early = Over(r, end, middle);
    Phase late = Over(r, middle, finish);
    double recovery = -1;
    for (const auto& b : r.timeline)
    {
        if (b.start >= end - 1e-9 && b.usefulPercent >= recoveredShare * load)
        {
            recovery = b.start - end;
            break;
        }
    }

    if (!timeline.empty())
    {
        std::ofstream out(timeline);
        out << "start_s,offered_pct,useful_pct,queue_length,cpu_busy_pct,dead_cpu_pct\n";
        for (const auto& b : r.timeline)
        {
            out << b.start << "," << b.offeredPercent << "," << b.usefulPercent << ","
                << b.queueLength << "," << b.cpuBusyPercent << "," << b.deadCpuPercent << "\n";
        }
        if (!out)
        {
            input.Fail("cannot write " + timeline);
            return 1;
        }
    }
    CsvRow row = CsvRow::Fixed(4);
    row.Add("strategy", c.strategy)
        .Add("retry_policy", c.retryPolicy)
        .Add("retries", c.retries)
        .Add("timeout_s", c.timeout.GetSeconds())
        .Add("accept_queue", c.acceptQueue)
        .Add("abort_on_overflow", c.abortOnOverflow)
        .Add("load_pct", load)
        .Add("spike_pct", spike)
        .Add("spike_at_s", start)
        .Add("spike_s", spikeFor.GetSeconds())
        .Add("after_s", after.GetSeconds())
        .Add("run", RngSeedManager::GetRun())
        .Add("before_useful_pct", before.useful)
        .Add("during_useful_pct", during.useful)
        .Add("after_early_useful_pct", early.useful)
        .Add("after_late_useful_pct", late.useful)
        .Add("after_late_dead_cpu_pct", late.dead)
        .Add("recovery_s", recovery)
        .Add("retries_made", r.retries)
        .Add("retries_refused", r.retriesRefused)
        .Add("server_dropped", r.serverDropped)
        .Add("server_refused", r.serverRefused)
        .Add("events", r.events);
    row.Print(std::cout, header);
    return 0;
}
