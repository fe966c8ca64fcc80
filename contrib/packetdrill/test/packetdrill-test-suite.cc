/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Suite packetdrill: the module's own scripts played against the suite's
// socket: every script of test/scripts must PASS, except the deliberately
// wrong ones (wrong-*.pkt), which must FAIL on their line. A script whose
// first line is "// --profile=NAME [--ns3::Type::Attribute=VALUE ...] --"
// runs with that host profile (Linux-6 otherwise) and those attribute
// defaults; test/test_packetdrill.py reads the same two conventions.
// Suite packetdrill-parser: malformed and unsupported lines.

#include "ns3/config.h"
#include "ns3/packetdrill-runner.h"
#include "ns3/packetdrill-script.h"
#include "ns3/string.h"
#include "ns3/test.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>
#include <vector>

using namespace ns3;

/**
 * @defgroup packetdrill-tests packetdrill tests
 * @ingroup packetdrill
 * The module's scripts against both sockets; the parser on malformed lines.
 */

namespace
{

/// @return the path of one of the module's scripts
std::string
ScriptPath(const std::string& name)
{
    return std::string(PACKETDRILL_SCRIPTS_DIR) + "/" + name;
}

/// What a script asks for on its first line, "// --profile=NAME
/// --ns3::Type::Attribute=VALUE ... -- text": the host profile ("": the
/// runner's default, Linux-6) and attribute defaults for the run
struct ScriptOptions
{
    std::string profile;                                    //!< --profile=NAME
    std::vector<std::pair<std::string, std::string>> attrs; //!< --ns3::...=VALUE
};

/// @return the options on a script's first line
ScriptOptions
ReadScriptOptions(const std::string& name)
{
    std::ifstream in(ScriptPath(name));
    std::string first;
    std::getline(in, first);
    ScriptOptions options;
    std::istringstream words(first);
    std::string word;
    words >> word;
    if (word != "//")
    {
        return options;
    }
    while (words >> word && word != "--" && word.rfind("--", 0) == 0)
    {
        size_t eq = word.find('=');
        std::string key = word.substr(2, eq - 2);
        std::string value = eq == std::string::npos ? "" : word.substr(eq + 1);
        if (key == "profile")
        {
            options.profile = value;
        }
        else
        {
            options.attrs.emplace_back(key, value);
        }
    }
    return options;
}

/// @return the names of test/scripts/*.pkt, sorted
std::vector<std::string>
ScriptNames()
{
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(PACKETDRILL_SCRIPTS_DIR))
    {
        if (entry.path().extension() == ".pkt")
        {
            names.push_back(entry.path().filename().string());
        }
    }
    std::sort(names.begin(), names.end());
    return names;
}

} // namespace

/**
 * @ingroup packetdrill-tests
 * @brief One script of the corpus against a socket: its verdict and line.
 */
class PacketdrillScriptTestCase : public TestCase
{
  public:
    /**
     * @param script the file in test/scripts
     * @param socket suite or stock
     * @param kind the verdict it must get
     * @param line for FAIL: the line it must fail on
     */
    PacketdrillScriptTestCase(const std::string& script,
                              const std::string& socket,
                              PacketdrillVerdict::Kind kind,
                              uint32_t line = 0)
        : TestCase(script + " against " + socket),
          m_script(script),
          m_socket(socket),
          m_kind(kind),
          m_line(line)
    {
    }

  private:
    void DoRun() override
    {
        PacketdrillConfig config;
        config.socket = m_socket;
        ScriptOptions options = ReadScriptOptions(m_script);
        if (!options.profile.empty())
        {
            config.profile = options.profile;
        }
        for (const auto& [attribute, value] : options.attrs)
        {
            Config::SetDefault(attribute, StringValue(value));
        }
        PacketdrillVerdict v = PacketdrillRunner::RunFile(ScriptPath(m_script), config);
        Config::Reset(); // the script's attributes end with it
        NS_TEST_EXPECT_MSG_EQ(v.kind, m_kind, v.Format(m_script));
        if (m_kind == PacketdrillVerdict::FAIL)
        {
            NS_TEST_EXPECT_MSG_EQ(v.line, m_line, v.Format(m_script));
        }
    }

    std::string m_script;            //!< The file
    std::string m_socket;            //!< suite or stock
    PacketdrillVerdict::Kind m_kind; //!< Its verdict
    uint32_t m_line;                 //!< Its FAIL line
};

/**
 * @ingroup packetdrill-tests
 * @brief The corpus of test/scripts.
 */
class PacketdrillTestSuite : public TestSuite
{
  public:
    PacketdrillTestSuite()
        : TestSuite("packetdrill", Type::UNIT)
    {
        // Deliberately wrong scripts: an outbound field, a time, a call's
        // result; a wrong-*.pkt missing here must FAIL on line 0, which no
        // script does, so that a new one is added here with its line
        const std::vector<std::pair<std::string, uint32_t>> wrong{{"wrong-ack.pkt", 13},
                                                                  {"wrong-time.pkt", 13},
                                                                  {"wrong-call.pkt", 11}};
        for (const std::string& s : ScriptNames())
        {
            if (s.rfind("wrong-", 0) != 0)
            {
                AddTestCase(new PacketdrillScriptTestCase(s, "suite", PacketdrillVerdict::PASS),
                            Duration::QUICK);
                continue;
            }
            uint32_t line = 0;
            for (const auto& [name, l] : wrong)
            {
                line = name == s ? l : line;
            }
            AddTestCase(new PacketdrillScriptTestCase(s, "suite", PacketdrillVerdict::FAIL, line),
                        Duration::QUICK);
        }
        // Stock ns-3: TS, wscale and sackOK on its SYN and SYN-ACK, 536-byte
        // segments, no ACK from TIME_WAIT or CLOSE_WAIT to a resent FIN, its
        // own delayed ACK (two segments or 200 ms), no RST for data after
        // close(), no new connection or ACK from TIME_WAIT for a SYN, its
        // TIME_WAIT kept by an RST, no FIN resent in LAST_ACK to the peer's
        // (the suite's BSD answer), one ACK for a FIN with data (the suite
        // sends two), no profile (its window 65535), and no MSS option on
        // a SYN (Linux-6's scripts), nothing from TIME_WAIT for a resent FIN
        // after an RST ignored by RFC 1337, no TIME_WAIT bucket limit, no swap
        // close (its attribute is the suite socket's), no TCP_DEFER_ACCEPT
        // (ENOPROTOOPT), no SYN cookies (its SYN-ACK resent), no accept queue
        // (a third connection taken past listen()'s backlog), and an RST in
        // the window answered with an RST where RFC 5961 wants a challenge ACK
        for (const auto& [s, line] : std::vector<std::pair<std::string, uint32_t>>{
                 {"passive-open.pkt", 10},        {"active-open.pkt", 6},
                 {"data-both-ways.pkt", 20},      {"close-local-first.pkt", 0},
                 {"close-peer-first.pkt", 0},     {"rst-closed-port.pkt", 0},
                 {"retransmit-rto.pkt", 0},       {"blocking-calls.pkt", 0},
                 {"simultaneous-close.pkt", 0},   {"rst-established.pkt", 0},
                 {"time-wait-refin.pkt", 16},     {"connect-refused.pkt", 5},
                 {"fin-wait-1-finack.pkt", 0},    {"closing-refin.pkt", 0},
                 {"last-ack-rto.pkt", 0},         {"close-wait-refin.pkt", 15},
                 {"close-then-data-rst.pkt", 15}, {"shutdown-write.pkt", 15},
                 {"linux-quickack.pkt", 15},      {"time-wait-syn.pkt", 17},
                 {"time-wait-old-syn.pkt", 16},   {"time-wait-rst.pkt", 17},
                 {"bsd-delayed-ack.pkt", 10},     {"solaris-delayed-ack.pkt", 10},
                 {"last-ack-refin.pkt", 19},      {"fin-with-data.pkt", 14},
                 {"linux-syn-options.pkt", 8},    {"sysctl-defaults.pkt", 9},
                 {"sysctl-timestamps.pkt", 9},    {"time-wait-rst-rfc1337.pkt", 19},
                 {"time-wait-no-bucket.pkt", 19}, {"swap-close.pkt", 17},
                 {"defer-accept.pkt", 10},        {"syncookies-always.pkt", 12},
                 {"defer-accept-quiet.pkt", 9},   {"accept-queue-full.pkt", 20},
                 {"accept-queue-abort.pkt", 18},  {"shutdown-read.pkt", 0},
                 {"rst-in-window.pkt", 13}})
        {
            AddTestCase(new PacketdrillScriptTestCase(s,
                                                      "stock",
                                                      line ? PacketdrillVerdict::FAIL
                                                           : PacketdrillVerdict::PASS,
                                                      line),
                        Duration::QUICK);
        }
    }
};

/// The suite's instance
static PacketdrillTestSuite g_packetdrillTestSuite;

/**
 * @ingroup packetdrill-tests
 * @brief Malformed lines: an error on their line; unsupported constructs: named.
 */
class PacketdrillParserTestCase : public TestCase
{
  public:
    PacketdrillParserTestCase()
        : TestCase("malformed and unsupported lines")
    {
    }

  private:
    /**
     * @param text a script
     * @return it parsed
     */
    static PacketdrillScript Parse(const std::string& text)
    {
        std::istringstream in(text);
        return PacketdrillParser::Parse("t.pkt", in);
    }

    void DoRun() override
    {
        const std::string head = "0 socket(..., SOCK_STREAM, IPPROTO_TCP) = 3\n";
        // Each malformed line, on line 2, with words of its message
        const std::vector<std::pair<std::string, std::string>> malformed{
            {"+0 < S 0:0( win 100", "is not closed (a bracket"},
            {"+0 < Q 0:0(0) win 100", "unknown TCP flag 'Q'"},
            {"+0 < S 0:5(0) win 100", "not the length"},
            {"+0 < S 0:0(0) win 70000", "16-bit"},
            {"+0 < . 1:1(0) ack", "without its number"},
            {"+0 < S 0:0(0) ack 1", "without the ACK flag"},
            {"+0 > S 0:0(0) <mss 1460", "without its '>'"},
            {"+0 > S 0:0(0) <mss x>", "mss 'x'"},
            {"+0 > S 0:0(0) <frob 3>", "unknown TCP option 'frob 3'"},
            {"+0 > S 0:0(0) <wscale 15>", "out of range"},
            {"x0.1 close(3) = 0", "not a time"},
            {"+0.1", "a time without an event"},
            {"+0 listen(3, 1)", "without '= result'"},
            {"+0 listen(3) = 0", "takes 2 arguments"},
            {"+0 listen(3, many) = 0", "backlog 'many'"},
            {"+0 close(3 = 0", "is not closed (a bracket"},
            {"+0 close(3) = zero", "return value 'zero'"},
            {"+0 close(3) = 0 EAGAIN", "other than -1"},
            {"+0 shutdown(3, SHUT_UP) = 0", "SHUT_RD"},
            {"+0 `echo hi", "is not closed (a bracket or '`')"},
            {"+0 < - 0:0(0) win 100 ack", "without its number"},
            {"+0 < S 0:0(0) win 1:2", "win '1:2'"},
            {"0.3~0.1 close(3) = 0", "ends before it starts"},
            {"* < S 0:0(0) win 100", "needs a time"},
            {"+0 hello world", "not a call, a segment or a command"},
            {"+0 < 0>8080 S 0:0(0) win 100", "ports '0>8080' out of range"},
            {"+0 < 40001>70000 S 0:0(0) win 100", "out of range (1 to 65535)"},
            {"+0 < x>8080 S 0:0(0) win 100", "source port 'x'"},
        };
        for (const auto& [line, words] : malformed)
        {
            PacketdrillScript s = Parse(head + line + "\n+0 close(3) = 0\n");
            NS_TEST_EXPECT_MSG_EQ(s.errorLine, 2, "line 2 of: " << line);
            NS_TEST_EXPECT_MSG_NE(s.error.find(words),
                                  std::string::npos,
                                  "'" << line << "' gave '" << s.error << "'");
            NS_TEST_EXPECT_MSG_EQ(s.Runnable(), false, line);
            PacketdrillVerdict v = PacketdrillRunner::Run(s, PacketdrillConfig());
            NS_TEST_EXPECT_MSG_EQ(v.kind, PacketdrillVerdict::FAIL, line);
            NS_TEST_EXPECT_MSG_EQ(v.Format("t.pkt").rfind("FAIL t.pkt:2: malformed line: ", 0),
                                  0,
                                  v.Format("t.pkt"));
        }
        // Each unsupported construct, named
        const std::vector<std::pair<std::string, std::string>> unsupported{
            {"+0 `sysctl -q net.ipv4.tcp_sack=0`", "sysctl"},
            {"+0 setsockopt(3, SOL_SOCKET, SO_LINGER, {onoff=1, linger=0}, 8) = 0",
             "setsockopt SO_LINGER"},
            {"+0 getsockopt(3, SOL_SOCKET, SO_ERROR, [0], [4]) = 0", "getsockopt SO_ERROR"},
            {"+0 ioctl(3, SIOCINQ, [0]) = 0", "system call ioctl()"},
            {"+0 fcntl(3, F_GETFL) = 0x2 (flags O_RDWR)", "fcntl F_GETFL"},
            {"+0 socket(..., SOCK_DGRAM, IPPROTO_UDP) = 4", "socket type SOCK_DGRAM"},
            {"+0 > . 1:1(0) ack 1 <nop,nop,sack 1:2>", "TCP option 'sack 1:2'"},
            {"+0 < udp (1000)", "non-TCP packet 'udp'"},
            {"+0 < [ect0] S 0:0(0) win 100", "IP or ECN field"},
            {"--ip_version=ipv6", "option --ip_version"},
        };
        for (const auto& [line, words] : unsupported)
        {
            PacketdrillScript s = Parse(head + line + "\n");
            NS_TEST_EXPECT_MSG_EQ(s.error, "", line);
            NS_TEST_EXPECT_MSG_EQ(s.unsupportedLine, 2, line);
            NS_TEST_EXPECT_MSG_NE(s.unsupported.find(words),
                                  std::string::npos,
                                  "'" << line << "' gave '" << s.unsupported << "'");
            PacketdrillVerdict v = PacketdrillRunner::Run(s, PacketdrillConfig());
            NS_TEST_EXPECT_MSG_EQ(v.kind, PacketdrillVerdict::UNSUPPORTED, line);
        }
        // Sysctls before the first event: mapped to attributes, or named
        const std::string socket = "+0 socket(..., SOCK_STREAM, IPPROTO_TCP) = 3\n";
        PacketdrillScript sysctls =
            Parse("0 `sysctl -q net.ipv4.tcp_rmem=\"4096 540000 $((15*1024*1024))\" "
                  "net.ipv4.tcp_sack=0`\n"
                  "+0 `../common/set_sysctls.py /proc/sys/net/ipv4/tcp_timestamps=0`\n" +
                  socket);
        NS_TEST_EXPECT_MSG_EQ(sysctls.Runnable(), true, sysctls.unsupported);
        const std::vector<std::pair<std::string, std::string>> mapped{
            {"ns3::TcpSocket::RcvBufSize", "540000"},
            {"ns3::TcpHostSocket::MaxRcvBufSize", "15728640"},
            {"ns3::TcpSocketBase::Sack", "false"},
            {"ns3::TcpSocketBase::Timestamp", "false"}};
        NS_TEST_EXPECT_MSG_EQ((sysctls.settings == mapped), true, "tcp_rmem, tcp_sack, timestamps");
        for (const auto& [line, words] : std::vector<std::pair<std::string, std::string>>{
                 {"0 `sysctl -q net.ipv4.tcp_frto=2`\n", "tcp_frto=2 (value 2 not modelled)"},
                 {"0 `sysctl -q net.ipv4.tcp_thin_linear_timeouts=1`\n", "(not modelled)"},
                 {"0 `sysctl -q net.ipv4.tcp_syn_retries=x`\n", "is not a count"},
                 {socket + "+0 `sysctl -q net.ipv4.tcp_sack=0`\n", "after the first event"}})
        {
            PacketdrillScript u = Parse(line + socket);
            NS_TEST_EXPECT_MSG_NE(u.unsupported.find(words),
                                  std::string::npos,
                                  "'" << line << "' gave '" << u.unsupported << "'");
        }

        // What it reads: times, segments, options, calls, skipped blocks
        PacketdrillScript s = Parse("/* a comment\n over lines */\n"
                                    "0.100 socket(..., SOCK_STREAM, IPPROTO_TCP) = 3 // fd\n"
                                    "+.2~+0.3 < S. 5:5(0) ack 1 win 32792 <mss 1000,sackOK,"
                                    "TS val 7 ecr *,nop,wscale 7,eol>\n"
                                    "* > P. 1:11(10) ack 2\n"
                                    "+0...0.5 read(3, ..., 10) = -1 EAGAIN (Resource)\n"
                                    "+0 %{ assert tcpi_rto == 1 }%\n"
                                    "+0 `echo skipped`\n"
                                    "--tolerance_usecs=10000\n");
        NS_TEST_ASSERT_MSG_EQ(s.Runnable(), true, s.error << s.unsupported);
        NS_TEST_ASSERT_MSG_EQ(s.events.size(), 4, "four events");
        NS_TEST_EXPECT_MSG_EQ(s.events[0].line, 3, "line numbers count comment lines");
        NS_TEST_EXPECT_MSG_EQ(s.events[0].time.kind, PacketdrillTime::ABSOLUTE, "absolute");
        NS_TEST_EXPECT_MSG_EQ(s.events[0].time.start, 0.1, "0.100");
        NS_TEST_EXPECT_MSG_EQ(s.events[0].call.result, 3, "= 3");
        const PacketdrillEvent& syn = s.events[1];
        NS_TEST_EXPECT_MSG_EQ(syn.kind, PacketdrillEvent::INBOUND, "<");
        NS_TEST_EXPECT_MSG_EQ(syn.time.kind, PacketdrillTime::RELATIVE, "+.2");
        NS_TEST_EXPECT_MSG_EQ(syn.time.hasEnd && !syn.time.blocking, true, "~ range");
        NS_TEST_EXPECT_MSG_EQ(syn.time.end, 0.3, "~+0.3");
        NS_TEST_EXPECT_MSG_EQ(PacketdrillParser::FlagsToString(syn.segment.flags), "S.", "S.");
        NS_TEST_EXPECT_MSG_EQ(syn.segment.seq, 5, "5:5");
        NS_TEST_EXPECT_MSG_EQ(syn.segment.ack, 1, "ack 1");
        NS_TEST_EXPECT_MSG_EQ(syn.segment.window, 32792, "win");
        NS_TEST_ASSERT_MSG_EQ(syn.segment.options.size(), 6, "six options");
        NS_TEST_EXPECT_MSG_EQ(syn.segment.options[0].value, 1000, "mss");
        NS_TEST_EXPECT_MSG_EQ(syn.segment.options[2].tsVal, 7, "TS val");
        NS_TEST_EXPECT_MSG_EQ(syn.segment.options[2].anyEcr, true, "ecr *");
        NS_TEST_EXPECT_MSG_EQ(syn.segment.options[4].value, 7, "wscale");
        NS_TEST_EXPECT_MSG_EQ(syn.segment.options[5].kind, PacketdrillOption::EOL, "eol");
        NS_TEST_EXPECT_MSG_EQ(s.events[2].time.kind, PacketdrillTime::ANY, "*");
        NS_TEST_EXPECT_MSG_EQ(s.events[2].segment.length, 10, "(10)");
        NS_TEST_EXPECT_MSG_EQ(s.events[3].time.blocking, true, "...");
        NS_TEST_EXPECT_MSG_EQ(s.events[3].call.errnoName, "EAGAIN", "errno");
        NS_TEST_EXPECT_MSG_EQ(s.skipped.size(), 2, "a Python block and a shell command");
        NS_TEST_EXPECT_MSG_EQ(s.tolerance, 0.01, "--tolerance_usecs");
        // A statement over lines: one event, on its first line; '-': no flags
        PacketdrillScript over = Parse("0 `echo one\necho two`\n"
                                       "+0 setsockopt(3, SOL_SOCKET, SO_RCVBUF,\n"
                                       "     [1000], 4) = 0\n"
                                       "+0 < - 0:0(0) win 10\n");
        NS_TEST_ASSERT_MSG_EQ(over.Runnable(), true, over.error << over.unsupported);
        NS_TEST_ASSERT_MSG_EQ(over.events.size(), 2, "two events");
        NS_TEST_EXPECT_MSG_EQ(over.events[0].line, 3, "the call's first line");
        NS_TEST_EXPECT_MSG_EQ(over.events[0].call.args[3], "[1000]", "its fourth argument");
        NS_TEST_EXPECT_MSG_EQ(over.events[1].segment.flags, 0, "'-'");
        NS_TEST_EXPECT_MSG_EQ(over.skipped.size(), 1, "the shell command over two lines");
        // A file that is not there
        PacketdrillVerdict v =
            PacketdrillRunner::RunFile("/nonexistent/x.pkt", PacketdrillConfig());
        NS_TEST_EXPECT_MSG_EQ(v.Format("x.pkt"), "FAIL x.pkt: cannot open the file", "no file");
    }
};

/**
 * @ingroup packetdrill-tests
 * @brief The parser's suite.
 */
class PacketdrillParserTestSuite : public TestSuite
{
  public:
    PacketdrillParserTestSuite()
        : TestSuite("packetdrill-parser", Type::UNIT)
    {
        AddTestCase(new PacketdrillParserTestCase, Duration::QUICK);
    }
};

/// The suite's instance
static PacketdrillParserTestSuite g_packetdrillParserTestSuite;
