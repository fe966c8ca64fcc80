/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Table 1 of the TIME_WAIT draft at reduced size (2 s transfers instead of
// 10 s, three values of N, two runs each), checked against the bands of
// paper-targets.md: the calibration points, an uncalibrated unmodified point
// within +-15 %, and the modified column within 5 % of N = 0.

#include "ns3/core-module.h"
#include "ns3/http-module.h"
#include "ns3/paper-experiments-module.h"
#include "ns3/tcp-host-module.h"
#include "ns3/tw-avoid-module.h"

using namespace ns3;

namespace
{

const uint32_t RUNS = 2;

/// Mean throughput over RUNS runs of one Table 1 point.
double
MeanThroughput(uint32_t n, bool swap, TwAvoidTable1Result* last = nullptr)
{
    double sum = 0;
    uint64_t savedRun = RngSeedManager::GetRun();
    for (uint32_t run = 1; run <= RUNS; ++run)
    {
        RngSeedManager::SetRun(run);
        TwAvoidTable1Config c;
        c.timeWaitTcbs = n;
        c.swapClose = swap;
        c.transferTime = Seconds(2);
        TwAvoidTable1Result r = TwAvoidTable1Experiment(c).Run();
        sum += r.meanMbps;
        if (last)
        {
            *last = r;
        }
    }
    RngSeedManager::SetRun(savedRun);
    return sum / RUNS;
}

/// Relative difference.
double
Rel(double value, double reference)
{
    return std::abs(value - reference) / reference;
}

/// The unmodified column: calibration points and one point that was not fitted.
class UnmodifiedColumnTest : public TestCase
{
  public:
    UnmodifiedColumnTest()
        : TestCase("unmodified: N=0 and N=2500 reproduce, N=1000 within 15 %")
    {
    }

  private:
    void DoRun() override
    {
        TwAvoidTable1Result r;
        double t0 = MeanThroughput(0, false);
        double t1000 = MeanThroughput(1000, false, &r);
        NS_TEST_ASSERT_MSG_EQ(r.serverTimeWait, 1000, "the server holds the TIME_WAIT TCBs");
        NS_TEST_ASSERT_MSG_EQ(r.dummyHostTimeWait, 0, "the loading host holds none");
        double t2500 = MeanThroughput(2500, false);
        NS_TEST_ASSERT_MSG_LT(Rel(t0, 66.8), 0.05, "N=0: " << t0 << " Mb/s vs 66.8");
        NS_TEST_ASSERT_MSG_LT(Rel(t2500, 30.5), 0.05, "N=2500: " << t2500 << " Mb/s vs 30.5");
        NS_TEST_ASSERT_MSG_LT(Rel(t1000, 41.9), 0.15, "N=1000: " << t1000 << " Mb/s vs 41.9");
        NS_TEST_ASSERT_MSG_GT(t0, t1000, "throughput falls with TIME_WAIT TCBs");
        NS_TEST_ASSERT_MSG_GT(t1000, t2500, "and keeps falling");
    }
};

/// The TCP-modification column: flat.
class ModifiedColumnTest : public TestCase
{
  public:
    ModifiedColumnTest()
        : TestCase("swap close: N=2500 within 5 % of N=0; TIME_WAIT at the loading host")
    {
    }

  private:
    void DoRun() override
    {
        TwAvoidTable1Result r;
        double t0 = MeanThroughput(0, true);
        double t2500 = MeanThroughput(2500, true, &r);
        NS_TEST_ASSERT_MSG_EQ(r.serverTimeWait, 0, "the server holds no TIME_WAIT TCB");
        NS_TEST_ASSERT_MSG_EQ(r.dummyHostTimeWait, 2500, "the loading host holds them all");
        NS_TEST_ASSERT_MSG_LT(Rel(t2500, t0), 0.05, "N=2500: " << t2500 << " vs N=0: " << t0);
        NS_TEST_ASSERT_MSG_LT(Rel(t0, 66.8), 0.05, "N=0: " << t0 << " Mb/s vs 66.8");
    }
};

} // namespace

/// Table 1 reproduction test suite.
class TwAvoidTable1TestSuite : public TestSuite
{
  public:
    TwAvoidTable1TestSuite()
        : TestSuite("tw-avoid-table1", Type::SYSTEM)
    {
        AddTestCase(new UnmodifiedColumnTest(), Duration::QUICK);
        AddTestCase(new ModifiedColumnTest(), Duration::QUICK);
    }
};

static TwAvoidTable1TestSuite g_twAvoidTable1TestSuite; //!< Static variable for test initialization
