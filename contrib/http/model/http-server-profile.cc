/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "http-server-profile.h"

#include "ns3/nstime.h"
#include "ns3/uinteger.h"

#include <map>

namespace ns3
{

const TcpHostProfile::Settings&
HttpServerProfile::Get(const std::string& hostProfile)
{
    static const std::map<std::string, TcpHostProfile::Settings> servers = {
        {"SunOS-4.1.3-SS20-71",
         {
             // Tables 2 and 3, TCP-modification rows only (the server runs
             // the unmodified server's application): the CPU time per
             // connection the model misses at 62.02 and 223.8 conn/s,
             // split into a cost per response and one per body byte.
             {"PerRequestCost", Create<TimeValue>(NanoSeconds(933500))},
             {"PerResponseByteCost", Create<TimeValue>(NanoSeconds(180))},
         }},
        {"Solaris-2.5.1-Apache-1.2.5",
         {
             // request to first response byte, mean of the seven figures (2.5 to 3.6 ms)
             {"PerRequestCost", Create<TimeValue>(MicroSeconds(3200))},
             // Apache 1.2's BUFF and file reads (see HttpBufferedWrites)
             {"OutputBufferSize", Create<UintegerValue>(4096)},
             {"FileReadSize", Create<UintegerValue>(8192)},
         }},
    };
    static const TcpHostProfile::Settings none;
    TcpHostProfile::Get(hostProfile); // aborts on an unknown name
    auto it = servers.find(hostProfile);
    return it == servers.end() ? none : it->second;
}

} // namespace ns3
