/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_CLOSE_MACHINE_H
#define TCP_CLOSE_MACHINE_H

#include "tcp-close-policy.h"

#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/sequence-number.h"
#include "ns3/tcp-socket.h"

namespace ns3
{

/**
 * @ingroup tcp-host
 * @brief The part of TcpHostSocket that follows its close: the close
 * policy and the close phase it leads to, whether and how the application
 * closed, our FIN's sequence number and its retransmission backoff, the
 * FIN_WAIT_2 timer and when TIME_WAIT began. It is told each change of
 * TCP state (StateChanged) and answers what the close does next; the
 * socket keeps the translation to TcpSocketBase (sending, the closing
 * states' table, the hand-over of TIME_WAIT to the node).
 */
class TcpCloseMachine
{
  public:
    /**
     * Close phase, finer than TcpStates_t: how this end's close goes where
     * the close policy departs from RFC 793 (TcpClosePolicy's PassiveEnd and
     * KeepsTimeWaitAfterActiveClose), and how an RST in TIME_WAIT was taken.
     * Named by what the socket does, not by the policy that asks for it.
     */
    enum Phase
    {
        PHASE_NONE,            //!< Nothing beyond the TCP state
        PASSIVE_RST_LAST_ACK,  //!< Passive closer in LAST_ACK, to reset and keep TIME_WAIT
                               //!< (PASSIVE_RST_TIME_WAIT; the swap close's LAST_ACK_SWAP)
        PASSIVE_RST_TIME_WAIT, //!< Passive closer in TIME_WAIT, its peer reset
        ACTIVE_RST_ACCEPTED,   //!< Active closer: TIME_WAIT ended by the peer's RST
        ACTIVE_RST_IGNORED,    //!< Active closer: RST in TIME_WAIT ignored (RFC 1337)
        PASSIVE_TIME_WAIT,     //!< Passive closer keeps TIME_WAIT, no RST (its peer agreed)
        ACTIVE_NO_TIME_WAIT,   //!< Active closer skips TIME_WAIT (its peer keeps it)
    };

    /**
     * @param phase a phase
     * @return its name (as in the doc and the traces' output)
     */
    static const char* PhaseName(Phase phase);

    /// Told (old phase, new phase) on every change of phase
    using PhaseCallback = Callback<void, Phase, Phase>;

    /// A machine with the default close policy (RFC 793's close).
    TcpCloseMachine();

    /**
     * A connection forked from a listener: the listener's policy forked and
     * its FIN_WAIT_2 timeout; nothing of its close.
     * @param listener the listener's machine
     * @return the connection's machine (its callbacks still to be set)
     */
    static TcpCloseMachine ForkOf(const TcpCloseMachine& listener);

    /// @param policy the close policy (not null)
    void SetPolicy(Ptr<TcpClosePolicy> policy);
    /// @return the close policy
    Ptr<TcpClosePolicy> GetPolicy() const;
    /// @param changed told on every change of phase (the socket's trace)
    void SetPhaseCallback(PhaseCallback changed);
    /// @param expired called when the FIN_WAIT_2 timer expires
    void SetFinWait2Callback(Callback<void> expired);

    /// @return the close phase
    Phase GetPhase() const;
    /// @param phase the new phase (the callback is told if it changes)
    void SetPhase(Phase phase);
    /// @return true if the policy has the passive closer keep TIME_WAIT with no RST
    bool KeepsTimeWaitAsPassiveCloser() const;

    // The application's close.

    /// The application called Close() (or closed with an RST).
    void NoteCloseCalled();
    /// @return true once the application has closed
    bool CloseCalled() const;
    /// @param deferred Close() waits for queued data to be sent
    void SetCloseDeferred(bool deferred);
    /// @return true if Close() waits for queued data to be sent
    bool CloseDeferred() const;

    // Our FIN.

    /// @return true once our FIN has a sequence number (it was sent)
    bool FinKnown() const;
    /**
     * Once the application has closed nothing more is queued: the FIN
     * follows the last byte ever written. Fixed when the FIN goes, for once
     * it is acknowledged the send buffer's head (and tail) moves past it.
     * @param txTail the send buffer's tail now
     * @return our FIN's sequence number
     */
    SequenceNumber32 FinSequence(SequenceNumber32 txTail) const;
    /**
     * @param txHead the send buffer's head (the first unacknowledged byte)
     * @return true if our FIN was sent and is acknowledged
     */
    bool FinAcked(SequenceNumber32 txHead) const;
    /// New data (or our FIN) acknowledged: the FIN's backoff starts again.
    void NewAck();
    /// Our FIN is sent again: one more backoff.
    void FinRetransmitted();
    /**
     * RFC 6298's backoff on the one FIN timer, capped at 60 s.
     * @param rto the connection's RTO
     * @return the FIN's retransmission timeout
     */
    Time FinRto(Time rto) const;

    // FIN_WAIT_2 and TIME_WAIT.

    /// @param timeout longest idle FIN_WAIT_2 once closed (0: for ever)
    void SetFinWait2Timeout(Time timeout);
    /// @return the longest idle FIN_WAIT_2 once closed
    Time GetFinWait2Timeout() const;
    /// A segment from the peer in FIN_WAIT_2: the timer counts idle time.
    void PeerAlive();
    /// @return when the connection entered TIME_WAIT (zero if never)
    Time GetTimeWaitEntered() const;

    /**
     * The connection changed state. The passive close of a policy that
     * resets from LAST_ACK enters its phase; our FIN's number is fixed on
     * entering FIN_WAIT_1 or LAST_ACK; the FIN_WAIT_2 timer runs in
     * FIN_WAIT_2 once the application has closed; TIME_WAIT's entry is
     * timed, and ends at once (ACTIVE_NO_TIME_WAIT) if the peer keeps it.
     * @param oldState the state before
     * @param newState the state now
     * @param txTail the send buffer's tail (our FIN follows it)
     * @return true if the connection is to leave TIME_WAIT at once
     */
    bool StateChanged(TcpSocket::TcpStates_t oldState,
                      TcpSocket::TcpStates_t newState,
                      SequenceNumber32 txTail);

    /// The socket goes away: no timer is left behind.
    void Stop();

  private:
    /// A machine with this policy (ForkOf's: no default policy made to be replaced).
    /// @param policy the close policy
    explicit TcpCloseMachine(Ptr<TcpClosePolicy> policy);
    /// Arms the FIN_WAIT_2 timer if the application has closed.
    void ArmFinWait2();
    /// The FIN_WAIT_2 timer expired.
    void FinWait2Expired();

    Ptr<TcpClosePolicy> m_policy;      //!< Which end keeps TIME_WAIT
    Phase m_phase{PHASE_NONE};         //!< Close phase
    PhaseCallback m_phaseChanged;      //!< Told of every change of phase
    bool m_closeCalled{false};         //!< The application called Close()
    bool m_closeDeferred{false};       //!< Close() waits for queued data to be sent
    SequenceNumber32 m_finSequence{0}; //!< Sequence number of our FIN, once sent
    bool m_finKnown{false};            //!< m_finSequence is set: our FIN has been sent
    uint32_t m_finBackoff{0};          //!< Retransmissions of our FIN since the last new ACK
    Time m_finWait2Timeout;            //!< Longest idle FIN_WAIT_2 (0: no limit)
    EventId m_finWait2Event;           //!< Ends FIN_WAIT_2
    Callback<void> m_finWait2Expired;  //!< Called when it does
    Time m_timeWaitEntered;            //!< When the connection entered TIME_WAIT
};

} // namespace ns3

#endif // TCP_CLOSE_MACHINE_H
