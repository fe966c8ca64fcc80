/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HTTP_SERVER_PROFILE_H
#define HTTP_SERVER_PROFILE_H

#include "ns3/tcp-host-profile.h"

#include <string>

namespace ns3
{

/**
 * @ingroup http
 * @brief What the HTTP server application costs on a host profile: the
 * HttpServer attributes calibrated for the server that ran on the host a
 * TcpHostProfile names (its TCP and kernel are the profile's own).
 *
 * - "SunOS-4.1.3-SS20-71": the TIME_WAIT draft's server; the CPU time per
 *   response and per body byte, fitted on the TCP-modification rows of its
 *   Tables 2 and 3 (tw-avoid.rst, "Calibration").
 * - "Solaris-2.5.1-Apache-1.2.5": seed 002's Apache 1.2.5; its time from
 *   request to first response byte and its output buffering (the http and
 *   tcp-host docs).
 *
 * Other profiles carry no application settings.
 */
class HttpServerProfile
{
  public:
    /**
     * @brief The HttpServer settings for a host profile; aborts, naming the
     * known profiles, if TcpHostProfile has no profile of that name.
     * @param hostProfile a TcpHostProfile name
     * @return the settings (empty if the profile has none)
     */
    static const TcpHostProfile::Settings& Get(const std::string& hostProfile);
};

} // namespace ns3

#endif // HTTP_SERVER_PROFILE_H
