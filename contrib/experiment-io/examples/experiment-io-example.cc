/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// A scenario program the way every program of the suite is written: its
// options bound once to the configuration they set, every value checked
// before anything runs, the configuration's own check, and one result row
// whose header cannot drift from it.
//
// The "experiment": a server that takes requests every --interval and serves
// each in --service; the row says how many it served and how far behind it
// fell. Try a bad value: each one is refused with one line and exit 1.
//
//   ./ns3 run 'experiment-io-example --requests=20 --service=15ms'
//   ./ns3 run 'experiment-io-example --header'          # the row's header too
//   ./ns3 run 'experiment-io-example --requests=-1'      # refused: not wrapped
//   ./ns3 run 'experiment-io-example --service=5x'       # refused: not a time
//   ./ns3 run 'experiment-io-example --unit=hours'       # refused: not a choice
//   ./ns3 run 'experiment-io-example --service=0s'       # refused by Validate()

#include "ns3/core-module.h"
#include "ns3/experiment-io-module.h"

#include <fstream>
#include <iostream>

using namespace ns3;

namespace
{

/// The experiment's configuration: one field per option.
struct Config
{
    uint32_t requests{10};           //!< Requests to serve
    Time interval{MilliSeconds(10)}; //!< Between two arrivals
    Time service{MilliSeconds(8)};   //!< To serve one
    std::string unit{"ms"};          //!< Of the row's delay column

    /// @return why the configuration cannot run, or "" (what no option's type can say)
    std::string Validate() const
    {
        if (service.IsZero())
        {
            return "--service must be above 0 s";
        }
        return "";
    }
};

/// The program; main() turns a setting refused later into exit 1.
int
Run(ProgramInput& input)
{
    Config c;
    bool header = false;
    std::string log;
    input.Add("requests", "requests to serve", c.requests);
    input.Add("interval", "between two arrivals (s if no unit)", c.interval);
    input.Add("service", "to serve one request (s if no unit)", c.service);
    input.Choice("unit", "of the row's delay column", c.unit, {"s", "ms"});
    input.Add("header", "print the row's header first", header);
    input.Add("log", "file for one line per request served", log);
    if (!input.Parse() || !input.Writable("log", log))
    {
        return 1; // one line "experiment-io-example: why" is on stderr
    }
    if (std::string problem = c.Validate(); !problem.empty())
    {
        input.Fail(problem);
        return 1;
    }

    // The simulation: one server, requests served in order of arrival.
    std::ofstream logFile;
    if (!log.empty())
    {
        logFile.open(log);
    }
    uint32_t served = 0;
    Time freeAt;
    Time lastDone;
    for (uint32_t i = 0; i < c.requests; ++i)
    {
        Simulator::Schedule(c.interval * i, [&, i]() {
            Time start = std::max(Simulator::Now(), freeAt);
            freeAt = start + c.service;
            Simulator::Schedule(freeAt - Simulator::Now(), [&, i]() {
                ++served;
                lastDone = Simulator::Now();
                if (logFile.is_open())
                {
                    logFile << i << "," << Simulator::Now().GetSeconds() << "\n";
                }
            });
        });
    }
    Simulator::Run();
    Simulator::Destroy();

    // How much later than alone the last request was done.
    Time lastArrival = c.interval * (c.requests ? c.requests - 1 : 0);
    Time behind = c.requests ? lastDone - lastArrival - c.service : Time();
    double value = c.unit == "s" ? behind.GetSeconds() : behind.GetSeconds() * 1000;
    CsvRow row = CsvRow::Fixed(4);
    row.Add("requests", c.requests).Add("served", served).Add("behind_" + c.unit, value);
    row.Print(std::cout, header);
    return 0;
}

} // namespace

int
main(int argc, char* argv[])
{
    ProgramInput input("experiment-io-example", argc, argv);
    return input.Run(&Run);
}
