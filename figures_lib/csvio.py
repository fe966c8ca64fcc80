"""Parsing a point's output and writing CSV files deterministically."""

import csv
import io


class BadOutput(Exception):
    pass


def parse_point_output(text, columns=None):
    """The program's output (header line, one row) -> dict column -> text."""
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) != 2:
        raise BadOutput(f"expected a CSV header and one row, got {len(lines)} line(s)")
    header, row = (next(csv.reader([line])) for line in lines)
    if len(header) != len(row):
        raise BadOutput(f"{len(header)} columns in the header but {len(row)} in the row")
    if columns is not None and header != list(columns):
        raise BadOutput(f"unexpected columns {header}")
    return dict(zip(header, row))


def write_csv(path, columns, rows):
    """rows: dicts; written in the given order with '\\n' line ends."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=list(columns), lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({c: row[c] for c in columns})
    path.write_text(buf.getvalue())
