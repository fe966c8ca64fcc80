#! /usr/bin/env python3

# A list of C++ examples to run in order to ensure that they remain
# buildable and runnable over time.  Each tuple in the list contains
#
#     (example_name, do_run, do_valgrind_run).
#
# See test.py for more information. They run from the repository's root
# and pass when they exit 0 (no script FAILs).

SCRIPTS = "contrib/packetdrill/test/scripts/"


def scripts(*names):
    """The module's scripts, as arguments."""
    return " ".join(SCRIPTS + name + ".pkt" for name in names)


cpp_examples = [
    (
        "packetdrill "
        + scripts(
            "passive-open",
            "active-open",
            "data-both-ways",
            "close-local-first",
            "close-peer-first",
            "rst-closed-port",
            "retransmit-rto",
            "blocking-calls",
            "simultaneous-close",
            "rst-established",
            "time-wait-refin",
            "connect-refused",
        ),
        "True",
        "True",
    ),
    # Stock ns-3 passes these seven (the others: its options, its segment
    # size, no ACK from TIME_WAIT to a resent FIN)
    (
        "packetdrill --socket=stock "
        + scripts(
            "close-local-first",
            "close-peer-first",
            "rst-closed-port",
            "retransmit-rto",
            "blocking-calls",
            "simultaneous-close",
            "rst-established",
        ),
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
