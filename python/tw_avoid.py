"""Former name of the suite's loader, kept as an alias for a while: use
``import ns3_contrib_suite`` (it loads every module of the suite, not only
tw-avoid)."""

import warnings

from ns3_contrib_suite import BUILD, ROOT, BuildMissingError, callbacks, load  # noqa: F401

warnings.warn(
    "the module tw_avoid is deprecated: import ns3_contrib_suite",
    DeprecationWarning,
    stacklevel=2,
)
