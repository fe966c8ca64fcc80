"""Option types the suite's commands share (./figures.py, ./test.py): a bad
value is an argparse error naming it, never a crash or a silent default."""

import argparse
import sys


class Parser(argparse.ArgumentParser):
    def error(self, message):
        """One line and exit 1, as for every other bad input."""
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        sys.exit(1)


def positive_seconds(text):
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, not {text}")
    return value


def positive_int(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value
