/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "http-output-buffer.h"

#include "ns3/abort.h"

#include <algorithm>

namespace ns3
{

std::vector<uint64_t>
HttpBufferedWrites(uint64_t head, uint64_t body, uint32_t bufferSize, uint32_t readSize)
{
    NS_ABORT_MSG_IF(bufferSize == 0 || readSize == 0,
                    "HttpBufferedWrites: buffer and read sizes must be positive");
    std::vector<uint64_t> writes;
    uint64_t buffered = 0; // bytes in the output buffer
    // bwrite() of one piece of bytes
    auto put = [&](uint64_t bytes) {
        if (buffered > 0 && buffered + bytes >= bufferSize)
        {
            bytes -= bufferSize - buffered; // fill the buffer and write it
            writes.push_back(bufferSize);
            buffered = 0;
        }
        if (buffered == 0 && bytes >= bufferSize)
        {
            writes.push_back(bytes); // a large rest goes directly, in one write
            bytes = 0;
        }
        buffered += bytes;
    };
    put(head);
    for (uint64_t done = 0; done < body; done += readSize)
    {
        put(std::min<uint64_t>(readSize, body - done));
    }
    if (buffered > 0)
    {
        writes.push_back(buffered); // bflush() at the end of the response
    }
    return writes;
}

} // namespace ns3
