/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DTOC_FLUID_MODEL_H
#define DTOC_FLUID_MODEL_H

#include <string>

namespace ns3
{

/**
 * @ingroup dtoc
 * @brief The fluid model of a one-worker server with impatient, retrying
 * users beside the simulation (issue 42, "Overload that sustains itself"):
 * its steady states, the normal one and, if there is one, the state that
 * sustains an overload once its trigger is gone.
 *
 * Users issue fresh requests at FreshRate a second; the server serves
 * Capacity a second; its queue holds QueueLimit; a user waits Patience
 * for its response, then gives up and, with Retries left, tries again.
 * In the fluid limit (rates, no randomness) a FIFO server whose queue is
 * full makes every request wait QueueLimit / Capacity: if that exceeds
 * the patience, every request it serves is one nobody waits for any more,
 * its goodput is 0, and every attempt it admits times out and comes back
 * as a retry. That state sustains itself when the attempts it causes keep
 * the queue full: with an offered rate L (fresh and retries) the queue
 * admits Capacity and refuses the rest; a refused attempt ends its request
 * (the application's queue closes it, or an RST), so an attempt is
 * admitted with p = Capacity / L and L solves
 *
 *     L = FreshRate * (1 + p + ... + p^Retries),
 *
 * (a retry budget caps the retries' part at Percent % of the fresh rate
 * plus the reserve); if the queue drops attempts silently (Linux's accept
 * queue without tcp_abort_on_overflow) they time out as well and
 * L = FreshRate * (Retries + 1). The state exists when L >= Capacity. A
 * server that drops the dead requests before serving them (DTOC,
 * abortonclose) or serves the newest first (adaptive LIFO) cannot be held
 * there: its queue drains of the dead, or new requests overtake them.
 *
 * The root is found with GSL's Brent solver. What the model leaves out
 * (where it parts from the simulation): the patience is exact and alike
 * for all; service times, arrivals and the queue's boundary are rates, not
 * random; a request served with its patience nearly spent counts as
 * served.
 */
class DtocFluidModel
{
  public:
    /// What the server does with the requests in its queue.
    enum Service
    {
        FIFO,         //!< Serve all, oldest first (the paper's regular server)
        DROP_DEAD,    //!< Drop those whose user has left (DTOC, abortonclose)
        NEWEST_FIRST, //!< Newest first when congested (adaptive LIFO)
    };

    /// What a full queue does with another attempt.
    enum Overflow
    {
        REFUSE, //!< Closes it or resets it: the request ends (no retry)
        DROP,   //!< Drops it silently: the attempt times out and may be retried
    };

    /// A steady state.
    struct State
    {
        bool exists{false};         //!< Whether the model has it
        double offered{0};          //!< Attempts a second, fresh and retries
        double admitted{0};         //!< Attempts the queue takes a second
        double refusedOrDropped{0}; //!< Attempts a full queue turns away a second
        double retries{0};          //!< Retries a second
        double goodput{0};          //!< Responses in time a second
    };

    double freshRate{80};              //!< Fresh requests a second
    double capacity{100};              //!< Requests the server serves a second
    double queueLimit{1024};           //!< Requests the queue holds
    double patience{5};                //!< Seconds a user waits per attempt
    unsigned retries{3};               //!< Attempts after the first
    bool budget{false};                //!< A retry budget caps the retries
    double budgetPercent{20};          //!< Its share of the fresh requests, %
    double budgetReservePerSecond{10}; //!< Its reserve, retries a second
    Service service{FIFO};             //!< The server's order
    Overflow overflow{REFUSE};         //!< A full queue's answer

    /// @return "" if the parameters are possible, else what is wrong
    std::string Validate() const;

    /// @return the normal state: no queue, no timeout (exists below capacity)
    State Normal() const;

    /// @return the state that sustains an overload, if the model has one
    State Sustained() const;

    /**
     * @brief The offered rate that a full queue's attempts make, given one.
     * @param offered an offered rate, attempts a second (at least Capacity)
     * @return what that rate causes: fresh requests and their retries
     */
    double Caused(double offered) const;
};

} // namespace ns3

#endif /* DTOC_FLUID_MODEL_H */
