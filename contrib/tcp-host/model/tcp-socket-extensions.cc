/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-socket-extensions.h"

#include "ns3/socket.h"

namespace ns3
{

TcpSocketExtensions*
TcpSocketExtensions::Of(Ptr<Socket> socket)
{
    return dynamic_cast<TcpSocketExtensions*>(PeekPointer(socket));
}

const TcpSocketExtensions*
TcpSocketExtensions::Of(Ptr<const Socket> socket)
{
    return dynamic_cast<const TcpSocketExtensions*>(PeekPointer(socket));
}

} // namespace ns3
