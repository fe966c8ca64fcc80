#! /usr/bin/env python3

# A list of C++ examples to run in order to ensure that they remain
# buildable and runnable over time.  Each tuple in the list contains
#
#     (example_name, do_run, do_valgrind_run).
#
# See test.py for more information. They run from the repository's root
# and pass when they exit 0 (no script FAILs). The suite's scripts are read
# from test/scripts (all but wrong-*.pkt), grouped by the profile each names
# on its first line ("// --profile=NAME"; Linux-6 otherwise).

import re
from pathlib import Path

SCRIPTS = "contrib/packetdrill/test/scripts/"


def scripts(*names):
    """The module's scripts, as arguments."""
    return " ".join(SCRIPTS + name + ".pkt" for name in names)


def profile_of(path):
    """The host profile a script names on its first line ("// --profile=NAME")."""
    first = (path.read_text().splitlines() or [""])[0]
    match = re.match(r"//\s*--profile=(\S+)", first)
    return match.group(1) if match else "Linux-6"


def passing_by_profile():
    """Every script but the deliberately wrong ones (wrong-*.pkt) must PASS
    against the suite's socket: their names, by the profile they ask for."""
    groups = {}
    for path in sorted(Path(SCRIPTS).glob("*.pkt")):
        if not path.name.startswith("wrong-"):
            groups.setdefault(profile_of(path), []).append(path.stem)
    return groups


cpp_examples = [
    ("packetdrill --profile=%s %s" % (profile, scripts(*names)), "True", "True")
    for profile, names in sorted(passing_by_profile().items())
] + [
    # Stock ns-3 passes these ten (the others: its options, its segment
    # size, its delayed ACK, its TIME_WAIT and CLOSE_WAIT; the suite's test
    # lists each one's line)
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
            "fin-wait-1-finack",
            "closing-refin",
            "last-ack-rto",
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
