/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Retry policies: the backoff's waits grow, are capped and are jittered as
// named; a budget refuses the retry beyond its share of the window's
// requests and earns again as the window moves on. (A client using them:
// the dtoc suite.)

#include "ns3/core-module.h"
#include "ns3/dtoc-module.h"

#include <vector>

using namespace ns3;

namespace
{

/// @return the waits a policy gives for retries 1..n (each must be allowed)
std::vector<double>
Waits(Ptr<RetryPolicy> policy, uint32_t n)
{
    std::vector<double> waits;
    for (uint32_t retry = 1; retry <= n; ++retry)
    {
        Time wait;
        NS_ABORT_MSG_UNLESS(policy->Retry(retry, wait), "a backoff refused a retry");
        waits.push_back(wait.GetSeconds());
    }
    return waits;
}

/// Backoff without jitter: Initial, times Multiplier each retry, capped at Max.
class BackoffGrowthTest : public TestCase
{
  public:
    BackoffGrowthTest()
        : TestCase("backoff: waits grow by the multiplier up to the cap")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<BackoffRetryPolicy> backoff = CreateObject<BackoffRetryPolicy>();
        backoff->SetAttribute("Initial", TimeValue(MilliSeconds(500)));
        backoff->SetAttribute("Multiplier", DoubleValue(3));
        backoff->SetAttribute("Max", TimeValue(Seconds(10)));
        backoff->SetAttribute("Jitter", StringValue("None"));
        std::vector<double> waits = Waits(backoff, 6);
        const double expected[] = {0.5, 1.5, 4.5, 10, 10, 10};
        for (uint32_t i = 0; i < 6; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(waits[i], expected[i], 1e-9, "retry " << i + 1);
        }
        // A retry count far past the cap does not overflow.
        Time wait;
        backoff->Retry(4000, wait);
        NS_TEST_EXPECT_MSG_EQ(wait, Seconds(10), "still the cap");
    }
};

/// Full and Equal jitter: within their ranges, with their means.
class BackoffJitterTest : public TestCase
{
  public:
    BackoffJitterTest(std::string jitter, double low, double mean)
        : TestCase("backoff: " + jitter + " jitter draws within its range, about its mean"),
          m_jitter(jitter),
          m_low(low),
          m_mean(mean)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<BackoffRetryPolicy> backoff = CreateObject<BackoffRetryPolicy>();
        backoff->SetAttribute("Initial", TimeValue(Seconds(1)));
        backoff->SetAttribute("Multiplier", DoubleValue(2));
        backoff->SetAttribute("Jitter", StringValue(m_jitter));
        backoff->AssignStreams(11);
        const int draws = 4000;
        double sum = 0;
        double lowest = 1e9;
        double highest = 0;
        for (int i = 0; i < draws; ++i)
        {
            Time wait;
            backoff->Retry(3, wait); // before jitter: 1 s * 2^2 = 4 s
            sum += wait.GetSeconds();
            lowest = std::min(lowest, wait.GetSeconds());
            highest = std::max(highest, wait.GetSeconds());
        }
        NS_TEST_EXPECT_MSG_GT_OR_EQ(lowest, m_low, "no wait below the range");
        NS_TEST_EXPECT_MSG_LT(lowest, m_low + 0.05, "the range's low end is reached");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(highest, 4.0, "no wait above the backoff");
        NS_TEST_EXPECT_MSG_GT(highest, 3.95, "the backoff is reached");
        // The mean of 4000 uniform draws: standard error under 0.02 s.
        NS_TEST_EXPECT_MSG_EQ_TOL(sum / draws, m_mean, 0.08, "the mean of the range");
    }

    std::string m_jitter;
    double m_low;
    double m_mean;
};

/// A budget: 20 % of the window's requests plus a reserve of 5 (0.5 a
/// second over 10 s), then refusals; earned again once the window has moved
/// past the requests and retries (forgetting neither would allow 2, not 7).
class BudgetTest : public TestCase
{
  public:
    BudgetTest()
        : TestCase("budget: retries up to its share of the window's requests, then refused")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<RetryBudgetPolicy> budget = CreateObject<RetryBudgetPolicy>();
        budget->SetAttribute("Percent", DoubleValue(20));
        budget->SetAttribute("Window", TimeValue(Seconds(10)));
        budget->SetAttribute("MinRetriesPerSecond", DoubleValue(0.5));
        uint32_t allowed = 0;
        uint32_t laterAllowed = 0;
        Simulator::Schedule(Seconds(1), [&]() {
            for (int i = 0; i < 100; ++i)
            {
                budget->Issued();
            }
            Time wait;
            while (budget->Retry(1, wait) && allowed < 1000)
            {
                NS_TEST_EXPECT_MSG_EQ(wait, Time(0), "no wait policy: at once");
                ++allowed;
            }
        });
        // 10 s later the 100 requests and 20 retries have left the window.
        Simulator::Schedule(Seconds(11.5), [&]() {
            for (int i = 0; i < 10; ++i)
            {
                budget->Issued();
            }
            Time wait;
            while (budget->Retry(1, wait) && laterAllowed < 1000)
            {
                ++laterAllowed;
            }
        });
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_EXPECT_MSG_EQ(allowed, 25u, "20 % of 100 requests, and the reserve");
        NS_TEST_EXPECT_MSG_EQ(laterAllowed,
                              7u,
                              "20 % of the window's 10 requests, and the reserve");
        NS_TEST_EXPECT_MSG_EQ(budget->GetRefused(), 2u, "one refusal each time");
    }
};

/// The suite.
class DtocRetryTestSuite : public TestSuite
{
  public:
    DtocRetryTestSuite()
        : TestSuite("dtoc-retry", Type::UNIT)
    {
        AddTestCase(new BackoffGrowthTest(), Duration::QUICK);
        AddTestCase(new BackoffJitterTest("Full", 0.0, 2.0), Duration::QUICK);
        AddTestCase(new BackoffJitterTest("Equal", 2.0, 3.0), Duration::QUICK);
        AddTestCase(new BudgetTest(), Duration::QUICK);
    }
};

/// Static instance.
DtocRetryTestSuite g_dtocRetryTestSuite;

} // namespace
