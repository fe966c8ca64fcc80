"""The metastable experiment's check on made-up rows: a configuration whose
goodput stays down after the spike is "sustained" (does not hold), one that
comes back holds, one whose runs straddle the line is undecided; each cure
is compared with the regular server run by run under the same retry policy;
the rows' labels come from the points' parameters (the kernel queue with
abort on overflow is its own cure); the fluid model's prediction is set
beside each configuration's verdict."""

import random

from figures_lib.experiments.metastable import (
    CURES,
    MODEL_PROGRAM,
    RETRY_POLICIES,
    SCALES,
    Metastable,
)

VALUES = ("before_useful_pct", "during_useful_pct", "after_early_useful_pct",
          "after_late_dead_cpu_pct", "recovery_s", "retries_made", "retries_refused")  # fmt: skip


def fifo_held(service, overflow, budget):
    """A made-up model: only the FIFO server has a sustaining state."""
    return service == "fifo"


def made_up_rows(after_late, held=fifo_held, before=None):
    """One row per paper point; after_late(cure, retry, run) gives its goodput,
    held(service, overflow, budget) whether the model has a sustaining state."""
    rng = random.Random(7)
    experiment = Metastable()
    rows = []
    for point in experiment.points("paper"):
        if point.program == MODEL_PROGRAM:
            p = dict(point.params)
            sustained = held(p["service"], p["overflow"], p["budget"])
            rows.append({"service": p["service"], "overflow": p["overflow"],
                         "budget": "1" if p["budget"] else "0", "sustained": "1" if sustained else "0",
                         "sustained_offered_per_s": "170.5" if sustained else "0"})  # fmt: skip
            continue
        strategy, retry, run = (point.param("strategy"), point.param("retryPolicy"),
                                int(point.param("RngRun")))  # fmt: skip
        abort = dict(point.params).get("abortOnOverflow") is True
        cure = {v: k for k, v in CURES.items()}[(strategy, abort)]
        row = {"strategy": strategy, "retry_policy": retry, "abort_on_overflow": "1" if abort else "0",
               "run": str(run), "after_late_useful_pct": str(after_late(cure, retry, run))}  # fmt: skip
        row.update({v: str(rng.uniform(0, 100)) for v in VALUES})
        if before is not None:
            row["before_useful_pct"] = str(before(cure, retry, run))
        rows.append(row)
    return rows


def after_late(cure, retry, run):
    if cure == "regular":
        return 0.5 * run  # stays down
    if cure == "adaptive LIFO":
        return 72 + (-1) ** run * 6  # straddles 72
    return 79 + 0.1 * run  # back


def table_row(lines, cure, retry, model):
    """The line of a configuration in the check's first table (model False)
    or in the table beside the fluid model (model True)."""
    (line,) = [x for x in lines if f" {cure} " in f" {x} " and f" {retry} " in x
               and "above regular" not in x and not x.startswith("Model and simulation")
               and model == any(w in x for w in ("held at", "no sustaining", "not in the model"))]  # fmt: skip
    return line


def test_verdicts_and_paired_comparisons(tmp_path):
    text = Metastable().outputs("paper", made_up_rows(after_late), tmp_path)
    lines = text.splitlines()

    def row(cure, retry):
        return table_row(lines, cure, retry, model=False)

    for retry in RETRY_POLICIES:
        assert "  DOES NOT HOLD " in row("regular", retry)
        assert "  holds " in row("DTOC", retry)
        assert "  undecided " in row("adaptive LIFO", retry)
        assert "  holds " in row("abort on overflow", retry)
        assert f"{retry:>9}: DTOC above regular: holds" in text
    assert len([x for x in lines if "above regular" in x]) == len(RETRY_POLICIES) * (len(CURES) - 1)
    assert f"runs per point: {SCALES['paper'][0]}" in text
    assert (tmp_path / "metastable-readme.md").is_file()
    assert (tmp_path / "metastable.csv").read_text().count("\n") == len(CURES) * len(RETRY_POLICIES) * SCALES["paper"][0] + 1


def test_model_beside_the_simulation(tmp_path):
    """Where the model has a sustaining state it predicts "not back": it
    agrees with a configuration that stays down, parts from one that comes
    back; a straddling verdict stays undecided; the CoDel-style limit is not
    in the model. Each modelled configuration has its own model point (the
    retry budget is the model's budget; the DTOC server drops the dead)."""
    experiment = Metastable()
    model_points = [p for p in experiment.points("paper") if p.program == MODEL_PROGRAM]
    assert len(model_points) == len({p.params for p in model_points}) == 6
    assert MODEL_PROGRAM in experiment.programs()
    text = experiment.outputs("paper", made_up_rows(after_late), tmp_path)
    lines = text.splitlines()
    for retry in RETRY_POLICIES:
        assert table_row(lines, "regular", retry, model=True).endswith("DOES NOT HOLD  agree")
        assert table_row(lines, "DTOC", retry, model=True).endswith("holds          agree")
        assert table_row(lines, "adaptive LIFO", retry, model=True).endswith("undecided")
        assert table_row(lines, "abort on overflow", retry, model=True).endswith("holds          PART")
        assert table_row(lines, "CoDel limit", retry, model=True).endswith("not in the model")
    assert "Model and simulation: 9 agree, 3 PART, 3 undecided, 3 not in the model" in text
    assert (tmp_path / "metastable-model.csv").read_text().count("\n") == 6 + 1
    # the model's rows are not the runs': the runs' CSV keeps only the runs
    assert "service" not in (tmp_path / "metastable.csv").read_text().splitlines()[0]


def test_the_sweep_writes_outputs_from_both_programs_rows(tmp_path, monkeypatch):
    """./figures.py hands the outputs the rows of both programs (each
    program's points share one header, the two differ)."""
    from figures_lib import sweep

    experiment = Metastable()
    monkeypatch.setattr(experiment, "outdir", lambda scale: tmp_path)
    points = experiment.points("paper")
    rows = dict(zip(points, made_up_rows(after_late)))
    assert sweep.write_outputs([experiment], "paper", rows, []) == []
    assert "Model and simulation:" in (tmp_path / "metastable-check.txt").read_text()


def test_back_to_its_own_goodput(tmp_path):
    """A cure that costs goodput at the base load (made up: the CoDel-style
    limit at 60 % before the spike, 58 % after it) is not back to the base
    load but is back to its own level; one that stays down is neither."""
    def before(cure, retry, run):
        return 60 + run / 10 if cure == "CoDel limit" else 79 + run / 10

    def after(cure, retry, run):
        return 58 + run / 10 if cure == "CoDel limit" else after_late(cure, retry, run)

    lines = Metastable().outputs("paper", made_up_rows(after, before=before), tmp_path).splitlines()
    for retry in RETRY_POLICIES:
        codel = table_row(lines, "CoDel limit", retry, model=False)
        assert codel.endswith("DOES NOT HOLD  holds"), codel
        assert table_row(lines, "regular", retry, model=False).endswith("DOES NOT HOLD  DOES NOT HOLD")
