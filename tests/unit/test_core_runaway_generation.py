"""Requests that run to their length limit (outsider s72): a configuration push drops a
tenant's stop sequence, so its requests generate until max_tokens and the KV pool fills with
them. That is no leak: the finish reasons and the tokens generated per request say what it is.
Longer generations that still end as usual (a reasoning mode rolled out) page nothing."""

from __future__ import annotations

from collections.abc import Callable

from correlator.config import load_rules
from correlator.wire.records import Record, SampleRecord
from tests.timeline import T0, NodeSpec, S, merged, node_records, opened_incidents, sawtooth

RULES = load_rules()
FAULT = 2400.0
STOP = 'vllm:request_success_total{finished_reason="stop"}'
LENGTH = 'vllm:request_success_total{finished_reason="length"}'
GENERATED = "vllm:generation_tokens_total"
QUERIES, HITS = "vllm:prefix_cache_queries_total", "vllm:prefix_cache_hits_total"


def after(t: float, ramp_s: float = 60.0) -> float:
    return min(1.0, max(0.0, (t - FAULT) / ramp_s))


def with_finish_reasons(records: list[Record], length_share: Callable[[float], float],
                        generated: Callable[[float], float],
                        hit_share: Callable[[float], float] | None = None) -> list[Record]:
    """vLLM's finish-reason and generation-token counters: of the requests finishing, the
    share ``length_share(t)`` end at their length limit; each generated ``generated(t)`` tokens.
    With ``hit_share``, the prefix cache's counters too: 1,000 prompt tokens a request, that
    share of them found in the cache."""
    stops = lengths = tokens = queries = hits = 0.0
    last = 0.0
    for r in records:
        if isinstance(r, SampleRecord) and r.source == "vllm":
            t = (r.ts_ns - T0) / S
            done = r.metrics[STOP] - last
            last = r.metrics[STOP]
            share = length_share(t)
            stops += done * (1 - share)
            lengths += done * share
            tokens += done * generated(t)
            r.metrics.update({STOP: float(int(stops)), LENGTH: float(int(lengths)), GENERATED: tokens})
            if hit_share is not None:
                queries += done * 1000.0
                hits += done * 1000.0 * hit_share(t)
                r.metrics.update({QUERIES: queries, HITS: hits})
    return records


def node(kv: Callable[[float], float], running: Callable[[float], float],
         length_share: Callable[[float], float], generated: Callable[[float], float],
         hit_share: Callable[[float], float] | None = None) -> list[Record]:
    spec = NodeSpec(kv_pct=kv, running=running)
    return with_finish_reasons(merged(node_records(spec, 4200)), length_share, generated, hit_share)


def causes(records: list[Record]) -> list[tuple[str, float]]:
    return [(i.cause, (i.opened_ns - T0) / S) for i in opened_incidents(records, RULES)]


def saturating(t: float) -> float:
    """A 10-point saw-tooth around 25 % that fills to the top within minutes of the push."""
    return min(99.5, sawtooth(20, 10, 200)(t) + 75 * after(t, 300))


def test_requests_running_to_their_length_limit_are_paged_as_runaway_generation() -> None:
    found = causes(node(saturating, lambda t: 20 + 130 * after(t, 300),
                        lambda t: 0.09 + 0.31 * after(t), lambda t: 250 + 1200 * after(t)))
    assert [c for c, _ in found] == ["runaway_generation"]
    assert FAULT < found[0][1] < FAULT + 900


def test_a_lost_stop_sequence_keeps_its_prompts_prefix_hits_and_is_paged() -> None:
    found = causes(node(saturating, lambda t: 20 + 130 * after(t, 300),
                        lambda t: 0.09 + 0.91 * after(t), lambda t: 250 + 1200 * after(t),
                        hit_share=lambda t: 0.35))
    assert [c for c, _ in found] == ["runaway_generation"]


def test_a_load_test_s_random_prompts_at_a_fixed_length_page_nothing() -> None:
    """Outsider s114: `vllm bench serve` on a node out of rotation, random 2048-token prompts
    and 512 tokens each with end-of-sequence ignored: every request ends at its length limit
    and the pool fills, as with a lost stop sequence; but random prompts share no prefix, and
    the prefix cache, which found a third of every production prompt, finds nothing."""
    found = causes(node(saturating, lambda t: 20 + 130 * after(t, 300),
                        lambda t: 0.09 + 0.91 * after(t), lambda t: 250 + 1200 * after(t),
                        hit_share=lambda t: 0.35 * (1 - after(t))))
    assert found == []


def test_longer_generations_that_end_as_usual_page_nothing() -> None:
    """A reasoning mode rolled out over 20 minutes: each request generates four times as
    much and holds its KV longer; they still end by their stop sequence."""
    found = causes(node(lambda t: sawtooth(20, 10, 200)(t) + 35 * after(t, 1200),
                        lambda t: 20 + 40 * after(t, 1200),
                        lambda t: 0.09, lambda t: 250 + 750 * after(t, 1200)))
    assert found == []


def test_a_leak_beside_generations_as_usual_is_still_session_isolation() -> None:
    found = causes(node(lambda t: min(99.5, sawtooth(20, 10, 200)(t) + 2.0 * max(0.0, t - FAULT) / 60),
                        lambda t: 20.0, lambda t: 0.09, lambda t: 250.0))
    assert [c for c, _ in found] == ["session_isolation"]


def test_an_engine_snapshot_from_before_the_rings_restores_with_them_empty() -> None:
    """A worker's snapshot written before an engine kept some minute ring restores with that
    ring empty; the rings it had keep their minutes."""
    import pickle

    from correlator.core.nodestate import EngineTrack

    e = EngineTrack(cap=120)
    e.hits_by_minute.push(5.0)
    state = dict(e.__dict__)
    for name in ("finished_by_minute", "length_by_minute", "generated_by_minute"):
        del state[name]
    old = EngineTrack.__new__(EngineTrack)
    old.__setstate__(pickle.loads(pickle.dumps(state)))
    assert old.hits_by_minute.tail(32) == [5.0]
    assert old.finished_by_minute.tail(32) == [] and old.generated_by_minute.tail(32) == []
