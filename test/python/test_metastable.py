"""The metastable experiment's check on made-up rows: a configuration whose
goodput stays down after the spike is "sustained" (does not hold), one that
comes back holds, one whose runs straddle the line is undecided; each cure
is compared with the regular server run by run under the same retry policy;
the rows' labels come from the points' parameters (the kernel queue with
abort on overflow is its own cure)."""

import random

from figures_lib.experiments.metastable import CURES, RETRY_POLICIES, SCALES, Metastable

VALUES = ("before_useful_pct", "during_useful_pct", "after_early_useful_pct",
          "after_late_dead_cpu_pct", "recovery_s", "retries_made", "retries_refused")  # fmt: skip


def made_up_rows(after_late):
    """One row per paper point; after_late(cure, retry, run) gives its goodput."""
    rng = random.Random(7)
    experiment = Metastable()
    rows = []
    for point in experiment.points("paper"):
        strategy, retry, run = (point.param("strategy"), point.param("retryPolicy"),
                                int(point.param("RngRun")))  # fmt: skip
        abort = dict(point.params).get("abortOnOverflow") is True
        cure = {v: k for k, v in CURES.items()}[(strategy, abort)]
        row = {"strategy": strategy, "retry_policy": retry, "abort_on_overflow": "1" if abort else "0",
               "run": str(run), "after_late_useful_pct": str(after_late(cure, retry, run))}  # fmt: skip
        row.update({v: str(rng.uniform(0, 100)) for v in VALUES})
        rows.append(row)
    return rows


def test_verdicts_and_paired_comparisons(tmp_path):
    def after_late(cure, retry, run):
        if cure == "regular":
            return 0.5 * run  # stays down
        if cure == "adaptive LIFO":
            return 72 + (-1) ** run * 6  # straddles 72
        return 79 + 0.1 * run  # back

    text = Metastable().outputs("paper", made_up_rows(after_late), tmp_path)
    lines = text.splitlines()

    def row(cure, retry):
        (line,) = [x for x in lines if x.split()[-2:] != [] and f" {cure} " in f" {x} "
                   and f" {retry} " in x and "above regular" not in x]  # fmt: skip
        return line

    for retry in RETRY_POLICIES:
        assert row("regular", retry).endswith("DOES NOT HOLD")
        assert row("DTOC", retry).endswith("holds")
        assert row("adaptive LIFO", retry).endswith("undecided")
        assert row("abort on overflow", retry).endswith("holds")
        assert f"{retry:>9}: DTOC above regular: holds" in text
    assert len([x for x in lines if "above regular" in x]) == len(RETRY_POLICIES) * (len(CURES) - 1)
    assert f"runs per point: {SCALES['paper'][0]}" in text
    assert (tmp_path / "metastable-readme.md").is_file()
    assert (tmp_path / "metastable.csv").read_text().count("\n") == len(CURES) * len(RETRY_POLICIES) * SCALES["paper"][0] + 1
