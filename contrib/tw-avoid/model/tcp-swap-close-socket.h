/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_SWAP_CLOSE_SOCKET_H
#define TCP_SWAP_CLOSE_SOCKET_H

#include "ns3/tcp-socket-base.h"
#include "ns3/traced-callback.h"

namespace ns3
{

class TcpHostModel;

/**
 * @ingroup tw-avoid
 * @brief A TcpSocketBase that can move TIME_WAIT from the active to the passive closer.
 *
 * This implements the transport-level solution of Faber, Touch and Yue,
 * "Avoiding the TCP TIME_WAIT state at Busy Servers" (draft-faber-time-wait-avoidance-00):
 *
 * - A passive closer whose close mode is CLOSE_SWAP leaves CLOSE_WAIT for
 *   LAST_ACK_SWAP instead of LAST_ACK when the application closes. LAST_ACK_SWAP
 *   is reported as LAST_ACK on the inherited "State" trace (as the draft asks of
 *   monitoring tools); the "SwapState" trace tells the two apart. On the ACK of
 *   its FIN the socket sends an RST and enters TIME_WAIT for 2*MSL, instead of
 *   going to CLOSED.
 * - An active closer in TIME_WAIT that receives an in-sequence RST either frees
 *   the TCB at once (policy ACCEPT: BSD, SunOS, Linux default) or ignores it
 *   (policy IGNORE: RFC 1337, which is also what stock ns-3 does).
 *
 * If the RST is lost both ends stay in TIME_WAIT, which is correct (it is the
 * same end state as a simultaneous close).
 *
 * The socket also reports its TCB life cycle to the node's TcpHostModel, if the
 * node has one, so that the host model knows the node's real TCB list.
 */
class TcpSwapCloseSocket : public TcpSocketBase
{
  public:
    /// What the application's Close() does when the socket is the passive closer.
    enum CloseMode
    {
        CLOSE,      //!< Standard close: CLOSE_WAIT -> LAST_ACK -> CLOSED
        CLOSE_SWAP, //!< Swap close: CLOSE_WAIT -> LAST_ACK_SWAP -> (RST) TIME_WAIT
    };

    /// What a socket in TIME_WAIT does with an in-sequence RST.
    enum TimeWaitRstPolicy
    {
        RST_ACCEPT, //!< Drop the TIME_WAIT TCB (BSD, SunOS, Linux default)
        RST_IGNORE, //!< Ignore it (RFC 1337; stock ns-3 behaviour)
    };

    /// Close phase, finer than TcpStates_t: tells LAST_ACK_SWAP from LAST_ACK.
    enum SwapState
    {
        SWAP_NONE,               //!< Not in a swap-close phase
        SWAP_LAST_ACK,           //!< LAST_ACK_SWAP: FIN sent by a swap close, waiting for its ACK
        SWAP_TIME_WAIT,          //!< TIME_WAIT entered through a swap close (RST sent)
        SWAP_RST_ACCEPTED,       //!< Active closer: TIME_WAIT dropped on the peer's RST
        SWAP_RST_IGNORED,        //!< Active closer: RST in TIME_WAIT ignored (RFC 1337)
        NEGOTIATED_TIME_WAIT,    //!< Passive closer keeps TIME_WAIT, as negotiated (no RST)
        NEGOTIATED_NO_TIME_WAIT, //!< Active closer skips TIME_WAIT, as negotiated
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TcpSwapCloseSocket();

    /**
     * @brief Copy constructor, used by Fork() so that accepted sockets keep the subclass.
     * @param sock the socket to copy
     */
    TcpSwapCloseSocket(const TcpSwapCloseSocket& sock);

    ~TcpSwapCloseSocket() override;

    TypeId GetInstanceTypeId() const override;

    /**
     * @brief The draft's close_swap: set the close mode to CLOSE_SWAP, then Close().
     * @return 0 on success, -1 on failure (as Close())
     */
    int CloseSwap();

    /**
     * @brief Set the close mode used by Close().
     * @param mode the close mode
     */
    void SetCloseMode(CloseMode mode);

    /**
     * @brief Get the close mode used by Close().
     * @return the close mode
     */
    CloseMode GetCloseMode() const;

    /**
     * @brief Whether this connection negotiated who keeps TIME_WAIT.
     * @return true if both ends agreed (the active opener keeps it)
     */
    bool IsTimeWaitNegotiated() const;

    /**
     * @brief Get the swap-close phase of this socket.
     * @return the phase
     */
    SwapState GetSwapState() const;

    /**
     * @brief Get the TCP state.
     * @return the state (LAST_ACK_SWAP is reported as LAST_ACK)
     */
    TcpStates_t GetState() const;

    /**
     * @brief TracedCallback signature for swap-phase changes.
     * @param [in] oldValue the previous phase
     * @param [in] newValue the new phase
     */
    typedef void (*SwapStateTracedCallback)(SwapState oldValue, SwapState newValue);

    /**
     * @brief TracedCallback signature for an RST that arrives in TIME_WAIT.
     * @param [in] socket the socket in TIME_WAIT
     */
    typedef void (*RstInTimeWaitTracedCallback)(Ptr<const TcpSwapCloseSocket> socket);

    /**
     * @brief Name of a swap phase, for logs and output.
     * @param state the phase
     * @return its name
     */
    static const char* SwapStateName(SwapState state);

    int Close() override;

  protected:
    Ptr<TcpSocketBase> Fork() override;
    void ReceivedData(Ptr<Packet> packet, const TcpHeader& tcpHeader) override;
    void ReTxTimeout() override;
    void LastAckTimeout() override;
    void SendEmptyPacket(uint8_t flags) override;
    void DoForwardUp(Ptr<Packet> packet,
                     const Address& fromAddress,
                     const Address& toAddress) override;
    void DoDispose() override;

  private:
    /**
     * @brief Follows the inherited state variable: swap phase and host-model bookkeeping.
     * @param oldState previous TCP state
     * @param newState new TCP state
     */
    void StateChanged(TcpStates_t oldState, TcpStates_t newState);

    /**
     * @brief Change the swap phase and fire the trace.
     * @param state the new phase
     */
    void SetSwapState(SwapState state);

    /**
     * @brief Deliver a FIN that carries data, in FIN_WAIT_1/2, as data then FIN.
     * @param packet the arriving segment, header included
     * @param tcpHeader its header
     * @param fromAddress sender
     * @param toAddress receiver
     */
    void SplitDataAndFin(Ptr<Packet> packet,
                         const TcpHeader& tcpHeader,
                         const Address& fromAddress,
                         const Address& toAddress);

    /**
     * @brief Handle an ACK in LAST_ACK (or LAST_ACK_SWAP).
     *
     * An ACK below our FIN is processed as an ACK; the ACK of our FIN ends
     * LAST_ACK_SWAP with an RST and TIME_WAIT. Anything else is left to
     * the base class.
     *
     * @param packet the arriving segment, header included
     * @param tcpHeader its header
     * @return true if the segment was consumed
     */
    bool ProcessLastAck(Ptr<Packet> packet, const TcpHeader& tcpHeader);

    /**
     * @brief Process an ACK that arrives in LAST_ACK and does not cover our FIN.
     * @param packet the segment, header included
     */
    void ProcessAckBeforeFin(Ptr<Packet> packet);

    /**
     * @brief Handle a segment that arrives in TIME_WAIT: a retransmitted FIN
     * (ACK it again), an in-sequence RST (apply the policy).
     * @param tcpHeader the arriving segment's header
     * @return true if the segment was consumed
     */
    bool ProcessTimeWait(const TcpHeader& tcpHeader);

    /**
     * @brief Handle an RST+ACK to our SYN: the connection is refused.
     * @param tcpHeader the arriving segment's header
     * @return true if the segment was consumed
     */
    bool ProcessRefusal(const TcpHeader& tcpHeader);

    /**
     * @brief Read the TIME_WAIT option on an arriving SYN or SYN-ACK.
     * @param tcpHeader the segment's header
     */
    void ReadTimeWaitOption(const TcpHeader& tcpHeader);

    /// Remove the TCB from the host model if TcpSocketBase freed its endpoint.
    void ForgetIfReleased();

    /// Tell the node's host model (if any) about a TCB state change.
    void ReportToHostModel(TcpStates_t oldState, TcpStates_t newState);

    CloseMode m_closeMode{CLOSE};              //!< Close mode
    TimeWaitRstPolicy m_rstPolicy{RST_ACCEPT}; //!< RST-in-TIME_WAIT policy
    bool m_negotiate{false};                   //!< Offer or accept the TIME_WAIT option
    bool m_activeOpener{false};                //!< This end sent the first SYN
    bool m_peerOffered{false};                 //!< The SYN being answered carried the option
    bool m_negotiated{false};         //!< Both ends agreed: the active opener keeps TIME_WAIT
    SwapState m_swapState{SWAP_NONE}; //!< Swap-close phase
    TracedCallback<SwapState, SwapState> m_swapStateTrace;              //!< Swap phase trace
    TracedCallback<Ptr<const TcpSwapCloseSocket>> m_rstInTimeWaitTrace; //!< RST seen in TIME_WAIT
    Ptr<TcpHostModel> m_hostModel; //!< The node's host model (may be null)
    bool m_hostModelLooked{false}; //!< True once m_hostModel was looked up
};

} // namespace ns3

#endif /* TCP_SWAP_CLOSE_SOCKET_H */
