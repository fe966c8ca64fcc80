/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HTTP_PARSER_INVARIANTS_H
#define HTTP_PARSER_INVARIANTS_H

// What must hold for any input to HttpParser, shared by the fuzz target, the
// corpus regression test and the test suite's own short fuzz run. Every
// input is parsed as requests and as responses, the responses answering
// GETs, HEADs, or both in turn (ExpectResponseTo):
//
// - the result does not depend on how the bytes are split into segments;
// - the parser consumes everything unless it stopped on an error, never
//   more than it was given, and nothing once stopped;
// - an error has a status to answer it with (400, 413, 431, 501, 505);
// - a status code is 100 to 599; a 1xx, 204 or 304 response and a response
//   to HEAD have no body; no body is over the limit.
//
// It uses nothing from ns-3 but the parser core, which uses nothing from ns-3.

#include "ns3/http-parser.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{
namespace http_fuzz
{

/// The body limit of the parsers here: small, so that inputs of a few
/// kilobytes reach it (Content-Length, chunks, bodies delimited by the close).
constexpr uint64_t MAX_BODY = 1024;

/// What parsing a byte string produced.
struct Digest
{
    std::vector<std::string> messages;         //!< Serialized heads of the complete messages
    std::vector<uint16_t> statuses;            //!< Responses: their status codes
    std::vector<uint64_t> bodies;              //!< Body lengths of the complete messages
    HttpParser::Error error{HttpParser::NONE}; //!< Final error
    uint16_t errorStatus{0};                   //!< Status to answer the error with
    size_t consumed{0};                        //!< Bytes consumed
    bool fedAfterError{false};                 //!< Bytes were consumed after an error

    /**
     * @brief Equality.
     * @param o the other digest
     * @return true if equal
     */
    bool operator==(const Digest& o) const
    {
        return messages == o.messages && bodies == o.bodies && error == o.error &&
               consumed == o.consumed;
    }
};

/**
 * @brief The requests the responses answer, in order.
 * @param script 0: none said (the parser takes GET), 1: HEADs, 2: HEAD and GET in turn
 * @return the methods
 */
inline std::vector<std::string>
Methods(int script)
{
    std::vector<std::string> methods;
    for (int i = 0; script > 0 && i < 16; ++i)
    {
        methods.push_back(script == 1 || i % 2 == 0 ? "HEAD" : "GET");
    }
    return methods;
}

/**
 * @brief Parse data fed in pieces that end at the given cuts (then the peer closes).
 * @param kind requests or responses
 * @param methods for responses: the requests they answer
 * @param data the bytes
 * @param size how many
 * @param cuts where pieces end (any order; out of range ignored)
 * @return the digest
 */
inline Digest
Parse(HttpParser::Kind kind,
      const std::vector<std::string>& methods,
      const uint8_t* data,
      size_t size,
      std::vector<size_t> cuts)
{
    HttpParser parser(kind, 256, 1024, 16, MAX_BODY);
    for (const auto& m : methods)
    {
        parser.ExpectResponseTo(m);
    }
    cuts.push_back(size);
    std::sort(cuts.begin(), cuts.end());
    Digest d;
    size_t offset = 0;
    for (size_t cut : cuts)
    {
        if (cut <= offset || cut > size)
        {
            continue;
        }
        size_t n = cut - offset;
        size_t used = parser.Feed(data + offset, n);
        d.consumed += used;
        offset = cut;
        if (used < n)
        {
            break;
        }
    }
    if (d.consumed == size)
    {
        parser.EndOfStream(); // the peer closes after the last byte
    }
    if (parser.GetError() != HttpParser::NONE)
    {
        const uint8_t more[] = "GET / HTTP/1.1\r\nHost: s\r\n\r\n";
        d.fedAfterError = parser.Feed(more, sizeof(more) - 1) != 0;
    }
    while (parser.HasRequest())
    {
        HttpRequest r = parser.PopRequest();
        d.messages.push_back(r.SerializeHead());
        d.bodies.push_back(r.GetBodyLength());
    }
    while (parser.HasResponse())
    {
        HttpResponse r = parser.PopResponse();
        d.messages.push_back(r.SerializeHead());
        d.statuses.push_back(r.GetStatus());
        d.bodies.push_back(r.GetBodyLength());
    }
    d.error = parser.GetError();
    d.errorStatus = parser.GetErrorStatus();
    return d;
}

/**
 * @brief Cuts every `piece` bytes.
 * @param size input size
 * @param piece piece size
 * @return the cuts
 */
inline std::vector<size_t>
EveryNBytes(size_t size, size_t piece)
{
    std::vector<size_t> cuts;
    for (size_t c = piece; c < size; c += piece)
    {
        cuts.push_back(c);
    }
    return cuts;
}

/**
 * @brief Check what one parse gave against the rules that hold whatever the input.
 * @param d the digest
 * @param kind requests or responses
 * @param methods for responses: the requests they answer
 * @param size input size
 * @return "" if they hold, else what failed
 */
inline std::string
CheckDigest(const Digest& d,
            HttpParser::Kind kind,
            const std::vector<std::string>& methods,
            size_t size)
{
    if (d.consumed > size)
    {
        return "consumed more than it was given";
    }
    if (d.error == HttpParser::NONE && d.consumed != size)
    {
        return "stopped early without an error";
    }
    if (d.fedAfterError)
    {
        return "consumed bytes after an error";
    }
    uint16_t s = d.errorStatus;
    if ((d.error == HttpParser::NONE) != (s == 0) ||
        (s != 0 && s != 400 && s != 413 && s != 431 && s != 501 && s != 505))
    {
        return "error status " + std::to_string(s) + " for " + HttpParser::ErrorName(d.error);
    }
    size_t answered = 0; // final responses so far: each answers the next method
    for (size_t i = 0; i < d.bodies.size(); ++i)
    {
        if (d.bodies[i] > MAX_BODY)
        {
            return "a body over the limit";
        }
        if (kind == HttpParser::REQUESTS)
        {
            continue;
        }
        uint16_t status = d.statuses[i];
        if (status < 100 || status > 599)
        {
            return "status code " + std::to_string(status);
        }
        bool head = answered < methods.size() && methods[answered] == "HEAD";
        bool noBody = head || status < 200 || status == 204 || status == 304;
        if (noBody && d.bodies[i] != 0)
        {
            return "a body on a response to " + std::string(head ? "HEAD" : "GET") +
                   " with status " + std::to_string(status);
        }
        answered += status >= 200;
    }
    return "";
}

/**
 * @brief Check the invariants on one input.
 * @param data the bytes
 * @param size how many
 * @param cuts more ways to split it, besides whole, every byte and every 7 bytes
 * @return "" if they hold, else what failed
 */
inline std::string
CheckInvariants(const uint8_t* data, size_t size, const std::vector<std::vector<size_t>>& cuts = {})
{
    struct Run
    {
        HttpParser::Kind kind;
        int script;
    };

    for (Run run : {Run{HttpParser::REQUESTS, 0},
                    Run{HttpParser::RESPONSES, 0},
                    Run{HttpParser::RESPONSES, 1},
                    Run{HttpParser::RESPONSES, 2}})
    {
        std::vector<std::string> methods = Methods(run.script);
        std::string what =
            std::string(run.kind == HttpParser::REQUESTS ? "requests" : "responses") +
            (run.script == 1   ? " to HEAD"
             : run.script == 2 ? " to HEAD/GET"
                               : "") +
            ": ";
        Digest whole = Parse(run.kind, methods, data, size, {});
        std::string problem = CheckDigest(whole, run.kind, methods, size);
        if (!problem.empty())
        {
            return what + problem;
        }
        std::vector<std::vector<size_t>> splits = cuts;
        splits.push_back(EveryNBytes(size, 1));
        splits.push_back(EveryNBytes(size, 7));
        for (const auto& split : splits)
        {
            if (!(Parse(run.kind, methods, data, size, split) == whole))
            {
                return what + "result depends on how the bytes are split";
            }
        }
    }
    return "";
}

} // namespace http_fuzz
} // namespace ns3

#endif /* HTTP_PARSER_INVARIANTS_H */
