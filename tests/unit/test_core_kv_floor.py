"""A leak behind a wide saw-tooth of long documents (outsider s36), as timelines: the
saw-tooth's floor path and the usual prompt size taken from vLLM's counters."""

from __future__ import annotations

import random
from collections.abc import Callable

from correlator.config import load_rules
from correlator.config.model import RuleSet
from correlator.core.trends import bucket_floors
from correlator.wire.records import Record, SampleRecord
from tests.timeline import T0, NodeSpec, S, merged, node_records, opened_incidents, sawtooth

RULES = load_rules()
STOP = 'vllm:request_success_total{finished_reason="stop"}'


def causes(records: list[Record], rules: RuleSet = RULES) -> list[tuple[str, float]]:
    return [(i.cause, (i.opened_ns - T0) / S) for i in opened_incidents(records, rules)]


def with_floor_weight(weight: float) -> RuleSet:
    si = RULES.hypotheses.session_isolation.model_copy(update={"floor_weight": weight})
    return RULES.model_copy(update={"hypotheses": RULES.hypotheses.model_copy(
        update={"session_isolation": si})})


def long_documents(records: list[Record], tokens: float) -> list[Record]:
    """Every request a long document: vLLM's prompt-token counter grows by ``tokens`` per
    finished request (no request events: only the counters tell the prompt size)."""
    for r in records:
        if isinstance(r, SampleRecord) and r.source == "vllm":
            r.metrics["vllm:prompt_tokens_total"] = r.metrics[STOP] * tokens
    return records


def leaking_floor(rise_per_min: float) -> Callable[[float], float]:
    """A 40-point saw-tooth swept every 4 minutes (long contexts, a couple running) with a
    little noise per minute, whose floor rises by ``rise_per_min`` from minute 30."""
    rng = random.Random(5)
    noise = [rng.uniform(-2, 2) for _ in range(200)]
    tooth = sawtooth(15, 40, 240)
    return lambda t: min(99.5, tooth(t) + noise[int(t // 60)] + max(0.0, t - 1800) / 60 * rise_per_min)


def test_bucket_floors_are_the_lowest_value_of_each_bucket_aligned_to_the_newest() -> None:
    nan = float("nan")
    assert bucket_floors([9.0, 1.0, 5.0, 2.0, nan, 7.0, 3.0], 2) == [1.0, 2.0, 3.0]
    gap, last = bucket_floors([nan, nan, 4.0, 1.0], 2)
    assert gap != gap and last == 1.0


def test_a_leak_lifting_the_floor_of_long_documents_is_paged_as_session_isolation() -> None:
    """s36: 128k-context requests, one or two at a time, make KV usage a 40-point saw-tooth;
    a 1.3 pp/min leak under it lifts its floor. Every request being a long document, the
    long-document explanation (prompts per request beyond the floor) held all the time, and
    the minute means rose in too few pairs for the trend paths: the leak was never paged."""
    records = long_documents(merged(node_records(NodeSpec(kv_pct=leaking_floor(1.3),
                                                          running=lambda t: 2.0), 5400)), 50_000)
    found = causes(records)
    assert [c for c, _ in found] == ["session_isolation"]
    assert 1800 + 60 * 15 < found[0][1] < 1800 + 60 * 40
    assert causes(records, with_floor_weight(0.0)) == []


def test_a_floor_lifted_by_more_requests_running_is_no_leak() -> None:
    """The same saw-tooth lifted as the running requests climb from 2 to 8: load, not a leak."""
    records = long_documents(merged(node_records(
        NodeSpec(kv_pct=leaking_floor(1.3), running=lambda t: 2.0 + max(0.0, t - 1800) / 600),
        5400)), 50_000)
    assert "session_isolation" not in [c for c, _ in causes(records)]


def test_long_prompts_are_no_episode_of_documents_where_they_are_the_usual() -> None:
    """Without request events the usual prompt size comes from the counters: a fleet whose
    every request is 50,000 tokens does not have large documents explaining its KV."""
    records = long_documents(merged(node_records(NodeSpec(kv_pct=leaking_floor(1.3),
                                                          running=lambda t: 2.0), 5400)), 50_000)
    from correlator.core.engine import Engine
    from correlator.core.features import Windows, rates

    engine = Engine(RULES)
    for rec in records:
        engine.process(rec)
    state = next(iter(engine.fleet.nodes.values())).state
    got = rates(state, Windows.from_rules(RULES))
    assert abs(got.prompt_tokens_per_request - 50_000) < 1_000
    assert abs(got.usual_prompt_per_request - 50_000) < 1_000
