/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "packetdrill-sysctl.h"

#include <cctype>
#include <map>
#include <sstream>

namespace ns3
{

namespace
{

/// Shell words of a command: blanks split, double quotes group and go.
std::vector<std::string>
Words(const std::string& command)
{
    std::vector<std::string> words;
    std::string word;
    bool quoted = false;
    bool any = false;
    for (char c : command)
    {
        if (c == '"')
        {
            quoted = !quoted;
            any = true;
        }
        else if (!quoted && std::isspace(static_cast<unsigned char>(c)))
        {
            if (any)
            {
                words.push_back(word);
            }
            word.clear();
            any = false;
        }
        else
        {
            word += c;
            any = true;
        }
    }
    if (any)
    {
        words.push_back(word);
    }
    return words;
}

/// `$((a*b+c))` replaced by its value (integers, * and + only); "" if malformed.
std::string
Arithmetic(const std::string& text)
{
    std::string out = text;
    for (size_t at; (at = out.find("$((")) != std::string::npos;)
    {
        size_t end = out.find("))", at);
        if (end == std::string::npos)
        {
            return "";
        }
        std::string expr = out.substr(at + 3, end - at - 3);
        unsigned long long sum = 0;
        std::istringstream terms(expr);
        for (std::string term; std::getline(terms, term, '+');)
        {
            unsigned long long product = 1;
            std::istringstream factors(term);
            for (std::string f; std::getline(factors, f, '*');)
            {
                size_t used = 0;
                try
                {
                    product *= std::stoull(f, &used);
                }
                catch (...)
                {
                    return "";
                }
                while (used < f.size() && std::isspace(static_cast<unsigned char>(f[used])))
                {
                    ++used;
                }
                if (used != f.size())
                {
                    return "";
                }
            }
            sum += product;
        }
        out = out.substr(0, at) + std::to_string(sum) + out.substr(end + 2);
    }
    return out;
}

/// @return the value's three numbers ("min default max"), or false
bool
Triple(const std::string& value, std::string& middle, std::string& last)
{
    std::istringstream in(value);
    std::string first;
    return static_cast<bool>(in >> first >> middle >> last);
}

/// @return whether the value is a plain unsigned integer
bool
Unsigned(const std::string& value)
{
    return !value.empty() && value.find_first_not_of("0123456789") == std::string::npos;
}

} // namespace

bool
PacketdrillSysctl::Parse(const std::string& command,
                         std::vector<std::pair<std::string, std::string>>& settings)
{
    std::vector<std::string> words = Words(command);
    if (words.empty())
    {
        return false;
    }
    std::string program = words[0].substr(words[0].find_last_of('/') + 1);
    if (program != "sysctl" && program != "set_sysctls.py")
    {
        return false;
    }
    for (size_t i = 1; i < words.size(); ++i)
    {
        size_t eq = words[i].find('=');
        if (words[i][0] == '-' || eq == std::string::npos || eq == 0)
        {
            continue; // an option (-q, -w) or a redirection
        }
        std::string name = words[i].substr(0, eq);
        const std::string proc = "/proc/sys/";
        if (name.rfind(proc, 0) == 0)
        {
            name = name.substr(proc.size());
            for (char& c : name)
            {
                c = c == '/' ? '.' : c;
            }
        }
        settings.emplace_back(name, Arithmetic(words[i].substr(eq + 1)));
    }
    return true;
}

std::string
PacketdrillSysctl::Map(const std::string& name, const std::string& value, Defaults& defaults)
{
    // Settings whose value is what the model does anyway (a feature it does
    // not have, switched off; "": any value), or that do nothing without TSO
    // or pacing, which the model has neither of.
    static const std::map<std::string, std::string> asModelled = {
        {"net.ipv4.tcp_fack", "0"},
        {"net.ipv4.tcp_frto", "0"},
        {"net.ipv4.tcp_fastopen", "0"},
        {"net.ipv4.tcp_slow_start_after_idle", "0"},
        {"net.ipv4.tcp_early_retrans", "0"},
        {"net.ipv4.tcp_dsack", "0"},
        {"net.ipv4.tcp_notsent_lowat", "4294967295"},
        {"net.ipv4.tcp_tso_win_divisor", ""},
        {"net.ipv4.tcp_min_tso_segs", ""},
        {"net.ipv4.tcp_pacing_ss_ratio", ""},
        {"net.ipv4.tcp_pacing_ca_ratio", ""},
    };
    // A count, as it is
    static const std::map<std::string, std::string> counts = {
        {"net.ipv4.tcp_syn_retries", "ns3::TcpSocket::ConnCount"},
        {"net.ipv4.tcp_synack_retries", "ns3::TcpListenQueue::SynAckRetries"},
        {"net.ipv4.tcp_max_syn_backlog", "ns3::TcpListenQueue::MaxSynBacklog"},
        {"net.core.somaxconn", "ns3::TcpListenQueue::SoMaxConn"},
        {"net.ipv4.tcp_max_tw_buckets", "ns3::TimeWaitTable::MaxBuckets"},
        {"net.ipv4.tcp_reordering", "ns3::TcpSocketBase::ReTxThreshold"},
    };
    // One of a few values, each an attribute's value
    using Choices = std::map<std::string, std::string>;
    static const Choices flag = {{"0", "false"}, {"1", "true"}};
    static const std::map<std::string, std::pair<std::string, Choices>> choices = {
        // 2: timestamps without the random offset, which the model has not
        {"net.ipv4.tcp_timestamps",
         {"ns3::TcpSocketBase::Timestamp", {{"0", "false"}, {"1", "true"}, {"2", "true"}}}},
        {"net.ipv4.tcp_sack", {"ns3::TcpSocketBase::Sack", flag}},
        {"net.ipv4.tcp_window_scaling", {"ns3::TcpSocketBase::WindowScaling", flag}},
        {"net.ipv4.tcp_abort_on_overflow", {"ns3::TcpListenQueue::AbortOnOverflow", flag}},
        // 1: an RST does not end TIME_WAIT (RFC 1337); Linux's default 0 lets it
        {"net.ipv4.tcp_rfc1337",
         {"ns3::TcpHostSocket::TimeWaitRstPolicy", {{"0", "Accept"}, {"1", "Ignore"}}}},
        {"net.ipv4.tcp_syncookies",
         {"ns3::TcpListenQueue::SynCookies",
          {{"0", "Never"}, {"1", "OnOverflow"}, {"2", "Always"}}}},
        {"net.ipv4.tcp_ecn",
         {"ns3::TcpSocketBase::UseEcn", {{"0", "Off"}, {"1", "On"}, {"2", "AcceptOnly"}}}},
        {"net.ipv4.tcp_congestion_control",
         {"ns3::TcpL4Protocol::SocketType",
          {{"cubic", "ns3::TcpCubic"}, {"reno", "ns3::TcpLinuxReno"}}}},
    };
    if (auto it = asModelled.find(name); it != asModelled.end())
    {
        return it->second.empty() || it->second == value ? "" : "value " + value + " not modelled";
    }
    if (auto it = counts.find(name); it != counts.end())
    {
        if (!Unsigned(value))
        {
            return "value '" + value + "' is not a count";
        }
        defaults.emplace_back(it->second, value);
        return "";
    }
    if (auto it = choices.find(name); it != choices.end())
    {
        auto choice = it->second.second.find(value);
        if (choice == it->second.second.end())
        {
            return "value " + value + " not modelled";
        }
        defaults.emplace_back(it->second.first, choice->second);
        return "";
    }
    if (name == "net.ipv4.tcp_fin_timeout")
    {
        if (!Unsigned(value))
        {
            return "value '" + value + "' is not a number of seconds";
        }
        defaults.emplace_back("ns3::TcpHostSocket::FinWait2Timeout", value + "s");
        return "";
    }
    if (name == "net.ipv4.tcp_rmem" || name == "net.ipv4.tcp_wmem")
    {
        std::string middle;
        std::string last;
        if (!Triple(value, middle, last) || !Unsigned(middle) || !Unsigned(last))
        {
            return "value '" + value + "' is not three sizes";
        }
        if (name == "net.ipv4.tcp_wmem")
        {
            defaults.emplace_back("ns3::TcpSocket::SndBufSize", middle);
            return "";
        }
        // The default sizes the buffer; the maximum, the window scale a SYN
        // asks for (the suite's socket; ns-3's takes it from the default)
        defaults.emplace_back("ns3::TcpSocket::RcvBufSize", middle);
        defaults.emplace_back("ns3::TcpHostSocket::MaxRcvBufSize", last);
        return "";
    }
    return "not modelled";
}

} // namespace ns3
