"""The DTOC experiment driven from Python (cppyy), as a researcher would."""


def short_overload(ns, strategy, **fields):
    """40 s at 200 % load (25 s warm-up), users of 5 s patience; fields set
    more of the configuration."""
    config = ns.DtocExperimentConfig()
    config.strategy = strategy
    for name, value in fields.items():
        setattr(config, name, value)
    config.timeout = ns.Seconds(5)
    step = ns.DtocLoadStep()
    step.duration = ns.Seconds(40)
    step.loadPercent = 200
    config.pattern.clear()
    config.pattern.push_back(step)
    config.warmup = ns.Seconds(25)
    assert config.Validate() == ""
    return ns.RunDtocExperiment(config)


def test_dtoc_beats_regular_under_overload_from_python(ns):
    """With 5 s of patience at 200 % load the regular server serves only the
    dead; DTOC drops them and serves the living."""
    regular = short_overload(ns, "regular")
    dtoc = short_overload(ns, "dtoc")
    assert regular.usefulPercent < 1
    assert regular.deadCpuPercent > 95
    assert dtoc.usefulPercent > 60
    assert dtoc.serverDropped > 100
    assert len(dtoc.timeline) == 4


def test_dtoc_config_rejects_bad_input(ns):
    config = ns.DtocExperimentConfig()
    config.strategy = "fifo"
    assert "unknown strategy" in config.Validate()
    assert len(ns.DtocExperimentConfig.Day("busy", ns.Seconds(60))) == 9
    assert len(ns.DtocExperimentConfig.Day("holiday", ns.Seconds(60))) == 0


def test_kernel_accept_queue_from_python(ns):
    """Linux's accept queue in place of the application's: a full queue drops
    SYNs and last ACKs (ListenDrops, the server_refused column) and the
    clients see no refusal, only waiting; with tcp_abort_on_overflow they
    get an RST, a refused request."""
    dropped = short_overload(ns, "dtoc", acceptQueue="kernel")
    aborted = short_overload(ns, "dtoc", acceptQueue="kernel", abortOnOverflow=True)
    assert dropped.serverRefused > 100
    assert dropped.outcomes[ns.DtocClient.REFUSED] == 0
    assert aborted.outcomes[ns.DtocClient.REFUSED] > 0
    assert ns.TcpListenQueue.TimeoutsIn(ns.Seconds(3)) == 2


def test_kernel_queue_config_rejects_what_accept_cannot_do(ns):
    config = ns.DtocExperimentConfig()
    config.acceptQueue = "kernel"
    config.strategy = "lifo"
    assert "needs the application's queue" in config.Validate()
    config.acceptQueue = "socket"
    assert "the accept queue is 'application' or 'kernel'" in config.Validate()


def test_retry_policies_from_python(ns):
    """Users who retry 3 times at 200 % load: at once, every timed-out
    attempt is sent again; within one budget for all users (Finagle's: 20 %
    of the last 10 s's requests plus 10 a second), some retries are refused,
    so fewer are made."""
    config = ns.DtocExperimentConfig()
    config.retryPolicy = "later"
    assert "unknown retry policy 'later'" in config.Validate()
    immediate = short_overload(ns, "regular", retries=3)
    budget = short_overload(ns, "regular", retries=3, retryPolicy="budget")
    assert immediate.retries > 0 and immediate.retriesRefused == 0
    assert budget.retriesRefused > 0
    assert budget.retries < immediate.retries


def test_fluid_model_from_python(ns):
    """The fluid model's sustained state at the metastable scenario's
    defaults, and none for DTOC."""
    model = ns.DtocFluidModel()
    state = model.Sustained()
    assert state.exists and abs(state.offered - 170.54) < 0.01
    assert state.goodput == 0 and model.Normal().exists
    model.service = ns.DtocFluidModel.DROP_DEAD
    assert not model.Sustained().exists
