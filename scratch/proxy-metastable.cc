/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Overload that sustains itself, behind a reverse proxy: dtoc-metastable's
// scenario (the DTOC paper's server, a base load, a spike, the base load
// again; users that time out and retry) with the users reaching the server
// through HttpProxy, one upstream connection per request. A user who gives
// up closes its connection to the proxy; --proxy says what the proxy does
// with the request then: abort (nginx's default, proxy_ignore_client_abort
// off: the upstream connection is closed, and the server's DTOC or
// abortonclose sees it) or ignore (proxy_ignore_client_abort on: the
// request stays in the server's queue as if its user were still there).
//
//   ./ns3 run 'proxy-metastable --proxy=ignore --strategy=dtoc --header'
//   ./ns3 run 'proxy-metastable --proxy=abort --strategy=dtoc --retryPolicy=budget'
//
// Prints dtoc-metastable's row with the proxy's columns: the proxy, the
// users it saw give up with a request at the server, and the responses it
// read for no one. ./figures.py sweeps it (metastable's proxy points).

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
    c.proxy = "abort";
    MetastableScenario scenario;
    bool header = false;

    c.AddOptions(input);
    input.Add("retries", "attempts after the first", c.retries);
    input.Choice("proxy",
                 "what the proxy does with a request at the server whose user has gone: close "
                 "the upstream connection (nginx's default) or let it finish",
                 c.proxy,
                 {"abort", "ignore"});
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
    row.Add("proxy", c.proxy);
    scenario.AddOutcome(row, r);
    row.Add("client_aborts", r.proxyClientAborts)
        .Add("responses_discarded", r.proxyResponsesDiscarded);
    row.Print(std::cout, header);
    return 0;
}

int
main(int argc, char* argv[])
{
    ProgramInput input("proxy-metastable", argc, argv);
    return input.Run(&Run);
}
