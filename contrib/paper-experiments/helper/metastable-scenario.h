/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef METASTABLE_SCENARIO_H
#define METASTABLE_SCENARIO_H

#include "dtoc-experiment.h"

#include "ns3/nstime.h"

#include <optional>
#include <string>

namespace ns3
{

class CsvRow;
class ProgramInput;

/**
 * @ingroup paper-experiments
 * @brief Overload that sustains itself (a metastable failure): a base load
 * below the server's capacity, a spike of a stated height and length, then
 * the base load again; what a DTOC experiment's run says of it.
 *
 * The scenario of the programs dtoc-metastable (the DTOC paper's server)
 * and proxy-metastable (the same server behind a reverse proxy): their
 * options, their checks, the load pattern they give the experiment, and the
 * phases they measure from its timeline.
 */
struct MetastableScenario
{
    double load{80};            //!< Base load, % of capacity (below 100)
    double spike{200};          //!< The spike's load, % of capacity
    Time spikeAt{Seconds(200)}; //!< When the spike starts
    Time spikeFor{Seconds(60)}; //!< How long it lasts
    Time after{Seconds(600)};   //!< The base load again, this long
    double recoveredShare{0.9}; //!< Goodput back at this share of the base load
    std::string timeline;       //!< A CSV file for the run bin by bin ("": none)

    /// Means of a run's bins over one phase.
    struct Phase
    {
        double useful{0}; //!< Goodput, % of capacity
        double dead{0};   //!< Server CPU on work no one received in time, %
    };

    /// What a run says of the scenario.
    struct Outcome
    {
        Phase before;       //!< The second half of the time before the spike
        Phase during;       //!< The spike
        Phase early;        //!< The first half of the time after it
        Phase late;         //!< The second half
        double recovery{0}; //!< From the spike's end to the first bin back, s (-1: never)
    };

    /**
     * @brief Offer the scenario's options (load, spike, spikeAt, spikeFor,
     * after, recovered, timeline), each set into this scenario by Parse.
     * @param input the program's options
     */
    void AddOptions(ProgramInput& input);

    /**
     * @brief Check the options.
     * @return an explanation of the first impossible one, or "" if all are possible
     */
    std::string Validate() const;

    /**
     * @brief Once the program's options are parsed: check the scenario's
     * and the experiment's, and give the experiment the scenario's load
     * pattern.
     * @param input the program's options (a refusal is said there)
     * @param config the experiment
     * @return false if something is impossible
     */
    bool Configure(ProgramInput& input, DtocExperimentConfig& config) const;

    /**
     * @brief Run the experiment and write its timeline, if one was asked for.
     * @param input the program's options (a failure to write is said there)
     * @param config the experiment, configured
     * @return the run, or nothing if the timeline could not be written
     */
    std::optional<DtocExperimentResult> Run(ProgramInput& input,
                                            const DtocExperimentConfig& config) const;

    /**
     * @brief Give an experiment the scenario's load pattern, counted from
     * the bins (no warm-up).
     * @param config the experiment
     */
    void Apply(DtocExperimentConfig& config) const;

    /**
     * @param result a run of the scenario
     * @return its phases and recovery
     */
    Outcome Measure(const DtocExperimentResult& result) const;

    /**
     * @brief The row's columns that say what ran: the server's strategy,
     * the users' retries, the queue, the scenario, the run.
     * @param row the row
     * @param config the experiment
     */
    void AddSetup(CsvRow& row, const DtocExperimentConfig& config) const;

    /**
     * @brief The row's columns that say what happened: goodput per phase,
     * the dead work after the spike, the recovery, retries, the server's
     * drops and refusals, events.
     * @param row the row
     * @param result the run
     */
    void AddOutcome(CsvRow& row, const DtocExperimentResult& result) const;
};

} // namespace ns3

#endif /* METASTABLE_SCENARIO_H */
