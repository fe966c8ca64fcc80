/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef LINUX_SND_BUF_AUTOTUNING_H
#define LINUX_SND_BUF_AUTOTUNING_H

#include "ns3/socket-memory.h"
#include "ns3/tcp-buffer-policy.h"

namespace ns3
{

/**
 * @ingroup proxy-buffer
 * @brief Linux's send-buffer autotuning (tcp_sndbuf_expand, called from
 * tcp_new_space when an ACK frees room): the send buffer grows to twice
 * the congestion window (at least twice the initial window of 10
 * segments), never shrinks, and grows only while the node's
 * node's SocketMemory has room (tcp_mem pressure, first come first served).
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
    Ptr<TcpBufferPolicy> Fork() const override;

  private:
    uint32_t m_maxBuffer;      //!< MaxBuffer (tcp_wmem[2])
    Ptr<SocketMemory> m_pool;  //!< While established, the node's socket memory if this policy
                               //!< charges it (not the socket: SocketBuffers)
    uint64_t m_held{0};        //!< Bytes this socket holds in it
    bool m_established{false}; //!< Between Established and Closed
};

} // namespace ns3

#endif /* LINUX_SND_BUF_AUTOTUNING_H */
