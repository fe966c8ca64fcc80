"""Overload that sustains itself, behind a reverse proxy (issue 42, part 2).

The metastable experiment's scenario (the DTOC paper's server, base load
80 %, a spike of 200 % for 60 s, then 600 s at the base load; users that
give up after 5 s and try again up to 3 times) with the users in front of
a reverse proxy on a Linux-6 host (HttpProxy, one upstream connection per
request, nginx's default). A user who gives up closes its connection to the
proxy; the proxy either closes the upstream connection with it (nginx's
default, proxy_ignore_client_abort off) or lets the request finish at the
server (proxy_ignore_client_abort on). DTOC drops a request whose client
has gone: does it still, when its client is the proxy? The regular server
and DTOC, each with immediate retries and with a retry budget: the
question is settled where the cure acts, not across every cure.

One point: build/bin/proxy-metastable --strategy=S --retryPolicy=P
--proxy=X --spikeAt=A --spikeFor=F --after=T --bin=B --RngRun=N
(scratch/proxy-metastable.cc). dtoc.rst, "Behind a reverse proxy".
"""

import math

from .. import readme, verdict
from ..csvio import columns_of, write_csv, write_summary
from ..registry import Experiment, register
from ..stats import mean_ci_text, paired_difference, summarize_groups
from ..point import TimelinePoint
from .metastable import BASE_LOAD, RECOVERED_SHARE, SCALES, VALUES, plot_timelines, scale_text

STRATEGIES = ("regular", "dtoc")
CLAIMED = "dtoc"  # the server whose cure a proxy can hide; the regular one is the control
PROXIES = ("abort", "ignore")
RETRY_POLICIES = ("immediate", "budget")
PROXY_VALUES = (*VALUES, "server_dropped", "client_aborts", "responses_discarded")


@register
class MetastableProxy(Experiment):
    name = "metastable-proxy"
    title = "Overload that sustains itself behind a reverse proxy: aborts passed on or hidden"
    program = "proxy-metastable"

    def point(self, scale, strategy, proxy, retry, run):
        _, at, length, after, bin_s = SCALES[scale]
        return TimelinePoint.make(self.name, scale, self.program, strategy=strategy, proxy=proxy,
                                  retryPolicy=retry, spikeAt=at, spikeFor=length, after=after,
                                  bin=bin_s, RngRun=run)  # fmt: skip

    def points(self, scale):
        runs = SCALES[scale][0]
        # Run 1 of every configuration first: a partial sweep covers them all.
        return [
            self.point(scale, strategy, proxy, retry, run)
            for run in range(1, runs + 1)
            for retry in RETRY_POLICIES
            for strategy in STRATEGIES
            for proxy in PROXIES
        ]

    def outputs(self, scale, rows, outdir):
        columns = columns_of(rows)
        keys = ("strategy", "proxy", "retry_policy")

        def order(k):
            return STRATEGIES.index(k[0]), PROXIES.index(k[1]), RETRY_POLICIES.index(k[2])

        rows = sorted(rows, key=lambda r: (*order(tuple(r[k] for k in keys)), int(r["run"])))
        write_csv(outdir / f"{self.name}.csv", columns, rows)
        summary = summarize_groups(rows, keys, PROXY_VALUES, order)
        write_summary(outdir / f"{self.name}-summary.csv", keys, PROXY_VALUES, summary)
        runs = ", ".join(map(str, sorted({s["after_late_useful_pct"]["n"] for s in summary.values()})))
        back = RECOVERED_SHARE * BASE_LOAD
        lines = [
            "Overload that sustains itself behind a reverse proxy: goodput (% of capacity)",
            f"({scale_text(scale)}; a Linux-6 reverse proxy, one upstream connection per request;"
            f" runs per point: {runs}; mean +- 95 % CI over runs)",
            "",
            "proxy abort: the upstream connection closed when its user gives up (nginx's default);"
            " ignore: the request left to finish at the server (proxy_ignore_client_abort on).",
            f"Back: the second half's goodput at least {back:g} % (95 % interval wholly above:"
            " holds; wholly below: does not hold; across: undecided).",
            "",
            f"{'server':>8} {'proxy':>6} {'retries':>9} {'before':>12} {'spike':>12}"
            f" {'2nd half':>14} {'dead CPU':>12} {'dropped':>14} {'users gone':>14}"
            f" {'read for none':>14}  back?",
        ]  # fmt: skip
        for (strategy, proxy, retry), s in summary.items():
            v = verdict.band(s["after_late_useful_pct"], lo=back)
            lines.append(
                f"{strategy:>8} {proxy:>6} {retry:>9} {mean_ci_text(s['before_useful_pct']):>12}"
                f" {mean_ci_text(s['during_useful_pct']):>12} {mean_ci_text(s['after_late_useful_pct']):>14}"
                f" {mean_ci_text(s['after_late_dead_cpu_pct']):>12} {mean_ci_text(s['server_dropped']):>14}"
                f" {mean_ci_text(s['client_aborts']):>14} {mean_ci_text(s['responses_discarded']):>14}  {v}"
            )  # fmt: skip
        by_run = {}
        for r in rows:
            by_run.setdefault(tuple(r[k] for k in keys), {})[int(r["run"])] = r
        lines += ["", "A proxy that hides aborts against one that passes them on, same server and"
                  " retries (paired runs: the same arrivals), goodput in the second half after the"
                  " spike, 95 %. The claim is DTOC's (it drops what it sees abandoned); the regular"
                  " server, which drops nothing, is the control (no difference expected), reported"
                  " and not counted:"]  # fmt: skip
        verdicts = []
        for strategy in STRATEGIES:
            for retry in RETRY_POLICIES:
                a = by_run.get((strategy, "ignore", retry), {})
                b = by_run.get((strategy, "abort", retry), {})
                shared = sorted(set(a) & set(b))
                if not shared:
                    continue
                d = paired_difference([float(a[i]["after_late_useful_pct"]) for i in shared],
                                      [float(b[i]["after_late_useful_pct"]) for i in shared])  # fmt: skip
                j = verdict.less(d)
                if strategy == CLAIMED:
                    verdicts.append(j.verdict)
                    lines.append(f"  {strategy:>8}, {retry:>9}: ignore below abort: {j.verdict} ({j.text})")
                else:
                    lines.append(f"  {strategy:>8}, {retry:>9}: control, ignore below abort: {j.verdict}"
                                 f" ({j.text})")  # fmt: skip
        lines += ["", f"Claims: {verdict.tally(verdicts)}"]
        text = "\n".join(lines) + "\n"
        (outdir / f"{self.name}-check.txt").write_text(text)
        cells = [
            f"{strategy} behind {proxy}, {retry}: {s['after_late_useful_pct']['mean']:.1f}"
            + ("" if math.isnan(s["after_late_useful_pct"]["ci95"])
               else f" ± {s['after_late_useful_pct']['ci95']:.1f}")
            for (strategy, proxy, retry), s in summary.items()
        ]  # fmt: skip
        block = (
            f"[figures/{self.name}-check.txt](figures/{self.name}-check.txt), {runs} runs: goodput"
            f" in the second half of the {SCALES[scale][3]:g} s after the spike, % of capacity"
            f" (the base load is {BASE_LOAD:g} %): " + "; ".join(cells)
            + f". A proxy that hides aborts below one that passes them on: {verdict.tally(verdicts)}."
        )  # fmt: skip
        readme.write(outdir, self.name, {self.name: readme.paragraph(block)})
        panels = {
            f"retries: {retry}": [
                (f"{strategy}, proxy {proxy}", self.point(scale, strategy, proxy, retry, 1).timeline(),
                 strategy == "regular" and proxy == "abort")
                for strategy in STRATEGIES
                for proxy in PROXIES
            ]
            for retry in RETRY_POLICIES
        }  # fmt: skip
        error = plot_timelines(self.name, scale_text(scale), SCALES[scale], panels, outdir)
        return text + (f"\nwarning: {error}\n" if error else "")
