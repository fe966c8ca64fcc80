/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "time-wait-rst-rule.h"

namespace ns3
{

TimeWaitRstRule::TimeWaitRstRule(Policy policy)
    : m_policy(policy)
{
}

void
TimeWaitRstRule::SetPolicy(Policy policy)
{
    m_policy = policy;
}

TimeWaitRstRule::Policy
TimeWaitRstRule::GetPolicy() const
{
    return m_policy;
}

void
TimeWaitRstRule::NoteFinAcked()
{
    ++m_finAcks;
}

uint32_t
TimeWaitRstRule::GetFinAcks() const
{
    return m_finAcks;
}

bool
TimeWaitRstRule::Ends(bool inSequence, bool closedActively) const
{
    return inSequence && closedActively && m_policy == ACCEPT && m_finAcks == 1;
}

} // namespace ns3
