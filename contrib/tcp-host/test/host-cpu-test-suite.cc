/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// HostCpu: kernel work before application work, application work preempted
// and resumed, and a kernel load that fills the CPU starves the
// applications (receive livelock).

#include "ns3/host-cpu.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <vector>

using namespace ns3;

namespace
{

/**
 * @brief A job's callback that records its name and completion time.
 * @param done the record
 * @param name the job's name
 * @return the callback
 */
std::function<void()>
Note(std::vector<std::pair<std::string, Time>>& done, std::string name)
{
    return [&done, name]() { done.emplace_back(name, Simulator::Now()); };
}

/// Order and completion times of jobs of both priorities.
class HostCpuOrderTest : public TestCase
{
  public:
    HostCpuOrderTest()
        : TestCase("kernel jobs run first and in order; an application job is preempted "
                   "by a kernel job and resumes with its remaining time")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostCpu> cpu = CreateObject<HostCpu>();
        std::vector<std::pair<std::string, Time>> done;
        auto note = [&done](std::string name) { return Note(done, name); };
        // t=0: application job A (10 ms) starts at once.
        Simulator::Schedule(Time(0), [&]() {
            cpu->Submit(HostCpu::APPLICATION, MilliSeconds(10), note("A"));
            cpu->Submit(HostCpu::APPLICATION, MilliSeconds(1), note("B"));
        });
        // t=4 ms: two kernel jobs preempt A (6 ms left).
        Simulator::Schedule(MilliSeconds(4), [&]() {
            cpu->Submit(HostCpu::KERNEL, MilliSeconds(2), note("K1"));
            cpu->Submit(HostCpu::KERNEL, MilliSeconds(3), note("K2"));
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(done.size(), 4, "every job completes");
        std::vector<std::string> order;
        for (const auto& [name, at] : done)
        {
            order.push_back(name);
        }
        NS_TEST_ASSERT_MSG_EQ((order == std::vector<std::string>{"K1", "K2", "A", "B"}),
                              true,
                              "kernel jobs first, then A resumed, then B");
        NS_TEST_ASSERT_MSG_EQ(done[0].second, MilliSeconds(6), "K1 ends at 4 + 2 ms");
        NS_TEST_ASSERT_MSG_EQ(done[1].second, MilliSeconds(9), "K2 ends at 6 + 3 ms");
        NS_TEST_ASSERT_MSG_EQ(done[2].second,
                              MilliSeconds(15),
                              "A had 6 ms left after its preemption: ends at 9 + 6 ms");
        NS_TEST_ASSERT_MSG_EQ(done[3].second, MilliSeconds(16), "B follows A");
        NS_TEST_ASSERT_MSG_EQ(cpu->GetBusyTime(HostCpu::KERNEL), MilliSeconds(5), "kernel time");
        NS_TEST_ASSERT_MSG_EQ(cpu->GetBusyTime(HostCpu::APPLICATION),
                              MilliSeconds(11),
                              "application time: preemption loses no work and adds none");
        Simulator::Destroy();
    }
};

/// A job withdrawn in service or while waiting gets no more CPU and no callback.
class HostCpuCancelTest : public TestCase
{
  public:
    HostCpuCancelTest()
        : TestCase("a job cancelled in service stops at once and the next starts; a "
                   "waiting job cancelled never runs")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostCpu> cpu = CreateObject<HostCpu>();
        std::vector<std::pair<std::string, Time>> done;
        auto note = [&done](std::string name) { return Note(done, name); };
        uint64_t a = 0;
        uint64_t b = 0;
        bool cancelledA = false;
        bool cancelledB = false;
        bool cancelledAgain = true;
        Simulator::Schedule(Time(0), [&]() {
            a = cpu->Submit(HostCpu::APPLICATION, MilliSeconds(10), note("A"));
            b = cpu->Submit(HostCpu::APPLICATION, MilliSeconds(5), note("B"));
            cpu->Submit(HostCpu::APPLICATION, MilliSeconds(2), note("C"));
        });
        Simulator::Schedule(MilliSeconds(3), [&]() {
            cancelledA = cpu->Cancel(a); // in service, 3 ms served
            cancelledB = cpu->Cancel(b); // waiting
            cancelledAgain = cpu->Cancel(a);
        });
        Simulator::Run();
        Time busy = cpu->GetBusyTime(HostCpu::APPLICATION);
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(cancelledA, true, "A was in service");
        NS_TEST_ASSERT_MSG_EQ(cancelledB, true, "B was waiting");
        NS_TEST_ASSERT_MSG_EQ(cancelledAgain, false, "A is gone");
        NS_TEST_ASSERT_MSG_EQ(done.size(), 1, "only C completes");
        NS_TEST_ASSERT_MSG_EQ(done.front().first, "C", "only C completes");
        NS_TEST_ASSERT_MSG_EQ(done.front().second, MilliSeconds(5), "C starts when A stops");
        NS_TEST_ASSERT_MSG_EQ(busy, MilliSeconds(5), "A's 3 ms and C's 2 ms");
    }
};

/// A kernel load at or above the CPU's capacity starves the applications.
class HostCpuLivelockTest : public TestCase
{
  public:
    /**
     * @param load kernel work offered, as a fraction of the CPU
     */
    explicit HostCpuLivelockTest(double load)
        : TestCase("kernel load " + std::to_string(load) + " of the CPU: applications get " +
                   (load >= 1 ? "nothing (livelock)" : "the rest")),
          m_load(load)
    {
    }

  private:
    /// Offer one kernel job, and the next one after the interarrival time.
    void Arrive()
    {
        m_cpu->Submit(HostCpu::KERNEL, m_kernelCost, []() {});
        Simulator::Schedule(m_interarrival, &HostCpuLivelockTest::Arrive, this);
    }

    /// A closed-loop application: one job at a time, the next when it is done.
    void Work()
    {
        m_cpu->Submit(HostCpu::APPLICATION, MilliSeconds(1), [this]() {
            ++m_appJobs;
            Work();
        });
    }

    void DoRun() override
    {
        m_cpu = CreateObject<HostCpu>();
        m_interarrival = MicroSeconds(500);
        m_kernelCost = MicroSeconds(500 * m_load);
        Simulator::Schedule(Time(0), &HostCpuLivelockTest::Arrive, this);
        Simulator::Schedule(Time(0), &HostCpuLivelockTest::Work, this);
        Simulator::Stop(Seconds(2));
        Simulator::Run();
        double appShare = m_cpu->GetBusyTime(HostCpu::APPLICATION).GetSeconds() / 2;
        if (m_load >= 1)
        {
            NS_TEST_ASSERT_MSG_EQ(m_appJobs, 0, "a saturated kernel leaves applications nothing");
            NS_TEST_ASSERT_MSG_LT(appShare, 0.001, "no application CPU time either");
        }
        else
        {
            // The application gets the CPU the kernel leaves: 1 - load.
            NS_TEST_ASSERT_MSG_EQ_TOL(appShare, 1 - m_load, 0.01, "application share");
            NS_TEST_ASSERT_MSG_GT(m_appJobs, 0, "applications run");
        }
        Simulator::Destroy();
    }

    double m_load;         //!< Kernel load offered
    Ptr<HostCpu> m_cpu;    //!< The CPU
    Time m_interarrival;   //!< Between kernel jobs
    Time m_kernelCost;     //!< CPU time per kernel job
    uint32_t m_appJobs{0}; //!< Application jobs completed
};

/// The suite.
class HostCpuTestSuite : public TestSuite
{
  public:
    HostCpuTestSuite()
        : TestSuite("tcp-host-cpu", Type::UNIT)
    {
        AddTestCase(new HostCpuOrderTest(), Duration::QUICK);
        AddTestCase(new HostCpuCancelTest(), Duration::QUICK);
        AddTestCase(new HostCpuLivelockTest(0.6), Duration::QUICK);
        AddTestCase(new HostCpuLivelockTest(1.0), Duration::QUICK);
    }
};

/// Static instance.
HostCpuTestSuite g_hostCpuTestSuite;

} // namespace
