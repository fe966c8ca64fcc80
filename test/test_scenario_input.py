"""Bad input to the scenario programs gets a clear error and a non-zero exit, never a default."""

import os
import subprocess

import pytest

from figures_lib.paths import BIN, ROOT


def run(program, *args, timeout=60):
    """The program's result; timeout guards against a hang, it times nothing."""
    return subprocess.run(
        [str(BIN / program), *args], capture_output=True, text=True, timeout=timeout
    )


def csv_row(program, *args, timeout=60):
    """The one row a program prints after its header (the caller asks for
    both), by column name; the program must succeed."""
    result = run(program, *args, timeout=timeout)
    assert result.returncode == 0, result.stderr
    header, values = result.stdout.splitlines()
    return dict(zip(header.split(","), values.split(",")))


@pytest.mark.parametrize(
    "args, message",
    [
        (["--warmup=-5"], "must not be negative"),
        (["--measure=0"], "measurement must be positive"),
        (["--table=4"], "--table must be one of 2 | 3, not '4'"),
        (["--variant=bogus"], "unknown variant"),
        (["--memoryPool=Mbufs"], "unknown memory pool"),
        (["--timeWaitBuckets=100"], "a TIME_WAIT bucket limit needs compact TIME_WAIT records"),
        (["--memoryLimit=-2"], "the memory limit is -1 (the profile's), 0 (none) or a number"),
        (["--timeWaitTable", "--hostModel=false"], "is not an option of tw-avoid-webstone"),
        (["--largeMeanKb=9"], "strictly between 9 KB (its smallest file alone) and 105.749 KB"),
        (["--largeMeanKb=106"], "strictly between 9 KB"),
        (["--largeMeanKb=-30"], "strictly between 9 KB"),
        (["--table=3", "--largeMeanKb=30"], "--largeMeanKb is for Table 2's file set"),
    ],
)
def test_webstone_rejects(args, message):
    result = run("tw-avoid-webstone", *args)
    assert result.returncode != 0
    assert message in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(
    "args, message",
    [
        (["--strategy=fifo"], "unknown strategy"),
        (["--strategy=dtoc", "--method=Poll"], "unknown detection method"),
        (["--timeout=0"], "must be positive"),
        (["--warmup=-1"], "warm-up must be at least 0"),
        (["--load=-20"], "a load above 0"),
        (["--day=weekend"], "--day must be one of \"\" | normal | busy, not 'weekend'"),
        (["--queueLimit=0"], "queue limit must be at least 1"),
        (["--acceptQueue=socket"], "--acceptQueue must be one of application | kernel, not 'socket'"),
        (["--abortOnOverflow"], "abort-on-overflow and defer-accept are the kernel queue's"),
        (["--acceptQueue=kernel", "--deferAccept=-1"], "defer-accept must be 0 to 3600 s"),
        (["--acceptQueue=kernel", "--strategy=lifo"], "strategy 'lifo' needs the application's queue"),
        (["--acceptQueue=kernel", "--strategy=dtoc", "--method=Callback"], "with method Callback"),
    ],
)
def test_dtoc_rejects(args, message):
    result = run("dtoc", *args)
    assert result.returncode != 0
    assert message in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(
    "args, message",
    [
        (["--retryPolicy=bogus"], "--retryPolicy must be one of immediate | backoff | budget"),
        (["--load=100"], "--load is the base load, below the capacity"),
        (["--load=0"], "--load is the base load, below the capacity"),
        (["--spike=70"], "--spike must be above --load"),
        (["--spike=1e9"], "at most 1000 % of the capacity"),
        (["--spikeFor=0"], "--spikeAt, --spikeFor and --after must be positive"),
        (["--after=-5"], "--spikeAt, --spikeFor and --after must be positive"),
        (["--after=1e9"], "at most 86400 s (one simulated day"),
        (["--recovered=1.5"], "--recovered must be above 0 and at most 1"),
        (["--strategy=fifo"], "unknown strategy"),
        (["--acceptQueue=kernel", "--strategy=lifo"], "strategy 'lifo' needs the application's queue"),
        (["--bin=0"], "the timeline bin must be positive"),
        (["--timeline=/tmp"], "is a directory, not a file"),
    ],
)
@pytest.mark.parametrize("program", ["dtoc-metastable", "proxy-metastable"])
def test_dtoc_metastable_rejects(program, args, message):
    """The scenario's checks are one piece of code (MetastableScenario) that
    both programs use."""
    result = run(program, *args)
    assert result.returncode != 0
    assert message in result.stderr
    assert result.stdout == ""


def test_proxy_metastable_rejects_an_unknown_proxy():
    result = run("proxy-metastable", "--proxy=none")
    assert result.returncode != 0 and result.stdout == ""
    assert "--proxy must be one of abort | ignore" in result.stderr


@pytest.mark.parametrize(
    "setting",
    [
        "--ns3::HttpProxy::ClientAbort=Ignore",
        "--ns3::HttpProxy::HitRatio=0.5",
        "--ns3::PersistentConnectionManager::MaxConnections=10",
    ],
)
def test_proxy_metastable_refuses_what_it_would_override(setting):
    """The experiment sets the proxy's client-abort rule (from --proxy) and
    its cache: a user's default for them would lose in silence."""
    result = run("proxy-metastable", "--proxy=abort", setting)
    assert result.returncode == 1 and result.stdout == ""
    assert "is the experiment's own" in result.stderr


def test_proxy_metastable_passes_aborts_or_hides_them():
    """Behind a reverse proxy that closes the upstream connection when a user
    gives up (nginx's default), the DTOC server sees the users leave and
    drops their requests, as it does without a proxy; behind one that lets
    such requests finish (proxy_ignore_client_abort on), it sees no user
    leave: it drops none, serves the dead requests, and its goodput after
    the spike stays below the aborting proxy's."""
    short = ["--spikeAt=40", "--spikeFor=20", "--after=40", "--strategy=dtoc", "--header"]

    def row(*args):
        return csv_row("proxy-metastable", *short, *args, timeout=600)  # 100 s simulated

    abort, ignore = row("--proxy=abort"), row("--proxy=ignore")
    assert abort["proxy"] == "abort" and ignore["proxy"] == "ignore"
    assert int(abort["client_aborts"]) > 0 and int(abort["responses_discarded"]) == 0, abort
    assert int(abort["server_dropped"]) > 0, abort
    assert int(ignore["server_dropped"]) == 0 and int(ignore["responses_discarded"]) > 0, ignore
    assert float(ignore["after_late_useful_pct"]) < float(abort["after_late_useful_pct"]), (abort, ignore)
    assert float(abort["before_useful_pct"]) > 80 and float(ignore["before_useful_pct"]) > 80


@pytest.mark.parametrize(
    "args, message",
    [
        (["--service=random"], "--service must be one of fifo | drop-dead | newest-first"),
        (["--overflow=queue"], "--overflow must be one of refuse | drop"),
        (["--retries=101"], "--retries must be at most 100"),
        (["--retries=-1"], "--retries"),
        (["--freshRate=0"], "must be positive"),
        (["--patience=inf"], "finite"),
        (["--budgetPercent=5"], "--budgetPercent and --budgetReserve need --budget"),
        (["--budget", "--budgetReserve=-1"], "the budget's share and reserve must be at least 0"),
    ],
)
def test_dtoc_fluid_rejects(args, message):
    result = run("dtoc-fluid", *args)
    assert result.returncode != 0
    assert message in result.stderr
    assert result.stdout == ""


def test_dtoc_fluid_solves_the_scenario():
    """The program prints the model's states: at the metastable scenario's
    defaults a sustaining state at 170.5 attempts a second; with the retry
    budget at 80 + 20 % of 80 + 10 = 106; none for a server that drops the
    dead; with silent drops every attempt is retried: 80 x 4 = 320."""
    def row(*args):
        return csv_row("dtoc-fluid", "--header", *args)

    assert row()["sustained"] == "1" and abs(float(row()["sustained_offered_per_s"]) - 170.543) < 1e-3
    assert float(row("--budget")["sustained_offered_per_s"]) == 106
    assert row("--service=drop-dead")["sustained"] == "0"
    assert float(row("--overflow=drop")["sustained_offered_per_s"]) == 320
    assert row("--retries=0")["sustained"] == "0"
    assert float(row()["normal_goodput_pct"]) == 80


@pytest.mark.parametrize(
    "args, message",
    [
        (["--case=4.1"], "--case must be one of \"\" | 2.1 | 2.2"),
        (["--server=BeOS"], "unknown host profile 'BeOS'"),
        (["--clientTick=-0.1"], "finite time >= 0"),
        (["--serverTick=soon"], "seconds or 'random'"),
        (["--rate=fast"], "not a data rate"),
        (["--delay=-1"], "link delay"),
        (["--body=0"], "at least one byte"),
    ],
)
def test_iw_delack_rejects(args, message):
    result = run("iw-delack", *args)
    assert result.returncode != 0
    assert message in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(
    "path, message",
    [
        ("/nonexistent/ns-3.44", "neither an ns-3 install prefix"),
        (str(ROOT / "contrib"), "neither an ns-3 install prefix"),
    ],
)
def test_configure_rejects_what_is_not_an_ns3(tmp_path, path, message):
    """./ns3 configure --with-ns3 names a wrong directory: a message, a
    non-zero exit, and no build directory configured."""
    build = tmp_path / "build"
    result = subprocess.run(
        [str(ROOT / "ns3"), "configure", "--with-ns3", path],
        capture_output=True, text=True, timeout=300,
        env={**os.environ, "NS3_SUITE_BUILD_DIR": str(build)},
    )  # fmt: skip
    assert result.returncode != 0
    assert message in result.stderr
    assert not (build / "CMakeCache.txt").exists()


def test_configure_rejects_an_unchecked_ns3_version(tmp_path):
    """An ns-3 whose TcpSocketBase the workarounds were not checked against
    is refused before anything is configured, with the version named."""
    config = tmp_path / "prefix" / "lib" / "cmake" / "ns3"
    config.mkdir(parents=True)
    (config / "ns3Config.cmake").write_text("")
    (config / "ns3ConfigVersion.cmake").write_text('set(PACKAGE_VERSION "3.40")\n')
    build = tmp_path / "build"
    result = subprocess.run(
        [str(ROOT / "ns3"), "configure", "--with-ns3", str(tmp_path / "prefix")],
        capture_output=True, text=True, timeout=300,
        env={**os.environ, "NS3_SUITE_BUILD_DIR": str(build)},
    )  # fmt: skip
    assert result.returncode != 0
    assert "is ns-3 3.40; TcpHostSocket works around the TcpSocketBase of ns-3 3.44" in result.stderr
    assert not (build / "CMakeCache.txt").exists()


# Every program: what ns-3's CommandLine would take silently (a negative
# number wrapped into an unsigned option or attribute, a malformed time or
# enum name that ends the program by abort, an argument that is not an option)
# and what would fail only after the run (an output path that cannot be
# written), refused at once with one line and exit 1 (ProgramInput).
NOWHERE = "/nonexistent-dir/out.csv"


@pytest.mark.parametrize(
    "program, args, message",
    [
        ("proxy-buffer-allocator-cost", ["--evaluations=-1"], "--evaluations must be a whole number from 0 to"),
        ("proxy-buffer-allocator-cost", ["--evaluations=0"], "must be at least 1"),
        ("dtoc", ["--load=1e9"], "at most 1000 % of the capacity"),
        ("tw-avoid-table1", ["--timeWaitTable", "--hostModel=false"], "compact TIME_WAIT records need the host model"),
        ("dtoc", ["--retries=-1"], "--retries must be a whole number from 0 to"),
        ("dtoc", ["--offPeak=80"], "--offPeak is the load outside a day's peaks: it needs --day"),
        ("dtoc", ["--day=busy", "--offPeak=0"], "--offPeak must be above 0 and at most 100"),
        ("dtoc", ["--day=normal", "--offPeak=101"], "--offPeak must be above 0 and at most 100"),
        ("dtoc", [f"--timeline={NOWHERE}"], "cannot write --timeline"),
        ("dtoc", ["--timeline=/tmp"], "is a directory, not a file"),
        ("proxy-buffer-allocation", ["--poolKb=0"], "--poolKb must be at least 1"),
        ("proxy-buffer-allocation", ["--receivers=-3"], "--receivers must be a whole number from 0 to"),
        ("proxy-buffer-allocation", [f"--connectionsFile={NOWHERE}"], "cannot write --connectionsFile"),
        ("iw-delack", ["--body=-5"], "--body must be a whole number from 0 to"),
        ("iw-delack", ["--readSize=-1"], "--readSize must be a whole number from 0 to"),
        ("iw-delack", [f"--traceFile={NOWHERE}"], "cannot write --traceFile"),
        ("tw-avoid-table1", ["--timeWaitTcbs=-5"], "--timeWaitTcbs must be a whole number from 0 to"),
        ("tw-avoid-table1", ["2500"], "unexpected argument '2500'"),
        ("tw-avoid-webstone", ["--pcap=/nonexistent-dir/ws"], "cannot write files named --pcap"),
        ("tw-avoid-webstone", [f"--requests={NOWHERE}"], "cannot write --requests"),
        ("proxy-buffer-proxy", [f"--responses={NOWHERE}"], "cannot write --responses"),
        ("proxy-buffer-proxy", ["--clients=-1"], "--clients must be a whole number from 0 to"),
        ("proxy-buffer-time-wait", ["--placement=swapp"], "--placement must be standard, swap"),
        # Attribute defaults and global values, which CommandLine would wrap
        # (an unsigned), or end by abort (a Time, an enum name).
        ("tw-avoid-webstone", ["--ns3::SocketMemory::Limit=-5"], "--ns3::SocketMemory::Limit must be a whole number from 0 to"),
        ("tw-avoid-webstone", ["--ns3::SocketMemory::Accounting=Bogus"], "must be one of TcbOnly|Shared|Buffers|SocketBuffers, not 'Bogus'"),
        ("tw-avoid-webstone", ["--ns3::TcpSocket::SegmentSize=99999999999"], "must be within uint32_t 0:4294967295"),
        ("dtoc", ["--ns3::TcpHostModel::PerByteCost=abc"], "--ns3::TcpHostModel::PerByteCost must be a time"),
        ("dtoc", ["--RngRun=-1"], "--RngRun must be a whole number"),
        ("dtoc", ["--timeout=5x"], "--timeout must be a time"),
        ("dtoc", ["--measure=1e300"], "--measure must be a time within"),
        ("tw-avoid-table1", ["--variant=swapped"], "--variant must be one of unmodified | swap"),
        # What CommandLine would read in part ("0.5x" as 0.5) or refuse with
        # its whole help text (a name it does not know, a flag's misspelling).
        ("proxy-buffer-proxy", ["--hitRatio=0.5x"], "--hitRatio must be a finite number, not '0.5x'"),
        ("proxy-buffer-proxy", ["--hitRatio=nan"], "--hitRatio must be a finite number"),
        ("proxy-buffer-proxy", ["--csv=maybe"], "--csv must be true or false, not 'maybe'"),
        ("dtoc", ["--csv"], "--csv is not an option of dtoc"),
        ("dtoc", ["--ns3::NoSuchType::Attr=1"], "--ns3::NoSuchType::Attr is not an option of dtoc"),
        ("dtoc", ["--clients"], "--clients is not an option of dtoc"),
        ("tw-avoid-table1", ["--"], "unexpected argument '--'"),
        # Issue 39: aborts, ns-3's whole help for an empty value, and runs
        # without an upper bound (for ever, or past the machine's memory).
        ("tcp-host-model-example", ["--lookup=Bogus"], "--lookup must be one of"),
        ("tcp-host-model-example", ["--profile=Bogus"], "--profile must be one of"),
        # Issue 40: the listen-queue example's samples file and interval.
        ("tcp-host-listen-queue-example", [f"--samples={NOWHERE}"], "cannot write --samples"),
        ("tcp-host-listen-queue-example", ["--sampleInterval=0"], "--sampleInterval must be positive"),
        ("tw-avoid-table1", ["--SimulatorImplementationType=ns3::Bogus"], "must name a registered type"),
        ("tw-avoid-table1", ["--ns3::TcpL4Protocol::SocketType=ns3::Bogus"], "must name a registered type"),
        ("iw-delack", ["--client="], "--client= needs a value"),
        ("tcp-host-model-example", ["--profile="], "--profile= needs a value"),
        ("dtoc", ["--measure=1e9"], "at most 86400 s (one simulated day"),
        ("dtoc", ["--period=1e9", "--day=busy"], "at most 86400 s (one simulated day"),
        ("tw-avoid-webstone", ["--measure=1e9"], "at most 86400 s (one simulated day"),
        ("tw-avoid-table1", ["--transferTime=1e9"], "at most 86400 s (one simulated day"),
        ("proxy-buffer-allocation", ["--duration=1e9"], "at most 86400 s (one simulated day"),
        ("proxy-buffer-time-wait", ["--duration=1e9"], "at most 86400 s (one simulated day"),
        ("proxy-buffer-proxy", ["--duration=1e9"], "at most 86400 s (one simulated day"),
        ("tw-avoid-webstone", ["--clientsPerHost=100000"], "at most 10000 WebSTONE clients in all"),
        ("proxy-buffer-proxy", ["--clients=1000000"], "1000000 clients need about"),
        # Issue 42: today's proxy and its port budget.
        ("proxy-now", ["--twReuse=2"], "--twReuse must be one of Off | On | LoopbackOnly"),
        ("proxy-now", ["--placement=both"], "--placement must be one of standard"),
        ("proxy-now", ["--portLow=61000"], "the port range needs 1 <= portLow <= portHigh"),
        ("proxy-now", ["--portHigh=70000"], "--portHigh must be a whole number from 0 to 65535"),
        ("proxy-now", ["--hostProfile=Linux-7"], "unknown host profile 'Linux-7'"),
        ("proxy-now", ["--origins=moon"], "--origins must be one of datacentre | paper"),
        ("proxy-now", ["--originRate=fast"], "originRate must be a data rate"),
        ("proxy-now", ["--originLoss=1"], "originLoss at least 0 and below 1"),
        ("proxy-now", ["--origins=paper", "--originDelay=0.01"], "not with --origins=paper"),
        ("proxy-now", ["--perClient=0"], "--perClient must be 1 to 1000"),
        ("proxy-now", ["--clientHosts=-1"], "--clientHosts must be a whole number from 0 to 4294967295"),
        ("proxy-now", ["--startSpread=0"], "startSpread must be above 0 and below duration, not 0"),
        ("proxy-now", ["--duration=10", "--startSpread=10"], "startSpread must be above 0 and below duration"),
        ("proxy-now", ["--hostMemory=0"], "--hostMemory must be 0.0078125 (8 MiB) to 65536 GiB"),
        ("proxy-now", ["--hostMemory=1e9"], "--hostMemory must be 0.0078125 (8 MiB) to 65536 GiB"),
        ("proxy-now", ["--clients=1000000"], "1000000 clients need about"),
        ("tcp-host-local-ports-example", ["--low=61000", "--high=60999"], "--low and --high must be ports with low <= high"),
        ("tcp-host-local-ports-example", ["--twReuse=1"], "--twReuse must be one of Off | On | LoopbackOnly"),
        ("tcp-host-local-ports-example", ["--rate=nan"], "--rate must be a finite number"),
        # An attribute default a program's helper would set itself: refused
        # by TcpHostHelper with an exception, which ended the program by
        # abort (exit 134) until ProgramInput::Run caught it.
        ("proxy-now", ["--ns3::SocketMemory::Limit=5"], "proxy-now: TcpHostHelper: ns3::SocketMemory::Limit is set here"),
        ("proxy-buffer-proxy", ["--ns3::SocketMemory::Limit=5"], "set it through the program's or experiment's own option"),
    ],
)
def test_programs_refuse_at_once(program, args, message):
    result = run(program, *args)
    assert result.returncode == 1
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{program}: ") and message in lines[0], lines


@pytest.mark.parametrize(
    "args",
    [
        ["--connections=10", "--evaluations=1", "--header"],  # a bare flag toggles
        ["--connections=10", "--evaluations=1", "--header=T", "--RngRun=3"],
        ["--PrintAttributes=ns3::E2AtbtAllocator"],  # CommandLine's own options
        ["--ns3::E2AtbtAllocator::MinBuffer=4096", "--connections=10", "--evaluations=1"],
    ],
)
def test_programs_take_what_is_valid(args):
    """The checks refuse nothing CommandLine reads correctly."""
    result = run("proxy-buffer-allocator-cost", *args)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""


@pytest.mark.parametrize("mean_kb, share_9kb", [(30, 0.783), (80, 0.266)])
def test_webstone_mix_takes_its_mean(tmp_path, mean_kb, share_9kb):
    """--largeMeanKb scales the weights of the files above 9 KB: the share of
    9 KB requests is the one its mean implies (53 / (53 + f x 48.7), f
    solving the mean; 0.783 at 30 KB, 0.266 at 80 KB, 0.52 as assumed)."""
    requests = tmp_path / "requests.csv"
    result = run("tw-avoid-webstone", "--warmup=2", "--measure=20", f"--largeMeanKb={mean_kb}",
                 f"--requests={requests}", "--header")  # fmt: skip
    assert result.returncode == 0, result.stderr
    sizes = [int(line.split(",")[4]) for line in requests.read_text().splitlines()[1:]]
    assert len(sizes) > 300
    share = sum(size == 9 * 1024 for size in sizes) / len(sizes)
    assert abs(share - share_9kb) < 0.08, (share, len(sizes))


def test_dtoc_off_peak_load_is_taken():
    """--offPeak changes a day's row (the load outside its peaks); unset, the
    day is the assumed 90 % one, as with --offPeak=90."""
    day = ["--day=busy", "--period=10", "--strategy=regular", "--timeout=8"]
    rows = {o: run("dtoc", *day, *([o] if o else [])).stdout for o in ("", "--offPeak=90", "--offPeak=60")}
    assert all(rows.values())
    assert rows[""] == rows["--offPeak=90"]
    assert rows["--offPeak=60"] != rows[""]


def test_dtoc_metastable_row_and_timeline(tmp_path):
    """A short spike: one row with the phases, the timeline bin by bin over
    the whole run, and the retry policy taken (a backoff changes the row)."""
    short = ["--spikeAt=20", "--spikeFor=10", "--after=20", "--bin=5", "--header"]
    timeline = tmp_path / "t.csv"
    at_once = run("dtoc-metastable", *short, f"--timeline={timeline}")
    later = run("dtoc-metastable", *short, "--retryPolicy=backoff")
    assert at_once.returncode == 0 and later.returncode == 0, at_once.stderr + later.stderr
    header, row = at_once.stdout.splitlines()
    values = dict(zip(header.split(","), row.split(",")))
    assert values["retry_policy"] == "immediate" and float(values["spike_pct"]) == 200
    assert float(values["before_useful_pct"]) > 50  # 80 % offered, the server keeps up
    bins = timeline.read_text().splitlines()[1:]
    assert [float(b.split(",")[0]) for b in bins] == [5.0 * i for i in range(10)]
    assert later.stdout.splitlines()[1].split(",")[1] == "backoff"
    assert later.stdout.splitlines()[1] != row.replace("immediate", "backoff")


def test_proxy_now_counts_the_port_budget():
    """Issue 42: with a port range of 40 ports towards one origin and one
    request per upstream connection, the proxy's TIME_WAITs (swap placement)
    exhaust the range: connect() fails without a port, and misses are
    answered 503; tcp_tw_reuse=1 takes TIME_WAITs over instead (those older
    than its 1-s delay), so that far fewer connects fail."""
    common = ["--clients=100", "--duration=30", "--placement=swap", "--portLow=40000",
              "--portHigh=40039", "--csv", "--header"]
    rows = {}
    for reuse in ("Off", "On"):
        rows[reuse] = csv_row("proxy-now", *common, f"--twReuse={reuse}")
    off, on = rows["Off"], rows["On"]
    assert int(off["connect_errors"]) > 0 and int(off["tw_reused"]) == 0, off
    assert int(off["unavailable"]) >= int(off["connect_errors"]), off
    assert int(on["tw_reused"]) > 0, on
    assert int(on["connect_errors"]) < int(off["connect_errors"]) / 2, (on, off)


def test_proxy_now_counts_the_proxys_other_resources():
    """proxy-now's row reads the proxy's TIME_WAIT table and socket memory:
    with tcp_max_tw_buckets at 10 (the user's setting wins over Linux-6's)
    the table holds at most 10 and refuses the rest as overflows, where the
    default holds them all; the socket memory's peak and the small
    documents' response time are measured (not left at 0). Both rows with
    the swap close, where the proxy keeps its upstream connections'
    TIME_WAIT (at the default placement it closes second after an origin's
    `Connection: close` and keeps none)."""
    common = ["--clients=200", "--duration=30", "--placement=swap", "--csv", "--header"]

    def row(*args):
        return csv_row("proxy-now", *common, *args)

    default, small = row(), row("--ns3::TimeWaitTable::MaxBuckets=10")
    assert int(default["tw_overflows"]) == 0 and int(default["proxy_time_wait_peak"]) > 10, default
    assert int(small["tw_overflows"]) > 0 and int(small["proxy_time_wait_peak"]) <= 10, small
    assert int(default["memory_peak_bytes"]) > 0 and float(default["response_small_s"]) > 0, default
    assert int(default["listen_drops"]) == 0, default


def test_proxy_now_clients_share_hosts():
    """proxy-now's clients run on 100 hosts by default, each host with its
    own link to the proxy; --clientHosts sets at most how many (fewer
    clients: a host each), 0 a host per client. The row's client_hosts is
    counted from the proxy's links."""
    def hosts(*args):
        row = csv_row("proxy-now", "--duration=5", "--csv", "--header", *args)
        assert int(row["requests"]) > 0, row
        return int(row["client_hosts"])

    assert hosts("--clients=300") == 100
    assert hosts("--clients=300", "--clientHosts=7") == 7
    assert hosts("--clients=300", "--clientHosts=0") == 300
    assert hosts("--clients=40") == 40


def test_proxy_now_spreads_the_clients_starts():
    """--startSpread starts the clients evenly over that many seconds (4.5
    by default): over 4.9 of a 5-s run they are active for about half as
    long as over the first second, and ask fewer requests after their first
    (each asks that one in either case)."""
    def requests(*args):
        return int(csv_row("proxy-now", "--clients=300", "--duration=5", "--csv", "--header",
                           *args)["requests"])

    first_second, late = requests("--startSpread=1"), requests("--startSpread=4.9")
    assert 0 < late - 300 < 0.75 * (first_second - 300), (late, first_second)


def tcp_mem_limit(host_bytes):
    """Linux's tcp_init_mem(): a sixteenth of the pages (at least 128),
    tcp_mem[0] three quarters of it, tcp_mem[2] twice that; in bytes."""
    limit = max(host_bytes // 4096 // 16, 128)
    return limit // 4 * 3 * 2 * 4096


def test_proxy_now_pool_within_tcp_mem():
    """proxy-now's buffer pool is the paper's 64 KB a client up to Linux's
    tcp_mem hard limit of the proxy host's memory: 2.25 GiB of the default
    24 GiB; with a host of 10 MiB the limit (960 KiB) is the pool, and the
    proxy's connections get less memory than with the default; above
    tcp_mem[1] the host is under memory pressure."""
    assert tcp_mem_limit(24 << 30) == 2415919104  # 9.37 % of 24 GiB

    def row(*args):
        return csv_row("proxy-now", "--clients=300", "--duration=15", "--csv", "--header", *args)

    default, small = row(), row(f"--hostMemory={10 / 1024}")
    assert int(default["pool_bytes"]) == 300 * 4 * 16384, default
    assert int(small["pool_bytes"]) == tcp_mem_limit(10 << 20) == 983040, small
    assert int(small["memory_peak_bytes"]) < int(default["memory_peak_bytes"]) / 2, (small, default)
    # tcp_mem[1] (a sixteenth of the pages, 640 KiB of 10 MiB): the small
    # host's buffers run above it, under memory pressure; the default's
    # 1.5 GiB is never reached.
    assert int(small["pressure_s"]) > 0 and int(default["pressure_s"]) == 0, (small, default)


def test_proxy_now_takes_its_origin_link():
    """proxy-now's origins sit beside the proxy by default (10 Gb/s, 100 us
    round trip, no loss); the link is the run's: a one-way delay of 0.5 s
    (every miss opens an upstream connection: two round trips, 2 s) or a
    1 Mb/s link slows the small documents' responses several times over,
    and --origins=paper takes the paper's Internet paths."""
    def row(*args):
        return csv_row("proxy-now", "--clients=200", "--duration=30", "--csv", "--header", *args)

    near, far, thin = row(), row("--originDelay=0.5"), row("--originRate=1Mbps")
    assert near["origins"] == "datacentre" and row("--origins=paper")["origins"] == "paper"
    assert float(far["response_small_s"]) > 2 * float(near["response_small_s"]), (near, far)
    assert float(thin["response_small_s"]) > 2 * float(near["response_small_s"]), (near, thin)
