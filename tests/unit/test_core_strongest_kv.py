"""Which of a node's engines the KV view judges: the one whose pool rises most convincingly,
never one whose pool is emptying (outsider s316: four per-GPU servers; a neighbour's pool
falling took the view from the leaking server for 20 minutes)."""

from __future__ import annotations

from collections.abc import Callable

from correlator.config import load_rules
from correlator.core.engine import Engine
from correlator.wire.records import Record
from tests.timeline import NodeSpec, node_records, per_gpu_node

RULES = load_rules()


def per_gpu(kvs: list[Callable[[float], float]], end: float) -> list[Record]:
    return per_gpu_node(node_records(NodeSpec(kv_pct=kv, running=lambda t: 8.0), end) for kv in kvs)


def judged(records: list[Record]) -> str:
    engine = Engine(RULES)
    for r in records:
        engine.process(r)
    state = next(iter(engine.fleet.nodes.values()))
    f = state.features(engine.fleet.now_ns)
    assert f.kv is not None
    return f.kv.engine


def test_a_pool_filling_slowly_is_judged_over_one_emptying_fast() -> None:
    def filling(t: float) -> float:  # 0.5 pp/min up
        return 40.0 + 0.5 * t / 60

    def emptying(t: float) -> float:  # 3 pp/min down
        return 90.0 - 3.0 * t / 60

    assert judged(per_gpu([emptying, filling], 1200)) == "0 on GPU 1"
    assert judged(per_gpu([filling, emptying], 1200)) == "0 on GPU 0"


def test_where_no_pool_rises_the_fullest_is_judged() -> None:
    def full(t: float) -> float:
        return 92.0 - 0.2 * t / 60

    def emptying(t: float) -> float:
        return 60.0 - 2.0 * t / 60

    assert judged(per_gpu([emptying, full], 1200)) == "0 on GPU 1"

