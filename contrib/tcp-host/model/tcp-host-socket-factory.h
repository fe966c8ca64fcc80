/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_HOST_SOCKET_FACTORY_H
#define TCP_HOST_SOCKET_FACTORY_H

#include "tcp-close-policy.h"

#include "ns3/object-factory.h"
#include "ns3/tcp-socket-factory.h"

namespace ns3
{

class Node;
class TcpListenQueue;

/**
 * @ingroup tcp-host
 * @brief A TcpSocketFactory that builds sockets of a chosen TcpSocketBase subclass.
 *
 * TcpL4Protocol::CreateSocket always builds a plain TcpSocketBase. This
 * factory builds an object of its SocketType instead (TcpHostSocket by
 * default, with the attributes given to SetSocketAttribute and a fork of the
 * close policy given to SetClosePolicy) and wires it to the node's
 * TcpL4Protocol exactly as CreateSocket does: node, RTT estimator,
 * congestion control and recovery of the types TcpL4Protocol is configured
 * with.
 *
 * An application gets these sockets by asking for this factory's TypeId,
 * which ns-3's own applications do through their Protocol attribute
 * (BulkSendApplication, PacketSink, OnOffApplication...):
 * @code
 * sink.SetAttribute("Protocol", TypeIdValue(TcpHostSocketFactory::GetTypeId()));
 * @endcode
 * Asking for TcpSocketFactory still gets ns-3's own socket (which of two
 * aggregated factories ns-3's Object lookup returns first is not
 * specified, so the suite never relies on it). Sockets of one node may
 * differ: an application can give any socket its own policies
 * (TcpHostSocket::SetClosePolicy) after creating it.
 */
class TcpHostSocketFactory : public TcpSocketFactory
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TcpHostSocketFactory();

    /**
     * @brief Set an attribute of the sockets this factory creates.
     * @param name attribute name
     * @param value attribute value
     */
    void SetSocketAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Give every socket created from now on a fork of this close policy.
     * @param prototype the policy (null: the socket's ClosePolicy attribute decides)
     */
    void SetClosePolicy(Ptr<TcpClosePolicy> prototype);

    /**
     * @brief Give every TcpHostSocket that listens on this node a
     * TcpListenQueue (Linux's SYN and accept queues) made by @p factory.
     * @param factory makes TcpListenQueue objects
     */
    void SetListenQueueFactory(const ObjectFactory& factory);

    /**
     * @brief A listen queue for a socket that starts listening.
     * @return a new TcpListenQueue, or null if this node's listeners have none
     */
    Ptr<TcpListenQueue> CreateListenQueue() const;

    Ptr<Socket> CreateSocket() override;

    /**
     * @brief A socket from a node's socket factory of a given type.
     *
     * Socket::CreateSocket, with a clear error when the node has no such
     * factory (for this one: install the node with TcpHostHelper).
     *
     * @param node the node
     * @param factory a SocketFactory TypeId
     * @return the socket
     */
    static Ptr<Socket> CreateSocketFrom(Ptr<Node> node, TypeId factory);

  private:
    /**
     * @brief Set the socket TypeId (attribute setter).
     * @param tid a TcpSocketBase subclass
     */
    void SetSocketType(TypeId tid);

    /**
     * @brief Get the socket TypeId (attribute getter).
     * @return the TypeId
     */
    TypeId GetSocketType() const;

    ObjectFactory m_socketFactory;      //!< Makes the sockets
    Ptr<TcpClosePolicy> m_closePolicy;  //!< Forked into each socket, if set
    ObjectFactory m_listenQueueFactory; //!< Makes the listeners' queues
    bool m_listenQueues{false};         //!< Listeners get a queue
};

} // namespace ns3

#endif /* TCP_HOST_SOCKET_FACTORY_H */
