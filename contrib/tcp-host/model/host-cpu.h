/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HOST_CPU_H
#define HOST_CPU_H

#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-value.h"

#include <array>
#include <deque>
#include <functional>

namespace ns3
{

/**
 * @ingroup tcp-host
 * @brief A node's one CPU, shared by the kernel's network work and the
 * applications.
 *
 * Jobs (an amount of CPU time and what to do when it is done) queue at one
 * of two priorities. Kernel jobs (segment input, segment output) run first,
 * in arrival order, each to completion: SunOS ran network input at
 * software-interrupt level, above user processes. Application jobs (an HTTP
 * server's work on a request) run, in arrival order, only when no kernel job
 * waits; a kernel job that arrives while an application job runs preempts
 * it, and the application job resumes with the time it had left. A host
 * whose kernel work alone fills the CPU therefore never runs its
 * applications: receive livelock (Mogul and Ramakrishnan, 1997).
 */
class HostCpu : public Object
{
  public:
    /// Job priorities, highest first.
    enum Priority
    {
        KERNEL = 0,      //!< Network work in the kernel
        APPLICATION = 1, //!< User processes
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    HostCpu();
    ~HostCpu() override;

    /**
     * @brief Queue a job.
     * @param priority its priority
     * @param cost the CPU time it needs (zero: it still waits its turn)
     * @param done called when it has had that CPU time
     * @return the job's id, for Cancel()
     */
    uint64_t Submit(Priority priority, Time cost, std::function<void()> done);

    /**
     * @brief Withdraw a job: it gets no more CPU time and its callback is
     * not called (the time it already had stays counted as busy).
     * @param id the id Submit() returned
     * @return true if the job was waiting or in service
     */
    bool Cancel(uint64_t id);

    /**
     * @brief CPU time spent so far at a priority (jobs in service count as far as served).
     * @param priority the priority
     * @return the time
     */
    Time GetBusyTime(Priority priority) const;

    /**
     * @brief Jobs waiting or in service at a priority.
     * @param priority the priority
     * @return the count
     */
    uint32_t GetBacklog(Priority priority) const;

    /**
     * @brief Jobs completed at a priority.
     * @param priority the priority
     * @return the count
     */
    uint64_t GetCompleted(Priority priority) const;

  protected:
    void DoDispose() override;

  private:
    /// A job waiting for, or in, the CPU.
    struct Job
    {
        Time remaining;             //!< CPU time still needed
        std::function<void()> done; //!< Run when it is done
        uint64_t id;                //!< Its id
    };

    /// Start the highest-priority job waiting, if the CPU is idle.
    void Dispatch();

    /// The job in service has had all its CPU time.
    void Complete();

    std::array<std::deque<Job>, 2> m_queues;       //!< Jobs per priority; in service at the head
    EventId m_event;                               //!< End of the job in service
    bool m_busy{false};                            //!< A job is in service
    Priority m_running{KERNEL};                    //!< Priority of the job in service
    Time m_started;                                //!< When the job in service (re)started
    std::array<Time, 2> m_busyTime{};              //!< CPU time per priority, completed slices
    std::array<uint64_t, 2> m_completed{};         //!< Jobs done per priority
    uint64_t m_nextId{1};                          //!< Next job's id
    TracedValue<uint32_t> m_kernelBacklog{0};      //!< Trace: kernel jobs queued
    TracedValue<uint32_t> m_applicationBacklog{0}; //!< Trace: application jobs queued
};

} // namespace ns3

#endif /* HOST_CPU_H */
