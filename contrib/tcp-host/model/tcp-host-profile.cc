/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-host-profile.h"

#include "tcp-listen-queue.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/string.h"
#include "ns3/type-id.h"
#include "ns3/uinteger.h"
#include "ns3/user-defaults.h"

#include <cstdlib>
#include <map>
#include <sstream>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpHostProfile");

namespace
{

/// All profiles, by name.
const std::map<std::string, TcpHostProfile>&
Profiles()
{
    static const std::map<std::string, TcpHostProfile> profiles = [] {
        std::map<std::string, TcpHostProfile> all;
        all["Neutral"] = {"Neutral", "the models' defaults: no cost, no memory limit", {}, {}};
        // The derivation of each number is in the tcp-host and tw-avoid docs
        // ("Calibration").
        all["SunOS-4.1.3-SS20-71"] = {
            "SunOS-4.1.3-SS20-71",
            "SPARCstation 20/71, SunOS 4.1.3 (TIME_WAIT draft, Faber, Touch, Yue 1997)",
            {
                // Table 1, N = 0 and N = 2500: 490.189 us per segment, 234 ns per TCB visited
                {"PerSegmentCost", Create<TimeValue>(NanoSeconds(490189))},
                {"PerTcbCost", Create<TimeValue>(NanoSeconds(234))},
                {"LookupDiscipline", Create<StringValue>("LinearHeadInsert")},
            },
            {},
            {},
            {
                // A 4.3BSD-derived TCB is two 128-byte mbufs of type MT_PCB: the
                // inpcb (in_pcballoc) and the tcpcb (tcp_newtcpcb); not fitted
                // to the draft's tables (tw-avoid.rst, "Memory per TCB")
                {"BytesPerTcb", Create<UintegerValue>(2 * 128)},
                // "cannot support more than 60 connections/s" with 2MSL = 60 s
                {"Limit", Create<UintegerValue>(60 * 60 * 2 * 128)},
                // SunOS keeps TCBs and socket data in the same mbufs
                {"Accounting", Create<StringValue>("Shared")},
            },
        };
        // Seed 002's hosts (the tcp-host doc, "Hosts of 1998", derives each
        // number). None of them scales windows, timestamps or SACKs.
        const TcpHostProfile::Settings era1998 = {
            {"WindowScaling", Create<BooleanValue>(false)},
            {"Timestamp", Create<BooleanValue>(false)},
            {"Sack", Create<BooleanValue>(false)},
            {"SegmentSize", Create<UintegerValue>(1460)},
        };
        auto with = [](TcpHostProfile::Settings base, const TcpHostProfile::Settings& more) {
            base.insert(base.end(), more.begin(), more.end());
            return base;
        };
        all["IRIX-6.2-Indy"] = {
            "IRIX-6.2-Indy",
            "SGI Indy, IRIX 6.2: 4.4BSD's delayed ACK (seed 002's client, Figures 1, 2.1, 2.2)",
            {
                // "four to five milliseconds processing time" for the ACK of two
                // full segments (page, Figure 2.2); 0.65 ms for a bare FIN (Figure 1)
                {"PerSegmentCost", Create<TimeValue>(MicroSeconds(650))},
                {"PerByteCost", Create<TimeValue>(NanoSeconds(1100))},
            },
            {},
            with(era1998,
                 {
                     {"DelayedAckPolicy",
                      Create<TypeIdValue>(TypeId::LookupByName("ns3::TcpBsdDelayedAck"))},
                     // the window of every ACK in Figures 2.1 and 2.2 with nothing unread
                     {"RcvBufSize", Create<UintegerValue>(61320)},
                 }),
        };
        const TcpHostProfile::Settings solaris =
            with(era1998,
                 {
                     {"DelayedAckPolicy",
                      Create<TypeIdValue>(TypeId::LookupByName("ns3::TcpSolarisDelayedAck"))},
                     {"SegmentPerWrite", Create<BooleanValue>(true)},
                     // tcp_slow_start_initial's default; the experiment sets 2 for the patch
                     {"InitialCwnd", Create<UintegerValue>(1)},
                     // the window of every segment the Solaris hosts send in Figures 3.x
                     {"RcvBufSize", Create<UintegerValue>(33580)},
                 });
        all["Solaris-2.6"] = {
            "Solaris-2.6",
            "Solaris 2.6 client (seed 002, Figures 3.1 to 3.5)",
            {
                // Figures 3.3 and 3.4, lines 7 and 10: two full segments that
                // arrive together are acknowledged 0.3 ms apart
                {"PerSegmentCost", Create<TimeValue>(MicroSeconds(200))},
                {"PerByteCost", Create<TimeValue>(NanoSeconds(68))},
            },
            {
                // the same lines: the first ACK leaves 0.6 to 0.7 ms after its
                // segment, 0.3 ms of it CPU; Figure 3.3 lines 2-3, SYN-ACK to
                // ACK 0.5 ms, agrees (0.2 + 0.3)
                {"Latency", Create<TimeValue>(MicroSeconds(300))},
            },
            solaris,
        };
        all["Solaris-2.5.1-Apache-1.2.5"] = {
            "Solaris-2.5.1-Apache-1.2.5",
            "Solaris 2.5.1 with patch 103582-15, Apache 1.2.5 (seed 002's server)",
            {
                // Figure 2.1 lines 6-7: 89 us from a client's ACK to the next segment
                {"PerSegmentCost", Create<TimeValue>(MicroSeconds(25))},
            },
            {
                // Figure 2.1 lines 10-12 and 14-17: a segment every 63 to 89 us
                {"PerSegmentCost", Create<TimeValue>(MicroSeconds(65))},
            },
            solaris,
        };
        // Linux 6's queues and TIME_WAIT: one host of today, with or without
        // its TCP options (the tcp-host doc, "Linux-6", derives each number).
        const TcpHostProfile::Settings linuxTimeWait = {
            // Linux 6.x on a 24 GiB host: half the established hash of
            // 262144 entries (one per 128 KiB of RAM, to a power of two)
            {"MaxBuckets", Create<UintegerValue>(131072)},
        };
        const TcpHostProfile::Settings linuxQueues = {
            // the sysctls' defaults on that host (tcp_max_syn_backlog:
            // max(128, 262144 / 128)); the backlog is the application's
            {"SoMaxConn", Create<UintegerValue>(4096)},
            {"MaxSynBacklog", Create<UintegerValue>(2048)},
            {"SynCookies",
             Create<EnumValue<TcpListenQueue::SynCookies>>(TcpListenQueue::COOKIES_ON_OVERFLOW)},
            {"SynAckRetries", Create<UintegerValue>(5)},
        };
        const TcpHostProfile::Settings linuxSocket = {
            {"DelayedAckPolicy",
             Create<TypeIdValue>(TypeId::LookupByName("ns3::TcpLinuxDelayedAck"))},
            {"InitialCwnd", Create<UintegerValue>(10)},
            {"RcvBufSize", Create<UintegerValue>(131072)}, // tcp_rmem's default
        };
        all["Linux-6"] = {
            "Linux-6",
            "a Linux host of today: timestamps, window scaling, SACK, CUBIC, MSS 1448, RTO 200 ms "
            "to 120 s (1 s initial), quick ACKs, 40 ms delayed ACK, initial window 10, compact "
            "TIME_WAIT, SYN and accept queues (no host costs)",
            {},
            {},
            with(linuxSocket,
                 {
                     // tcp_timestamps, tcp_window_scaling and tcp_sack are 1
                     {"Timestamp", Create<BooleanValue>(true)},
                     {"WindowScaling", Create<BooleanValue>(true)},
                     {"Sack", Create<BooleanValue>(true)},
                     // an Ethernet MTU of 1500 less 40 bytes of headers and
                     // 12 of the timestamp option
                     {"SegmentSize", Create<UintegerValue>(1448)},
                     // what Linux advertises whatever the options: the MTU
                     // less 40 bytes
                     {"AdvertisedMss", Create<UintegerValue>(1460)},
                     // tcp_rmem's maximum: the window scale a SYN asks for
                     // (7), while the window stays RcvBufSize's
                     {"MaxRcvBufSize", Create<UintegerValue>(6291456)},
                     // TCP_RTO_MIN, TCP_TIMEOUT_INIT, TCP_RTO_MAX
                     {"MinRto", Create<TimeValue>(MilliSeconds(200))},
                     {"ConnTimeout", Create<TimeValue>(Seconds(1))},
                     {"MaxRto", Create<TimeValue>(Seconds(120))},
                     // RFC 6298 5.7: TCP_TIMEOUT_FALLBACK after a SYN timeout
                     {"SynTimeoutRto", Create<TimeValue>(Seconds(3))},
                     // tcp_syn_retries 6, tcp_retries2 15
                     {"ConnCount", Create<UintegerValue>(6)},
                     {"DataRetries", Create<UintegerValue>(15)},
                 }),
            {
                // struct tcp_sock, 2304 bytes in Linux 6.x on x86_64 (BTF); no
                // limit: tcp_mem is far above what a simulated host holds
                {"BytesPerTcb", Create<UintegerValue>(2304)},
            },
            linuxTimeWait,
            linuxQueues,
            {
                // net.ipv4.tcp_congestion_control's default
                {"SocketType", Create<TypeIdValue>(TypeId::LookupByName("ns3::TcpCubic"))},
            },
        };
        all["Linux-6-no-tcp-options"] = {
            "Linux-6-no-tcp-options",
            "Linux-6's delayed ACK, initial window, TIME_WAIT and queues with ns-3's other TCP "
            "defaults and no window scaling, timestamps or SACK, for traces comparable with "
            "1998's hosts (seed 002's table)",
            {},
            {},
            with(era1998, linuxSocket),
            {},
            linuxTimeWait,
            linuxQueues,
        };
        return all;
    }();
    return profiles;
}

} // namespace

const TcpHostProfile&
TcpHostProfile::Get(const std::string& name)
{
    auto it = Profiles().find(name);
    if (it == Profiles().end())
    {
        std::ostringstream known;
        for (const auto& n : List())
        {
            known << " " << n;
        }
        throw std::invalid_argument("TcpHostProfile: unknown profile '" + name +
                                    "'; known:" + known.str());
    }
    return it->second;
}

void
TcpHostProfile::Apply(const Settings& settings, Ptr<Object> object)
{
    for (const auto& [name, value] : settings)
    {
        if (UserDefaults::IsSet(object->GetInstanceTypeId(), name))
        {
            NS_LOG_INFO("the user's default of " << name << " wins over the profile's");
            continue;
        }
        object->SetAttribute(name, *value);
    }
}

void
TcpHostProfile::Apply(const Settings& settings,
                      ObjectFactory& factory,
                      const std::set<std::string>& skip)
{
    for (const auto& [name, value] : settings)
    {
        if (skip.count(name) || UserDefaults::IsSet(factory.GetTypeId(), name))
        {
            NS_LOG_INFO("the user's " << name << " wins over the profile's");
            continue;
        }
        factory.Set(name, *value);
    }
}

std::vector<std::string>
TcpHostProfile::List()
{
    std::vector<std::string> names;
    for (const auto& [name, profile] : Profiles())
    {
        names.push_back(name);
    }
    return names;
}

} // namespace ns3
