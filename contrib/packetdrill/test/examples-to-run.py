#! /usr/bin/env python3

# A list of C++ examples to run in order to ensure that they remain
# buildable and runnable over time.  Each tuple in the list contains
#
#     (example_name, do_run, do_valgrind_run).
#
# See test.py for more information. Literal lists only: ns-3's test.py reads
# them as text. They run two directories below the repository's (or the ns-3
# tree's) root, as ns-3's test.py runs them (testpy-output/<date>/), and
# pass when they exit 0 (no script FAILs). They show the program's uses
# (today's Linux host, a script's sysctls, another profile, stock ns-3, an attribute: tw-avoid's swap close); the whole corpus of the module's scripts is the packetdrill suite's.
cpp_examples = [
    (
        "packetdrill ../../contrib/packetdrill/test/scripts/linux-syn-options.pkt "
        "../../contrib/packetdrill/test/scripts/sysctl-defaults.pkt",
        "True",
        "True",
    ),
    (
        "packetdrill --profile=Linux-6-no-tcp-options "
        "../../contrib/packetdrill/test/scripts/passive-open.pkt "
        "../../contrib/packetdrill/test/scripts/data-both-ways.pkt "
        "../../contrib/packetdrill/test/scripts/close-peer-first.pkt",
        "True",
        "True",
    ),
    (
        "packetdrill --profile=IRIX-6.2-Indy ../../contrib/packetdrill/test/scripts/bsd-delayed-ack.pkt",
        "True",
        "True",
    ),
    (
        "packetdrill --socket=stock ../../contrib/packetdrill/test/scripts/close-local-first.pkt",
        "True",
        "True",
    ),
    (
        "packetdrill --profile=Linux-6-no-tcp-options "
        "--ns3::TcpHostSocket::ClosePolicy=ns3::TcpSwapClose "
        "../../contrib/packetdrill/test/scripts/swap-close.pkt",
        "True",
        "True",
    ),
]

# A list of Python examples to run in order to ensure that they remain
# runnable over time.  Each tuple in the list contains
#
#     (example_name, do_run).
#
# See test.py for more information.
python_examples = []
