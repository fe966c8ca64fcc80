"""Do an experiment's verdicts stand on its runs, or on which runs it had?

./figures.py --halves splits each selected experiment's stored runs in two
(RngRun 1..n/2 and the rest), writes its check from each half alone, and
compares the two criterion by criterion. A verdict that the halves give
alike is stable at half the runs (so more so at all of them); one that
differs (holds in one half, fails or is undecided in the other) moved with
the random streams: more runs are needed before it is a finding. Nothing
runs: the rows are the store's.

A criterion is a line of the check that states a verdict ("...: holds",
"[undecided] ...", "...: DOES NOT HOLD"); the two halves' lines are paired
by their text with every number taken out, which is the same for both
(the checks print the same criteria whatever the numbers). Checks that
state their verdicts in table columns (Table 1, seed 002) are compared by
their counts ("N hold, N fail, N undecided"), which every check prints.
"""

import re
import tempfile
from pathlib import Path

from . import store, verdict
from .csvio import parse_point_output

_WORDS = "|".join(re.escape(v) for v in (verdict.FAILS, verdict.HOLDS, verdict.UNDECIDED, verdict.INDICATIVE))
_PREFIX = re.compile(r"^\s*\[(%s)\s*\]" % _WORDS)  # "[undecided] (2) better than (1) ..."
_SUFFIX = re.compile(r":\s*(%s)\b" % _WORDS)  # "...: holds", "...: holds (150 %: ...)"
_NUMBER = re.compile(r"[-+]?\d[\d,.]*(?:e[-+]?\d+)?%?")
_TALLY = re.compile(r"\d+ hold, \d+ fail, \d+ undecided[^;)]*\)")


def criteria(check_text):
    """[(label, verdict, text)] of the lines of a check that state a verdict
    (the first one a line states: what follows it in parentheses is its
    parts or another reading); the label is the line up to it without its
    numbers (what pairs the halves' lines), text the same with them."""
    out = []
    for line in check_text.splitlines():
        if match := _PREFIX.search(line):
            stated, text = match.group(1), line[match.end() :]
        elif found := _SUFFIX.search(line):
            stated, text = found.group(1), line[: found.start()]
        else:
            continue
        out.append((_NUMBER.sub("#", text).strip(), stated, text.strip()))
    return out


def compare(first, second):
    """(same, differ) of two halves' criteria: same is a count, differ a
    list of (label, first's verdict, second's, first's text, second's).
    Criteria are paired in order among equal labels."""
    pending = {}
    for label, stated, text in first:
        pending.setdefault(label, []).append((stated, text))
    same, differ = 0, []
    for label, stated, text in second:
        if not pending.get(label):
            differ.append((label, "(absent)", stated, "", text))
            continue
        other, other_text = pending[label].pop(0)
        if other == stated:
            same += 1
        else:
            differ.append((label, other, stated, other_text, text))
    for label, left in pending.items():
        differ += [(label, stated, "(absent)", text, "") for stated, text in left]
    return same, differ


def named(text_a, text_b):
    """(name, first's rest, second's rest): a criterion's name is its text
    up to the first colon, the rest what each half measured."""

    def rest(text):
        return text.partition(":")[2].strip()

    return (text_a or text_b).partition(":")[0], rest(text_a), rest(text_b)


def tallies(check_text):
    """The check's 'N hold, N fail, N undecided (of N criteria)' counts, in
    order (every check prints them, whatever the form of its criteria)."""
    return _TALLY.findall(check_text)


def _run_of(point):
    return dict(point.params).get("RngRun")


def report(experiment, scale="paper"):
    """The text of one experiment's halves comparison (or why there is none)."""
    rows = []
    for point in experiment.points(scale):
        entry = store.load(point)
        if entry is None:
            return f"{experiment.name}: not all its points are stored: no halves"
        rows.append((point, parse_point_output(entry.output)))
    runs = sorted({_run_of(p) for p, _ in rows if _run_of(p) is not None})
    if len(runs) < 2:
        return f"{experiment.name}: {len(runs)} run(s) per point: no halves"
    cut = runs[: len(runs) // 2]
    halves = ([r for p, r in rows if _run_of(p) in cut], [r for p, r in rows if _run_of(p) not in cut])
    texts = []
    for half in halves:
        with tempfile.TemporaryDirectory() as tmp:
            try:
                experiment.outputs(scale, half, Path(tmp))
            except (KeyError, ValueError, ZeroDivisionError) as e:
                # some configurations have runs in one half only
                return (f"{experiment.name}: its outputs need points a half lacks"
                        f" ({type(e).__name__}: {e}): no halves")  # fmt: skip
            check = Path(tmp) / f"{experiment.name}-check.txt"
            texts.append(check.read_text() if check.exists() else "")
    first, second = (criteria(t) for t in texts)
    same, differ = compare(first, second)
    head = f"{experiment.name}: runs {cut[0]}-{cut[-1]} against {runs[len(cut)]}-{runs[-1]}:"
    if first or second:
        head += f" {same} of {same + len(differ)} criteria stated line by line alike;"
    counts = list(zip(*(tallies(t) for t in texts)))
    head += " counts " + ("; ".join(f"{a} / {b}" for a, b in counts) or "none printed")
    lines = [head]
    spans = (f"runs {cut[0]}-{cut[-1]}", f"runs {runs[len(cut)]}-{runs[-1]}")
    for _, a, b, text_a, text_b in differ:
        name, rest_a, rest_b = named(text_a, text_b)
        lines.append(f"  differs: {a} / {b}: {name[:120]}")
        lines += [f"    {span}: {rest[:140]}" for span, rest in zip(spans, (rest_a, rest_b)) if rest]
    return "\n".join(lines)
