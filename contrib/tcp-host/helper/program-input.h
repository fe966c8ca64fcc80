/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PROGRAM_INPUT_H
#define PROGRAM_INPUT_H

#include "ns3/command-line.h"

#include <initializer_list>
#include <string>

namespace ns3
{

/**
 * @ingroup tcp-host
 * @brief What a scenario program checks on its command line before it runs
 * anything: no argument it would ignore, no negative number wrapped into an
 * unsigned option, and every output path writable. Each check prints one line
 * "program: why" to stderr and returns false, so a program exits 1 at once
 * instead of simulating for minutes and then failing (or aborting) on a path.
 *
 * @code
 *   ProgramInput input("dtoc", argc, argv);
 *   if (!input.Parse(cmd, {"retries", "queueLimit"}) || !input.Writable("timeline", timeline))
 *   {
 *       return 1;
 *   }
 * @endcode
 */
class ProgramInput
{
  public:
    /**
     * @param program the program's name, first in every message
     * @param argc as main received it
     * @param argv as main received it
     */
    ProgramInput(std::string program, int argc, char* argv[]);

    /**
     * @brief Parse the command line, refusing what ns-3's CommandLine takes silently.
     * @param cmd the program's options
     * @param unsignedOptions options held in unsigned variables: CommandLine
     *        would wrap a negative value given to them (-1 into 4294967295)
     * @return false (after the message) on a negative value for one of them
     *         or on an argument that is not an option (CommandLine ignores those)
     */
    bool Parse(CommandLine& cmd, std::initializer_list<std::string> unsignedOptions = {});

    /**
     * @param option the option's name, for the message
     * @param path a file the program will write ("": not asked for)
     * @return false (after the message) if path cannot be written
     */
    bool Writable(const std::string& option, const std::string& path) const;

    /**
     * @param option the option's name, for the message
     * @param prefix the start of the names of files the program will write
     *        (a pcap prefix, say; "": not asked for)
     * @return false (after the message) if files there cannot be written
     */
    bool WritablePrefix(const std::string& option, const std::string& prefix) const;

    /**
     * @param why what is wrong
     * @return false, after printing "program: why" to stderr
     */
    bool Fail(const std::string& why) const;

  private:
    std::string m_program; //!< Name in the messages
    int m_argc;            //!< As main received it
    char** m_argv;         //!< As main received it
};

/**
 * @ingroup tcp-host
 * @brief Refuse an experiment's configuration that its Validate() found
 * wrong: throw std::invalid_argument with "where: problem". From Python
 * (cppyy) it arrives as an exception carrying that message, so a bad
 * configuration does not end the interpreter; the programs check Validate()
 * first and exit 1 with the message (ProgramInput).
 * @param where the function refusing it, for the message
 * @param problem what Validate() returned ("": valid, nothing happens)
 */
void RequireValid(const std::string& where, const std::string& problem);

} // namespace ns3

#endif // PROGRAM_INPUT_H
