/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HTTP_PARSER_H
#define HTTP_PARSER_H

#include "http-message.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>

namespace ns3
{

class Packet;
template <typename T>
class Ptr;

/**
 * @ingroup http
 * @brief Incremental parser of an HTTP/1.1 byte stream (requests or responses).
 *
 * Bytes are fed as they arrive from TCP, in pieces of any size: a message
 * may be split across segments and several may share one (pipelining). A
 * message is available once its head and whole body have arrived; bodies
 * are counted, not kept. The body length follows RFC 9112 section 6.3: none
 * for a response to HEAD and a 1xx, 204 or 304 response (whatever their
 * fields), else the chunked transfer coding (section 7.1), else
 * Content-Length, else (responses only) the close. Anything malformed or
 * beyond the limits stops the parser with an error, which a server answers
 * with GetErrorStatus() and a close.
 *
 * Its core (this class and the message classes) uses nothing from ns-3, so
 * it can be fuzzed on its own: Feed(Ptr<const Packet>) is defined apart, in
 * http-parser-packet.cc.
 */
class HttpParser
{
  public:
    /// What the stream carries.
    enum Kind
    {
        REQUESTS,  //!< Parse requests (server side)
        RESPONSES, //!< Parse responses (client side)
    };

    /// Why parsing stopped.
    enum Error
    {
        NONE,                  //!< No error
        BAD_START_LINE,        //!< Malformed request or status line
        BAD_VERSION,           //!< Not HTTP/1.0 or HTTP/1.1
        BAD_HEADER,            //!< Malformed header field (or obsolete line folding)
        LINE_TOO_LONG,         //!< A line over the line limit
        HEAD_TOO_LARGE,        //!< Head over the head limit, or too many fields
        BAD_CONTENT_LENGTH,    //!< Unparsable or conflicting Content-Length
        BODY_TOO_LARGE,        //!< Content-Length or chunks over the body limit
        MISSING_HOST,          //!< HTTP/1.1 request without Host
        UNSUPPORTED_ENCODING,  //!< A request's transfer coding other than chunked
        BAD_HOST,              //!< Host field repeated or not a valid host[:port]
        INCOMPLETE_MESSAGE,    //!< The stream ended inside a message
        BAD_TRANSFER_ENCODING, //!< Transfer-Encoding unusable for framing (see EndOfHead)
        BAD_CHUNK,             //!< Malformed chunk size line, extension or chunk end
    };

    /**
     * @brief Make a parser.
     * @param kind requests or responses
     * @param maxLine longest line accepted, bytes
     * @param maxHead largest head accepted, bytes
     * @param maxHeaders most header fields accepted
     * @param maxBody largest body accepted, bytes
     */
    explicit HttpParser(Kind kind,
                        size_t maxLine = 8192,
                        size_t maxHead = 65536,
                        size_t maxHeaders = 100,
                        uint64_t maxBody = UINT64_C(1) << 40);

    /**
     * @brief Parse more bytes of the stream.
     * @param data the bytes
     * @param size how many
     * @return how many were consumed (all of them unless an error stopped the parser)
     */
    size_t Feed(const uint8_t* data, size_t size);

    /**
     * @brief Parse the bytes a socket delivered (defined in
     * http-parser-packet.cc, the parser's one use of ns-3; include
     * ns3/packet.h to call it).
     * @param packet the bytes, as Socket::Recv returns them
     * @return how many were consumed (all of them unless an error stopped the parser)
     */
    size_t Feed(Ptr<const Packet> packet);

    /**
     * @brief Parse bytes of one part of a message at most: stop right after
     * the empty line that ends a head, and right after a message's last
     * byte. For a relay (a proxy) that forwards a head it rebuilt (RFC 9110
     * section 7.6.1) and a body's bytes as they come: InHead() before the
     * call says which part the consumed bytes were, HeadEnded() after it
     * whether they completed a head.
     * @param data the bytes
     * @param size how many
     * @return how many were consumed
     */
    size_t FeedPart(const uint8_t* data, size_t size);

    /// @return true if the next byte fed belongs to a head (a start line or a field)
    bool InHead() const;

    /// @return true if the last Feed or FeedPart consumed the empty line that ends a head
    bool HeadEnded() const;

    /**
     * @brief Responses only: the head of the response parsed last (its
     * status, version and fields; its body length is not final), which
     * a relay forwards once HeadEnded() says it is whole.
     * @return the response's head
     */
    const HttpResponse& GetLastResponseHead() const;

    /**
     * @brief The stream has ended (the peer closed). Completes a response
     * whose body is delimited by the close (no Content-Length, RFC 9112
     * section 6.3); a message cut short fails with INCOMPLETE_MESSAGE.
     */
    void EndOfStream();

    /**
     * @brief Responses only: say which request the next response answers,
     * in the order the requests were sent. A response to HEAD has no body
     * whatever its Content-Length (RFC 9112 section 6.3); without this the
     * parser takes every response to answer a GET.
     * @param method the request's method
     */
    void ExpectResponseTo(const std::string& method);

    /// @return true if a complete request is waiting
    bool HasRequest() const;

    /// @return true if a complete response is waiting
    bool HasResponse() const;

    /**
     * @brief For a client: drop the interim (1xx) responses waiting ahead of
     * the oldest final one (RFC 9110 section 15.2: the final response is
     * still to come) and say whether a final one waits.
     * @return true if PopResponse() will now return a final (2xx-5xx) response
     */
    bool HasFinalResponse();

    /// @return the oldest complete request (HasRequest() must be true)
    HttpRequest PopRequest();

    /// @return the oldest complete response (HasResponse() must be true)
    HttpResponse PopResponse();

    /// @return the error that stopped the parser, or NONE
    Error GetError() const;

    /// @return the status a server should answer the error with (400, 413, 431, 501, 505), or 0
    /// if there is no error
    uint16_t GetErrorStatus() const;

    /**
     * @brief Name of an error, for logs.
     * @param error the error
     * @return its name
     */
    static const char* ErrorName(Error error);

    /// @return true if the parser is between messages (no partial message buffered)
    bool IsIdle() const;

  private:
    /// Where in a message the parser is.
    enum State
    {
        START_LINE,     //!< Waiting for a request or status line
        HEADERS,        //!< Reading header fields
        BODY,           //!< Counting body bytes (Content-Length)
        BODY_TO_EOF,    //!< Counting the body of a response delimited by the close
        CHUNK_SIZE,     //!< Reading a chunk size line
        CHUNK_DATA,     //!< Counting a chunk's data
        CHUNK_DATA_END, //!< Waiting for the CRLF after a chunk's data
        TRAILERS,       //!< Reading the trailer section after the last chunk
        FAILED,         //!< Stopped by an error
    };

    /**
     * @brief Handle one complete line (without its line ending).
     * @param line the line
     */
    void Line(const std::string& line);

    /**
     * @brief Parse a request line into m_request.
     * @param line the line
     */
    void RequestLine(const std::string& line);

    /**
     * @brief Parse a status line into m_response.
     * @param line the line
     */
    void StatusLine(const std::string& line);

    /**
     * @brief Parse a header field line into the current message, or check
     * and drop a trailer field line.
     * @param line the line
     */
    void HeaderLine(const std::string& line);

    /**
     * @brief Parse bytes (Feed and FeedPart).
     * @param data the bytes
     * @param size how many
     * @param onePart stop after a head's end and after a message's end
     * @return how many were consumed
     */
    size_t Parse(const uint8_t* data, size_t size, bool onePart);

    /// The empty line after the fields: choose the framing, then body or done.
    void EndOfHead();

    /**
     * @brief Framing by Transfer-Encoding (RFC 9112 sections 6.1 and 6.3):
     * chunked, the close, or an error.
     */
    void TransferEncodingFraming();

    /**
     * @brief Parse a chunk size line (size and extensions).
     * @param line the line
     */
    void ChunkSizeLine(const std::string& line);

    /// @return true if in the chunked body, where every line must end in CRLF
    bool InChunkedBody() const;

    /// The current message is complete.
    void Complete();

    /**
     * @brief Stop with an error.
     * @param error the error
     */
    void Fail(Error error);

    /// @return the message being parsed
    HttpMessage& Current();

    Kind m_kind;                          //!< Requests or responses
    size_t m_maxLine;                     //!< Line limit
    size_t m_maxHead;                     //!< Head limit
    size_t m_maxHeaders;                  //!< Field count limit
    uint64_t m_maxBody;                   //!< Body limit
    State m_state{START_LINE};            //!< Parser state
    Error m_error{NONE};                  //!< Error, if FAILED
    std::string m_line;                   //!< Current partial line
    size_t m_headBytes{0};                //!< Bytes of the current head so far
    size_t m_headerCount{0};              //!< Fields of the current head so far
    uint64_t m_bodyRemaining{0};          //!< Body (or chunk) bytes still to come
    bool m_contentLengthSeen{false};      //!< A Content-Length field was parsed
    uint64_t m_contentLength{0};          //!< Its value
    bool m_transferEncodingSeen{false};   //!< A Transfer-Encoding field was parsed
    std::string m_transferEncoding;       //!< Their values, joined by commas
    uint64_t m_chunkedLength{0};          //!< Chunk data so far
    uint64_t m_extensionBytes{0};         //!< Chunk-extension bytes so far
    HttpRequest m_request;                //!< Request being parsed
    HttpResponse m_response;              //!< Response being parsed
    std::deque<HttpRequest> m_requests;   //!< Complete requests
    std::deque<HttpResponse> m_responses; //!< Complete responses
    std::deque<std::string> m_expected;   //!< Methods of the requests awaiting responses
    bool m_hostSeen{false};               //!< A Host field was parsed
    bool m_headEnded{false};              //!< This Parse call ended a head
    bool m_messageEnded{false};           //!< This Parse call ended a message
};

} // namespace ns3

#endif /* HTTP_PARSER_H */
