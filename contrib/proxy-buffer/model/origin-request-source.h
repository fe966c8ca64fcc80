/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef ORIGIN_REQUEST_SOURCE_H
#define ORIGIN_REQUEST_SOURCE_H

#include "ns3/http-file-set.h"
#include "ns3/random-variable-stream.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup proxy-buffer
 * @brief What a proxy's client asks for: a document of a file set from an
 * origin server picked at random for each request (the proxy paper's
 * clients), as an absolute-form target, `http://origin/path`.
 */
class OriginRequestSource : public HttpRequestSource
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    OriginRequestSource();

    /**
     * @brief An origin requests may go to.
     * @param name its host name (as the proxy knows it)
     */
    void AddOrigin(const std::string& name);

    /**
     * @brief The documents (their paths are drawn by weight).
     * @param files the file set
     */
    void SetDocuments(Ptr<HttpFileSet> files);

    std::string NextTarget() override;

    /**
     * @brief Use fixed random streams.
     * @param stream the first stream
     * @return streams used
     */
    int64_t AssignStreams(int64_t stream);

  private:
    std::vector<std::string> m_origins; //!< Names
    Ptr<HttpFileSet> m_files;           //!< Documents
    Ptr<UniformRandomVariable> m_pick;  //!< Picks the origin
};

} // namespace ns3

#endif /* ORIGIN_REQUEST_SOURCE_H */
