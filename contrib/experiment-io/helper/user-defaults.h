/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef USER_DEFAULTS_H
#define USER_DEFAULTS_H

#include "ns3/type-id.h"

#include <string>

namespace ns3
{

/**
 * @defgroup experiment-io experiment-io
 * A scenario program's input and output: its command line checked before
 * anything runs (ProgramInput), the attribute defaults its user set
 * (UserDefaults), and its result row (CsvRow).
 */

/**
 * @ingroup experiment-io
 * @brief Which attribute defaults the user set, so that nothing a program
 * applies on its own (a host profile, an experiment's preset) silently
 * overrides them.
 *
 * A default is the user's if it was set on the command line
 * (--ns3::Type::Name), with Config::SetDefault (C++ or Python) or in
 * NS_ATTRIBUTE_DEFAULT. Seen three ways: the default differs from the one
 * registered; the attribute was named in NS_ATTRIBUTE_DEFAULT or noted
 * (ProgramInput notes each --ns3::Type::Name it is given); a default set by
 * Config::SetDefault to the very value it was registered with is seen only
 * if noted.
 */
class UserDefaults
{
  public:
    /**
     * @brief Whether the user set an attribute's default.
     * @param tid the type (or a subtype) the attribute belongs to
     * @param name the attribute's name
     * @return true if the user set its default
     */
    static bool IsSet(TypeId tid, const std::string& name);

    /**
     * @brief Note that the user set an attribute's default.
     * @param fullName the attribute as ns3::Type::Name
     */
    static void Note(const std::string& fullName);

    /// Forget the defaults Note was told of (as Config::Reset forgets the values).
    static void Forget();
};

} // namespace ns3

#endif /* USER_DEFAULTS_H */
