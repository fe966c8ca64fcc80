"""Parsing a point's output and writing CSV files deterministically."""

import csv
import io
import math


class BadOutput(Exception):
    pass


def parse_point_output(text):
    """The program's output (header line, one row) -> dict column -> text,
    in the header's order. The program defines its row (C++'s CsvRow): its
    header is the one list of an experiment's columns."""
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) != 2:
        raise BadOutput(f"expected a CSV header and one row, got {len(lines)} line(s)")
    header, row = (next(csv.reader([line])) for line in lines)
    if len(header) != len(row):
        raise BadOutput(f"{len(header)} columns in the header but {len(row)} in the row")
    return dict(zip(header, row))


def columns_of(rows):
    """The columns all rows share, in their order; BadOutput if the points of
    one experiment printed different headers (a program changed under a
    stored point without changing its fingerprint)."""
    columns = list(rows[0]) if rows else []
    for row in rows:
        if list(row) != columns:
            raise BadOutput(f"points print different columns: {columns} and {list(row)}")
    return columns


def write_csv(path, columns, rows):
    """rows: dicts; written in the given order with '\\n' line ends."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=list(columns), lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({c: row[c] for c in columns})
    path.write_text(buf.getvalue())


def write_summary(path, keys, values, summary):
    """A grouped summary as CSV: the key columns, n, then the mean and 95 %
    CI half-width of each value ('' when it cannot be estimated).
    summary: {key tuple: {value: stats.summarize() dict}}."""
    columns = [*keys, "n"]
    for v in values:
        columns += [f"{v}_mean", f"{v}_ci95"]
    rows = []
    for key, s in summary.items():
        row = dict(zip(keys, key))
        row["n"] = s[values[0]]["n"]
        for v in values:
            row[f"{v}_mean"] = f"{s[v]['mean']:.6g}"
            row[f"{v}_ci95"] = "" if math.isnan(s[v]["ci95"]) else f"{s[v]['ci95']:.6g}"
        rows.append(row)
    write_csv(path, columns, rows)
