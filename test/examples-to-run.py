#! /usr/bin/env python3

# The suite's own examples (top-level examples/), in ns-3's format; see
# contrib/<module>/test/examples-to-run.py for the modules' examples.
cpp_examples = []

# (example script relative to examples/, do_run)
python_examples = [
    ("python/tw-avoid-swap-close.py -q", "True"),
    ("python/tcp-host-local-ports.py -q --duration 5", "True"),
    ("python/tcp-host-local-ports.py -q --duration 5 --tw-reuse On", "True"),
]
