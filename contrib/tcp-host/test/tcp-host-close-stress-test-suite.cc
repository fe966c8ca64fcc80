/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Lossy stress test of the close path of TcpHostSocket with the standard
// close (CloseStressTestCase, the harness's: 1500 connections with random
// sizes, close orders and delays under random loss, each checked with
// CheckConnection once every timer has run out, and nothing left on either
// node): at both ends, against a stock TcpSocketBase client, and with Linux's
// compact TIME_WAIT at the server (TimeWaitTable). tw-avoid's
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
        // Linux's compact TIME_WAIT at the server: its sockets leave
        // TIME_WAIT to records, which must hold it as the sockets did (the
        // records' Duration is the harness's 2*MSL, so the same checks
        // apply: every byte, every end closed, TIME_WAIT where the standard
        // close puts it, for its whole time from its last restart).
        StressConfig compact = MakeStressConfig("standard close, compact TIME_WAIT at the server",
                                                Placement::STANDARD);
        compact.harness.server.timeWaitTable = true;
        compact.harness.server.timeWaitAttributes = {{"Duration", "120s"}};
        AddTestCase(new CloseStressTestCase(compact), Duration::QUICK);
    }
};

TcpHostCloseStressTestSuite g_tcpHostCloseStressTestSuite; //!< Static instance

} // namespace
