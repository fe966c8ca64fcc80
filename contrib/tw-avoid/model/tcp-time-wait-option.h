/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_TIME_WAIT_OPTION_H
#define TCP_TIME_WAIT_OPTION_H

#include "ns3/tcp-header.h"

#include <optional>
#include <vector>

namespace ns3
{

/**
 * @ingroup tw-avoid
 * @brief The TCP option by which two ends agree, on SYN and SYN-ACK, which
 * of them keeps TIME_WAIT.
 *
 * The TIME_WAIT draft calls this negotiation the cleaner solution and did
 * not build it. The option is an RFC 6994 experimental option: kind 253,
 * length 5, experiment identifier 0x5457 ("TW"), then one byte saying who
 * keeps TIME_WAIT (ACTIVE_OPENER_KEEPS: the client). The active opener
 * offers it on its SYN; a passive opener that agrees echoes it on its
 * SYN-ACK. An end that does not understand it ignores it (RFC 793), and
 * both then close the standard way.
 *
 * ns-3's TcpHeader keeps an option of unknown kind when it parses one, but
 * will not add one: the node's TcpOutputStage writes it.
 */
class TcpTimeWaitOption
{
  public:
    static constexpr uint8_t KIND = 253;              //!< RFC 6994 experimental option
    static constexpr uint16_t EXPERIMENT_ID = 0x5457; //!< "TW"
    static constexpr uint8_t LENGTH = 5;              //!< kind, length, ExID (2), value
    static constexpr uint8_t ACTIVE_OPENER_KEEPS = 1; //!< The client keeps TIME_WAIT

    /**
     * @brief The option's value in a header, if it carries the option.
     * @param header the header
     * @return the value, or nothing
     */
    static std::optional<uint8_t> Find(const TcpHeader& header);

    /**
     * @brief The option's bytes, for TcpOutputStage::ArmOption.
     * @param value the option's value
     * @return kind, length, experiment identifier, value
     */
    static std::vector<uint8_t> Bytes(uint8_t value);
};

} // namespace ns3

#endif /* TCP_TIME_WAIT_OPTION_H */
