/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tw-avoid-testbed.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/csma-helper.h"
#include "ns3/double.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/program-input.h"
#include "ns3/string.h"
#include "ns3/tcp-host-model.h"
#include "ns3/tcp-host-profile.h"
#include "ns3/tcp-input-stage.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/type-id-check.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <sstream>

namespace ns3
{

namespace
{
constexpr uint32_t IP_TCP_HEADERS = 20 + 32; //!< IPv4 + TCP with timestamps
} // namespace

std::string
TwAvoidTestbedConfig::Validate() const
{
    std::ostringstream why;
    if (segmentSize == 0 || mtu > 65535 || segmentSize + IP_TCP_HEADERS > mtu)
    {
        why << "segment size " << segmentSize << " + " << IP_TCP_HEADERS
            << " bytes of headers must fit the MTU " << mtu << " (at most 65535)";
    }
    else if (timeWaitTable && (!hostModel || socketType != "ns3::TcpHostSocket"))
    {
        why << "compact TIME_WAIT records need the host model and ns3::TcpHostSocket";
    }
    else if (memoryLimit < -1)
    {
        why << "the memory limit is -1 (the profile's), 0 (none) or a number of bytes";
    }
    else if (timeWaitBuckets > 0 && !timeWaitTable)
    {
        why << "a TIME_WAIT bucket limit needs compact TIME_WAIT records (timeWaitTable)";
    }
    else if (negotiateTimeWait && socketType != "ns3::TcpHostSocket")
    {
        why << "negotiating TIME_WAIT needs ns3::TcpHostSocket sockets";
    }
    else if (lanRate.GetBitRate() == 0 || msl <= 0)
    {
        why << "the LAN rate and the MSL must be positive";
    }
    else if (lookupDiscipline != "LinearHeadInsert" && lookupDiscipline != "Hashed" &&
             lookupDiscipline != "TimeWaitAtTail")
    {
        why << "unknown lookup discipline '" << lookupDiscipline
            << "' (LinearHeadInsert, Hashed or TimeWaitAtTail)";
    }
    else if (!memoryPool.empty() && memoryPool != "TcbOnly" && memoryPool != "Shared")
    {
        why << "unknown memory pool '" << memoryPool << "' (TcbOnly or Shared)";
    }
    else if (auto known = TcpHostProfile::List();
             std::find(known.begin(), known.end(), hostProfile) == known.end())
    {
        why << "unknown host profile '" << hostProfile << "'";
    }
    else if (!LookupTypeOf(socketType, TcpSocketBase::GetTypeId()))
    {
        why << "socket type '" << socketType << "' is not a TcpSocketBase class";
    }
    return why.str();
}

TwAvoidTestbed::TwAvoidTestbed(const TwAvoidTestbedConfig& config,
                               const std::vector<TwAvoidHelper::Role>& roles)
{
    std::string problem = config.Validate();
    RequireValid("TwAvoidTestbed", problem);
    m_nodes.Create(roles.size());

    CsmaHelper csma;
    csma.SetChannelAttribute("DataRate", DataRateValue(config.lanRate));
    csma.SetChannelAttribute("Delay", TimeValue(config.lanDelay));
    csma.SetDeviceAttribute("Mtu", UintegerValue(config.mtu));
    m_devices = csma.Install(m_nodes);
    if (!config.pcapPrefix.empty())
    {
        csma.EnablePcapAll(config.pcapPrefix, false);
    }

    TwAvoidHelper tw;
    tw.SetSocketType(config.socketType);
    tw.SetSocketAttribute("SegmentSize", UintegerValue(config.segmentSize));
    tw.SetSocketAttribute("MaxSegLifetime", DoubleValue(config.msl));
    tw.SetNegotiate(config.negotiateTimeWait); // Validate(): only with TcpHostSocket
    tw.SetHostModelEnabled(config.hostModel);
    tw.SetProfile(config.hostProfile); // first: the settings below override it
    if (config.timeWaitTable)
    {
        tw.SetTimeWaitTableEnabled(true); // a profile may have it already
    }
    if (config.timeWaitBuckets > 0)
    {
        tw.SetTimeWaitTableAttribute("MaxBuckets", UintegerValue(config.timeWaitBuckets));
    }
    tw.SetHostModelAttribute("LookupDiscipline", StringValue(config.lookupDiscipline));
    if (!config.memoryPool.empty())
    {
        tw.SetSocketMemoryAttribute("Accounting", StringValue(config.memoryPool));
    }
    if (config.memoryLimit >= 0)
    {
        tw.SetSocketMemoryAttribute("Limit", UintegerValue(config.memoryLimit));
    }
    for (uint32_t i = 0; i < roles.size(); ++i)
    {
        tw.SetRole(roles[i]);
        tw.Install(m_nodes.Get(i));
    }

    Ipv4AddressHelper address("10.1.0.0", "255.255.0.0");
    Ipv4InterfaceContainer interfaces = address.Assign(m_devices);
    for (uint32_t i = 0; i < roles.size(); ++i)
    {
        m_addresses.push_back(interfaces.GetAddress(i));
    }
}

NodeContainer
TwAvoidTestbed::GetNodes() const
{
    return m_nodes;
}

Ipv4Address
TwAvoidTestbed::GetAddress(uint32_t i) const
{
    return m_addresses.at(i);
}

Ptr<TcpHostModel>
TwAvoidTestbed::GetHostModel(uint32_t i) const
{
    return m_nodes.Get(i)->GetObject<TcpHostModel>();
}

Ptr<TcpInputStage>
TwAvoidTestbed::GetInputStage(uint32_t i) const
{
    return m_nodes.Get(i)->GetObject<TcpInputStage>();
}

int64_t
TwAvoidTestbed::AssignStreams(int64_t stream)
{
    // The hosts' last: ns-3's stack takes a number of streams that depends on its version.
    int64_t used = CsmaHelper().AssignStreams(m_devices, stream);
    used += TcpHostHelper().AssignStreams(m_nodes, stream + used);
    return used;
}

} // namespace ns3
