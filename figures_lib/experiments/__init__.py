"""The experiments; importing this package registers them all.

To add one (e.g. Table 2): write figures_lib/experiments/<name>/ (or a single
module) with an Experiment subclass decorated with @register, and import it
here. The order here is the order of --list and of the outputs.
"""

from . import table1  # noqa: F401
from . import webstone  # noqa: F401 (table2, table3)
from . import dtoc  # noqa: F401 (dtoc-load, dtoc-day)
from . import iw_delack  # noqa: F401
from . import buffer_allocation  # noqa: F401
from . import proxy  # noqa: F401 (proxy-fig4, proxy-fig5)
from . import proxy_time_wait  # noqa: F401
from . import then_and_now  # noqa: F401 (table1-now, table3-now, dtoc-now)
from . import metastable  # noqa: F401
from . import metastable_proxy  # noqa: F401
from . import proxy_now  # noqa: F401
from . import proxy_map  # noqa: F401
