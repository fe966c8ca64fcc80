/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TW_AVOID_HELPER_H
#define TW_AVOID_HELPER_H

#include "ns3/internet-stack-helper.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

namespace ns3
{

class TwAvoidTcpSocketFactory;

/**
 * @ingroup tw-avoid
 * @brief Installs the internet stack with TIME_WAIT-avoidance TCP on nodes.
 *
 * On each node it
 * - aggregates a TwAvoidTcpSocketFactory, so that every TCP socket created
 *   through TcpSocketFactory (by any application) is a TcpSwapCloseSocket
 *   (or the SocketType chosen), with the node's role setting its default
 *   close mode: clients swap-close, servers close normally;
 * - optionally aggregates a TcpHostModel (TCB list, memory, demultiplexing
 *   cost) and puts a TcpDemuxCostShim between IPv4 and TCP, so that
 *   arriving segments are charged the host's CPU time.
 *
 * A node that already has the internet stack keeps it; one that has not
 * gets it from the InternetStackHelper.
 */
class TwAvoidHelper
{
  public:
    /// The node's role, which sets the default close mode of its sockets.
    enum Role
    {
        CLIENT, //!< Passive closes are swap closes (TIME_WAIT stays here)
        SERVER, //!< Standard closes
    };

    TwAvoidHelper();

    /**
     * @brief Set the role of the nodes installed next.
     * @param role the role
     */
    void SetRole(Role role);

    /**
     * @brief Set the TypeId of the sockets (default ns3::TcpSwapCloseSocket).
     * @param tid a TcpSocketBase subclass, e.g. "ns3::TcpSocketBase" for stock ns-3
     */
    void SetSocketType(const std::string& tid);

    /**
     * @brief Set an attribute of every socket created on the nodes installed next.
     * @param name attribute name
     * @param value attribute value
     */
    void SetSocketAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Enable or disable the host model (TCB list and CPU cost). Default: enabled.
     * @param enable true to install a TcpHostModel and a TcpDemuxCostShim
     */
    void SetHostModelEnabled(bool enable);

    /**
     * @brief Set an attribute of the TcpHostModel.
     * @param name attribute name
     * @param value attribute value
     */
    void SetHostModelAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Set an attribute of the TcpDemuxCostShim.
     * @param name attribute name
     * @param value attribute value
     */
    void SetShimAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Set the InternetStackHelper that installs IP and TCP on nodes without them.
     * @param stack the helper
     */
    void SetInternetStackHelper(const InternetStackHelper& stack);

    /**
     * @brief Install on every node of a container.
     * @param nodes the nodes
     */
    void Install(NodeContainer nodes);

    /**
     * @brief Install on one node.
     * @param node the node
     */
    void Install(Ptr<Node> node);

  private:
    /**
     * @brief Make Object::GetObject<TcpSocketFactory> return our factory.
     * @param node the node
     * @param factory our factory, already aggregated
     */
    static void PreferFactory(Ptr<Node> node, Ptr<TwAvoidTcpSocketFactory> factory);

    ObjectFactory m_socketFactoryFactory; //!< Makes TwAvoidTcpSocketFactory objects
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_socketAttributes; //!< For sockets
    ObjectFactory m_hostFactory; //!< Makes TcpHostModel objects
    ObjectFactory m_shimFactory; //!< Makes TcpDemuxCostShim objects
    bool m_hostModel{true};      //!< Install the host model
    Role m_role{SERVER};         //!< Role of the nodes installed next
    InternetStackHelper m_stack; //!< Installs IP and TCP
};

} // namespace ns3

#endif /* TW_AVOID_HELPER_H */
