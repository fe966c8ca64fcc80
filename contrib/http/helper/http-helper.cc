/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "http-helper.h"

#include "ns3/address.h"
#include "ns3/pointer.h"
#include "ns3/uinteger.h"

namespace ns3
{

HttpServerHelper::HttpServerHelper(Ptr<HttpDocumentStore> store, uint16_t port)
    : ApplicationHelper("ns3::HttpServer")
{
    SetAttribute("DocumentStore", PointerValue(store));
    SetAttribute("Port", UintegerValue(port));
}

HttpClientHelper::HttpClientHelper(const Address& remote, Ptr<HttpRequestSource> source)
    : ApplicationHelper("ns3::HttpClient")
{
    SetAttribute("Remote", AddressValue(remote));
    SetAttribute("RequestSource", PointerValue(source));
}

} // namespace ns3
