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
#include "ns3/experiment-io-module.h"
#include "ns3/paper-experiments-module.h"
#include "ns3/tcp-host-module.h"

#include <iostream>

using namespace ns3;

/// The program itself; main() turns a refused setting into exit 1.
static int
Run(ProgramInput& input)
{
    DtocExperimentConfig c;
    c.timeout = Seconds(5);
    c.retries = 3;
    MetastableScenario scenario;
    bool header = false;

    c.AddOptions(input);
    input.Add("retries", "attempts after the first", c.retries);
    scenario.AddOptions(input);
    input.Add("header", "print the CSV header first", header);
    ExperimentCapture capture;
    capture.AddOptions(input);
    if (!input.Parse() || !capture.CheckOutputs(input) || !scenario.Configure(input, c))
    {
        return 1;
    }
    capture.Arm();
    std::optional<DtocExperimentResult> run = scenario.Run(input, c);
    if (!run)
    {
        return 1;
    }
    const DtocExperimentResult& r = *run;
    CsvRow row = CsvRow::Fixed(4);
    scenario.AddSetup(row, c);
    scenario.AddOutcome(row, r);
    row.Print(std::cout, header);
    return 0;
}

int
main(int argc, char* argv[])
{
    ProgramInput input("dtoc-metastable", argc, argv);
    return input.Run(&Run);
}
