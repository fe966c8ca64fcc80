/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The fluid model of overload that sustains itself (DtocFluidModel), solved
// for one server and one retry policy: its normal state and, if it has one,
// the state that holds the server overloaded once the trigger is gone.
// ./figures.py's metastable experiment stores one row per configuration of
// its sweep and sets it beside the simulation's (dtoc.rst, "The fluid model
// beside it").
//
//   ./ns3 run 'dtoc-fluid --service=fifo --overflow=refuse --header'
//   ./ns3 run 'dtoc-fluid --service=fifo --budget --header'
//
// Rates are requests a second; goodput is also given in % of the capacity,
// as dtoc-metastable gives it.

#include "ns3/core-module.h"
#include "ns3/dtoc-module.h"
#include "ns3/experiment-io-module.h"
#include "ns3/tcp-host-module.h"

#include <iostream>
#include <map>

using namespace ns3;

/// The program itself; main() turns a refused setting into exit 1.
static int
Run(ProgramInput& input)
{
    DtocFluidModel m;
    std::string service = "fifo";
    std::string overflow = "refuse";
    bool header = false;

    input.Add("freshRate", "fresh requests a second", m.freshRate);
    input.Add("capacity", "requests the server serves a second", m.capacity);
    input.Add("queueLimit", "requests its queue holds", m.queueLimit);
    input.Add("patience", "seconds a user waits per attempt", m.patience);
    input.Add("retries", "attempts after the first (at most 100)", m.retries);
    input.Add("budget", "a retry budget caps the retries", m.budget);
    input.Add("budgetPercent", "the budget's share of the fresh requests, %", m.budgetPercent);
    input.Add("budgetReserve", "the budget's reserve, retries a second", m.budgetReservePerSecond);
    input.Choice("service",
                 "the server's order: fifo (all, oldest first), drop-dead (DTOC, "
                 "abortonclose), newest-first (adaptive LIFO)",
                 service,
                 {"fifo", "drop-dead", "newest-first"});
    input.Choice("overflow",
                 "a full queue's answer: refuse (closed or reset: the request ends) or "
                 "drop (silently: the attempt times out)",
                 overflow,
                 {"refuse", "drop"});
    input.Add("header", "print the CSV header first", header);
    const DtocFluidModel defaults;
    if (!input.Parse())
    {
        return 1;
    }
    if (m.retries > 100)
    {
        input.Fail("--retries must be at most 100");
        return 1;
    }
    if (!m.budget && (m.budgetPercent != defaults.budgetPercent ||
                      m.budgetReservePerSecond != defaults.budgetReservePerSecond))
    {
        input.Fail("--budgetPercent and --budgetReserve need --budget");
        return 1;
    }
    static const std::map<std::string, DtocFluidModel::Service> services{
        {"fifo", DtocFluidModel::FIFO},
        {"drop-dead", DtocFluidModel::DROP_DEAD},
        {"newest-first", DtocFluidModel::NEWEST_FIRST}};
    m.service = services.at(service);
    m.overflow = overflow == "drop" ? DtocFluidModel::DROP : DtocFluidModel::REFUSE;
    if (std::string problem = m.Validate(); !problem.empty())
    {
        input.Fail(problem);
        return 1;
    }

    DtocFluidModel::State normal = m.Normal();
    DtocFluidModel::State held = m.Sustained();
    auto percent = [&m](double rate) { return 100 * rate / m.capacity; };
    CsvRow row = CsvRow::Fixed(4);
    row.Add("service", service)
        .Add("overflow", overflow)
        .Add("budget", m.budget)
        .Add("fresh_per_s", m.freshRate)
        .Add("capacity_per_s", m.capacity)
        .Add("queue_limit", m.queueLimit)
        .Add("patience_s", m.patience)
        .Add("retries", m.retries)
        .Add("normal", normal.exists)
        .Add("normal_goodput_pct", percent(normal.goodput))
        .Add("sustained", held.exists)
        .Add("sustained_offered_per_s", held.offered)
        .Add("sustained_refused_per_s", held.refusedOrDropped)
        .Add("sustained_retries_per_s", held.retries)
        .Add("sustained_goodput_pct", percent(held.goodput));
    row.Print(std::cout, header);
    return 0;
}

int
main(int argc, char* argv[])
{
    ProgramInput input("dtoc-fluid", argc, argv);
    return input.Run(&Run);
}
