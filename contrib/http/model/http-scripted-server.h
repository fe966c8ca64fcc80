/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HTTP_SCRIPTED_SERVER_H
#define HTTP_SCRIPTED_SERVER_H

#include "ns3/application.h"
#include "ns3/nstime.h"
#include "ns3/type-id.h"

#include <map>
#include <string>
#include <vector>

namespace ns3
{

class Socket;
class Address;

/**
 * @ingroup http
 * @brief A server that answers each request with scripted bytes.
 *
 * For testing an HTTP client (HttpClient, HttpProxy's upstream side,
 * DtocClient) against what the suite's HttpServer never sends: interim
 * (1xx) responses, bodies delimited by the close, malformed bytes, a close
 * in the middle of a response. It does not parse HTTP: a request is
 * everything up to an empty line (requests with bodies are not supported),
 * and the i-th request of every connection gets the i-th entry of the
 * script; requests past the script's end get nothing.
 */
class HttpScriptedServer : public Application
{
  public:
    /// Bytes sent some time after a request arrives, then maybe a close.
    struct Part
    {
        Time delay;        //!< After the request's arrival
        std::string bytes; //!< What to send (may be empty)
        bool close;        //!< Close the connection after sending it
        bool reset{false}; //!< Then reset it instead (TcpHostSocket::CloseWithReset)
    };

    /// Answers per request index on a connection.
    using Script = std::vector<std::vector<Part>>;

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    HttpScriptedServer();
    ~HttpScriptedServer() override;

    /// @param script what to answer the i-th request of every connection with
    void SetScript(Script script);

    /// @return when each request arrived, over all connections
    const std::vector<Time>& GetRequestTimes() const;

    /// @return the number of requests seen on each connection, in the order accepted
    const std::vector<uint32_t>& GetRequestsPerConnection() const;

  private:
    void StartApplication() override;
    void StopApplication() override;
    void DoDispose() override;

    /// A connection was accepted.
    void Accepted(Ptr<Socket> socket, const Address& from);
    /// Bytes arrived on a connection.
    void Read(Ptr<Socket> socket);

    /// Per-connection state.
    struct Connection
    {
        std::string received; //!< Bytes not yet taken as a request
        uint32_t requests{0}; //!< Requests so far
        size_t index{0};      //!< Index in m_perConnection
    };

    TypeId m_protocol;                               //!< Socket factory type
    uint16_t m_port;                                 //!< Port to listen on
    Script m_script;                                 //!< Answers per request index
    Ptr<Socket> m_listener;                          //!< Listening socket
    std::map<Ptr<Socket>, Connection> m_connections; //!< Accepted connections
    std::vector<Time> m_requestTimes;                //!< Arrival of each request
    std::vector<uint32_t> m_perConnection;           //!< Requests per connection
};

} // namespace ns3

#endif // HTTP_SCRIPTED_SERVER_H
