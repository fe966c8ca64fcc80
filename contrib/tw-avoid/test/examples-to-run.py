#! /usr/bin/env python3

# A list of C++ examples to run in order to ensure that they remain
# buildable and runnable over time.  Each tuple in the list contains
#
#     (example_name, do_run, do_valgrind_run).
#
# See test.py for more information.
cpp_examples = [
    ("tw-avoid-swap-close-example", "True", "True"),
    ("tw-avoid-swap-close-example --closePolicy=TcpClosePolicy", "True", "True"),
    ("tw-avoid-swap-close-example --rstPolicy=Ignore", "True", "True"),
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
    ("tw-avoid-swap-close.py -q", "True"),
]
