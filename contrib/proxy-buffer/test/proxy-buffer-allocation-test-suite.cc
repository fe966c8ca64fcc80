/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The two pieces E2-ATBT computes with: the PFTK throughput equation, and
// the max-min division of the buffer pool. Each against values worked by
// hand and against an independent implementation written here.

#include "ns3/core-module.h"
#include "ns3/proxy-buffer-module.h"
#include "ns3/socket-memory.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <numeric>

using namespace ns3;

namespace
{

/**
 * The PFTK model written the other way round, as in the paper's text: the
 * window a connection keeps per round trip, then throughput = window x
 * segment / RTT.
 * @param p loss ratio
 * @param rtt seconds
 * @param t0 seconds
 * @param mss bytes
 * @param wmax bytes
 * @return bytes per second
 */
double
WindowPerRound(double p, double rtt, double t0, double mss, double wmax)
{
    const double b = 2;
    if (p == 0)
    {
        return wmax / rtt;
    }
    double timeoutShare =
        (t0 / rtt) * std::min(1.0, 3 * std::sqrt(3 * b * p / 8)) * p * (1 + 32 * std::pow(p, 2));
    double segmentsPerRound = 1 / (std::sqrt(2 * b * p / 3) + timeoutShare);
    return std::min(wmax, segmentsPerRound * mss) / rtt;
}

/// PFTK: worked values, the independent form, the window cap.
class PftkTest : public TestCase
{
  public:
    PftkTest()
        : TestCase("PFTK throughput: by hand, independently, capped by the window")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t big = 1 << 30;
        // By hand: p = 0.01, RTT 100 ms, T0 1 s, b = 2:
        //   0.1 sqrt(0.04/3) = 0.0115470; 3 sqrt(0.0075) = 0.259808 (< 1);
        //   0.259808 x 0.01 x 1.0032 = 0.0026064; sum 0.0141534 s per segment;
        //   1460 / 0.0141534 = 103 155 bytes/s.
        NS_TEST_EXPECT_MSG_EQ_TOL(PftkThroughput(0.01, Seconds(0.1), Seconds(1), 1460, big),
                                  103155.5,
                                  1.0,
                                  "p = 0.01, RTT 100 ms");
        // By hand, the timeout term saturated: p = 0.5, RTT 50 ms, T0 1 s:
        //   0.05 sqrt(2/3) = 0.040825; min(1, 1.837) = 1; 0.5 x (1 + 8) = 4.5;
        //   1460 / 4.540825 = 321.5 bytes/s.
        NS_TEST_EXPECT_MSG_EQ_TOL(PftkThroughput(0.5, Seconds(0.05), Seconds(1), 1460, big),
                                  321.53,
                                  0.01,
                                  "p = 0.5: the timeout term at its cap");
        // No loss, or almost none: the window alone.
        NS_TEST_EXPECT_MSG_EQ_TOL(PftkThroughput(0, Seconds(0.1), Seconds(1), 1460, 65535),
                                  655350.0,
                                  1e-6,
                                  "no loss: 64 KB per 100 ms");
        NS_TEST_EXPECT_MSG_EQ_TOL(PftkThroughput(1e-9, Seconds(0.1), Seconds(1), 1460, 65535),
                                  655350.0,
                                  1e-6,
                                  "almost no loss: capped by the window");
        // The independent form over the paper's loss rates and delays.
        for (double p : {0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.2})
        {
            for (double rtt : {0.02, 0.06, 0.2, 0.4})
            {
                for (double t0 : {0.2, 1.0, 3.0})
                {
                    double mine = PftkThroughput(p, Seconds(rtt), Seconds(t0), 1460, 262144);
                    double other = WindowPerRound(p, rtt, t0, 1460, 262144);
                    NS_TEST_EXPECT_MSG_EQ_TOL(mine,
                                              other,
                                              other * 1e-12,
                                              "p " << p << " rtt " << rtt << " t0 " << t0);
                }
            }
        }
        // More loss or a longer RTT never gives more throughput.
        double previous = 1e300;
        for (double p : {0.0001, 0.001, 0.01, 0.1, 1.0})
        {
            double b = PftkThroughput(p, Seconds(0.1), Seconds(1), 1460, big);
            NS_TEST_EXPECT_MSG_LT(b, previous, "falls with the loss ratio");
            previous = b;
        }
    }
};

/**
 * Max-min division by progressive filling, one unit at a time: each round
 * gives one unit to every demand not yet met, in ascending order of demand
 * (ties: the earlier one), until the pool is empty. Slow, and obviously
 * max-min fair.
 * @param demands the demands
 * @param pool the pool
 * @return the allocations
 */
std::vector<uint64_t>
ProgressiveFilling(const std::vector<uint64_t>& demands, uint64_t pool)
{
    std::vector<size_t> order(demands.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&demands](size_t a, size_t b) {
        return demands[a] < demands[b];
    });
    std::vector<uint64_t> share(demands.size(), 0);
    bool gave = true;
    while (pool > 0 && gave)
    {
        gave = false;
        for (size_t i : order)
        {
            if (pool > 0 && share[i] < demands[i])
            {
                ++share[i];
                --pool;
                gave = true;
            }
        }
    }
    return share;
}

/// Max-min division: worked cases and the progressive filling.
class MaxMinTest : public TestCase
{
  public:
    MaxMinTest()
        : TestCase("max-min share: worked cases, and against progressive filling")
    {
    }

  private:
    void DoRun() override
    {
        using V = std::vector<uint64_t>;
        // 3200 KB among four: 100 is below a quarter (800) and met; 3100 among
        // three is 1033, above 1000, met; 2100 between the last two: 1050 each.
        NS_TEST_EXPECT_MSG_EQ(
            (MaxMinShare({100, 1000, 2000, 3000}, 3200) == V{100, 1000, 1050, 1050}),
            true,
            "demands below their share are met, the rest split");
        NS_TEST_EXPECT_MSG_EQ(
            (MaxMinShare({3000, 100, 2000, 1000}, 3200) == V{1050, 100, 1050, 1000}),
            true,
            "in the order of the demands");
        NS_TEST_EXPECT_MSG_EQ((MaxMinShare({500, 700}, 3200) == V{500, 700}),
                              true,
                              "a pool that covers everything");
        NS_TEST_EXPECT_MSG_EQ((MaxMinShare({900, 900, 900}, 1000) == V{334, 333, 333}),
                              true,
                              "equal demands: equal shares, the spare unit to the first");
        NS_TEST_EXPECT_MSG_EQ((MaxMinShare({0, 5000}, 100) == V{0, 100}),
                              true,
                              "a zero demand gets nothing");
        NS_TEST_EXPECT_MSG_EQ(MaxMinShare({}, 100).empty(), true, "no demand");
        NS_TEST_EXPECT_MSG_EQ((MaxMinShare({10, 20}, 0) == V{0, 0}), true, "no pool");

        // Random cases against the independent implementation.
        Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
        u->SetStream(1);
        for (int c = 0; c < 200; ++c)
        {
            V demands(u->GetInteger(1, 12));
            for (auto& d : demands)
            {
                d = u->GetInteger(0, 400);
            }
            uint64_t pool = u->GetInteger(0, 2500);
            V mine = MaxMinShare(demands, pool);
            V other = ProgressiveFilling(demands, pool);
            NS_TEST_EXPECT_MSG_EQ((mine == other), true, "case " << c << ", pool " << pool);
            uint64_t total = std::accumulate(mine.begin(), mine.end(), uint64_t(0));
            uint64_t asked = std::accumulate(demands.begin(), demands.end(), uint64_t(0));
            NS_TEST_EXPECT_MSG_EQ(total, std::min(pool, asked), "the pool is used up");
        }
    }
};

/// A connection as the allocator sees it: a measurement it can change, and
/// the buffer it was last given.
struct FakeConnection
{
    E2AtbtAllocator::Measurement m; //!< What it reports
    uint64_t buffer{0};             //!< What it was given
    uint32_t applied{0};            //!< How often

    /// @return the measurement
    E2AtbtAllocator::Measurement Measure()
    {
        return m;
    }

    /// @param bytes the buffer given
    void Apply(uint64_t bytes)
    {
        buffer = bytes;
        ++applied;
    }

    /**
     * @brief Register with an allocator.
     * @param allocator the allocator
     * @return the id
     */
    uint32_t Join(Ptr<E2AtbtAllocator> allocator)
    {
        return allocator->Add(MakeCallback(&FakeConnection::Measure, this),
                              MakeCallback(&FakeConnection::Apply, this));
    }
};

/**
 * @brief A fake connection's measurement.
 * @param p loss ratio
 * @param rttMs RTT, ms
 * @return the measurement
 */
E2AtbtAllocator::Measurement
Path(double p, double rttMs)
{
    return {p, MilliSeconds(rttMs), Seconds(1), 1460};
}

/// E2-ATBT: demands from the equation, the pool divided max-min, the
/// downstream capped by its upstream, re-evaluation on arrival, departure
/// and at the interval.
class E2AtbtTest : public TestCase
{
  public:
    E2AtbtTest()
        : TestCase("E2-ATBT: demands, max-min shares, upstream cap, re-evaluation")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t maxBuffer = 256 * 1024;
        auto expected = [maxBuffer](const E2AtbtAllocator::Measurement& m) {
            double bytes = PftkThroughput(m.lossRatio, m.rtt, m.rto, m.segmentSize, maxBuffer) *
                           m.rtt.GetSeconds();
            return std::clamp<uint64_t>(std::llround(bytes), 1024, maxBuffer);
        };
        Ptr<E2AtbtAllocator> a = CreateObject<E2AtbtAllocator>();
        SocketMemory::Of(a)->SetAttribute("Limit", UintegerValue(60 * 1024));
        a->SetAttribute("Interval", TimeValue(Seconds(1)));
        FakeConnection lossy{Path(0.01, 20)};    // a small demand
        FakeConnection clean{Path(0.0001, 200)}; // a large one
        FakeConnection middle{Path(0.001, 100)};
        uint32_t l = lossy.Join(a);
        NS_TEST_EXPECT_MSG_EQ(lossy.applied, 1u, "given its share on arrival");
        NS_TEST_EXPECT_MSG_EQ(lossy.buffer, expected(lossy.m), "alone: its demand");
        uint32_t c = clean.Join(a);
        uint32_t m = middle.Join(a);
        a->Evaluate(); // the periodic division, without waiting for it
        NS_TEST_EXPECT_MSG_EQ(a->GetDemand(l), expected(lossy.m), "demand = PFTK x RTT");
        NS_TEST_EXPECT_MSG_EQ(a->GetDemand(c), expected(clean.m), "demand = PFTK x RTT");
        NS_TEST_EXPECT_MSG_EQ(a->GetDemand(m), expected(middle.m), "demand = PFTK x RTT");
        NS_TEST_ASSERT_MSG_LT(a->GetDemand(l), 60 * 1024 / 3, "the lossy one is below a third");
        NS_TEST_ASSERT_MSG_GT(a->GetDemand(m), (60 * 1024 - a->GetDemand(l)) / 2, "middle limited");
        std::vector<uint64_t> shares =
            MaxMinShare({a->GetDemand(l), a->GetDemand(c), a->GetDemand(m)}, 60 * 1024);
        NS_TEST_EXPECT_MSG_EQ(lossy.buffer, a->GetDemand(l), "below its share: met in full");
        NS_TEST_EXPECT_MSG_EQ(clean.buffer, shares[1], "max-min share applied");
        NS_TEST_EXPECT_MSG_EQ(middle.buffer, shares[2], "max-min share applied");
        NS_TEST_EXPECT_MSG_EQ(
            lossy.buffer + clean.buffer + middle.buffer,
            std::min<uint64_t>(60 * 1024, a->GetDemand(l) + a->GetDemand(c) + a->GetDemand(m)),
            "the pool used up");

        // The clean path feeds nothing faster than the lossy one delivers.
        a->Pair(c, l);
        a->Evaluate();
        double lossyRate = PftkThroughput(0.01, MilliSeconds(20), Seconds(1), 1460, maxBuffer);
        NS_TEST_EXPECT_MSG_EQ(a->GetDemand(c),
                              std::clamp<uint64_t>(uint64_t(lossyRate * 0.2), 1024, maxBuffer),
                              "downstream: the upstream's throughput x its own RTT");
        NS_TEST_EXPECT_MSG_LT(a->GetDemand(c), expected(clean.m), "less than unpaired");

        // A departure frees its share; the others get the room at the next evaluation.
        uint64_t before = middle.buffer;
        a->Remove(c);
        NS_TEST_EXPECT_MSG_EQ(a->GetN(), 2u, "two left");
        NS_TEST_EXPECT_MSG_EQ(middle.buffer, before, "no re-division before the next evaluation");
        NS_TEST_EXPECT_MSG_EQ(a->GetShare(c), 0u, "gone");
        a->Evaluate();
        NS_TEST_EXPECT_MSG_GT(middle.buffer, before, "more room for the rest");

        // The interval: a changed path is seen at the next tick.
        uint64_t evaluations = a->GetEvaluations();
        Simulator::Schedule(MilliSeconds(2500), [&middle]() { middle.m = Path(0.05, 100); });
        Simulator::Stop(Seconds(5.5));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_GT_OR_EQ(a->GetEvaluations(), evaluations + 5, "every second");
        NS_TEST_EXPECT_MSG_EQ(middle.buffer, expected(middle.m), "the new path's demand");
        Simulator::Destroy();
    }
};

/**
 * @brief E2-ATBT's cost per change: between two evaluations an arrival is
 * given one share (its demand, up to the pool's room now) and touches no
 * other connection, a departure touches none; the periodic evaluation
 * divides afresh; with Interval 0 every change divides afresh.
 */
class E2AtbtIncrementalTest : public TestCase
{
  public:
    E2AtbtIncrementalTest()
        : TestCase("E2-ATBT: one share per arrival, none per departure, a fresh division per "
                   "evaluation (and per change with Interval 0)")
    {
    }

  private:
    /**
     * @brief Check every connection's buffer is the max-min share of the
     * pool among the demands, as divided from scratch.
     * @param a the allocator
     * @param ids the connections' ids
     * @param conns the connections
     * @param pool the pool
     * @param what what was just done
     */
    void ExpectFreshDivision(Ptr<E2AtbtAllocator> a,
                             const std::vector<uint32_t>& ids,
                             const std::vector<FakeConnection*>& conns,
                             uint64_t pool,
                             const std::string& what)
    {
        std::vector<uint64_t> demands;
        for (uint32_t id : ids)
        {
            demands.push_back(a->GetDemand(id));
        }
        std::vector<uint64_t> shares = MaxMinShare(demands, pool);
        for (size_t k = 0; k < ids.size(); ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(conns[k]->buffer, shares[k], what << ": connection " << ids[k]);
        }
    }

    void DoRun() override
    {
        const uint64_t pool = 200 * 1024;
        Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
        u->SetStream(3);
        std::vector<std::unique_ptr<FakeConnection>> store;
        auto newConnection = [&store, u]() {
            store.push_back(std::make_unique<FakeConnection>());
            store.back()->m = Path(std::pow(10, u->GetValue(-5, -1)), u->GetValue(5, 300));
            return store.back().get();
        };

        // Between evaluations.
        Ptr<E2AtbtAllocator> a = CreateObject<E2AtbtAllocator>();
        SocketMemory::Of(a)->SetAttribute("Limit", UintegerValue(pool));
        std::vector<uint32_t> ids;
        std::vector<FakeConnection*> conns;
        for (uint32_t i = 0; i < 40; ++i)
        {
            uint64_t given = 0;
            for (FakeConnection* c : conns)
            {
                given += c->buffer;
            }
            std::vector<uint32_t> appliedBefore;
            for (FakeConnection* c : conns)
            {
                appliedBefore.push_back(c->applied);
            }
            uint64_t appliedTotal = a->GetSharesApplied();
            conns.push_back(newConnection());
            ids.push_back(conns.back()->Join(a));
            NS_TEST_EXPECT_MSG_EQ(a->GetSharesApplied(), appliedTotal + 1, "one share per arrival");
            for (size_t k = 0; k + 1 < conns.size(); ++k)
            {
                NS_TEST_EXPECT_MSG_EQ(conns[k]->applied, appliedBefore[k], "the others untouched");
            }
            uint64_t room = pool > given ? pool - given : 0;
            uint64_t equal = pool / conns.size(); // no evaluation yet: an equal split
            NS_TEST_EXPECT_MSG_EQ(conns.back()->buffer,
                                  std::min(a->GetDemand(ids.back()), std::max(room, equal)),
                                  "arrival " << i
                                             << ": its demand, up to the room left or an "
                                                "equal split");
        }
        NS_TEST_EXPECT_MSG_EQ(a->GetEvaluations(), 0u, "no evaluation yet");
        uint64_t appliedTotal = a->GetSharesApplied();
        a->Remove(ids[5]);
        a->Remove(ids[6]);
        NS_TEST_EXPECT_MSG_EQ(a->GetSharesApplied(),
                              appliedTotal,
                              "no share applied per departure");
        ids.erase(ids.begin() + 5, ids.begin() + 7);
        conns.erase(conns.begin() + 5, conns.begin() + 7);
        uint64_t given = 0;
        for (FakeConnection* c : conns)
        {
            given += c->buffer;
        }
        FakeConnection* late = newConnection();
        late->m = Path(0, 100); // demands the most
        uint32_t lateId = late->Join(a);
        NS_TEST_EXPECT_MSG_EQ(
            late->buffer,
            std::min(a->GetDemand(lateId),
                     std::max(pool > given ? pool - given : 0, pool / (conns.size() + 1))),
            "after departures: the room they left, or an equal split");
        ids.push_back(lateId);
        conns.push_back(late);
        Simulator::Stop(Seconds(1.5));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(a->GetEvaluations(), 1u, "the periodic evaluation");
        ExpectFreshDivision(a, ids, conns, pool, "after the periodic evaluation");
        // After an evaluation an arrival gets what an unmet demand got.
        uint64_t level = 0;
        for (size_t k = 0; k < ids.size(); ++k)
        {
            if (conns[k]->buffer < a->GetDemand(ids[k]))
            {
                level = conns[k]->buffer;
            }
        }
        NS_TEST_ASSERT_MSG_GT(level, 0u, "the pool binds: some demands unmet");
        FakeConnection* after = newConnection();
        after->m = Path(0, 100);
        after->Join(a);
        NS_TEST_EXPECT_MSG_EQ(after->buffer, level, "an arrival after an evaluation: the level");
        Simulator::Destroy();

        // With Interval 0 every change divides afresh.
        Ptr<E2AtbtAllocator> exact = CreateObject<E2AtbtAllocator>();
        exact->SetAttribute("Interval", TimeValue(Seconds(0)));
        SocketMemory::Of(exact)->SetAttribute("Limit", UintegerValue(pool));
        ids.clear();
        conns.clear();
        for (uint32_t i = 0; i < 60; ++i)
        {
            if (!ids.empty() && u->GetValue() < 0.3)
            {
                size_t k = u->GetInteger(0, ids.size() - 1);
                exact->Remove(ids[k]);
                ids.erase(ids.begin() + k);
                conns.erase(conns.begin() + k);
                ExpectFreshDivision(exact, ids, conns, pool, "Interval 0, after a departure");
                continue;
            }
            conns.push_back(newConnection());
            ids.push_back(conns.back()->Join(exact));
            ExpectFreshDivision(exact, ids, conns, pool, "Interval 0, after an arrival");
        }
        Simulator::Destroy();
    }
};

class ProxyBufferAllocationTestSuite : public TestSuite
{
  public:
    ProxyBufferAllocationTestSuite()
        : TestSuite("proxy-buffer-allocation", Type::UNIT)
    {
        AddTestCase(new PftkTest(), Duration::QUICK);
        AddTestCase(new MaxMinTest(), Duration::QUICK);
        AddTestCase(new E2AtbtTest(), Duration::QUICK);
        AddTestCase(new E2AtbtIncrementalTest(), Duration::QUICK);
    }
};

ProxyBufferAllocationTestSuite g_proxyBufferAllocationTestSuite;

} // namespace
