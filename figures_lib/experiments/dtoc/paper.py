"""What the DTOC paper (seed 003) published and what counts as reproduced
(section C of paper-targets.md). Loads and throughputs in % of capacity."""

TIMEOUTS = (5, 8, 9, 10)  # s, figures 2 and 3
PAPER_LOADS = (25, 50, 100, 150, 200, 250, 300)  # % of capacity, figures 2 and 3
DAY_TIMEOUTS = (5, 8, 10)  # s, figures 6 and 7
DAYS = ("normal", "busy")

# Strategies compared; (strategy, in-service abort) -> label. The paper
# published the first two; the rest are today's alternatives.
PUBLISHED_VARIANTS = ("regular", "dtoc")
VARIANTS = PUBLISHED_VARIANTS + ("dtoc-inservice", "abortonclose", "codel", "lifo")
VARIANT_NAMES = {
    "regular": "regular",
    "dtoc": "DTOC",
    "dtoc-inservice": "DTOC + in-service abort",
    "abortonclose": "HAProxy abortonclose",
    "codel": "CoDel queue-delay limit",
    "lifo": "adaptive LIFO",
}
VARIANT_PARAMS = {
    "regular": {"strategy": "regular"},
    "dtoc": {"strategy": "dtoc"},
    "dtoc-inservice": {"strategy": "dtoc", "inServiceAbort": True},
    "abortonclose": {"strategy": "abortonclose"},
    "codel": {"strategy": "codel"},
    "lifo": {"strategy": "lifo"},
}


def variant_of(row):
    """The variant a program row belongs to."""
    strategy = row["strategy"]
    if strategy == "dtoc" and row["in_service_abort"] == "1":
        return "dtoc-inservice"
    return strategy


# Figures 6 and 7: day averages of useful throughput, (day, timeout) ->
# (regular, DTOC); None: livelock (judged by its own rule).
DAY_AVERAGES = {
    ("normal", 5): (None, 80),
    ("normal", 8): (33, 88),
    ("normal", 10): (76, 93),
    ("busy", 5): (None, 78),
    ("busy", 8): (18, 85),
    ("busy", 10): (62, 93),
}
DAY_TOLERANCE = 10  # points


def day_average(variant, day, timeout):
    """The paper's day average of a variant (% of capacity), or None where
    it published none (an alternative, a timeout it did not run)."""
    published = DAY_AVERAGES.get((day, int(timeout)))
    if not published or variant not in PUBLISHED_VARIANTS:
        return None
    return published[PUBLISHED_VARIANTS.index(variant)]

LIVELOCK_CEILING = 2  # % of capacity, from the first overload period on

# Figure 2 (regular) and 3 (DTOC) bands
LOW_LOAD = 50  # at loads up to this, every curve within ...
LOW_LOAD_TOLERANCE = 3  # ... points of the offered load
HIGH_LOADS = (200, 250, 300)
REGULAR_5S_ZERO_FROM = 150  # regular 5 s: 0 at every load from here up
REGULAR_8S_CEILING = 25
REGULAR_10S_BAND = (30, 60)
DTOC_LONG_FLOOR = 92  # DTOC 8/9/10 s at every load from 100 % up
DTOC_LONG_FROM = 100
DTOC_5S_BAND = (78, 92)
DTOC_5S_SPREAD = 6

# What the paper's curves look like (read from its text), for the figure:
# (strategy, timeout) -> useful throughput at high load
PUBLISHED_HIGH_LOAD = {
    ("regular", 5): 0,
    ("regular", 10): 40,
    ("dtoc", 5): 85,
    ("dtoc", 8): 96.5,
    ("dtoc", 9): 96.5,
    ("dtoc", 10): 96.5,
}
