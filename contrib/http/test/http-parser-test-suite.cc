/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// HttpParser and the message codec: round trips, messages split across and
// packed into segments, response framing, chunked bodies, every
// malformed-input error and the status a server answers it with, the fuzz
// corpus replayed against the invariants and a short seeded fuzz run.

#include "fuzz/http-parser-invariants.h"

#include "ns3/http-message.h"
#include "ns3/http-parser.h"
#include "ns3/test.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <set>
#include <vector>

using namespace ns3;

namespace
{

/// Feed a whole string.
size_t
FeedAll(HttpParser& p, const std::string& s, size_t piece = SIZE_MAX)
{
    size_t used = 0;
    for (size_t offset = 0; offset < s.size(); offset += piece)
    {
        size_t n = std::min(piece, s.size() - offset);
        size_t u = p.Feed(reinterpret_cast<const uint8_t*>(s.data()) + offset, n);
        used += u;
        if (u < n)
        {
            break;
        }
    }
    return used;
}

/// A request survives serialization and parsing, whole or byte by byte.
class RoundTripTest : public TestCase
{
  public:
    RoundTripTest()
        : TestCase("request and response round trip, whole and byte by byte")
    {
    }

  private:
    void DoRun() override
    {
        HttpRequest request("GET", "/docs/7");
        request.SetHeader("Host", "server");
        request.SetHeader("Connection", "close");
        std::string wire = request.SerializeHead();
        NS_TEST_ASSERT_MSG_EQ(wire,
                              "GET /docs/7 HTTP/1.1\r\nHost: server\r\nConnection: close\r\n\r\n",
                              "request head on the wire");
        for (size_t piece : {wire.size(), size_t(1)})
        {
            HttpParser p(HttpParser::REQUESTS);
            NS_TEST_ASSERT_MSG_EQ(FeedAll(p, wire, piece), wire.size(), "all consumed");
            NS_TEST_ASSERT_MSG_EQ(p.HasRequest(), true, "one request");
            HttpRequest r = p.PopRequest();
            NS_TEST_ASSERT_MSG_EQ(r.GetMethod(), "GET", "method");
            NS_TEST_ASSERT_MSG_EQ(r.GetTarget(), "/docs/7", "target");
            NS_TEST_ASSERT_MSG_EQ(r.GetHeader("host"), "server", "case-insensitive field");
            NS_TEST_ASSERT_MSG_EQ(r.ClosesConnection(), true, "Connection: close");
            NS_TEST_ASSERT_MSG_EQ(p.IsIdle(), true, "idle after the message");
        }

        HttpResponse response(200);
        response.SetBodyLength(1000);
        std::string head = response.SerializeHead();
        std::string body(1000, '\0');
        HttpParser p(HttpParser::RESPONSES);
        FeedAll(p, head + body.substr(0, 400));
        NS_TEST_ASSERT_MSG_EQ(p.HasResponse(), false, "incomplete body: no response yet");
        FeedAll(p, body.substr(400));
        NS_TEST_ASSERT_MSG_EQ(p.HasResponse(), true, "complete");
        HttpResponse r = p.PopResponse();
        NS_TEST_ASSERT_MSG_EQ(r.GetStatus(), 200, "status");
        NS_TEST_ASSERT_MSG_EQ(r.GetBodyLength(), 1000, "body length");
        NS_TEST_ASSERT_MSG_EQ(response.GetWireSize(), head.size() + 1000, "wire size");
    }
};

/// Several messages in one segment (pipelining), with a request body.
class PipeliningTest : public TestCase
{
  public:
    PipeliningTest()
        : TestCase("pipelined requests in one segment, in order, bodies skipped")
    {
    }

  private:
    void DoRun() override
    {
        std::string wire = "GET /a HTTP/1.1\r\nHost: s\r\n\r\n"
                           "POST /b HTTP/1.1\r\nHost: s\r\nContent-Length: 5\r\n\r\nhello"
                           "\r\nGET /c HTTP/1.0\r\n\r\n";
        HttpParser p(HttpParser::REQUESTS);
        NS_TEST_ASSERT_MSG_EQ(FeedAll(p, wire), wire.size(), "all consumed");
        std::vector<std::string> targets;
        while (p.HasRequest())
        {
            targets.push_back(p.PopRequest().GetTarget());
        }
        NS_TEST_ASSERT_MSG_EQ((targets == std::vector<std::string>{"/a", "/b", "/c"}),
                              true,
                              "three requests in order");
        NS_TEST_ASSERT_MSG_EQ(p.GetError(), HttpParser::NONE, "no error");
    }
};

/// HasFinalResponse: interim (1xx) responses are dropped, a final one waits.
class FinalResponseTest : public TestCase
{
  public:
    FinalResponseTest()
        : TestCase("a client's final response: 1xx responses ahead of it are dropped")
    {
    }

  private:
    void DoRun() override
    {
        HttpParser p(HttpParser::RESPONSES);
        p.ExpectResponseTo("GET");
        p.ExpectResponseTo("GET");
        FeedAll(p, "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\n\r\n");
        NS_TEST_ASSERT_MSG_EQ(p.HasResponse(), true, "the interim responses are parsed");
        NS_TEST_ASSERT_MSG_EQ(p.HasFinalResponse(), false, "but none is final");
        NS_TEST_ASSERT_MSG_EQ(p.HasResponse(), false, "and they are dropped");
        FeedAll(p,
                "HTTP/1.1 404 Not Found\r\nContent-Length: 2\r\n\r\nno"
                "HTTP/1.1 102 Processing\r\n\r\n"
                "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc");
        NS_TEST_ASSERT_MSG_EQ(p.HasFinalResponse(), true, "a final response waits");
        NS_TEST_ASSERT_MSG_EQ(p.PopResponse().GetStatus(), 404, "the first request's");
        NS_TEST_ASSERT_MSG_EQ(p.HasFinalResponse(), true, "another, past a 102");
        HttpResponse second = p.PopResponse();
        NS_TEST_ASSERT_MSG_EQ(second.GetStatus(), 200, "the second request's");
        NS_TEST_ASSERT_MSG_EQ(second.GetBodyLength(), 3, "with its body");
        NS_TEST_ASSERT_MSG_EQ(p.HasFinalResponse(), false, "nothing more");
        NS_TEST_ASSERT_MSG_EQ(p.GetError(), HttpParser::NONE, "no error");
    }
};

/// Each malformed input gets its error and status.
class MalformedTest : public TestCase
{
  public:
    MalformedTest(std::string name,
                  std::string wire,
                  HttpParser::Kind kind,
                  HttpParser::Error error,
                  uint16_t status)
        : TestCase("malformed: " + name),
          m_wire(wire),
          m_kind(kind),
          m_error(error),
          m_status(status)
    {
    }

  private:
    void DoRun() override
    {
        HttpParser p(m_kind, 64, 256, 4, 1000);
        size_t used = FeedAll(p, m_wire);
        NS_TEST_ASSERT_MSG_EQ(HttpParser::ErrorName(p.GetError()),
                              std::string(HttpParser::ErrorName(m_error)),
                              "error");
        if (m_kind == HttpParser::REQUESTS)
        {
            NS_TEST_ASSERT_MSG_EQ(p.GetErrorStatus(), m_status, "status to answer with");
        }
        NS_TEST_ASSERT_MSG_LT(used, m_wire.size() + 1, "never consumes more than given");
        NS_TEST_ASSERT_MSG_EQ((p.HasRequest() || p.HasResponse()), false, "no message");
        // The error sticks: more input is not consumed.
        NS_TEST_ASSERT_MSG_EQ(FeedAll(p, "GET / HTTP/1.1\r\nHost: s\r\n\r\n"), 0, "stopped");
    }

    std::string m_wire;
    HttpParser::Kind m_kind;
    HttpParser::Error m_error;
    uint16_t m_status;
};

/// The fields a parsed message carries are those it arrived with: a
/// Content-Length as written, none added to a response ended by the close.
class FieldsAsReceivedTest : public TestCase
{
  public:
    FieldsAsReceivedTest()
        : TestCase("fields as received: Content-Length not rewritten, none added")
    {
    }

  private:
    void DoRun() override
    {
        HttpParser p(HttpParser::RESPONSES);
        FeedAll(p, "HTTP/1.1 200 OK\r\nContent-Length: 03\r\n\r\nabc");
        NS_TEST_ASSERT_MSG_EQ(p.HasResponse(), true, "the response");
        HttpResponse r = p.PopResponse();
        NS_TEST_EXPECT_MSG_EQ(r.GetBodyLength(), 3, "its length read");
        NS_TEST_EXPECT_MSG_EQ(r.GetHeader("Content-Length"), "03", "its field as written");

        FeedAll(p, "HTTP/1.0 200 OK\r\nServer: s\r\n\r\nabcd");
        p.EndOfStream();
        NS_TEST_ASSERT_MSG_EQ(p.HasResponse(), true, "the close ends it");
        r = p.PopResponse();
        NS_TEST_EXPECT_MSG_EQ(r.GetBodyLength(), 4, "the body up to the close");
        NS_TEST_EXPECT_MSG_EQ(r.HasHeader("Content-Length"), false, "no field it did not have");
    }
};

/**
 * What a relay needs (HttpProxy): FeedPart stops at the end of each head
 * and each message, so head bytes and body bytes come apart wherever the
 * segments end; RemoveConnectionFields leaves a head without what concerns
 * only the connection it came on (RFC 9110 section 7.6.1).
 */
class RelayPartsTest : public TestCase
{
  public:
    RelayPartsTest()
        : TestCase("a relay's parse: heads and bodies apart; connection fields removed")
    {
    }

  private:
    void DoRun() override
    {
        const std::string first = "HTTP/1.1 100 Continue\r\n\r\n";
        const std::string head = "HTTP/1.0 200 OK\r\nConnection: close, X-Hop\r\nX-Hop: 1\r\n"
                                 "Keep-Alive: timeout=5\r\nContent-Length: 4\r\nX-End: 2\r\n\r\n";
        const std::string wire = first + head + "abcd";
        for (size_t piece : {wire.size(), size_t(7), size_t(1)})
        {
            HttpParser p(HttpParser::RESPONSES);
            p.ExpectResponseTo("GET");
            std::string headBytes;
            std::string bodyBytes;
            std::vector<uint16_t> heads;
            for (size_t at = 0; at < wire.size();)
            {
                size_t end = std::min(wire.size(), at - at % piece + piece);
                while (at < end)
                {
                    bool inHead = p.InHead();
                    size_t n =
                        p.FeedPart(reinterpret_cast<const uint8_t*>(wire.data()) + at, end - at);
                    NS_TEST_ASSERT_MSG_GT(n, 0, "progress");
                    (inHead ? headBytes : bodyBytes) += wire.substr(at, n);
                    if (p.HeadEnded())
                    {
                        heads.push_back(p.GetLastResponseHead().GetStatus());
                    }
                    at += n;
                }
            }
            NS_TEST_EXPECT_MSG_EQ(headBytes, first + head, "head bytes, in " << piece);
            NS_TEST_EXPECT_MSG_EQ(bodyBytes, "abcd", "body bytes, in " << piece);
            NS_TEST_ASSERT_MSG_EQ(heads.size(), 2, "each head seen once, in " << piece);
            NS_TEST_EXPECT_MSG_EQ(heads[0], 100, "the interim one");
            NS_TEST_EXPECT_MSG_EQ(heads[1], 200, "then the final one");
            NS_TEST_ASSERT_MSG_EQ(p.HasFinalResponse(), true, "the response is whole");
            NS_TEST_EXPECT_MSG_EQ(p.PopResponse().GetBodyLength(), 4, "with its body");
        }

        HttpParser p(HttpParser::RESPONSES);
        FeedAll(p, head);
        HttpResponse r = p.GetLastResponseHead();
        NS_TEST_ASSERT_MSG_EQ(r.ClosesConnection(), true, "it closes its connection");
        r.RemoveConnectionFields();
        NS_TEST_EXPECT_MSG_EQ(r.HasHeader("Connection"), false, "Connection removed");
        NS_TEST_EXPECT_MSG_EQ(r.HasHeader("X-Hop"), false, "and the field it names");
        NS_TEST_EXPECT_MSG_EQ(r.HasHeader("Keep-Alive"), false, "and Keep-Alive");
        NS_TEST_EXPECT_MSG_EQ(r.GetHeader("Content-Length"), "4", "the framing stays");
        NS_TEST_EXPECT_MSG_EQ(r.GetHeader("X-End"), "2", "and the end-to-end fields");
        HttpResponse framing;
        framing.SetHeader("Connection", "Content-Length, Transfer-Encoding");
        framing.SetHeader("Transfer-Encoding", "chunked");
        framing.SetBodyLength(3);
        framing.RemoveConnectionFields();
        NS_TEST_EXPECT_MSG_EQ(framing.GetHeaders().size(), 2, "framing named by Connection stays");
    }
};

/**
 * Response framing (RFC 9112 section 6.3): what ends a response body, and
 * which Host fields a request may carry (section 3.2).
 */
class FramingTest : public TestCase
{
  public:
    FramingTest()
        : TestCase("response framing: 1xx, 204, 304, HEAD (before any other rule), "
                   "close-delimited, truncated; status codes; Host")
    {
    }

  private:
    /// Parse responses, whole and byte by byte, ending the stream after them.
    std::vector<HttpResponse> Responses(const std::string& wire,
                                        const std::vector<std::string>& methods,
                                        size_t piece,
                                        HttpParser::Error* error)
    {
        HttpParser p(HttpParser::RESPONSES);
        for (const auto& m : methods)
        {
            p.ExpectResponseTo(m);
        }
        FeedAll(p, wire, piece);
        p.EndOfStream();
        std::vector<HttpResponse> out;
        while (p.HasResponse())
        {
            out.push_back(p.PopResponse());
        }
        *error = p.GetError();
        return out;
    }

    /// Check a stream's responses: their statuses and body lengths.
    void Expect(const std::string& what,
                const std::string& wire,
                const std::vector<std::string>& methods,
                const std::vector<std::pair<uint16_t, uint64_t>>& expected,
                const std::string& expectedError = "NONE")
    {
        for (size_t piece : {wire.size(), size_t(1)})
        {
            HttpParser::Error error;
            auto got = Responses(wire, methods, piece, &error);
            NS_TEST_ASSERT_MSG_EQ(std::string(HttpParser::ErrorName(error)),
                                  expectedError,
                                  what << ": error");
            NS_TEST_ASSERT_MSG_EQ(got.size(), expected.size(), what << ": responses");
            for (size_t i = 0; i < std::min(got.size(), expected.size()); ++i)
            {
                NS_TEST_ASSERT_MSG_EQ(got[i].GetStatus(), expected[i].first, what << ": status");
                NS_TEST_ASSERT_MSG_EQ(got[i].GetBodyLength(),
                                      expected[i].second,
                                      what << ": body of response " << i);
            }
        }
    }

    /// Whether a request with these Host lines parses.
    bool HostAccepted(const std::string& hostLines)
    {
        HttpParser p(HttpParser::REQUESTS);
        FeedAll(p, "GET / HTTP/1.1\r\n" + hostLines + "\r\n");
        return p.HasRequest() && p.GetError() == HttpParser::NONE;
    }

    void DoRun() override
    {
        const std::string next = "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc";
        Expect("204 with Content-Length",
               "HTTP/1.1 204 No Content\r\nContent-Length: 10\r\n\r\n" + next,
               {},
               {{204, 0}, {200, 3}});
        Expect("304 with Content-Length",
               "HTTP/1.1 304 Not Modified\r\nContent-Length: 10\r\n\r\n" + next,
               {},
               {{304, 0}, {200, 3}});
        Expect("100 Continue before the response",
               "HTTP/1.1 100 Continue\r\n\r\n" + next,
               {"GET"},
               {{100, 0}, {200, 3}});
        Expect("a response to HEAD",
               "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n" + next,
               {"HEAD", "GET"},
               {{200, 0}, {200, 3}});
        // The no-body rule comes before any other framing rule: neither a
        // Content-Length over the body limit nor a Transfer-Encoding counts.
        const std::string huge = "Content-Length: 99999999999999\r\n"; // over 2^40
        Expect("a response to HEAD with a Content-Length over the body limit",
               "HTTP/1.1 200 OK\r\n" + huge + "\r\n" + next,
               {"HEAD", "GET"},
               {{200, 0}, {200, 3}});
        Expect("304 with a Content-Length over the body limit",
               "HTTP/1.1 304 Not Modified\r\n" + huge + "\r\n" + next,
               {"GET", "GET"},
               {{304, 0}, {200, 3}});
        const std::string chunked = "Transfer-Encoding: chunked\r\n";
        Expect("a response to HEAD with Transfer-Encoding",
               "HTTP/1.1 200 OK\r\n" + chunked + "\r\n" + next,
               {"HEAD", "GET"},
               {{200, 0}, {200, 3}});
        Expect("304 with Transfer-Encoding",
               "HTTP/1.1 304 Not Modified\r\n" + chunked + "\r\n" + next,
               {"GET", "GET"},
               {{304, 0}, {200, 3}});
        Expect("204 with Transfer-Encoding and Content-Length",
               "HTTP/1.1 204 No Content\r\n" + chunked + "Content-Length: 4\r\n\r\n" + next,
               {},
               {{204, 0}, {200, 3}});
        Expect("103 with Transfer-Encoding",
               "HTTP/1.1 103 Early Hints\r\n" + chunked + "\r\n" + next,
               {"GET"},
               {{103, 0}, {200, 3}});
        // RFC 9110 section 15: a status code is 100 to 599.
        Expect("status 099", "HTTP/1.1 099 Odd\r\n\r\n" + next, {}, {}, "BAD_START_LINE");
        Expect("status 000", "HTTP/1.1 000 Odd\r\n\r\n" + next, {}, {}, "BAD_START_LINE");
        Expect("status 600", "HTTP/1.1 600 Odd\r\n\r\n" + next, {}, {}, "BAD_START_LINE");
        Expect("status 100 and 599 are valid",
               "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 599 Odd\r\nContent-Length: 1\r\n\r\nx",
               {"GET"},
               {{100, 0}, {599, 1}});
        Expect("a close-delimited HTTP/1.0 body",
               "HTTP/1.0 200 OK\r\nServer: s\r\n\r\n" + std::string(500, 'x'),
               {"GET"},
               {{200, 500}});
        Expect("a close-delimited body that is empty", "HTTP/1.1 200 OK\r\n\r\n", {}, {{200, 0}});
        Expect("a body cut short by the close",
               "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc",
               {},
               {},
               "INCOMPLETE_MESSAGE");
        Expect("a head cut short by the close",
               "HTTP/1.1 200 OK\r\nContent-Le",
               {},
               {},
               "INCOMPLETE_MESSAGE");
        // A body delimited by the close stops at the body limit, wherever
        // the segments end (found by the seeded fuzz run).
        const std::string closeDelimited = "HTTP/1.1 200 OK\r\n\r\n" + std::string(30, 'x');
        for (size_t piece : {closeDelimited.size(), size_t(1), size_t(7)})
        {
            HttpParser limited(HttpParser::RESPONSES, 8192, 65536, 100, 10);
            size_t used = FeedAll(limited, closeDelimited, piece);
            NS_TEST_ASSERT_MSG_EQ(std::string(HttpParser::ErrorName(limited.GetError())),
                                  "BODY_TOO_LARGE",
                                  "close-delimited body over the limit, piece " << piece);
            NS_TEST_ASSERT_MSG_EQ(used,
                                  closeDelimited.size() - 20,
                                  "consumed up to the limit, piece " << piece);
        }
        HttpParser open(HttpParser::RESPONSES);
        FeedAll(open, "HTTP/1.1 200 OK\r\n\r\nabc");
        NS_TEST_ASSERT_MSG_EQ(open.HasResponse(),
                              false,
                              "a close-delimited body waits for the close");

        for (const char* good : {"Host: example.com\r\n",
                                 "Host: example.com:8080\r\n",
                                 "Host: 10.0.0.1:80\r\n",
                                 "Host: [::1]:80\r\n",
                                 "Host:\r\n"})
        {
            NS_TEST_ASSERT_MSG_EQ(HostAccepted(good), true, "valid Host: " << good);
        }
        for (const char* bad : {"Host: a\r\nHost: a\r\n",
                                "Host: exa mple\r\n",
                                "Host: a/b\r\n",
                                "Host: a:8x\r\n",
                                "Host: [::1\r\n"})
        {
            HttpParser p(HttpParser::REQUESTS);
            FeedAll(p, std::string("GET / HTTP/1.1\r\n") + bad + "\r\n");
            NS_TEST_ASSERT_MSG_EQ(std::string(HttpParser::ErrorName(p.GetError())),
                                  "BAD_HOST",
                                  "invalid Host: " << bad);
            NS_TEST_ASSERT_MSG_EQ(p.GetErrorStatus(), 400, "answered with 400");
        }
    }
};

/**
 * Chunked transfer coding (RFC 9112 section 7.1) and the Transfer-Encoding
 * rules of sections 6.1 and 6.3: each stream, whole, byte by byte and cut
 * in two at every point, gives the same messages (method and target or
 * status, and body length), error and status to answer with.
 */
class ChunkedTest : public TestCase
{
  public:
    ChunkedTest()
        : TestCase("chunked bodies: sizes, extensions, trailers, limits; Transfer-Encoding rules")
    {
    }

  private:
    /// What a stream gave.
    struct Result
    {
        std::vector<std::string> messages; //!< "METHOD target" or status, and ":" body length
        std::string error;                 //!< Error name
        uint16_t status;                   //!< Status a server answers the error with
    };

    /// Parse a stream fed in two pieces cut at `cut` (then the peer closes).
    static Result Parse(HttpParser::Kind kind, const std::string& wire, size_t cut, size_t piece)
    {
        HttpParser p(kind, 64, 256, 8, 1000);
        p.ExpectResponseTo("GET");
        p.ExpectResponseTo("GET");
        size_t used = FeedAll(p, wire.substr(0, cut), piece);
        if (used == cut)
        {
            FeedAll(p, wire.substr(cut), piece);
        }
        p.EndOfStream();
        Result r;
        while (p.HasRequest())
        {
            HttpRequest m = p.PopRequest();
            r.messages.push_back(m.GetMethod() + " " + m.GetTarget() + ":" +
                                 std::to_string(m.GetBodyLength()));
        }
        while (p.HasResponse())
        {
            HttpResponse m = p.PopResponse();
            r.messages.push_back(std::to_string(m.GetStatus()) + ":" +
                                 std::to_string(m.GetBodyLength()));
        }
        r.error = HttpParser::ErrorName(p.GetError());
        r.status = p.GetErrorStatus();
        return r;
    }

    /// Check one stream.
    void Check(const std::string& what,
               HttpParser::Kind kind,
               const std::string& wire,
               const std::vector<std::string>& messages,
               const std::string& error = "NONE",
               uint16_t status = 0)
    {
        Result whole = Parse(kind, wire, wire.size(), SIZE_MAX);
        NS_TEST_ASSERT_MSG_EQ(whole.error, error, what << ": error");
        NS_TEST_ASSERT_MSG_EQ(whole.status, status, what << ": status to answer with");
        NS_TEST_ASSERT_MSG_EQ(whole.messages.size(), messages.size(), what << ": messages");
        for (size_t i = 0; i < std::min(messages.size(), whole.messages.size()); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(whole.messages[i], messages[i], what << ": message " << i);
        }
        for (size_t cut = 0; cut <= wire.size(); ++cut)
        {
            for (size_t piece : {SIZE_MAX, size_t(1)})
            {
                Result split = Parse(kind, wire, cut, piece);
                if (split.messages != whole.messages || split.error != whole.error)
                {
                    NS_TEST_ASSERT_MSG_EQ(
                        split.error + ", " + std::to_string(split.messages.size()),
                        whole.error + ", " + std::to_string(whole.messages.size()),
                        what << ": same error, messages cut at " << cut << ", piece " << piece);
                    return; // the first cut that differs is enough
                }
            }
        }
    }

    void DoRun() override
    {
        const auto Q = HttpParser::REQUESTS;
        const auto S = HttpParser::RESPONSES;
        const std::string post =
            "POST /u HTTP/1.1\r\nHost: s\r\nTransfer-Encoding: chunked\r\n\r\n";
        const std::string get = "GET /n HTTP/1.1\r\nHost: s\r\n\r\n";
        const std::string abc = std::string(26, 'a');
        Check("two chunks, then a pipelined request",
              Q,
              post + "5\r\nhello\r\n1A\r\n" + abc + "\r\n0\r\n\r\n" + get,
              {"POST /u:31", "GET /n:0"});
        Check("chunk extensions and trailer fields",
              Q,
              post +
                  "3;a=b;c=\"x;\\\"y\" ; d\r\nabc\r\n0;last\r\nExpires: never\r\nX-Sum: 3\r\n\r\n" +
                  get,
              {"POST /u:3", "GET /n:0"});
        Check("hex digits of either case, leading zeros",
              Q,
              post + "000000000000000000000A\r\n0123456789\r\naB\r\n" + std::string(171, 'x') +
                  "\r\n0000\r\n\r\n",
              {"POST /u:181"});
        Check(
            "coding names are case-insensitive",
            Q,
            "POST /u HTTP/1.1\r\nHost: s\r\nTransfer-Encoding: Chunked\r\n\r\n1\r\nx\r\n0\r\n\r\n",
            {"POST /u:1"});
        Check("a chunked body of no chunks", Q, post + "0\r\n\r\n", {"POST /u:0"});

        Check("chunk size not hex", Q, post + "zz\r\n", {}, "BAD_CHUNK", 400);
        Check("chunk size missing", Q, post + "\r\n", {}, "BAD_CHUNK", 400);
        Check("chunk size of 2^64", Q, post + "10000000000000000\r\n", {}, "BAD_CHUNK", 400);
        Check("chunk size of 2^64 - 1",
              Q,
              post + "FFFFFFFFFFFFFFFF\r\n",
              {},
              "BODY_TOO_LARGE",
              413);
        Check("chunks adding up to more than the body limit",
              Q,
              post + "1F4\r\n" + std::string(500, 'x') + "\r\n1F5\r\n",
              {},
              "BODY_TOO_LARGE",
              413);
        Check("chunk data longer than its size", Q, post + "3\r\nabcX\r\n", {}, "BAD_CHUNK", 400);
        Check("bare LF after a chunk size", Q, post + "3\nabc\r\n", {}, "BAD_CHUNK", 400);
        Check("bare LF after chunk data", Q, post + "3\r\nabc\n0\r\n\r\n", {}, "BAD_CHUNK", 400);
        Check("bare CR in a chunk line", Q, post + "3\rx\r\n", {}, "BAD_CHUNK", 400);
        Check("space after a size, no extension", Q, post + "3 \r\n", {}, "BAD_CHUNK", 400);
        Check("extension without a name", Q, post + "3;=x\r\n", {}, "BAD_CHUNK", 400);
        Check("extension without a value after '='", Q, post + "3;a=\r\n", {}, "BAD_CHUNK", 400);
        Check("extension with an open quote", Q, post + "3;a=\"x\r\n", {}, "BAD_CHUNK", 400);
        Check("chunk line too long",
              Q,
              post + "3;a=" + std::string(100, 'b') + "\r\n",
              {},
              "BAD_CHUNK",
              400);
        Check("malformed trailer field", Q, post + "0\r\nno colon\r\n\r\n", {}, "BAD_HEADER", 400);
        Check(
            "too many trailer fields",
            Q,
            post +
                "0\r\na: 1\r\nb: 2\r\nc: 3\r\nd: 4\r\ne: 5\r\nf: 6\r\ng: 7\r\nh: 8\r\ni: 9\r\n\r\n",
            {},
            "HEAD_TOO_LARGE",
            431);
        Check("a chunked body cut short", Q, post + "5\r\nhel", {}, "INCOMPLETE_MESSAGE", 400);
        Check("trailers cut short", Q, post + "0\r\nX: y\r\n", {}, "INCOMPLETE_MESSAGE", 400);

        const std::string head = "POST /u HTTP/1.1\r\nHost: s\r\n";
        Check("Transfer-Encoding with Content-Length",
              Q,
              head + "Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n",
              {},
              "BAD_TRANSFER_ENCODING",
              400);
        Check("chunked not the final coding of a request",
              Q,
              head + "Transfer-Encoding: chunked, gzip\r\n\r\n",
              {},
              "BAD_TRANSFER_ENCODING",
              400);
        Check("chunked twice",
              Q,
              head + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n",
              {},
              "BAD_TRANSFER_ENCODING",
              400);
        Check("an empty Transfer-Encoding",
              Q,
              head + "Transfer-Encoding: \r\n\r\n",
              {},
              "BAD_TRANSFER_ENCODING",
              400);
        Check("a coding that is not a token",
              Q,
              head + "Transfer-Encoding: gz(ip), chunked\r\n\r\n",
              {},
              "BAD_TRANSFER_ENCODING",
              400);
        Check("Transfer-Encoding in HTTP/1.0",
              Q,
              "POST /u HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
              {},
              "BAD_TRANSFER_ENCODING",
              400);
        Check("an unknown coding before chunked (two fields)",
              Q,
              head + "Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n",
              {},
              "UNSUPPORTED_ENCODING",
              501);

        const std::string ok = "HTTP/1.1 200 OK\r\n";
        Check("a chunked response, then another",
              S,
              ok + "Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n" + ok +
                  "Content-Length: 2\r\n\r\nhi",
              {"200:5", "200:2"});
        Check("a response's other codings are passed through, chunked decoded",
              S,
              ok + "Transfer-Encoding: gzip, chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
              {"200:5"});
        Check("a response whose final coding is not chunked runs to the close",
              S,
              ok + "Transfer-Encoding: gzip\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
              {"200:15"});
        Check("a response with Transfer-Encoding and Content-Length",
              S,
              ok + "Transfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n",
              {},
              "BAD_TRANSFER_ENCODING",
              400);
        Check("an HTTP/1.0 response with Transfer-Encoding",
              S,
              "HTTP/1.0 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
              {},
              "BAD_TRANSFER_ENCODING",
              400);
    }
};

/// @return the fuzz corpus's files, by name (sorted: the same order everywhere)
std::map<std::string, std::string>
LoadCorpus()
{
    std::filesystem::path dir =
        std::filesystem::path(NS_TEST_SOURCEDIR) / "fuzz" / "http-parser-corpus";
    std::map<std::string, std::string> corpus;
    if (!std::filesystem::is_directory(dir))
    {
        return corpus;
    }
    for (const auto& entry : std::filesystem::directory_iterator(dir))
    {
        std::ifstream in(entry.path(), std::ios::binary);
        corpus[entry.path().filename().string()] =
            std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    }
    return corpus;
}

/// Bytes as a C string literal, for a failure message (at most 400 of them).
std::string
Escape(const std::string& bytes)
{
    std::string out = "\"";
    for (size_t i = 0; i < bytes.size() && i < 400; ++i)
    {
        auto c = static_cast<unsigned char>(bytes[i]);
        if (c == '\r' || c == '\n' || c == '"' || c == '\\' || c < 0x20 || c >= 0x7f)
        {
            char hex[8];
            std::snprintf(hex, sizeof(hex), "\\x%02x", c);
            out += hex;
        }
        else
        {
            out += static_cast<char>(c);
        }
    }
    return out + (bytes.size() > 400 ? "\"..." : "\"");
}

/// The fuzz corpus, replayed.
class CorpusTest : public TestCase
{
  public:
    CorpusTest()
        : TestCase("fuzz corpus: the parser's invariants hold for every input")
    {
    }

  private:
    void DoRun() override
    {
        std::map<std::string, std::string> corpus = LoadCorpus();
        NS_TEST_ASSERT_MSG_GT(corpus.size(), 10, "the corpus is there (run from the source root)");
        for (const auto& [name, bytes] : corpus)
        {
            std::string problem =
                http_fuzz::CheckInvariants(reinterpret_cast<const uint8_t*>(bytes.data()),
                                           bytes.size());
            NS_TEST_ASSERT_MSG_EQ(problem, "", "corpus file " << name);
        }
    }
};

/**
 * A short fuzz run of its own, deterministic (std::mt19937, fixed seed):
 * corpus inputs mutated (bytes flipped, replaced, inserted from a dictionary
 * of HTTP pieces, erased, repeated, spliced with another input), each
 * checked against the invariants whole, byte by byte, every 7 bytes and cut
 * at random points. A failure names the iteration and the input.
 */
class FuzzRunTest : public TestCase
{
  public:
    /// @param iterations how many mutated inputs
    FuzzRunTest(uint32_t iterations)
        : TestCase("seeded fuzz run: " + std::to_string(iterations) +
                   " mutated corpus inputs keep the parser's invariants"),
          m_iterations(iterations)
    {
    }

  private:
    void DoRun() override
    {
        std::map<std::string, std::string> files = LoadCorpus();
        std::vector<std::string> corpus;
        for (const auto& [name, bytes] : files)
        {
            corpus.push_back(bytes);
        }
        NS_TEST_ASSERT_MSG_GT(corpus.size(), 10, "the corpus is there (run from the source root)");
        const std::vector<std::string> dictionary = {
            "\r\n",
            "\r\n\r\n",
            "\n",
            "\r",
            " ",
            ":",
            ";",
            "=",
            "\"",
            "\\",
            ",",
            "0",
            "7",
            "f",
            "HTTP/1.1 ",
            "HTTP/1.0 ",
            "100 Continue\r\n",
            "204 ",
            "304 ",
            "099 ",
            "600 ",
            "GET / HTTP/1.1\r\n",
            "HEAD / HTTP/1.1\r\n",
            "POST / HTTP/1.1\r\n",
            "Host: s\r\n",
            "Content-Length: 5\r\n",
            "Content-Length: 99999999999999\r\n",
            "Transfer-Encoding: chunked\r\n",
            "Transfer-Encoding: gzip, chunked\r\n",
            "Transfer-Encoding: gzip\r\n",
            "Connection: close\r\n",
            "5\r\nhello\r\n",
            "0\r\n\r\n",
            ";ext=\"v\\\"\"",
            "FFFFFFFFFFFFFFFF\r\n",
            "10000000000000000\r\n",
            "Trailer: x\r\n",
        };
        std::mt19937 rng(22);
        auto below = [&rng](size_t n) { return n == 0 ? 0 : size_t(rng() % n); };
        std::set<std::string> errors; // reached, as requests or responses
        uint32_t withMessages = 0;
        for (uint32_t n = 0; n < m_iterations; ++n)
        {
            std::string input = corpus[below(corpus.size())];
            for (size_t m = 1 + below(4); m > 0; --m)
            {
                size_t at = below(input.size() + 1);
                switch (below(7))
                {
                case 0: // flip a bit
                    if (!input.empty())
                    {
                        input[below(input.size())] ^= char(1 << below(8));
                    }
                    break;
                case 1: // replace a byte
                    if (!input.empty())
                    {
                        input[below(input.size())] = char(rng());
                    }
                    break;
                case 2: // insert a piece of HTTP
                case 3:
                    input.insert(at, dictionary[below(dictionary.size())]);
                    break;
                case 4: // erase a range
                    input.erase(at, 1 + below(16));
                    break;
                case 5: // repeat a range
                    input.insert(at, input.substr(at, 1 + below(64)));
                    break;
                default: // splice: this input's head, another's tail
                    const std::string& other = corpus[below(corpus.size())];
                    input = input.substr(0, at) + other.substr(below(other.size() + 1));
                    break;
                }
            }
            input.resize(std::min<size_t>(input.size(), 4096));
            std::vector<std::vector<size_t>> cuts(2);
            for (auto& split : cuts)
            {
                for (size_t k = below(6); k > 0; --k)
                {
                    split.push_back(below(input.size() + 1));
                }
            }
            const auto* data = reinterpret_cast<const uint8_t*>(input.data());
            std::string problem = http_fuzz::CheckInvariants(data, input.size(), cuts);
            if (!problem.empty())
            {
                NS_TEST_ASSERT_MSG_EQ(problem,
                                      "",
                                      "iteration " << n << ", input " << Escape(input));
                return; // the first failure is enough
            }
            bool messages = false;
            for (auto kind : {HttpParser::REQUESTS, HttpParser::RESPONSES})
            {
                http_fuzz::Digest d = http_fuzz::Parse(kind, {}, data, input.size(), {});
                errors.insert(HttpParser::ErrorName(d.error));
                messages = messages || !d.messages.empty();
            }
            withMessages += messages;
        }
        // The run went places: most errors reached, many inputs still parsed.
        NS_TEST_ASSERT_MSG_GT_OR_EQ(errors.size(), 12, "errors reached");
        NS_TEST_ASSERT_MSG_GT(withMessages, m_iterations / 10, "inputs giving messages");
    }

    uint32_t m_iterations; //!< Mutated inputs
};

} // namespace

/// HTTP parser test suite.
class HttpParserTestSuite : public TestSuite
{
  public:
    HttpParserTestSuite()
        : TestSuite("http-parser", Type::UNIT)
    {
        using P = HttpParser;
        const auto R = P::REQUESTS;
        AddTestCase(new RoundTripTest(), Duration::QUICK);
        AddTestCase(new PipeliningTest(), Duration::QUICK);
        AddTestCase(new FinalResponseTest(), Duration::QUICK);
        AddTestCase(new RelayPartsTest(), Duration::QUICK);
        AddTestCase(new FramingTest(), Duration::QUICK);
        AddTestCase(new ChunkedTest(), Duration::QUICK);
        AddTestCase(new MalformedTest("bare CR in the status line",
                                      "HTTP/1.1 200 O\rK\r\n",
                                      P::RESPONSES,
                                      P::BAD_START_LINE,
                                      400),
                    Duration::QUICK);
        AddTestCase(new MalformedTest("bare CR in a field",
                                      "GET / HTTP/1.1\r\nHost: a\rb\r\n\r\n",
                                      R,
                                      P::BAD_HEADER,
                                      400),
                    Duration::QUICK);
        AddTestCase(new MalformedTest("request line", "GET /\r\n", R, P::BAD_START_LINE, 400),
                    Duration::QUICK);
        AddTestCase(new MalformedTest("version", "GET / HTTP/2.0\r\n", R, P::BAD_VERSION, 505),
                    Duration::QUICK);
        AddTestCase(new MalformedTest("no Host", "GET / HTTP/1.1\r\n\r\n", R, P::MISSING_HOST, 400),
                    Duration::QUICK);
        AddTestCase(new MalformedTest("space before colon",
                                      "GET / HTTP/1.1\r\nHost : s\r\n\r\n",
                                      R,
                                      P::BAD_HEADER,
                                      400),
                    Duration::QUICK);
        AddTestCase(new MalformedTest("obsolete folding",
                                      "GET / HTTP/1.1\r\nHost: s\r\n x\r\n\r\n",
                                      R,
                                      P::BAD_HEADER,
                                      400),
                    Duration::QUICK);
        AddTestCase(
            new MalformedTest("conflicting Content-Length",
                              "PUT / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n",
                              R,
                              P::BAD_CONTENT_LENGTH,
                              400),
            Duration::QUICK);
        AddTestCase(new MalformedTest("Content-Length not a number",
                                      "PUT / HTTP/1.1\r\nContent-Length: 1x\r\n",
                                      R,
                                      P::BAD_CONTENT_LENGTH,
                                      400),
                    Duration::QUICK);
        AddTestCase(new MalformedTest("body too large",
                                      "PUT / HTTP/1.1\r\nHost: s\r\nContent-Length: 5000\r\n\r\n",
                                      R,
                                      P::BODY_TOO_LARGE,
                                      413),
                    Duration::QUICK);
        AddTestCase(new MalformedTest("a transfer coding other than chunked",
                                      "POST / HTTP/1.1\r\nHost: s\r\n"
                                      "Transfer-Encoding: gzip, chunked\r\n\r\n",
                                      R,
                                      P::UNSUPPORTED_ENCODING,
                                      501),
                    Duration::QUICK);
        AddTestCase(new MalformedTest("line too long",
                                      "GET /" + std::string(100, 'a'),
                                      R,
                                      P::LINE_TOO_LONG,
                                      431),
                    Duration::QUICK);
        AddTestCase(new MalformedTest("too many fields",
                                      "GET / HTTP/1.1\r\na: 1\r\nb: 2\r\nc: 3\r\nd: 4\r\ne: 5\r\n",
                                      R,
                                      P::HEAD_TOO_LARGE,
                                      431),
                    Duration::QUICK);
        AddTestCase(new MalformedTest("a byte above ASCII in the request-target",
                                      "GET /\xe9 HTTP/1.1\r\nHost: s\r\n\r\n",
                                      R,
                                      P::BAD_START_LINE,
                                      400),
                    Duration::QUICK);
        AddTestCase(new MalformedTest(
                        "chunk extensions past the head's limit",
                        "POST / HTTP/1.1\r\nHost: s\r\n"
                        "Transfer-Encoding: chunked\r\n\r\n" +
                            [] {
                                std::string chunks;
                                for (int i = 0; i < 10; ++i)
                                {
                                    chunks += "1;e=" + std::string(40, 'a') + "\r\nx\r\n";
                                }
                                return chunks;
                            }(),
                        R,
                        P::HEAD_TOO_LARGE,
                        431),
                    Duration::QUICK);
        AddTestCase(new FieldsAsReceivedTest(), Duration::QUICK);
        AddTestCase(new MalformedTest("binary",
                                      std::string("\x01\x02\xff\n", 4),
                                      R,
                                      P::BAD_START_LINE,
                                      400),
                    Duration::QUICK);
        AddTestCase(new MalformedTest("status code",
                                      "HTTP/1.1 20 OK\r\n",
                                      P::RESPONSES,
                                      P::BAD_START_LINE,
                                      400),
                    Duration::QUICK);
        AddTestCase(new CorpusTest(), Duration::QUICK);
        AddTestCase(new FuzzRunTest(20000), Duration::QUICK); // about a second
    }
};

static HttpParserTestSuite g_httpParserTestSuite; //!< Static variable for test initialization
