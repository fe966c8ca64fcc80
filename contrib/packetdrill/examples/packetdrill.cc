/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// packetdrill for ns-3: plays packetdrill scripts against an ns-3 TCP socket
// and prints one line per script (PASS, FAIL, UNSUPPORTED), then the counts.
//
//   build/bin/packetdrill [--socket=suite|stock] [--profile=Linux-6]
//                         [--tolerance=0.004] [--verbose] script.pkt...
//
// Exit status: 0 if no script failed, 1 if one did or the command line is wrong.

#include "ns3/core-module.h"
#include "ns3/packetdrill-runner.h"
#include "ns3/program-input.h"
#include "ns3/tcp-negotiated-close.h"
#include "ns3/tcp-swap-close.h"

#include <cmath>
#include <iostream>
#include <string>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("PacketdrillProgram");

/// The program itself, given its options and its script files.
static int
Run(ProgramInput& input, const std::vector<std::string>& files)
{
    // tw-avoid's close policies, so that a command line can name them
    // (--ns3::TcpHostSocket::ClosePolicy=ns3::TcpSwapClose): a library the
    // program does not call would not be loaded
    TcpSwapClose::GetTypeId();
    TcpNegotiatedClose::GetTypeId();
    PacketdrillConfig config;
    double tolerance = 0.004;
    bool verbose = false;
    input.Choice("socket",
                 "the socket under test: the suite's TcpHostSocket or ns-3's TcpSocketBase",
                 config.socket,
                 {"suite", "stock"});
    input.Add("profile", "the host profile of the node under test (suite)", config.profile);
    input.Add("tolerance", "s an outbound segment may be off its time", tolerance);
    input.Add("verbose", "print every segment of each script", verbose);
    if (!input.Parse())
    {
        return 1;
    }
    if (tolerance < 0 || !std::isfinite(tolerance))
    {
        input.Fail("--tolerance must be a number of seconds, 0 or more");
        return 1;
    }
    config.tolerance = Seconds(tolerance);
    config.trace = verbose;
    if (std::string problem = config.Validate(); !problem.empty())
    {
        input.Fail(problem);
        return 1;
    }
    if (files.empty())
    {
        input.Fail("no script files given");
        return 1;
    }
    uint32_t passed = 0;
    uint32_t failed = 0;
    uint32_t unsupported = 0;
    for (const std::string& file : files)
    {
        PacketdrillVerdict v = PacketdrillRunner::RunFile(file, config);
        for (const std::string& line : v.trace)
        {
            std::cout << "  " << line << "\n";
        }
        std::cout << v.Format(file) << std::endl;
        switch (v.kind)
        {
        case PacketdrillVerdict::PASS:
            ++passed;
            break;
        case PacketdrillVerdict::FAIL:
            ++failed;
            break;
        default:
            ++unsupported;
        }
    }
    std::cout << passed << " passed, " << failed << " failed, " << unsupported << " unsupported"
              << std::endl;
    return failed > 0 ? 1 : 0;
}

int
main(int argc, char* argv[])
{
    // Script files are the arguments that are not options; ProgramInput
    // checks the options (it refuses anything else)
    std::vector<std::string> files;
    std::vector<char*> options{argv[0]};
    for (int i = 1; i < argc; ++i)
    {
        std::string arg = argv[i];
        if (arg.rfind("--", 0) == 0)
        {
            options.push_back(argv[i]);
        }
        else
        {
            files.push_back(arg);
        }
    }
    ProgramInput input("packetdrill", static_cast<int>(options.size()), options.data());
    // A refused setting ends in exit 1 with its message (ProgramInput::Run)
    return input.Run([&files](ProgramInput& in) { return Run(in, files); });
}
