/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HTTP_OUTPUT_BUFFER_H
#define HTTP_OUTPUT_BUFFER_H

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup http
 * @brief The writes a 1990s server makes for one response through a
 * user-space output buffer: Apache 1.x's BUFF (buff.c, bwrite and bflush).
 *
 * The head is buffered; the file is read in readSize pieces, each handed to
 * bwrite(). While the buffer holds data, a piece fills it and the full
 * buffer is written; then whatever of the piece is at least bufferSize
 * long is written directly, in one write, and a shorter rest is buffered.
 * What is left in the buffer is written at the end. With Apache 1.2's
 * 4096-byte buffer, 8192-byte reads and a 256-byte head, a 13549-byte
 * response leaves as writes of 4096, 4352 and 5101 bytes: the segment
 * boundaries of the seed-002 traces.
 *
 * @param head bytes of the response head
 * @param body bytes of the body
 * @param bufferSize the output buffer's size (> 0)
 * @param readSize the size of each file read (> 0)
 * @return the sizes of the writes, in order (they add up to head + body)
 */
std::vector<uint64_t> HttpBufferedWrites(uint64_t head,
                                         uint64_t body,
                                         uint32_t bufferSize,
                                         uint32_t readSize);

} // namespace ns3

#endif /* HTTP_OUTPUT_BUFFER_H */
