"""A residue incident holds while the framebuffer it names stays taken (outsider s175: a
residue fed by preemptions stopped growing when the bursts that preempted ended, and its
incident resolved while the memory stayed taken until the server restarted)."""

from __future__ import annotations

import math

from correlator.config import load_rules
from correlator.core import Engine
from correlator.wire.incidents import Incident
from tests.timeline import NodeSpec, merged, node_records, sawtooth

RULES = load_rules()
GROW_FROM, GROW_TO, END = 1500.0, 2700.0, 6000.0


def run(released_at: float | None) -> list[Incident]:
    """Aborts and a framebuffer climbing 0.8 points a minute from minute 25 to 45, then flat
    (the residue kept) to the end, or freed at ``released_at``."""
    def gpu(t: float) -> float:
        if released_at is not None and t >= released_at:
            return 90.0 + 0.02 * math.sin(t * 0.37)
        return 90.0 + 0.02 * math.sin(t * 0.37) + (min(max(t, GROW_FROM), GROW_TO) - GROW_FROM) / 60 * 0.8

    spec = NodeSpec(gpu_pct=gpu, kv_pct=sawtooth(25, 10, 200), spec_decode=True,
                    aborts_per_s=lambda t: 1.5 if GROW_FROM - 100 <= t < GROW_TO else 0.05)
    eng = Engine(RULES)
    out: list[Incident] = []
    for r in merged(node_records(spec, END)):
        out += eng.process(r).incidents
    return out + eng.finish().incidents


def statuses(incidents: list[Incident]) -> list[str]:
    return [i.status for i in incidents if i.cause == "spec_residue" and i.status != "update"]


def test_a_residue_that_stopped_growing_stays_open_while_its_memory_is_taken() -> None:
    assert statuses(run(released_at=None)) == ["open"]


def test_a_residue_released_resolves() -> None:
    assert statuses(run(released_at=4200.0)) == ["open", "resolved"]
