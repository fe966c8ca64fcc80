/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "metastable-scenario.h"

#include "ns3/csv-row.h"
#include "ns3/program-input.h"
#include "ns3/rng-seed-manager.h"

#include <fstream>

namespace ns3
{

namespace
{

/**
 * @param r the run
 * @param from start of the phase, s
 * @param to its end, s
 * @return the means of the bins that start in [from, to)
 */
MetastableScenario::Phase
Over(const DtocExperimentResult& r, double from, double to)
{
    MetastableScenario::Phase p;
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

void
MetastableScenario::AddOptions(ProgramInput& input)
{
    input.Add("load", "the base load, % of the server's capacity", load);
    input.Add("spike", "the spike's load, % of capacity", spike);
    input.Add("spikeAt", "when the spike starts (s if no unit)", spikeAt);
    input.Add("spikeFor", "how long it lasts (s if no unit)", spikeFor);
    input.Add("after", "the base load again, this long after the spike (s if no unit)", after);
    input.Add("recovered",
              "goodput back when a bin reaches this share of the base load (0 to 1]",
              recoveredShare);
    input.Add("timeline", "also write the run bin by bin to this CSV file", timeline);
}

std::string
MetastableScenario::Validate() const
{
    if (!(load > 0 && load < 100))
    {
        return "--load is the base load, below the capacity: above 0 and below 100";
    }
    if (!(spike > load))
    {
        return "--spike must be above --load";
    }
    if (!(recoveredShare > 0 && recoveredShare <= 1))
    {
        return "--recovered must be above 0 and at most 1";
    }
    if (!spikeAt.IsStrictlyPositive() || !spikeFor.IsStrictlyPositive() ||
        !after.IsStrictlyPositive())
    {
        return "--spikeAt, --spikeFor and --after must be positive";
    }
    return "";
}

void
MetastableScenario::Apply(DtocExperimentConfig& config) const
{
    config.pattern = {{spikeAt, load}, {spikeFor, spike}, {after, load}};
    config.warmup = Time(0); // the phases are counted from the bins
}

MetastableScenario::Outcome
MetastableScenario::Measure(const DtocExperimentResult& r) const
{
    double start = spikeAt.GetSeconds();
    double end = (spikeAt + spikeFor).GetSeconds();
    double finish = end + after.GetSeconds();
    double middle = end + after.GetSeconds() / 2;
    Outcome o;
    o.before = Over(r, start / 2, start); // its second half: past the start-up
    o.during = Over(r, start, end);
    o.early = Over(r, end, middle);
    o.late = Over(r, middle, finish);
    o.recovery = -1;
    for (const auto& b : r.timeline)
    {
        if (b.start >= end - 1e-9 && b.usefulPercent >= recoveredShare * load)
        {
            o.recovery = b.start - end;
            break;
        }
    }
    return o;
}

bool
MetastableScenario::Configure(ProgramInput& input, DtocExperimentConfig& config) const
{
    if (!input.Writable("timeline", timeline))
    {
        return false;
    }
    if (std::string problem = Validate(); !problem.empty())
    {
        input.Fail(problem);
        return false;
    }
    Apply(config);
    if (std::string problem = config.Validate(); !problem.empty())
    {
        input.Fail(problem);
        return false;
    }
    return true;
}

std::optional<DtocExperimentResult>
MetastableScenario::Run(ProgramInput& input, const DtocExperimentConfig& config) const
{
    DtocExperimentResult r = RunDtocExperiment(config);
    if (timeline.empty())
    {
        return r;
    }
    std::ofstream out(timeline);
    out << "start_s,offered_pct,useful_pct,queue_length,cpu_busy_pct,dead_cpu_pct\n";
    for (const auto& b : r.timeline)
    {
        out << b.start << "," << b.offeredPercent << "," << b.usefulPercent << "," << b.queueLength
            << "," << b.cpuBusyPercent << "," << b.deadCpuPercent << "\n";
    }
    if (!out)
    {
        input.Fail("cannot write " + timeline);
        return std::nullopt;
    }
    return r;
}

void
MetastableScenario::AddSetup(CsvRow& row, const DtocExperimentConfig& c) const
{
    row.Add("strategy", c.strategy)
        .Add("retry_policy", c.retryPolicy)
        .Add("retries", c.retries)
        .Add("timeout_s", c.timeout.GetSeconds())
        .Add("accept_queue", c.acceptQueue)
        .Add("abort_on_overflow", c.abortOnOverflow)
        .Add("load_pct", load)
        .Add("spike_pct", spike)
        .Add("spike_at_s", spikeAt.GetSeconds())
        .Add("spike_s", spikeFor.GetSeconds())
        .Add("after_s", after.GetSeconds())
        .Add("run", RngSeedManager::GetRun());
}

void
MetastableScenario::AddOutcome(CsvRow& row, const DtocExperimentResult& r) const
{
    Outcome o = Measure(r);
    row.Add("before_useful_pct", o.before.useful)
        .Add("during_useful_pct", o.during.useful)
        .Add("after_early_useful_pct", o.early.useful)
        .Add("after_late_useful_pct", o.late.useful)
        .Add("after_late_dead_cpu_pct", o.late.dead)
        .Add("recovery_s", o.recovery)
        .Add("retries_made", r.retries)
        .Add("retries_refused", r.retriesRefused)
        .Add("server_dropped", r.serverDropped)
        .Add("server_refused", r.serverRefused)
        .Add("events", r.events);
}

} // namespace ns3
