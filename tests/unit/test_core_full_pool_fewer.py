"""A leak under a pool kept full (outsider s117): a low-priority batch tier backfills the KV
pool of a node running vLLM's priority scheduling, so the pool sits at 0.97 all day and cannot
rise. A leak's blocks then take the place of requests: the same full pool holds ever fewer of
them, and the queue grows. Its peers, backfilled alike, hold as many as ever."""

from __future__ import annotations

from collections.abc import Callable

from correlator.config import load_rules
from tests.timeline import T0, NodeSpec, S, node_records, opened_incidents

RULES = load_rules()
LEAK = 1800.0


def full(t: float) -> float:
    return 96.5 + 0.5 * ((t % 60) / 60)


def causes(running: Callable[[float], float]) -> list[tuple[str, float]]:
    spec = NodeSpec(kv_pct=full, running=running)
    return [(i.cause, (i.opened_ns - T0) / S) for i in opened_incidents(node_records(spec, 5400), RULES)]


def test_a_full_pool_holding_ever_fewer_requests_is_a_leak() -> None:
    found = causes(lambda t: 86.0 - 60.0 * min(1.0, max(0.0, t - LEAK) / 3600))
    assert [c for c, _ in found] == ["session_isolation"]
    assert LEAK + 600 < found[0][1] < LEAK + 2400


def test_a_full_pool_holding_as_many_as_ever_pages_nothing() -> None:
    assert causes(lambda t: 86.0 + (3.0 if int(t) % 120 < 60 else -3.0)) == []


def test_an_engine_snapshot_from_before_the_running_ring_restores_with_it_empty() -> None:
    import pickle

    from correlator.core.nodestate import EngineTrack

    e = EngineTrack(cap=120)
    e.kv_by_minute.push(97.0)
    state = dict(e.__dict__)
    del state["running_by_minute"]
    old = EngineTrack.__new__(EngineTrack)
    old.__setstate__(pickle.loads(pickle.dumps(state)))
    assert old.kv_by_minute.tail(32) == [97.0] and old.running_by_minute.tail(32) == []
    old.running.push(12.0)
    for _ in range(old.per_minute):
        old.close_minutes()
    assert old.running_by_minute.tail(32) == [12.0]
