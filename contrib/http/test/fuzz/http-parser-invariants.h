/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HTTP_PARSER_INVARIANTS_H
#define HTTP_PARSER_INVARIANTS_H

// What must hold for any input to HttpParser, shared by the fuzz target and
// the corpus regression test: the result does not depend on how the bytes
// are split into segments, and the parser consumes everything unless it
// stopped on an error.

#include "ns3/http-parser.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{
namespace http_fuzz
{

/// What parsing a byte string produced.
struct Digest
{
    std::vector<std::string> messages;         //!< Serialized heads of the complete messages
    HttpParser::Error error{HttpParser::NONE}; //!< Final error
    size_t consumed{0};                        //!< Bytes consumed

    /**
     * @brief Equality.
     * @param o the other digest
     * @return true if equal
     */
    bool operator==(const Digest& o) const
    {
        return messages == o.messages && error == o.error && consumed == o.consumed;
    }
};

/**
 * @brief Parse data fed in pieces of at most `piece` bytes.
 * @param kind requests or responses
 * @param data the bytes
 * @param size how many
 * @param piece largest piece
 * @return the digest
 */
inline Digest
Parse(HttpParser::Kind kind, const uint8_t* data, size_t size, size_t piece)
{
    HttpParser parser(kind, 256, 1024, 16, 1 << 20);
    Digest d;
    for (size_t offset = 0; offset < size; offset += piece)
    {
        size_t n = std::min(piece, size - offset);
        size_t used = parser.Feed(data + offset, n);
        d.consumed += used;
        if (used < n)
        {
            break;
        }
    }
    if (d.consumed == size)
    {
        parser.EndOfStream(); // the peer closes after the last byte
    }
    while (parser.HasRequest())
    {
        d.messages.push_back(parser.PopRequest().SerializeHead());
    }
    while (parser.HasResponse())
    {
        d.messages.push_back(parser.PopResponse().SerializeHead());
    }
    d.error = parser.GetError();
    return d;
}

/**
 * @brief Check the invariants on one input.
 * @param data the bytes
 * @param size how many
 * @return "" if they hold, else what failed
 */
inline std::string
CheckInvariants(const uint8_t* data, size_t size)
{
    for (auto kind : {HttpParser::REQUESTS, HttpParser::RESPONSES})
    {
        Digest whole = Parse(kind, data, size, size == 0 ? 1 : size);
        if (whole.error == HttpParser::NONE && whole.consumed != size)
        {
            return "stopped early without an error";
        }
        if (whole.consumed > size)
        {
            return "consumed more than it was given";
        }
        for (size_t piece : {size_t(1), size_t(7)})
        {
            if (!(Parse(kind, data, size, piece) == whole))
            {
                return "result depends on how the bytes are split";
            }
        }
    }
    return "";
}

} // namespace http_fuzz
} // namespace ns3

#endif /* HTTP_PARSER_INVARIANTS_H */
