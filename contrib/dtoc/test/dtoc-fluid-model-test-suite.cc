/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The fluid model's steady states: the sustained overload exists when a
// full queue's wait exceeds the patience and the attempts it causes keep
// the queue full, and its rate solves the model's equation; it does not
// exist without retries, with a queue short enough, with a budget below
// the capacity, or with a server that drops the dead or serves the newest.

#include "ns3/dtoc-module.h"
#include "ns3/test.h"

#include <cmath>

using namespace ns3;

namespace
{

/// The sustained state at the metastable experiment's defaults, and its equation.
class SustainedStateTest : public TestCase
{
  public:
    SustainedStateTest()
        : TestCase("80 % load, 3 retries, a 10-s queue for 5-s users: a sustained state, "
                   "its rate the equation's root")
    {
    }

  private:
    void DoRun() override
    {
        DtocFluidModel m; // 80/s fresh, 100/s, 1024 places, 5 s, 3 retries, refused ends
        DtocFluidModel::State s = m.Sustained();
        NS_TEST_ASSERT_MSG_EQ(s.exists, true, "sustained");
        double p = m.capacity / s.offered;
        double expected = m.freshRate * (1 + p + p * p + p * p * p);
        NS_TEST_EXPECT_MSG_EQ_TOL(s.offered, expected, 1e-6, "L = fresh x (1 + p + p^2 + p^3)");
        NS_TEST_EXPECT_MSG_EQ_TOL(s.offered, 170.54, 0.01, "about 170.5 attempts a second");
        NS_TEST_EXPECT_MSG_EQ_TOL(s.refusedOrDropped, s.offered - 100, 1e-9, "the rest refused");
        NS_TEST_EXPECT_MSG_EQ(s.goodput, 0.0, "nobody served in time");
        NS_TEST_EXPECT_MSG_EQ(m.Normal().exists, true, "and the normal state too: bistable");

        m.overflow = DtocFluidModel::DROP; // dropped attempts time out and retry
        NS_TEST_EXPECT_MSG_EQ_TOL(m.Sustained().offered, 320, 1e-6, "fresh x 4");
        m.overflow = DtocFluidModel::REFUSE;
        m.budget = true; // 20 % of 80 plus 10 a second
        NS_TEST_EXPECT_MSG_EQ_TOL(m.Sustained().offered, 106, 1e-6, "capped by the budget");
        m.freshRate = 30; // 30 x 4 = 120 >= 100 without a budget
        m.budget = false;
        NS_TEST_EXPECT_MSG_EQ(m.Sustained().exists, true, "even at 30 %: 30 x 4 >= 100");
    }
};

/// Where the model has no sustained state.
class NoSustainedStateTest : public TestCase
{
  public:
    NoSustainedStateTest()
        : TestCase("no sustained state: no retry, a short queue, a tight budget, DTOC, LIFO")
    {
    }

  private:
    void DoRun() override
    {
        DtocFluidModel m;
        m.retries = 0;
        NS_TEST_EXPECT_MSG_EQ(m.Sustained().exists, false, "80 < 100 without retries");
        m.retries = 3;
        m.queueLimit = 400; // 4 s of work < 5 s of patience
        NS_TEST_EXPECT_MSG_EQ(m.Sustained().exists, false, "served before the users leave");
        m.queueLimit = 1024;
        m.budget = true;
        m.budgetReservePerSecond = 0; // 80 + 16 < 100
        NS_TEST_EXPECT_MSG_EQ(m.Sustained().exists, false, "the budget keeps it below capacity");
        m.budget = false;
        m.service = DtocFluidModel::DROP_DEAD;
        NS_TEST_EXPECT_MSG_EQ(m.Sustained().exists, false, "DTOC drains the dead");
        m.service = DtocFluidModel::NEWEST_FIRST;
        NS_TEST_EXPECT_MSG_EQ(m.Sustained().exists, false, "the newest overtake the dead");
        m.service = DtocFluidModel::FIFO;
        m.freshRate = 20; // 20 x 4 < 100
        NS_TEST_EXPECT_MSG_EQ(m.Sustained().exists, false, "too few attempts");
        NS_TEST_EXPECT_MSG_EQ(m.Normal().exists, true, "only the normal state");
        m.freshRate = 120;
        NS_TEST_EXPECT_MSG_EQ(m.Normal().exists, false, "above capacity: no normal state");
        m.patience = -1;
        NS_TEST_EXPECT_MSG_NE(m.Validate(), "", "a negative patience refused");
    }
};

/// The suite.
class DtocFluidModelTestSuite : public TestSuite
{
  public:
    DtocFluidModelTestSuite()
        : TestSuite("dtoc-fluid-model", Type::UNIT)
    {
        AddTestCase(new SustainedStateTest(), Duration::QUICK);
        AddTestCase(new NoSustainedStateTest(), Duration::QUICK);
    }
};

/// Static instance.
DtocFluidModelTestSuite g_dtocFluidModelTestSuite;

} // namespace
