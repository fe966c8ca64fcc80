"""Bad configurations from Python: an exception with the message, never a dead interpreter.

Each experiment's C++ entry point checks its configuration (Validate()) and
refuses a bad one with std::invalid_argument, which cppyy raises as a Python
exception carrying the message. Before, the check was NS_ABORT_MSG: the
interpreter died with a 186-line backtrace. Each case gives one impossible
value and expects its exception and message, then checks that a refused
configuration leaves nothing behind: a run after it gives what it gave before.
"""

import pytest



def dtoc(ns):
    config = ns.DtocExperimentConfig()
    config.strategy = "fifo"
    return ns.RunDtocExperiment, config, "RunDtocExperiment: unknown strategy 'fifo'"


def iw_delack(ns):
    config = ns.IwDelackConfig()
    config.serverProfile = "Windows-95"
    return ns.RunIwDelack, config, "RunIwDelack: unknown host profile 'Windows-95'"


def buffer_allocation(ns):
    config = ns.BufferAllocationConfig()
    config.receivers = 0
    return ns.RunBufferAllocation, config, "RunBufferAllocation: receivers must be at least 1"


def proxy(ns):
    config = ns.ProxyExperimentConfig()
    config.scheme = 7
    return ns.RunProxyExperiment, config, "RunProxyExperiment: scheme must be 1, 2, 3 or 4, not 7"


def proxy_ports(ns):
    config = ns.ProxyExperimentConfig()
    config.twReuse = "On"  # Linux's port choice's setting, without it
    return (ns.RunProxyExperiment, config,
            "RunProxyExperiment: portLow, portHigh and twReuse are Linux's port choice: they need linuxPorts")  # fmt: skip


def proxy_profile(ns):
    config = ns.ProxyExperimentConfig()
    config.hostProfile = "Linux-7"
    return ns.RunProxyExperiment, config, "RunProxyExperiment: unknown host profile 'Linux-7'"


def proxy_origin_link(ns):
    config = ns.ProxyExperimentConfig()
    config.originDelay = 0.001  # the origin link's setting, without its rate
    return (ns.RunProxyExperiment, config,
            "RunProxyExperiment: originDelay and originLoss set the origin links with originRate")  # fmt: skip


def proxy_origin_rate(ns):
    config = ns.ProxyExperimentConfig()
    config.originRate = "fast"
    return (ns.RunProxyExperiment, config,
            "RunProxyExperiment: originRate must be a data rate (for example 10Gbps), not 'fast'")  # fmt: skip


def table1(ns):
    config = ns.TwAvoidTable1Config()
    config.timeWaitTcbs = 10**8
    return ns.TwAvoidTable1Experiment, config, "TwAvoidTable1Experiment: at most"


def webstone(ns):
    config = ns.TwAvoidWebStoneConfig()
    config.variant = "fast"
    return ns.TwAvoidWebStoneExperiment, config, "TwAvoidWebStoneExperiment: unknown variant 'fast'"


@pytest.mark.parametrize(
    "case",
    [dtoc, iw_delack, buffer_allocation, proxy, proxy_ports, proxy_profile, proxy_origin_link,
     proxy_origin_rate, table1, webstone],  # fmt: skip
)
def test_bad_configuration_raises_with_its_message(ns, case):
    run, config, message = case(ns)
    problem = config.Validate()
    assert isinstance(problem, str), f"Validate() returned {type(problem).__name__}, not str"
    assert problem and message.split(": ", 1)[1] in problem
    with pytest.raises(Exception, match=message.replace("(", r"\(").replace(")", r"\)")):
        run(config)


def test_a_refusal_leaves_no_state_behind(ns):
    """The same short run gives the same result before and after a refused one."""

    def short_run():
        good = ns.DtocExperimentConfig()
        step = ns.DtocLoadStep()
        step.duration = ns.Seconds(4)
        step.loadPercent = 50
        good.pattern.clear()
        good.pattern.push_back(step)
        good.warmup = ns.Seconds(1)
        assert good.Validate() == ""
        result = ns.RunDtocExperiment(good)
        return list(result.outcomes), result.usefulPercent, result.events

    before = short_run()
    run, config, _ = dtoc(ns)
    with pytest.raises(Exception):
        run(config)
    assert short_run() == before
    assert sum(before[0]) > 0


def _tcp_host_over_stock_tcp(ns):
    """TcpHostHelper on a node ns-3's InternetStackHelper has equipped: its
    ns3::TcpSocketFactory would give stock sockets beside the suite's."""
    node = ns.CreateObject[ns.Node]()
    try:
        ns.InternetStackHelper().Install(node)
        ns.TcpHostHelper().Install(node)
    finally:
        ns.Simulator.Destroy()  # the node leaves the node list: later tests' IDs start at 0


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda ns: ns.TcpHostHelper().SetProfile("Linux-7"), "unknown profile 'Linux-7'"),
        (lambda ns: ns.TcpHostHelper().SetTimeWaitTableAttribute("Bogus", ns.UintegerValue(1)),
         "has no attribute 'Bogus'"),
        (lambda ns: ns.RunProxyExperiment(_with(ns.ProxyExperimentConfig(), duration=1e12)),
         "at most 86400 s"),
        (lambda ns: ns.RunBufferAllocation(_with(ns.BufferAllocationConfig(), duration=float("inf"))),
         "at most 86400 s"),
        (lambda ns: ns.RunProxyExperiment(_with(ns.ProxyExperimentConfig(), clients=10**9)),
         "1000000000 clients need about"),
        (lambda ns: ns.RunDtocExperiment(_dtoc_lasting(ns, ns.Seconds(1e9))), "at most 86400 s"),
        (_tcp_host_over_stock_tcp, "already has ns-3's TCP"),
        (lambda ns: ns.TwAvoidWebStoneExperiment(
            _with(ns.TwAvoidWebStoneConfig(), measure=ns.Seconds(1e9))), "at most 86400 s"),
    ],
)
def test_issue_39_calls_raise_not_abort(ns, call, message):
    """Each of these ended the interpreter (an abort) or ran for ever."""
    with pytest.raises(Exception, match=message):
        call(ns)


@pytest.mark.parametrize(
    "make, field",
    [
        (lambda ns: ns.DtocExperimentConfig(), "timeout"),
        (lambda ns: ns.DtocLoadStep(), "duration"),
    ],
)
def test_a_time_field_refuses_a_bare_number(ns, make, field):
    """config.timeout = 10 became 10 ns without a word (issue 39)."""
    config = make(ns)
    before = getattr(config, field).GetSeconds()
    with pytest.raises(TypeError, match=r"is a Time: give one, e\.g\. ns\.Seconds\(10\)"):
        setattr(config, field, 10)
    assert getattr(config, field).GetSeconds() == before, "a refused value is not taken"
    setattr(config, field, ns.Seconds(10))
    assert getattr(config, field).GetSeconds() == 10


def _dtoc_lasting(ns, duration):
    """A DTOC configuration of one load step that lasts the time given."""
    config = ns.DtocExperimentConfig()
    step = ns.DtocLoadStep()
    step.duration = duration
    step.loadPercent = 50
    config.pattern.clear()
    config.pattern.push_back(step)
    return config


def _with(config, **fields):
    for name, value in fields.items():
        setattr(config, name, value)
    return config
