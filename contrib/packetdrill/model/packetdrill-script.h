/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PACKETDRILL_SCRIPT_H
#define PACKETDRILL_SCRIPT_H

// A packetdrill script as the runner plays it: its events (socket calls,
// inbound and outbound TCP segments) with their times, and the parser that
// reads packetdrill's line syntax.

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

namespace ns3
{

/**
 * @defgroup packetdrill packetdrill
 * packetdrill scripts (socket calls and the segments expected on the wire,
 * with their times) played against an ns-3 TCP socket: the suite's
 * TcpHostSocket under a host profile, or ns-3's TcpSocketBase.
 */

/**
 * @ingroup packetdrill
 * @brief When an event happens: absolute, relative to the previous event, or any time.
 */
struct PacketdrillTime
{
    /// How the start is given
    enum Kind
    {
        ABSOLUTE, //!< `0.200`: seconds since the script started
        RELATIVE, //!< `+0.1`: seconds after the previous event
        ANY,      //!< `*`: any time
    };

    Kind kind{ABSOLUTE};     //!< How start is given
    double start{0};         //!< Seconds (absolute or relative)
    bool hasEnd{false};      //!< A range `a~b` or a blocking call's `a...b`
    bool blocking{false};    //!< `a...b`: the call returns at b
    bool endRelative{false}; //!< b given as `+b`: after the start
    double end{0};           //!< Seconds
};

/**
 * @ingroup packetdrill
 * @brief One TCP option of a segment line.
 */
struct PacketdrillOption
{
    /// Its kind
    enum Kind
    {
        MSS,     //!< `mss N`
        SACK_OK, //!< `sackOK`
        TS,      //!< `TS val X ecr Y`
        NOP,     //!< `nop`
        EOL,     //!< `eol`
        WSCALE,  //!< `wscale N`
    };

    Kind kind{NOP};     //!< Its kind
    uint32_t value{0};  //!< MSS or window scale
    uint32_t tsVal{0};  //!< TS val
    uint32_t tsEcr{0};  //!< TS ecr
    bool anyVal{false}; //!< `val *`
    bool anyEcr{false}; //!< `ecr *`
};

/**
 * @ingroup packetdrill
 * @brief A segment line: `< S 0:0(0) win 32792 <mss 1000,...>` or `> S. 0:0(0) ack 1 <...>`.
 */
struct PacketdrillSegment
{
    uint8_t flags{0};      //!< TcpHeader flags
    uint32_t seq{0};       //!< Relative sequence number of the first byte
    uint32_t length{0};    //!< Payload bytes
    bool hasAck{false};    //!< `ack N` given
    uint32_t ack{0};       //!< Relative acknowledgement number
    bool hasWindow{false}; //!< `win N` given
    uint32_t window{0};    //!< The window field, as sent (unscaled)
    /// `40001>8080` before the flags: the segment's source and destination
    /// ports, as written (inbound: the peer's port first); a script with
    /// several connections tells them apart so. Without: the one connection
    bool hasPorts{false};
    uint16_t sourcePort{0};      //!< With hasPorts: the source port
    uint16_t destinationPort{0}; //!< With hasPorts: the destination port
    bool hasOptions{false};      //!< `<mss 1460,...>`: options listed (none listed: none sent)
    bool anyOptions{false};      //!< `<...>`: any options
    std::vector<PacketdrillOption> options; //!< In script order
};

/**
 * @ingroup packetdrill
 * @brief A socket call line: `name(args) = result [ERRNO (text)]`.
 */
struct PacketdrillCall
{
    std::string name;              //!< socket, bind, listen, ...
    std::vector<std::string> args; //!< As written, trimmed
    bool anyResult{false};         //!< `= ...` (not checked)
    int64_t result{0};             //!< Expected return value
    std::string errnoName;         //!< Expected errno when result is -1 ("": not given)
};

/**
 * @ingroup packetdrill
 * @brief One line of a script the runner plays.
 */
struct PacketdrillEvent
{
    /// What the line is
    enum Kind
    {
        INBOUND,  //!< `<`: the peer sends it
        OUTBOUND, //!< `>`: the node under test must send it
        CALL,     //!< A socket call on the node under test
    };

    Kind kind{CALL};            //!< What the line is
    uint32_t line{0};           //!< 1-based line in the file
    std::string text;           //!< The line after its time, for messages
    PacketdrillTime time;       //!< When
    PacketdrillSegment segment; //!< INBOUND, OUTBOUND
    PacketdrillCall call;       //!< CALL
};

/**
 * @ingroup packetdrill
 * @brief A parsed script: its events, or why it cannot run.
 */
struct PacketdrillScript
{
    std::string file;                     //!< Its name, in messages
    std::vector<PacketdrillEvent> events; //!< In order
    uint32_t errorLine{0};                //!< A malformed line (0: none)
    std::string error;                    //!< What is wrong with it
    uint32_t unsupportedLine{0};          //!< The first unsupported construct's line (0: none)
    std::string unsupported;              //!< That construct
    std::vector<std::string> skipped;     //!< "line N: shell command", ... (not run)
    /// Attribute defaults (ns3::Type::Name, value) its sysctls map to, in
    /// order: its defaults file's first (PacketdrillSysctl)
    std::vector<std::pair<std::string, std::string>> settings;
    /// Shell commands that run a `.sh` file, maybe a defaults file: (line, file)
    std::vector<std::pair<uint32_t, std::string>> defaultsFiles;
    double tolerance{-1}; //!< `--tolerance_usecs` in the script, s (<0: none)

    /// @return true if the script can run (no error, nothing unsupported)
    bool Runnable() const;
};

/**
 * @ingroup packetdrill
 * @brief Reads packetdrill's line syntax (the part the TCP corpora use most).
 *
 * Comments (`//`, `/ * ... * /`) and blank lines are dropped; shell
 * commands in backquotes and Python blocks `%{ ... }%` are recorded as
 * skipped, except a shell command that sets sysctls (`sysctl`,
 * `set_sysctls.py`): before the first event, each setting the model has
 * becomes an attribute setting of the run (PacketdrillSysctl); one it
 * lacks, or any after the first event, makes the script UNSUPPORTED.
 * ParseFile also reads a defaults file a shell command runs (a `.sh` path
 * from the script's directory): its sysctls are applied first, and those
 * the model lacks are listed as skipped (they set up every script).
 * Anything the runner cannot play is recorded as the script's first
 * unsupported construct, named; a line that is not packetdrill syntax at
 * all is an error with its line number.
 */
class PacketdrillParser
{
  public:
    /**
     * @param file the script's name, for messages
     * @param in its text
     * @return the script
     */
    static PacketdrillScript Parse(const std::string& file, std::istream& in);

    /**
     * @param path a script file
     * @return the script (an error on line 0 if it cannot be read)
     */
    static PacketdrillScript ParseFile(const std::string& path);

  private:
    /**
     * @brief Apply the sysctls of the defaults files the script runs.
     * @param path the script's file
     * @param script the script, parsed
     */
    static void ReadDefaultsFiles(const std::string& path, PacketdrillScript& script);

  public:
    /**
     * @param text a time as written (`+0.1`, `0.200`, `*`, `0~0.1`, `0...0.1`)
     * @param time set from it
     * @return what is wrong with it ("": nothing)
     */
    static std::string ParseTime(const std::string& text, PacketdrillTime& time);

    /**
     * @param text a segment line after its direction (`S. 0:0(0) ack 1 <mss 1460>`)
     * @param segment set from it
     * @param unsupported set to the construct the runner lacks, if any
     * @return what is wrong with it ("": nothing)
     */
    static std::string ParseSegment(const std::string& text,
                                    PacketdrillSegment& segment,
                                    std::string& unsupported);

    /**
     * @param text a call line (`listen(3, 1) = 0`)
     * @param call set from it
     * @param unsupported set to the construct the runner lacks, if any
     * @return what is wrong with it ("": nothing)
     */
    static std::string ParseCall(const std::string& text,
                                 PacketdrillCall& call,
                                 std::string& unsupported);

    /**
     * @param flags TcpHeader flags
     * @return them as packetdrill writes them (`S.`, `P.`, `R`)
     */
    static std::string FlagsToString(uint8_t flags);
};

} // namespace ns3

#endif // PACKETDRILL_SCRIPT_H
