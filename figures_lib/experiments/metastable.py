"""Overload that sustains itself (issue 42, part 2): a metastable failure.

The DTOC paper's server (one worker, 100 requests/s on its mix, a listen
queue of 1024) at a base load below its capacity; a trigger, a spike of
twice the capacity; then the base load again. Users give up after 5 s (the
paper's shortest timeout) and try again up to 3 times: at once (the paper's
users), after an exponential backoff with full jitter (gRPC's connection
backoff), or within a retry budget over that backoff (Finagle's defaults,
one budget for all users). Once the spike is over, does the goodput come
back to the base load, or do the retries and the requests nobody waits for
any more keep the server overloaded? And which cure ends the loop: DTOC,
HAProxy's abortonclose, a CoDel-style queue-delay limit, adaptive LIFO,
Linux's accept queue with tcp_abort_on_overflow, or the retry policies.

The scenario is fixed before any run (dtoc.rst, "Overload that sustains
itself", gives the reasons): base 80 %, spike 200 % for 60 s after 200 s,
600 s after it; the goodput counts as back when the mean of the second half
of the time after the spike is at least 90 % of the base load.

One point: build/bin/dtoc-metastable --strategy=S --retryPolicy=P
[--acceptQueue=kernel --abortOnOverflow=true] --spikeAt=A --spikeFor=F
--after=T --bin=B --RngRun=N (scratch/dtoc-metastable.cc).

Beside the runs, the fluid model of the same scenario (DtocFluidModel, one
point per server order and retry cap: build/bin/dtoc-fluid, no randomness):
does it have a state that sustains the overload, and does the simulation
agree, configuration by configuration?
"""

import math

from .. import gnuplot, readme, verdict
from ..csvio import columns_of, write_csv, write_summary
from ..point import Point
from ..registry import Experiment, register
from ..stats import mean_ci_text, paired_difference, summarize_groups
from ..point import TimelinePoint

MODEL_PROGRAM = "dtoc-fluid"

# label -> (strategy, Linux's accept queue with tcp_abort_on_overflow)
CURES = {
    "regular": ("regular", False),
    "DTOC": ("dtoc", False),
    "abortonclose": ("abortonclose", False),
    "CoDel limit": ("codel", False),
    "adaptive LIFO": ("lifo", False),
    "abort on overflow": ("regular", True),
}
RETRY_POLICIES = ("immediate", "backoff", "budget")
# cure -> the fluid model's (service, overflow); None: not in the model (the
# CoDel-style limit drops by queueing delay, which the model has no term for)
MODEL = {
    "regular": ("fifo", "refuse"),  # the application's queue closes a refused attempt
    "DTOC": ("drop-dead", "refuse"),
    "abortonclose": ("drop-dead", "refuse"),
    "CoDel limit": None,
    "adaptive LIFO": ("newest-first", "refuse"),
    "abort on overflow": ("fifo", "refuse"),  # the RST ends the request
}
# The scenario as the model takes it: dtoc-metastable's defaults (capacity
# 100 requests/s, queue 1024, timeout 5 s, 3 retries) and RetryBudgetPolicy's
# (20 % of the fresh requests, 10 retries/s in reserve). A backoff spaces
# retries out but, in rates, makes as many: the model has no term for it.
MODEL_SCENARIO = {"capacity": 100, "queueLimit": 1024, "patience": 5, "retries": 3}
MODEL_BUDGET = {"budgetPercent": 20, "budgetReserve": 10}
BASE_LOAD = 80.0  # % of capacity (the program's default)
RECOVERED_SHARE = 0.9  # of the base load: the goodput is back
VALUES = (
    "before_useful_pct",
    "during_useful_pct",
    "after_early_useful_pct",
    "after_late_useful_pct",
    "after_late_dead_cpu_pct",
    "recovery_s",
    "retries_made",
    "retries_refused",
)
# scale -> (runs, spike at s, spike length s, after s, bin s)
SCALES = {"paper": (5, 200.0, 60.0, 600.0, 10.0), "quick": (1, 60.0, 30.0, 120.0, 10.0)}


def scale_text(scale):
    runs, at, length, after, _ = SCALES[scale]
    return (f"scale {scale}: {runs} run{'s' if runs != 1 else ''}; base {BASE_LOAD:g} %, spike 200 % for {length:g} s"
            f" at {at:g} s, {after:g} s after it; timeout 5 s, 3 retries")  # fmt: skip


@register
class Metastable(Experiment):
    name = "metastable"
    title = "Beyond the DTOC paper: overload that sustains itself after a spike, and its cures"
    program = "dtoc-metastable"

    def point(self, scale, cure, retry, run):
        _, at, length, after, bin_s = SCALES[scale]
        strategy, abort = CURES[cure]
        queue = {"acceptQueue": "kernel", "abortOnOverflow": True} if abort else {}
        return TimelinePoint.make(self.name, scale, self.program, strategy=strategy,
                                  retryPolicy=retry, spikeAt=at, spikeFor=length, after=after,
                                  bin=bin_s, RngRun=run, **queue)  # fmt: skip

    def model_point(self, scale, cure, retry):
        """The fluid model's point of a configuration (None: not in the model)."""
        if MODEL[cure] is None:
            return None
        service, overflow = MODEL[cure]
        budget = MODEL_BUDGET if retry == "budget" else {}
        return Point.make(self.name, scale, MODEL_PROGRAM, service=service, overflow=overflow,
                          budget=retry == "budget", freshRate=BASE_LOAD * MODEL_SCENARIO["capacity"] / 100,
                          **MODEL_SCENARIO, **budget)  # fmt: skip

    def programs(self):
        return (self.program, MODEL_PROGRAM)

    def points(self, scale):
        runs = SCALES[scale][0]
        # Run 1 of every configuration first: a partial sweep covers them all.
        simulated = [
            self.point(scale, cure, retry, run)
            for run in range(1, runs + 1)
            for retry in RETRY_POLICIES
            for cure in CURES
        ]
        modelled = {self.model_point(scale, c, r) for c in CURES for r in RETRY_POLICIES} - {None}
        return simulated + sorted(modelled, key=lambda p: p.params)

    def outputs(self, scale, rows, outdir):
        # the fluid model's rows name the server's order; the runs' do not
        model_rows = [row for row in rows if "service" in row]
        rows = [row for row in rows if "service" not in row]
        columns = columns_of(rows)
        labels = {v: k for k, v in CURES.items()}
        rows = [
            {**row, "cure": labels[(row["strategy"], row["abort_on_overflow"] in ("1", "true"))]}
            for row in rows
        ]
        cures, order = list(CURES), list(RETRY_POLICIES)
        rows.sort(key=lambda r: (cures.index(r["cure"]), order.index(r["retry_policy"]),
                                 int(r["run"])))  # fmt: skip
        # the raw rows as the program printed them (the cure is their label in the summary)
        write_csv(outdir / f"{self.name}.csv", columns, rows)
        summary = summarize_groups(
            rows,
            ("cure", "retry_policy"),
            VALUES,
            lambda k: (cures.index(k[0]), order.index(k[1])),
        )
        runs = ", ".join(map(str, sorted({s["after_late_useful_pct"]["n"] for s in summary.values()})))
        back = RECOVERED_SHARE * BASE_LOAD
        lines = [
            "Overload that sustains itself: goodput (% of capacity) before, during and after a spike",
            f"({scale_text(scale)}; runs per point: {runs}; mean +- 95 % CI over runs)",
            "",
            f"Back: the second half's goodput at least {back:g} % ({RECOVERED_SHARE:g} of the base"
            " load), its 95 % interval wholly above (holds), wholly below (does not hold:"
            " sustained), or across (undecided); one run: indicative. Back to its own: the same"
            f" against {RECOVERED_SHARE:g} of the configuration's own goodput before the spike,"
            " paired by run, 95 % (a cure that costs goodput at the base load can still end the"
            " loop).",
            "",
            f"{'cure':>18} {'retries':>9} {'before':>12} {'spike':>12} {'after, 1st half':>16}"
            f" {'2nd half':>14} {'dead CPU':>12} {'back after s':>13} {'retries':>10}"
            f" {'refused':>9}  back?          back to its own?",
        ]  # fmt: skip
        # each configuration's rows by run: its own before/after, and the cures' pairing below
        by_run = {}
        for r in rows:
            by_run.setdefault((r["cure"], r["retry_policy"]), {})[int(r["run"])] = r
        verdicts = {}
        for (cure, retry), s in summary.items():
            v = verdict.band(s["after_late_useful_pct"], lo=back)
            verdicts[(cure, retry)] = v
            mine = by_run[(cure, retry)].values()
            own = verdict.greater(paired_difference(
                [float(r["after_late_useful_pct"]) for r in mine],
                [RECOVERED_SHARE * float(r["before_useful_pct"]) for r in mine])).verdict  # fmt: skip
            lines.append(
                f"{cure:>18} {retry:>9} {mean_ci_text(s['before_useful_pct']):>12}"
                f" {mean_ci_text(s['during_useful_pct']):>12} {mean_ci_text(s['after_early_useful_pct']):>16}"
                f" {mean_ci_text(s['after_late_useful_pct']):>14} {mean_ci_text(s['after_late_dead_cpu_pct']):>12}"
                f" {mean_ci_text(s['recovery_s']):>13} {mean_ci_text(s['retries_made']):>10}"
                f" {mean_ci_text(s['retries_refused']):>9}  {str(v):<14} {own}"
            )  # fmt: skip
        lines += ["", "Each cure against the regular server, same retry policy (paired runs: the same"
                  " arrivals), goodput in the second half after the spike, 95 %:"]  # fmt: skip
        for retry in order:
            base = by_run.get(("regular", retry), {})
            for cure in cures[1:]:
                other = by_run.get((cure, retry), {})
                shared = sorted(set(base) & set(other))
                if not shared:
                    continue
                d = paired_difference([float(other[i]["after_late_useful_pct"]) for i in shared],
                                      [float(base[i]["after_late_useful_pct"]) for i in shared])  # fmt: skip
                j = verdict.greater(d)
                lines.append(f"  {retry:>9}: {cure} above regular: {j.verdict} ({j.text})")
        write_csv(outdir / f"{self.name}-model.csv", columns_of(model_rows), model_rows)
        comparison, tally = self.beside_model(verdicts, model_rows)
        lines += ["", *comparison]
        text = "\n".join(lines) + "\n"
        (outdir / f"{self.name}-check.txt").write_text(text)
        write_summary(
            outdir / f"{self.name}-summary.csv",
            ("cure", "retry_policy"),
            VALUES,
            summary,
        )
        cells = [
            f"{cure}, {retry}: {s['after_late_useful_pct']['mean']:.1f}"
            + ("" if math.isnan(s["after_late_useful_pct"]["ci95"])
               else f" ± {s['after_late_useful_pct']['ci95']:.1f}")
            for (cure, retry), s in summary.items()
        ]  # fmt: skip
        block = (
            f"[figures/{self.name}-check.txt](figures/{self.name}-check.txt), {runs} runs: goodput"
            f" in the second half of the {SCALES[scale][3]:g} s after the spike, % of capacity"
            f" (the base load is {BASE_LOAD:g} %): " + "; ".join(cells) + ". The fluid model"
            f" (`dtoc-fluid`) and the simulation: {tally}."
        )
        readme.write(outdir, self.name, {self.name: readme.paragraph(block)})
        error = self.plot(scale, outdir)
        return text + (f"\nwarning: {error}\n" if error else "")

    def beside_model(self, verdicts, model_rows):
        """The check's lines setting the fluid model's prediction beside each
        configuration's verdict ({(cure, retry): verdict}, in the table's
        order), and a one-line tally. The model predicts
        "not back" where it has a sustaining state (its goodput there is 0)
        and "back" where it has none (the normal state, the base load)."""
        by_params = {}
        for row in model_rows:
            key = (row["service"], row["overflow"], row["budget"] in ("1", "true"))
            by_params[key] = row
        lines = [
            "The fluid model beside the simulation (build/bin/dtoc-fluid: DtocFluidModel of the same"
            " scenario; dtoc.rst, \"The fluid model beside it\"): where it has a state that sustains"
            " the overload it predicts not back (goodput 0), where it has none, back (the base load);"
            " the simulation's verdict as above.",
            "",
            f"{'cure':>18} {'retries':>9}  {'the model':<44} {'simulation':<14} together",
        ]  # fmt: skip
        counts = {"agree": 0, "PART": 0, "undecided": 0, "not in the model": 0}
        parted = []
        for (cure, retry), v in verdicts.items():
            simulated = str(v)
            if MODEL[cure] is None:
                model_text, together = "not in the model", "not in the model"
            else:
                service, overflow = MODEL[cure]
                row = by_params[(service, overflow, retry == "budget")]
                held = row["sustained"] in ("1", "true")
                model_text = (
                    f"held at {float(row['sustained_offered_per_s']):.1f} attempts/s: not back"
                    if held else "no sustaining state: back"
                )  # fmt: skip
                if simulated == "undecided":
                    together = "undecided"
                elif (simulated == "holds") != held:
                    together = "agree"
                else:
                    together = "PART"
                    parted.append(f"{cure} with {retry} retries")
            counts[together] += 1
            lines.append(f"{cure:>18} {retry:>9}  {model_text:<44} {simulated:<14} {together}")
        tally = ", ".join(f"{n} {what}" for what, n in counts.items() if n)
        parting = f" (parting: {'; '.join(parted)})" if parted else ""
        lines += ["", f"Model and simulation: {tally}{parting}."]
        return lines, tally.replace("PART", "part") + parting

    def plot(self, scale, outdir):
        """Run 1's goodput over time, one panel per retry policy, a line per cure."""
        panels = {
            f"retries: {retry}": [(cure, self.point(scale, cure, retry, 1).timeline(), cure == "regular")
                    for cure in CURES]
            for retry in RETRY_POLICIES
        }  # fmt: skip
        return plot_timelines(self.name, scale_text(scale), SCALES[scale], panels, outdir)


def plot_timelines(name, title, scale, panels, outdir):
    """Goodput over time around the spike: {panel title: [(label, timeline
    path, drawn as the baseline), ...]}, one panel each, a line per
    timeline that is stored; the baseline black and dashed, so that a line
    on top of it shows. Returns gnuplot's error, or None."""
    texts, blocks = [], []
    for i, (panel, lines) in enumerate(panels.items()):
        plots = []
        for j, (label, path, baseline) in enumerate(lines):
            if not path.is_file():
                continue
            data = [
                " ".join(line.split(",")[:3:2])  # start_s, useful_pct
                for line in path.read_text().splitlines()[1:]
            ]
            block = f"t{i}_{j}"
            blocks.append(gnuplot.datablock(block, data))
            style = 'lw 3 dt 2 lc rgb "black"' if baseline else "lw 2"
            plots.append(f'${block} using 1:2 with steps {style} title "{label}"')
        if plots:
            texts.append(f'set title "{panel}"\nplot ' + ", \\\n     ".join(plots) + "\n")
    if not texts:
        return None
    _, at, length, _, _ = scale
    gp = outdir / f"{name}.gp"
    gp.write_text(f"""\
# Goodput over time around a spike; generated by ./figures.py, do not edit.
{gnuplot.terminal("1300,1100")}
set output "{name}.png"
{"".join(blocks)}
set multiplot layout {len(texts)},1 title "{title}, run 1"
set xlabel "time (s)"
set ylabel "goodput (% of capacity)"
set yrange [0:110]
set grid
set key outside right
set object 1 rect from {at:g},0 to {at + length:g},110 behind fc rgb "#eeeeee" fs solid noborder
{"".join(texts)}
unset multiplot
""")
    return gnuplot.run(gp, outdir)
