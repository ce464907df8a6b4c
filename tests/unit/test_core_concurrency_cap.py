"""``concurrency_capped``: requests queue at an engine held at a fixed number running while its
KV pool has room (outsider s177: a values file meant for the latency tier capped a chat
server's ``max_num_seqs`` at 16; its users gave up in the queue, aborts rose, nothing grew)."""

from __future__ import annotations

import math
from collections.abc import Callable

from correlator.config import load_rules
from tests.timeline import NodeSpec, merged, node_records, opened_incidents

RULES = load_rules()
CAP_AT = 900.0


def causes(kv: float, running: Callable[[float], float], waiting: Callable[[float], float]) -> list[str]:
    spec = NodeSpec(kv_pct=lambda t: kv + 3 * math.sin(t / 40), running=running, waiting=waiting)
    return [i.cause for i in opened_incidents(merged(node_records(spec, 2400)), RULES)]


def usual(t: float) -> float:
    return 12 + 3 * math.sin(t / 25)


def capped(t: float) -> float:
    return usual(t) if t < CAP_AT else 16.0


def queue(t: float) -> float:
    return 0.0 if t < CAP_AT else 9 + 5 * math.sin(t / 30)


def test_requests_queueing_at_a_fixed_number_running_with_room_in_the_pool_page() -> None:
    assert causes(20, capped, queue) == ["concurrency_capped"]


def test_a_full_pool_queueing_requests_is_not_a_concurrency_cap() -> None:
    """Requests wait for blocks: memory's doing (a leak, or a load the pool cannot hold)."""
    assert "concurrency_capped" not in causes(93, capped, queue)


def test_counts_frozen_in_place_are_a_hung_engine_not_a_cap() -> None:
    assert "concurrency_capped" not in causes(20, capped, lambda t: 0.0 if t < CAP_AT else 3.0)


def test_a_queue_beside_a_moving_number_running_is_not_a_cap() -> None:
    """A burst that the engine takes in as it can: the number running moves with it."""
    assert "concurrency_capped" not in causes(20, lambda t: 10 + 8 * abs(math.sin(t / 20)), queue)


def test_the_cap_is_named_with_what_it_holds() -> None:
    spec = NodeSpec(kv_pct=lambda t: 20.0, running=capped, waiting=queue)
    first = opened_incidents(merged(node_records(spec, 2400)), RULES)[0]
    detail = first.evidence[0].detail
    assert first.cause == "concurrency_capped" and "held at 16 requests running" in detail
    assert "max_num_seqs" in detail
