/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef GRADUAL_RELEASE_H
#define GRADUAL_RELEASE_H

#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/tcp-buffer-policy.h"

namespace ns3
{

/**
 * @ingroup proxy-buffer
 * @brief Gradual release of an idle connection's buffers (the proxy paper's
 * scheme 4), as a buffer policy that wraps the connection's own.
 *
 * Every event goes on to the inner policy, which sizes the buffers while
 * the connection is in use. When the application says the connection is
 * idle (TcpBufferPolicy::Idle), this policy notes both buffer sizes, tells
 * the inner one it is released (E2-ATBT leaves its allocator's computation)
 * and halves both buffers every ReleaseInterval down to ReleaseFloor. When
 * the connection is active again it stops, gives the receive buffer back
 * its size and, unless the inner policy sizes the send buffer itself again
 * (E2-ATBT: the allocator's share), the send buffer too. The socket charges
 * whatever the sizes draw from its node's memory; this policy only sets
 * them.
 *
 * PersistentConnectionManager (GradualRelease) wraps the policy of each
 * connection it manages in one, and tells it idle and active.
 */
class GradualRelease : public TcpBufferPolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    GradualRelease();
    ~GradualRelease() override;

    /**
     * @brief Wrap a policy.
     * @param inner the policy that sizes the buffers while in use
     * @return the wrapping policy, with the attributes' defaults
     */
    static Ptr<GradualRelease> Wrap(Ptr<TcpBufferPolicy> inner);

    /// @return the wrapped policy
    Ptr<TcpBufferPolicy> GetInner() const;

    /// @return whether the buffers are being released now (between Idle and Active)
    bool IsReleasing() const;

    std::string GetName() const override;
    void Established(TcpBufferControl& socket) override;
    void DataAcked(TcpBufferControl& socket, uint32_t bytes) override;
    void DataReceived(TcpBufferControl& socket, uint32_t bytes) override;
    void DataRead(TcpBufferControl& socket, uint32_t bytes) override;
    /// Stops releasing (the socket may be half destroyed) and tells the inner.
    void Closed() override;
    bool SendBufferDrawsFromMemory() const override;
    void Idle(TcpBufferControl& socket) override;
    void Active(TcpBufferControl& socket) override;
    Ptr<TcpBufferPolicy> Fork() const override;

  protected:
    void DoDispose() override;

  private:
    /// Halve both buffers, down to the floor, and come back while above it.
    void Halve();

    Ptr<TcpBufferPolicy> m_inner;        //!< Sizes the buffers while in use
    Time m_interval;                     //!< ReleaseInterval
    uint32_t m_floor;                    //!< ReleaseFloor
    TcpBufferControl* m_socket{nullptr}; //!< While releasing (its socket owns this policy)
    uint32_t m_sendBefore{0};            //!< Send buffer when it became idle
    uint32_t m_receiveBefore{0};         //!< Receive buffer when it became idle
    EventId m_halving;                   //!< The next halving
};

} // namespace ns3

#endif /* GRADUAL_RELEASE_H */
