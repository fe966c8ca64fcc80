/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "dtoc-fluid-model.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_roots.h>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DtocFluidModel");

namespace
{

/// GSL's view of Caused(L) - L.
double
Excess(double offered, void* model)
{
    return static_cast<const DtocFluidModel*>(model)->Caused(offered) - offered;
}

} // namespace

std::string
DtocFluidModel::Validate() const
{
    std::ostringstream why;
    auto positive = [](double x) { return std::isfinite(x) && x > 0; };
    if (!positive(freshRate) || !positive(capacity) || !positive(queueLimit) || !positive(patience))
    {
        why << "the fresh rate, the capacity, the queue limit and the patience must be positive";
    }
    else if (budget && (!(budgetPercent >= 0) || !std::isfinite(budgetPercent) ||
                        !(budgetReservePerSecond >= 0) || !std::isfinite(budgetReservePerSecond)))
    {
        why << "the budget's share and reserve must be at least 0";
    }
    return why.str();
}

DtocFluidModel::State
DtocFluidModel::Normal() const
{
    NS_ABORT_MSG_UNLESS(Validate().empty(), "DtocFluidModel: " << Validate());
    State s;
    s.exists = freshRate < capacity;
    if (s.exists)
    {
        s.offered = s.admitted = s.goodput = freshRate;
    }
    return s;
}

double
DtocFluidModel::Caused(double offered) const
{
    // Attempts 2 .. Retries + 1 happen if the ones before were admitted
    // (a refusal ends the request) or, when dropped silently, always.
    double p = overflow == DROP ? 1.0 : std::min(1.0, capacity / offered);
    double retried = 0;
    double reach = 1;
    for (unsigned k = 1; k <= retries; ++k)
    {
        reach *= p;
        retried += reach;
    }
    double retryRate = freshRate * retried;
    if (budget)
    {
        retryRate = std::min(retryRate, budgetPercent / 100 * freshRate + budgetReservePerSecond);
    }
    return freshRate + retryRate;
}

DtocFluidModel::State
DtocFluidModel::Sustained() const
{
    NS_ABORT_MSG_UNLESS(Validate().empty(), "DtocFluidModel: " << Validate());
    State s;
    const double atCapacity = Caused(capacity);
    // Only a server that serves the dead, oldest first, with a full queue's
    // wait beyond the patience, and attempts enough to keep it full.
    if (service != FIFO || queueLimit / capacity <= patience || atCapacity < capacity)
    {
        return s;
    }
    // Caused(L) - L is >= 0 at L = Capacity and < 0 above every rate the
    // users can cause: a root between.
    double root = capacity;
    if (atCapacity > capacity)
    {
        // GSL passes its parameters as void*; Excess only reads them.
        gsl_function f{&Excess, const_cast<DtocFluidModel*>(this)};
        gsl_root_fsolver* solver = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
        gsl_root_fsolver_set(solver, &f, capacity, atCapacity + 1);
        int status = GSL_CONTINUE;
        for (int i = 0; i < 200 && status == GSL_CONTINUE; ++i)
        {
            gsl_root_fsolver_iterate(solver);
            root = gsl_root_fsolver_root(solver);
            status = gsl_root_test_interval(gsl_root_fsolver_x_lower(solver),
                                            gsl_root_fsolver_x_upper(solver),
                                            0,
                                            1e-12);
        }
        gsl_root_fsolver_free(solver);
        NS_ABORT_MSG_IF(status != GSL_SUCCESS, "DtocFluidModel: the root did not converge");
    }
    s.exists = true;
    s.offered = root;
    s.admitted = capacity;
    s.refusedOrDropped = root - capacity;
    s.retries = root - freshRate;
    s.goodput = 0; // every request served waited longer than its user
    NS_LOG_LOGIC("sustained: offered " << root << "/s, " << s.refusedOrDropped << "/s refused");
    return s;
}

} // namespace ns3
