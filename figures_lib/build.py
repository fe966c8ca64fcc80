"""Building the programs before a sweep, and knowing which model they are.

A point is stamped with the model fingerprint of the sources its binary was
built from. After ./ns3 build those are the sources on disk; build() then
records, per program, that fingerprint and a hash of the binary and the
suite's libraries in build/figures-build.txt. With --no-build the record
stands in for the build: built_fingerprints() accepts it only if the
binaries are the recorded ones and the sources have not changed since, so a
sweep never stamps rows with the fingerprint of sources it did not run.
"""

import hashlib
import subprocess

from . import store
from .paths import BIN, BUILD, ROOT

RECORD = BUILD / "figures-build.txt"


class BuildError(Exception):
    pass


def binary_hash(program):
    """SHA-256 of the program and the suite libraries it runs with."""
    digest = hashlib.sha256()
    libs_file = BUILD / "suite-libs.txt"
    if not (BIN / program).is_file() or not libs_file.is_file():
        raise BuildError(f"build/bin/{program} is not built")
    for f in [BIN / program, *libs_file.read_text().split()]:
        with open(f, "rb") as binary:
            digest.update(binary.read())
    return digest.hexdigest()[:16]


def build(programs):
    """./ns3 build, then record the programs' fingerprints. Raises BuildError."""
    print("Building: ./ns3 build", flush=True)
    if subprocess.run([str(ROOT / "ns3"), "build"], cwd=ROOT, check=False).returncode != 0:
        raise BuildError("./ns3 build failed")
    store.model_fingerprint.cache_clear()
    record = _read_record()
    record.update({p: (store.model_fingerprint(p), binary_hash(p)) for p in programs})
    RECORD.write_text("".join(f"{p} {fp} {b}\n" for p, (fp, b) in sorted(record.items())))


def _read_record():
    try:
        return {
            name: (fp, binary) for name, fp, binary in
            (line.split() for line in RECORD.read_text().splitlines())
        }  # fmt: skip
    except FileNotFoundError:
        return {}


def built_fingerprints(programs):
    """{program: fingerprint} of the binaries in build/bin/, from the record
    of the last build(); raises BuildError if they are not what it says."""
    record = _read_record()
    out = {}
    for program in programs:
        if program not in record:
            raise BuildError(f"build/bin/{program} was not built by ./figures.py: drop --no-build")
        fingerprint, binary = record[program]
        if binary_hash(program) != binary:
            raise BuildError(f"build/bin/{program} changed since ./figures.py built it: drop --no-build")
        if store.model_fingerprint(program) != fingerprint:
            raise BuildError(f"the sources of {program} changed since it was built: drop --no-build")
        out[program] = fingerprint
    return out
