/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The parser's one use of ns-3, apart from its core so that the core
// (http-parser.cc, http-message.cc) builds without ns-3 for fuzzing.

#include "http-parser.h"

#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <vector>

namespace ns3
{

size_t
HttpParser::Feed(Ptr<const Packet> packet)
{
    std::vector<uint8_t> bytes(packet->GetSize());
    packet->CopyData(bytes.data(), bytes.size());
    return Feed(bytes.data(), bytes.size());
}

} // namespace ns3
