#! /usr/bin/env python3

# A list of C++ examples to run in order to ensure that they remain
# buildable and runnable over time.  Each tuple in the list contains
#
#     (example_name, do_run, do_valgrind_run).
#
# See test.py for more information.
cpp_examples = [
    ("tcp-host-model-example --duration=3", "True", "True"),
    ("tcp-host-model-example --profile=SunOS-4.1.3-SS20-71 --duration=3", "True", "True"),
    ("tcp-host-model-example --profile=Linux-6 --duration=3", "True", "True"),
    ("tcp-host-listen-queue-example --duration=5", "True", "True"),
    ("tcp-host-listen-queue-example --cookies=Never --backlog=4 --duration=5", "True", "True"),
    ("tcp-host-listen-queue-example --abortOnOverflow --backlog=8 --duration=5", "True", "True"),
    ("tcp-host-listen-queue-example --duration=2 --samples=/dev/null --sampleInterval=100ms", "True", "True"),
    ("tcp-host-local-ports-example --duration=5", "True", "True"),
    ("tcp-host-local-ports-example --duration=5 --twReuse=On", "True", "True"),
]

# A list of Python examples to run in order to ensure that they remain
# runnable over time.  Each tuple in the list contains
#
#     (example_name, do_run).
#
# See test.py for more information.
# They load the suite through the standalone build's python/ns3_contrib_suite.py
# (./ns3 configure puts it on the virtual environment's path); ns-3's own
# test.py runs Python examples only with Python bindings enabled.
python_examples = [
    ("tcp-host-local-ports.py -q --duration 5", "True"),
    ("tcp-host-local-ports.py -q --duration 5 --tw-reuse On", "True"),
]
