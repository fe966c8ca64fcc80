/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TW_AVOID_TESTBED_H
#define TW_AVOID_TESTBED_H

#include "ns3/data-rate.h"
#include "ns3/ipv4-address.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/tw-avoid-helper.h"

#include <string>
#include <vector>

namespace ns3
{

class TcpHostModel;
class TcpInputStage;

/**
 * @ingroup paper-experiments
 * @brief Parameters of the TIME_WAIT draft's testbed: SPARCstation 20/71 hosts
 * under SunOS 4.1.3 on a 640 Mb/s Myrinet.
 */
struct TwAvoidTestbedConfig
{
    DataRate lanRate{"640Mb/s"};                      //!< Myrinet link rate
    Time lanDelay{MicroSeconds(1)};                   //!< One-way latency of the LAN
    uint32_t mtu{9000};                               //!< LAN MTU (Myrinet IP MTU is about 8-9 KB)
    uint32_t segmentSize{8192};                       //!< TCP MSS: one 8 KB page per segment
    double msl{30};                                   //!< Maximum segment lifetime, s (BSD: 30 s)
    std::string hostProfile{"SunOS-4.1.3-SS20-71"};   //!< TcpHostProfile of every host
    std::string lookupDiscipline{"LinearHeadInsert"}; //!< TcpHostModel::LookupDiscipline
    std::string memoryPool;  //!< SocketMemory::Accounting, if not the profile's (empty)
    int64_t memoryLimit{-1}; //!< SocketMemory::Limit, bytes (-1: the profile's; 0: no limit)
    std::string socketType{"ns3::TcpHostSocket"}; //!< Socket class (for benchmarks)
    bool hostModel{true};                         //!< Give every host a TcpHostModel (and its CPU)
    std::string pcapPrefix;        //!< If not empty, write a pcap file per host with this prefix
    bool negotiateTimeWait{false}; //!< Sockets negotiate who keeps TIME_WAIT (TcpNegotiatedClose)
    bool timeWaitTable{false}; //!< Hosts keep TIME_WAIT in Linux's compact records (TimeWaitTable)
    uint32_t timeWaitBuckets{0}; //!< Their tcp_max_tw_buckets (0: the table's default)

    /**
     * @brief Check the parameters.
     * @return an explanation of the first impossible parameter, or "" if all are possible
     */
    std::string Validate() const;
};

/**
 * @ingroup paper-experiments
 * @brief Hosts on one Myrinet-like LAN (a CSMA channel), each with the
 * TIME_WAIT-avoidance stack (TwAvoidHelper) and an address in 10.1.0.0/16.
 *
 * The experiments of the TIME_WAIT draft (Table1, WebSTONE) are built on it.
 */
class TwAvoidTestbed
{
  public:
    /**
     * @brief Build the hosts.
     * @param config the testbed parameters (must validate)
     * @param roles one role per host: how its sockets close by default
     */
    TwAvoidTestbed(const TwAvoidTestbedConfig& config,
                   const std::vector<TwAvoidHelper::Role>& roles);

    /// @return the hosts
    NodeContainer GetNodes() const;

    /**
     * @brief A host's address.
     * @param i host index
     * @return its address
     */
    Ipv4Address GetAddress(uint32_t i) const;

    /**
     * @brief A host's model of TCBs and CPU.
     * @param i host index
     * @return its host model (null without one)
     */
    Ptr<TcpHostModel> GetHostModel(uint32_t i) const;

    /**
     * @brief A host's TCP input CPU.
     * @param i host index
     * @return its input stage (null without a host model)
     */
    Ptr<TcpInputStage> GetInputStage(uint32_t i) const;

    /**
     * @brief Give every random variable of the testbed a fixed stream: the
     * CSMA devices' backoff, then the hosts' (TcpHostHelper::AssignStreams).
     * @param stream the first stream number
     * @return the number of streams used
     */
    int64_t AssignStreams(int64_t stream);

  private:
    NodeContainer m_nodes;                //!< The hosts
    NetDeviceContainer m_devices;         //!< Their CSMA devices
    std::vector<Ipv4Address> m_addresses; //!< Their addresses
};

} // namespace ns3

#endif /* TW_AVOID_TESTBED_H */
