/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef IDLE_CONNECTION_POLICY_H
#define IDLE_CONNECTION_POLICY_H

#include "idle-connection-table.h"

#include "ns3/event-id.h"
#include "ns3/object.h"

namespace ns3
{

class PersistentConnectionManager;

/**
 * @ingroup proxy-buffer
 * @brief What a PersistentConnectionManager does with idle connections
 * beyond its resource thresholds: the policy slot of the manager.
 *
 * This base class is the proxy paper's: idle connections are kept until a
 * resource runs short (the manager's thresholds and admission), nothing
 * more. Subclasses model today's proxies.
 */
class IdleConnectionPolicy : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    ~IdleConnectionPolicy() override;

    /// @return the policy's name
    virtual std::string GetName() const;

    /**
     * @brief The manager starts: schedule what the policy does over time.
     * @param manager the manager
     */
    virtual void Start(Ptr<PersistentConnectionManager> manager);

    /**
     * @brief A connection has just become idle (it is in the table).
     * @param manager the manager
     * @param key the connection
     */
    virtual void BecameIdle(Ptr<PersistentConnectionManager> manager, const ConnectionKey& key);
};

/**
 * @ingroup proxy-buffer
 * @brief nginx's upstream `keepalive N`: at most N idle connections to
 * origins are cached; when one more becomes idle, the least recently used
 * are closed (ngx_http_upstream_keepalive_module; the cap is per worker
 * process, and a manager stands for one worker). Clients' idle connections
 * are not this cache's (nginx times them out: keepalive_timeout).
 */
class NginxKeepalivePolicy : public IdleConnectionPolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    std::string GetName() const override;
    void BecameIdle(Ptr<PersistentConnectionManager> manager, const ConnectionKey& key) override;

  private:
    uint32_t m_keepalive; //!< Keepalive (N)
};

/**
 * @ingroup proxy-buffer
 * @brief HAProxy's idle server-connection pool: a connection to an origin
 * that becomes idle when PoolMaxConn are idle already is closed instead of
 * kept (`pool-max-conn`), and every PurgeDelay half of the idle connections
 * to origins, the oldest, are closed (`pool-purge-delay`, 5 s by default).
 * Clients' idle connections are not in the pool.
 */
class HaproxyIdlePoolPolicy : public IdleConnectionPolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    std::string GetName() const override;
    void Start(Ptr<PersistentConnectionManager> manager) override;
    void BecameIdle(Ptr<PersistentConnectionManager> manager, const ConnectionKey& key) override;

  protected:
    void DoDispose() override;

  private:
    /**
     * @brief Close the oldest half of the idle connections to origins, and
     * come back.
     * @param manager the manager
     */
    void Purge(Ptr<PersistentConnectionManager> manager);

    uint32_t m_poolMaxConn; //!< PoolMaxConn
    Time m_purgeDelay;      //!< PurgeDelay
    EventId m_purge;        //!< Next purge
};

} // namespace ns3

#endif /* IDLE_CONNECTION_POLICY_H */
