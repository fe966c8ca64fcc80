/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PACKETDRILL_SYSCTL_H
#define PACKETDRILL_SYSCTL_H

#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * @ingroup packetdrill
 * @brief Linux's TCP sysctls as ns-3 attribute defaults.
 *
 * A script (or the defaults file it runs, google/packetdrill's
 * `common/defaults.sh`) sets sysctls with `sysctl -q name=value` or
 * `set_sysctls.py /proc/sys/...=value`. Each one the model has becomes an
 * attribute default for the run (Config::SetDefault, which a host profile
 * never overrides); each one it lacks is named, so the runner can refuse a
 * script that depends on it.
 */
class PacketdrillSysctl
{
  public:
    /// One sysctl as ns-3 attribute defaults (ns3::Type::Name, value).
    using Defaults = std::vector<std::pair<std::string, std::string>>;

    /**
     * @brief Map one setting.
     * @param name the sysctl (net.ipv4.tcp_sack, or /proc/sys/net/ipv4/tcp_sack)
     * @param value its value as written (quotes removed)
     * @param defaults where its attribute defaults are appended
     * @return "" if mapped; else why not ("not modelled", "value 3 not modelled")
     */
    static std::string Map(const std::string& name, const std::string& value, Defaults& defaults);

    /**
     * @brief The settings of one shell command: `sysctl [-q] [-w] a=b c=d`,
     * or `set_sysctls.py /proc/sys/x/y=v ...`; `$((a*b))` in a value is
     * evaluated, `"..."` quotes removed.
     * @param command the command, without its backquotes
     * @param settings where the (name, value) pairs are appended
     * @return false if the command sets no sysctl this way
     */
    static bool Parse(const std::string& command,
                      std::vector<std::pair<std::string, std::string>>& settings);
};

} // namespace ns3

#endif // PACKETDRILL_SYSCTL_H
