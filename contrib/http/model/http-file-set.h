/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HTTP_FILE_SET_H
#define HTTP_FILE_SET_H

#include "ns3/object.h"
#include "ns3/random-variable-stream.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup http
 * @brief Where an HTTP server finds its documents (the document-store seam).
 */
class HttpDocumentStore : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * @brief The size of a document.
     * @param target the request target
     * @return its body size, or nothing if there is no such document (404)
     */
    virtual std::optional<uint64_t> GetSize(const std::string& target) const = 0;
};

/**
 * @ingroup http
 * @brief What an HTTP client asks for next (the request-source seam).
 */
class HttpRequestSource : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /// @return the target of the next request
    virtual std::string NextTarget() = 0;
};

/**
 * @ingroup http
 * @brief A WebSTONE-style file set: named files with sizes and request weights.
 *
 * The same object is the server's document store and the clients' request
 * source, so every request names a file the server has. Files are
 * "/file<i>"; NextTarget draws a file with probability proportional to its
 * weight (stream assignable with AssignStreams).
 */
class HttpFileSet : public HttpDocumentStore
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    HttpFileSet();

    /**
     * @brief Add a file.
     * @param size its size, bytes
     * @param weight its share of the requests (relative)
     * @param target its target ("/file<i>" if empty)
     * @return its target
     */
    std::string AddFile(uint64_t size, double weight, const std::string& target = "");

    std::optional<uint64_t> GetSize(const std::string& target) const override;

    /// @return the target of a file drawn by weight
    std::string Draw();

    /// @return the mean size of a requested file (weighted)
    double GetMeanSize() const;

    /// @return the number of files
    uint32_t GetN() const;

    /**
     * @brief Use a fixed random stream.
     * @param stream first stream index
     * @return the number of streams used (1)
     */
    int64_t AssignStreams(int64_t stream);

  private:
    std::map<std::string, uint64_t> m_sizes; //!< Size of each target
    std::vector<std::string> m_targets;      //!< Targets in order of addition
    std::vector<double> m_cumulative;        //!< Cumulative weights
    Ptr<UniformRandomVariable> m_uniform;    //!< For Draw
};

/**
 * @ingroup http
 * @brief A request source that draws from an HttpFileSet.
 */
class HttpFileSetRequestSource : public HttpRequestSource
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    std::string NextTarget() override;

  private:
    Ptr<HttpFileSet> m_files; //!< The file set
};

} // namespace ns3

#endif /* HTTP_FILE_SET_H */
