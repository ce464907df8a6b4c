"""A hung engine (outsider s53): one rank deadlocks in a collective; vLLM keeps answering
its metrics endpoint with the values it had (20 requests running, its token counters
still), so none of its own alerts can fire; only the gateway's 5xx alerts tell. It used to
page nothing. A drained node's counters stand still too, with nothing running."""

from __future__ import annotations

from collections.abc import Callable

from correlator.config import load_rules
from correlator.wire.records import Record, SampleRecord
from tests.timeline import T0, NodeSpec, S, merged, node_records, opened_incidents

RULES = load_rules()
HANG = 1800.0
STOP = 'vllm:request_success_total{finished_reason="stop"}'


def engine(running: Callable[[float], float], hang: bool, tokens: bool = True) -> list[Record]:
    """Token counters follow the finished requests, and stand still from HANG if ``hang``
    (every other reading frozen as well, the running requests included)."""
    records = merged(node_records(NodeSpec(running=running, kv_pct=lambda t: 40.0), 3600))
    frozen: dict[str, float] = {}
    for r in records:
        if isinstance(r, SampleRecord) and r.source == "vllm":
            if tokens:
                r.metrics["vllm:prompt_tokens_total"] = r.metrics[STOP] * 900.0
                r.metrics["vllm:generation_tokens_total"] = r.metrics[STOP] * 300.0
            if hang and (r.ts_ns - T0) / S >= HANG:
                if not frozen:
                    frozen = dict(r.metrics)
                r.metrics.update(frozen)
    return records


def causes(records: list[Record]) -> list[tuple[str, float]]:
    return [(i.cause, (i.opened_ns - T0) / S) for i in opened_incidents(records, RULES)]


def test_an_engine_with_requests_running_and_no_token_processed_is_paged_as_stalled() -> None:
    found = causes(engine(lambda t: 20.0, hang=True))
    assert [c for c, _ in found] == ["engine_stalled"]
    after = RULES.hypotheses.engine_stall.after_s
    assert HANG + after <= found[0][1] <= HANG + after + 60


def test_an_idle_engine_whose_counters_stand_still_is_not_stalled() -> None:
    """The drained node: nothing running, nothing counted."""
    drained = engine(lambda t: 20.0, hang=True)
    for r in drained:
        if isinstance(r, SampleRecord) and r.source == "vllm" and (r.ts_ns - T0) / S >= HANG:
            r.metrics["vllm:num_requests_running"] = 0.0
    assert causes(drained) == []
    assert causes(engine(lambda t: 20.0, hang=False)) == []


def test_an_engine_without_token_counters_is_not_judged() -> None:
    assert causes(engine(lambda t: 20.0, hang=True, tokens=False)) == []
