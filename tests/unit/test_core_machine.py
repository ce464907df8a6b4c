"""The per-node state machine's hysteresis: when a finding opens, and when it does not."""

from __future__ import annotations

import pickle

from correlator.core.machine import NodeMachine, Phase, Step

S = 10**9


def machine(open_at_once: float = 1.0) -> NodeMachine:
    return NodeMachine(open_score=0.55, open_after=2, resolve_score=0.25,
                       resolve_after_ns=300 * S, update_every_ns=60 * S, open_at_once=open_at_once)


def test_a_borderline_score_must_hold_two_ticks() -> None:
    m = machine()
    assert m.step(10 * S, "session_isolation", 0.8, 0.0, False) is Step.NONE
    assert m.phase is Phase.PENDING
    assert m.step(20 * S, "session_isolation", 0.8, 0.0, False) is Step.RAISE


def test_a_single_tick_below_saturation_does_not_open() -> None:
    m = machine()
    assert m.step(10 * S, "session_isolation", 0.999, 0.0, False) is Step.NONE
    assert m.step(20 * S, "session_isolation", 0.1, 0.0, False) is Step.NONE
    assert m.phase is Phase.IDLE


def test_a_saturated_score_opens_on_its_first_tick() -> None:
    m = machine()
    assert m.step(10 * S, "spec_residue", 1.0, 0.0, False) is Step.RAISE
    assert m.cause == "spec_residue" and m.active


def test_open_at_once_above_one_turns_it_off() -> None:
    m = machine(open_at_once=1.01)
    assert m.step(10 * S, "spec_residue", 1.0, 0.0, False) is Step.NONE
    assert m.step(20 * S, "spec_residue", 1.0, 0.0, False) is Step.RAISE


def test_definitive_causes_open_at_once_whatever_their_strength() -> None:
    m = machine(open_at_once=1.01)
    assert m.step(10 * S, "gpu_failure", 0.6, 0.0, False) is Step.RAISE


def test_a_pending_cause_that_changes_restarts_the_count() -> None:
    m = machine()
    assert m.step(10 * S, "session_isolation", 0.8, 0.0, False) is Step.NONE
    assert m.step(20 * S, "spec_residue", 0.8, 0.0, False) is Step.NONE
    assert m.step(30 * S, "spec_residue", 0.8, 0.0, False) is Step.RAISE


def test_a_snapshot_from_before_the_setting_restores_with_the_default() -> None:
    m = machine()
    state = pickle.loads(pickle.dumps(m))
    del state.__dict__["open_at_once"]  # as pickled by a build without the field
    assert state.step(10 * S, "spec_residue", 1.0, 0.0, False) is Step.RAISE
