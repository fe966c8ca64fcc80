"""The command a Dask worker runs for one point.

The task submitted is subprocess.run itself, so the scheduler and the
workers need nothing of this repository but the program at the same path
(functions of this package would be pickled by reference, and a scheduler
started elsewhere could not load them). The command is a small sh script:
it runs the program with each side file in a temporary directory, then
prints each side file after a marker line, and the wall time of the run,
on the same stdout; split_output() takes it apart again.
"""

import shlex

MARK = "@@figures-side-file@@"
WALL = "@@figures-wall-ns@@"
TIMED_OUT = 124  # the exit status of timeout(1) when the limit is reached


def command(argv, side_files, timeout=None):
    """sh -c argv for the program argv with side_files ((option, suffix)
    pairs) written in a temporary directory and appended to stdout; with a
    timeout (s), the program is stopped by timeout(1) when it runs longer
    (so that no orphan keeps a worker's core) and exits TIMED_OUT."""
    options = " ".join(f'"--{option}=$dir/side{i}{suffix}"' for i, (option, suffix) in
                       enumerate(side_files))  # fmt: skip
    dump = "".join(
        f'printf "\\n{MARK} %s\\n" {shlex.quote(suffix)}; '
        f'[ -f "$dir/side{i}{suffix}" ] && cat "$dir/side{i}{suffix}"; '
        for i, (_, suffix) in enumerate(side_files)
    )
    limit = f"timeout {timeout:g} " if timeout else ""
    script = (
        'dir=$(mktemp -d) || exit 125; trap \'rm -rf "$dir"\' EXIT; '
        "start=$(date +%s%N); "
        f'{limit}"$@" {options}; status=$?; '
        "end=$(date +%s%N); "
        f"{dump}"
        f'printf "\\n{WALL} %s\\n" $((end - start)); '
        "exit $status"
    )
    return ["/bin/sh", "-c", script, "figures-point", *argv]


def split_output(stdout):
    """The task's stdout -> (the program's stdout, {suffix: text}, wall s).
    A side file the program did not write comes back empty."""
    body, _, wall = stdout.rpartition(f"\n{WALL} ")
    parts = body.split(f"\n{MARK} ")
    sides = {}
    for part in parts[1:]:
        suffix, _, text = part.partition("\n")
        sides[suffix] = text
    return parts[0], sides, int(wall.strip() or 0) / 1e9
