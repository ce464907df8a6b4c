"""A KV rise made of steps is prompts admitted at once, not a leak (outsider s178: a batch
of long documents prefilled on a node with a smooth KV signal took its pool from 16 % to
75 % in three readings, and the clean path, three minutes of steady rise far above the
signal's noise, paged it as session isolation before the documents' requests had finished)."""

from __future__ import annotations

from collections.abc import Callable

from correlator.config import load_rules
from tests.timeline import T0, NodeSpec, S, merged, node_records, opened_incidents

RULES = load_rules()
AT = 1500.0


def causes(kv: Callable[[float], float]) -> list[str]:
    spec = NodeSpec(kv_pct=kv, running=running)
    return [i.cause for i in opened_incidents(merged(node_records(spec, 2400)), RULES)]


def running(t: float) -> float:
    """Twelve requests, and the eight documents while they are prefilled and answered."""
    return 12.0 + (8.0 if AT <= t < AT + 210 else 0.0)


def documents(t: float) -> float:
    """Smooth at 15 %; two batches of long prompts admitted 30 s apart, held 3 minutes."""
    if AT <= t < AT + 210:
        return 15.0 + (35.0 if t >= AT else 0.0) + (22.0 if t >= AT + 30 else 0.0) + 0.3 * (t - AT) / 60
    return 15.0 + 0.2 * ((t // 5) % 2)


def leak(t: float) -> float:
    return 15.0 + 0.2 * ((t // 5) % 2) + max(0.0, t - AT) / 60 * 3.0


def test_prompts_admitted_at_once_are_no_leak() -> None:
    assert "session_isolation" not in causes(documents)


def test_a_steady_climb_on_a_smooth_signal_still_pages_early() -> None:
    spec = NodeSpec(kv_pct=leak, running=lambda t: 12.0)
    opened = [i for i in opened_incidents(merged(node_records(spec, 2400)), RULES)
              if i.cause == "session_isolation"]
    assert opened and (opened[0].opened_ns - T0) / S < AT + 360
