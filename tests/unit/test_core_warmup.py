"""Warm-up after an engine start is not a speculative-decoding residue, however slowly it settles."""

from __future__ import annotations

import math

from correlator.config import load_rules
from correlator.core import Engine
from correlator.wire.incidents import Incident
from tests.timeline import NodeSpec, merged, node_records, sawtooth

RULES = load_rules()
RESTART_S = 1800.0


def settling(t: float) -> float:
    """Framebuffer 90.0 %; after the restart the allocator settles 1.2 points higher, with a
    time constant of four minutes (still rising, ever more slowly, 15 minutes on)."""
    if t < RESTART_S:
        return 90.0
    return 90.0 + 1.2 * (1.0 - math.exp(-(t - RESTART_S) / 240.0))


def replay(spec: NodeSpec, seconds: float) -> list[Incident]:
    eng = Engine(RULES)
    out = [i for r in merged(node_records(spec, seconds)) for i in eng.process(r).incidents]
    return out + eng.finish().incidents


def test_an_allocator_settling_after_a_restart_with_requests_being_interrupted_is_no_residue() -> None:
    spec = NodeSpec(kv_pct=sawtooth(30, 12, 200), gpu_pct=settling, aborts_per_s=lambda t: 0.11,
                    spec_decode=True, extra_events=[(RESTART_S, "vllm", "engine_start", {})])
    assert [(i.cause, i.status) for i in replay(spec, RESTART_S + 1800)] == []


def test_the_same_slow_rise_long_after_the_start_is_still_found() -> None:
    """The guard waits out the warm-up and one slow window, no longer."""
    def residue(t: float) -> float:
        return 90.0 + max(0.0, t - RESTART_S) / 60 * 0.04

    spec = NodeSpec(kv_pct=sawtooth(30, 12, 200), gpu_pct=residue, aborts_per_s=lambda t: 0.11,
                    spec_decode=True, extra_events=[(60.0, "vllm", "engine_start", {})])
    opened = [i for i in replay(spec, RESTART_S + 1800) if i.status == "open"]
    assert [i.cause for i in opened] == ["spec_residue"]
