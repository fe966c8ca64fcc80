/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "user-defaults.h"

#include <cstdlib>
#include <set>
#include <sstream>

namespace ns3
{

namespace
{

/// Attributes (ns3::Type::Name) whose defaults the user named.
std::set<std::string>&
Noted()
{
    static std::set<std::string> names;
    return names;
}

/// @return the attributes NS_ATTRIBUTE_DEFAULT names ("ns3::A::x=1|ns3::B::y=2")
std::set<std::string>
EnvironmentDefaults()
{
    std::set<std::string> names;
    const char* env = std::getenv("NS_ATTRIBUTE_DEFAULT");
    std::istringstream settings(env ? env : "");
    std::string setting;
    while (std::getline(settings, setting, '|'))
    {
        names.insert(setting.substr(0, setting.find('=')));
    }
    return names;
}

} // namespace

void
UserDefaults::Note(const std::string& fullName)
{
    Noted().insert(fullName);
}

void
UserDefaults::Forget()
{
    Noted().clear();
}

bool
UserDefaults::IsSet(TypeId tid, const std::string& name)
{
    TypeId::AttributeInformation info;
    if (!tid.LookupAttributeByName(name, &info))
    {
        return false;
    }
    if (info.initialValue->SerializeToString(info.checker) !=
        info.originalInitialValue->SerializeToString(info.checker))
    {
        return true;
    }
    // Set to the value it was registered with: named by the user?
    std::set<std::string> named = EnvironmentDefaults();
    named.insert(Noted().begin(), Noted().end());
    for (TypeId t = tid;; t = t.GetParent())
    {
        if (named.count(t.GetName() + "::" + name))
        {
            return true;
        }
        if (t.GetParent() == t)
        {
            return false;
        }
    }
}

} // namespace ns3
