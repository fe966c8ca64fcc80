/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef E2ATBT_RCV_BUFFER_H
#define E2ATBT_RCV_BUFFER_H

#include "e2atbt-send-buffer.h"

namespace ns3
{

/**
 * @ingroup proxy-buffer
 * @brief E2-ATBT for an upstream connection's receive buffer: the same
 * registration as E2AtbtSendBuffer (so that the proxy can pair it with the
 * downstream connection it feeds), but the share sizes the receive buffer,
 * and the measurement is the receiver's view of the path.
 *
 * The proxy paper supposes "that the proxy server can obtain complete
 * information about required sizes of the receive socket buffer of upward
 * TCP connections" (section 3.1): the origin's expected throughput times
 * the RTT. The receiver measures what the sender would: the loss ratio as
 * the segments that arrive below the highest sequence received (the
 * sender's retransmissions) over the data segments received; the smoothed
 * RTT (or the RTO before a sample); the RTO; the MSS.
 */
class E2AtbtRcvBuffer : public E2AtbtSendBuffer
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    std::string GetName() const override;
    Ptr<TcpBufferPolicy> Fork() const override;

    /**
     * @brief What a receiving socket reports to the allocator.
     * @param socket the socket
     * @return its measurement
     */
    static E2AtbtAllocator::Measurement MeasureReceiver(const TcpBufferControl& socket);

  protected:
    E2AtbtAllocator::Measurement MeasureNow() const override;
    /// Set the receive buffer to the share.
    void Apply(uint64_t bytes) override;
    /// @return the receive buffer's size now
    uint64_t Held() const override;
};

} // namespace ns3

#endif /* E2ATBT_RCV_BUFFER_H */
