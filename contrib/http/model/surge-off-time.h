/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SURGE_OFF_TIME_H
#define SURGE_OFF_TIME_H

#include "ns3/random-variable-stream.h"

namespace ns3
{

/**
 * @ingroup http
 * @brief The pause before a SURGE user equivalent's next request (Barford
 * and Crovella, "Generating representative Web workloads for network and
 * server performance evaluation", SIGMETRICS 1998, section 3 and Table 2).
 *
 * A user equivalent alternates ON periods, in which it fetches a page (its
 * base file, then the files the base file embeds, each after an "active
 * OFF" pause), and "inactive OFF" periods, the user's think time between
 * pages. Used as HttpClient's RequestGap, the value drawn after each answer
 * is:
 * - an active OFF time while the page has embedded files left;
 * - else an inactive OFF time, and the next page's embedded files are drawn
 *   (a Pareto number, rounded down: with scale 1, at least one) to follow
 *   its base file.
 *
 * Defaults are SURGE's (Table 2): active OFF Weibull with alpha 1.46 (the
 * scale, s) and beta 0.382 (the shape), inactive OFF Pareto with k 1 s and
 * alpha 1.5, embedded references Pareto with k 1 and alpha 2.43.
 *
 * A stateful process, not a sequence of independent draws: GetValue moves
 * the user through its pages.
 */
class SurgeOffTime : public RandomVariableStream
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    SurgeOffTime();

    /// @return the pause before the next request, s (and move on)
    double GetValue() override;

    /// @return GetValue, rounded down
    uint32_t GetInteger() override;

    /**
     * @brief Fixed random streams for the three distributions.
     * @param stream the first stream
     * @return streams used (3)
     */
    int64_t AssignStreams(int64_t stream);

    /// @return embedded files of the current page not yet requested
    uint32_t GetEmbeddedLeft() const;

    /// @return pages begun so far (the first with the first request)
    uint64_t GetPages() const;

  private:
    /// A page's embedded files, from the embedded-references distribution.
    void NewPage();

    /// Give the three distributions their attributes' parameters (at the first draw).
    void Configure();

    double m_activeScale;                    //!< ActiveOffScale
    double m_activeShape;                    //!< ActiveOffShape
    double m_inactiveScale;                  //!< InactiveOffScale
    double m_inactiveShape;                  //!< InactiveOffShape
    double m_embeddedScale;                  //!< EmbeddedScale
    double m_embeddedShape;                  //!< EmbeddedShape
    Ptr<WeibullRandomVariable> m_activeOff;  //!< Active OFF times
    Ptr<ParetoRandomVariable> m_inactiveOff; //!< Inactive OFF times
    Ptr<ParetoRandomVariable> m_embedded;    //!< Embedded references
    bool m_started{false};                   //!< The first page has begun
    uint32_t m_embeddedLeft{0};              //!< Embedded files of this page still to request
    uint64_t m_pages{0};                     //!< Pages begun
};

} // namespace ns3

#endif /* SURGE_OFF_TIME_H */
