"""The result store: every finished point's output, committed with what made it.

  results/store/<experiment>/<key>.csv           paper scale (kept in git)
  results/store/<experiment>/<key><suffix>       its side files, if any
  figures/quick/store/<experiment>/...           quick scale (not kept)

<key> names the point's parameters (name=value_...). A point file is the
program's output (CSV header and row) exactly as printed, after a few
'# name=value' lines saying what produced it:

  # fingerprint=<16 hex>   the model's fingerprint (model_fingerprint)
  # commit=<sha>[-dirty]   the suite's commit (-dirty: its sources differed)
  # date=<UTC ISO 8601>    when the point finished
  # wall_s=<seconds>       the run's wall time
  # adopted=...            (only after ./figures.py --verify N --adopt)

The fingerprint hashes what builds the program: the sources (model/ and
helper/) and CMake file of every module the scenario programs link (not
packetdrill's, a tool no program links), the top-level CMake files,
cmake/, the program's own scratch/<program>.cc, the ns-3 version and the
build type. It names no path and no binary, so it is the same on every
machine for the same sources. Against any ns-3 but the pinned wheel
(./ns3 configure --with-ns3), it also hashes that ns-3's libraries: a
source tree of the same version may be patched or compiled otherwise, so
its points are its own until ./figures.py --verify N --adopt on the wheel
shows they are the wheel's. A stored point whose fingerprint differs
from the current one is stale: ./figures.py runs it again.

One file per point keeps a sweep's progress safe (each point is written
atomically as it finishes) and merges cleanly in git when sweeps run on
several machines.
"""

import datetime
import functools
import hashlib
import os
import re
import subprocess
from dataclasses import dataclass

from ns3_contrib_suite import ns3_libraries, ns3_runtime

from .paths import BUILD, ROOT
from .point import key, path, root, side_path  # noqa: F401 (how the store names its files)

# Source files of a module that build its library
_SOURCE_DIRS = ("model", "helper")
_SOURCE_SUFFIXES = (".cc", ".h", ".txt", ".cmake")


class StoreError(Exception):
    pass


# ---------------------------------------------------------------- fingerprint


_LIB_REFERENCE = re.compile(r"\$\{lib([A-Za-z0-9_-]+)\}")


def _linked_modules(root):
    """The suite's modules the scenario programs link: those
    scratch/CMakeLists.txt names and, transitively, those each of them links
    (its CMakeLists.txt's ${libNAME}). Another module (packetdrill, a tool
    run on its own) builds none of them, so its sources stamp no row."""
    todo = _LIB_REFERENCE.findall((root / "scratch" / "CMakeLists.txt").read_text())
    linked = set()
    while todo:
        name = todo.pop()
        cmake = root / "contrib" / name / "CMakeLists.txt"
        if name in linked or not cmake.is_file():  # seen, or ns-3's own
            continue
        linked.add(name)
        todo += _LIB_REFERENCE.findall(cmake.read_text())
    return linked


def _model_sources(program, root):
    """(relative path, absolute path) of every file that builds the program
    (with program None: the files every program shares), sorted by relative
    path."""
    files = [root / "CMakeLists.txt", root / "scratch" / "CMakeLists.txt"]
    if program is not None:
        files.append(root / "scratch" / f"{program}.cc")
    files += [f for f in (root / "cmake").rglob("*") if f.is_file()]
    for name in sorted(_linked_modules(root)):
        module = root / "contrib" / name
        files.append(module / "CMakeLists.txt")
        for sub in _SOURCE_DIRS:
            files += [
                f for f in (module / sub).rglob("*")
                if f.is_file() and f.suffix in _SOURCE_SUFFIXES
            ]  # fmt: skip
    missing = [f for f in files if not f.is_file()]
    if missing:
        raise StoreError(f"no source file {missing[0].relative_to(root)}")
    return sorted((f.relative_to(root).as_posix(), f) for f in files)


def build_settings(build=BUILD):
    """(ns-3 version, build type, ns-3 build) of the configured build: the
    last is '' for the pinned wheel, else ns3_build_hash()."""
    runtime = ns3_runtime(build)
    cache = build / "CMakeCache.txt"
    if runtime is None or not cache.is_file():
        raise StoreError(f"{build} is not configured: run ./ns3 configure")
    version = runtime.get("version")
    if not version:
        raise StoreError(f"{build}/ns3-runtime.txt is incomplete: run ./ns3 configure again")
    match = re.search(r"^CMAKE_BUILD_TYPE:\w+=(\w*)$", cache.read_text(), re.MULTILINE)
    ns3 = "" if runtime.get("kind") == "wheel" else ns3_build_hash(runtime.get("libdir", ""), version)
    return version, match.group(1) if match else "", ns3


def ns3_build_hash(libdir, version):
    """A SHA-256 over the names and contents of an ns-3's libraries
    (libns<version>-*.so in libdir). The wheel is pinned, so its version
    names it; a source tree of the same version may carry patches or other
    compile options, which only its binaries tell."""
    libraries = ns3_libraries(libdir, version) if libdir else []
    if not libraries:
        raise StoreError(f"no ns-3 {version} libraries in '{libdir}' (build/ns3-runtime.txt): "
                         "run ./ns3 configure again")  # fmt: skip
    digest = hashlib.sha256()
    for library in libraries:
        digest.update(library.name.encode() + b"\0")
        digest.update(hashlib.sha256(library.read_bytes()).digest())
    return digest.hexdigest()


@functools.lru_cache(maxsize=None)
def model_fingerprint(program, root=ROOT, build=BUILD):
    """The model's fingerprint for a program: 16 hex digits of a SHA-256 over
    its sources (paths relative to the repository, then contents), the ns-3
    version and the build type (of the checkout at root, configured in
    build), and the ns-3 libraries' hash when they are not the wheel's."""
    digest = hashlib.sha256()
    version, build_type, ns3 = build_settings(build)
    digest.update(f"ns-3 {version}\0build {build_type}\0".encode())
    if ns3:  # not the wheel: its points are its own until verified (module doc)
        digest.update(f"ns-3 build {ns3}\0".encode())
    for name, f in _model_sources(program, root):
        digest.update(name.encode() + b"\0")
        digest.update(hashlib.sha256(f.read_bytes()).digest())
    return digest.hexdigest()[:16]


@functools.lru_cache(maxsize=None)
def suite_commit(program=None, root=ROOT):
    """HEAD's commit, with '-dirty' when a file that builds the program
    (without one: a file every program shares) differs from it or is not
    committed. Files that build no program (another scratch program, a doc,
    a test) leave it clean."""
    def git(*args):
        proc = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=False)
        return proc.stdout.strip() if proc.returncode == 0 else None

    sha = git("rev-parse", "HEAD")
    if not sha:
        return "unknown"
    sources = [name for name, _ in _model_sources(program, root)]
    dirty = git("status", "--porcelain", "--untracked-files=all", "--", *sources)
    return sha[:12] + ("-dirty" if dirty else "")


# ---------------------------------------------------------------- entries


@dataclass
class Entry:
    """A stored point: its metadata and its output text (header and row)."""

    meta: dict
    output: str

    @property
    def fingerprint(self):
        return self.meta.get("fingerprint", "")

    def text(self):
        head = "".join(f"# {name}={value}\n" for name, value in self.meta.items())
        return head + self.output


def parse(text):
    meta, body = {}, []
    for line in text.splitlines(keepends=True):
        if line.startswith("# ") and "=" in line and not body:
            name, value = line[2:].rstrip("\n").split("=", 1)
            meta[name] = value
        else:
            body.append(line)
    return Entry(meta, "".join(body))


def load(point):
    """The stored Entry of the point, or None (also when one of its side
    files is missing: the entry is then incomplete)."""
    try:
        entry = parse(path(point).read_text())
    except FileNotFoundError:
        return None
    if not all(side_path(point, s).is_file() for s in point.side_suffixes()):
        return None
    return entry


def _write(p, text):
    """Atomically, so an interrupted sweep leaves no half file."""
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_name(p.name + f".tmp{os.getpid()}")
    tmp.write_text(text)
    os.replace(tmp, p)


def now():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def save(point, output, side_texts, wall_s, fingerprint):
    """Store a finished point: side files first, the point file last (a point
    file present means the point is complete)."""
    for suffix, text in side_texts.items():
        _write(side_path(point, suffix), text)
    meta = {"fingerprint": fingerprint, "commit": suite_commit(point.program), "date": now(),
            "wall_s": f"{wall_s:.1f}"}  # fmt: skip
    _write(path(point), Entry(meta, output).text())


def adopt(point, entry, fingerprint, note):
    """Restamp a stored point with a new fingerprint after --verify showed
    the new model gives the same rows; the old one is kept in 'adopted'."""
    meta = dict(entry.meta)
    meta["adopted"] = f"{entry.fingerprint} -> {fingerprint} {note}"
    meta["fingerprint"] = fingerprint
    _write(path(point), Entry(meta, entry.output).text())
