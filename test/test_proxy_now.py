"""The proxy-now experiment's check on made-up rows: each claim is decided
on the runs two configurations share (the same RngRun), at every client
count; a claim whose differences straddle zero is undecided, one whose
order is reversed does not hold; the points cover every size, placement and
tcp_tw_reuse, run 1 of each first; each of the sources' cures is set
against none of them, run by run."""

import pytest

from figures_lib.experiments.proxy_now import ALL, CLAIMED, CURES, CURES_VALUES, SCALES, ProxyNow

COLUMNS = ("unavailable", "upstream_opened", "tw_reused", "proxy_time_wait", "proxy_time_wait_peak",
           "mean_wait_s", "requests", "refused", "events", "tw_overflows", "listen_drops",
           "pool_bytes", "memory_peak_bytes", "pressure_s", "response_small_s",
           "response_large_s")  # fmt: skip


def made_up_rows(errors, origin_tw, mb, other=lambda point, column: 1):
    """One row per paper point; errors/origin_tw/mb(clients, placement, reuse, run),
    other(point, column) the rest."""
    rows = []
    for point in ProxyNow().points("paper"):
        n, p, reuse, run = (int(point.param("clients")), point.param("placement"),
                            point.param("twReuse"), int(point.param("RngRun")))  # fmt: skip
        row = {"clients": str(n), "servers": "1", "placement": p, "tw_reuse": reuse,
               "scheme": str(point.param("scheme")), "origins": "datacentre", "run": str(run),
               "connect_errors": str(errors(n, p, reuse, run)),
               "origin_time_wait": str(origin_tw(n, p, reuse, run)),
               "bytes_moved": str(int(mb(n, p, reuse, run) * 1e6))}  # fmt: skip
        row.update({c: str(other(point, c)) for c in COLUMNS})
        rows.append(row)
    return rows


def test_points_cover_the_grid_run_one_first():
    points = ProxyNow().budget_points("paper")
    sizes = SCALES["paper"]
    assert len(points) == sum(runs * len(configurations) for _, runs, _, configurations in sizes)
    first = sum(len(configurations) for _, _, _, configurations in sizes)
    assert {int(p.param("RngRun")) for p in points[:first]} == {1}
    assert {int(p.param("clients")) for p in points[:first]} == {n for n, _, _, _ in sizes}
    # Every claim's two configurations are run at every size.
    assert set(CLAIMED) <= set(ALL)
    for n, _, duration, configurations in sizes:
        assert set(CLAIMED) <= set(configurations)
        assert all(float(p.param("duration")) == duration for p in points if int(p.param("clients")) == n)


def test_claims_decided_per_size(tmp_path):
    def errors(n, p, reuse, run):
        if n != 50000 or p != "swap":
            return 0
        return (9000 + 100 * run) if reuse == "Off" else (2000 + 50 * run)

    def origin_tw(n, p, reuse, run):
        return 5 + run if p == "swap" else 3000 + 10 * run

    def mb(n, p, reuse, run):
        if n == 10000:
            return 100 + (-1) ** run * 5 if p == "swap" else 100  # straddles: undecided
        return 80 + run if p == "swap" and n == 50000 else 100 + run

    text = ProxyNow().outputs("paper", made_up_rows(errors, origin_tw, mb), tmp_path)
    claims = [line.strip() for line in text.splitlines() if line.startswith("  ") and " clients: " in line]
    assert len(claims) == 4 * len(SCALES["paper"])

    def verdict(n, start):
        (line,) = [c for c in claims if c.split()[0] == str(n) and start in c]
        return line

    assert "the swap close costs the proxy connect()s" in verdict(50000, "swap close costs the proxy connect")
    assert ": holds (" in verdict(50000, "swap close costs the proxy connect")
    assert ": holds (" in verdict(50000, "tcp_tw_reuse=1 gives")
    assert ": DOES NOT HOLD (" in verdict(5000, "swap close costs the proxy connect")  # all zero
    assert ": holds (" in verdict(5000, "moves the origin's TIME_WAIT")
    assert ": undecided (" in verdict(10000, "costs the proxy bytes")
    assert ": holds (" in verdict(50000, "costs the proxy bytes")
    assert ": DOES NOT HOLD (" in verdict(5000, "costs the proxy bytes")  # swap moved more there
    assert (tmp_path / "proxy-now-readme.md").is_file()
    assert (tmp_path / "proxy-now.csv").read_text().count("\n") == len(ProxyNow().points("paper")) + 1


def test_each_cure_against_none_of_them(tmp_path):
    """Made up: scheme 3 (E2-ATBT + management) takes 30 MB more socket
    memory, today's initial window and quick ACKs answer small documents
    0.7 s sooner, nothing else moves. The cures' table says up and down
    exactly there, ~ elsewhere; all together shows both."""
    def other(point, column):
        run = int(point.param("RngRun"))
        attributes = "ns3::TcpSocket::InitialCwnd" in dict(point.params)
        if column == "memory_peak_bytes":
            return int(10e6 + run + (30e6 if int(point.param("scheme")) == 3 else 0))
        if column == "response_small_s":
            return 1.2 + run / 100 if attributes else 0.5 + run / 100
        return 1

    experiment = ProxyNow()
    cure_points = [p for points in experiment.cure_points("paper").values() for p in points]
    assert set(cure_points) <= set(experiment.points("paper"))
    assert len(experiment.points("paper")) == len(experiment.budget_points("paper")) + 4 * SCALES["paper"][0][1]
    rows = made_up_rows(lambda *a: 0, lambda *a: 0, lambda *a: 100, other)
    text = experiment.outputs("paper", rows, tmp_path)
    lines = text.splitlines()

    def changes(label):
        i = next(k for k, x in enumerate(lines) if x.strip().startswith(label) and len(x.split()) > 4)
        return dict(zip(CURES_VALUES, [" ".join(c) for c in zip(*[iter(lines[i + 1].split())] * 2)]))

    e2atbt, iw, swap, together = (changes(label) for label in list(CURES)[1:])
    assert e2atbt["memory_peak_mb"] == "up +30" and e2atbt["response_small_s"].startswith("~")
    assert iw["response_small_s"] == "down -0.7" and iw["memory_peak_mb"].startswith("~")
    assert all(v.startswith("~") for v in swap.values()), swap
    assert together["memory_peak_mb"] == "up +30" and together["response_small_s"] == "down -0.7"
    header = (tmp_path / "proxy-now.csv").read_text().splitlines()[0].split(",")
    assert header[:3] == ["initial_cwnd", "delayed_ack", "clients"]


def test_rows_out_of_the_points_order_refused(tmp_path):
    rows = made_up_rows(lambda *a: 0, lambda *a: 0, lambda *a: 100)
    rows[0], rows[1] = rows[1], rows[0]
    with pytest.raises(ValueError, match="for the point"):
        ProxyNow().outputs("paper", rows, tmp_path)
