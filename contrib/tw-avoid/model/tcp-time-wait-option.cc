/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-time-wait-option.h"

#include "ns3/buffer.h"
#include "ns3/tcp-option.h"

namespace ns3
{

std::optional<uint8_t>
TcpTimeWaitOption::Find(const TcpHeader& header)
{
    Ptr<const TcpOption> option = header.GetOption(KIND);
    if (!option || option->GetSerializedSize() != LENGTH)
    {
        return std::nullopt;
    }
    Buffer buffer;
    buffer.AddAtStart(LENGTH);
    option->Serialize(buffer.Begin());
    uint8_t bytes[LENGTH];
    buffer.CopyData(bytes, LENGTH);
    if (((bytes[2] << 8) | bytes[3]) != EXPERIMENT_ID)
    {
        return std::nullopt; // another experiment's option
    }
    return bytes[4];
}

std::vector<uint8_t>
TcpTimeWaitOption::Bytes(uint8_t value)
{
    return {KIND, LENGTH, uint8_t(EXPERIMENT_ID >> 8), uint8_t(EXPERIMENT_ID & 0xff), value};
}

} // namespace ns3
