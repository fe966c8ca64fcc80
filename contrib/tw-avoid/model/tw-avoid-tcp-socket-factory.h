/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TW_AVOID_TCP_SOCKET_FACTORY_H
#define TW_AVOID_TCP_SOCKET_FACTORY_H

#include "ns3/object-factory.h"
#include "ns3/tcp-socket-factory.h"

namespace ns3
{

/**
 * @ingroup tw-avoid
 * @brief A TcpSocketFactory that builds sockets of a chosen TcpSocketBase subclass.
 *
 * TcpL4Protocol::CreateSocket always builds a plain TcpSocketBase. This
 * factory builds an object of its SocketType instead (TcpSwapCloseSocket by
 * default, with the attributes given to SetSocketAttribute) and wires it to
 * the node's TcpL4Protocol exactly as CreateSocket does: node, RTT estimator,
 * congestion control and recovery of the types TcpL4Protocol is configured
 * with. Aggregated to a node before the internet stack (TwAvoidHelper does
 * this), it is the one that Socket::CreateSocket(node,
 * TcpSocketFactory::GetTypeId()) finds, so unmodified applications such as
 * BulkSendApplication and PacketSink get the subclass.
 */
class TwAvoidTcpSocketFactory : public TcpSocketFactory
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TwAvoidTcpSocketFactory();

    /**
     * @brief Set an attribute of the sockets this factory creates.
     * @param name attribute name
     * @param value attribute value
     */
    void SetSocketAttribute(const std::string& name, const AttributeValue& value);

    Ptr<Socket> CreateSocket() override;

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

    ObjectFactory m_socketFactory; //!< Makes the sockets
};

} // namespace ns3

#endif /* TW_AVOID_TCP_SOCKET_FACTORY_H */
