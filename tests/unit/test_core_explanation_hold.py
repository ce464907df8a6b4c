"""Benign explanations hold for ``benign.explanation_hold_s`` after they were last found
(outsider s163): one judged on noisy rates (prompts per request, the prefix cache's hit share)
misses single ticks while what it explains goes on, and a few such ticks in a row used to
open an incident for an annual report's growing conversations."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.core.align import SourceClock
from correlator.core.benign import KV, Explanation
from correlator.core.features import Windows
from correlator.core.node_engine import NodeEngine
from tests.timeline import alert, at

RULES = load_rules()
S = 1_000_000_000
GROWTH = Explanation("context_growth", frozenset({KV}), "longer conversations")
BURST = Explanation("retry_burst", frozenset({"aborts"}), "a burst")


def engine() -> NodeEngine:
    return NodeEngine("gpu-node-01", RULES, Windows.from_rules(RULES), set())


def test_longer_conversations_missed_for_a_tick_still_hold() -> None:
    n = engine()
    hold = RULES.benign.explanation_hold_s
    assert n._held_explanations([GROWTH], 0) == [GROWTH]
    assert n._held_explanations([], 10 * S) == [GROWTH]                  # missed: still held
    assert n._held_explanations([BURST], int(hold * S)) == [BURST, GROWTH]  # to the end of the hold
    assert n._held_explanations([], int((hold + 1) * S)) == []             # then gone


def test_explanations_judged_on_steadier_evidence_are_not_held() -> None:
    """A retry burst (and the others) end when their evidence does: holding them delayed
    leaks found right after one (outsiders s26, s31, s138 in a full replay)."""
    n = engine()
    assert n._held_explanations([BURST], 0) == [BURST]
    assert n._held_explanations([], 10 * S) == []


def test_without_a_hold_each_tick_stands_alone() -> None:
    rules = RULES.model_copy(update={"benign": RULES.benign.model_copy(update={"explanation_hold_s": 0.0})})
    n = NodeEngine("gpu-node-01", rules, Windows.from_rules(rules), set())
    assert n._held_explanations([GROWTH], 0) == [GROWTH]
    assert n._held_explanations([], 10 * S) == []


def _with_critical_group(n: NodeEngine, since_s: float) -> None:
    """Two critical alerts firing on the node since ``since_s``, its telemetry arriving."""
    n.aligner.sources["vllm"] = SourceClock(first_ns=0, max_ns=0, records=1)
    for name in ("GatewayUpstream5xxRateHigh", "VLLMTimeToFirstTokenP99High"):
        rec = alert("gpu-node-01", since_s, name, "critical")
        n.alerts.observe(rec.alert, rec.ts_ns)  # type: ignore[union-attr]


def test_a_retry_burst_missed_for_a_tick_leaves_its_alerts_unescalated() -> None:
    """Outsider s293: a tenant's retries on a node holding an annual report and a cancelling
    client; the abort burst was missed at one tick while the retries' 5xx and first-token
    alerts fired, and the group paged as unexplained alerts. Within the hold after the burst
    was last seen the group is not escalated; after it, or with no burst, it is."""
    hold = RULES.benign.explanation_hold_s
    tick_s = 1800 + RULES.alert_grouping.escalate_after_s + 60
    tick = at(tick_s)
    n = engine()
    _with_critical_group(n, 1800)
    assert n._unexplained(tick).strength == 1.0  # no burst: the old critical group pages
    n._burst_ns = at(tick_s - hold + 10)
    assert n._unexplained(tick).strength == 0.0  # burst seen within the hold
    n._burst_ns = at(tick_s - hold - 10)
    assert n._unexplained(tick).strength == 1.0  # the hold is over
