/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "packetdrill-script.h"

#include "packetdrill-sysctl.h"

#include "ns3/log.h"
#include "ns3/tcp-header.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PacketdrillScript");

namespace
{

/// @return text without leading and trailing white space
std::string
Trim(const std::string& text)
{
    size_t b = text.find_first_not_of(" \t\r\n");
    if (b == std::string::npos)
    {
        return "";
    }
    size_t e = text.find_last_not_of(" \t\r\n");
    return text.substr(b, e - b + 1);
}

/// @return what is wrong with text as a non-negative finite number of seconds
std::string
ParseSeconds(const std::string& text, double& value)
{
    if (text.empty() || !(std::isdigit(text[0]) || text[0] == '.'))
    {
        return "'" + text + "' is not a time in seconds";
    }
    char* end = nullptr;
    errno = 0;
    value = std::strtod(text.c_str(), &end);
    if (*end != '\0' || errno != 0 || !std::isfinite(value))
    {
        return "'" + text + "' is not a time in seconds";
    }
    return "";
}

/// @return what is wrong with text as a 32-bit unsigned number
std::string
ParseU32(const std::string& text, uint32_t& value, const std::string& what)
{
    if (text.empty() || !std::isdigit(static_cast<unsigned char>(text[0])))
    {
        return what + " '" + text + "' is not a number";
    }
    char* end = nullptr;
    errno = 0;
    unsigned long long v = std::strtoull(text.c_str(), &end, 0);
    if (*end != '\0' || errno != 0 || v > 0xffffffffULL)
    {
        return what + " '" + text + "' is not a 32-bit number";
    }
    value = static_cast<uint32_t>(v);
    return "";
}

/// @return what is wrong with text as a signed 64-bit number
std::string
ParseI64(const std::string& text, int64_t& value)
{
    if (text.empty())
    {
        return "missing return value";
    }
    char* end = nullptr;
    errno = 0;
    long long v = std::strtoll(text.c_str(), &end, 0);
    if (*end != '\0' || errno != 0)
    {
        return "return value '" + text + "' is not a number";
    }
    value = v;
    return "";
}

/// Split on commas outside brackets and braces
std::vector<std::string>
SplitArgs(const std::string& text)
{
    std::vector<std::string> out;
    int depth = 0;
    std::string cur;
    for (char c : text)
    {
        if (c == '[' || c == '{' || c == '(')
        {
            ++depth;
        }
        else if (c == ']' || c == '}' || c == ')')
        {
            --depth;
        }
        if (c == ',' && depth == 0)
        {
            out.push_back(Trim(cur));
            cur.clear();
            continue;
        }
        cur += c;
    }
    if (!Trim(cur).empty() || !out.empty())
    {
        out.push_back(Trim(cur));
    }
    return out;
}

/// Split on white space
std::vector<std::string>
Words(const std::string& text)
{
    std::istringstream in(text);
    std::vector<std::string> out;
    std::string w;
    while (in >> w)
    {
        out.push_back(w);
    }
    return out;
}

/// @return true if text leaves a bracket or a backquote open
bool
Unclosed(const std::string& text)
{
    int depth = 0;
    bool quoted = false;
    for (char c : text)
    {
        if (c == '`')
        {
            quoted = !quoted;
        }
        else if (!quoted && (c == '(' || c == '[' || c == '{'))
        {
            ++depth;
        }
        else if (!quoted && (c == ')' || c == ']' || c == '}'))
        {
            --depth;
        }
    }
    return quoted || depth > 0;
}

/// The calls the runner plays
const std::set<std::string> KNOWN_CALLS{"socket",
                                        "bind",
                                        "listen",
                                        "accept",
                                        "connect",
                                        "read",
                                        "recv",
                                        "write",
                                        "send",
                                        "close",
                                        "shutdown",
                                        "setsockopt",
                                        "getsockopt",
                                        "fcntl"};

/// Arguments each call takes (min, max)
std::pair<size_t, size_t>
ArgCount(const std::string& name)
{
    if (name == "close")
    {
        return {1, 1};
    }
    if (name == "listen" || name == "shutdown")
    {
        return {2, 2};
    }
    if (name == "fcntl")
    {
        return {2, 3};
    }
    if (name == "socket" || name == "bind" || name == "accept" || name == "connect" ||
        name == "read" || name == "write")
    {
        return {3, 3};
    }
    if (name == "recv" || name == "send")
    {
        return {4, 4};
    }
    return {5, 5}; // setsockopt, getsockopt
}

/// The socket options the runner models
const std::set<std::string> KNOWN_SOCKOPTS{"SO_RCVBUF",
                                           "SO_SNDBUF",
                                           "TCP_NODELAY",
                                           "SO_REUSEADDR",
                                           "TCP_DEFER_ACCEPT"};

} // namespace

bool
PacketdrillScript::Runnable() const
{
    return errorLine == 0 && error.empty() && unsupportedLine == 0;
}

std::string
PacketdrillParser::FlagsToString(uint8_t flags)
{
    std::string s;
    if (flags & TcpHeader::SYN)
    {
        s += 'S';
    }
    if (flags & TcpHeader::FIN)
    {
        s += 'F';
    }
    if (flags & TcpHeader::PSH)
    {
        s += 'P';
    }
    if (flags & TcpHeader::RST)
    {
        s += 'R';
    }
    if (flags & TcpHeader::URG)
    {
        s += 'U';
    }
    if (flags & TcpHeader::ECE)
    {
        s += 'E';
    }
    if (flags & TcpHeader::CWR)
    {
        s += 'W';
    }
    if (flags & TcpHeader::ACK)
    {
        s += '.';
    }
    return s;
}

std::string
PacketdrillParser::ParseTime(const std::string& text, PacketdrillTime& time)
{
    time = PacketdrillTime();
    std::string start = text;
    std::string end;
    size_t dots = text.find("...");
    size_t tilde = text.find('~');
    if (dots != std::string::npos)
    {
        start = text.substr(0, dots);
        end = text.substr(dots + 3);
        time.hasEnd = true;
        time.blocking = true;
    }
    else if (tilde != std::string::npos)
    {
        start = text.substr(0, tilde);
        end = text.substr(tilde + 1);
        time.hasEnd = true;
    }
    if (start == "*")
    {
        if (time.hasEnd)
        {
            return "'*' cannot start a range";
        }
        time.kind = PacketdrillTime::ANY;
        return "";
    }
    if (!start.empty() && start[0] == '+')
    {
        time.kind = PacketdrillTime::RELATIVE;
        start = start.substr(1);
    }
    if (std::string why = ParseSeconds(start, time.start); !why.empty())
    {
        return why;
    }
    if (time.hasEnd)
    {
        if (!end.empty() && end[0] == '+')
        {
            time.endRelative = true;
            end = end.substr(1);
        }
        if (std::string why = ParseSeconds(end, time.end); !why.empty())
        {
            return why;
        }
        if (!time.endRelative && time.end < time.start)
        {
            return "the range '" + text + "' ends before it starts";
        }
    }
    return "";
}

std::string
PacketdrillParser::ParseSegment(const std::string& text,
                                PacketdrillSegment& segment,
                                std::string& unsupported)
{
    segment = PacketdrillSegment();
    std::string body = text;
    std::string options;
    size_t lt = body.find('<');
    if (lt != std::string::npos)
    {
        size_t gt = body.rfind('>');
        if (gt == std::string::npos || gt < lt)
        {
            return "an option list '<' without its '>'";
        }
        options = Trim(body.substr(lt + 1, gt - lt - 1));
        if (!Trim(body.substr(gt + 1)).empty())
        {
            unsupported = "'" + Trim(body.substr(gt + 1)) + "' after the option list";
            return "";
        }
        body = body.substr(0, lt);
    }
    std::vector<std::string> w = Words(body);
    // packetdrill's opt_port_info: `source>destination` before the flags
    if (!w.empty() && w[0].find('>') != std::string::npos)
    {
        size_t sep = w[0].find('>');
        uint32_t source = 0;
        uint32_t destination = 0;
        if (std::string why = ParseU32(w[0].substr(0, sep), source, "source port"); !why.empty())
        {
            return why;
        }
        if (std::string why = ParseU32(w[0].substr(sep + 1), destination, "destination port");
            !why.empty())
        {
            return why;
        }
        if (source == 0 || source > 0xffff || destination == 0 || destination > 0xffff)
        {
            return "ports '" + w[0] + "' out of range (1 to 65535)";
        }
        segment.hasPorts = true;
        segment.sourcePort = source;
        segment.destinationPort = destination;
        w.erase(w.begin());
    }
    if (w.size() < 2)
    {
        return "a segment needs flags and 'start:end(length)'";
    }
    if (w[0].front() == '[' || w[0].front() == '(')
    {
        unsupported = "'" + w[0] + "' (IP or ECN field)";
        return "";
    }
    for (char c : w[0] == "-" ? std::string() : w[0])
    {
        switch (c)
        {
        case 'S':
            segment.flags |= TcpHeader::SYN;
            break;
        case 'F':
            segment.flags |= TcpHeader::FIN;
            break;
        case 'P':
            segment.flags |= TcpHeader::PSH;
            break;
        case 'R':
            segment.flags |= TcpHeader::RST;
            break;
        case 'U':
            segment.flags |= TcpHeader::URG;
            break;
        case 'E':
            segment.flags |= TcpHeader::ECE;
            break;
        case 'W':
            segment.flags |= TcpHeader::CWR;
            break;
        case '.':
            segment.flags |= TcpHeader::ACK;
            break;
        default:
            return std::string("unknown TCP flag '") + c + "' in '" + w[0] + "'";
        }
    }
    // start:end(length)
    const std::string& range = w[1];
    size_t colon = range.find(':');
    size_t paren = range.find('(');
    if (colon == std::string::npos || paren == std::string::npos || paren < colon ||
        range.back() != ')')
    {
        if (range.rfind("[", 0) == 0)
        {
            unsupported = "'" + range + "' (IP or ECN field)";
            return "";
        }
        return "'" + range + "' is not 'start:end(length)'";
    }
    uint32_t endSeq = 0;
    if (std::string why = ParseU32(range.substr(0, colon), segment.seq, "sequence number");
        !why.empty())
    {
        return why;
    }
    if (std::string why =
            ParseU32(range.substr(colon + 1, paren - colon - 1), endSeq, "end sequence number");
        !why.empty())
    {
        return why;
    }
    if (std::string why =
            ParseU32(range.substr(paren + 1, range.size() - paren - 2), segment.length, "length");
        !why.empty())
    {
        return why;
    }
    if (endSeq - segment.seq != segment.length)
    {
        return "'" + range + "': end - start is not the length";
    }
    for (size_t i = 2; i < w.size(); ++i)
    {
        if (w[i] == "ack" || w[i] == "win")
        {
            if (i + 1 >= w.size())
            {
                return "'" + w[i] + "' without its number";
            }
            bool ack = w[i] == "ack";
            uint32_t& v = ack ? segment.ack : segment.window;
            if (std::string why = ParseU32(w[i + 1], v, w[i]); !why.empty())
            {
                return why;
            }
            if (!ack && v > 0xffff)
            {
                return "win " + w[i + 1] + " does not fit the 16-bit window field";
            }
            (ack ? segment.hasAck : segment.hasWindow) = true;
            ++i;
        }
        else if (w[i] == "urg" || w[i].front() == '(' || w[i].front() == '[')
        {
            unsupported = "'" + w[i] + "' in a segment";
            return "";
        }
        else
        {
            return "unexpected '" + w[i] + "' in a segment";
        }
    }
    if (segment.hasAck && !(segment.flags & TcpHeader::ACK))
    {
        return "'ack' on a segment without the ACK flag '.'";
    }
    if (lt == std::string::npos)
    {
        return "";
    }
    if (options == "...")
    {
        segment.anyOptions = true;
        return "";
    }
    segment.hasOptions = true;
    for (const std::string& item : SplitArgs(options))
    {
        std::vector<std::string> o = Words(item);
        PacketdrillOption opt;
        if (o.empty())
        {
            return "an empty option in '<" + options + ">'";
        }
        if (o[0] == "nop" && o.size() == 1)
        {
            opt.kind = PacketdrillOption::NOP;
        }
        else if (o[0] == "eol" && o.size() == 1)
        {
            opt.kind = PacketdrillOption::EOL;
        }
        else if (o[0] == "sackOK" && o.size() == 1)
        {
            opt.kind = PacketdrillOption::SACK_OK;
        }
        else if ((o[0] == "mss" || o[0] == "wscale") && o.size() == 2)
        {
            opt.kind = o[0] == "mss" ? PacketdrillOption::MSS : PacketdrillOption::WSCALE;
            if (std::string why = ParseU32(o[1], opt.value, o[0]); !why.empty())
            {
                return why;
            }
            if ((o[0] == "mss" && opt.value > 0xffff) || (o[0] == "wscale" && opt.value > 14))
            {
                return o[0] + " " + o[1] + " is out of range";
            }
        }
        else if (o[0] == "TS" && o.size() == 5 && o[1] == "val" && o[3] == "ecr")
        {
            opt.kind = PacketdrillOption::TS;
            opt.anyVal = o[2] == "*";
            opt.anyEcr = o[4] == "*";
            if (!opt.anyVal)
            {
                if (std::string why = ParseU32(o[2], opt.tsVal, "TS val"); !why.empty())
                {
                    return why;
                }
            }
            if (!opt.anyEcr)
            {
                if (std::string why = ParseU32(o[4], opt.tsEcr, "TS ecr"); !why.empty())
                {
                    return why;
                }
            }
        }
        else if (o[0] == "sack" || o[0] == "md5" || o[0] == "FO" || o[0] == "FOEXP" ||
                 o[0] == "exp" || o[0] == "TS")
        {
            unsupported = "TCP option '" + item + "'";
            return "";
        }
        else
        {
            return "unknown TCP option '" + item + "'";
        }
        segment.options.push_back(opt);
    }
    return "";
}

std::string
PacketdrillParser::ParseCall(const std::string& text,
                             PacketdrillCall& call,
                             std::string& unsupported)
{
    call = PacketdrillCall();
    size_t open = text.find('(');
    if (open == std::string::npos)
    {
        return "not a call, a segment or a command: '" + text + "'";
    }
    call.name = Trim(text.substr(0, open));
    for (char c : call.name)
    {
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_'))
        {
            return "'" + call.name + "' is not a call's name";
        }
    }
    if (call.name.empty())
    {
        return "a call without a name";
    }
    // The matching parenthesis
    int depth = 0;
    size_t close = std::string::npos;
    for (size_t i = open; i < text.size(); ++i)
    {
        if (text[i] == '(')
        {
            ++depth;
        }
        else if (text[i] == ')' && --depth == 0)
        {
            close = i;
            break;
        }
    }
    if (close == std::string::npos)
    {
        return "'" + call.name + "(' without its ')'";
    }
    call.args = SplitArgs(text.substr(open + 1, close - open - 1));
    std::string rest = Trim(text.substr(close + 1));
    if (rest.empty() || rest[0] != '=')
    {
        return call.name + "(...) without '= result'";
    }
    std::vector<std::string> r = Words(rest.substr(1));
    if (r.empty())
    {
        return call.name + "(...) = without a result";
    }
    if (r[0] == "...")
    {
        call.anyResult = true;
    }
    else if (std::string why = ParseI64(r[0], call.result); !why.empty())
    {
        return why;
    }
    if (r.size() > 1)
    {
        if (r[1].front() == '(')
        {
            // `= 0x2 (flags O_RDWR)`: a comment on the value
        }
        else
        {
            if (call.result != -1)
            {
                return "an errno '" + r[1] + "' on a result other than -1";
            }
            if (r[1].size() < 2 || r[1][0] != 'E')
            {
                return "'" + r[1] + "' is not an errno name";
            }
            call.errnoName = r[1];
        }
    }
    if (KNOWN_CALLS.count(call.name) == 0)
    {
        unsupported = "system call " + call.name + "()";
        return "";
    }
    auto [minArgs, maxArgs] = ArgCount(call.name);
    if (call.args.size() < minArgs || call.args.size() > maxArgs)
    {
        std::ostringstream why;
        why << call.name << "() takes " << minArgs;
        if (maxArgs != minArgs)
        {
            why << " or " << maxArgs;
        }
        why << " arguments, not " << call.args.size();
        return why.str();
    }
    if (call.name != "socket")
    {
        uint32_t fd = 0;
        if (std::string why = ParseU32(call.args[0], fd, "file descriptor"); !why.empty())
        {
            return why;
        }
    }
    if (call.name == "socket")
    {
        if (call.args[1].find("SOCK_STREAM") == std::string::npos)
        {
            unsupported = "socket type " + call.args[1];
        }
        else if (call.args[2] != "IPPROTO_TCP" && call.args[2] != "0")
        {
            unsupported = "socket protocol " + call.args[2];
        }
        else if (call.args[0] != "..." && call.args[0] != "AF_INET")
        {
            unsupported = "socket family " + call.args[0];
        }
    }
    else if (call.name == "setsockopt" || call.name == "getsockopt")
    {
        if (KNOWN_SOCKOPTS.count(call.args[2]) == 0)
        {
            unsupported = call.name + " " + call.args[2];
        }
        else if (call.args[3].size() < 2 || call.args[3].front() != '[' ||
                 call.args[3].back() != ']')
        {
            return call.name + " value '" + call.args[3] + "' is not '[N]'";
        }
        else
        {
            uint32_t v = 0;
            if (std::string why =
                    ParseU32(call.args[3].substr(1, call.args[3].size() - 2), v, "option value");
                !why.empty())
            {
                return why;
            }
        }
    }
    else if (call.name == "fcntl")
    {
        if (call.args[1] != "F_SETFL")
        {
            unsupported = "fcntl " + call.args[1];
        }
        else if (call.args.size() != 3)
        {
            return "fcntl F_SETFL without its flags";
        }
    }
    else if (call.name == "shutdown")
    {
        if (call.args[1] != "SHUT_RD" && call.args[1] != "SHUT_WR" && call.args[1] != "SHUT_RDWR")
        {
            return "shutdown how '" + call.args[1] + "' is not SHUT_RD, SHUT_WR or SHUT_RDWR";
        }
    }
    else if (call.name == "listen")
    {
        uint32_t backlog = 0;
        if (std::string why = ParseU32(call.args[1], backlog, "backlog"); !why.empty())
        {
            return why;
        }
    }
    else if (call.name == "read" || call.name == "write" || call.name == "recv" ||
             call.name == "send")
    {
        uint32_t n = 0;
        if (std::string why = ParseU32(call.args[2], n, "byte count"); !why.empty())
        {
            return why;
        }
        if (call.args.size() == 4 && call.args[3] != "0")
        {
            unsupported = call.name + " flags " + call.args[3];
        }
    }
    return "";
}

PacketdrillScript
PacketdrillParser::ParseFile(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
    {
        PacketdrillScript script;
        script.file = path;
        script.error = "cannot open the file";
        return script;
    }
    PacketdrillScript script = Parse(path, in);
    ReadDefaultsFiles(path, script);
    return script;
}

void
PacketdrillParser::ReadDefaultsFiles(const std::string& path, PacketdrillScript& script)
{
    std::string dir = path.substr(0, path.find_last_of('/') + 1);
    PacketdrillSysctl::Defaults defaults;
    for (const auto& [line, file] : script.defaultsFiles)
    {
        std::ifstream in(file[0] == '/' ? file : dir + file);
        if (!in)
        {
            continue; // left as a skipped shell command
        }
        std::string where = "line " + std::to_string(line) + ": " + file;
        for (auto& s : script.skipped)
        {
            if (s == "line " + std::to_string(line) + ": shell command")
            {
                s = where + " read for its sysctls";
            }
        }
        for (std::string text; std::getline(in, text);)
        {
            std::vector<std::pair<std::string, std::string>> sysctls;
            if (!PacketdrillSysctl::Parse(Trim(text.substr(0, text.find('#'))), sysctls))
            {
                continue;
            }
            for (const auto& [name, value] : sysctls)
            {
                std::string why = PacketdrillSysctl::Map(name, value, defaults);
                if (!why.empty())
                {
                    script.skipped.push_back(where + ": " + name + "=" + value + " " + why);
                }
            }
        }
    }
    // The file's settings first: the script's own come after and win
    script.settings.insert(script.settings.begin(), defaults.begin(), defaults.end());
}

PacketdrillScript
PacketdrillParser::Parse(const std::string& file, std::istream& in)
{
    NS_LOG_FUNCTION(file);
    PacketdrillScript script;
    script.file = file;
    std::string raw;
    uint32_t lineNo = 0;
    bool inComment = false; // inside /* */
    bool inPython = false;  // inside %{ }%
    uint32_t blockStart = 0;
    std::string statement;      // a statement over several lines, so far
    uint32_t statementLine = 0; // its first line
    auto fail = [&script](uint32_t line, const std::string& why) {
        if (script.errorLine == 0 && script.error.empty())
        {
            script.errorLine = line;
            script.error = why;
        }
    };
    auto unsupported = [&script](uint32_t line, const std::string& what) {
        if (script.unsupportedLine == 0)
        {
            script.unsupportedLine = line;
            script.unsupported = what;
        }
    };
    while (std::getline(in, raw))
    {
        ++lineNo;
        // Comments
        std::string line;
        for (size_t i = 0; i < raw.size(); ++i)
        {
            if (inComment)
            {
                if (raw.compare(i, 2, "*/") == 0)
                {
                    inComment = false;
                    ++i;
                }
                continue;
            }
            if (inPython)
            {
                if (raw.compare(i, 2, "}%") == 0)
                {
                    inPython = false;
                    ++i;
                }
                continue;
            }
            if (raw.compare(i, 2, "//") == 0)
            {
                break;
            }
            if (raw.compare(i, 2, "/*") == 0)
            {
                inComment = true;
                ++i;
                continue;
            }
            if (raw.compare(i, 2, "%{") == 0)
            {
                inPython = true;
                blockStart = lineNo;
                script.skipped.push_back("line " + std::to_string(lineNo) + ": Python block");
                ++i;
                continue;
            }
            line += raw[i];
        }
        line = Trim(line);
        if (line.empty() && statement.empty())
        {
            continue;
        }
        // A statement goes on over lines while a bracket or a backquote is open
        if (statement.empty())
        {
            statementLine = lineNo;
            statement = line;
        }
        else if (!line.empty())
        {
            statement += " " + line;
        }
        if (Unclosed(statement))
        {
            continue;
        }
        line = statement;
        statement.clear();
        const uint32_t stmtLine = statementLine;
        if (line.rfind("--", 0) == 0)
        {
            // An option line: --name=value
            size_t eq = line.find('=');
            std::string name = line.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
            if (name == "tolerance_usecs" && eq != std::string::npos)
            {
                uint32_t us = 0;
                if (std::string why = ParseU32(line.substr(eq + 1), us, "tolerance_usecs");
                    !why.empty())
                {
                    fail(stmtLine, why);
                }
                script.tolerance = us / 1e6;
            }
            else if (name == "local_ip" || name == "remote_ip" ||
                     (name == "ip_version" && eq != std::string::npos &&
                      line.substr(eq + 1) == "ipv4"))
            {
                // Addresses: the runner's own (10.0.0.1, 10.0.0.2) stand in
            }
            else
            {
                unsupported(stmtLine, "option --" + name);
            }
            continue;
        }
        // The time, unless the line is a bare command
        PacketdrillEvent ev;
        ev.line = stmtLine;
        std::string rest = line;
        if (line[0] != '`')
        {
            size_t sp = line.find_first_of(" \t");
            std::string timeText = line.substr(0, sp);
            if (std::string why = ParseTime(timeText, ev.time); !why.empty())
            {
                fail(stmtLine, why);
                continue;
            }
            rest = sp == std::string::npos ? "" : Trim(line.substr(sp));
            if (rest.rfind("...", 0) == 0)
            {
                // `+0 ...0.010 call` or `+0 ... 0.010 call`: the end apart from the start
                std::string end = Trim(rest.substr(3));
                size_t endSp = end.find_first_of(" \t");
                if (std::string why = ParseTime(timeText + "..." + end.substr(0, endSp), ev.time);
                    !why.empty())
                {
                    fail(stmtLine, why);
                    continue;
                }
                rest = endSp == std::string::npos ? "" : Trim(end.substr(endSp));
            }
            if (rest.empty())
            {
                // `+0 %{ ... }%` leaves only the time
                if (!script.skipped.empty() &&
                    script.skipped.back() == "line " + std::to_string(stmtLine) + ": Python block")
                {
                    continue;
                }
                fail(stmtLine, "a time without an event");
                continue;
            }
        }
        ev.text = rest;
        if (rest[0] == '`')
        {
            size_t endQuote = rest.find('`', 1);
            if (endQuote == std::string::npos)
            {
                fail(stmtLine, "a shell command without its closing '`'");
                continue;
            }
            std::string command = Trim(rest.substr(1, endQuote - 1));
            std::vector<std::pair<std::string, std::string>> sysctls;
            if (PacketdrillSysctl::Parse(command, sysctls))
            {
                // The settings hold for the whole run: only before any event
                if (!script.events.empty())
                {
                    unsupported(stmtLine, "sysctl setting after the first event `" + command + "`");
                    continue;
                }
                for (const auto& [name, value] : sysctls)
                {
                    std::string why = PacketdrillSysctl::Map(name, value, script.settings);
                    if (!why.empty())
                    {
                        unsupported(stmtLine, "sysctl " + name + "=" + value + " (" + why + ")");
                    }
                }
            }
            else if (std::string program = command.substr(0, command.find_first_of(" \t"));
                     program.size() > 3 && program.compare(program.size() - 3, 3, ".sh") == 0)
            {
                // A defaults file, maybe: ParseFile reads its sysctls
                script.skipped.push_back("line " + std::to_string(stmtLine) + ": shell command");
                script.defaultsFiles.emplace_back(stmtLine, program);
            }
            else if (command.find("sysctl") != std::string::npos)
            {
                unsupported(stmtLine, "sysctl setting `" + command + "`");
            }
            else
            {
                script.skipped.push_back("line " + std::to_string(stmtLine) + ": shell command");
            }
            continue;
        }
        if (rest[0] == '<' || rest[0] == '>')
        {
            ev.kind = rest[0] == '<' ? PacketdrillEvent::INBOUND : PacketdrillEvent::OUTBOUND;
            std::string what;
            std::string body = Trim(rest.substr(1));
            if (!body.empty() && (body.rfind("udp", 0) == 0 || body.rfind("icmp", 0) == 0 ||
                                  body.rfind("ipv", 0) == 0))
            {
                unsupported(stmtLine, "non-TCP packet '" + Words(body)[0] + "'");
                continue;
            }
            if (std::string why = ParseSegment(body, ev.segment, what); !why.empty())
            {
                fail(stmtLine, why);
                continue;
            }
            if (!what.empty())
            {
                unsupported(stmtLine, what);
                continue;
            }
            if (ev.kind == PacketdrillEvent::INBOUND && ev.time.kind == PacketdrillTime::ANY)
            {
                fail(stmtLine, "an inbound segment needs a time, not '*'");
                continue;
            }
            script.events.push_back(ev);
            continue;
        }
        ev.kind = PacketdrillEvent::CALL;
        std::string what;
        if (std::string why = ParseCall(rest, ev.call, what); !why.empty())
        {
            fail(stmtLine, why);
            continue;
        }
        if (!what.empty())
        {
            unsupported(stmtLine, what);
            continue;
        }
        if (ev.time.hasEnd && !ev.time.blocking)
        {
            // A range on a call: when it starts does not matter within it
        }
        script.events.push_back(ev);
    }
    if (!statement.empty())
    {
        fail(statementLine,
             "'" + statement.substr(0, 40) +
                 "' is not closed (a bracket or '`') by the file's end");
    }
    if (inComment)
    {
        fail(lineNo, "a '/*' comment without its '*/'");
    }
    if (inPython)
    {
        fail(blockStart, "a Python block '%{' without its '}%'");
    }
    return script;
}

} // namespace ns3
