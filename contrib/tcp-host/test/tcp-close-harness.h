/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_CLOSE_HARNESS_H
#define TCP_CLOSE_HARNESS_H

// A test harness for the close path of TcpHostSocket: one server node and
// one client node on a point-to-point link, any number of scripted
// connections between them, each end with the close policy its test gives
// it (the standard close by default), a log of every segment on the wire
// (relative sequence numbers: ns-3's ISN is 0), and drops chosen per
// segment, by rule or at random. The segment-level tests (ClosePathTestCase)
// run one connection and read the log; the stress tests
// (CloseStressTestCase) run thousands under random loss. tcp-host's suites
// (tcp-host-close-path, tcp-host-close-stress) use them with the standard
// close, tw-avoid's (tw-avoid-close-path, tw-avoid-close-stress) with its
// close policies.

#include "ns3/core-module.h"
#include "ns3/error-model.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/tcp-host-module.h"
#include "ns3/test.h"

#include <functional>
#include <string>
#include <vector>

namespace ns3
{
namespace closetest
{

/// One TCP segment as it crossed (or failed to cross) the link.
struct WireSegment
{
    Time at;             //!< Arrival time at the receiving device
    bool toServer;       //!< Direction
    uint8_t flags;       //!< TCP flags
    uint32_t seq;        //!< Sequence number
    uint32_t ack;        //!< Acknowledgement number
    uint32_t len;        //!< Payload bytes
    uint16_t clientPort; //!< The connection's client port
    bool dropped;        //!< Dropped by the harness

    /// @return whether the segment carries a FIN
    bool Fin() const;
    /// @return whether the segment carries an RST
    bool Rst() const;
    /// @return whether it is a bare ACK (no payload, no SYN/FIN/RST)
    bool PureAck() const;
    /// @return "C>S FA seq=.. ack=.. len=.." for logs and test messages
    std::string ToString() const;
};

/// Picks segments: true for a segment to act on.
using SegmentMatch = std::function<bool(const WireSegment&)>;

/**
 * Receive error model of one direction of the link: parses each packet's
 * TCP header, logs it, and drops it if a rule or the random loss says so.
 */
class Wire : public ErrorModel
{
  public:
    /**
     * @param toServer the direction this model sees
     * @param log where segments of both directions are appended
     */
    Wire(bool toServer, std::vector<WireSegment>* log);

    /**
     * @brief Drop the n-th segment (0: the first) that matches, once.
     * @param match the rule
     * @param nth which match to drop
     */
    void DropNth(SegmentMatch match, uint32_t nth = 0);

    /**
     * @brief Drop every segment that matches (a path that has gone dark).
     * @param match the rule
     */
    void DropEvery(SegmentMatch match);

    /**
     * @brief Remove the options of one kind from every segment that matches,
     * as a middlebox that strips unknown options would.
     * @param kind the option kind
     * @param match the rule
     */
    void StripOption(uint8_t kind, SegmentMatch match);

    /**
     * @brief Random loss: every segment with probability p, and segments of
     * the close (FIN, RST, bare ACK) with probability closeP on top.
     * @param p loss probability of any segment
     * @param closeP extra loss probability of close segments
     * @param stream the random variable's stream number
     * @param synP extra loss probability of SYN and SYN+ACK segments
     */
    void SetRandomLoss(double p, double closeP, int64_t stream, double synP = 0);

  private:
    bool DoCorrupt(Ptr<Packet> p) override;
    void DoReset() override;

    /// A drop rule and how many segments it has matched.
    struct Rule
    {
        SegmentMatch match; //!< The rule
        uint32_t nth;       //!< Which match to drop
        uint32_t seen{0};   //!< Matches so far
    };

    bool m_toServer;                                        //!< Direction
    std::vector<WireSegment>* m_log;                        //!< Shared log
    std::vector<Rule> m_rules;                              //!< Targeted drops
    std::vector<std::pair<uint8_t, SegmentMatch>> m_strips; //!< Option kinds stripped, where
    std::vector<SegmentMatch> m_dark;                       //!< Segments always dropped
    double m_p{0};                                          //!< Random loss, any segment
    double m_closeP{0};                                     //!< Random loss, close segments
    double m_synP{0};                                       //!< Random loss, handshake segments
    Ptr<UniformRandomVariable> m_uniform;                   //!< Loss draws
};

/// How a connection ends.
enum class CloseOrder
{
    SERVER_FIRST, //!< Server closes after its response (HTTP/1.0 style)
    CLIENT_FIRST, //!< Client closes after reading the response (CLIENT_CLOSE style)
    SIMULTANEOUS, //!< Both close at the same instant once the response is read
};

/// One scripted connection: the client sends a request, the server answers.
struct ConnSpec
{
    Time start;               //!< When the client connects
    uint32_t request{100};    //!< Client -> server bytes
    uint32_t response{1000};  //!< Server -> client bytes
    uint32_t respondAfter{0}; //!< Request bytes the server waits for (0: the whole request)
    CloseOrder order{CloseOrder::SERVER_FIRST}; //!< Who closes first
    Time closeDelay{0};                         //!< Application delay before each close
    Time clientCloseAfter{-1}; //!< Client closes this long after it connected, whatever the order
    bool clientShutdownOnly{false}; //!< The client's close is ShutdownSend() (a half-close)
    /// The client closes from the read callback that completes the
    /// response, at once (a proxy on a "Connection: close" response)
    bool clientCloseOnRead{false};
};

/// What one end of a connection went through.
struct EndRecord
{
    bool ours{false};                                            //!< A TcpHostSocket
    std::vector<std::pair<Time, TcpSocket::TcpStates_t>> states; //!< State changes
    std::vector<TcpHostSocket::ClosePhase> swap;                 //!< Swap phases
    std::vector<Time> timeWaitExpiry; //!< Every (re)start of the TIME_WAIT timer: its expiry
    uint32_t rxBytes{0};              //!< Bytes read by the application
    uint32_t rxBad{0};                //!< Bytes read that were not the expected ones
    bool errorClose{false};           //!< The socket reported an error close
    bool closeCalled{false};          //!< The application closed
    /// How the end's close policy ends a passive close, asked at the end of
    /// the run (a stock socket: the standard close's answer)
    TcpClosePolicy::PassiveEnd passiveEnd{TcpClosePolicy::PASSIVE_CLOSED};
    /// Whether the end's close policy keeps TIME_WAIT after an active
    /// close, asked at the end of the run (a stock socket: yes)
    bool keepsTimeWaitAfterActiveClose{true};

    /// @return when the end first entered state s, or -1
    Time At(TcpSocket::TcpStates_t s) const;
    /// @return when the end entered TIME_WAIT (first time), or -1
    Time TimeWaitAt() const;
    /// @return when the end reached CLOSED, or -1
    Time ClosedAt() const;
    /// @return whether the state sequence contains s
    bool Saw(TcpSocket::TcpStates_t s) const;
    /// @return the last state seen
    TcpSocket::TcpStates_t Last() const;
    /// @return the state names, space separated
    std::string StatesString() const;
    /// @return whether, closing second, the end keeps TIME_WAIT without an RST
    /// (the peer agreed to skip it: a committed negotiated client)
    bool KeepsTimeWaitAsPassiveCloser() const;
    /// @return whether, closing first, the end skips TIME_WAIT (the peer
    /// agreed to keep it: a committed negotiated server)
    bool SkipsTimeWaitAsActiveCloser() const;
};

/// A connection and what happened at both ends.
struct ConnRecord
{
    ConnSpec spec;          //!< The script
    uint16_t clientPort{0}; //!< Its client port
    EndRecord client;       //!< Client end
    EndRecord server;       //!< Server end
};

/// One end's node set-up, installed with TcpHostHelper.
struct EndConfig
{
    std::string socketType{"ns3::TcpHostSocket"}; //!< Socket class
    Ptr<TcpClosePolicy> closePolicy; //!< Forked into each TcpHostSocket (null: the standard close)
    std::vector<std::pair<std::string, std::string>> attributes; //!< Socket attributes (strings)
    /// TimeWaitTable attributes (strings); any, even an empty pair list with
    /// timeWaitTable set, gives the node Linux's compact TIME_WAIT
    std::vector<std::pair<std::string, std::string>> timeWaitAttributes;
    bool timeWaitTable{false}; //!< Install a TimeWaitTable
};

/// The harness's set-up.
struct HarnessConfig
{
    EndConfig client;               //!< Client node
    EndConfig server;               //!< Server node
    double msl{1.0};                //!< MaxSegLifetime (s) of every socket
    Time minRto{MilliSeconds(200)}; //!< MinRto of every socket
    std::string rate{"10Mbps"};     //!< Link rate
    Time delay{MilliSeconds(5)};    //!< Link delay
    uint32_t segmentSize{1000};     //!< SegmentSize of every socket
    Time listenerCloseAt{-1};       //!< When the server stops listening (-1: never)
};

/**
 * Two nodes, scripted connections, a wire log. Build, add connections and
 * drop rules, Run(), then read the records.
 */
class CloseHarness
{
  public:
    /// @param config the set-up
    explicit CloseHarness(const HarnessConfig& config);
    ~CloseHarness();

    /**
     * @brief Script a connection.
     * @param spec the script
     */
    void AddConnection(const ConnSpec& spec);

    /**
     * @brief Put a segment of connection 0 on the wire at a given time, as
     * the sending node would (a node with no TCB for it, or a duplicate).
     * @param at when
     * @param toServer direction
     * @param flags TCP flags
     * @param seq sequence number
     * @param ack acknowledgement number
     */
    void Inject(Time at, bool toServer, uint8_t flags, uint32_t seq, uint32_t ack);

    /// @return the error model of the client -> server direction
    Ptr<Wire> ToServer();
    /// @return the error model of the server -> client direction
    Ptr<Wire> ToClient();

    /**
     * @brief Run the simulation until it runs out of events or until stop.
     * @param stop the latest time to stop
     */
    void Run(Time stop);

    /// @return the connections
    const std::vector<ConnRecord>& Connections() const;
    /// @return every segment on the wire
    const std::vector<WireSegment>& Log() const;
    /// @return the segments of the first connection, formatted, one per line
    std::string LogString() const;
    /// @return sockets TcpL4Protocol still lists on the client node
    uint32_t ClientSocketsLeft() const;
    /// @return sockets TcpL4Protocol still lists on the server node, the listener excluded
    uint32_t ServerSocketsLeft() const;
    /// @return TCBs the client node's host model still lists
    uint32_t ClientTcbsLeft() const;
    /// @return TCBs the server node's host model still lists
    uint32_t ServerTcbsLeft() const;
    /// @return 2*MSL
    Time TwoMsl() const;
    /// @return the client node (for applications of the caller's own)
    Ptr<Node> ClientNode() const;
    /// @return the server node
    Ptr<Node> ServerNode() const;
    /// @return the server's address
    Ipv4Address ServerAddress() const;
    /// @return TIME_WAIT records of the server's TimeWaitTable that have gone
    uint32_t RecordsEnded() const;

  private:
    class Connection;

    HarnessConfig m_config;                           //!< Set-up
    Ptr<Node> m_clientNode;                           //!< Client node
    Ptr<Node> m_serverNode;                           //!< Server node
    Ipv4Address m_serverAddress;                      //!< Server address
    Ipv4Address m_clientAddress;                      //!< Client address
    Ptr<Socket> m_listener;                           //!< Server listener
    Ptr<Wire> m_toServer;                             //!< Client -> server wire
    Ptr<Wire> m_toClient;                             //!< Server -> client wire
    std::vector<WireSegment> m_log;                   //!< Wire log
    std::vector<std::unique_ptr<Connection>> m_conns; //!< Scripted connections
    std::vector<ConnRecord> m_records;                //!< Their records (filled by Run)
    uint32_t m_recordsEnded{0};                       //!< Server TIME_WAIT records gone

    /**
     * @brief Server accepted a connection.
     * @param s the new socket
     * @param from the client's address
     */
    void Accepted(Ptr<Socket> s, const Address& from);

    /**
     * @brief A node's TimeWaitTable (re)started a record's timer: that end's
     * TIME_WAIT now expires then.
     * @param client the record is the client node's
     * @param key the connection, from that node's side
     * @param expiry when the record expires
     */
    void RecordRestarted(bool client, const TcbKey& key, Time expiry);

    /**
     * @brief A node's TimeWaitTable let a record go (expired, or ended by an
     * RST): that end's TIME_WAIT is over, its end CLOSED.
     * @param client the record is the client node's
     * @param key the connection, from that node's side
     */
    void RecordEnded(bool client, const TcbKey& key);

    /**
     * @param clientPort a connection's client port
     * @return its record, or nullptr
     */
    ConnRecord* ByClientPort(uint16_t clientPort);
};

/// Where the close policy under test puts TIME_WAIT.
enum class Placement
{
    STANDARD,             //!< The active closer (both ends after a simultaneous close)
    SWAP_AT_CLIENT,       //!< The client, also when it is the passive closer (swap close)
    NEGOTIATED_AT_CLIENT, //!< The client; the server only if it did not commit (negotiated)
    ANY_WITH_STOCK_PEER,  //!< One end is stock ns-3: only what the suite's end guarantees
};

/**
 * @brief Check one connection against the close path's guarantees: every
 * byte delivered once, both ends CLOSED, no error close, TIME_WAIT where the
 * placement says and never nowhere, every TIME_WAIT 2*MSL from its last
 * (re)start unless an accepted swap RST or the negotiation ended it.
 * With ANY_WITH_STOCK_PEER, the stock end's own defects are tolerated: it
 * may stay stuck, error-close or leave our FIN unacknowledged (our end then
 * gives up with an error close), and TIME_WAIT may be nowhere only if the
 * stock end is stuck.
 * @param c the connection
 * @param placement the close policy's placement
 * @param twoMsl 2*MSL
 * @return what is wrong, empty if nothing
 */
std::string CheckConnection(const ConnRecord& c, Placement placement, Time twoMsl);

/**
 * @brief The segments of a log that match.
 * @param log the wire log
 * @param m the rule
 * @return the matching segments, in order
 */
std::vector<WireSegment> Select(const std::vector<WireSegment>& log, const SegmentMatch& m);

/// @return a rule matching the client's FINs
SegmentMatch ClientFin();

/// @return a rule matching the server's FINs
SegmentMatch ServerFin();

/**
 * @param toServer the direction
 * @param ack the acknowledgement number
 * @return a rule matching a bare ACK in that direction that acknowledges exactly ack
 */
SegmentMatch PureAckOf(bool toServer, uint32_t ack);

/**
 * @brief Make a server that closed first forget the connection before the
 * client's FIN gets through: the server's ACK of the client's FIN is lost,
 * and so are the client's next three FINs (resent after 0.2, 0.6 and 1.4 s
 * with MinRto 200 ms): the fourth arrives 3 s after the first, past a
 * 2*MSL of 2 s.
 * @param h the harness, before the run
 * @param request the connection's request bytes (the FIN's ACK is request + 2)
 */
void DropClientFinsPastTimeWait(CloseHarness& h, uint32_t request);

/**
 * One connection (started at 100 ms, MSL 1 s, run for up to 600 s), some
 * drops, the common checks (CheckConnection, no socket or TCB left), then
 * the case's own segment checks.
 */
class ClosePathTestCase : public TestCase
{
  public:
    /**
     * @param name the case's name
     * @param placement where TIME_WAIT must be
     * @param spec the connection's script
     */
    ClosePathTestCase(const std::string& name, Placement placement, const ConnSpec& spec);

  protected:
    /**
     * @brief Set up the harness (defaults: the standard close at both ends).
     * @param config the set-up to change
     */
    virtual void Configure(HarnessConfig& config);

    /**
     * @brief Arm the drops.
     * @param h the harness, before the run
     */
    virtual void Drops(CloseHarness& h) = 0;

    /**
     * @brief The case's own checks on the record and the wire.
     * @param c the connection
     * @param log the wire log
     */
    virtual void Check(const ConnRecord& c, const std::vector<WireSegment>& log) = 0;

    /// @return 2*MSL of the run
    Time TwoMsl() const;

  private:
    void DoRun() override;

    Placement m_placement; //!< Where TIME_WAIT must be
    ConnSpec m_spec;       //!< The connection's script
};

/// One close set-up under stress (MakeStressConfig gives the defaults).
struct StressConfig
{
    std::string name;      //!< Test case name
    HarnessConfig harness; //!< Ends' set-up
    /// Completes the set-up when the case runs (a close policy is an object:
    /// made then, not when the suite is built); may be empty
    std::function<void(HarnessConfig&)> configure;
    Placement placement{Placement::STANDARD}; //!< Where TIME_WAIT must be
    uint32_t connections{1500};               //!< How many
    double loss{0.02};                        //!< Loss probability of any segment
    double closeLoss{0.05};                   //!< Extra loss probability of close segments
    double minRstFreed{0};  //!< Least share of server-first closes whose server's TIME_WAIT
                            //!< an accepted RST ended (the swap close)
    double maxRstFreed{0};  //!< Largest share of them
    double minCommitted{0}; //!< Least share of servers that skip TIME_WAIT after an active
                            //!< close (committed to a negotiation)
    double synLoss{0};      //!< Extra loss probability of SYN and SYN+ACK segments
    uint16_t darkPorts{0};  //!< Connections whose client port is a multiple of it lose
                            //!< all the server's data and FINs: it gives up (0: none)
};

/**
 * @brief A stress set-up with the defaults: 1500 connections, 2 % loss of
 * every segment and 5 % more of the close's, MSL 60 s.
 * @param name the test case's name
 * @param placement where TIME_WAIT must be
 * @return the set-up
 */
StressConfig MakeStressConfig(const std::string& name, Placement placement);

/**
 * Lossy stress test of the close path under one set-up: thousands of
 * connections with random request and response sizes, close orders and
 * application delays, random loss in both directions with extra loss on the
 * segments of the close (FIN, RST, bare ACKs), and, after every timer has
 * run out, CheckConnection on each connection (bytes delivered once, both
 * ends CLOSED, no error close, TIME_WAIT where the placement puts it and
 * never nowhere, each TIME_WAIT 2*MSL from its last restart), how often
 * the set-up's RSTs and commitments happened, and no socket or TCB left on
 * either node.
 */
class CloseStressTestCase : public TestCase
{
  public:
    /// @param config the set-up
    explicit CloseStressTestCase(const StressConfig& config);

  private:
    void DoRun() override;

    StressConfig m_config; //!< The set-up
};

} // namespace closetest
} // namespace ns3

#endif /* TCP_CLOSE_HARNESS_H */
