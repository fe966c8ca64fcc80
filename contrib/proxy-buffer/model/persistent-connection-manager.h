/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PERSISTENT_CONNECTION_MANAGER_H
#define PERSISTENT_CONNECTION_MANAGER_H

#include "idle-connection-policy.h"
#include "idle-connection-table.h"

#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <unordered_map>

namespace ns3
{

class GradualRelease;
class Socket;
class SocketMemory;
class TcpSocketExtensions;

/**
 * @ingroup proxy-buffer
 * @brief The proxy paper's management of persistent connections (seed 004,
 * section 3.2): the connections a proxy holds, which of them are idle
 * (IdleConnectionTable: hash table and time scheduling list), and closing
 * the oldest idle ones when resources run short.
 *
 * The application registers each connection with a callback that closes
 * it (and unregisters it), and says when it becomes idle and active again.
 * Resources, compared with their thresholds every Interval (none by
 * default: the paper's schemes close idle connections only at admission):
 * - connections: those registered against MaxConnections (the paper's Nmax);
 * - buffer pool: the registered sockets' send and receive buffers against
 *   the Limit of their node's SocketMemory when it counts buffers
 *   (Accounting Buffers; otherwise no pool threshold);
 * - descriptors: one per connection plus ReservedDescriptors against
 *   MaxDescriptors.
 * Past any threshold, the oldest idle connections are closed until all are
 * below, or none is idle. MakeRoom closes the oldest idle connection for a
 * new one when MaxConnections are open (schemes 3 and 4 of the paper).
 *
 * The manager tells a connection's buffer policy when the connection goes
 * idle and active again (TcpBufferPolicy::Idle, Active); it never sizes a
 * buffer itself. Gradual release (GradualRelease, scheme 4) wraps the policy
 * of every connection registered in a GradualRelease policy: idle, the
 * connection leaves the E2-ATBT computation and its buffers halve every
 * ReleaseInterval (3 s) down to ReleaseFloor (1 KB); active again, it
 * rejoins the allocator, which gives it a share. Unregistered, it gets its
 * own policy back.
 *
 * Every operation on a connection is O(1); a threshold check is O(n) in the
 * registered sockets (the pool's sum), once per Interval.
 */
class PersistentConnectionManager : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    PersistentConnectionManager();
    ~PersistentConnectionManager() override;

    /// Closes a connection (the application's; it must call Unregister).
    using CloseCallback = Callback<void>;

    /**
     * @brief The key of a connected socket.
     * @param socket the socket
     * @return its addresses and ports
     */
    static ConnectionKey KeyOf(Ptr<const Socket> socket);

    /// Which side of the proxy a connection is on.
    enum Side
    {
        TO_CLIENT, //!< A client's connection to the proxy
        TO_ORIGIN, //!< The proxy's connection to an origin server
    };

    /**
     * @brief A connection opens (it counts against the resources from now).
     * @param key its identity
     * @param close how to close it
     * @param socket its socket, for its buffers (may be null, or a socket
     *        without TcpSocketExtensions: not counted in the pool, no gradual
     *        release)
     * @param side which side it is on (idle-connection policies that model
     *        an upstream connection cache act on TO_ORIGIN ones only)
     * @param reserved it takes a place Reserve kept for it
     */
    void Register(const ConnectionKey& key,
                  CloseCallback close,
                  Ptr<Socket> socket,
                  Side side = TO_CLIENT,
                  bool reserved = false);

    /// Keep a place for a connection being opened (its handshake under way):
    /// it counts against MaxConnections until it registers or is cancelled.
    void Reserve();

    /// A connection that had a place kept will not open after all.
    void CancelReservation();

    /**
     * @brief A connection is gone (closed by anyone); unknown keys are ignored.
     * @param key its identity
     */
    void Unregister(const ConnectionKey& key);

    /**
     * @brief A registered connection became idle (a persistent connection
     * between requests).
     * @param key its identity
     */
    void Idle(const ConnectionKey& key);

    /**
     * @brief A connection became active again: it leaves the idle table,
     * and its buffers come back.
     * @param key its identity
     */
    void Active(const ConnectionKey& key);

    /**
     * @brief Room for one more connection: if MaxConnections are open, close
     * the oldest idle one.
     * @return whether fewer than MaxConnections are open now
     */
    bool MakeRoom();

    /// @return whether fewer than MaxConnections are open or kept
    bool HasRoom() const;

    /**
     * @brief Close an idle connection (policies and thresholds do).
     * @param key its identity (must be idle)
     */
    void CloseIdle(const ConnectionKey& key);

    /// Compare each resource with its threshold; close the oldest idle
    /// connections while one is past it.
    void CheckThresholds();

    /// @return the idle connections
    const IdleConnectionTable& GetIdle() const;

    /// @return the idle connections to origins (a subset of GetIdle, by key
    /// and by age as well)
    const IdleConnectionTable& GetIdleToOrigins() const;

    /// @return connections registered
    uint32_t GetOpen() const;

    /// @return places kept for connections being opened
    uint32_t GetReserved() const;

    /// @return bytes of the registered sockets' buffers
    uint64_t GetBufferBytes() const;

    /// @return idle connections closed so far for room (thresholds, admission,
    /// the policy)
    uint64_t GetEvictions() const;

    /// @return idle connections closed so far by the IdleTimeout
    uint64_t GetTimedOut() const;

    /**
     * @brief TracedCallback signature for an eviction.
     * @param [in] idleFor how long it had been idle
     */
    typedef void (*EvictionTracedCallback)(Time idleFor);

  protected:
    /// Starts the checks and the policy (at the first Register, if the
    /// manager was not initialised before).
    void DoInitialize() override;
    void DoDispose() override;

  private:
    /// A registered connection.
    struct Connection
    {
        CloseCallback close;         //!< Closes it
        Ptr<Socket> socket;          //!< Its socket (may be null)
        TcpSocketExtensions* tcp;    //!< Its buffers (null: none to count or release)
        Side side{TO_CLIENT};        //!< Which side of the proxy
        Ptr<GradualRelease> release; //!< Wraps its buffer policy (GradualRelease)
    };

    /// The periodic check.
    void Tick();

    /**
     * @brief Take a connection out of the manager.
     * @param key its identity
     * @return how to close it (to be called after the manager's own bookkeeping)
     */
    CloseCallback Detach(const ConnectionKey& key);

    /// Schedule the IdleTimeout of the oldest idle connection, unless one is due.
    void ArmIdleTimer();

    /// Close the idle connections whose IdleTimeout has come, then re-arm.
    void ExpireIdle();

    /**
     * @brief Give a connection its own buffer policy back (GradualRelease).
     * @param c the connection
     */
    void Unwrap(Connection& c);

    /**
     * @brief Whether some resource is at or past its threshold.
     * @param bufferBytes the registered sockets' buffer bytes
     * @return true if one is
     */
    bool PastThreshold(uint64_t bufferBytes) const;

    uint32_t m_maxConnections;          //!< MaxConnections
    Ptr<SocketMemory> m_memory;         //!< The sockets' node's socket memory (the pool)
    uint32_t m_maxDescriptors;          //!< MaxDescriptors
    uint32_t m_reservedDescriptors;     //!< ReservedDescriptors
    double m_connectionThreshold;       //!< ConnectionThreshold
    double m_poolThreshold;             //!< PoolThreshold
    double m_descriptorThreshold;       //!< DescriptorThreshold
    Time m_interval;                    //!< Interval
    Time m_idleTimeout;                 //!< IdleTimeout
    bool m_gradualRelease;              //!< GradualRelease
    Time m_releaseInterval;             //!< ReleaseInterval
    uint32_t m_releaseFloor;            //!< ReleaseFloor
    Ptr<IdleConnectionPolicy> m_policy; //!< Policy
    std::unordered_map<ConnectionKey, Connection, ConnectionKeyHash> m_connections; //!< Open
    IdleConnectionTable m_idle;           //!< The idle ones
    IdleConnectionTable m_idleToOrigins;  //!< The idle ones to origins
    uint64_t m_evictions{0};              //!< Idle connections closed for room
    uint64_t m_timedOut{0};               //!< Idle connections closed by the IdleTimeout
    EventId m_expiry;                     //!< Next IdleTimeout
    TracedCallback<Time> m_timeoutTrace;  //!< IdleTimeoutExpired trace
    uint32_t m_reserved{0};               //!< Places kept for connections being opened
    EventId m_tick;                       //!< Next check
    TracedCallback<Time> m_evictionTrace; //!< Eviction trace
};

} // namespace ns3

#endif /* PERSISTENT_CONNECTION_MANAGER_H */
