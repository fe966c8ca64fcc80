"""The checks' own rules on made-up numbers: calibration points reported
and not counted (Table 1, Table 3), the seed-002 summary counting the traces
that are not the page's and the random-phase spread, Table 3's "useful rate
falls toward 0" decided on the timelines' trend and "sustain" on the mean
with the bins as information, the DTOC livelock rule in the targets' words
with the literal reading reported, and the proxy's equivalences decided by
two one-sided tests rather than by a lack of significance."""

import random

import pytest

from figures_lib import verdict
from figures_lib.experiments.dtoc import check as dtoc_check
from figures_lib.experiments.iw_delack import report as iw_report
from figures_lib.experiments.iw_delack.paper import CASES, PUBLISHED
from figures_lib.experiments.proxy import report as proxy_report
from figures_lib.experiments.table1 import check as table1_check
from figures_lib.experiments.table1.paper import CALIBRATION_N, N_VALUES, UNMODIFIED
from figures_lib.experiments.webstone import check as webstone_check
from figures_lib.experiments.webstone.paper import METRICS


def s(mean, ci=0.01, n=10):
    return {"n": n, "mean": mean, "std": ci, "ci95": ci}


def test_table1_calibration_points_are_reported_not_counted():
    summary = {("unmodified", n): s(UNMODIFIED[n] * (3 if n in CALIBRATION_N else 1)) for n in N_VALUES}
    summary.update({("swap", n): s(66.8) for n in N_VALUES})
    text, ok = table1_check.report(summary, "made up")
    assert ok, "the calibration points are off by 200 %, but they are not criteria"
    assert text.count("calibration, not counted") == len(CALIBRATION_N)
    assert "all: 15 hold, 0 fail, 0 undecided (of 15 criteria)" in text
    assert "Runs per point: 10" in text


def iw_rows(differing, spread=None):
    """The page cases at their documented phases, and Figure 2.1's
    configuration over random phases with these transfer times (ms;
    default: 221.9 ms plus a wait spread evenly over (0, 200])."""
    rows = []
    for case in CASES:
        same = case not in differing
        rows.append({
            "case": case, "phase": "case", "page": "same" if same else "differs",
            "first_difference": "0" if same else "13", "transfer_ms": str(PUBLISHED[case][0]),
            "iw": "1", "run": "0", "delayed_acks": "1", "completed": "1", "client_tick_ms": "0",
            "server_tick_ms": "0", "server": "s", "client": "c",
        })  # fmt: skip
    if spread is None:
        spread = [221.9 + 200 * (i + 0.5) / 500 for i in range(500)]
    for run, ms in enumerate(spread, start=1):
        rows.append({
            "case": "2.1", "phase": "random", "page": "differs", "first_difference": "13",
            "transfer_ms": str(ms), "iw": "1", "run": str(run), "delayed_acks": "2",
            "completed": "1", "client_tick_ms": "0", "server_tick_ms": "0", "server": "s",
            "client": "c",
        })  # fmt: skip
    return rows


def line(text, prefix):
    (found,) = [x for x in text.splitlines() if x.startswith(prefix)]
    return found


def test_iw_delack_summary_counts_the_traces_that_differ():
    text, ok = iw_report.report(iw_report.frame(iw_rows({"2.1", "3.5"})), "made up")
    assert not ok
    assert "page cases in their bands: 7 hold, 0 fail, 0 undecided (of 7 criteria)" in text
    assert "page traces segment for segment: 5 hold, 2 fail, 0 undecided (of 7 criteria)" \
        " (2.1, 3.5 differ)" in text  # fmt: skip
    assert line(text, "all: ") == "all: 13 hold, 2 fail, 0 undecided (of 15 criteria)"
    text, ok = iw_report.report(iw_report.frame(iw_rows(set())), "made up")
    assert ok and line(text, "all: ") == "all: 15 hold, 0 fail, 0 undecided (of 15 criteria)"
    assert "nearly automatic: the traces are the real test" in text


def test_iw_delack_random_phase_spread_over_one_tick():
    """Section B: over random phases the extra delay spreads over (0, 200]
    ms. A per-segment timer (the same delay at every phase), a wait over two
    intervals, or waits bunched in part of the interval must not pass; the
    summary counts the criterion."""
    rng = random.Random(1)
    even = [221.9 + rng.uniform(0, 200) for _ in range(500)]
    assert iw_report.spread_over_tick(even)["verdict"] == verdict.HOLDS
    per_segment = [421.9] * 500  # ns-3's own timer: 200 ms after the segment, every phase
    assert iw_report.spread_over_tick(per_segment)["verdict"] == verdict.FAILS
    two_ticks = [221.9 + rng.uniform(0, 400) for _ in range(500)]
    assert iw_report.spread_over_tick(two_ticks)["verdict"] == verdict.FAILS
    beyond = even + [even[0] + 300]  # spread well, but one phase waits longer than a tick
    r = iw_report.spread_over_tick(beyond)
    assert r["d"] <= r["eps"] and r["verdict"] == verdict.FAILS
    bunched = [221.9 + rng.uniform(0, 50) for _ in range(499)] + [421.9]
    r = iw_report.spread_over_tick(bunched)
    assert r["max"] <= 200 and r["verdict"] == verdict.FAILS, "spans the interval but bunched"
    assert iw_report.spread_over_tick([300.0])["verdict"] == verdict.INDICATIVE
    text, ok = iw_report.report(iw_report.frame(iw_rows(set(), per_segment)), "made up")
    assert not ok
    assert line(text, "random phases, ").endswith("0 hold, 1 fail, 0 undecided (of 1 criteria)")
    assert line(text, "all: ") == "all: 14 hold, 1 fail, 0 undecided (of 15 criteria)"


def table3_summary(unmodified=40.0, http=228.0):
    """A made-up Table 3 summary: every metric of every variant."""
    names = [m for m, _ in METRICS] + list(webstone_check.EXTRA)
    values = {
        "unmodified": {"conn_per_s": unmodified, "failed_per_s": 0.15, "server_tcb_kb": 850.0},
        "tcp": {"conn_per_s": 224.0, "failed_per_s": 0.0, "server_tcb_kb": 2.3},
        "http": {"conn_per_s": http, "failed_per_s": 0.0, "server_tcb_kb": 2.3},
        "negotiated": {"conn_per_s": http, "failed_per_s": 0.0, "server_tcb_kb": 2.2},
    }
    out = {}
    for v, given in values.items():
        out[v] = {m: s(given.get(m, 1.0), ci=0.5 if m != "failed_per_s" else 0.01, n=5) for m in names}
        out[v]["throughput_mbps"] = s(given["conn_per_s"] * 500 * 8 / 1e6, ci=0.01, n=5)
    return out


def runs_of(rate, runs=5, seconds=60, noise=0.0, seed=2):
    """[[conn/s of each measured second] of each run]: rate(run, second)."""
    rng = random.Random(seed)
    return [[max(0.0, rate(r, i) + rng.uniform(-noise, noise)) for i in range(seconds)]
            for r in range(runs)]  # fmt: skip


def falls_verdict(unmodified_runs, summary=None):
    seconds = {"unmodified": unmodified_runs, "tcp": runs_of(lambda r, i: 224),
               "http": runs_of(lambda r, i: 228)}  # fmt: skip
    criteria, _ = webstone_check.judge_table3(summary or table3_summary(), seconds)
    (falls,) = [c for c in criteria if c.what == "useful rate falls toward 0"]
    return falls.verdict


def test_table3_falls_toward_0_is_the_timelines_trend():
    """"Useful rate falls toward 0" (section A) is decided on the trend of
    the measured seconds at 95 %, not on the former 10 % bound: a rising or
    flat rate does not pass, whatever its mean; a falling one does, even at
    a mean the former bound would refuse; no timelines: not decided."""
    falling = runs_of(lambda r, i: max(0, 220 - 5 * i), noise=10)
    rising = runs_of(lambda r, i: 5 * i, noise=10)
    flat = runs_of(lambda r, i: 0)
    wobbly = runs_of(lambda r, i: 100 + (r - 2) * (i - 30) * 0.5)  # slopes -1 .. +1 around 0
    assert falls_verdict(falling, table3_summary(unmodified=100.0)) == verdict.HOLDS
    assert falls_verdict(rising, table3_summary(unmodified=5.0)) == verdict.FAILS
    assert falls_verdict(flat, table3_summary(unmodified=0.0)) == verdict.FAILS
    assert falls_verdict(wobbly) == verdict.UNDECIDED
    assert falls_verdict([]) == verdict.INDICATIVE
    seconds = {"unmodified": falling, "tcp": runs_of(lambda r, i: 224),
               "http": runs_of(lambda r, i: 228)}  # fmt: skip
    text, _ = webstone_check.report(3, table3_summary(unmodified=100.0), "made up", seconds)
    assert line(text, "  useful rate falls toward 0:").endswith(": holds")
    assert "former reading" in text and "would be DOES NOT HOLD" in text
    assert "Summary: 5 hold, 0 fail, 0 undecided (of 5 criteria)" in text


def test_table3_sustain_is_the_mean_with_the_bins_as_information():
    """"Sustain >= 180 conn/s" is judged on the mean over the runs; the
    seconds below 180 are reported, not counted, and do not widen it."""
    dips = runs_of(lambda r, i: 0 if i % 10 == 0 else 250)  # 6 of 60 seconds at 0
    seconds = {"unmodified": runs_of(lambda r, i: max(0, 220 - 5 * i)),
               "tcp": runs_of(lambda r, i: 224), "http": dips}  # fmt: skip
    for mean, expected in ((228.0, verdict.HOLDS), (170.0, verdict.FAILS), (180.2, verdict.UNDECIDED)):
        criteria, _ = webstone_check.judge_table3(table3_summary(http=mean), seconds)
        (http,) = [c for c in criteria if c.group == 2 and c.what.strip() == "HTTP modification"]
        assert http.verdict == expected
        assert "seconds below 180: 30 of 300 run-seconds (10.0%; per run 6 of 60" in http.detail


def livelock_bins(values, period=100.0, bin_s=20.0):
    series = []
    for i, useful in enumerate(values):
        t = i * bin_s
        offered = 150 if t >= period else 50
        series.append((t, 3, {"offered_pct": offered, "useful_pct": useful, "useful_pct_max": useful}))
    return {("regular", "busy", 5.0): series}


def test_dtoc_livelock_in_the_targets_words_with_the_literal_reading():
    quiet = [50] * 5 + [60, 1, 0, 0, 0, 0, 0]  # overload from 100 s; below 2 % from 120 s
    ((day, result, when, note),) = dtoc_check._livelock(livelock_bins(quiet), 100.0)
    assert result == verdict.HOLDS and "from 120 s" in when
    assert "read literally, from 100 s on: DOES NOT HOLD" in note and "reach 60.0 %" in note
    late = [50] * 5 + [60, 40, 30, 20, 10, 1, 0]  # below 2 % only from 200 s: not in the period
    assert dtoc_check._livelock(livelock_bins(late), 100.0)[0][1] == verdict.FAILS
    again = [50] * 5 + [0, 0, 0, 5, 0, 0, 0]  # recovers once: never below 2 % for good... until 180 s
    ((_, result, when, _),) = dtoc_check._livelock(livelock_bins(again), 100.0)
    assert result == verdict.HOLDS and "from 180 s" in when
    text = dtoc_check.report_day({}, livelock_bins(quiet), 100.0, "made up")
    assert '"from the first overload period on, useful throughput stays below 2 %' in text


def proxy_rows(values):
    """values: {(clients, variant): [per-run MB]} -> program-like rows."""
    rows = []
    for (clients, variant), runs in values.items():
        for run, mb in enumerate(runs, start=1):
            rows.append({"clients": str(clients), "variant": variant, "run": str(run),
                         "bytes_moved": str(mb * 1e6), "mean_wait_s": str(mb)})  # fmt: skip
    return rows


def test_proxy_equivalence_is_decided_not_passed_on_a_lack_of_power():
    close = {(5, "3"): [100, 101, 99, 100, 102], (5, "4"): [100.5, 101, 99.5, 100, 101.5]}
    noisy = {(5, "3"): [100, 140, 60, 120, 80], (5, "4"): [130, 90, 100, 70, 110]}
    for values, expected in ((close, verdict.HOLDS), (noisy, verdict.UNDECIDED)):
        c = proxy_report.Checks(proxy_rows(values))
        c.same("about equal", (5, "4"), (5, "3"), "mb_moved")
        assert c.verdicts["about equal"] == expected, c.lines
    # The noisy pair is "not significantly different", which the old rule took as holding.
    c = proxy_report.Checks(proxy_rows(noisy))
    c.greater("(4) above (3)", (5, "4"), (5, "3"), "mb_moved")
    assert c.verdicts["(4) above (3)"] == verdict.UNDECIDED
    assert c.tally() == "0 hold, 0 fail, 1 undecided (of 1 criteria)"


def test_table2_body_kb_per_connection_is_throughput_over_connections():
    """The check's body KB per connection is each run's throughput over its
    connection rate, summarized per variant, and its unmodified - TCP line
    says on which side of 0 the difference lies."""
    from figures_lib.experiments.webstone import summary as webstone_summary

    def rows(variant, kb):
        # kb: body KB per connection of each run, at 50 conn/s
        return [{"variant": variant, "run": r, "conn_per_s": 50.0, "throughput_mbps": 50 * k * 8 / 1e3,
                 **{m: 1.0 for m, _ in METRICS if m not in ("conn_per_s", "throughput_mbps")},
                 **{m: 1.0 for m in webstone_check.EXTRA if m != webstone_summary.KB_PER_CONN}}
                for r, k in enumerate(kb, 1)]  # fmt: skip

    given = rows("unmodified", [61, 62, 60, 61.5]) + rows("tcp", [55, 56, 54, 55.5])
    given += rows("http", [55, 56, 54, 55]) + rows("negotiated", [55, 56, 54, 55])
    stats = webstone_summary.summarize_rows(webstone_summary.with_kb_per_conn(given), webstone_check.EXTRA)
    assert stats["unmodified"][webstone_summary.KB_PER_CONN]["mean"] == pytest.approx(61.125)
    assert stats["tcp"][webstone_summary.KB_PER_CONN]["mean"] == pytest.approx(55.125)
    text, _ = webstone_check.report(2, stats, "made up")
    gap = line(text, "  body KB/conn (clients), unmodified - TCP mod")
    assert gap.endswith("(above 0)") and "+6.00" in gap


def _dtoc_runs_as_asked(name, more_runs, fewer_runs):
    """Asserts that every point of a DTOC experiment at paper scale has the
    runs 1..more_runs(params) if that is not None, else 1..fewer_runs, and
    that the points go run by run (a partial sweep is balanced)."""
    from figures_lib import registry

    points = registry.experiments()[name].points("paper")
    runs = {}
    for p in points:
        params = dict(p.params)
        params.pop("RngRun")
        runs.setdefault(tuple(sorted(params.items())), []).append(int(p.param("RngRun")))
    for key, seen in runs.items():
        wanted = more_runs(dict(key)) or fewer_runs
        assert sorted(seen) == list(range(1, wanted + 1)), key
    order = [int(p.param("RngRun")) for p in points]
    assert order == sorted(order), "run by run"


def _regular_or_dtoc(params):
    return params["strategy"] in ("regular", "dtoc") and "inServiceAbort" not in params


def test_dtoc_load_runs_every_overload_point_of_regular_and_dtoc_more():
    """dtoc-load's criteria above 50 % load are judged on regular and DTOC
    from 100 % load up: every such point has OVERLOAD_RUNS' runs, whatever
    its verdict was on fewer; every other point LOAD_SCALES' runs; run by
    run; the scale's text says both."""
    from figures_lib.experiments.dtoc import LOAD_SCALES, OVERLOAD_RUNS, load_scale_text

    more, from_load = OVERLOAD_RUNS["paper"]
    fewer = LOAD_SCALES["paper"][0]
    _dtoc_runs_as_asked(
        "dtoc-load",
        lambda params: more if _regular_or_dtoc(params) and float(params["load"]) >= from_load else None,
        fewer,
    )
    assert more > fewer and f"{more} for regular and DTOC" in load_scale_text("paper")


def test_dtoc_day_runs_every_point_of_regular_and_dtoc_more():
    """dtoc-day's criteria are all on regular and DTOC: each of their points
    has DAY_RUNS' runs, the alternatives DAY_SCALES' runs; run by run; the
    scale's text says both."""
    from figures_lib.experiments.dtoc import DAY_RUNS, DAY_SCALES, day_scale_text

    more, fewer = DAY_RUNS["paper"], DAY_SCALES["paper"][0]
    _dtoc_runs_as_asked("dtoc-day", lambda params: more if _regular_or_dtoc(params) else None, fewer)
    assert more > fewer and f"{more} for regular and DTOC" in day_scale_text("paper")


def test_dtoc_check_names_every_count_of_runs_it_judged_on():
    """A check over points of 3 and of 10 runs says "3 or 10", never one
    count for all (dtoc-load's overload points have more runs)."""
    stats = {k: {"useful_pct": {"n": n}} for k, n in enumerate((3, 10, 3, 5))}
    assert dtoc_check._runs(stats) == "3, 5 or 10"
    assert dtoc_check._runs({0: {"useful_pct": {"n": 10}}}) == "10"
    assert dtoc_check._runs({}) == ""
