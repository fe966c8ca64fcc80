/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TYPE_ID_CHECK_H
#define TYPE_ID_CHECK_H

#include "ns3/type-id.h"

#include <string>

namespace ns3
{

/**
 * @ingroup tcp-host
 * @brief Whether a type is base itself or derives from it.
 *
 * Every attribute or option of the suite that takes "a T type" (a policy, a
 * socket class) accepts T and its subclasses. TypeId::IsChildOf is false for
 * T itself, hence this test.
 *
 * @param tid the type
 * @param base the type tid must be, or derive from
 * @return whether tid is base or a subclass of it
 */
bool IsTypeOrChildOf(TypeId tid, TypeId base);

/**
 * @ingroup tcp-host
 * @brief Look a type up by name and check that it is base or derives from it.
 *
 * For checking a type named in a string (a command-line option, a
 * configuration) without aborting: unlike TypeId::LookupByName, an unknown
 * name is an answer, not a fatal error, so the caller can report it.
 *
 * @param name a registered type name, such as "ns3::TcpSwapClose"
 * @param base the type the name must be, or derive from
 * @param[out] tid the type found; set only when the return is true (may be null)
 * @return whether name is a registered type that is base or derives from it
 */
bool LookupTypeOf(const std::string& name, TypeId base, TypeId* tid = nullptr);

} // namespace ns3

#endif /* TYPE_ID_CHECK_H */
