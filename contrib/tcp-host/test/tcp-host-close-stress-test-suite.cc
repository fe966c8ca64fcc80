/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Lossy stress test of the close path of TcpHostSocket with the standard
// close (CloseStressTestCase, the harness's: 1500 connections with random
// sizes, close orders and delays under random loss, each checked with
// CheckConnection once every timer has run out, and nothing left on either
// node): at both ends, and against a stock TcpSocketBase client. tw-avoid's
// tw-avoid-close-stress runs the same under its close policies.

#include "tcp-close-harness.h"

#include "ns3/test.h"

using namespace ns3;
using namespace ns3::closetest;

namespace
{

/// The suite.
class TcpHostCloseStressTestSuite : public TestSuite
{
  public:
    TcpHostCloseStressTestSuite()
        : TestSuite("tcp-host-close-stress", Type::SYSTEM)
    {
        AddTestCase(new CloseStressTestCase(
                        MakeStressConfig("standard close at both ends", Placement::STANDARD)),
                    Duration::QUICK);
        // The stock end's own defects are not held against the suite's
        // socket (Placement::ANY_WITH_STOCK_PEER).
        StressConfig stockClient = MakeStressConfig("stock client, standard close at the server",
                                                    Placement::ANY_WITH_STOCK_PEER);
        stockClient.harness.client.socketType = "ns3::TcpSocketBase";
        AddTestCase(new CloseStressTestCase(stockClient), Duration::QUICK);
    }
};

TcpHostCloseStressTestSuite g_tcpHostCloseStressTestSuite; //!< Static instance

} // namespace
