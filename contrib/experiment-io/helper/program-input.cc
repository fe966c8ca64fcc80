/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "program-input.h"

#include "user-defaults.h"

#include "ns3/global-value.h"
#include "ns3/type-id.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

namespace ns3
{

ProgramInput::ProgramInput(std::string program, int argc, char* argv[])
    : m_program(std::move(program)),
      m_argc(argc),
      m_argv(argv),
      m_cmd(m_program)
{
}

int
ProgramInput::Run(const std::function<int(ProgramInput&)>& body)
{
    try
    {
        return body(*this);
    }
    catch (const std::invalid_argument& refused)
    {
        Fail(refused.what());
        return 1;
    }
}

bool
ProgramInput::Fail(const std::string& why) const
{
    std::cerr << m_program << ": " << why << std::endl;
    return false;
}

void
ProgramInput::Choice(const std::string& name,
                     const std::string& help,
                     std::string& value,
                     const std::vector<std::string>& choices)
{
    std::string names;
    for (const std::string& choice : choices)
    {
        names += (names.empty() ? "" : " | ") + (choice.empty() ? "\"\"" : choice);
    }
    m_cmd.AddValue(name, help + " (" + names + ")", value);
    m_checks[name] = [choices, names](const std::string& text) -> std::string {
        if (std::find(choices.begin(), choices.end(), text) != choices.end())
        {
            return "";
        }
        return "must be one of " + names + ", not '" + text + "'";
    };
}

std::string
ProgramInput::UnsignedProblem(const std::string& text, uint64_t max)
{
    // from_chars takes no sign and no space, and says when it overflows.
    uint64_t value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() || value > max)
    {
        return "must be a whole number from 0 to " + std::to_string(max) + ", not '" + text + "'";
    }
    return "";
}

std::string
ProgramInput::SignedProblem(const std::string& text, int64_t min, int64_t max)
{
    int64_t value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() || value < min ||
        value > max)
    {
        return "must be a whole number from " + std::to_string(min) + " to " + std::to_string(max) +
               ", not '" + text + "'";
    }
    return "";
}

std::string
ProgramInput::NumberProblem(const std::string& text)
{
    // CommandLine reads a number up to the first character that cannot
    // continue it and ignores the rest ("0.5x" is 0.5): the whole text must
    // be one finite number.
    double value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() ||
        !std::isfinite(value))
    {
        return "must be a finite number, not '" + text + "'";
    }
    return "";
}

std::string
ProgramInput::BoolProblem(const std::string& text)
{
    // CommandLine's own spellings; empty (a bare --flag) toggles.
    static const std::set<std::string> spellings{"", "true", "false", "t", "f", "1", "0"};
    std::string lower = text;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) {
        return char(std::tolower(c));
    });
    return spellings.count(lower) ? "" : "must be true or false, not '" + text + "'";
}

std::string
ProgramInput::TimeProblem(const std::string& text)
{
    // Time(std::string) reads the number before the first character that
    // cannot be part of one, then takes the rest as the unit; it aborts on
    // an unknown unit and reads a malformed number as 0.
    std::string why = "must be a time (a number with an optional unit: s, ms, us, ns, ps, fs, "
                      "min, h, d or y), not '" +
                      text + "'";
    std::string::size_type end = text.find_first_not_of("+-0123456789.eE");
    std::string number = text.substr(0, end);
    std::string unit = end == std::string::npos ? "" : text.substr(end);
    const std::map<std::string, double> seconds{{"", 1},
                                                {"s", 1},
                                                {"ms", 1e-3},
                                                {"us", 1e-6},
                                                {"ns", 1e-9},
                                                {"ps", 1e-12},
                                                {"fs", 1e-15},
                                                {"min", 60},
                                                {"h", 3600},
                                                {"d", 86400},
                                                {"y", 365 * 86400.0}};
    char* rest = nullptr;
    double value = number.empty() ? 0 : std::strtod(number.c_str(), &rest);
    auto scale = seconds.find(unit);
    if (number.empty() || *rest != '\0' || !std::isfinite(value) || scale == seconds.end())
    {
        return why;
    }
    // Time counts in an int64_t of its resolution (ns by default): beyond
    // that range the conversion wraps. Half of it, so that a program may add
    // two of them (a warm-up and a measurement).
    double limit = double(Time::Max().GetSeconds()) / 2;
    if (std::abs(value * scale->second) > limit)
    {
        return "must be a time within +-" + std::to_string(int64_t(limit)) + " s, not '" + text +
               "'";
    }
    return "";
}

namespace
{

/**
 * @param checker an attribute's or global value's checker
 * @param text the value given for it
 * @return what is wrong with text as its value ("": nothing)
 */
std::string
AttributeProblem(Ptr<const AttributeChecker> checker, const std::string& text)
{
    // The kinds whose own parsers wrap or abort instead of failing.
    std::string type = checker->GetValueTypeName();
    TypeId unused;
    if (type == "ns3::TypeIdValue" && !TypeId::LookupByNameFailSafe(text, &unused))
    {
        return "must name a registered type (--PrintTypeIds lists them), not '" + text + "'";
    }
    if (type == "ns3::UintegerValue")
    {
        if (std::string why = ProgramInput::UnsignedProblem(text, UINT64_MAX); !why.empty())
        {
            return why;
        }
    }
    else if (type == "ns3::TimeValue")
    {
        if (std::string why = ProgramInput::TimeProblem(text); !why.empty())
        {
            return why;
        }
    }
    else if (type.compare(0, 14, "ns3::EnumValue") == 0)
    {
        // The checker lists its names as "A|B|C".
        std::string names = checker->GetUnderlyingTypeInformation();
        if (("|" + names + "|").find("|" + text + "|") == std::string::npos)
        {
            return "must be one of " + names + ", not '" + text + "'";
        }
    }
    Ptr<AttributeValue> value = checker->Create();
    if (!value->DeserializeFromString(text, checker))
    {
        return "must be a valid " + type + ", not '" + text + "'";
    }
    if (!checker->Check(*value))
    {
        return "must be within " +
               (checker->HasUnderlyingTypeInformation() ? checker->GetUnderlyingTypeInformation()
                                                        : "its range") +
               ", not '" + text + "'";
    }
    return "";
}

} // namespace

std::string
ProgramInput::Problem(const std::string& name, const std::string& value) const
{
    if (auto check = m_checks.find(name); check != m_checks.end())
    {
        return check->second(value);
    }
    // Not an option of the program: CommandLine takes it as an attribute's
    // default (ns3::Type::Attribute), a global value (RngRun) or one of its
    // own (--PrintAttributes=ns3::TcpSocket). Anything else it would refuse
    // with its whole help text.
    static const std::set<std::string> own{"PrintHelp",
                                           "help",
                                           "PrintVersion",
                                           "version",
                                           "PrintGlobals",
                                           "PrintGroups",
                                           "PrintTypeIds",
                                           "PrintAttributes",
                                           "PrintGroup"};
    if (own.count(name))
    {
        return "";
    }
    Ptr<const AttributeChecker> checker;
    if (std::string::size_type colons = name.rfind("::"); colons != std::string::npos)
    {
        TypeId tid;
        TypeId::AttributeInformation info;
        if (TypeId::LookupByNameFailSafe(name.substr(0, colons), &tid) &&
            tid.LookupAttributeByName(name.substr(colons + 2), &info))
        {
            checker = info.checker;
        }
    }
    else
    {
        for (auto global = GlobalValue::Begin(); global != GlobalValue::End(); ++global)
        {
            if ((*global)->GetName() == name)
            {
                checker = (*global)->GetChecker();
            }
        }
    }
    if (checker && (name == "SimulatorImplementationType" || name == "SchedulerType"))
    {
        // String-valued globals that name a type: ns-3 aborts on an unknown one.
        TypeId tid;
        if (!TypeId::LookupByNameFailSafe(value, &tid))
        {
            return "must name a registered type (--PrintTypeIds lists them), not '" + value + "'";
        }
    }
    if (!checker)
    {
        return "is not an option of " + m_program +
               " nor a known attribute or global value "
               "(--PrintHelp lists the options)";
    }
    return AttributeProblem(checker, value);
}

bool
ProgramInput::Parse()
{
    for (int i = 1; i < m_argc; ++i)
    {
        // CommandLine takes options as "--name=value" only (a bare "--name"
        // for a flag), so anything else here is an argument it would ignore.
        std::string arg = m_argv[i];
        if (arg.empty() || arg[0] != '-')
        {
            return Fail("unexpected argument '" + arg + "' (options are --name=value)");
        }
        std::string::size_type start = arg.find_first_not_of('-');
        if (start == std::string::npos)
        {
            return Fail("unexpected argument '" + arg + "' (options are --name=value)");
        }
        // A bare "--name" gives the option an empty value (a flag's toggle).
        std::string::size_type equals = arg.find('=');
        std::string name = arg.substr(start, equals == std::string::npos ? equals : equals - start);
        std::string value = equals == std::string::npos ? "" : arg.substr(equals + 1);
        if (equals != std::string::npos && value.empty())
        {
            // CommandLine refuses "--name=" with its whole help text.
            return Fail("--" + name + "= needs a value (--" + name + "=VALUE)");
        }
        if (std::string why = Problem(name, value); !why.empty())
        {
            return Fail("--" + name + " " + why);
        }
    }
    m_cmd.Parse(m_argc, m_argv);
    for (int i = 1; i < m_argc; ++i)
    {
        // An attribute's default named here is the user's: a host profile
        // must not override it (UserDefaults::IsSet).
        std::string arg = m_argv[i];
        std::string name = arg.substr(arg.find_first_not_of('-'));
        name = name.substr(0, name.find('='));
        if (name.find("::") != std::string::npos)
        {
            UserDefaults::Note(name);
        }
    }
    return true;
}

namespace
{

/// Whether a file can be opened for writing at path (made and removed again
/// if it was not there: permission bits alone say nothing to root).
bool
CanWrite(const std::string& path)
{
    namespace fs = std::filesystem;
    std::error_code error;
    bool existed = fs::exists(path, error);
    bool ok = bool(std::ofstream(path, std::ios::app));
    if (ok && !existed)
    {
        fs::remove(path, error);
    }
    return ok;
}

} // namespace

bool
ProgramInput::Writable(const std::string& option, const std::string& path) const
{
    if (path.empty())
    {
        return true;
    }
    std::error_code error;
    if (std::filesystem::is_directory(path, error))
    {
        return Fail("--" + option + "=" + path + " is a directory, not a file");
    }
    return CanWrite(path) || Fail("cannot write --" + option + "=" + path);
}

bool
ProgramInput::WritablePrefix(const std::string& option, const std::string& prefix) const
{
    return prefix.empty() || CanWrite(prefix + "-write-test") ||
           Fail("cannot write files named --" + option + "=" + prefix + "...");
}

std::string
SimulatedTimeProblem(const std::string& what, double seconds)
{
    if (seconds > 0 && seconds <= MAX_SIMULATED_SECONDS)
    {
        return "";
    }
    std::ostringstream why;
    why << what << " must be above 0 and at most " << MAX_SIMULATED_SECONDS
        << " s (one simulated day; a longer study is several points), not " << seconds << " s";
    return why.str();
}

std::string
MemoryProblem(const std::string& what, double bytes)
{
    double physical = double(sysconf(_SC_PHYS_PAGES)) * double(sysconf(_SC_PAGE_SIZE));
    if (physical <= 0 || bytes <= physical)
    {
        return "";
    }
    std::ostringstream why;
    why << std::setprecision(3) << what << " need about " << bytes / 1e9
        << " GB, more than this machine's " << physical / 1e9 << " GB of memory";
    return why.str();
}

void
RequireValid(const std::string& where, const std::string& problem)
{
    if (!problem.empty())
    {
        throw std::invalid_argument(where + ": " + problem);
    }
}

} // namespace ns3
