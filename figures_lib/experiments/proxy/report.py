"""Rows -> per (clients, variant) summaries with 95 % CIs, response time by
document size, and the check of every ordering and equivalence of section
D of paper-targets.md (95 % intervals, paired where runs share random
numbers; two one-sided tests for the equivalences), and README's block."""

import math

import pandas as pd

from ... import csvio, readme, stats, verdict

VALUES = (
    "mb_moved", "mean_wait_s", "mean_response_s", "requests", "pending", "refused", "evictions",
    "timed_out", "connections",
)  # fmt: skip
# Document-size bins for figure 5, bytes: [lo, hi).
SIZE_EDGES = (0, 2**11, 2**13, 2**15, 2**17, 2**19, 2**21, 2**40)
BY_SIZE_COLUMNS = ("clients", "variant", "size_lo", "size_hi", "runs", "mean_s", "ci95_s", "responses")


def read(path):
    return pd.read_csv(path)


def summarize(rows, labels):
    """-> {(clients, variant): {value: stats.summarize() dict}}"""
    rows = [{**r, "clients": int(r["clients"]), "mb_moved": float(r["bytes_moved"]) / 1e6} for r in rows]
    return stats.summarize_groups(
        rows, ("clients", "variant"), VALUES, lambda k: (k[0], labels.index(k[1]))
    )


def write_summary(path, summary):
    csvio.write_summary(path, ("clients", "variant"), VALUES, summary)


def response_by_size(responses, labels):
    """responses: {(clients, variant, run): frame of bytes, seconds[, answered]}:
    one row per request that became due (the program's side file), answered
    or not (a request refused or pending at the end waited up to the end).
    Per run, the mean response time of each size bin; then the mean and 95 %
    CI of those over the runs. -> rows of BY_SIZE_COLUMNS ("responses":
    the requests in the bin, answered or not)."""
    per_run = []
    for (clients, variant, run), frame in responses.items():
        bins = pd.cut(frame["bytes"], SIZE_EDGES, right=False)
        for interval, group in frame.groupby(bins, observed=True):
            per_run.append(
                {"clients": clients, "variant": variant, "size_lo": int(interval.left),
                 "size_hi": int(interval.right), "seconds": group["seconds"].mean(),
                 "responses": len(group)}
            )  # fmt: skip
    frame = pd.DataFrame(per_run)
    out = []
    keys = ["clients", "variant", "size_lo", "size_hi"]
    for (clients, variant, lo, hi), group in frame.groupby(keys, sort=False):
        s = stats.summarize(group["seconds"].tolist())
        out.append(
            {"clients": clients, "variant": variant, "size_lo": lo, "size_hi": hi,
             "runs": s["n"], "mean_s": f"{s['mean']:.6g}",
             "ci95_s": "" if math.isnan(s["ci95"]) else f"{s['ci95']:.6g}",
             "responses": int(group["responses"].sum())}
        )  # fmt: skip
    return sorted(out, key=lambda r: (r["clients"], labels.index(r["variant"]), r["size_lo"]))


def _fmt(s):
    ci = "" if math.isnan(s["ci95"]) else f" +- {s['ci95']:.3g}"
    return f"{s['mean']:.4g}{ci}"


class Checks:
    """The orderings and equivalences of section D, each a line: what,
    measured, its verdict (figures_lib.verdict).

    Variants at the same client count are compared run by run (paired):
    runs of the same number share their random numbers (paths, documents,
    clients' requests), so the heavy-tailed document sizes, which make
    bytes moved vary a lot from run to run, cancel out. The same variant at
    two client counts is compared with Welch's interval. An ordering holds
    when the 95 % interval of the difference lies on its side of 0; an
    equivalence ("about equal", "no gain", "close") when the 90 % interval
    lies inside +-MARGIN of the reference's mean (two one-sided tests at
    5 %); either is undecided when its interval straddles the bound.
    """

    # "About equal", "no gain", "close": within this share of the
    # reference's mean (verdict.EQUIVALENCE_SHARE, and why, is there).
    MARGIN = verdict.EQUIVALENCE_SHARE

    def __init__(self, rows):
        # The program's rows: clients as text, bytes rather than MB.
        self.frame = pd.DataFrame(rows)
        self.frame["clients"] = self.frame["clients"].astype(int)
        self.frame["mb_moved"] = self.frame["bytes_moved"].astype(float) / 1e6
        self.lines = []
        self.verdicts = {}  # claim -> verdict.HOLDS, FAILS, UNDECIDED or "n/a"
        self.judgements = {}  # claim -> verdict.Judgement
        self.kinds = {}  # claim -> "ordering" or "equivalence"

    def _runs(self, key, value):
        n, variant = key
        f = self.frame[(self.frame["clients"] == n) & (self.frame["variant"] == variant)]
        return f.set_index(f["run"].astype(int))[value].astype(float)

    def _difference(self, a, b, value):
        ra, rb = self._runs(a, value), self._runs(b, value)
        if ra.empty or rb.empty:
            return None, None
        if a[0] == b[0]:
            common = ra.index.intersection(rb.index)
            d = stats.paired_difference(ra[common].tolist(), rb[common].tolist())
        else:
            d = stats.welch_difference(stats.summarize(ra.tolist()), stats.summarize(rb.tolist()))
        return d, float(rb.mean())

    def _record(self, text, kind, judgement):
        self.kinds[text] = kind
        if judgement is None:
            self.verdicts[text] = "n/a"
            self.lines.append(f"  [n/a      ] {text}: not run at this scale")
            return
        self.verdicts[text] = judgement.verdict
        self.judgements[text] = judgement
        self.lines.append(f"  [{judgement.verdict:<9}] {text}: {judgement.text}")

    @staticmethod
    def _digits(value):
        return 1 if value == "mb_moved" else 3

    def greater(self, text, a, b, value):
        """a's mean above b's at 95 %."""
        d, _ = self._difference(a, b, value)
        self._record(text, "ordering", d and verdict.greater(d, self._digits(value)))

    def less(self, text, a, b, value):
        d, _ = self._difference(a, b, value)
        self._record(text, "ordering", d and verdict.less(d, self._digits(value)))

    def same(self, text, a, b, value):
        """a and b equivalent within MARGIN of b's mean (b the reference)."""
        d, ref = self._difference(a, b, value)
        if d is None:
            self._record(text, "equivalence", None)
            return
        share = f"{self.MARGIN * 100:.0f} % of the reference's mean {ref:.{self._digits(value)}f}"
        margin = verdict.margin_of(ref, self.MARGIN)
        self._record(text, "equivalence",
                     verdict.equivalent(d, margin, self._digits(value), share))  # fmt: skip

    def tally(self):
        return verdict.tally([v for v in self.verdicts.values() if v != "n/a"])


def orderings(rows, counts=(50, 100, 200, 500)):
    """Check every ordering and equivalence of section D on the program's
    rows. counts: the client counts that stand for the paper's 50, 100, 200
    and 500 (a reduced scale divides them with Nmax and the pool).
    -> Checks."""
    few, c100, c200, many = counts
    c = Checks(rows)
    mb, rt = "mb_moved", "mean_wait_s"
    c.lines.append(
        "Figure 4, MB moved (same clients: paired; across clients: Welch; orderings at 95 %,"
        f" equivalence within {c.MARGIN * 100:.0f} % by two one-sided tests at 5 %):"
    )
    c.less(f"(1) falls above Nmax clients: (1) at {many} < (1) at {c200}", (many, "1"), (c200, "1"), mb)
    for n in counts:
        c.greater(f"(2) better than (1) at {n} clients", (n, "2"), (n, "1"), mb)
    c.less(f"(2) still falls: (2) at {many} < (2) at {c200}", (many, "2"), (c200, "2"), mb)
    for n in (c200, many):
        c.greater(f"(3) far better than (2) at {n} clients", (n, "3"), (n, "2"), mb)
    c.greater(f"(4) better than (3) at {few} clients", (few, "4"), (few, "3"), mb)
    c.same(f"(4) about equal to (3) at {many} clients", (many, "4"), (many, "3"), mb)
    c.lines.append(
        "Figure 5, mean response time (s) over every request due, refused or pending ones "
        "counted up to the end (figure 5's metric; paired; same rules):"
    )
    for n in (c100, c200, many):
        for fast in ("3", "4"):
            for slow in ("1", "2"):
                c.less(f"({fast}) faster than ({slow}) at {n} clients", (n, fast), (n, slow), rt)
    for fast in ("3", "4"):
        c.same(f"no gain at {few} clients: ({fast}) vs (1)", (few, fast), (few, "1"), rt)
    for n in (c100, c200, many):
        c.same(f"(3) and (4) close at {n} clients", (n, "3"), (n, "4"), rt)
    return c


def table(summary):
    lines = [
        "response s: mean over requests, those pending at the end counted up to the end;",
        "completed s: mean over completed responses only (survivors: hides refused clients);",
        "evicted: idle connections closed for a new one; timed out: by the persistent timer",
        "",
        f"{'clients':>7} {'variant':>10} {'MB moved':>18} {'response s':>18} {'completed s':>18} "
        f"{'responses':>14} {'pending':>12} {'SYNs refused':>14} {'evicted':>14} {'timed out':>14}",
    ]
    for (n, variant), s in summary.items():
        lines.append(
            f"{n:>7} {variant:>10} {_fmt(s['mb_moved']):>18} {_fmt(s['mean_wait_s']):>18} "
            f"{_fmt(s['mean_response_s']):>18} {_fmt(s['requests']):>14} {_fmt(s['pending']):>12} "
            f"{_fmt(s['refused']):>14} {_fmt(s['evictions']):>14} {_fmt(s['timed_out']):>14}"
        )
    return lines


def _runs_text(summary):
    return ", ".join(map(str, sorted({s["mb_moved"]["n"] for s in summary.values()})))


def check(rows, summary, scale_text):
    c = orderings(rows)
    lines = [
        "Proxy paper, figures 4 and 5 (seed 004, paper-targets.md section D)",
        f"({scale_text}; runs per point: {_runs_text(summary)}; mean +- 95 % CI over runs)",
        "",
        *table(summary),
        "",
        *c.lines,
        "",
        f"{c.tally()}; equivalence margin: {c.MARGIN * 100:.0f} % of the reference's mean",
    ]
    return "\n".join(lines) + "\n"


def readme_block(rows, summary):
    """README's block of figures 4 and 5: the tally and every claim that
    does not hold, with its interval, and the numbers the text cites."""
    c = orderings(rows)
    by = {v: [t for t, x in c.verdicts.items() if x == v] for v in (verdict.FAILS, verdict.UNDECIDED)}

    def brief(t):
        j = c.judgements[t]
        interval = f"[{j.lo:+.3g}, {j.hi:+.3g}]"
        level = "90 %" if c.kinds[t] == "equivalence" else "95 %"
        return f"{t} ({interval} at {level})"

    def mean(n, v, value):
        s = summary.get((n, v))
        return s[value]["mean"] if s else math.nan

    text = (
        f"[figures/proxy-check.txt](figures/proxy-check.txt), {_runs_text(summary)} runs per"
        f" point: {c.tally()}; orderings at 95 %, \"about equal\", \"no gain\" and \"close\""
        f" within {c.MARGIN * 100:.0f} % of the reference's mean by two one-sided tests at 5 %."
        f" Fail: {'; '.join(map(brief, by[verdict.FAILS])) or 'none'}. Undecided (the interval"
        f" straddles 0 or the margin): {'; '.join(map(brief, by[verdict.UNDECIDED])) or 'none'}."
        f" Mean response time at 500 clients: (3) {mean(500, '3', 'mean_wait_s'):.1f} s, (1)"
        f" {mean(500, '1', 'mean_wait_s'):.1f} s, (2) {mean(500, '2', 'mean_wait_s'):.1f} s;"
        f" MB moved at 500 clients: (3) {mean(500, '3', 'mb_moved'):.0f}, (2)"
        f" {mean(500, '2', 'mb_moved'):.0f}, (1) {mean(500, '1', 'mb_moved'):.0f}; (2) - (1) at"
        " 50, 100, 200, 500 clients: "
        + ", ".join(f"{mean(n, '2', 'mb_moved') - mean(n, '1', 'mb_moved'):+.0f}" for n in (50, 100, 200, 500))
        + " MB."
    )
    return {"proxy": readme.paragraph(text)}
