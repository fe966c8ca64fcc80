/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "dtoc-experiment.h"

#include "ns3/abort.h"
#include "ns3/address.h"
#include "ns3/boolean.h"
#include "ns3/codel-dispatch-policy.h"
#include "ns3/double.h"
#include "ns3/dtoc-client.h"
#include "ns3/dtoc-dispatch-policy.h"
#include "ns3/enum.h"
#include "ns3/host-cpu.h"
#include "ns3/http-client.h"
#include "ns3/http-file-set.h"
#include "ns3/http-proxy.h"
#include "ns3/http-server.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-route-cache-helper.h"
#include "ns3/log.h"
#include "ns3/node-container.h"
#include "ns3/persistent-connection-manager.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/pointer.h"
#include "ns3/program-input.h"
#include "ns3/retry-policy.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-host-helper.h"
#include "ns3/tcp-host-profile.h"
#include "ns3/tcp-input-stage.h"
#include "ns3/tcp-listen-queue.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/uinteger.h"
#include "ns3/user-defaults.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <utility>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DtocExperiment");

namespace
{

const uint16_t PORT = 80;

/// The strategies RunDtocExperiment knows.
/// Above it a run only counts more refusals, at a cost that grows with the load.
constexpr double MAX_LOAD_PERCENT = 1000;

const std::vector<std::string> STRATEGIES{"regular", "dtoc", "abortonclose", "codel", "lifo"};

/// The retry policies RunDtocExperiment knows.
const std::vector<std::string> RETRY_POLICIES{"immediate", "backoff", "budget"};

/**
 * @brief The users' retry policy: one for all of them, so a budget counts
 * the retries of the whole population (how users are spread over hosts is
 * for simulation speed only, and must not decide what a budget allows).
 * @param name one of RETRY_POLICIES
 * @return the policy, or null for "immediate" (DtocClient's own behaviour)
 */
Ptr<RetryPolicy>
MakeRetryPolicy(const std::string& name)
{
    if (name == "immediate")
    {
        return nullptr;
    }
    Ptr<RetryPolicy> backoff = CreateObject<BackoffRetryPolicy>();
    if (name == "backoff")
    {
        return backoff;
    }
    Ptr<RetryBudgetPolicy> budget = CreateObject<RetryBudgetPolicy>();
    budget->SetAttribute("Waits", PointerValue(backoff));
    return budget;
}

/**
 * @brief The SPECweb96-like mix of the paper: 100-900 B (35 %), 1-9 KB
 * (50 %), 10-90 KB (14 %), 100-900 KB (1 %), nine sizes evenly spread in
 * each class, as SPECweb96's own file set.
 * @return the file set
 */
Ptr<HttpFileSet>
SpecWeb96Mix()
{
    Ptr<HttpFileSet> files = CreateObject<HttpFileSet>();
    const std::pair<uint64_t, double> classes[] = {{100, 0.35},
                                                   {1024, 0.50},
                                                   {10240, 0.14},
                                                   {102400, 0.01}};
    for (const auto& [unit, share] : classes)
    {
        for (uint64_t k = 1; k <= 9; ++k)
        {
            files->AddFile(k * unit, share / 9);
        }
    }
    return files;
}

/**
 * @brief The dispatch policy of a strategy.
 * @param c the configuration
 * @param meanService the mean service time
 * @return the policy (null: the regular server's)
 */
Ptr<HttpDispatchPolicy>
MakeStrategy(const DtocExperimentConfig& c, Time meanService)
{
    if (c.strategy == "dtoc" || c.strategy == "abortonclose")
    {
        Ptr<DtocDispatchPolicy> dtoc = CreateObject<DtocDispatchPolicy>();
        bool haproxy = c.strategy == "abortonclose";
        // HAProxy learns of the close from its event loop: no polling cost.
        dtoc->SetAttribute("Method", StringValue(haproxy ? "Callback" : c.method));
        dtoc->SetAttribute("CheckCost",
                           TimeValue(haproxy
                                         ? Time(0)
                                         : NanoSeconds(std::llround(meanService.GetNanoSeconds() *
                                                                    c.checkCostShare))));
        dtoc->SetAttribute("OnlyUnderOverload", BooleanValue(!haproxy && c.onlyUnderOverload));
        return dtoc;
    }
    if (c.strategy == "codel" || c.strategy == "lifo")
    {
        Ptr<CodelDispatchPolicy> codel = CreateObject<CodelDispatchPolicy>();
        bool lifo = c.strategy == "lifo";
        codel->SetAttribute("AdaptiveLifo", BooleanValue(lifo));
        codel->SetAttribute("DropLate", BooleanValue(!lifo));
        return codel;
    }
    return nullptr;
}

/// Collects what the run's users and server do.
class DtocRun
{
  public:
    DtocRun(const DtocExperimentConfig& c, Ptr<HttpFileSet> files, Time perByte)
        : m_c(c),
          m_files(files),
          m_perByte(perByte)
    {
    }

    /**
     * @brief A request ended.
     * @param outcome how
     * @param target what it asked for
     */
    void Done(DtocClient::Outcome outcome, Time latency, const std::string& target)
    {
        if (outcome != DtocClient::COMPLETED)
        {
            if (Simulator::Now() >= m_c.warmup)
            {
                ++m_result.outcomes[outcome];
            }
            return;
        }
        // The work a user received in time: its response's service time.
        Time work = m_perByte * int64_t(m_files->GetSize(target).value_or(0));
        ++m_binCompleted;
        m_binUsefulWork += work;
        if (Simulator::Now() >= m_c.warmup)
        {
            ++m_result.outcomes[outcome];
            m_usefulWork += work;
            m_responseTimes += latency;
        }
    }

    /**
     * @brief The accept queue's length changed.
     * @param length the new length
     */
    void Queue(uint32_t, uint32_t length)
    {
        m_queue = length;
    }

    /**
     * @brief Close a timeline bin and start the next.
     * @param cpu the server's CPU
     * @param offered the offered load in the bin, %
     */
    void Sample(Ptr<HostCpu> cpu, double offered)
    {
        Time busy = cpu->GetBusyTime(HostCpu::APPLICATION);
        double binSeconds = m_c.bin.GetSeconds();
        Time spent = busy - m_binBusyAtStart;
        DtocExperimentResult::Bin bin;
        bin.start = (Simulator::Now() - m_c.bin).GetSeconds();
        bin.offeredPercent = offered;
        bin.usefulPercent = 100.0 * m_binCompleted / binSeconds / m_c.capacity;
        bin.queueLength = m_queue;
        bin.cpuBusyPercent = 100.0 * spent.GetSeconds() / binSeconds;
        bin.deadCpuPercent =
            std::max(0.0, 100.0 * (spent - m_binUsefulWork).GetSeconds() / binSeconds);
        m_result.timeline.push_back(bin);
        m_binBusyAtStart = busy;
        m_binCompleted = 0;
        m_binUsefulWork = Time(0);
    }

    DtocExperimentResult m_result; //!< What the run gives
    Time m_usefulWork{0};          //!< Service time users received in time, after the warm-up
    Time m_responseTimes{0};       //!< Sum of the response times of those requests

  private:
    DtocExperimentConfig m_c;
    Ptr<HttpFileSet> m_files;
    Time m_perByte;
    uint32_t m_queue{0};
    uint64_t m_binCompleted{0};
    Time m_binUsefulWork{0};
    Time m_binBusyAtStart{0};
};

/**
 * @brief The offered load at a time.
 * @param pattern the pattern
 * @param at the time
 * @return the load, %
 */
double
LoadAt(const std::vector<DtocLoadStep>& pattern, Time at)
{
    Time t(0);
    for (const auto& step : pattern)
    {
        t += step.duration;
        if (at < t)
        {
            return step.loadPercent;
        }
    }
    return pattern.back().loadPercent;
}

/**
 * @return the first of the proxy's and its manager's attributes the
 * experiment sets whose default the user set (UserDefaults::IsSet),
 * as ns3::Type::Name, or "" if none
 */
std::string
ProxySettingsTheUserSet()
{
    const std::pair<TypeId, const char*> set[] = {
        {HttpProxy::GetTypeId(), "ClientAbort"},
        {HttpProxy::GetTypeId(), "ReverseTo"},
        {HttpProxy::GetTypeId(), "HitRatio"},
        {HttpProxy::GetTypeId(), "Port"},
        {HttpProxy::GetTypeId(), "Manager"},
        {HttpProxy::GetTypeId(), "Store"},
        {PersistentConnectionManager::GetTypeId(), "MaxConnections"},
    };
    for (const auto& [tid, name] : set)
    {
        if (UserDefaults::IsSet(tid, name))
        {
            return tid.GetName() + "::" + name;
        }
    }
    return "";
}

} // namespace

std::vector<DtocLoadStep>
DtocExperimentConfig::Day(const std::string& name, Time period, double offPeakPercent)
{
    // Nine periods: the paper's normal day is overloaded (moderately) a
    // third of the day, its busy day 56 % of it with a 300 % peak; the rest
    // of the time the load is just under the capacity (offPeakPercent).
    const double o = offPeakPercent;
    std::vector<double> loads;
    if (name == "normal")
    {
        loads = {o, o, 150, 150, o, o, 150, o, o};
    }
    else if (name == "busy")
    {
        loads = {o, 150, 200, 300, 200, 150, o, o, o};
    }
    std::vector<DtocLoadStep> pattern;
    for (double load : loads)
    {
        pattern.push_back({period, load});
    }
    return pattern;
}

Time
DtocExperimentConfig::GetDuration() const
{
    Time total(0);
    for (const auto& step : pattern)
    {
        total += step.duration;
    }
    return total;
}

void
DtocExperimentConfig::AddOptions(ProgramInput& input)
{
    // Strategy and method are refused by Validate, which says what they may be.
    input.Add("strategy", "regular | dtoc | abortonclose | codel | lifo", strategy);
    input.Add("method", "DTOC's detection method: Peek | State | Callback", method);
    input.Add("onlyUnderOverload", "DTOC checks only when connections wait", onlyUnderOverload);
    input.Add("inServiceAbort",
              "stop preparing a response whose client closes (the paper's future work)",
              inServiceAbort);
    input.Add("timeout", "users' patience per attempt (s if no unit)", timeout);
    input.Choice("retryPolicy",
                 "when users retry: at once, after an exponential backoff with full jitter, "
                 "or within Finagle's budget over that backoff",
                 retryPolicy,
                 RETRY_POLICIES);
    input.Add("queueLimit", "the server's listen queue", queueLimit);
    input.Choice("acceptQueue",
                 "where it is: the server's own, or Linux's accept queue",
                 acceptQueue,
                 {"application", "kernel"});
    input.Add("abortOnOverflow", "kernel queue: tcp_abort_on_overflow", abortOnOverflow);
    input.Add("deferAccept", "kernel queue: TCP_DEFER_ACCEPT (s if no unit)", deferAccept);
    input.Add("bin", "timeline resolution (s if no unit)", bin);
}

std::string
DtocExperimentConfig::Validate() const
{
    std::ostringstream why;
    if (std::find(STRATEGIES.begin(), STRATEGIES.end(), strategy) == STRATEGIES.end())
    {
        why << "unknown strategy '" << strategy << "' (regular, dtoc, abortonclose, codel or lifo)";
    }
    else if (method != "Peek" && method != "State" && method != "Callback")
    {
        why << "unknown detection method '" << method << "' (Peek, State or Callback)";
    }
    else if (!timeout.IsStrictlyPositive())
    {
        why << "the timeout must be positive";
    }
    else if (std::find(RETRY_POLICIES.begin(), RETRY_POLICIES.end(), retryPolicy) ==
             RETRY_POLICIES.end())
    {
        why << "unknown retry policy '" << retryPolicy << "' (immediate, backoff or budget)";
    }
    else if (pattern.empty())
    {
        why << "the load pattern is empty";
    }
    else if (std::any_of(pattern.begin(), pattern.end(), [](const DtocLoadStep& s) {
                 return !s.duration.IsStrictlyPositive() || !(s.loadPercent > 0) ||
                        !(s.loadPercent <= MAX_LOAD_PERCENT);
             }))
    {
        // One connection per request, so a run's cost grows with the load;
        // ten times the capacity is far past where the paper stops (300 %),
        // and above it only the refusals grow (1e9 % would never end).
        why << "every period of the load pattern needs a positive length and a load above 0 "
               "and at most "
            << MAX_LOAD_PERCENT << " % of the capacity";
    }
    else if (warmup.IsStrictlyNegative() || warmup >= GetDuration())
    {
        why << "the warm-up must be at least 0 and shorter than the run";
    }
    else if (!(capacity > 0) || !std::isfinite(capacity))
    {
        why << "the capacity must be positive";
    }
    else if (queueLimit == 0)
    {
        why << "the queue limit must be at least 1";
    }
    else if (acceptQueue != "application" && acceptQueue != "kernel")
    {
        why << "the accept queue is 'application' or 'kernel', not '" << acceptQueue << "'";
    }
    else if (acceptQueue == "application" && (abortOnOverflow || !deferAccept.IsZero()))
    {
        why << "abort-on-overflow and defer-accept are the kernel queue's";
    }
    else if (deferAccept.IsStrictlyNegative() || deferAccept > Seconds(3600))
    {
        why << "defer-accept must be 0 to 3600 s";
    }
    else if (acceptQueue == "kernel" && (strategy == "lifo" || strategy == "abortonclose" ||
                                         (strategy == "dtoc" && method == "Callback")))
    {
        why << "accept() gives the oldest connection, with no close callback while it waits: "
               "strategy '"
            << strategy << (strategy == "dtoc" ? "' with method Callback" : "'")
            << " needs the application's queue";
    }
    else if (!(checkCostShare >= 0) || !std::isfinite(checkCostShare))
    {
        why << "the check cost share must be at least 0";
    }
    else if (!bin.IsStrictlyPositive())
    {
        why << "the timeline bin must be positive";
    }
    else if (userHosts == 0 || userHosts > 250)
    {
        why << "the users need 1 to 250 hosts";
    }
    else if (proxy != "none" && proxy != "abort" && proxy != "ignore")
    {
        why << "unknown proxy '" << proxy << "' (none, abort or ignore)";
    }
    else if (std::string set = ProxySettingsTheUserSet(); proxy != "none" && !set.empty())
    {
        // The experiment sets these from its configuration: a user's default
        // would silently lose to it.
        why << set << " is the experiment's own (the client-abort rule is --proxy; the proxy "
            << "reverses to the server without a cache or a connection limit)";
    }
    else if (std::string problem = SimulatedTimeProblem("the run (warm-up and measurement, or "
                                                        "the day's periods)",
                                                        GetDuration().GetSeconds());
             !problem.empty())
    {
        why << problem;
    }
    return why.str();
}

DtocExperimentResult
RunDtocExperiment(const DtocExperimentConfig& c)
{
    std::string problem = c.Validate();
    RequireValid("RunDtocExperiment", problem);
    Time end = c.GetDuration();

    // Users on several hosts, each on its own link to the server: ns-3's
    // endpoint lookup is linear in the connections a node holds.
    NodeContainer userHosts(c.userHosts);
    Ptr<Node> serverNode = CreateObject<Node>();
    bool proxied = c.proxy != "none";
    Ptr<Node> proxyNode = proxied ? CreateObject<Node>() : nullptr;
    TcpHostHelper host;
    // The paper's model has no TCP: TIME_WAIT is kept short so that the
    // hundreds of thousands of connections do not pile up in those lists.
    host.SetSocketAttribute("MaxSegLifetime", DoubleValue(0.5));
    host.SetSocketAttribute("SegmentSize", UintegerValue(1448)); // an Ethernet LAN
    host.Install(userHosts);
    if (proxied)
    {
        // A reverse proxy of today: a Linux 6 host (its delayed ACK sends a
        // window update when a read opens the window, which a relay that
        // reads only as the client's connection has room needs), TIME_WAIT
        // as short as the others'.
        TcpHostHelper proxyHost;
        proxyHost.SetProfile("Linux-6");
        proxyHost.SetSocketAttribute("MaxSegLifetime", DoubleValue(0.5));
        proxyHost.Install(proxyNode);
    }
    // The whole response fits in the send buffer: the worker is free once
    // its service time is over (the paper's model), not when the bytes are
    // acknowledged.
    host.SetSocketAttribute("SndBufSize", UintegerValue(2 << 20));
    bool kernel = c.acceptQueue == "kernel";
    if (kernel)
    {
        host.SetListenQueueAttribute("AbortOnOverflow", BooleanValue(c.abortOnOverflow));
        host.SetListenQueueAttribute("DeferAccept", TimeValue(c.deferAccept));
    }
    host.Install(serverNode);
    // The server (or the proxy) has a link, so a route, per user host:
    // routed from a cache.
    Ptr<Node> front = proxied ? proxyNode : serverNode; // what the users connect to
    Ipv4RouteCacheHelper().Install(NodeContainer(userHosts, NodeContainer(front)));
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
    p2p.SetChannelAttribute("Delay", StringValue("500us"));
    Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
    std::vector<Ipv4Address> frontAddresses;
    for (uint32_t i = 0; i < c.userHosts; ++i)
    {
        NetDeviceContainer link = p2p.Install(userHosts.Get(i), front);
        frontAddresses.push_back(addresses.Assign(link).GetAddress(1));
        // A LAN with no queue management (Assign installed ns-3's default):
        // the devices' own queues only.
        TrafficControlHelper::Default().Uninstall(link);
        addresses.NewNetwork();
    }
    Ipv4Address serverBehindProxy;
    if (proxied)
    {
        // The server beside the proxy in a data centre: 10 Gb/s, 100 us
        // round trip (proxy-now's link; DCTCP's measurements).
        PointToPointHelper dataCentre;
        dataCentre.SetDeviceAttribute("DataRate", StringValue("10Gbps"));
        dataCentre.SetChannelAttribute("Delay", StringValue("50us"));
        NetDeviceContainer link = dataCentre.Install(proxyNode, serverNode);
        serverBehindProxy = addresses.Assign(link).GetAddress(1);
        TrafficControlHelper::Default().Uninstall(link);
    }

    Ptr<HttpFileSet> files = SpecWeb96Mix();
    files->AssignStreams(1);
    // Service time proportional to the response size: capacity on the mix.
    Time meanService = Seconds(1 / c.capacity);
    Time perByte = NanoSeconds(std::llround(meanService.GetNanoSeconds() / files->GetMeanSize()));

    Ptr<HttpServer> http = CreateObject<HttpServer>();
    http->SetAttribute("DocumentStore", PointerValue(files));
    http->SetAttribute("MaxWorkers", UintegerValue(1));
    http->SetAttribute("AcceptQueueLimit", UintegerValue(c.queueLimit));
    http->SetAttribute("AcceptQueue",
                       EnumValue(kernel ? HttpServer::KERNEL : HttpServer::APPLICATION));
    http->SetAttribute("PerResponseByteCost", TimeValue(perByte));
    http->SetAttribute("AbortOnPeerClose", BooleanValue(c.inServiceAbort));
    if (proxied)
    {
        // One request per upstream connection, as the users' own: each is
        // a connection in the server's queue, as in the paper's model.
        http->SetAttribute("MaxRequestsPerConnection", UintegerValue(1));
    }
    Ptr<HttpDispatchPolicy> strategy = MakeStrategy(c, meanService);
    if (strategy)
    {
        http->SetAttribute("DispatchPolicy", PointerValue(strategy));
    }
    serverNode->AddApplication(http);
    Ptr<HttpProxy> proxy;
    if (proxied)
    {
        // A reverse proxy without a cache, and no limit of its own on
        // connections: the server's queue is the only one.
        Ptr<PersistentConnectionManager> manager = CreateObject<PersistentConnectionManager>();
        manager->SetAttribute("MaxConnections", UintegerValue(1000000));
        proxy = CreateObject<HttpProxy>();
        proxy->SetAttribute("Port", UintegerValue(PORT));
        proxy->SetAttribute("Store", PointerValue(files));
        proxy->SetAttribute("HitRatio", DoubleValue(0));
        proxy->SetAttribute("Manager", PointerValue(manager));
        proxy->SetAttribute("ClientAbort", StringValue(c.proxy == "abort" ? "Abort" : "Ignore"));
        proxy->AddOrigin("server", InetSocketAddress(serverBehindProxy, PORT));
        proxy->SetAttribute("ReverseTo", StringValue("server"));
        proxyNode->AddApplication(proxy);
    }

    Ptr<HttpFileSetRequestSource> source = CreateObject<HttpFileSetRequestSource>();
    source->SetAttribute("FileSet", PointerValue(files));
    DtocRun run(c, files, perByte);
    std::vector<Ptr<DtocClient>> users;
    Ptr<RetryPolicy> retryPolicy = MakeRetryPolicy(c.retryPolicy);
    if (retryPolicy)
    {
        retryPolicy->AssignStreams(2 + c.userHosts); // after every user's arrivals
    }
    for (uint32_t i = 0; i < c.userHosts; ++i)
    {
        Ptr<DtocClient> u = CreateObject<DtocClient>();
        u->SetAttribute("Remote", AddressValue(InetSocketAddress(frontAddresses[i], PORT)));
        u->SetAttribute("RequestSource", PointerValue(source));
        u->SetAttribute("Timeout", TimeValue(c.timeout));
        u->SetAttribute("Retries", UintegerValue(c.retries));
        u->AssignStreams(2 + i); // its arrivals: the same whatever the retry policy
        if (retryPolicy)
        {
            u->SetAttribute("RetryPolicy", PointerValue(retryPolicy));
        }
        u->SetStopTime(end);
        userHosts.Get(i)->AddApplication(u);
        u->TraceConnectWithoutContext("RequestDone", MakeCallback(&DtocRun::Done, &run));
        users.push_back(u);
    }
    // The load pattern: each host's share of the rate, changed at each
    // period's start (independent Poisson streams add up to one).
    Time at(0);
    for (const auto& step : c.pattern)
    {
        double rate = c.capacity * step.loadPercent / 100 / c.userHosts;
        for (const auto& u : users)
        {
            if (at.IsZero())
            {
                u->SetRate(rate);
            }
            else
            {
                Simulator::Schedule(at, [u, rate]() { u->SetRate(rate); });
            }
        }
        at += step.duration;
    }

    http->TraceConnectWithoutContext("AcceptQueue", MakeCallback(&DtocRun::Queue, &run));
    Ptr<HostCpu> cpu = serverNode->GetObject<HostCpu>();
    for (Time t = c.bin; t <= end; t += c.bin)
    {
        double offered = LoadAt(c.pattern, t - c.bin);
        Simulator::Schedule(t, [&run, cpu, offered]() { run.Sample(cpu, offered); });
    }
    Time busyAtWarmup(0);
    Simulator::Schedule(c.warmup, [&busyAtWarmup, cpu]() {
        busyAtWarmup = cpu->GetBusyTime(HostCpu::APPLICATION);
    });
    Time busyAtEnd(0);
    Simulator::Schedule(end, [&busyAtEnd, cpu]() {
        busyAtEnd = cpu->GetBusyTime(HostCpu::APPLICATION);
    });

    Simulator::Stop(end + NanoSeconds(1));
    Simulator::Run();

    DtocExperimentResult result = run.m_result;
    double measured = (end - c.warmup).GetSeconds();
    result.usefulPercent = 100.0 * result.outcomes[DtocClient::COMPLETED] / measured / c.capacity;
    uint64_t completed = result.outcomes[DtocClient::COMPLETED];
    result.meanResponseTime = completed ? run.m_responseTimes.GetSeconds() / completed : 0;
    result.cpuBusyPercent = 100.0 * (busyAtEnd - busyAtWarmup).GetSeconds() / measured;
    result.deadCpuPercent =
        std::max(0.0,
                 100.0 * (busyAtEnd - busyAtWarmup - run.m_usefulWork).GetSeconds() / measured);
    result.serverDropped = http->GetStats().dropped;
    Ptr<TcpListenQueue> queue = http->GetListenQueue();
    result.serverRefused = queue ? queue->GetCounters().listenDrops : http->GetStats().refused;
    result.serverAborted = http->GetStats().aborted;
    for (const auto& u : users)
    {
        result.retries += u->GetStats().retries;
        result.retriesRefused += u->GetStats().retriesRefused;
    }
    result.events = Simulator::GetEventCount();
    for (uint32_t i = 0; i < c.userHosts; ++i)
    {
        result.directDeliveries +=
            userHosts.Get(i)->GetObject<TcpInputStage>()->GetDirectDeliveries();
    }
    result.directDeliveries += serverNode->GetObject<TcpInputStage>()->GetDirectDeliveries();
    if (proxied)
    {
        result.directDeliveries += proxyNode->GetObject<TcpInputStage>()->GetDirectDeliveries();
    }
    result.serverLookups = serverNode->GetObject<TcpInputStage>()->GetLookups();
    if (proxy)
    {
        result.proxyClientAborts = proxy->GetStats().clientAborts;
        result.proxyResponsesDiscarded = proxy->GetStats().responsesDiscarded;
    }
    Simulator::Destroy();
    return result;
}

} // namespace ns3
