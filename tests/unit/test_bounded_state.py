"""State must not grow with stream length: every keyed piece of state has a bound or expiry."""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Iterator

import pytest

from correlator.config import load_rules
from correlator.core import Engine
from correlator.wire.records import EventRecord, Record
from tests.timeline import NodeSpec, alert, at, node_records, sawtooth

RULES = load_rules()


def busy_node(hours: float) -> Iterator[Record]:
    """A node with new sessions, new alerts and request events all the time."""
    spec = NodeSpec(kv_pct=sawtooth(30, 12, 200))
    n = 0
    for rec in node_records(spec, hours * 3600):
        yield rec
        if rec.source == "vllm":
            n += 1
            t = (rec.ts_ns - at(0)) / 1e9
            yield EventRecord(v=1, ts_ns=rec.ts_ns, node=spec.node, source="vllm", kind="event",
                              event="request_finished",
                              attrs={"request_id": f"r{n}", "finish_reason": "stop",
                                     "tenant": f"t{n % 7}", "session": f"s{n}", "prompt_tokens": 900})
            if n % 12 == 0:
                yield alert(spec.node, t, f"Flappy{n % 500}", "warning", "firing" if n % 24 else "resolved")


def traced_size(engine: Engine, records: Iterator[Record], hours_checkpoints: list[float]) -> list[int]:
    sizes = []
    marks = [at(h * 3600) for h in hours_checkpoints]
    for rec in records:
        engine.process(rec)
        if marks and rec.ts_ns >= marks[0]:
            marks.pop(0)
            gc.collect()
            sizes.append(tracemalloc.get_traced_memory()[0])
    return sizes


def test_engine_memory_is_flat_from_two_to_twelve_hours() -> None:
    tracemalloc.start()
    try:
        engine = Engine(RULES)
        base = tracemalloc.get_traced_memory()[0]
        sizes = traced_size(engine, busy_node(12.05), [2, 6, 12])
    finally:
        tracemalloc.stop()
    grown = [s - base for s in sizes]
    # Bounded: what 10 more hours add is small next to what the first 2 hours built.
    assert grown[2] - grown[0] < 0.15 * grown[0], grown
    node = engine.nodes["gpu-node-01"]
    assert len(node.state.sessions.sessions) <= RULES.features.max_sessions_per_node
    assert len(node.alerts.alerts) <= RULES.alert_grouping.max_alerts_per_node
    assert node.aligner.pending() < 100
    assert all(len(s) <= node.w.history for g in node.state.gpus.values() for s in g.series())


def test_silent_nodes_are_forgotten_after_their_ttl_and_their_incident_resolved() -> None:
    engine = Engine(RULES)
    incidents = []
    for rec in node_records(NodeSpec(node="gone"), 600):
        incidents += engine.process(rec).incidents
    for rec in node_records(NodeSpec(node="stays"), RULES.features.node_ttl_s + 1800):
        incidents += engine.process(rec).incidents
    assert "gone" not in engine.nodes and "stays" in engine.nodes
    assert engine.stats.nodes_expired == 1
    # It went silent, so it was paged as unreachable; forgetting it resolves that incident.
    assert [(i.status, i.cause) for i in incidents] == [("open", "node_unreachable"),
                                                       ("resolved", "node_unreachable")]


def test_a_node_snapshot_from_an_older_build_restores_with_new_attributes() -> None:
    import pickle

    engine = Engine(RULES)
    for rec in node_records(NodeSpec(node="n1"), 300):
        engine.process(rec)
    node = engine.fleet.nodes["n1"]
    state = node.__getstate__()
    assert state["_state_version"] == 2
    del state["_suppressed"]  # as a snapshot taken before that attribute existed
    old = pickle.loads(pickle.dumps(node))
    old.__setstate__(state)
    assert old._suppressed == frozenset()
    for rec in node_records(NodeSpec(node="n1"), 320):
        if rec.ts_ns > node.aligner.max_ns:
            old.push(rec)  # type: ignore[arg-type]


def test_a_jump_in_event_time_costs_a_bounded_number_of_evaluations(monkeypatch: pytest.MonkeyPatch) -> None:
    """A node silent for two years, or a clock that jumped: the gap is not walked tick by tick
    (that took minutes per node), yet the node is evaluated again when its records resume."""
    from correlator.core.node_engine import NodeEngine

    calls: list[int] = []
    original = NodeEngine._evaluate

    def counted(self: NodeEngine, tick_ns: int, out: object) -> None:
        calls.append(tick_ns)
        original(self, tick_ns, out)  # type: ignore[arg-type]

    monkeypatch.setattr(NodeEngine, "_evaluate", counted)
    engine = Engine(RULES)
    for rec in node_records(NodeSpec(node="n1"), 600):
        engine.process(rec)
    before = len(calls)
    jump = 2 * 365 * 86400
    later = [r.model_copy(update={"ts_ns": r.ts_ns + jump * 1_000_000_000})
             for r in node_records(NodeSpec(node="n1"), 300)]
    for rec in later:
        engine.process(rec)
    history = engine.nodes["n1"].w.history
    assert len(calls) - before <= 2 * history + 300 // RULES.features.tick_s + 5
    assert calls[-1] >= later[-1].ts_ns - 2 * engine.nodes["n1"].w.tick_ns  # evaluated again
    assert calls == sorted(calls) and len(set(calls)) == len(calls)


def test_an_aligner_snapshot_from_before_per_stream_clocks_restores() -> None:
    import pickle

    engine = Engine(RULES)
    for rec in node_records(NodeSpec(node="n1"), 300):
        engine.process(rec)
    aligner = engine.fleet.nodes["n1"].aligner
    state = dict(aligner.__dict__)
    del state["streams"]  # as a snapshot taken before that attribute existed
    old = pickle.loads(pickle.dumps(aligner))
    old.__dict__.clear()
    old.__setstate__(state)
    assert set(old.streams) == {(s, -1) for s in aligner.sources}
    assert old.watermark() <= aligner.max_ns
    for rec in node_records(NodeSpec(node="n1"), 320):
        if rec.ts_ns > aligner.max_ns:
            assert old.push(rec) is None  # type: ignore[arg-type]


def test_an_engine_track_from_before_the_minute_rings_restores_and_fills_them() -> None:
    import pickle

    engine = Engine(RULES)
    for rec in node_records(NodeSpec(node="n1"), 300):
        engine.process(rec)
    track = engine.fleet.nodes["n1"].state.engines["0"]
    state = dict(track.__dict__)
    del state["kv_by_minute"], state["demand_by_minute"], state["per_minute"]  # an older snapshot
    old = pickle.loads(pickle.dumps(track))
    old.__dict__.clear()
    old.__setstate__(state)
    assert len(old.kv_by_minute.tail(32)) == 0
    for _ in range(2 * old.per_minute):
        old.close_minutes()
    assert len(old.kv_by_minute.tail(32)) == 2 == len(old.demand_by_minute.tail(32))


def test_minute_rings_hold_means_or_sums_of_their_ticks_and_stay_bounded() -> None:
    import math

    from correlator.core.series import MinuteRing

    means, sums = MinuteRing(4, 3), MinuteRing(4, 3, mode_sum=True)
    ticks = [1.0, 2.0, 3.0, math.nan, math.nan, math.nan, 4.0, math.nan, 8.0] + [1.0] * 30
    for v in ticks:
        means.add(v)
        sums.add(v)
    assert len(means.tail(100)) == 4  # 13 minutes went by, the ring keeps 4
    fresh_means, fresh_sums = MinuteRing(4, 3), MinuteRing(4, 3, mode_sum=True)
    for v in ticks[:9]:
        fresh_means.add(v)
        fresh_sums.add(v)
    got = fresh_means.tail(3)
    assert got[0] == 2.0 and math.isnan(got[1]) and got[2] == 6.0
    assert fresh_sums.tail(3)[0] == 6.0 and fresh_sums.tail(3)[2] == 12.0
