/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef WINDOW_FOLLOWING_RCV_BUF_H
#define WINDOW_FOLLOWING_RCV_BUF_H

#include "round-trip-buffer-policy.h"

namespace ns3
{

/**
 * @ingroup proxy-buffer
 * @brief Receive-buffer autotuning that follows the sender's window (the
 * proxy paper's control of an upstream connection's receive buffer).
 *
 * Every round trip (RoundTripBufferPolicy) the policy counts the bytes that arrived in sequence:
 * what the sender's window let through in that round. It sets the receive buffer to Headroom times
 * that, within MinBuffer and MaxBuffer: room for a window that doubles in slow start, and no more.
 * Unlike Linux's dynamic right-sizing (LinuxRcvBufAutotuning) it measures arrivals, not the
 * application's reads, and it shrinks the buffer again when the window
 * shrinks (as far as TcpHostSocket::ResizeReceiveBuffer allows: never below
 * the window already advertised), so that a proxy's pool is not held by
 * connections that no longer need it.
 */
class WindowFollowingRcvBuf : public RoundTripBufferPolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    std::string GetName() const override;
    void Established(TcpBufferControl& socket) override;
    void DataReceived(TcpBufferControl& socket, uint32_t bytes) override;
    Ptr<TcpBufferPolicy> Fork() const override;

  private:
    uint32_t m_minBuffer;     //!< MinBuffer
    uint32_t m_maxBuffer;     //!< MaxBuffer
    double m_headroom;        //!< Headroom
    uint64_t m_roundBytes{0}; //!< Bytes arrived in it
};

} // namespace ns3

#endif /* WINDOW_FOLLOWING_RCV_BUF_H */
