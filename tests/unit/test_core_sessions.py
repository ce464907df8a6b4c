"""Session statistics: restarts (new conversations under an id already in use) and bounds."""

from __future__ import annotations

from correlator.core.sessions import RESTARTS_KEPT, SessionTracker

S = 1_000_000_000


def tracker() -> SessionTracker:
    return SessionTracker(capacity=16, ttl_ns=3600 * S)


def test_a_conversation_going_on_is_not_a_restart_and_a_short_prompt_after_it_is() -> None:
    t = tracker()
    t.observe("s1", "acme", 1 * S, prompt=1000, context=1300)
    t.observe("s1", "acme", 2 * S, prompt=1400, context=1800)   # carries the history
    t.observe("s1", "acme", 3 * S, prompt=1900, context=2300)
    assert t.restarts_since(0) == (0, "")
    t.observe("s1", "acme", 4 * S, prompt=400, context=700)     # a new conversation, old id
    t.observe("s2", "zeta", 5 * S, prompt=800, context=900)
    t.observe("s2", "zeta", 6 * S, prompt=200, context=300)
    t.observe("s1", "acme", 7 * S, prompt=300, context=500)
    assert t.restarts_since(0) == (2, "acme")
    assert t.restarts_since(6 * S + 1) == (1, "acme")
    assert t.restarts_since(8 * S) == (0, "")


def test_after_a_cut_off_turn_or_without_token_counts_nothing_is_judged() -> None:
    t = tracker()
    t.observe("s", "acme", 1 * S, prompt=3000, context=0)       # aborted: its answer is lost
    t.observe("s", "acme", 2 * S, prompt=500, context=800)      # may resend less: not judged
    t.observe("s", "acme", 3 * S, prompt=-1, context=0)         # no prompt_tokens attribute
    t.observe("s", "acme", 4 * S, prompt=100, context=200)
    assert t.restarts_since(0) == (0, "")


def test_restarts_are_bounded_and_a_session_from_an_older_snapshot_is_taken_as_is() -> None:
    t = tracker()
    for i in range(3 * RESTARTS_KEPT):
        t.observe("s", "acme", (2 * i + 1) * S, prompt=5000, context=6000)
        t.observe("s", "acme", (2 * i + 2) * S, prompt=100, context=6000)
    assert len(t.restarts) == RESTARTS_KEPT
    old = t.sessions["s"]
    del old.context  # a Session pickled before the attribute existed
    t.observe("s", "acme", 10_000 * S, prompt=100, context=200)
    assert old.context == 200
