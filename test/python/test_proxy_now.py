"""The proxy-now experiment's check on made-up rows: each claim is decided
on the runs two configurations share (the same RngRun), at every client
count; a claim whose differences straddle zero is undecided, one whose
order is reversed does not hold; the points cover every size, placement and
tcp_tw_reuse, run 1 of each first."""

from figures_lib.experiments.proxy_now import ALL, CLAIMED, SCALES, ProxyNow

COLUMNS = ("unavailable", "upstream_opened", "tw_reused", "proxy_time_wait", "proxy_time_wait_peak",
           "mean_wait_s", "requests", "refused", "events", "tw_overflows", "listen_drops",
           "memory_peak_bytes", "response_small_s", "response_large_s")  # fmt: skip


def made_up_rows(errors, origin_tw, mb):
    """One row per paper point; errors/origin_tw/mb(clients, placement, reuse, run)."""
    rows = []
    for point in ProxyNow().points("paper"):
        n, p, reuse, run = (int(point.param("clients")), point.param("placement"),
                            point.param("twReuse"), int(point.param("RngRun")))  # fmt: skip
        row = {"clients": str(n), "servers": "1", "placement": p, "tw_reuse": reuse, "run": str(run),
               "connect_errors": str(errors(n, p, reuse, run)),
               "origin_time_wait": str(origin_tw(n, p, reuse, run)),
               "bytes_moved": str(int(mb(n, p, reuse, run) * 1e6))}  # fmt: skip
        row.update({c: "1" for c in COLUMNS})
        rows.append(row)
    return rows


def test_points_cover_the_grid_run_one_first():
    points = ProxyNow().points("paper")
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
