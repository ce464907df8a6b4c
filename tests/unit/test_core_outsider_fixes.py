"""Defects the fifth outsider's recordings showed (bench/outsider s23, s24), as timelines."""

from __future__ import annotations

import math

from correlator.config import load_rules
from correlator.config.model import RuleSet
from correlator.wire.records import Record
from tests.timeline import T0, NodeSpec, S, merged, node_records, opened_incidents, sawtooth

RULES = load_rules()


def causes(records: list[Record], rules: RuleSet = RULES) -> list[tuple[str, float]]:
    return [(i.cause, (i.opened_ns - T0) / S) for i in opened_incidents(records, rules)]


def residue_node(spec_decode: bool) -> NodeSpec:
    return NodeSpec(gpu_pct=lambda t: 90 + 0.2 * math.sin(t * 0.37) + max(0.0, t - 1800) / 60 * 0.8,
                    aborts_per_s=lambda t: 1.5 if t > 1700 else 0.05, spec_decode=spec_decode,
                    kv_pct=sawtooth(30, 12, 200))


def test_framebuffer_growing_with_interrupts_is_no_draft_residue_where_nothing_speculates() -> None:
    """s24: a notebook's 2 GiB on one GPU, beside ordinary aborts, was paged as a
    speculative-decoding residue on a node whose vLLM servers export no speculative-decoding
    counter. Without a draft model there is no draft state to leave."""
    with_drafts = causes(merged(node_records(residue_node(spec_decode=True), 2700)))
    assert [c for c, _ in with_drafts] == ["spec_residue"]
    without = causes(merged(node_records(residue_node(spec_decode=False), 2700)))
    assert "spec_residue" not in [c for c, _ in without]


def leaking_to_saturation(t: float) -> float:
    """A wide saw-tooth (a pool swept every few minutes, long contexts) that a 1.5 pp/min
    leak from minute 30 fills to the top, where it stays."""
    return min(99.5, sawtooth(40, 22, 240)(t) + max(0.0, t - 1800) / 60 * 1.5)


def test_a_slow_leak_is_found_once_it_has_filled_the_pool() -> None:
    """s23: a leak behind a wide saw-tooth, no request events; the long path wanted KV usage
    rising in 70 % of its minute pairs, which a pool pinned near full no longer does, and the
    leak was never paged. A pool that rose by ``long_saturated_rise_pct`` to saturation
    stands in for the rising pairs."""
    records = merged(node_records(NodeSpec(kv_pct=leaking_to_saturation), 5400))
    found = causes(records)
    assert [c for c, _ in found] == ["session_isolation"]
    assert 1800 < found[0][1] <= 5400
    # (the floor path, added later, finds this leak too: left out to judge the long path alone)
    si = RULES.hypotheses.session_isolation.model_copy(update={"long_saturated_rise_pct": 1e9,
                                                               "floor_weight": 0.0})
    hyp = RULES.hypotheses.model_copy(update={"session_isolation": si})
    before = RULES.model_copy(update={"hypotheses": hyp})
    assert causes(records, before) == []
