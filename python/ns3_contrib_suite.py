"""Load the suite's ns-3 modules (contrib/*) into ns-3's cppyy Python bindings.

The PyPI wheel ``ns3`` brings ns-3 3.44 and its cppyy bindings; ``from ns import
ns`` loads the wheel's modules only. This module loads ours on top of them:

    import ns3_contrib_suite as suite
    ns = suite.load()                     # ns-3 + the suite's modules
    helper = ns.TwAvoidHelper()           # our classes, next to ns.Simulator etc.

``load()`` does ``from ns import ns`` (about 10-15 s, once per process), then,
for each library listed in ``build/suite-libs.txt`` (written by ``./ns3
build``), includes ``ns3/<module>-module.h`` from ``build/include`` and loads
the library with ``cppyy.load_library``. Loading the library alone registers
its TypeIds (``ns.TypeId.LookupByName("ns3::TcpHostSocket")`` works) but
does not make its classes visible as ``ns.TwAvoidHelper``: cppyy needs the
declarations, hence the include. Later calls return the same namespace.

ns-3 Callbacks and events cannot be made from Python callables directly;
``callbacks()`` returns small C++ adapters (compiled once with ``cppyy.cppdef``)
that wrap a Python function as a C function pointer in a Callback or an event:

    cb = suite.callbacks()
    socket.SetRecvCallback(cb.SocketCallback(on_readable))      # f(socket)
    socket.SetSendCallback(cb.SendCallback(on_writable))        # f(socket, available)
    listener.SetAcceptCallback(cb.AcceptAll(), cb.AcceptCallback(on_accept))  # f(socket, address)
    socket.SetCloseCallbacks(cb.SocketCallback(on_peer_close), cb.NullSocketCallback())
    ns.Simulator.Schedule(ns.Seconds(1), cb.Event(at_one_second))  # f()
    socket.TraceConnectWithoutContext("State", cb.TcpStateCallback(on_state))  # f(old, new)
    socket.TraceConnectWithoutContext("ClosePhase", cb.ClosePhaseCallback(on_swap))  # f(old, new)
    sampler.TraceConnectWithoutContext("Sample", cb.TcpHostSampleCallback(on_row))  # f(sample)

Arguments passed to the Python functions (sockets, addresses) are valid only
during the call: do not keep them.

Keep a reference to the Python functions for as long as the simulation runs.
Exceptions raised in them propagate out of ``ns.Simulator.Run()``.

``./ns3 configure`` puts this directory on the virtual environment's path
(a ``.pth`` file), so the venv's Python imports it from any directory.
``tw_avoid``, its former name, is kept as an alias for a while.
"""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = Path(os.environ.get("NS3_SUITE_BUILD_DIR", ROOT / "build"))

_ns = None
_callbacks = None


class BuildMissingError(RuntimeError):
    """The suite's build output is missing or incomplete."""


def _suite_libraries(build):
    libs_file = build / "suite-libs.txt"
    hint = "run ./ns3 build first (from %s)" % ROOT
    if not libs_file.is_file():
        raise BuildMissingError("%s not found: %s" % (libs_file, hint))
    libraries = [Path(line.strip()) for line in libs_file.read_text().splitlines() if line.strip()]
    if not libraries:
        raise BuildMissingError("%s lists no libraries: %s" % (libs_file, hint))
    missing = [str(lib) for lib in libraries if not lib.is_file()]
    if missing:
        raise BuildMissingError("missing %s: %s" % (", ".join(missing), hint))
    return libraries


def _module_name(library):
    """libns3.44-tw-avoid.so -> tw-avoid (debug builds: libns3.44-tw-avoid-debug.so)."""
    stem = library.name.split(".so")[0]  # libns3.44-tw-avoid
    name = stem.split("-", 1)[1]  # tw-avoid
    for profile in ("-debug", "-default", "-optimized", "-release"):
        if name.endswith(profile):
            name = name[: -len(profile)]
    return name


def ns3_runtime(build=BUILD):
    """Which ns-3 the build is against: build/ns3-runtime.txt (written by
    CMake) as a dict: kind (wheel or prefix), version, libdir and prefix.
    None if the build is not configured."""
    path = Path(build) / "ns3-runtime.txt"
    if not path.is_file():
        return None
    return dict(line.split("=", 1) for line in path.read_text().splitlines() if "=" in line)


def ns3_libraries(libdir, version):
    """An ns-3's libraries in libdir (libns<version>-*.so), sorted by name."""
    return sorted(Path(libdir).glob("libns%s-*.so" % version))


def _load_ns3_from_prefix(prefix, libdir, version):
    """ns-3's libraries and headers from an install prefix (./ns3 configure
    --with-ns3), loaded into cppyy as the wheel's ``ns`` module loads its
    own; returns the ``ns3`` C++ namespace. The wheel's bindings must not be
    imported in the same process: both would register the same TypeIds."""
    import cppyy

    if "ns" in sys.modules:
        raise ImportError("the wheel's ns-3 bindings are already imported in this process")
    cppyy.add_include_path(str(prefix / "include"))
    pending = ns3_libraries(libdir, version)
    if not pending:
        raise BuildMissingError("no ns-3 libraries in %s" % libdir)
    modules = []
    while pending:  # dependencies first: retry what failed until nothing loads
        loaded = []
        for library in pending:
            try:
                cppyy.load_library(str(library))
            except (OSError, RuntimeError):
                continue
            loaded.append(library)
            modules.append(_module_name(library))
        if not loaded:
            raise ImportError("cannot load %s" % ", ".join(str(p) for p in pending))
        pending = [p for p in pending if p not in loaded]
    for module in modules:
        header = prefix / "include" / "ns3" / ("%s-module.h" % module)
        if header.is_file():
            cppyy.include("ns3/%s-module.h" % module)
    return cppyy.gbl.ns3


def _pythonize_config(klass, name):
    """Pythonization of an experiment configuration (a struct named *Config,
    and a DTOC load step):

    - Validate() returns a Python str. cppyy hands a returned std::string
      over as a cppyy std::string object (shown as b"..."): comparing it with
      "" works, but it is not a str, and messages built from it read as bytes.
    - A Time field refuses a bare number. cppyy converts ``config.timeout =
      10`` through Time's integer constructor: 10 ns, silently. A Time field
      takes a Time (``ns.Seconds(10)``) and raises TypeError otherwise.
    """
    if not (name.endswith("Config") or name == "DtocLoadStep"):
        return
    validate = getattr(klass, "Validate", None)
    if validate is not None:

        def Validate(self):
            return str(validate(self))

        Validate.__doc__ = "The first impossible parameter, explained, or '' if all are possible."
        klass.Validate = Validate

    setattr_ = klass.__setattr__

    def __setattr__(self, field, value):
        current = getattr(self, field, None)
        if _is_time(current) and not _is_time(value):
            raise TypeError(
                "%s.%s is a Time: give one, e.g. ns.Seconds(%r), not %r "
                "(a bare number would be taken as nanoseconds)" % (name, field, value, value)
            )
        setattr_(self, field, value)

    klass.__setattr__ = __setattr__


def _is_time(value):
    """Whether a value is an ns3::Time (as cppyy gives it)."""
    return getattr(type(value), "__cpp_name__", "") == "ns3::Time"


def load(build=None):
    """Return the ``ns`` namespace of ns-3's bindings with the suite's modules loaded.

    @param build the build directory (default: build/ of this repository, or
        $NS3_SUITE_BUILD_DIR)
    @raise BuildMissingError if the build output is missing ("run ./ns3 build first")
    """
    global _ns
    build = Path(build) if build else BUILD
    libraries = _suite_libraries(build)  # check before the slow import
    if _ns is not None:
        return _ns
    include = build / "include"
    headers = []
    for library in libraries:
        header = "ns3/%s-module.h" % _module_name(library)
        if not (include / header).is_file():
            raise BuildMissingError(
                "%s not found: run ./ns3 build first (from %s)" % (include / header, ROOT)
            )
        headers.append(header)

    runtime = ns3_runtime(build) or {"kind": "wheel"}
    if runtime.get("kind") == "prefix":
        ns = _load_ns3_from_prefix(
            Path(runtime["prefix"]), Path(runtime["libdir"]), runtime["version"]
        )
    else:
        try:
            from ns import ns
        except ImportError as error:
            raise ImportError(
                "cannot import ns-3's Python bindings (%s); use the virtual environment "
                "that ./ns3 configure creates: %s" % (error, ROOT / ".venv" / "bin" / "python")
            ) from error
    import cppyy

    cppyy.py.add_pythonization(_pythonize_config, "ns3")
    cppyy.add_include_path(str(include))
    for header in headers:
        cppyy.include(header)  # raises ImportError if it does not compile
    for library in libraries:
        cppyy.load_library(str(library))
    _ns = ns
    return ns


_CALLBACK_ADAPTERS = r"""
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/tcp-host-module.h"
#include "ns3/tw-avoid-module.h"

namespace ns3_suite_py
{
using namespace ns3;

Callback<void, Ptr<Socket>>
SocketCallback(void (*f)(Ptr<Socket>))
{
    return MakeCallback(f);
}

Callback<void, Ptr<Socket>>
NullSocketCallback()
{
    return MakeNullCallback<void, Ptr<Socket>>();
}

Callback<void, Ptr<Socket>, uint32_t>
SendCallback(void (*f)(Ptr<Socket>, uint32_t))
{
    return MakeCallback(f);
}

Callback<void, Ptr<Socket>, const Address&>
AcceptCallback(void (*f)(Ptr<Socket>, const Address&))
{
    return MakeCallback(f);
}

/// Connection request callback that accepts every connection (a null callback does).
Callback<bool, Ptr<Socket>, const Address&>
AcceptAll()
{
    return MakeNullCallback<bool, Ptr<Socket>, const Address&>();
}

EventImpl*
Event(void (*f)())
{
    return MakeEvent(f);
}

/// For the "State" trace source of TCP sockets (TraceConnectWithoutContext).
Callback<void, TcpSocket::TcpStates_t, TcpSocket::TcpStates_t>
TcpStateCallback(void (*f)(TcpSocket::TcpStates_t, TcpSocket::TcpStates_t))
{
    return MakeCallback(f);
}

/// For the "ClosePhase" trace source of TcpHostSocket.
Callback<void, TcpHostSocket::ClosePhase, TcpHostSocket::ClosePhase>
ClosePhaseCallback(void (*f)(TcpHostSocket::ClosePhase, TcpHostSocket::ClosePhase))
{
    return MakeCallback(f);
}

/// For a TracedValue<uint32_t> trace source (signature
/// ns3::TracedValueCallback::Uint32: queue lengths, TCB and TIME_WAIT counts,
/// backlogs): void (uint32_t oldValue, uint32_t newValue).
Callback<void, uint32_t, uint32_t>
Uint32ValueCallback(void (*f)(uint32_t, uint32_t))
{
    return MakeCallback(f);
}

/// For a TracedValue<uint64_t> trace source (ns3::TracedValueCallback::Uint64:
/// SocketMemory's TcbMemory, DataMemory, BufferMemory).
Callback<void, uint64_t, uint64_t>
Uint64ValueCallback(void (*f)(uint64_t, uint64_t))
{
    return MakeCallback(f);
}

/// For an event trace source without arguments: void () (TcpListenQueue's
/// ListenOverflow, ListenDrop, Cookie, EmbryonicRst).
Callback<void>
VoidCallback(void (*f)())
{
    return MakeCallback(f);
}

/// For TimeWaitTable's Overflow, Killed, Reopened and Expired: void (const
/// TcbKey& key), the record's connection.
Callback<void, const TcbKey&>
TcbKeyCallback(void (*f)(const TcbKey&))
{
    return MakeCallback(f);
}

/// For TcpHostSampler's Sample: void (const TcpHostSample& sample), one
/// node's row.
Callback<void, const TcpHostSample&>
TcpHostSampleCallback(void (*f)(const TcpHostSample&))
{
    return MakeCallback(f);
}
} // namespace ns3_suite_py
"""


def callbacks():
    """Return the C++ namespace of adapters from Python functions to ns-3 Callbacks/events."""
    global _callbacks
    if _callbacks is None:
        load()
        import cppyy

        if not hasattr(cppyy.gbl, "ns3_suite_py"):
            cppyy.cppdef(_CALLBACK_ADAPTERS)
        _callbacks = cppyy.gbl.ns3_suite_py
    return _callbacks


if __name__ == "__main__":
    ns = load()
    print("loaded:", ", ".join(str(lib) for lib in _suite_libraries(BUILD)))
    print("ns.TwAvoidHelper:", ns.TwAvoidHelper)
    sys.exit(0)
