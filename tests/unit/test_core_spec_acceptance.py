"""Speculative decoding whose draft tokens stop being accepted (outsider s79): a canary's
target model is updated and its old draft model left in place, so the share of draft tokens
accepted falls from about half to a few percent. Generation slows, requests queue, and memory
looks healthy: it paged nothing. A workload whose acceptance dips, as any does, pages nothing."""

from __future__ import annotations

from collections.abc import Callable

from correlator.config import load_rules
from correlator.wire.records import Record, SampleRecord
from tests.timeline import T0, NodeSpec, S, merged, node_records, opened_incidents, sawtooth

RULES = load_rules()
FAULT = 2400.0
DRAFTED = "vllm:spec_decode_num_draft_tokens_total"
ACCEPTED = "vllm:spec_decode_num_accepted_tokens_total"


def with_acceptance(accepted_share: Callable[[float], float], seconds: float = 4200) -> list[Record]:
    """vLLM's draft-token counters: 400 draft tokens proposed a second, ``accepted_share(t)``
    of them accepted."""
    spec = NodeSpec(kv_pct=sawtooth(30, 12, 200), spec_decode=True)
    records = merged(node_records(spec, seconds))
    drafted = accepted = 0.0
    last = None
    for r in records:
        if isinstance(r, SampleRecord) and r.source == "vllm":
            t = (r.ts_ns - T0) / S
            if last is not None:
                drafted += 400.0 * (t - last)
                accepted += 400.0 * (t - last) * accepted_share(t)
            last = t
            r.metrics.update({DRAFTED: drafted, ACCEPTED: accepted})
    return records


def causes(records: list[Record]) -> list[tuple[str, float]]:
    return [(i.cause, (i.opened_ns - T0) / S) for i in opened_incidents(records, RULES)]


def test_draft_tokens_no_longer_accepted_are_paged_as_an_acceptance_collapse() -> None:
    found = causes(with_acceptance(lambda t: 0.55 if t < FAULT else 0.06))
    assert [c for c, _ in found] == ["spec_acceptance_collapse"]
    assert FAULT <= found[0][1] <= FAULT + 240
    first = opened_incidents(with_acceptance(lambda t: 0.55 if t < FAULT else 0.06), RULES)[0]
    assert first.severity == "warning"
    assert "6 % of draft tokens accepted" in first.evidence[0].detail


def test_acceptance_that_dips_or_stays_low_pages_nothing() -> None:
    assert causes(with_acceptance(lambda t: 0.55 if t < FAULT else 0.35)) == []  # harder prompts
    assert causes(with_acceptance(lambda t: 0.12)) == []  # a draft that always did poorly
