"""The checks' own rules on made-up numbers: calibration points reported
and not counted (Table 1, Table 3), the seed-002 summary counting the traces
that are not the page's, the DTOC livelock rule in the targets' words with
the literal reading reported, and the proxy's equivalences decided by two
one-sided tests rather than by a lack of significance."""

from figures_lib import verdict
from figures_lib.experiments.dtoc import check as dtoc_check
from figures_lib.experiments.iw_delack import report as iw_report
from figures_lib.experiments.iw_delack.paper import CASES, PUBLISHED
from figures_lib.experiments.proxy import report as proxy_report
from figures_lib.experiments.table1 import check as table1_check
from figures_lib.experiments.table1.paper import CALIBRATION_N, N_VALUES, UNMODIFIED


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


def iw_rows(differing):
    rows = []
    for case in CASES:
        same = case not in differing
        rows.append({
            "case": case, "phase": "case", "page": "same" if same else "differs",
            "first_difference": "0" if same else "13", "transfer_ms": str(PUBLISHED[case][0]),
            "iw": "1", "run": "0", "delayed_acks": "1", "completed": "1", "client_tick_ms": "0",
            "server_tick_ms": "0", "server": "s", "client": "c",
        })  # fmt: skip
    return rows


def test_iw_delack_summary_counts_the_traces_that_differ():
    text, ok = iw_report.report(iw_report.frame(iw_rows({"2.1", "3.5"})), "made up")
    assert not ok
    assert "page cases in their bands: 7 hold, 0 fail, 0 undecided (of 7 criteria)" in text
    assert "page traces segment for segment: 5 hold, 2 fail, 0 undecided (of 7 criteria)" \
        " (2.1, 3.5 differ)" in text  # fmt: skip
    assert "all" not in text.splitlines()[-3], "no 'all' for a summary with failing traces"
    text, ok = iw_report.report(iw_report.frame(iw_rows(set())), "made up")
    assert ok and "7 hold, 0 fail" in text.splitlines()[-2]


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
