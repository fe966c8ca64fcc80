/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Where does TIME_WAIT end up?
//
// A client fetches a 10 kB response from a server over one TCP connection;
// the server closes first, as an HTTP/1.0 server does. With the standard
// close the server, the active closer, keeps the TIME_WAIT state for 2*MSL.
// With the swap close of the TIME_WAIT draft, the client (the passive closer)
// answers the final ACK with an RST and keeps TIME_WAIT itself; the server,
// following the BSD policy, frees its TCB when the RST arrives.
//
//   ./ns3 run tw-avoid-swap-close-example
//   ./ns3 run 'tw-avoid-swap-close-example --closePolicy=TcpClosePolicy'
//   ./ns3 run 'tw-avoid-swap-close-example --rstPolicy=Ignore'   (RFC 1337 server)
//
// The program prints each state change of both sockets, and where the
// TIME_WAIT TCB is 1 s after the close (with MSL = 30 s, as on BSD).

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/experiment-io-module.h"
#include "ns3/http-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/tcp-host-module.h"
#include "ns3/tw-avoid-module.h"

#include <iostream>

using namespace ns3;

namespace
{

const uint32_t RESPONSE_BYTES = 10000;
uint32_t g_sent = 0;

/// Print a state change of one side.
void
PrintState(std::string side, TcpSocket::TcpStates_t oldState, TcpSocket::TcpStates_t newState)
{
    std::cout << Simulator::Now().As(Time::MS) << "  " << side << ": "
              << TcpSocket::TcpStateName[oldState] << " -> " << TcpSocket::TcpStateName[newState]
              << std::endl;
}

/// Print a swap-close phase change of one side.
void
PrintSwap(std::string side, TcpHostSocket::ClosePhase, TcpHostSocket::ClosePhase state)
{
    std::cout << Simulator::Now().As(Time::MS) << "  " << side << ": ("
              << TcpCloseMachine::PhaseName(state) << ")" << std::endl;
}

/// Server: send the response, then close.
void
ServerSend(Ptr<Socket> socket, uint32_t)
{
    while (g_sent < RESPONSE_BYTES && socket->GetTxAvailable() > 0)
    {
        uint32_t size = std::min(RESPONSE_BYTES - g_sent, socket->GetTxAvailable());
        g_sent += socket->Send(Create<Packet>(size));
    }
    if (g_sent == RESPONSE_BYTES)
    {
        ++g_sent; // close once
        socket->Close();
    }
}

/// Server: a connection arrived.
void
ServerAccept(Ptr<Socket> socket, const Address&)
{
    socket->TraceConnectWithoutContext("State", MakeBoundCallback(&PrintState, "server"));
    socket->TraceConnectWithoutContext("ClosePhase", MakeBoundCallback(&PrintSwap, "server"));
    socket->SetSendCallback(MakeCallback(&ServerSend));
    ServerSend(socket, 0);
}

/// Client: drain what arrives.
void
ClientRead(Ptr<Socket> socket)
{
    while (socket->Recv())
    {
    }
}

/// Client: the server closed; close too (Close() follows the socket's close policy).
void
ClientPeerClosed(Ptr<Socket> socket)
{
    Simulator::Schedule(MilliSeconds(1), &Socket::Close, socket);
}

/// Say who holds TIME_WAIT.
void
Report(Ptr<Node> client, Ptr<Node> server)
{
    std::cout << "TIME_WAIT TCBs 1 s after the close: client "
              << client->GetObject<TcpHostModel>()->GetTcbCount(TcpSocket::TIME_WAIT) << ", server "
              << server->GetObject<TcpHostModel>()->GetTcbCount(TcpSocket::TIME_WAIT) << std::endl;
}

} // namespace

/// The program itself; main() turns a refused setting into exit 1.
static int
Run(ProgramInput& input)
{
    std::string closePolicy = "TcpSwapClose";
    std::string rstPolicy = "Accept";
    double msl = 30;

    input.Add("closePolicy",
              "client's close policy: TcpSwapClose | TcpClosePolicy (standard)",
              closePolicy);
    input.Add("rstPolicy", "server's RST-in-TIME_WAIT policy: Accept | Ignore", rstPolicy);
    input.Add("msl", "maximum segment lifetime, s", msl);
    if (!input.Parse())
    {
        return 1;
    }
    if ((closePolicy != "TcpClosePolicy" && closePolicy != "TcpSwapClose") ||
        (rstPolicy != "Accept" && rstPolicy != "Ignore") || msl <= 0)
    {
        std::cerr << "use --closePolicy=TcpSwapClose|TcpClosePolicy --rstPolicy=Accept|Ignore "
                     "--msl=<s > 0>"
                  << std::endl;
        return 1;
    }

    NodeContainer nodes(2); // 0 client, 1 server
    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
    link.SetChannelAttribute("Delay", StringValue("1ms"));
    NetDeviceContainer devices = link.Install(nodes);

    // The suite's socket on both hosts; the client's close policy decides
    // who keeps TIME_WAIT when the server closes first.
    TcpHostHelper clientHost;
    clientHost.SetSocketAttribute("MaxSegLifetime", DoubleValue(msl));
    clientHost.SetClosePolicy(closePolicy == "TcpSwapClose"
                                  ? Ptr<TcpClosePolicy>(CreateObject<TcpSwapClose>())
                                  : CreateObject<TcpClosePolicy>());
    clientHost.Install(nodes.Get(0));
    TcpHostHelper serverHost;
    serverHost.SetSocketAttribute("MaxSegLifetime", DoubleValue(msl));
    serverHost.SetSocketAttribute("TimeWaitRstPolicy", StringValue(rstPolicy));
    serverHost.Install(nodes.Get(1));
    Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = addresses.Assign(devices);

    Ptr<Socket> listener = Socket::CreateSocket(nodes.Get(1), TcpHostSocketFactory::GetTypeId());
    listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), 80));
    listener->Listen();
    listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                MakeCallback(&ServerAccept));

    Ptr<Socket> client = Socket::CreateSocket(nodes.Get(0), TcpHostSocketFactory::GetTypeId());
    client->TraceConnectWithoutContext("State", MakeBoundCallback(&PrintState, "client"));
    client->TraceConnectWithoutContext("ClosePhase", MakeBoundCallback(&PrintSwap, "client"));
    client->SetRecvCallback(MakeCallback(&ClientRead));
    client->SetCloseCallbacks(MakeCallback(&ClientPeerClosed),
                              MakeNullCallback<void, Ptr<Socket>>());
    // Sockets send only once the simulation runs (nodes initialise then).
    Simulator::Schedule(Seconds(0), [client, interfaces]() {
        client->Connect(InetSocketAddress(interfaces.GetAddress(1), 80));
    });

    Simulator::Schedule(Seconds(1), &Report, nodes.Get(0), nodes.Get(1));
    Simulator::Stop(Seconds(2 * msl + 2));
    Simulator::Run();
    Simulator::Destroy();
    return 0;
}

int
main(int argc, char* argv[])
{
    ProgramInput input("tw-avoid-swap-close-example", argc, argv);
    return input.Run(&Run);
}
