/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "program-input.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

namespace ns3
{

ProgramInput::ProgramInput(std::string program, int argc, char* argv[])
    : m_program(std::move(program)),
      m_argc(argc),
      m_argv(argv)
{
}

bool
ProgramInput::Fail(const std::string& why) const
{
    std::cerr << m_program << ": " << why << std::endl;
    return false;
}

bool
ProgramInput::Parse(CommandLine& cmd, std::initializer_list<std::string> unsignedOptions)
{
    for (int i = 1; i < m_argc; ++i)
    {
        // CommandLine takes options as "--name=value" only (a bare "--name"
        // for a flag), so anything else here is an argument it would ignore.
        std::string arg = m_argv[i];
        for (const std::string& name : unsignedOptions)
        {
            std::string head = "--" + name + "=";
            if (arg.compare(0, head.size(), head) == 0 && arg.size() > head.size() &&
                arg[head.size()] == '-')
            {
                return Fail("--" + name + " must not be negative, not " + arg.substr(head.size()));
            }
        }
        if (arg.empty() || arg[0] != '-')
        {
            return Fail("unexpected argument '" + arg + "' (options are --name=value)");
        }
    }
    cmd.Parse(m_argc, m_argv);
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

void
RequireValid(const std::string& where, const std::string& problem)
{
    if (!problem.empty())
    {
        throw std::invalid_argument(where + ": " + problem);
    }
}

} // namespace ns3
