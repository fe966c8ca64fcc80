/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Seed 002 reproduced: each figure's simulated exchange against the page's
// trace (TcpdumpTrace at the server, CompareWithPage segment by segment)
// and its transfer time against the band of paper-targets section B, at
// the boot phases the doc derives; over random phases, the delay the
// clock adds spreads over one tick interval.

#include "ns3/core-module.h"
#include "ns3/iw-delack-module.h"
#include "ns3/paper-experiments-module.h"

#include <algorithm>

using namespace ns3;

namespace
{

/// A figure of the page: its transfer time band, and how far its trace is
/// reproduced (0: the whole trace; otherwise the first line that may
/// differ, for the differences the doc explains).
struct Figure
{
    std::string name;   //!< "2.1", ...
    double publishedMs; //!< The page's transfer time
    double tolerance;   //!< The band's relative half-width
    size_t differsFrom; //!< 0, or the first line allowed to differ
};

/// One figure: the trace and the transfer time.
class FigureTest : public TestCase
{
  public:
    FigureTest(const Figure& figure)
        : TestCase("Figure " + figure.name + ": trace and transfer time"),
          m_figure(figure)
    {
    }

  private:
    void DoRun() override
    {
        IwDelackResult r = RunIwDelack(IwDelackCase(m_figure.name));
        NS_TEST_ASSERT_MSG_EQ(r.completed, true, "the GET completes");
        TraceComparison c = CompareWithPage(r.trace, r.clientPort, m_figure.name);
        if (m_figure.differsFrom == 0)
        {
            NS_TEST_EXPECT_MSG_EQ(c.same,
                                  true,
                                  "line " << c.firstDifference << ": simulated '" << c.simulated
                                          << "', page '" << c.page << "'");
        }
        else
        {
            NS_TEST_EXPECT_MSG_GT_OR_EQ(c.firstDifference,
                                        m_figure.differsFrom,
                                        "line " << c.firstDifference << ": simulated '"
                                                << c.simulated << "', page '" << c.page << "'");
        }
        double ms = r.transferTime * 1000;
        double low = m_figure.publishedMs * (1 - m_figure.tolerance);
        double high = m_figure.publishedMs * (1 + m_figure.tolerance);
        NS_TEST_EXPECT_MSG_EQ((ms >= low && ms <= high),
                              true,
                              "transfer time " << ms << " ms outside [" << low << ", " << high
                                               << "]");
    }

    Figure m_figure; //!< The figure
};

/// Section B's claims over random boot phases: with the BSD client and an
/// initial window of 1 (Figure 2.1), the first delayed ACK waits for the
/// next tick, anywhere in (0, 200] ms; with an initial window of 2
/// (Figure 2.2) no ACK waits, whatever the phase.
class RandomPhaseTest : public TestCase
{
  public:
    RandomPhaseTest()
        : TestCase("random boot phases: the delay spreads over one tick interval")
    {
    }

  private:
    void DoRun() override
    {
        const int runs = 40;
        std::vector<double> iw1;
        std::vector<double> iw2;
        for (int run = 1; run <= runs; ++run)
        {
            RngSeedManager::SetRun(run);
            IwDelackConfig c = IwDelackCase("2.1");
            c.clientTick.reset();
            c.serverTick.reset();
            iw1.push_back(RunIwDelack(c).transferTime * 1000);
            c.serverInitialWindow = 2;
            IwDelackResult r = RunIwDelack(c);
            NS_TEST_EXPECT_MSG_EQ(r.delayedAcks, 0u, "IW 2: no ACK waits for the tick");
            iw2.push_back(r.transferTime * 1000);
        }
        RngSeedManager::SetRun(1);
        auto [min1, max1] = std::minmax_element(iw1.begin(), iw1.end());
        auto [min2, max2] = std::minmax_element(iw2.begin(), iw2.end());
        // One tick interval of spread, no more: the second delayed ACK always
        // waits a whole interval after the first.
        NS_TEST_EXPECT_MSG_GT(*max1 - *min1, 150, "IW 1: the phase moves the transfer time");
        NS_TEST_EXPECT_MSG_LT(*max1 - *min1, 200, "by less than one tick interval");
        NS_TEST_EXPECT_MSG_GT(*min1, 200, "IW 1: two delayed ACKs, the second a full interval");
        NS_TEST_EXPECT_MSG_LT(*max2 - *min2, 1, "IW 2: the phase does not matter");
        NS_TEST_EXPECT_MSG_LT(*max2, *min1, "IW 2 is faster than IW 1 at any phase");
    }
};

/// Same configuration, same run: the same trace, segment for segment.
class RepeatTest : public TestCase
{
  public:
    RepeatTest()
        : TestCase("same seed and run: the same trace")
    {
    }

  private:
    void DoRun() override
    {
        IwDelackConfig c = IwDelackCase("3.3");
        c.clientTick.reset();
        RngSeedManager::SetRun(5);
        IwDelackResult a = RunIwDelack(c);
        RngSeedManager::SetRun(5);
        IwDelackResult b = RunIwDelack(c);
        RngSeedManager::SetRun(1);
        NS_TEST_ASSERT_MSG_EQ(a.trace.size(), b.trace.size(), "same number of segments");
        for (size_t i = 0; i < a.trace.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(a.trace[i].Format(i + 1, 1),
                                  b.trace[i].Format(i + 1, 1),
                                  "line " << i + 1);
        }
    }
};

/// The trace format: the page's lines read back, and a simulated line
/// printed, as the page prints them.
class FormatTest : public TestCase
{
  public:
    FormatTest()
        : TestCase("tcpdump lines: read and printed in the page's format")
    {
    }

  private:
    void DoRun() override
    {
        auto l = TcpdumpLine::Parse(
            "17: 0.256285 server.www > client.1469: F 12829:13550(721) ack 28 win 33580");
        NS_TEST_ASSERT_MSG_EQ(l.has_value(), true, "a data segment with FIN");
        NS_TEST_EXPECT_MSG_EQ(l->fromClient, false, "from the server");
        NS_TEST_EXPECT_MSG_EQ(l->fin, true, "FIN");
        NS_TEST_EXPECT_MSG_EQ(l->seq, 12829u, "sequence");
        NS_TEST_EXPECT_MSG_EQ(l->length, 721u, "length");
        NS_TEST_EXPECT_MSG_EQ(l->ackNumber, 28u, "ack");
        NS_TEST_EXPECT_MSG_EQ(l->Format(17, 1469),
                              "17: 0.256285 server.www > client.1469: F 12829:13550(721) ack 28 "
                              "win 33580",
                              "printed back");
        auto s = TcpdumpLine::Parse("2:0.0003 server.www > client.8381: S ...:...(0) ack ... win "
                                    "33580 <mss 1460>");
        NS_TEST_ASSERT_MSG_EQ(s.has_value(), true, "a SYN-ACK, Figure 3.x style");
        NS_TEST_EXPECT_MSG_EQ((s->syn && s->ack && s->mss == 1460), true, "SYN, ACK, MSS");
        NS_TEST_EXPECT_MSG_EQ(TcpdumpLine::Parse("Figure 2.1: a caption").has_value(),
                              false,
                              "not a segment");
        for (const std::string& figure : Seed002Figures())
        {
            NS_TEST_EXPECT_MSG_GT_OR_EQ(ParseTrace(Seed002Trace(figure)).size(),
                                        21u,
                                        "Figure " << figure << " has its 21 or 22 lines");
        }
    }
};

class IwDelackTestSuite : public TestSuite
{
  public:
    IwDelackTestSuite()
        : TestSuite("iw-delack", Type::SYSTEM)
    {
        // Bands: paper-targets.md, section B. Figure 2.1 is reproduced to
        // line 12 and Figure 3.5 to line 16 (the doc says why).
        for (const Figure& f : std::vector<Figure>{{"2.1", 262, 0.15, 13},
                                                   {"2.2", 21, 0.25, 0},
                                                   {"3.1", 400, 0.15, 0},
                                                   {"3.2", 400, 0.15, 0},
                                                   {"3.3", 200, 0.15, 0},
                                                   {"3.4", 200, 0.15, 0},
                                                   {"3.5", 7.5, 0.30, 17}})
        {
            AddTestCase(new FigureTest(f), Duration::QUICK);
        }
        AddTestCase(new RandomPhaseTest(), Duration::QUICK);
        AddTestCase(new RepeatTest(), Duration::QUICK);
        AddTestCase(new FormatTest(), Duration::QUICK);
    }
};

IwDelackTestSuite g_iwDelackTestSuite;

} // namespace
