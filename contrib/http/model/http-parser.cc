/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "http-parser.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <limits>
#include <vector>

namespace ns3
{

namespace
{

/// RFC 9110 tchar: the characters of a token (method, field name).
bool
IsTokenChar(unsigned char c)
{
    return std::isalnum(c) || (c != 0 && std::strchr("!#$%&'*+-.^_`|~", c) != nullptr);
}

/// Whether a string is a non-empty token.
bool
IsToken(const std::string& s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
        return IsTokenChar(static_cast<unsigned char>(c));
    });
}

/// Whether a string is one of the versions we speak.
bool
IsKnownVersion(const std::string& v)
{
    return v == "HTTP/1.1" || v == "HTTP/1.0";
}

/// Whether a string looks like an HTTP version at all ("HTTP/" digit "." digit).
bool
IsVersionSyntax(const std::string& v)
{
    return v.size() == 8 && v.compare(0, 5, "HTTP/") == 0 && std::isdigit(v[5]) && v[6] == '.' &&
           std::isdigit(v[7]);
}

/// Field value characters: visible ASCII, obs-text, space and tab.
bool
IsFieldValue(const std::string& s)
{
    return std::all_of(s.begin(),
                       s.end(),
                       [](char c) {
                           auto u = static_cast<unsigned char>(c);
                           return u == '\t' || u >= 0x20;
                       }) &&
           s.find('\x7f') == std::string::npos;
}

/// RFC 9112 section 3.2 / RFC 3986 section 3.2.2: uri-host [ ":" port ], or empty.
bool
IsHostValue(const std::string& s)
{
    std::string host = s;
    size_t colon = s.rfind(':');
    size_t bracket = s.rfind(']');
    if (colon != std::string::npos && (bracket == std::string::npos || colon > bracket))
    {
        std::string port = s.substr(colon + 1);
        if (!std::all_of(port.begin(), port.end(), [](char c) {
                return std::isdigit(static_cast<unsigned char>(c));
            }))
        {
            return false;
        }
        host = s.substr(0, colon);
    }
    if (!host.empty() && host.front() == '[')
    {
        // IP-literal: hex digits, colons and dots inside brackets.
        return host.size() > 2 && host.back() == ']' &&
               std::all_of(host.begin() + 1, host.end() - 1, [](char c) {
                   return std::isxdigit(static_cast<unsigned char>(c)) || c == ':' || c == '.';
               });
    }
    // reg-name or IPv4address: unreserved, pct-encoded, sub-delims.
    return std::all_of(host.begin(), host.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) ||
               std::string("-._~%!$&'()*+,;=").find(c) != std::string::npos;
    });
}

/**
 * Split a field line into name and value (RFC 9112 section 5): a token, a
 * colon, the value without its surrounding whitespace.
 */
bool
SplitField(const std::string& line, std::string& name, std::string& value)
{
    size_t colon = line.find(':');
    if (line[0] == ' ' || line[0] == '\t' || colon == std::string::npos)
    {
        return false; // obsolete line folding, or no colon
    }
    name = line.substr(0, colon);
    value = line.substr(colon + 1);
    size_t first = value.find_first_not_of(" \t");
    size_t last = value.find_last_not_of(" \t");
    value = first == std::string::npos ? "" : value.substr(first, last - first + 1);
    return IsToken(name) && IsFieldValue(value); // whitespace before the colon fails
}

/// Lower case of an ASCII string.
std::string
Lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](char c) {
        return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    });
    return s;
}

/**
 * RFC 9112 section 7.1.1: what may follow a chunk size,
 * *( BWS ";" BWS token [ BWS "=" BWS ( token / quoted-string ) ] ).
 */
bool
IsChunkExtension(const std::string& s)
{
    size_t i = 0;
    auto skipSpace = [&s, &i]() {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t'))
        {
            ++i;
        }
    };
    auto token = [&s, &i]() {
        size_t start = i;
        while (i < s.size() && IsTokenChar(static_cast<unsigned char>(s[i])))
        {
            ++i;
        }
        return i > start;
    };
    auto quoted = [&s, &i]() {
        // quoted-string: DQUOTE *( qdtext / quoted-pair ) DQUOTE (RFC 9110 section 5.6.4)
        for (++i; i < s.size(); ++i)
        {
            auto c = static_cast<unsigned char>(s[i]);
            if (c == '"')
            {
                ++i;
                return true;
            }
            if (c == '\\')
            {
                if (++i == s.size())
                {
                    return false;
                }
                c = static_cast<unsigned char>(s[i]);
            }
            if (c != '\t' && (c < 0x20 || c == 0x7f))
            {
                return false;
            }
        }
        return false;
    };
    while (i < s.size())
    {
        skipSpace();
        if (i == s.size() || s[i] != ';')
        {
            return false; // whitespace not followed by ';', or something else
        }
        ++i;
        skipSpace();
        if (!token())
        {
            return false;
        }
        size_t afterName = i;
        skipSpace();
        if (i < s.size() && s[i] == '=')
        {
            ++i;
            skipSpace();
            if ((i < s.size() && s[i] == '"') ? !quoted() : !token())
            {
                return false;
            }
        }
        else
        {
            i = afterName; // whitespace at the end is not allowed
        }
    }
    return true;
}

} // namespace

HttpParser::HttpParser(Kind kind,
                       size_t maxLine,
                       size_t maxHead,
                       size_t maxHeaders,
                       uint64_t maxBody)
    : m_kind(kind),
      m_maxLine(maxLine),
      m_maxHead(maxHead),
      m_maxHeaders(maxHeaders),
      m_maxBody(maxBody)
{
}

size_t
HttpParser::Feed(const uint8_t* data, size_t size)
{
    return Parse(data, size, false);
}

size_t
HttpParser::FeedPart(const uint8_t* data, size_t size)
{
    return Parse(data, size, true);
}

bool
HttpParser::InHead() const
{
    return m_state == START_LINE || m_state == HEADERS;
}

bool
HttpParser::HeadEnded() const
{
    return m_headEnded;
}

const HttpResponse&
HttpParser::GetLastResponseHead() const
{
    return m_response;
}

size_t
HttpParser::Parse(const uint8_t* data, size_t size, bool onePart)
{
    m_headEnded = false;
    m_messageEnded = false;
    size_t i = 0;
    while (i < size && m_state != FAILED && !(onePart && (m_headEnded || m_messageEnded)))
    {
        if (m_state == BODY_TO_EOF)
        {
            // Up to the limit, then fail: the same wherever the pieces end.
            uint64_t take = std::min<uint64_t>(m_maxBody - m_response.GetBodyLength(), size - i);
            m_response.SetBodyLength(m_response.GetBodyLength() + take, false);
            i += take;
            if (i < size)
            {
                Fail(BODY_TOO_LARGE);
            }
            continue;
        }
        if (m_state == BODY || m_state == CHUNK_DATA)
        {
            uint64_t take = std::min<uint64_t>(m_bodyRemaining, size - i);
            m_bodyRemaining -= take;
            i += take;
            if (m_bodyRemaining == 0)
            {
                if (m_state == BODY)
                {
                    Complete();
                }
                else
                {
                    m_state = CHUNK_DATA_END;
                }
            }
            continue;
        }
        char c = static_cast<char>(data[i++]);
        ++m_headBytes;
        if (c == '\n')
        {
            bool cr = !m_line.empty() && m_line.back() == '\r';
            if (cr)
            {
                m_line.pop_back();
            }
            if (!cr && InChunkedBody())
            {
                // RFC 9112 section 2.2 allows a bare LF after the start line and
                // fields only; in a chunked body, a line ends in CRLF.
                Fail(BAD_CHUNK);
                continue;
            }
            std::string line;
            line.swap(m_line);
            Line(line);
        }
        else if (m_line.size() >= m_maxLine)
        {
            Fail(m_state == CHUNK_SIZE || m_state == CHUNK_DATA_END ? BAD_CHUNK : LINE_TOO_LONG);
        }
        else
        {
            m_line.push_back(c);
        }
        if ((m_state == HEADERS || m_state == TRAILERS) && m_headBytes > m_maxHead)
        {
            Fail(HEAD_TOO_LARGE);
        }
    }
    return i;
}

void
HttpParser::Line(const std::string& line)
{
    if (line.find('\r') != std::string::npos)
    {
        // RFC 9112 section 2.2: a bare CR is invalid in a protocol element.
        Fail(m_state == START_LINE                                ? BAD_START_LINE
             : m_state == CHUNK_SIZE || m_state == CHUNK_DATA_END ? BAD_CHUNK
                                                                  : BAD_HEADER);
        return;
    }
    if (m_state == CHUNK_SIZE)
    {
        ChunkSizeLine(line);
        return;
    }
    if (m_state == CHUNK_DATA_END)
    {
        if (!line.empty())
        {
            Fail(BAD_CHUNK); // chunk data longer than its size
            return;
        }
        m_state = CHUNK_SIZE;
        return;
    }
    if (m_state == TRAILERS && line.empty())
    {
        Complete();
        return;
    }
    if (m_state == START_LINE)
    {
        if (line.empty())
        {
            m_headBytes = 0; // RFC 9112: ignore empty lines before a request line
            return;
        }
        if (m_kind == REQUESTS)
        {
            RequestLine(line);
        }
        else
        {
            StatusLine(line);
        }
        return;
    }
    if (line.empty())
    {
        EndOfHead();
        return;
    }
    HeaderLine(line);
}

void
HttpParser::RequestLine(const std::string& line)
{
    size_t sp1 = line.find(' ');
    size_t sp2 = sp1 == std::string::npos ? sp1 : line.find(' ', sp1 + 1);
    if (sp2 == std::string::npos || line.find(' ', sp2 + 1) != std::string::npos)
    {
        Fail(BAD_START_LINE);
        return;
    }
    std::string method = line.substr(0, sp1);
    std::string target = line.substr(sp1 + 1, sp2 - sp1 - 1);
    std::string version = line.substr(sp2 + 1);
    // RFC 9112 section 3.2 (RFC 3986): a request-target is visible ASCII;
    // a byte above 0x7E is no URI character, unlike in a field value.
    bool visible =
        std::all_of(target.begin(), target.end(), [](char c) { return c > 0x20 && c < 0x7F; });
    if (!IsToken(method) || target.empty() || !visible)
    {
        Fail(BAD_START_LINE);
        return;
    }
    if (!IsVersionSyntax(version))
    {
        Fail(BAD_START_LINE);
        return;
    }
    if (!IsKnownVersion(version))
    {
        Fail(BAD_VERSION);
        return;
    }
    m_request = HttpRequest(method, target);
    m_request.SetVersion(version);
    m_state = HEADERS;
}

void
HttpParser::StatusLine(const std::string& line)
{
    size_t sp1 = line.find(' ');
    if (sp1 == std::string::npos || line.size() < sp1 + 4)
    {
        Fail(BAD_START_LINE);
        return;
    }
    std::string version = line.substr(0, sp1);
    std::string code = line.substr(sp1 + 1, 3);
    std::string reason = line.size() > sp1 + 5 ? line.substr(sp1 + 5) : "";
    bool digits = std::all_of(code.begin(), code.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c));
    });
    // RFC 9110 section 15: a status code is three digits from 100 to 599.
    if (!digits || code < "100" || code > "599" ||
        (line.size() > sp1 + 4 && line[sp1 + 4] != ' ') || !IsFieldValue(reason) ||
        !IsVersionSyntax(version))
    {
        Fail(BAD_START_LINE);
        return;
    }
    if (!IsKnownVersion(version))
    {
        Fail(BAD_VERSION);
        return;
    }
    m_response = HttpResponse();
    m_response.SetVersion(version);
    m_response.SetStatus(static_cast<uint16_t>(std::stoi(code)), reason);
    m_state = HEADERS;
}

void
HttpParser::HeaderLine(const std::string& line)
{
    if (++m_headerCount > m_maxHeaders)
    {
        Fail(HEAD_TOO_LARGE);
        return;
    }
    std::string name;
    std::string value;
    if (!SplitField(line, name, value))
    {
        Fail(BAD_HEADER);
        return;
    }
    if (m_state == TRAILERS)
    {
        return; // a trailer field is checked and dropped (RFC 9110 section 6.5)
    }
    if (HttpMessage::EqualsIgnoreCase(name, "Content-Length"))
    {
        bool digits = !value.empty() && value.size() <= 19 &&
                      std::all_of(value.begin(), value.end(), [](char c) {
                          return std::isdigit(static_cast<unsigned char>(c));
                      });
        if (!digits)
        {
            Fail(BAD_CONTENT_LENGTH);
            return;
        }
        uint64_t length = std::stoull(value);
        if (m_contentLengthSeen && length != m_contentLength)
        {
            Fail(BAD_CONTENT_LENGTH);
            return;
        }
        m_contentLengthSeen = true;
        m_contentLength = length;
    }
    else if (HttpMessage::EqualsIgnoreCase(name, "Transfer-Encoding"))
    {
        // Several fields make one list (RFC 9110 section 5.3); judged at the end of the head.
        m_transferEncoding += (m_transferEncodingSeen ? "," : "") + value;
        m_transferEncodingSeen = true;
    }
    else if (m_kind == REQUESTS && HttpMessage::EqualsIgnoreCase(name, "Host"))
    {
        // RFC 9112 section 3.2: more than one Host, or an invalid one: 400.
        if (m_hostSeen || !IsHostValue(value))
        {
            Fail(BAD_HOST);
            return;
        }
        m_hostSeen = true;
    }
    Current().AddHeader(name, value);
}

void
HttpParser::EndOfHead()
{
    m_headEnded = true; // a head that fails below stops the parser anyway
    if (m_kind == REQUESTS && m_request.GetVersion() == "HTTP/1.1" && !m_request.HasHeader("Host"))
    {
        Fail(MISSING_HOST);
        return;
    }
    if (m_kind == RESPONSES)
    {
        // RFC 9112 section 6.3 rule 1, before any other: a response to HEAD
        // and a 1xx, 204 or 304 response end at the empty line, whatever
        // their Content-Length or Transfer-Encoding.
        uint16_t status = m_response.GetStatus();
        bool head = !m_expected.empty() && m_expected.front() == "HEAD";
        if (head || status < 200 || status == 204 || status == 304)
        {
            Complete();
            return;
        }
    }
    if (m_transferEncodingSeen)
    {
        TransferEncodingFraming();
        return;
    }
    if (m_contentLength > m_maxBody)
    {
        Fail(BODY_TOO_LARGE);
        return;
    }
    if (m_kind == RESPONSES && !m_contentLengthSeen)
    {
        // Rule 8: any other response without a length ends when the connection
        // does; it gets no Content-Length field it did not have.
        m_response.SetBodyLength(0, false);
        m_state = BODY_TO_EOF;
        return;
    }
    if (m_contentLengthSeen)
    {
        Current().SetBodyLength(m_contentLength, false); // the field stays as received
    }
    m_bodyRemaining = m_contentLength;
    if (m_bodyRemaining > 0)
    {
        m_state = BODY;
        return;
    }
    Complete();
}

void
HttpParser::TransferEncodingFraming()
{
    // RFC 9112 section 6.1: Transfer-Encoding in HTTP/1.0 means faulty
    // framing; section 6.3 rule 3: with Content-Length too, it may be an
    // attempt at request smuggling or response splitting. Both: 400.
    if (Current().GetVersion() == "HTTP/1.0" || m_contentLengthSeen)
    {
        Fail(BAD_TRANSFER_ENCODING);
        return;
    }
    // transfer-coding = token *( OWS ";" OWS transfer-parameter ): the
    // names, in the order they were applied (empty list elements ignored,
    // RFC 9110 section 5.6.1).
    std::vector<std::string> codings;
    for (const std::string& item : HttpMessage::ListItems(m_transferEncoding))
    {
        size_t semicolon = item.find(';');
        std::string name = item.substr(0, semicolon);
        name = name.substr(0, name.find_last_not_of(" \t") + 1);
        if (!IsToken(name) || (Lower(name) == "chunked" && semicolon != std::string::npos))
        {
            Fail(BAD_TRANSFER_ENCODING); // chunked has no parameters
            return;
        }
        codings.push_back(Lower(name));
    }
    // Section 6.1: chunked at most once; section 6.3 rule 4: a request
    // whose final coding is not chunked cannot be framed (400).
    if (codings.empty() || std::count(codings.begin(), codings.end(), "chunked") > 1 ||
        (m_kind == REQUESTS && codings.back() != "chunked"))
    {
        Fail(BAD_TRANSFER_ENCODING);
        return;
    }
    if (m_kind == REQUESTS && codings.size() > 1)
    {
        Fail(UNSUPPORTED_ENCODING); // section 6.1: a coding the server does not know: 501
        return;
    }
    if (codings.back() != "chunked")
    {
        // Rule 4: a response whose final coding is not chunked ends with the close.
        m_response.SetBodyLength(0, false);
        m_state = BODY_TO_EOF;
        return;
    }
    // A response's other codings are left as they are: bodies are counted, not decoded.
    m_chunkedLength = 0;
    m_state = CHUNK_SIZE;
}

void
HttpParser::ChunkSizeLine(const std::string& line)
{
    // chunk-size = 1*HEXDIG, any number of leading zeros; at most 2^64 - 1.
    uint64_t size = 0;
    size_t i = 0;
    for (; i < line.size() && std::isxdigit(static_cast<unsigned char>(line[i])); ++i)
    {
        if (size > (std::numeric_limits<uint64_t>::max() >> 4))
        {
            Fail(BAD_CHUNK);
            return;
        }
        char c = line[i];
        uint64_t digit = std::isdigit(static_cast<unsigned char>(c))
                             ? c - '0'
                             : std::tolower(static_cast<unsigned char>(c)) - 'a' + 10;
        size = (size << 4) | digit;
    }
    if (i == 0 || !IsChunkExtension(line.substr(i)))
    {
        Fail(BAD_CHUNK);
        return;
    }
    // Chunk extensions are metadata: a message's together within the head's
    // limit (else a body of one-byte chunks could carry any amount of them).
    m_extensionBytes += line.size() - i;
    if (m_extensionBytes > m_maxHead)
    {
        Fail(HEAD_TOO_LARGE);
        return;
    }
    if (size > m_maxBody - m_chunkedLength)
    {
        Fail(BODY_TOO_LARGE);
        return;
    }
    m_chunkedLength += size;
    if (size == 0)
    {
        // The last chunk: then the trailer section, within the head's limits.
        m_state = TRAILERS;
        m_headBytes = 0;
        m_headerCount = 0;
        return;
    }
    m_bodyRemaining = size;
    m_state = CHUNK_DATA;
}

bool
HttpParser::InChunkedBody() const
{
    return m_state == CHUNK_SIZE || m_state == CHUNK_DATA_END || m_state == TRAILERS;
}

void
HttpParser::EndOfStream()
{
    if (m_state == BODY_TO_EOF)
    {
        Complete();
    }
    else if (m_state != FAILED && !IsIdle())
    {
        Fail(INCOMPLETE_MESSAGE);
    }
}

void
HttpParser::ExpectResponseTo(const std::string& method)
{
    m_expected.push_back(method);
}

void
HttpParser::Complete()
{
    if (m_state == TRAILERS)
    {
        Current().SetBodyLength(m_chunkedLength, false); // framed by chunks, not a field
    }
    if (m_kind == REQUESTS)
    {
        m_requests.push_back(m_request);
    }
    else
    {
        m_responses.push_back(m_response);
        if (m_response.GetStatus() >= 200 && !m_expected.empty())
        {
            m_expected.pop_front(); // an interim (1xx) response answers nothing yet
        }
    }
    m_messageEnded = true;
    m_state = START_LINE;
    m_hostSeen = false;
    m_headBytes = 0;
    m_headerCount = 0;
    m_contentLengthSeen = false;
    m_contentLength = 0;
    m_bodyRemaining = 0;
    m_transferEncodingSeen = false;
    m_transferEncoding.clear();
    m_chunkedLength = 0;
    m_extensionBytes = 0;
}

void
HttpParser::Fail(Error error)
{
    m_state = FAILED;
    m_error = error;
}

HttpMessage&
HttpParser::Current()
{
    if (m_kind == REQUESTS)
    {
        return m_request;
    }
    return m_response;
}

bool
HttpParser::HasRequest() const
{
    return !m_requests.empty();
}

bool
HttpParser::HasResponse() const
{
    return !m_responses.empty();
}

bool
HttpParser::HasFinalResponse()
{
    while (!m_responses.empty() && m_responses.front().GetStatus() < 200)
    {
        m_responses.pop_front();
    }
    return !m_responses.empty();
}

HttpRequest
HttpParser::PopRequest()
{
    HttpRequest r = m_requests.front();
    m_requests.pop_front();
    return r;
}

HttpResponse
HttpParser::PopResponse()
{
    HttpResponse r = m_responses.front();
    m_responses.pop_front();
    return r;
}

HttpParser::Error
HttpParser::GetError() const
{
    return m_error;
}

uint16_t
HttpParser::GetErrorStatus() const
{
    switch (m_error)
    {
    case NONE:
        return 0;
    case BAD_VERSION:
        return 505;
    case LINE_TOO_LONG:
    case HEAD_TOO_LARGE:
        return 431;
    case BODY_TOO_LARGE:
        return 413;
    case UNSUPPORTED_ENCODING:
        return 501;
    default:
        return 400;
    }
}

const char*
HttpParser::ErrorName(Error error)
{
    switch (error)
    {
    case NONE:
        return "NONE";
    case BAD_START_LINE:
        return "BAD_START_LINE";
    case BAD_VERSION:
        return "BAD_VERSION";
    case BAD_HEADER:
        return "BAD_HEADER";
    case LINE_TOO_LONG:
        return "LINE_TOO_LONG";
    case HEAD_TOO_LARGE:
        return "HEAD_TOO_LARGE";
    case BAD_CONTENT_LENGTH:
        return "BAD_CONTENT_LENGTH";
    case BODY_TOO_LARGE:
        return "BODY_TOO_LARGE";
    case MISSING_HOST:
        return "MISSING_HOST";
    case UNSUPPORTED_ENCODING:
        return "UNSUPPORTED_ENCODING";
    case BAD_HOST:
        return "BAD_HOST";
    case INCOMPLETE_MESSAGE:
        return "INCOMPLETE_MESSAGE";
    case BAD_TRANSFER_ENCODING:
        return "BAD_TRANSFER_ENCODING";
    case BAD_CHUNK:
        return "BAD_CHUNK";
    }
    return "UNKNOWN";
}

bool
HttpParser::IsIdle() const
{
    return m_state == START_LINE && m_line.empty();
}

} // namespace ns3
