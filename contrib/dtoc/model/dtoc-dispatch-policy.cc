/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "dtoc-dispatch-policy.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/socket.h"
#include "ns3/tcp-socket-extensions.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DtocDispatchPolicy");

NS_OBJECT_ENSURE_REGISTERED(DtocDispatchPolicy);

TypeId
DtocDispatchPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::DtocDispatchPolicy")
            .SetParent<HttpDispatchPolicy>()
            .SetGroupName("Dtoc")
            .AddConstructor<DtocDispatchPolicy>()
            .AddAttribute("Method",
                          "How the worker learns that the client closed: Peek (end-of-stream "
                          "in the receive buffer), State (the TCP state) or Callback (the "
                          "socket's close callback).",
                          EnumValue(DtocDispatchPolicy::STATE),
                          MakeEnumAccessor<Method>(&DtocDispatchPolicy::m_method),
                          MakeEnumChecker(DtocDispatchPolicy::PEEK,
                                          "Peek",
                                          DtocDispatchPolicy::STATE,
                                          "State",
                                          DtocDispatchPolicy::CALLBACK,
                                          "Callback"))
            .AddAttribute("CheckCost",
                          "CPU time of one check (the paper: 0.5 % of the mean service time; "
                          "the scenario sets it so).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&DtocDispatchPolicy::m_checkCost),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("OnlyUnderOverload",
                          "Check only when at least OverloadQueueLength connections wait "
                          "behind the one taken.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&DtocDispatchPolicy::m_onlyUnderOverload),
                          MakeBooleanChecker())
            .AddAttribute("OverloadQueueLength",
                          "Waiting connections that mean overload (with OnlyUnderOverload).",
                          UintegerValue(1),
                          MakeUintegerAccessor(&DtocDispatchPolicy::m_overloadQueue),
                          MakeUintegerChecker<uint32_t>(1))
            .AddTraceSource("Check",
                            "A check: whether the client had closed, and how long the "
                            "connection waited.",
                            MakeTraceSourceAccessor(&DtocDispatchPolicy::m_checkTrace),
                            "ns3::DtocDispatchPolicy::CheckTracedCallback");
    return tid;
}

HttpDispatchPolicy::Decision
DtocDispatchPolicy::Dispatch(const Waiting& connection)
{
    m_lastCost = Time(0);
    if (m_onlyUnderOverload && connection.queueLength < m_overloadQueue)
    {
        return SERVE; // the server keeps up: no check, no cost
    }
    m_lastCost = m_checkCost;
    ++m_checks;
    bool closed = ClientClosed(connection);
    m_checkTrace(closed, connection.waited);
    if (closed)
    {
        NS_LOG_INFO("client gave up after waiting " << connection.waited.As(Time::S)
                                                    << ": dropping the request");
        ++m_drops;
        return DROP;
    }
    return SERVE;
}

bool
DtocDispatchPolicy::ClientClosed(const Waiting& connection) const
{
    if (m_method == CALLBACK)
    {
        return connection.peerClosedSeen;
    }
    const TcpSocketExtensions* socket = TcpSocketExtensions::Of(connection.socket);
    NS_ABORT_MSG_IF(!socket,
                    "DtocDispatchPolicy: methods Peek and State need a socket with "
                    "TcpSocketExtensions (the suite's TcpHostSocket)");
    if (m_method == PEEK)
    {
        return socket->PeerHasClosed();
    }
    TcpSocket::TcpStates_t state = socket->GetState();
    return state == TcpSocket::CLOSE_WAIT || state == TcpSocket::LAST_ACK ||
           state == TcpSocket::CLOSING || state == TcpSocket::TIME_WAIT ||
           state == TcpSocket::CLOSED;
}

Time
DtocDispatchPolicy::GetDecisionCost() const
{
    return m_lastCost;
}

uint64_t
DtocDispatchPolicy::GetChecks() const
{
    return m_checks;
}

uint64_t
DtocDispatchPolicy::GetDrops() const
{
    return m_drops;
}

} // namespace ns3
