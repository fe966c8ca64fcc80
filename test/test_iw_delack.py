"""The seed-002 GET driven from Python (cppyy): a page case, its trace
compared with the page's, and a configuration of one's own."""


def test_figure_3_3_from_python(ns):
    """Figure 3.3 at its documented phase: the page's trace, one delayed ACK
    of about 200 ms."""
    result = ns.RunIwDelack(ns.IwDelackCase("3.3"))
    assert result.completed
    assert 0.170 <= result.transferTime <= 0.230
    assert result.delayedAcks == 1
    assert ns.CompareWithPage(result.trace, result.clientPort, "3.3").same
    assert "ack 7017" in result.trace[12].Format(13, result.clientPort)


def test_today_iw10_beats_the_solaris_delayed_ack(ns):
    """Against the Solaris client, IW 10 sends the whole response in the
    first flight: no tick is waited for, at any phase tried."""
    config = ns.IwDelackCase("3.3")
    config.serverProfile = "Linux-6-no-tcp-options"
    config.serverInitialWindow = 10
    config.clientTick = 0.05
    assert config.Validate() == ""
    result = ns.RunIwDelack(config)
    assert result.delayedAcks == 0
    assert result.transferTime < 0.010


def test_iw_delack_config_rejects_bad_input(ns):
    config = ns.IwDelackConfig()
    config.clientProfile = "BeOS"
    assert "unknown host profile 'BeOS'" in config.Validate()
    config = ns.IwDelackConfig()
    config.serverInitialWindow = 0
    assert "initial windows" in config.Validate()
    config = ns.IwDelackConfig()
    config.linkRate = "fast"
    assert "not a data rate" in config.Validate()
