/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef LINUX_SND_BUF_AUTOTUNING_H
#define LINUX_SND_BUF_AUTOTUNING_H

#include "ns3/tcp-buffer-policy.h"

namespace ns3
{

/**
 * @ingroup proxy-buffer
 * @brief Linux's send-buffer autotuning (tcp_sndbuf_expand, called from
 * tcp_new_space when an ACK frees room): the send buffer grows to twice
 * the congestion window (at least twice the initial window of 10
 * segments), never shrinks, and grows only while the node's SocketMemory
 * has room (tcp_mem pressure, first come first served): the send buffer
 * draws from it (SendBufferDrawsFromMemory), charged by the socket.
 *
 * Linux counts per-segment overhead (sk_buff truesize) into the buffer;
 * here the buffer counts payload bytes, as ns-3's does.
 */
class LinuxSndBufAutotuning : public TcpBufferPolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    ~LinuxSndBufAutotuning() override;

    std::string GetName() const override;
    void Established(TcpBufferControl& socket) override;
    void DataAcked(TcpBufferControl& socket, uint32_t bytes) override;
    void Closed() override;
    bool SendBufferDrawsFromMemory() const override;
    Ptr<TcpBufferPolicy> Fork() const override;

  private:
    uint32_t m_maxBuffer;      //!< MaxBuffer (tcp_wmem[2])
    uint64_t m_held{0};        //!< The send buffer it last set (the socket charges it)
    bool m_established{false}; //!< Between Established and Closed
};

} // namespace ns3

#endif /* LINUX_SND_BUF_AUTOTUNING_H */
