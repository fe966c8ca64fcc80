/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HTTP_HELPER_H
#define HTTP_HELPER_H

#include "ns3/application-helper.h"
#include "ns3/http-file-set.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup http
 * @brief Installs HttpServer applications, in the style of ns-3's
 * BulkSendHelper.
 *
 * A server answers from a document store (an HttpDocumentStore, such as
 * the WebSTONE-style HttpFileSet); the helper sets it on every server it
 * installs, with the port. Other attributes (Timeout, KeepAliveTimeout,
 * MaxWorkers, ...) through SetAttribute.
 */
class HttpServerHelper : public ApplicationHelper
{
  public:
    /**
     * @param store where the documents come from
     * @param port the TCP port to listen on
     */
    HttpServerHelper(Ptr<HttpDocumentStore> store, uint16_t port = 80);
};

/**
 * @ingroup http
 * @brief Installs HttpClient applications, in the style of ns-3's
 * BulkSendHelper.
 *
 * A client asks a request source what to fetch next (an HttpRequestSource,
 * such as HttpFileSetRequestSource, which draws from an HttpFileSet); the
 * helper sets it, with the server's address, on every client it installs.
 * Other attributes (EndMode, RequestsPerConnection, ThinkTime, ...) through
 * SetAttribute.
 */
class HttpClientHelper : public ApplicationHelper
{
  public:
    /**
     * @param remote the server's address and port (an InetSocketAddress)
     * @param source what the clients request
     */
    HttpClientHelper(const Address& remote, Ptr<HttpRequestSource> source);
};

} // namespace ns3

#endif /* HTTP_HELPER_H */
