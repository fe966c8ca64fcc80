/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef LINUX_RCV_BUF_AUTOTUNING_H
#define LINUX_RCV_BUF_AUTOTUNING_H

#include "round-trip-buffer-policy.h"

namespace ns3
{

/**
 * @ingroup proxy-buffer
 * @brief Linux's receive-buffer autotuning (dynamic right-sizing,
 * tcp_rcv_space_adjust in net/ipv4/tcp_input.c), as researchers know it.
 *
 * Every round trip (RoundTripBufferPolicy) the policy counts the bytes the application copied out
 * (read). If that beats the previous round's, the window wanted is twice
 * it plus 16 segments of headroom, plus twice the growth in proportion
 * (Linux: rcvwin = 2 copied + 16 advmss, + 2 rcvwin (copied - space) /
 * space); the buffer grows to it, up to MaxBuffer (tcp_rmem[2]). It never
 * shrinks. Buffer bytes are payload bytes here (Linux counts skb overhead
 * as well and scales by its truesize ratio).
 */
class LinuxRcvBufAutotuning : public RoundTripBufferPolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    std::string GetName() const override;
    void Established(TcpBufferControl& socket) override;
    void DataRead(TcpBufferControl& socket, uint32_t bytes) override;
    Ptr<TcpBufferPolicy> Fork() const override;

  private:
    uint32_t m_maxBuffer; //!< MaxBuffer (tcp_rmem[2])
    uint64_t m_copied{0}; //!< Bytes read in it
    uint64_t m_space{0};  //!< Bytes read in the last round that grew the buffer
};

} // namespace ns3

#endif /* LINUX_RCV_BUF_AUTOTUNING_H */
