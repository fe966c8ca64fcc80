/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_HOST_PROFILE_H
#define TCP_HOST_PROFILE_H

#include "ns3/attribute.h"
#include "ns3/object-factory.h"
#include "ns3/object.h"
#include "ns3/ptr.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * @ingroup tcp-host
 * @brief A named set of host-model constants: one machine of one era.
 *
 * The models' own defaults are neutral (no cost, no memory limit), so that a
 * host without a profile behaves as ns-3 does. Constants calibrated on a
 * publication live here, each profile documented with where its numbers
 * come from (the module's doc derives them). TcpHostHelper::SetProfile
 * applies one; List() names them all.
 *
 * Profiles:
 * - "Neutral": the models' defaults.
 * - "SunOS-4.1.3-SS20-71": a SPARCstation 20/71 under SunOS 4.1.3, the
 *   server of the TIME_WAIT draft (Faber, Touch, Yue, 1997): input cost
 *   per segment and per TCB visited calibrated on its Table 1 (N = 0 and
 *   N = 2500); memory per TCB and the TCB memory pool from its Table 2
 *   (unmodified row) and its statement that the host cannot sustain more
 *   than 60 connections/s, shared by TCBs and socket-buffer data as
 *   SunOS's mbufs were; linear TCB list with insertion at the head.
 *
 * A profile holds the host's TCP and kernel; what an application costs on
 * that host is the application's module's (HttpServerProfile in http).
 */
struct TcpHostProfile
{
    /// Attribute settings of one object.
    using Settings = std::vector<std::pair<std::string, Ptr<const AttributeValue>>>;

    std::string name;        //!< Profile name
    std::string description; //!< One line: machine and source
    Settings hostModel;      //!< TcpHostModel attributes
    Settings outputStage;    //!< TcpOutputStage attributes
    Settings socket;         //!< TCP behaviour (TcpHostSocket attributes)
    Settings socketMemory;   //!< SocketMemory attributes (TCB size, limit, accounting)
    /// TimeWaitTable attributes: a host with any keeps TIME_WAIT as Linux
    /// does, in small records (empty: in the socket, as BSD and SunOS)
    Settings timeWaitTable{};
    /// TcpListenQueue attributes: a host with any gives its listeners
    /// Linux's SYN and accept queues (empty: ns-3's Listen(), no backlog)
    Settings listenQueue{};
    /// TcpL4Protocol attributes (the congestion control, SocketType)
    Settings tcp{};

    /**
     * @brief A profile by name; throws std::invalid_argument (a Python
     * exception) naming the known ones if there is none.
     * @param name the name
     * @return the profile
     */
    static const TcpHostProfile& Get(const std::string& name);

    /// @return the names of all profiles
    static std::vector<std::string> List();

    /**
     * @brief Set attributes on an object, except those whose default the
     * user set (UserDefaults::IsSet).
     * @param settings the attributes (one of a profile's lists)
     * @param object the object
     */
    static void Apply(const Settings& settings, Ptr<Object> object);

    /**
     * @brief Set attributes on the objects a factory will make, except
     * those whose default the user set (UserDefaults::IsSet) or that are named
     * in skip (set on the factory by the user's own call).
     * @param settings the attributes (one of a profile's lists)
     * @param factory the factory
     * @param skip attribute names to leave as they are
     */
    static void Apply(const Settings& settings,
                      ObjectFactory& factory,
                      const std::set<std::string>& skip = {});
};

} // namespace ns3

#endif /* TCP_HOST_PROFILE_H */
