/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_HOST_SAMPLER_H
#define TCP_HOST_SAMPLER_H

#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/output-stream-wrapper.h"
#include "ns3/tcp-host-census.h"
#include "ns3/traced-callback.h"

#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{

class Node;

/**
 * @ingroup tcp-host
 * @brief One row of a TcpHostSampler: a node's TCP resources at one
 * instant, and its CPU's busy share over the interval that ended then.
 */
struct TcpHostSample
{
    Time time;            //!< When it was taken
    TcpHostCensus census; //!< The node's counts (its id among them)
    bool hasCpu{false};   //!< The node has a HostCpu (else cpuBusy is 0)
    double cpuBusy{0};    //!< HostCpu busy time (kernel and applications) / the interval
};

/**
 * @ingroup tcp-host
 * @brief Samples nodes' TCP resources at an interval: one TcpHostSample per
 * node per instant, to the "Sample" trace source and, if a file or stream
 * is set, as one CSV row.
 *
 * The rows are taken at StartTime + k * Interval, k = 1, 2, ..., up to
 * StopTime (0: until the simulation stops; a row due at the very instant
 * Simulator::Stop ends the simulation is not taken, since the stop comes
 * first). Each row's cpu_busy covers the Interval before it. The sampler
 * only reads (TcpHostCensus::Take, HostCpu::GetBusyTime): it changes no
 * object of the nodes and nothing the simulation does.
 *
 * CSV columns, in order (an empty field: the node lacks the object):
 * time_s, node, time_wait (TCBs + records), time_wait_tcbs (empty without
 * a TcpHostModel), time_wait_records, listeners, syn_queue, accept_queue,
 * sockets, tcbs (empty without a TcpHostModel), memory_bytes (empty without
 * a SocketMemory), cpu_busy (empty without a HostCpu).
 *
 * All samplers share one clock event, so that they never prolong a
 * simulation: when nothing but samplers' rows is left to happen, they take
 * no more, and a simulation that ends when its events run out (no
 * Simulator::Stop) still ends, at most one Interval after its last event.
 * The clock holds the samplers it is to wake: a sampler whose helper or
 * user let it go keeps sampling until the simulation ends, and is freed at
 * Simulator::Destroy (which closes its file).
 */
class TcpHostSampler : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TcpHostSampler();
    ~TcpHostSampler() override;

    /**
     * @brief Sample a node too (each node once; rows in the order added).
     * @param node the node
     */
    void AddNode(Ptr<Node> node);

    /// @return the nodes sampled
    uint32_t GetNNodes() const;

    /**
     * @brief Write the rows, as CSV with a header, to a file (created or
     * truncated now; flushed after each instant).
     * @param fileName the file
     * @throw std::invalid_argument if it cannot be written (a Python
     *        exception through cppyy)
     */
    void SetFile(const std::string& fileName);

    /**
     * @brief Write the rows, as CSV with a header, to a stream.
     * @param stream the stream (null: no CSV)
     */
    void SetStream(Ptr<OutputStreamWrapper> stream);

    /// @return the CSV header line (without its newline)
    static std::string GetHeader();

    /**
     * @param sample a sample
     * @return its CSV row (without its newline)
     */
    static std::string FormatRow(const TcpHostSample& sample);

    /**
     * @brief TracedCallback signature for one node's sample.
     * @param [in] sample the row's values
     */
    typedef void (*SampleTracedCallback)(const TcpHostSample& sample);

  protected:
    void DoDispose() override;
    void NotifyConstructionCompleted() override;

  private:
    /**
     * @brief This sampler's turn: at StartTime (or at once if it is past)
     * note each node's CPU time; at each row's time take one row per node.
     * @param[out] next when its next turn is due
     * @return whether it has another turn (not past StopTime)
     */
    bool Tick(Time& next);

    /// At StartTime: note each node's CPU time.
    void Start();

    /// Take one row per node.
    void TakeSamples();

    /**
     * @brief Give a sampler a turn at a time (the samplers' one clock).
     * @param at when
     * @param sampler the sampler
     */
    static void Enqueue(Time at, Ptr<TcpHostSampler> sampler);

    /// The clock's event: give every sampler due now its turn, then
    /// schedule the next turn, unless nothing else is to happen.
    static void Fire();

    /// Schedule the clock's event at the earliest turn due.
    static void Rearm();

    /// At Simulator::Destroy: drop every turn (and the samplers it holds).
    static void Clear();

    /// @return the turns due, earliest first (the clock's)
    static std::multimap<Time, Ptr<TcpHostSampler>>& Due();

    /**
     * @param node a node
     * @return its HostCpu's busy time so far, kernel and applications (0 without one)
     */
    static Time BusyTime(Ptr<Node> node);

    Time m_interval;                              //!< Interval
    Time m_startTime;                             //!< StartTime
    Time m_stopTime;                              //!< StopTime (0: none)
    std::vector<Ptr<Node>> m_nodes;               //!< Nodes sampled, in order
    std::vector<Time> m_busyBefore;               //!< Each node's CPU time at the last row
    Time m_last;                                  //!< When the last row (or the start) was
    bool m_started{false};                        //!< Start() has run
    Ptr<OutputStreamWrapper> m_stream;            //!< Where the CSV goes (null: nowhere)
    std::unique_ptr<std::ofstream> m_file;        //!< The file SetFile opened
    TracedCallback<const TcpHostSample&> m_trace; //!< Trace: one node's sample
};

} // namespace ns3

#endif /* TCP_HOST_SAMPLER_H */
