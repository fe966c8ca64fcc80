/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_HOST_HELPER_H
#define TCP_HOST_HELPER_H

#include "ns3/internet-stack-helper.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/tcp-close-policy.h"

#include <map>
#include <set>

namespace ns3
{

class TcpHostProfile;
class TcpHostSocketFactory;

/**
 * @ingroup tcp-host
 * @brief Installs the internet stack with the suite's TCP and host model on nodes.
 *
 * On each node it
 * - aggregates a TcpHostSocketFactory, so that applications that ask for it
 *   (the suite's by default) or for ns3::TcpSocketFactory (ns-3's BulkSend,
 *   PacketSink, OnOff) get TcpHostSocket sockets (or the SocketType
 *   chosen), with the attributes and the close policy set here;
 * - installs a TcpOutputStage on TCP's path down to IPv4 (options a close
 *   policy sends, send-side CPU cost);
 * - optionally (default: on) aggregates a HostCpu and a TcpHostModel (TCB
 *   list, memory, demultiplexing cost) and puts a TcpInputStage between
 *   IPv4 and TCP, so that arriving segments are charged CPU time.
 *
 * It installs the internet stack (a node that has ns-3's TCP already is
 * refused: its ns3::TcpSocketFactory would give stock sockets), TCP first
 * with its node set, so that the suite's factory is the node's only
 * ns3::TcpSocketFactory. SetProfile applies a named host
 * profile (TcpHostProfile) to the nodes installed next.
 */
class TcpHostHelper
{
  public:
    TcpHostHelper();
    virtual ~TcpHostHelper() = default;

    /**
     * @brief Set the TypeId of the sockets (default ns3::TcpHostSocket).
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
     * @brief Give the sockets of the nodes installed next a fork of a close policy.
     * @param prototype the policy (null: the sockets' ClosePolicy attribute decides)
     */
    void SetClosePolicy(Ptr<TcpClosePolicy> prototype);

    /**
     * @brief Apply a host profile to the nodes installed next.
     *
     * Sets the attributes the profile carries, except those the user set:
     * with the Set*Attribute methods, before or after this call, or as a
     * default (--ns3::Type::Name, Config::SetDefault, NS_ATTRIBUTE_DEFAULT;
     * see UserDefaults::IsSet). A user's setting always wins over
     * the profile. An unknown name throws std::invalid_argument (a Python
     * exception).
     *
     * @param name a profile name known to TcpHostProfile
     */
    void SetProfile(const std::string& name);

    /**
     * @brief Enable or disable the host model (CPU, TCB list and costs). Default: enabled.
     * @param enable true to install a HostCpu, a TcpHostModel and a TcpInputStage
     */
    void SetHostModelEnabled(bool enable);

    /**
     * @brief Set an attribute of the TcpHostModel.
     * @param name attribute name
     * @param value attribute value
     */
    void SetHostModelAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Set an attribute of the node's SocketMemory (installed on every
     * node, host model or not: its limit, TCB size and accounting).
     * @param name attribute name
     * @param value attribute value
     */
    void SetSocketMemoryAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Set an attribute of the TcpInputStage.
     * @param name attribute name
     * @param value attribute value
     */
    void SetInputStageAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Set an attribute of the TcpOutputStage.
     * @param name attribute name
     * @param value attribute value
     */
    void SetOutputStageAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Set an attribute of the nodes' TcpL4Protocol (for example
     * SocketType, the congestion control of the sockets made after), set
     * on it when Install finds or installs it.
     * @param name attribute name
     * @param value attribute value
     */
    void SetTcpAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Give the nodes Linux's compact TIME_WAIT (a TimeWaitTable):
     * sockets leave TIME_WAIT to a small record and go. Needs the host
     * model (its input stage hands the table its segments).
     * @param enable whether to install one
     */
    void SetTimeWaitTableEnabled(bool enable);

    /**
     * @brief Set an attribute of the TimeWaitTable (and install one).
     * @param name the attribute
     * @param value its value
     */
    void SetTimeWaitTableAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Give every listening socket of the nodes Linux's SYN and accept
     * queues (a TcpListenQueue each, made when the socket listens).
     * @param enable whether listeners get them
     */
    void SetListenQueueEnabled(bool enable);

    /**
     * @brief Set an attribute of the listeners' TcpListenQueue (and enable them).
     * @param name the attribute
     * @param value its value
     */
    void SetListenQueueAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Give the nodes Linux's choice of connect()'s local port (a
     * LocalPortAllocator): per destination from ip_local_port_range, with
     * tcp_tw_reuse; a connect() with no port left fails with
     * ERROR_ADDRNOTAVAIL. Without it (every profile's default) an unbound
     * socket's connect() takes ns-3's next ephemeral port.
     * @param enable whether to install one
     */
    void SetLocalPortAllocator(bool enable);

    /**
     * @brief Set an attribute of the LocalPortAllocator (and install one).
     * @param name the attribute (LowPort, HighPort, TwReuse, TwReuseDelay, PerturbTableOrder,
     * Random)
     * @param value its value
     */
    void SetLocalPortAttribute(const std::string& name, const AttributeValue& value);

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
    virtual void Install(Ptr<Node> node);

    /**
     * @brief Give every random variable of the nodes' hosts a fixed stream.
     *
     * Two per node, at numbers no ns-3 version moves: the delayed-ACK
     * clock's boot phase (TcpDelayedAckClock, aggregated here if absent)
     * and ARP's request jitter (ArpL3Protocol), the one random variable of
     * ns-3's stack that draws on an IPv4 LAN. Then ns-3's own through
     * InternetStackHelper::AssignStreams (IPv6's, global routing's), whose
     * count differs between ns-3 versions, so it is taken last. Without
     * this, those variables get ns-3's automatic streams, numbered in
     * creation order, and any random variable ns-3 adds (3.48's IPv6
     * routing extension) changes their draws. Last, one per node that has a
     * LocalPortAllocator, for its counters (none without one).
     *
     * @param nodes the nodes, installed
     * @param stream the first stream number
     * @return the number of streams used
     */
    int64_t AssignStreams(NodeContainer nodes, int64_t stream);

  protected:
    /// @return the socket TypeId chosen
    TypeId GetSocketType() const;

  private:
    ObjectFactory m_socketFactoryFactory; //!< Makes TcpHostSocketFactory objects
    TypeId m_socketType;                  //!< Type of the sockets
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_socketAttributes; //!< For sockets
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_tcpAttributes; //!< For TcpL4Protocol
    Ptr<TcpClosePolicy> m_closePolicy; //!< Forked into every socket, if set
    /**
     * @brief Set an attribute on one of the helper's factories at the user's
     * request: remembered, so that a profile applied later leaves it. A
     * default the user set (UserDefaults::IsSet) to another value
     * is a conflict: std::invalid_argument names both.
     * @param factory the factory
     * @param name the attribute
     * @param value its value
     */
    void SetUserAttribute(ObjectFactory& factory,
                          const std::string& name,
                          const AttributeValue& value);

    /**
     * @brief Refuse (std::invalid_argument) an attribute the type does not
     * have, a value it cannot take, and a setting that would silently
     * override the default the user gave the same attribute.
     * @param tid the type whose attribute it is
     * @param name the attribute
     * @param value the value asked for here
     */
    static void CheckAgainstUserDefault(TypeId tid,
                                        const std::string& name,
                                        const AttributeValue& value);

    /// Attributes set by the user per factory type (a profile leaves them).
    std::map<std::string, std::set<std::string>> m_userSet;
    ObjectFactory m_hostFactory;        //!< Makes TcpHostModel objects
    ObjectFactory m_memoryFactory;      //!< Makes SocketMemory objects
    ObjectFactory m_inputFactory;       //!< Makes TcpInputStage objects
    ObjectFactory m_outputFactory;      //!< Makes TcpOutputStage objects
    ObjectFactory m_timeWaitFactory;    //!< Makes TimeWaitTable objects
    bool m_timeWaitTable{false};        //!< Install a TimeWaitTable
    ObjectFactory m_listenQueueFactory; //!< Makes the listeners' TcpListenQueue objects
    bool m_listenQueues{false};         //!< Listeners get a TcpListenQueue
    ObjectFactory m_localPortFactory;   //!< Makes LocalPortAllocator objects
    bool m_localPorts{false};           //!< Install a LocalPortAllocator
    bool m_hostModel{true};             //!< Install the host model
    InternetStackHelper m_stack;        //!< Installs IP and TCP
};

} // namespace ns3

#endif /* TCP_HOST_HELPER_H */
