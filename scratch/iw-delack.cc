/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Seed 002: one HTTP/1.0 GET of a 13549-byte response (Apache 1.2.5's
// 256-byte head and a 13293-byte document) over a 100 Mb/s LAN, between
// hosts of 1998 (a Solaris 2.5.1 server, an IRIX or Solaris 2.6 client) or
// of today, traced as tcpdump at the server showed it.
//
//   ./ns3 run 'iw-delack --case=2.1'              the page's Figure 2.1, compared
//   ./ns3 run 'iw-delack --case=3.3 --clientTick=random --RngRun=7'
//   ./ns3 run 'iw-delack --server=Linux-6-no-tcp-options --client=IRIX-6.2-Indy --iw=4'
//   ./ns3 run 'iw-delack --case=2.2 --csv --header'  one CSV row (./figures.py)
//
// A case sets the hosts, the initial windows and the boot phases the
// iw-delack doc derives from the figure; the other options override it.
// Ticks are the time of a host's first delayed-ACK tick after the SYN, in
// seconds, or "random" for a boot phase drawn from the run's RNG.

#include "ns3/core-module.h"
#include "ns3/experiment-io-module.h"
#include "ns3/iw-delack-module.h"
#include "ns3/paper-experiments-module.h"
#include "ns3/tcp-host-module.h"

#include <cmath>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

using namespace ns3;

namespace
{

/**
 * @brief Read a tick option.
 * @param text "random", "" (keep) or seconds
 * @param tick where to put it
 * @return false if the text is neither
 */
bool
ParseTick(const std::string& text, std::optional<double>& tick)
{
    if (text.empty())
    {
        return true;
    }
    if (text == "random")
    {
        tick.reset();
        return true;
    }
    try
    {
        size_t used = 0;
        double value = std::stod(text, &used);
        if (used != text.size())
        {
            return false;
        }
        tick = value;
        return true;
    }
    catch (const std::exception&)
    {
        return false;
    }
}

} // namespace

/// The program itself; main() turns a refused setting into exit 1.
static int
Run(ProgramInput& input)
{
    std::string figure;
    std::string server;
    std::string client;
    uint32_t iw = 0;
    uint32_t clientIw = 0;
    std::string clientTick;
    std::string serverTick;
    IwDelackConfig c;
    uint32_t body = c.bodyBytes;
    uint32_t readSize = c.readSize;
    std::string rate = c.linkRate;
    double delay = c.linkDelay;
    bool csv = false;
    bool header = false;
    std::string traceFile;

    std::vector<std::string> cases = IwDelackCases();
    cases.insert(cases.begin(), ""); // none: the options alone
    input.Choice("case", "the page's figure", figure, cases);
    input.Add("server", "the server's host profile (default Solaris-2.5.1-Apache-1.2.5)", server);
    input.Add("client", "the client's host profile (default IRIX-6.2-Indy)", client);
    input.Add("iw", "the server's initial window, segments", iw);
    input.Add("clientIw", "the client's initial window, segments", clientIw);
    input.Add("clientTick",
              "client's first delayed-ACK tick after the SYN, s, or random",
              clientTick);
    input.Add("serverTick",
              "server's first delayed-ACK tick after the SYN, s, or random",
              serverTick);
    input.Add("body", "document bytes (the head's 256 come on top)", body);
    input.Add("readSize", "client's read size, bytes (0: all there is)", readSize);
    input.Add("rate", "the LAN's rate", rate);
    input.Add("delay", "one-way propagation delay, s", delay);
    input.Add("csv", "print one CSV row instead of the trace", csv);
    input.Add("header", "with --csv: print the CSV header first", header);
    input.Add("traceFile",
              "also write the simulated trace (and, for a page case, the page's) to this file, "
              "each line prefixed 'sim ' or 'page '",
              traceFile);
    ExperimentCapture capture;
    capture.AddOptions(input);
    if (!input.Parse() || !input.Writable("traceFile", traceFile) || !capture.CheckOutputs(input))
    {
        return 1;
    }

    if (!figure.empty())
    {
        c = IwDelackCase(figure);
    }
    c.serverProfile = server.empty() ? c.serverProfile : server;
    c.clientProfile = client.empty() ? c.clientProfile : client;
    c.serverInitialWindow = iw ? iw : c.serverInitialWindow;
    c.clientInitialWindow = clientIw ? clientIw : c.clientInitialWindow;
    c.bodyBytes = body;
    c.readSize = readSize;
    c.linkRate = rate;
    c.linkDelay = delay;
    std::string problem;
    if (!ParseTick(clientTick, c.clientTick) || !ParseTick(serverTick, c.serverTick))
    {
        problem = "--clientTick and --serverTick take seconds or 'random'";
    }
    else
    {
        problem = c.Validate();
    }
    if (!problem.empty())
    {
        std::cerr << "iw-delack: " << problem << std::endl;
        return 1;
    }

    capture.Arm();
    IwDelackResult r = RunIwDelack(c);
    // A page case is compared with the page's trace whatever the options:
    // a different phase or host shows where the exchange departs from it.
    std::string match = "none";
    TraceComparison compared;
    if (!figure.empty())
    {
        compared = CompareWithPage(r.trace, r.clientPort, figure);
        match = compared.same ? "same" : "differs";
    }

    if (!traceFile.empty())
    {
        std::ofstream out(traceFile);
        for (size_t i = 0; i < r.trace.size(); ++i)
        {
            out << "sim " << r.trace[i].Format(i + 1, r.clientPort) << "\n";
        }
        if (!figure.empty())
        {
            std::istringstream page(Seed002Trace(figure));
            for (std::string line; std::getline(page, line);)
            {
                out << "page " << line << "\n";
            }
        }
        if (!out)
        {
            std::cerr << "iw-delack: cannot write " << traceFile << std::endl;
            return 1;
        }
    }

    // Where the client's phase came from: the case's documented one, a
    // draw, or the command line.
    std::string phase = clientTick.empty() ? (figure.empty() ? "random" : "case")
                                           : (clientTick == "random" ? "random" : "set");
    if (csv)
    {
        CsvRow row = CsvRow::Fixed(4);
        row.Add("case", figure.empty() ? "custom" : figure)
            .Add("server", c.serverProfile)
            .Add("client", c.clientProfile)
            .Add("iw", c.serverInitialWindow)
            .Add("client_iw", c.clientInitialWindow)
            .Add("phase", phase)
            .Add("client_tick_ms", r.clientTick * 1000)
            .Add("server_tick_ms", r.serverTick * 1000)
            .Add("run", RngSeedManager::GetRun())
            .Add("transfer_ms", r.transferTime * 1000)
            .Add("delayed_acks", r.delayedAcks)
            .Add("segments", r.trace.size())
            .Add("completed", r.completed)
            .Add("page", match)
            .Add("first_difference", compared.firstDifference)
            .Add("events", r.events);
        row.Print(std::cout, header);
        return r.completed ? 0 : 2;
    }

    std::cout << "# " << c.serverProfile << " (initial window " << c.serverInitialWindow
              << ") serves " << c.clientProfile << "; client tick " << std::fixed
              << std::setprecision(1) << r.clientTick * 1000 << " ms, server tick "
              << r.serverTick * 1000 << " ms after the SYN" << std::endl;
    for (size_t i = 0; i < r.trace.size(); ++i)
    {
        std::cout << r.trace[i].Format(i + 1, r.clientPort)
                  << (IsDelayedAck(r.trace, i) ? "   <- delayed ACK" : "") << std::endl;
    }
    std::cout << std::setprecision(3) << "transfer time " << r.transferTime * 1000 << " ms, "
              << r.delayedAcks << " delayed ACK(s)" << (r.completed ? "" : ", INCOMPLETE")
              << std::endl;
    if (!figure.empty())
    {
        std::cout << "Figure " << figure << ": ";
        if (compared.same)
        {
            std::cout << "the same segments, ACKs and delayed ACKs as the page" << std::endl;
        }
        else
        {
            std::cout << "first difference at line " << compared.firstDifference
                      << "\n  simulated: "
                      << (compared.simulated.empty() ? "(none)" : compared.simulated)
                      << "\n  page:      " << (compared.page.empty() ? "(none)" : compared.page)
                      << std::endl;
        }
    }
    return r.completed ? 0 : 2;
}

int
main(int argc, char* argv[])
{
    ProgramInput input("iw-delack", argc, argv);
    return input.Run(&Run);
}
