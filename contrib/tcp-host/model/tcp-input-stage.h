/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_INPUT_STAGE_H
#define TCP_INPUT_STAGE_H

#include "ns3/event-id.h"
#include "ns3/ip-l4-protocol.h"
#include "ns3/ipv4-header.h"
#include "ns3/nstime.h"
#include "ns3/tcp-header.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <deque>

namespace ns3
{

class HostCpu;
class SocketMemory;
class TcpHostModel;
class TimeWaitTable;
class TcpL4Protocol;
class TcpSocketIndex;
class Ipv4Interface;
class Node;

/**
 * @ingroup tcp-host
 * @brief The host's TCP input: each arriving segment reaches its socket in
 * one hash probe and, on a node with a host model, after the CPU time that
 * model charges for it.
 *
 * It stands between IPv4 and TcpL4Protocol (it registers itself with IPv4 as
 * protocol 6 in TCP's place) and parses each segment's TCP header once. It
 * hands a segment to the suite's socket that owns it, found in the node's
 * TcpSocketIndex (the socket ns-3's endpoint lookup would choose, without
 * that lookup's walk over every endpoint of the node); a segment the index
 * cannot place (a stock TcpSocketBase's, one for no socket, or any segment
 * with checksums on) goes to ns-3's TcpL4Protocol, and is counted
 * (GetLookups).
 *
 * On a node with a TcpHostModel, arriving segments first wait in the IP
 * input queue and are handed on one at a time, each after the CPU time the
 * model charges for it, taken as kernel work on the node's HostCpu. The cost
 * of a segment is taken when the CPU starts on it, against the TCB list of
 * that moment, as a kernel's tcp_input would. A segment that finds the input
 * queue full is dropped, as ip_input drops on a full ipintrq. A SYN that
 * would need a TCB beyond the host's TCB memory is turned away (see
 * TcpHostModel::AdmitSyn), and a connection in compact TIME_WAIT
 * (TimeWaitTable) takes its segments. Without a host model a segment is
 * delivered as it arrives, at no simulated cost. IPv6 segments and ICMP
 * errors go straight to TCP (the host model is IPv4 only).
 */
class TcpInputStage : public IpL4Protocol
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TcpInputStage();
    ~TcpInputStage() override;

    /**
     * @brief Put the input stage between a node's IPv4 and TCP.
     *
     * The node must have the internet stack and a TcpSocketIndex aggregated;
     * a TcpHostModel, HostCpu and TimeWaitTable aggregated before are used.
     *
     * @param node the node
     */
    void Install(Ptr<Node> node);

    int GetProtocolNumber() const override;
    RxStatus Receive(Ptr<Packet> p,
                     const Ipv4Header& header,
                     Ptr<Ipv4Interface> incomingInterface) override;
    RxStatus Receive(Ptr<Packet> p,
                     const Ipv6Header& header,
                     Ptr<Ipv6Interface> incomingInterface) override;
    void ReceiveIcmp(Ipv4Address icmpSource,
                     uint8_t icmpTtl,
                     uint8_t icmpType,
                     uint8_t icmpCode,
                     uint32_t icmpInfo,
                     Ipv4Address payloadSource,
                     Ipv4Address payloadDestination,
                     const uint8_t payload[8]) override;
    void ReceiveIcmp(Ipv6Address icmpSource,
                     uint8_t icmpTtl,
                     uint8_t icmpType,
                     uint8_t icmpCode,
                     uint32_t icmpInfo,
                     Ipv6Address payloadSource,
                     Ipv6Address payloadDestination,
                     const uint8_t payload[8]) override;
    void SetDownTarget(DownTargetCallback cb) override;
    void SetDownTarget6(DownTargetCallback6 cb) override;
    DownTargetCallback GetDownTarget() const override;
    DownTargetCallback6 GetDownTarget6() const override;

    /// @return total CPU time spent on arriving segments so far
    Time GetBusyTime() const;

    /// @return segments processed (costed) so far
    uint64_t GetSegments() const;

    /// @return RST segments among them
    uint64_t GetRsts() const;

    /// @return segments dropped because the input queue was full
    uint64_t GetDrops() const;

    /// @return data segments dropped because a shared memory pool was full
    uint64_t GetMemoryDrops() const;

    /// @return segments handed straight to their connection's socket (not
    /// through ns-3's linear endpoint lookup)
    uint64_t GetDirectDeliveries() const;

    /// @return segments handed to ns-3's own endpoint lookup (no listed
    /// connection or listener would take them, or checksums are on)
    uint64_t GetLookups() const;

    /// @return whether segments are costed on the node's CPU (the node has a
    /// TcpHostModel)
    bool IsCosting() const;

  protected:
    void DoDispose() override;

  private:
    /// A segment waiting for (or in) the CPU.
    struct Pending
    {
        Ptr<Packet> packet;           //!< The segment, TCP header included
        Ipv4Header header;            //!< Its IPv4 header
        TcpHeader tcp;                //!< Its TCP header, parsed once on arrival
        Ptr<Ipv4Interface> interface; //!< Its incoming interface
    };

    /// Start the CPU on the head of the queue.
    void StartService();
    /// The CPU finished the head of the queue: hand it to TCP.
    void FinishService();

    /**
     * @brief Hand an admitted segment to TCP.
     * @param segment the segment
     */
    void Deliver(const Pending& segment);

    /**
     * @brief Whether a segment goes on to TCP: a SYN needs a TCB the host can afford.
     *
     * A SYN turned away is dropped, or answered with an RST, per the host model.
     *
     * @param segment the segment
     * @return true to deliver it
     */
    bool Admit(const Pending& segment);

    Ptr<TcpL4Protocol> m_tcp;                      //!< The real TCP
    Ptr<TcpSocketIndex> m_index;                   //!< The node's sockets by 4-tuple
    Ptr<TcpHostModel> m_host;                      //!< Cost model (null: no costs)
    Ptr<SocketMemory> m_memory;                    //!< The node's socket memory
    Ptr<TimeWaitTable> m_timeWait;                 //!< The node's compact TIME_WAIT (may be null)
    Ptr<HostCpu> m_cpu;                            //!< The node's CPU (with the model)
    uint32_t m_queueLimit{50};                     //!< Input queue capacity
    std::deque<Pending> m_queue;                   //!< Input queue, head in service
    bool m_serving{false};                         //!< The CPU is on the queue's head
    Time m_busy;                                   //!< Accumulated CPU time
    uint64_t m_segments{0};                        //!< Segments processed
    uint64_t m_rsts{0};                            //!< RSTs processed
    uint64_t m_drops{0};                           //!< Drops on a full queue
    uint64_t m_memoryDrops{0};                     //!< Drops on a full shared pool
    uint64_t m_directDeliveries{0};                //!< Segments delivered directly
    uint64_t m_lookups{0};                         //!< Segments through ns-3's lookup
    TracedValue<uint32_t> m_backlog{0};            //!< Trace: queue length
    TracedCallback<Ptr<const Packet>> m_dropTrace; //!< Trace: dropped segment
};

} // namespace ns3

#endif /* TCP_INPUT_STAGE_H */
