/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_HOST_SAMPLER_HELPER_H
#define TCP_HOST_SAMPLER_HELPER_H

#include "tcp-host-sampler.h"

#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <string>

namespace ns3
{

/**
 * @ingroup tcp-host
 * @brief Samples nodes' TCP resources over time (TcpHostSampler), in the
 * style of FlowMonitorHelper: one sampler per helper, made at the first
 * Install, to which each Install adds nodes.
 *
 * @code
 *   TcpHostSamplerHelper samples;
 *   samples.SetAttribute("Interval", TimeValue(MilliSeconds(500)));
 *   Ptr<TcpHostSampler> sampler = samples.Install(nodes);
 *   sampler->SetFile("samples.csv");  // std::invalid_argument if it cannot be written
 *   sampler->TraceConnectWithoutContext("Sample", MakeCallback(&OnSample));
 * @endcode
 */
class TcpHostSamplerHelper
{
  public:
    TcpHostSamplerHelper();

    /**
     * @brief Set an attribute of the sampler (Interval, StartTime, StopTime),
     * before the first Install.
     * @param name the attribute
     * @param value its value
     * @throw std::invalid_argument for an attribute the sampler does not
     *        have, a value it does not take (an Interval of 0), or a call
     *        after the sampler was made
     */
    void SetAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Sample these nodes too.
     * @param nodes the nodes
     * @return the sampler
     */
    Ptr<TcpHostSampler> Install(NodeContainer nodes);

    /**
     * @brief Sample this node too.
     * @param node the node
     * @return the sampler
     */
    Ptr<TcpHostSampler> Install(Ptr<Node> node);

    /**
     * @brief Sample every node that exists now.
     * @return the sampler
     */
    Ptr<TcpHostSampler> InstallAll();

    /// @return the sampler (made now if no Install made it)
    Ptr<TcpHostSampler> GetSampler();

  private:
    ObjectFactory m_factory;       //!< Makes the sampler
    Ptr<TcpHostSampler> m_sampler; //!< The sampler, once made
};

} // namespace ns3

#endif /* TCP_HOST_SAMPLER_HELPER_H */
