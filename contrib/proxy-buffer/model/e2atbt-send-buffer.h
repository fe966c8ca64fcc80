/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef E2ATBT_SEND_BUFFER_H
#define E2ATBT_SEND_BUFFER_H

#include "e2atbt-allocator.h"

#include "ns3/tcp-buffer-policy.h"

namespace ns3
{

class Socket;

/**
 * @ingroup proxy-buffer
 * @brief The buffer policy that puts a connection under its node's
 * E2AtbtAllocator: the send buffer is the connection's share of the pool.
 *
 * Registers the connection when it is established and unregisters it when
 * it is over (TcpBufferPolicy::Closed), which are the allocator's arrival and
 * departure evaluations. What it measures, when asked:
 * - loss ratio: data segments sent again / data segments sent, since the
 *   connection began (TcpHostSocket counts both in SendDataPacket; a
 *   segment below the highest sequence sent is a retransmission);
 * - RTT: the smoothed RTT (TCP's own estimator); before its first sample,
 *   the RTO stands for it (an upper bound, and what TCP itself would wait);
 * - RTO: TCP's retransmission timeout now;
 * - segment size: the connection's MSS.
 *
 * The node must carry an E2AtbtAllocator (aggregate one, e.g. with
 * `node->AggregateObject(CreateObject<E2AtbtAllocator>())`).
 */
class E2AtbtSendBuffer : public TcpBufferPolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    ~E2AtbtSendBuffer() override;

    std::string GetName() const override;
    void Established(TcpBufferControl& socket) override;
    void Closed() override;
    /// Out of the allocator's computation while gradual release shrinks
    /// the idle connection's buffers (Suspend).
    void Released() override;
    /// Back in it (Resume): the allocator sizes the send buffer.
    bool Restored() override;
    Ptr<TcpBufferPolicy> Fork() const override;

    /// @return the connection's id at the allocator (0: not registered)
    uint32_t GetConnectionId() const;

    /// Leave the allocator's computation for now (an idle persistent
    /// connection under gradual release); the buffer keeps its size.
    void Suspend();

    /// Rejoin the allocator (a new id, and an evaluation) after Suspend.
    void Resume();

    /// @return whether suspended
    bool IsSuspended() const;

    /// @return the node's allocator this connection is registered with
    Ptr<E2AtbtAllocator> GetAllocator() const;

    /**
     * @brief What a socket reports to the allocator.
     * @param socket the socket
     * @return its measurement
     */
    static E2AtbtAllocator::Measurement Measure(const TcpBufferControl& socket);

    /**
     * @brief A socket's E2-ATBT policy.
     * @param socket the socket (may be null)
     * @return the policy, or null if the socket's send buffer is not E2-ATBT's
     */
    static Ptr<E2AtbtSendBuffer> Of(Ptr<const Socket> socket);

  protected:
    /// @return this connection's measurement (the allocator's callback)
    virtual E2AtbtAllocator::Measurement MeasureNow() const;

    /**
     * @brief Set the send buffer to the share (the allocator's callback).
     * @param bytes the share
     */
    virtual void Apply(uint64_t bytes);

    /// @return the send buffer's size now (the allocator's callback)
    virtual uint64_t Held() const;

    /// Register with the allocator (a new id).
    void Join();

    TcpBufferControl* m_socket{nullptr}; //!< While registered (its socket owns this policy)

  private:
    Ptr<E2AtbtAllocator> m_allocator; //!< While registered
    uint32_t m_id{0};                 //!< Id at the allocator
    bool m_suspended{false};          //!< Out of the computation for now
};

} // namespace ns3

#endif /* E2ATBT_SEND_BUFFER_H */
