/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_NODE_REPORTER_H
#define TCP_NODE_REPORTER_H

#include "tcb-list.h"

#include "ns3/ptr.h"
#include "ns3/tcp-socket.h"

namespace ns3
{

class Node;
class SocketMemory;
class TcpHostModel;
class TcpHostSocket;
class TcpSocketIndex;
class TimeWaitTable;

/**
 * @ingroup tcp-host
 * @brief The part of TcpHostSocket that reports its TCB to its node: the
 * node's TcpHostModel (the TCB's state, for the list and the costs), its
 * TcpSocketIndex (the endpoint's 4-tuple, for the input stage), its
 * SocketMemory when that is a shared pool (the bytes the buffers hold) and
 * its TimeWaitTable (where TIME_WAIT may go). The node's objects are looked
 * up together, once, on first use; a node without them is told nothing.
 */
class TcpNodeReporter
{
  public:
    /**
     * Looks the node's objects up, the first time only.
     * @param node the socket's node (may be null: nothing looked up yet)
     */
    void LookUp(Ptr<Node> node);
    /**
     * @param node the socket's node
     * @return the node's TIME_WAIT records (null: TIME_WAIT stays in the socket)
     */
    Ptr<TimeWaitTable> GetTimeWaitTable(Ptr<Node> node);
    /**
     * @return the node's socket memory if it is a shared pool that counts
     * data (and has been looked up), else null
     */
    Ptr<SocketMemory> GetSharedPool() const;

    /**
     * The TCB holds an endpoint in this state: the index lists it under
     * its 4-tuple, the host model counts it.
     * @param socket the socket
     * @param key its endpoint's 4-tuple, local end first
     * @param state its state (not CLOSED)
     */
    void Report(TcpHostSocket* socket, const TcbKey& key, TcpSocket::TcpStates_t state);
    /**
     * The TCB is gone (or never had an endpoint): the node forgets it.
     * @param socket the socket
     */
    void Forget(const TcpHostSocket* socket);
    /**
     * The bytes its buffers hold, for a shared pool (nothing otherwise).
     * @param socket the socket
     * @param bytes send and receive buffer bytes
     */
    void ReportData(const TcpHostSocket* socket, uint32_t bytes);

    /// The socket goes away: no node object is kept alive by it.
    void Dispose();

  private:
    bool m_looked{false};               //!< The node's objects were looked up
    Ptr<TcpHostModel> m_hostModel;      //!< The node's host model (may be null)
    Ptr<SocketMemory> m_memory;         //!< The node's socket memory (may be null)
    bool m_sharedPool{false};           //!< m_memory counts data, with a host model
    Ptr<TimeWaitTable> m_timeWaitTable; //!< The node's TIME_WAIT records (may be null)
    Ptr<TcpSocketIndex> m_socketIndex;  //!< The node's socket index (may be null)
};

} // namespace ns3

#endif // TCP_NODE_REPORTER_H
