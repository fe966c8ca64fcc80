/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "experiment-capture.h"

#include "ns3/csma-helper.h"
#include "ns3/csma-net-device.h"
#include "ns3/flow-monitor.h"
#include "ns3/log.h"
#include "ns3/node-list.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/program-input.h"
#include "ns3/simulator.h"

#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ExperimentCapture");

void
ExperimentCapture::AddOptions(ProgramInput& input)
{
    input.Add("pcap", "write a pcap file per device, named PREFIX-node-device.pcap", m_pcapPrefix);
    input.Add("flowMonitor",
              "write FlowMonitor's flow statistics to this XML file",
              m_flowMonitorFile);
}

void
ExperimentCapture::AddOptions(ProgramInput& input, std::string& pcapPrefix)
{
    input.Add("pcap", "write a pcap file per host, named PREFIX-node-device.pcap", pcapPrefix);
    input.Add("flowMonitor",
              "write FlowMonitor's flow statistics to this XML file",
              m_flowMonitorFile);
    m_externalPcap = &pcapPrefix;
}

bool
ExperimentCapture::CheckOutputs(const ProgramInput& input) const
{
    return input.WritablePrefix("pcap", m_externalPcap ? *m_externalPcap : m_pcapPrefix) &&
           input.Writable("flowMonitor", m_flowMonitorFile);
}

void
ExperimentCapture::SetPcapPrefix(const std::string& prefix)
{
    m_pcapPrefix = prefix;
}

void
ExperimentCapture::SetFlowMonitorFile(const std::string& fileName)
{
    m_flowMonitorFile = fileName;
}

void
ExperimentCapture::Arm()
{
    NS_LOG_FUNCTION(this);
    if (m_pcapPrefix.empty() && m_flowMonitorFile.empty())
    {
        return; // nothing scheduled: the run is exactly what it is without us
    }
    // Destroy events run in the order they were scheduled, and NodeList
    // schedules the disposal of the nodes when it is first used: ours must
    // come first, so that the XML is written while the nodes live.
    EventId finish;
    if (!m_flowMonitorFile.empty())
    {
        finish = Simulator::ScheduleDestroy(&ExperimentCapture::Finish, this);
    }
    if (NodeList::GetNNodes() > 0)
    {
        finish.Cancel();
        throw std::logic_error("ExperimentCapture: Arm() before the experiment builds its nodes");
    }
    Simulator::ScheduleNow(&ExperimentCapture::Start, this);
}

void
ExperimentCapture::Start()
{
    NS_LOG_FUNCTION(this);
    if (!m_pcapPrefix.empty())
    {
        CsmaHelper csma;
        PointToPointHelper p2p;
        for (auto node = NodeList::Begin(); node != NodeList::End(); ++node)
        {
            for (uint32_t i = 0; i < (*node)->GetNDevices(); ++i)
            {
                Ptr<NetDevice> device = (*node)->GetDevice(i);
                if (DynamicCast<CsmaNetDevice>(device))
                {
                    csma.EnablePcap(m_pcapPrefix, device, false);
                }
                else if (DynamicCast<PointToPointNetDevice>(device))
                {
                    p2p.EnablePcap(m_pcapPrefix, device, false);
                }
            }
        }
    }
    if (!m_flowMonitorFile.empty())
    {
        m_flowMonitor.InstallAll()->StartRightNow();
    }
}

void
ExperimentCapture::Finish()
{
    NS_LOG_FUNCTION(this);
    if (Ptr<FlowMonitor> monitor = m_flowMonitor.GetMonitor())
    {
        monitor->SerializeToXmlFile(m_flowMonitorFile, true, false);
    }
}

} // namespace ns3
