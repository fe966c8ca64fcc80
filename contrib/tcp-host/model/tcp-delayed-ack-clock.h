/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_DELAYED_ACK_CLOCK_H
#define TCP_DELAYED_ACK_CLOCK_H

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/random-variable-stream.h"

namespace ns3
{

class Node;

/**
 * @ingroup tcp-host
 * @brief A host's delayed-ACK clock: a timer that fires every TickInterval
 * at fixed times since the host booted, whatever the segments' arrival.
 *
 * 4.4BSD sends its delayed ACKs from tcp_fasttimo(), run by the protocol
 * fast timeout every 200 ms (PR_FASTHZ = 5) for every connection with
 * TF_DELACK set; a deferred ACK therefore waits between 0 and 200 ms
 * (Stevens, TCP/IP Illustrated vol. 1, 19.3; vol. 2, 25.1). One clock per
 * node: all its connections share the ticks. The boot phase (the time of
 * the first tick after the simulation starts) is an attribute, random by
 * default, drawn once when first needed.
 */
class TcpDelayedAckClock : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * @brief The node's clock, aggregated to it with the default attributes
     * if it has none yet.
     * @param node the node
     * @return the clock
     */
    static Ptr<TcpDelayedAckClock> Get(Ptr<Node> node);

    /**
     * @brief The first tick strictly after a time.
     * @param now the time
     * @return the tick's time
     */
    Time GetNextTick(Time now);

    /// @return the time of the first tick (drawn from BootPhase on first use)
    Time GetPhase();

    /**
     * @brief Use a fixed random stream for the boot phase.
     * @param stream the stream index
     * @return the number of streams used (1)
     */
    int64_t AssignStreams(int64_t stream);

  private:
    Time m_interval;                  //!< Time between ticks
    Ptr<RandomVariableStream> m_boot; //!< Boot phase, seconds
    Time m_phase;                     //!< First tick, once drawn
    bool m_phaseDrawn{false};         //!< m_phase is set
};

} // namespace ns3

#endif /* TCP_DELAYED_ACK_CLOCK_H */
