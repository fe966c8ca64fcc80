/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Beyond the proxy paper: where the TIME_WAIT load of the proxy's
// connections to origin servers lands. The proxy experiment (scheme 3 by
// default: idle connections closed for new ones) with a realistic MSL and
// origins that close idle connections after their keep-alive timeout; the
// ends of proxy-origin connections close as tw-avoid places TIME_WAIT:
//   standard    the active closer keeps it (the proxy for the idle
//               connections it closes, an origin for those it times out);
//   swap        the TIME_WAIT draft's swap close, the proxy as the origins'
//               client: the proxy keeps it also when an origin closes;
//   negotiated  agreed on the handshake that the client (the proxy) keeps it;
//   origin-swap the swap close at the origins (the draft's roles turned
//               round): the origins keep it also when the proxy closes.
// Prints the mean and peak TIME_WAIT TCBs at the proxy and the mean at all
// origins together (sampled every second), and what the proxy moved.
//
//   ./ns3 run 'proxy-buffer-time-wait --placement=standard'
//   ./ns3 run 'proxy-buffer-time-wait --placement=swap --clients=200 --csv --header'

#include "ns3/core-module.h"
#include "ns3/experiment-io-module.h"
#include "ns3/paper-experiments-module.h"
#include "ns3/proxy-buffer-module.h"
#include "ns3/tcp-host-module.h"

#include <iomanip>
#include <iostream>

using namespace ns3;

/// The program itself; main() turns a refused setting into exit 1.
static int
Run(ProgramInput& input)
{
    ProxyExperimentConfig c;
    c.scheme = 3;
    c.clients = 200;
    c.duration = 120;
    c.msl = 30;             // BSD's; TIME_WAIT lasts 60 s
    c.originKeepAlive = 15; // Apache's KeepAliveTimeout
    c.countTimeWait = true;
    bool csv = false;
    bool header = false;
    input.Add("placement",
              "Which end keeps TIME_WAIT: standard, swap, negotiated or origin-swap",
              c.timeWaitPlacement);
    input.Add("scheme", "The proxy paper's scheme, 1 to 4", c.scheme);
    input.Add("clients", "Client hosts", c.clients);
    input.Add("duration", "Seconds simulated", c.duration);
    input.Add("msl", "Every host's maximum segment lifetime, s", c.msl);
    input.Add("originKeepAlive", "Origins' keep-alive timeout, s", c.originKeepAlive);
    input.Add("csv", "One CSV row", csv);
    input.Add("header", "With --csv: print the header first", header);
    ExperimentCapture capture;
    capture.AddOptions(input);
    if (!input.Parse() || !capture.CheckOutputs(input))
    {
        return 1;
    }
    std::string invalid = c.Validate();
    if (!invalid.empty())
    {
        // The config names its field; this program calls it --placement.
        const std::string field = "timeWaitPlacement";
        if (invalid.compare(0, field.size(), field) == 0)
        {
            invalid.replace(0, field.size(), "--placement");
        }
        input.Fail(invalid);
        return 1;
    }
    capture.Arm();
    ProxyExperimentResult r = RunProxyExperiment(c);
    if (csv)
    {
        CsvRow row = CsvRow::Significant(6);
        row.Add("placement", c.timeWaitPlacement)
            .Add("scheme", c.scheme)
            .Add("clients", c.clients)
            .Add("run", RngSeedManager::GetRun())
            .Add("proxy_time_wait", r.proxyTimeWait)
            .Add("proxy_time_wait_peak", r.proxyTimeWaitPeak)
            .Add("origin_time_wait", r.originTimeWait)
            .Add("bytes_moved", r.bytesMoved)
            .Add("mean_wait_s", r.meanWait)
            .Add("evictions", r.evictions)
            .Add("events", r.events);
        row.Print(std::cout, header);
        return 0;
    }
    std::cout << std::setprecision(6);
    std::cout << "placement " << c.timeWaitPlacement << ", scheme " << c.scheme << ", " << c.clients
              << " clients, " << c.duration << " s\n"
              << "TIME_WAIT at the proxy   mean " << r.proxyTimeWait << ", peak "
              << r.proxyTimeWaitPeak << "\n"
              << "TIME_WAIT at the origins mean " << r.originTimeWait << " (all together)\n"
              << "bytes moved              " << r.bytesMoved / 1e6 << " MB\n"
              << "mean response time       " << r.meanWait << " s\n"
              << "idle ones closed         " << r.evictions << "\n";
    return 0;
}

int
main(int argc, char* argv[])
{
    ProgramInput input("proxy-buffer-time-wait", argc, argv);
    return input.Run(&Run);
}
