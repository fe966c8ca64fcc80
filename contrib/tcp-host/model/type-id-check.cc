/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "type-id-check.h"

namespace ns3
{

bool
IsTypeOrChildOf(TypeId tid, TypeId base)
{
    return tid == base || tid.IsChildOf(base);
}

bool
LookupTypeOf(const std::string& name, TypeId base, TypeId* tid)
{
    TypeId found;
    if (!TypeId::LookupByNameFailSafe(name, &found) || !IsTypeOrChildOf(found, base))
    {
        return false;
    }
    if (tid)
    {
        *tid = found;
    }
    return true;
}

} // namespace ns3
