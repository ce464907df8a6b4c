"""Benign explanations hold for ``benign.explanation_hold_s`` after they were last found
(outsider s163): one judged on noisy rates (prompts per request, the prefix cache's hit share)
misses single ticks while what it explains goes on, and a few such ticks in a row used to
open an incident for an annual report's growing conversations."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.core.benign import KV, Explanation
from correlator.core.features import Windows
from correlator.core.node_engine import NodeEngine

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
