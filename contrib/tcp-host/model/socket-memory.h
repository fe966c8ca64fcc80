/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SOCKET_MEMORY_H
#define SOCKET_MEMORY_H

#include "ns3/object.h"
#include "ns3/traced-value.h"

#include <cstdint>
#include <unordered_map>

namespace ns3
{

/**
 * @ingroup tcp-host
 * @brief A node's socket memory: its TCBs, the data its socket buffers
 * hold, the buffers as allocated, and the one limit they share. The one
 * owner of these quantities on a node: the host model (TCBs, admission),
 * the sockets (data, room to write), the input stage (room for arriving
 * data), Linux's send-buffer autotuning and E2-ATBT (buffers) and the
 * proxy's connection manager (its pool threshold) all read or charge it.
 *
 * What draws from the limit (attribute Accounting) depends on the host:
 * - TcbOnly: TCBs only (a kernel whose TCBs come from their own pool);
 * - Shared: TCBs and the data queued in socket buffers, as BSD's mbufs
 *   (a pool full of TIME_WAIT TCBs cannot move data either);
 * - Buffers: socket buffers as allocated, whatever they hold, where a
 *   connection's buffer policy draws its send buffer from the memory
 *   (TcpBufferPolicy::SendBufferDrawsFromMemory: Linux's tcp_mem, from
 *   which its send-buffer autotuning grows);
 * - SocketBuffers: the send and receive buffers of every connection, from
 *   its establishment to its end, as the sockets set them (TcpHostSocket
 *   charges every change of size; growth beyond the limit is refused): a
 *   proxy that assigns its buffer memory to its connections (the proxy
 *   paper's 3200 KB).
 *
 * Only sockets charge and release buffers (TcpHostSocket, from a
 * connection's establishment to its end); policies and applications ask
 * the socket for sizes.
 *
 * Memory pressure (attribute PressureLimit, Linux's tcp_mem[1]): above it
 * no buffer grows until the buffers are below three quarters of it.
 *
 * TcpHostHelper aggregates one to every node it installs; its defaults are
 * neutral (no limit, TCBs of no size), and host profiles set it.
 */
class SocketMemory : public Object
{
  public:
    /// What draws from the limit.
    enum Accounting
    {
        TCB_ONLY,       //!< TCBs
        SHARED,         //!< TCBs and the data in socket buffers (BSD mbufs)
        BUFFERS,        //!< Socket buffers as the policies grow them (Linux tcp_mem)
        SOCKET_BUFFERS, //!< Every connection's buffers, charged by its socket (a proxy's pool)
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    SocketMemory();
    ~SocketMemory() override;

    /**
     * @brief The node's socket memory, created with neutral defaults and
     * aggregated if the node has none yet.
     * @param object the node, or any object aggregated to it
     * @return the node's SocketMemory
     */
    static Ptr<SocketMemory> Of(Ptr<Object> object);

    /// @return the limit, bytes (0: none)
    uint64_t GetLimit() const;
    /// @return what draws from the limit
    Accounting GetAccounting() const;
    /// @return whether buffers draw from the limit (Buffers or SocketBuffers)
    bool CountsBuffers() const;
    /// @return whether every socket charges its own buffers (SocketBuffers)
    bool SocketsChargeBuffers() const;
    /// @return bytes that draw from the limit now
    uint64_t GetUse() const;
    /// @return bytes left below the limit (0 if full; the largest value if unlimited)
    uint64_t GetFree() const;

    // TCBs.

    /**
     * @brief The node's TCB count changed.
     * @param count TCBs now (TIME_WAIT included)
     */
    void SetTcbCount(uint32_t count);
    /// @return whether one more TCB fits (a SYN may get one)
    bool TcbFits() const;
    /// @return bytes held by TCBs
    uint64_t GetTcbMemory() const;

    /**
     * @brief What the node's compact TIME_WAIT records hold now (TimeWaitTable).
     * They draw from the limit where TCBs do.
     * @param bytes their memory
     */
    void SetTimeWaitMemory(uint64_t bytes);

    /// @return bytes held by compact TIME_WAIT records
    uint64_t GetTimeWaitMemory() const;

    // Data queued in socket buffers (counted under Shared only).

    /// @return whether data draws from the limit (Shared)
    bool ChargesData() const;
    /**
     * @brief What a socket's buffers hold now.
     * @param owner the socket
     * @param bytes its send and receive buffers' data (0: none, or gone)
     */
    void SetData(const void* owner, uint32_t bytes);
    /**
     * @brief Whether more data fits (always, unless data draws from the limit).
     * @param bytes the data
     * @return true if it fits
     */
    bool DataFits(uint32_t bytes) const;
    /// @return bytes of data in the node's socket buffers (0 unless Shared)
    uint64_t GetDataMemory() const;

    // Buffers as allocated (counted against the limit under Buffers only).

    /**
     * @brief A buffer that exists whatever the memory holds (a new socket's).
     * @param bytes its size
     */
    void TakeBuffer(uint64_t bytes);
    /**
     * @brief Ask for more buffer: granted up to what is left below the limit
     * (all of it if buffers do not draw from the limit), nothing under
     * memory pressure (PressureLimit).
     * @param bytes wanted
     * @return granted
     */
    uint64_t GrowBuffer(uint64_t bytes);
    /**
     * @brief Give buffer bytes back.
     * @param bytes at most what is held
     */
    void ReleaseBuffer(uint64_t bytes);
    /// @return bytes of socket buffers allocated
    uint64_t GetBufferMemory() const;
    /// @return whether the node is under memory pressure (PressureLimit)
    bool IsUnderPressure() const;

  private:
    /// Enter or leave memory pressure after the buffers or the limit changed.
    void UpdatePressure();
    /// @param bytes the PressureLimit attribute (0: never)
    void SetPressureLimit(uint64_t bytes);
    /// @return the PressureLimit attribute
    uint64_t GetPressureLimit() const;

    uint64_t m_limit{0};                              //!< Limit (0: none)
    uint32_t m_bytesPerTcb{0};                        //!< BytesPerTcb
    Accounting m_accounting{TCB_ONLY};                //!< Accounting
    TracedValue<uint64_t> m_tcbMemory{0};             //!< Trace: TCB bytes
    uint64_t m_timeWaitMemory{0};                     //!< Compact TIME_WAIT records' bytes
    TracedValue<uint64_t> m_dataMemory{0};            //!< Trace: buffered data bytes
    TracedValue<uint64_t> m_bufferMemory{0};          //!< Trace: allocated buffer bytes
    uint64_t m_pressureLimit{0};                      //!< PressureLimit (0: never)
    TracedValue<bool> m_pressure{false};              //!< Trace: under memory pressure
    std::unordered_map<const void*, uint32_t> m_data; //!< Buffered bytes per socket
};

} // namespace ns3

#endif /* SOCKET_MEMORY_H */
