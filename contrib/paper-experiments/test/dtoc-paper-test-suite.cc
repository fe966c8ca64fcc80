/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The DTOC paper's figures 2, 3 and 7 checked against the bands of section C
// of paper-targets.md, at a reduced but steady-state scale: each run warms
// up until the listen queue has filled (1024 connections at 100 requests/s
// take about 10 s at 200 % load) and measures for minutes, not seconds;
// the day is compressed to periods of 60 s (the queue turns over in about
// 10 s). The full-scale runs are ./figures.py's (dtoc-load, dtoc-day).

#include "ns3/core-module.h"
#include "ns3/dtoc-module.h"
#include "ns3/paper-experiments-module.h"

using namespace ns3;

namespace
{

/**
 * @brief Mean useful throughput over runs 1..n of a configuration.
 * @param c the configuration
 * @param runs independent runs
 * @return the mean, % of capacity
 */
double
MeanUseful(const DtocExperimentConfig& c, uint32_t runs)
{
    double sum = 0;
    for (uint32_t run = 1; run <= runs; ++run)
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(run);
        sum += RunDtocExperiment(c).usefulPercent;
    }
    return sum / runs;
}

/**
 * @brief A constant-load configuration.
 * @param strategy "regular" or "dtoc"
 * @param timeout users' patience, s
 * @param load offered load, %
 * @param measure measured seconds (after a 40 s warm-up)
 * @return the configuration
 */
DtocExperimentConfig
Constant(std::string strategy, double timeout, double load, double measure)
{
    DtocExperimentConfig c;
    c.strategy = strategy;
    c.timeout = Seconds(timeout);
    c.pattern = {{Seconds(40 + measure), load}};
    c.warmup = Seconds(40);
    return c;
}

/// A figure 2 or 3 point: the mean useful throughput lies in a band.
class LoadBandTest : public TestCase
{
  public:
    /**
     * @param name what the paper says
     * @param c the configuration
     * @param runs independent runs averaged
     * @param low lowest mean allowed
     * @param high highest mean allowed
     */
    LoadBandTest(std::string name, DtocExperimentConfig c, uint32_t runs, double low, double high)
        : TestCase(name),
          m_c(std::move(c)),
          m_runs(runs),
          m_low(low),
          m_high(high)
    {
    }

  private:
    void DoRun() override
    {
        double useful = MeanUseful(m_c, m_runs);
        NS_TEST_ASSERT_MSG_GT_OR_EQ(useful, m_low, "useful throughput below the band");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(useful, m_high, "useful throughput above the band");
    }

    DtocExperimentConfig m_c; //!< The configuration
    uint32_t m_runs;          //!< Runs averaged
    double m_low;             //!< Band
    double m_high;            //!< Band
};

/// Figure 7: the busy day with 1 retry, regular (livelock for good) and DTOC.
class BusyDayTest : public TestCase
{
  public:
    BusyDayTest()
        : TestCase("figure 7, busy day, 1 retry, 5 s: the regular server never recovers from "
                   "its first overload (below 2 % of capacity); DTOC's day average within 10 "
                   "points of the paper's 78 %")
    {
    }

  private:
    void DoRun() override
    {
        DtocExperimentConfig c;
        c.timeout = Seconds(5);
        c.retries = 1;
        c.pattern = DtocExperimentConfig::Day("busy", Seconds(60));
        c.warmup = Time(0);
        c.bin = Seconds(10);
        RngSeedManager::SetRun(1);
        DtocExperimentResult regular = RunDtocExperiment(c);
        c.strategy = "dtoc";
        DtocExperimentResult dtoc = RunDtocExperiment(c);

        // The queue takes a while to fill once the overload starts: the
        // livelock must set in during the first overload period (60-120 s)
        // and last to the end of the day.
        double highestBefore = 0;
        double onset = -1; // the first bin from which every bin is below 2 %
        for (const auto& bin : regular.timeline)
        {
            if (bin.start < 60)
            {
                highestBefore = std::max(highestBefore, bin.usefulPercent);
            }
            if (bin.usefulPercent >= 2)
            {
                onset = -1;
            }
            else if (onset < 0)
            {
                onset = bin.start;
            }
        }
        NS_TEST_ASSERT_MSG_GT(highestBefore, 80, "before the overload the server keeps up");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(onset, 60, "livelock after the overload began");
        NS_TEST_ASSERT_MSG_LT(onset, 120, "livelock within the first overload period, for good");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(dtoc.usefulPercent, 68, "DTOC's day average, paper 78");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(dtoc.usefulPercent, 88, "DTOC's day average, paper 78");
    }
};

/// The input stage's direct delivery gives the same run as ns-3's endpoint lookup.
class DirectDeliveryTest : public TestCase
{
  public:
    DirectDeliveryTest()
        : TestCase("direct delivery to a connection's socket or its port's listener: the same "
                   "run as through ns-3's endpoint lookup (taken when checksums are on)")
    {
    }

  private:
    void DoRun() override
    {
        DtocExperimentConfig c = Constant("dtoc", 5, 200, 10);
        c.pattern = {{Seconds(25), 200}};
        c.warmup = Seconds(15);
        RngSeedManager::SetRun(1);
        DtocExperimentResult direct = RunDtocExperiment(c);
        GlobalValue::Bind("ChecksumEnabled", BooleanValue(true));
        DtocExperimentResult lookup = RunDtocExperiment(c);
        GlobalValue::Bind("ChecksumEnabled", BooleanValue(false));
        NS_TEST_ASSERT_MSG_GT(direct.directDeliveries, 10000, "delivered directly");
        NS_TEST_ASSERT_MSG_EQ(lookup.directDeliveries, 0, "checksums on: ns-3's own path");
        // SYNs and strays to the listener's port go to the listener directly
        // too: the server's input stage leaves ns-3's lookup almost nothing.
        NS_TEST_ASSERT_MSG_GT(lookup.serverLookups, 10000, "checksums on: all through the lookup");
        NS_TEST_ASSERT_MSG_LT(direct.serverLookups * 100,
                              lookup.serverLookups,
                              "the listener's segments delivered directly");
        NS_TEST_ASSERT_MSG_EQ(direct.events, lookup.events, "the same events");
        NS_TEST_ASSERT_MSG_EQ((direct.outcomes == lookup.outcomes), true, "the same outcomes");
        NS_TEST_ASSERT_MSG_EQ(direct.serverDropped, lookup.serverDropped, "the same drops");
    }
};

// Four suites, so that ./test.py runs them side by side: together they
// take about 19 minutes of one core on an idle machine, near test.py's
// 20-minute limit per suite, and past it beside other work.

/// Figure 2 at 50 % load and the regular server's livelock at 5 and 8 s.
class DtocPaperTestSuite : public TestSuite
{
  public:
    DtocPaperTestSuite()
        : TestSuite("dtoc-paper", Type::SYSTEM)
    {
        AddTestCase(new DirectDeliveryTest(), Duration::QUICK);
        AddTestCase(new LoadBandTest("figures 2 and 3 at 50 % load: within 3 points of the load "
                                     "(regular, 5 s)",
                                     Constant("regular", 5, 50, 200),
                                     1,
                                     47,
                                     53),
                    Duration::EXTENSIVE);
        AddTestCase(new LoadBandTest("figure 2, regular, 5 s, 200 % load: livelock, 0 useful",
                                     Constant("regular", 5, 200, 100),
                                     1,
                                     0,
                                     0.5),
                    Duration::EXTENSIVE);
        AddTestCase(new LoadBandTest("figure 2, regular, 8 s, 250 % load: below 25 %",
                                     Constant("regular", 8, 250, 100),
                                     1,
                                     0,
                                     25),
                    Duration::EXTENSIVE);
    }
};

/// Figure 2, the regular server at 10 s: three long runs.
class DtocPaperRegular10sTestSuite : public TestSuite
{
  public:
    DtocPaperRegular10sTestSuite()
        : TestSuite("dtoc-paper-regular-10s", Type::SYSTEM)
    {
        AddTestCase(new LoadBandTest("figure 2, regular, 10 s, 200 % load: 30-60 % "
                                     "(3 runs of 300 s: the queue's wait drifts slowly)",
                                     Constant("regular", 10, 200, 300),
                                     3,
                                     30,
                                     60),
                    Duration::EXTENSIVE);
    }
};

/// Figure 3: DTOC under overload.
class DtocPaperDtocTestSuite : public TestSuite
{
  public:
    DtocPaperDtocTestSuite()
        : TestSuite("dtoc-paper-dtoc", Type::SYSTEM)
    {
        AddTestCase(new LoadBandTest("figure 3, DTOC, 5 s, 300 % load: 78-92 %",
                                     Constant("dtoc", 5, 300, 100),
                                     1,
                                     78,
                                     92),
                    Duration::EXTENSIVE);
        // At 8 s the model misses this band (about 90 %, see dtoc.rst); at
        // 10 s it holds.
        AddTestCase(new LoadBandTest("figure 3, DTOC, 10 s, 200 % load: at least 92 %",
                                     Constant("dtoc", 10, 200, 100),
                                     1,
                                     92,
                                     100),
                    Duration::EXTENSIVE);
    }
};

/// Figure 7: the busy day.
class DtocPaperDayTestSuite : public TestSuite
{
  public:
    DtocPaperDayTestSuite()
        : TestSuite("dtoc-paper-day", Type::SYSTEM)
    {
        AddTestCase(new BusyDayTest(), Duration::EXTENSIVE);
    }
};

/// Static instances.
DtocPaperTestSuite g_dtocPaperTestSuite;
DtocPaperRegular10sTestSuite g_dtocPaperRegular10sTestSuite;
DtocPaperDtocTestSuite g_dtocPaperDtocTestSuite;
DtocPaperDayTestSuite g_dtocPaperDayTestSuite;

} // namespace
