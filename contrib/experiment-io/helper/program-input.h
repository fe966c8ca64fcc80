/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PROGRAM_INPUT_H
#define PROGRAM_INPUT_H

#include "ns3/command-line.h"
#include "ns3/nstime.h"

#include <functional>
#include <limits>
#include <map>
#include <string>
#include <type_traits>
#include <vector>

namespace ns3
{

/**
 * @ingroup experiment-io
 * @brief A scenario program's command line: each option bound once, to the
 * variable (usually a field of the experiment's configuration) it sets, and
 * every value checked before anything runs.
 *
 * ns-3's CommandLine takes some values silently or ends the program by
 * abort: a negative number given to an unsigned variable wraps (-1 becomes
 * 4294967295), an argument that is not an option is ignored, and an
 * attribute default given as `--ns3::Type::Attribute=value` aborts on a
 * malformed Time or an unknown enum name and wraps a negative Uinteger. Parse
 * refuses each of these with one line "program: why" on stderr and returns
 * false, so the program exits 1 at once instead of simulating for minutes
 * with a value nobody asked for.
 *
 * @code
 *   DtocExperimentConfig c;
 *   ProgramInput input("dtoc", argc, argv);
 *   input.Add("retries", "attempts after the first", c.retries);
 *   input.Choice("strategy", "the server's", c.strategy, {"regular", "dtoc"});
 *   if (!input.Parse() || !input.Writable("timeline", timeline))
 *   {
 *       return 1;
 *   }
 * @endcode
 */
class ProgramInput
{
  public:
    /**
     * @param program the program's name, first in every message and in the usage
     * @param argc as main received it
     * @param argv as main received it
     */
    ProgramInput(std::string program, int argc, char* argv[]);

    /**
     * @brief Run the program's body with this input, as its main() does:
     * `ProgramInput input("name", argc, argv); return input.Run(&Run);`,
     * the program named once.
     *
     * A setting that passes this class's checks can still be refused later,
     * where it meets what the program does with it: RequireValid, or a
     * helper that finds the user set an attribute it would set itself
     * (TcpHostHelper). Those throw std::invalid_argument; uncaught, the
     * program would abort (exit 134) where a refused input must exit 1 with
     * its message. Other exceptions are defects and still abort.
     * @param body the program itself, which binds and parses its options here
     * @return body's exit status, or 1 after printing "program: what" to stderr
     */
    int Run(const std::function<int(ProgramInput&)>& body);

    /**
     * @brief Bind an option to the variable it sets.
     *
     * Whole-number variables accept only a whole number that fits, floating
     * ones only one finite number (CommandLine would read "0.5x" as 0.5),
     * flags CommandLine's true/false spellings, Time variables a number with
     * an optional unit (ns-3's syntax: 70, 70s, 200ms); strings any text.
     * @param name the option, given as --name=value
     * @param help its line in --PrintHelp
     * @param value the variable; its value now is the default
     */
    template <typename T>
    void Add(const std::string& name, const std::string& help, T& value);

    /**
     * @brief Bind an option that takes one of a set of names.
     * @param name the option
     * @param help its line in --PrintHelp (the names are appended)
     * @param value the variable; its value now is the default
     * @param choices the names it accepts
     */
    void Choice(const std::string& name,
                const std::string& help,
                std::string& value,
                const std::vector<std::string>& choices);

    /**
     * @brief Check every argument, then let CommandLine set the variables.
     * @return false (after the message) on an argument that is not an option,
     *         a value its option or attribute does not accept
     */
    bool Parse();

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

    /**
     * @param text a whole number, as given
     * @param max the largest value the variable holds
     * @return what is wrong with text as a value from 0 to max ("": nothing)
     */
    static std::string UnsignedProblem(const std::string& text, uint64_t max);

    /**
     * @param text a whole number, as given
     * @param min the smallest value the variable holds
     * @param max the largest value the variable holds
     * @return what is wrong with text as a value from min to max ("": nothing)
     */
    static std::string SignedProblem(const std::string& text, int64_t min, int64_t max);

    /**
     * @param text a number, as given
     * @return what is wrong with it as one finite number, all of text ("": nothing)
     */
    static std::string NumberProblem(const std::string& text);

    /**
     * @param text a flag's value, as given ("" for a bare --flag)
     * @return what is wrong with it ("": nothing)
     */
    static std::string BoolProblem(const std::string& text);

    /**
     * @param text a time as ns-3's Time(std::string) reads it
     * @return what is wrong with it ("": nothing). Time's own parser ends the
     *         program on a malformed value instead of reporting it.
     */
    static std::string TimeProblem(const std::string& text);

  private:
    /// What is wrong with a value ("": nothing).
    using Check = std::function<std::string(const std::string&)>;

    /**
     * @param name an option's or attribute's name, as given after "--"
     * @param value its value
     * @return what is wrong ("": nothing, or not ours to check)
     */
    std::string Problem(const std::string& name, const std::string& value) const;

    std::string m_program;                 //!< Name in the messages
    int m_argc;                            //!< As main received it
    char** m_argv;                         //!< As main received it
    CommandLine m_cmd;                     //!< Sets the variables
    std::map<std::string, Check> m_checks; //!< Per option, beyond CommandLine's own
};

template <typename T>
void
ProgramInput::Add(const std::string& name, const std::string& help, T& value)
{
    m_cmd.AddValue(name, help, value);
    if constexpr (std::is_same_v<T, bool>)
    {
        m_checks[name] = &BoolProblem;
    }
    else if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T>)
    {
        m_checks[name] = [](const std::string& text) {
            return UnsignedProblem(text, std::numeric_limits<T>::max());
        };
    }
    else if constexpr (std::is_integral_v<T>)
    {
        m_checks[name] = [](const std::string& text) {
            return SignedProblem(text,
                                 std::numeric_limits<T>::min(),
                                 std::numeric_limits<T>::max());
        };
    }
    else if constexpr (std::is_floating_point_v<T>)
    {
        m_checks[name] = &NumberProblem;
    }
    else if constexpr (std::is_same_v<T, Time>)
    {
        m_checks[name] = &TimeProblem;
    }
    else
    {
        // A string, or a type whose operator>> reads any text.
        m_checks[name] = [](const std::string&) { return std::string(); };
    }
}

/**
 * @ingroup experiment-io
 * @brief Refuse an experiment's configuration that its Validate() found
 * wrong: throw std::invalid_argument with "where: problem". From Python
 * (cppyy) it arrives as an exception carrying that message, so a bad
 * configuration does not end the interpreter; the programs check Validate()
 * first and exit 1 with the message (ProgramInput).
 * @param where the function refusing it, for the message
 * @param problem what Validate() returned ("": valid, nothing happens)
 */
void RequireValid(const std::string& where, const std::string& problem);

/**
 * @ingroup experiment-io
 * @brief The longest simulated time an experiment's configuration accepts:
 * one day. A run's events grow with its simulated time (the paper's busy
 * DTOC day of 36 minutes already takes minutes of CPU); a longer study is
 * several points, each resumable in the result store.
 */
constexpr double MAX_SIMULATED_SECONDS = 86400;

/**
 * @ingroup experiment-io
 * @param what the setting's name, for the message
 * @param seconds the simulated time it asks for
 * @return "" if seconds is finite, positive and at most
 *         MAX_SIMULATED_SECONDS, else why not
 */
std::string SimulatedTimeProblem(const std::string& what, double seconds);

/**
 * @ingroup experiment-io
 * @param what what needs the memory, for the message
 * @param bytes the memory a run is estimated to need
 * @return "" if this machine's physical memory holds it, else why not (a
 *         run that would exhaust the machine is refused before it starts)
 */
std::string MemoryProblem(const std::string& what, double bytes);

} // namespace ns3

#endif // PROGRAM_INPUT_H
