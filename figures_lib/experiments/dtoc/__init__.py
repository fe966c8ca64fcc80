"""The DTOC paper (seed 003): impatient users against a one-worker web
server with a listen queue of 1024, regular strategy vs DTOC, and today's
alternatives (HAProxy's abortonclose, a CoDel-style queue-delay limit,
adaptive LIFO, DTOC with the in-service abort the paper left as future work).

Two experiments:
  dtoc-load  figures 2 (regular) and 3 (DTOC): useful throughput vs a
             constant offered load, clients with timeouts 5/8/9/10 s and no
             retry; and the alternatives on the same axes.
  dtoc-day   figures 6 (normal day) and 7 (busy day), 1 retry: useful
             throughput over the day and its day average; and the livelock
             picture (queue length, CPU on dead requests) of one run.

One point: build/bin/dtoc --strategy=S [--inServiceAbort=true] --timeout=T
--retries=R (--load=L --warmup=W --measure=M | --day=D --period=P)
--RngRun=N (scratch/dtoc.cc).
"""

from ... import readme
from ...point import TimelinePoint
from ...csvio import columns_of
from ...point import Point
from ...registry import Experiment, register
from . import check, plot, summary
from .paper import DAY_TIMEOUTS, DAYS, PAPER_LOADS, PUBLISHED_VARIANTS, TIMEOUTS, VARIANT_PARAMS, VARIANTS

ALTERNATIVES = VARIANTS[len(PUBLISHED_VARIANTS) :]

# scale -> runs, loads, warm-up s, measured s, timeouts of the alternatives
LOAD_SCALES = {
    "paper": (3, PAPER_LOADS, 100.0, 300.0, (5,)),
    "quick": (2, (50, 200), 30.0, 30.0, (5,)),
}
# scale -> runs, days, timeouts, period s, bin s, (day, timeout) of the alternatives
DAY_SCALES = {
    "paper": (3, DAYS, DAY_TIMEOUTS, 240.0, 20.0, (("busy", 8),)),
    "quick": (2, ("busy",), (5, 10), 30.0, 5.0, ()),
}


# scale -> (runs, lowest load %) of regular and DTOC under overload: every
# criterion of figures 2 and 3 above 50 % load is judged there, so each of
# those points has these runs (all of them, whatever its verdict on fewer:
# a verdict does not choose its own runs); the rest keep LOAD_SCALES' runs.
OVERLOAD_RUNS = {"paper": (10, 100), "quick": (2, 100)}
# scale -> runs of regular and DTOC over a day: every criterion of figures 6
# and 7 is judged on them, so all of their points have these runs; the
# alternatives (not judged) keep DAY_SCALES' runs.
DAY_RUNS = {"paper": 10, "quick": 2}


def load_runs(scale, variant, load):
    """Runs of a dtoc-load point: OVERLOAD_RUNS for regular and DTOC from
    its load up, else LOAD_SCALES' runs."""
    runs, from_load = OVERLOAD_RUNS[scale]
    if variant in PUBLISHED_VARIANTS and load >= from_load:
        return runs
    return LOAD_SCALES[scale][0]


def load_scale_text(scale):
    runs, _, warmup, measure, _ = LOAD_SCALES[scale]
    more, from_load = OVERLOAD_RUNS[scale]
    extra = f" ({more} for regular and DTOC from {from_load} % load up)" if more != runs else ""
    return f"scale {scale}: {runs} runs{extra}, {warmup:g} s warm-up + {measure:g} s measured"


def day_runs(scale, variant):
    """Runs of a dtoc-day point: DAY_RUNS for regular and DTOC, else
    DAY_SCALES' runs."""
    if variant in PUBLISHED_VARIANTS:
        return DAY_RUNS[scale]
    return DAY_SCALES[scale][0]


def day_scale_text(scale):
    runs, _, _, period, _, _ = DAY_SCALES[scale]
    more = DAY_RUNS[scale]
    extra = f" ({more} for regular and DTOC)" if more != runs else ""
    return f"scale {scale}: {runs} runs{extra}, 9 periods of {period:g} s"



@register
class DtocLoad(Experiment):
    name = "dtoc-load"
    title = "DTOC paper, figures 2 and 3: useful throughput vs load, regular vs DTOC (+ today's)"
    program = "dtoc"
    def points(self, scale):
        _, loads, warmup, measure, alt_timeouts = LOAD_SCALES[scale]
        wanted = [(v, t) for t in TIMEOUTS for v in PUBLISHED_VARIANTS]
        wanted += [(v, t) for t in alt_timeouts for v in ALTERNATIVES]
        most = max(load_runs(scale, v, load) for v, _ in wanted for load in loads)
        # Run by run: a partial sweep has as many runs of every point.
        return [
            Point.make(
                self.name, scale, self.program, **VARIANT_PARAMS[v], timeout=t, retries=0,
                load=load, warmup=warmup, measure=measure, RngRun=run,
            )  # fmt: skip
            for run in range(1, most + 1)
            for v, t in wanted
            for load in loads
            if run <= load_runs(scale, v, load)
        ]

    def outputs(self, scale, rows, outdir):
        text_scale = load_scale_text(scale)
        summary.write_raw(outdir / f"{self.name}.csv", columns_of(rows), rows)
        stats = summary.summarize_load(rows)
        summary.write_load_summary(outdir / f"{self.name}-summary.csv", stats)
        errors = plot.write_and_run_load(outdir, self.name, text_scale, stats)
        text = check.report_load(stats, text_scale)
        (outdir / f"{self.name}-check.txt").write_text(text)
        readme.write(outdir, self.name, check.readme_load(stats))
        for error in filter(None, errors):
            text += f"\nwarning: {error}\n"
        return text


@register
class DtocDay(Experiment):
    name = "dtoc-day"
    title = "DTOC paper, figures 6 and 7: normal and busy day, 1 retry, regular vs DTOC"
    program = "dtoc"
    def point(self, scale, variant, day, timeout, run):
        _, _, _, period, bin_s, _ = DAY_SCALES[scale]
        return TimelinePoint.make(
            self.name, scale, self.program, **VARIANT_PARAMS[variant], timeout=timeout,
            retries=1, day=day, period=period, bin=bin_s, RngRun=run,
        )  # fmt: skip

    def _wanted(self, scale):
        _, days, timeouts, _, _, alternatives = DAY_SCALES[scale]
        wanted = [(v, d, t) for d in days for t in timeouts for v in PUBLISHED_VARIANTS]
        wanted += [(v, d, t) for d, t in alternatives for v in ALTERNATIVES]
        return wanted

    def points(self, scale):
        wanted = self._wanted(scale)
        most = max(day_runs(scale, v) for v, _, _ in wanted)
        # Run by run: a partial sweep has as many runs of every point.
        return [
            self.point(scale, v, d, t, run)
            for run in range(1, most + 1)
            for v, d, t in wanted
            if run <= day_runs(scale, v)
        ]

    def outputs(self, scale, rows, outdir):
        text_scale = day_scale_text(scale)
        _, _, _, period, _, _ = DAY_SCALES[scale]
        summary.write_raw(outdir / f"{self.name}.csv", columns_of(rows), rows)
        stats = summary.summarize_day(rows)
        timelines = {}
        for row in rows:
            key = summary.day_key(row)
            path = self.point(scale, key[0], key[1], key[2], int(row["run"])).timeline()
            if path.exists():
                timelines.setdefault(key, []).append(summary.read_timeline(path))
        bins = summary.timeline_means(timelines)
        summary.write_day_summary(outdir / f"{self.name}-summary.csv", stats)
        summary.write_timeline(outdir / f"{self.name}-timeline.csv", bins)
        errors = plot.write_and_run_day(outdir, self.name, text_scale, stats, bins, period)
        text = check.report_day(stats, bins, period, text_scale)
        (outdir / f"{self.name}-check.txt").write_text(text)
        readme.write(outdir, self.name, check.readme_day(stats, bins, period))
        for error in filter(None, errors):
            text += f"\nwarning: {error}\n"
        return text
