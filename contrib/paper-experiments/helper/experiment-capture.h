/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef EXPERIMENT_CAPTURE_H
#define EXPERIMENT_CAPTURE_H

#include "ns3/flow-monitor-helper.h"

#include <string>

namespace ns3
{

class ProgramInput;

/**
 * @defgroup paper-experiments paper-experiments
 * The drivers of the four sources' experiments: each builds its paper's
 * testbed, runs it once and reports one result row (paper-experiments.rst).
 */

/**
 * @ingroup paper-experiments
 * @brief What a scenario program captures of its experiment's run, on
 * request: a pcap file per device (--pcap=PREFIX) and a FlowMonitor XML
 * file (--flowMonitor=FILE).
 *
 * The experiments build their nodes, run and destroy the simulation inside
 * one call (RunDtocExperiment, TwAvoidTable1Experiment::Run ...). Armed
 * before that call, the capture enables, at time 0 of the run (after the
 * nodes are built, before any packet), pcap on every CSMA and
 * point-to-point device and FlowMonitor on every node with IPv4, and
 * writes the FlowMonitor XML when the experiment calls Simulator::Destroy
 * (before the nodes are disposed of). It reads only: the run's results are
 * the same with it, except the count of events, which includes its own
 * and FlowMonitor's.
 *
 * Without either option Arm() does nothing at all, so a program's output
 * is byte for byte what it was without the capture.
 *
 * @code
 *   ExperimentCapture capture;
 *   capture.AddOptions(input);
 *   if (!input.Parse() || !capture.CheckOutputs(input)) { return 1; }
 *   // ... validate the configuration ...
 *   capture.Arm();                  // before the experiment builds its nodes
 *   DtocExperimentResult r = RunDtocExperiment(c);
 * @endcode
 */
class ExperimentCapture
{
  public:
    ExperimentCapture() = default;
    ~ExperimentCapture() = default;
    ExperimentCapture(const ExperimentCapture&) = delete;
    ExperimentCapture& operator=(const ExperimentCapture&) = delete;

    /**
     * @brief Bind --pcap=PREFIX and --flowMonitor=FILE.
     * @param input the program's command line
     */
    void AddOptions(ProgramInput& input);

    /**
     * @brief Bind --flowMonitor=FILE here and --pcap=PREFIX to a variable of
     * the experiment's own, for an experiment that writes its pcap files
     * itself (TwAvoidTestbedConfig::pcapPrefix): CheckOutputs() checks it,
     * Arm() leaves it to the experiment.
     * @param input the program's command line
     * @param pcapPrefix the experiment's pcap prefix
     */
    void AddOptions(ProgramInput& input, std::string& pcapPrefix);

    /**
     * @param input the program's command line, parsed
     * @return false (after one line "program: why" on stderr) if the pcap
     *         prefix or the FlowMonitor file cannot be written
     */
    bool CheckOutputs(const ProgramInput& input) const;

    /**
     * @brief Capture the run about to be built: call it before the
     * experiment creates its first node. Does nothing without --pcap or
     * --flowMonitor.
     * @throw std::logic_error if nodes exist already (the XML would be
     *        written after they were disposed of)
     */
    void Arm();

    /// @param prefix pcap files' prefix ("": none), as --pcap sets it
    void SetPcapPrefix(const std::string& prefix);

    /// @param fileName the FlowMonitor XML file ("": none), as --flowMonitor sets it
    void SetFlowMonitorFile(const std::string& fileName);

  private:
    /// At time 0 of the run: pcap on every device, FlowMonitor on every node.
    void Start();

    /// At Simulator::Destroy: write the FlowMonitor XML.
    void Finish();

    std::string m_pcapPrefix;             //!< --pcap (ours to write)
    std::string* m_externalPcap{nullptr}; //!< --pcap, the experiment's to write
    std::string m_flowMonitorFile;        //!< --flowMonitor
    FlowMonitorHelper m_flowMonitor;      //!< FlowMonitor on every node
};

} // namespace ns3

#endif /* EXPERIMENT_CAPTURE_H */
