/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SOCKET_BUFFER_POOL_H
#define SOCKET_BUFFER_POOL_H

#include "ns3/object.h"
#include "ns3/traced-value.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup proxy-buffer
 * @brief A node's socket-buffer memory, first come first served: what
 * buffers hold between them, and a limit above which none may grow
 * (Linux's tcp_mem pressure, simplified: past the limit, no buffer
 * expands; buffers given at creation are always granted).
 *
 * Aggregate one to a node for LinuxSndBufAutotuning.
 */
class SocketBufferPool : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * @brief A buffer that exists whatever the pool holds (a new socket's).
     * @param bytes its size
     */
    void Take(uint64_t bytes);

    /**
     * @brief Ask for more: granted up to what is left below the limit.
     * @param bytes wanted
     * @return granted (0 when the pool is full)
     */
    uint64_t Grow(uint64_t bytes);

    /**
     * @brief Give bytes back.
     * @param bytes at most what is held
     */
    void Release(uint64_t bytes);

    /// @return bytes held by buffers
    uint64_t GetInUse() const;

    /// @return the limit, bytes (PoolSize)
    uint64_t GetSize() const;

  private:
    uint64_t m_size;               //!< PoolSize
    TracedValue<uint64_t> m_inUse; //!< Bytes held
};

} // namespace ns3

#endif /* SOCKET_BUFFER_POOL_H */
