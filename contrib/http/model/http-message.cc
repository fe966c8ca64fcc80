/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "http-message.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace ns3
{

namespace
{

/// Whether a comma-separated field value lists a token (case-insensitive).
bool
ListsToken(const std::string& value, const std::string& token)
{
    std::vector<std::string> items = HttpMessage::ListItems(value);
    return std::any_of(items.begin(), items.end(), [&token](const std::string& item) {
        return HttpMessage::EqualsIgnoreCase(item, token);
    });
}

} // namespace

std::vector<std::string>
HttpMessage::ListItems(const std::string& value)
{
    std::vector<std::string> items;
    size_t start = 0;
    while (start <= value.size())
    {
        size_t end = std::min(value.find(',', start), value.size());
        std::string item = value.substr(start, end - start);
        size_t first = item.find_first_not_of(" \t");
        size_t last = item.find_last_not_of(" \t");
        if (first != std::string::npos)
        {
            items.push_back(item.substr(first, last - first + 1));
        }
        start = end + 1;
    }
    return items;
}

bool
HttpMessage::EqualsIgnoreCase(const std::string& a, const std::string& b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

void
HttpMessage::SetHeader(const std::string& name, const std::string& value)
{
    for (auto& [n, v] : m_headers)
    {
        if (EqualsIgnoreCase(n, name))
        {
            v = value;
            return;
        }
    }
    m_headers.emplace_back(name, value);
}

void
HttpMessage::AddHeader(const std::string& name, const std::string& value)
{
    m_headers.emplace_back(name, value);
}

bool
HttpMessage::HasHeader(const std::string& name) const
{
    return std::any_of(m_headers.begin(), m_headers.end(), [&name](const auto& h) {
        return EqualsIgnoreCase(h.first, name);
    });
}

std::string
HttpMessage::GetHeader(const std::string& name) const
{
    for (const auto& [n, v] : m_headers)
    {
        if (EqualsIgnoreCase(n, name))
        {
            return v;
        }
    }
    return "";
}

const std::vector<std::pair<std::string, std::string>>&
HttpMessage::GetHeaders() const
{
    return m_headers;
}

void
HttpMessage::SetBodyLength(uint64_t bytes, bool setField)
{
    m_bodyLength = bytes;
    if (setField)
    {
        SetHeader("Content-Length", std::to_string(bytes));
    }
}

uint64_t
HttpMessage::GetBodyLength() const
{
    return m_bodyLength;
}

void
HttpMessage::SetVersion(const std::string& version)
{
    m_version = version;
}

const std::string&
HttpMessage::GetVersion() const
{
    return m_version;
}

bool
HttpMessage::ClosesConnection() const
{
    std::string connection = GetHeader("Connection");
    if (ListsToken(connection, "close"))
    {
        return true;
    }
    return m_version == "HTTP/1.0" && !ListsToken(connection, "keep-alive");
}

void
HttpMessage::RemoveConnectionFields()
{
    std::vector<std::string> named{"Connection", "Keep-Alive", "Proxy-Connection", "TE", "Upgrade"};
    for (const auto& [name, value] : m_headers)
    {
        if (EqualsIgnoreCase(name, "Connection"))
        {
            std::vector<std::string> options = ListItems(value);
            named.insert(named.end(), options.begin(), options.end());
        }
    }
    auto removed = [&named](const std::pair<std::string, std::string>& field) {
        // The framing stays whatever Connection says: the body is relayed with it.
        if (EqualsIgnoreCase(field.first, "Content-Length") ||
            EqualsIgnoreCase(field.first, "Transfer-Encoding"))
        {
            return false;
        }
        return std::any_of(named.begin(), named.end(), [&field](const std::string& name) {
            return EqualsIgnoreCase(field.first, name);
        });
    };
    m_headers.erase(std::remove_if(m_headers.begin(), m_headers.end(), removed), m_headers.end());
}

std::string
HttpMessage::SerializeHead() const
{
    std::string head = StartLine() + "\r\n";
    for (const auto& [name, value] : m_headers)
    {
        head += name + ": " + value + "\r\n";
    }
    return head + "\r\n";
}

uint64_t
HttpMessage::GetWireSize() const
{
    return SerializeHead().size() + m_bodyLength;
}

HttpRequest::HttpRequest(const std::string& method, const std::string& target)
    : m_method(method),
      m_target(target)
{
}

const std::string&
HttpRequest::GetMethod() const
{
    return m_method;
}

const std::string&
HttpRequest::GetTarget() const
{
    return m_target;
}

void
HttpRequest::SetMethod(const std::string& method)
{
    m_method = method;
}

void
HttpRequest::SetTarget(const std::string& target)
{
    m_target = target;
}

std::string
HttpRequest::StartLine() const
{
    return m_method + " " + m_target + " " + GetVersion();
}

HttpResponse::HttpResponse(uint16_t status)
{
    SetStatus(status);
}

uint16_t
HttpResponse::GetStatus() const
{
    return m_status;
}

const std::string&
HttpResponse::GetReason() const
{
    return m_reason;
}

void
HttpResponse::SetStatus(uint16_t status, const std::string& reason)
{
    m_status = status;
    m_reason = reason.empty() ? ReasonPhrase(status) : reason;
}

std::string
HttpResponse::ReasonPhrase(uint16_t status)
{
    switch (status)
    {
    case 200:
        return "OK";
    case 400:
        return "Bad Request";
    case 404:
        return "Not Found";
    case 408:
        return "Request Timeout";
    case 413:
        return "Content Too Large";
    case 431:
        return "Request Header Fields Too Large";
    case 501:
        return "Not Implemented";
    case 503:
        return "Service Unavailable";
    case 505:
        return "HTTP Version Not Supported";
    default:
        return "Status " + std::to_string(status);
    }
}

std::string
HttpResponse::StartLine() const
{
    return GetVersion() + " " + std::to_string(m_status) + " " + m_reason;
}

} // namespace ns3
