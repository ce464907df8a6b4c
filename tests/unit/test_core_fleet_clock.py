"""Fleet time with a node whose clock is wrong (broken NTP): the other nodes must not look
silent, a real partition must still be found, and the end of a recording in which one node's
records run on must not make the others unreachable (bench/outsider s21)."""

from __future__ import annotations

from collections.abc import Iterable

from correlator.config import load_rules
from correlator.core import Engine
from correlator.wire.incidents import Incident
from correlator.wire.records import Record
from tests.timeline import T0, NodeSpec, S, merged, node_records, opened_incidents, sawtooth

RULES = load_rules()
NODES = [f"gpu-node-0{i}" for i in range(1, 6)]


def fleet(seconds: float, until: dict[str, float] | None = None) -> list[Record]:
    """Five healthy nodes; ``until`` cuts a node's records off (a partition)."""
    streams = []
    for i, name in enumerate(NODES):
        spec = NodeSpec(node=name, kv_pct=sawtooth(30, 12, 200, phase=17.0 * i))
        recs: Iterable[Record] = node_records(spec, seconds, step=5.0 + i)
        stop = (until or {}).get(name)
        if stop is not None:
            recs = [r for r in recs if r.ts_ns < T0 + int(stop * S)]
        streams.append(iter(list(recs)))
    return merged(*streams)


def skewed(records: list[Record], skew_s: dict[str, float]) -> list[tuple[int, Record]]:
    """(arrival time, record): each node's records stamped by its own clock, arriving in
    real time, as a live agent publishes them."""
    out = []
    for r in records:
        off = int(skew_s.get(r.node, 0.0) * S)
        out.append((r.ts_ns, r.model_copy(update={"ts_ns": r.ts_ns + off}) if off else r))
    return out


def run(records: Iterable[Record]) -> list[Incident]:
    return opened_incidents(records, RULES)


def in_arrival_order(pairs: list[tuple[int, Record]]) -> list[Record]:
    return [r for _, r in sorted(pairs, key=lambda p: p[0])]


def in_event_time(pairs: list[tuple[int, Record]]) -> list[Record]:
    return sorted((r for _, r in pairs), key=lambda r: r.ts_ns)


def test_a_node_whose_clock_runs_minutes_ahead_does_not_make_the_others_unreachable() -> None:
    live = skewed(fleet(1500), {"gpu-node-04": 150.0, "gpu-node-02": -40.0})
    assert run(in_arrival_order(live)) == []


def test_without_the_robust_clock_the_same_fleet_pages_every_other_node() -> None:
    """The control: fleet time as the newest event time of all (the old clock) takes the
    node 150 s ahead for the fleet's time, and the others for silent."""
    old_clock = RULES.alignment.model_copy(update={"fleet_clock_outlier_s": 1e9, "node_clock_slack_s": 1e9})
    rules = RULES.model_copy(update={"alignment": old_clock})
    eng = Engine(rules)
    causes = set()
    for r in in_arrival_order(skewed(fleet(1500), {"gpu-node-04": 150.0})):
        causes |= {i.cause for i in eng.process(r).incidents}
    assert "node_unreachable" in causes


def test_a_partition_is_still_found_beside_a_node_whose_clock_is_wrong() -> None:
    live = skewed(fleet(1500, until={"gpu-node-03": 900.0}), {"gpu-node-04": 150.0, "gpu-node-02": -40.0})
    incidents = run(in_arrival_order(live))
    assert [(i.cause, i.nodes) for i in incidents] == [("node_unreachable", ["gpu-node-03"])]
    opened_s = (incidents[0].opened_ns - T0) / S
    assert 900 < opened_s <= 900 + 45 + 40  # the silence timeout and a few ticks


def test_a_recording_whose_one_node_runs_on_after_the_others_end_pages_nothing() -> None:
    """Replayed in event-time order, the node 150 s ahead has the recording's last 150 s
    to itself; the others' data has simply ended."""
    assert run(in_event_time(skewed(fleet(1500), {"gpu-node-04": 150.0, "gpu-node-02": -40.0}))) == []


def test_a_fleet_whose_nodes_all_fall_silent_still_sees_time_pass_on_the_wall_clock() -> None:
    """The clamp is for fleet time taken from the records; a shell's wall clock (live ingest,
    a worker's quiet partition) advances the fleet as it is, or a rack that loses every node
    at once would never be found unreachable."""
    eng = Engine(RULES)
    for r in fleet(900):
        eng.process(r)
    opened: list[Incident] = []
    for t in range(910, 1200, 10):
        opened += eng.advance(T0 + t * S).incidents
    unreachable = {n for i in opened if i.cause == "node_unreachable" for n in i.nodes}
    assert unreachable == set(NODES)
