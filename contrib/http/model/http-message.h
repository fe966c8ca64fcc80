/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HTTP_MESSAGE_H
#define HTTP_MESSAGE_H

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * @defgroup http http
 * HTTP/1.1 on real bytes: messages, an incremental parser, a persistent-connection server, a
 * closed-loop client, document sets.
 */

/**
 * @ingroup http
 * @brief What HTTP/1.1 requests and responses share: version, header fields, body length.
 *
 * Messages are carried as real bytes (the head is text, the body is counted
 * and sent as zero bytes), so a capture of a scenario reads as HTTP in
 * Wireshark. The messages built here frame their bodies by Content-Length;
 * HttpParser also reads chunked ones.
 */
class HttpMessage
{
  public:
    virtual ~HttpMessage() = default;

    /**
     * @brief Set a header field, replacing one of the same name (case-insensitive).
     * @param name field name
     * @param value field value
     */
    void SetHeader(const std::string& name, const std::string& value);

    /**
     * @brief Add a header field, keeping others of the same name.
     * @param name field name
     * @param value field value
     */
    void AddHeader(const std::string& name, const std::string& value);

    /**
     * @brief Whether a header field is present.
     * @param name field name (case-insensitive)
     * @return true if present
     */
    bool HasHeader(const std::string& name) const;

    /**
     * @brief A header field's value.
     * @param name field name (case-insensitive)
     * @return the value of the first field of that name, or "" if absent
     */
    std::string GetHeader(const std::string& name) const;

    /// @return all header fields, in order
    const std::vector<std::pair<std::string, std::string>>& GetHeaders() const;

    /**
     * @brief Set the body length (and the Content-Length field).
     * @param bytes body length
     * @param setField whether to set the Content-Length field too (false for
     *        a parsed body framed otherwise, by chunks)
     */
    void SetBodyLength(uint64_t bytes, bool setField = true);

    /// @return the body length
    uint64_t GetBodyLength() const;

    /**
     * @brief Set the version, "HTTP/1.1" by default.
     * @param version e.g. "HTTP/1.0"
     */
    void SetVersion(const std::string& version);

    /// @return the version
    const std::string& GetVersion() const;

    /**
     * @brief Whether the connection ends after this message.
     *
     * True if a Connection field lists "close", or for HTTP/1.0 unless it
     * lists "keep-alive".
     *
     * @return true if the connection closes after this message
     */
    bool ClosesConnection() const;

    /**
     * @brief Remove the fields that concern one connection only, as an
     * intermediary does before it forwards a message (RFC 9110 section
     * 7.6.1): Connection, the fields it names, Keep-Alive,
     * Proxy-Connection, TE and Upgrade. Content-Length and
     * Transfer-Encoding stay: a relay passes the body on with its framing.
     */
    void RemoveConnectionFields();

    /**
     * @brief The head as sent on the wire: start line, fields, empty line.
     * @return the bytes of the head
     */
    std::string SerializeHead() const;

    /// @return the size on the wire: head plus body
    uint64_t GetWireSize() const;

    /**
     * @brief Case-insensitive equality of ASCII strings, as for field names.
     * @param a one string
     * @param b the other
     * @return true if equal but for case
     */
    static bool EqualsIgnoreCase(const std::string& a, const std::string& b);

    /**
     * @brief The items of a comma-separated field value (RFC 9110 section
     * 5.6.1), without the whitespace around them; empty items dropped.
     * @param value the field value
     * @return its items, in order
     */
    static std::vector<std::string> ListItems(const std::string& value);

  protected:
    /// @return the start line, without CRLF
    virtual std::string StartLine() const = 0;

  private:
    std::string m_version{"HTTP/1.1"};                          //!< Version
    std::vector<std::pair<std::string, std::string>> m_headers; //!< Header fields
    uint64_t m_bodyLength{0};                                   //!< Body length
};

/**
 * @ingroup http
 * @brief An HTTP/1.1 request.
 */
class HttpRequest : public HttpMessage
{
  public:
    /// The method of the TIME_WAIT draft: "the client closes the connection now".
    static constexpr const char* CLIENT_CLOSE = "CLIENT_CLOSE";

    HttpRequest() = default;

    /**
     * @brief Make a request.
     * @param method e.g. "GET"
     * @param target e.g. "/docs/1"
     */
    HttpRequest(const std::string& method, const std::string& target);

    /// @return the method
    const std::string& GetMethod() const;

    /// @return the request target
    const std::string& GetTarget() const;

    /**
     * @brief Set the method.
     * @param method the method
     */
    void SetMethod(const std::string& method);

    /**
     * @brief Set the request target.
     * @param target the target
     */
    void SetTarget(const std::string& target);

  protected:
    std::string StartLine() const override;

  private:
    std::string m_method{"GET"}; //!< Method
    std::string m_target{"/"};   //!< Request target
};

/**
 * @ingroup http
 * @brief An HTTP/1.1 response.
 */
class HttpResponse : public HttpMessage
{
  public:
    HttpResponse() = default;

    /**
     * @brief Make a response with the standard reason phrase.
     * @param status the status code
     */
    explicit HttpResponse(uint16_t status);

    /// @return the status code
    uint16_t GetStatus() const;

    /// @return the reason phrase
    const std::string& GetReason() const;

    /**
     * @brief Set the status and reason.
     * @param status the status code
     * @param reason the reason phrase ("" for the standard one)
     */
    void SetStatus(uint16_t status, const std::string& reason = "");

    /**
     * @brief The standard reason phrase of a status code.
     * @param status the code
     * @return the phrase
     */
    static std::string ReasonPhrase(uint16_t status);

  protected:
    std::string StartLine() const override;

  private:
    uint16_t m_status{200};     //!< Status code
    std::string m_reason{"OK"}; //!< Reason phrase
};

} // namespace ns3

#endif /* HTTP_MESSAGE_H */
