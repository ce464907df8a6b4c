"""Session statistics: restarts (new conversations under an id already in use) and bounds."""

from __future__ import annotations

import pickle
import random

from correlator.core.sessions import PREMISE_MIN_TURNS, RESTARTS_KEPT, TENANTS_KEPT, SessionTracker

S = 1_000_000_000


def tracker(*chat_tenants: str) -> SessionTracker:
    """A tracker that has seen each of ``chat_tenants`` hold a conversation that resends its
    history, long enough for their shorter prompts to count as restarts."""
    t = SessionTracker(capacity=16, ttl_ns=3600 * S)
    for tenant in chat_tenants:
        chat(t, tenant, f"warm-{tenant}", PREMISE_MIN_TURNS + 1, 0)
    return t


def chat(t: SessionTracker, tenant: str, session: str, turns: int, ts_ns: int) -> None:
    for turn in range(turns):
        t.observe(session, tenant, ts_ns, prompt=1000 * (turn + 1), context=1000 * (turn + 1) + 300)


def test_a_conversation_going_on_is_not_a_restart_and_a_short_prompt_after_it_is() -> None:
    t = tracker("acme", "zeta")
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
    t = tracker("acme")
    t.observe("s", "acme", 1 * S, prompt=3000, context=0)       # aborted: its answer is lost
    t.observe("s", "acme", 2 * S, prompt=500, context=800)      # may resend less: not judged
    t.observe("s", "acme", 3 * S, prompt=-1, context=0)         # no prompt_tokens attribute
    t.observe("s", "acme", 4 * S, prompt=100, context=200)
    assert t.restarts_since(0) == (0, "")


def test_restarts_are_bounded_and_a_session_from_an_older_snapshot_is_taken_as_is() -> None:
    t = tracker("acme")
    for i in range(3 * RESTARTS_KEPT):
        chat(t, "acme", "s", 5, i * S)  # a conversation of 5 turns, then another under its id
    assert len(t.restarts) == RESTARTS_KEPT
    old = t.sessions["s"]
    del old.context  # a Session pickled before the attribute existed
    t.observe("s", "acme", 10_000 * S, prompt=100, context=200)
    assert old.context == 200


def test_a_tenant_whose_prompts_do_not_carry_their_history_has_no_restarts() -> None:
    """Requests sent on their own under a session header (retrieval, agents): prompt lengths
    turn after turn are anyone's guess, and a third of them are shorter than half the last."""
    t = tracker("chat-co")
    rng = random.Random(7)
    for i in range(400):
        prompt = int(200 * 100 ** rng.random())  # 200 to 20,000 tokens, heavy-tailed
        t.observe(f"rag-{i % 5}", "rag-co", i * S, prompt=prompt, context=prompt + rng.randint(50, 800))
    assert t.restarts_since(0) == (0, "")
    chat(t, "chat-co", "c1", 4, 500 * S)
    t.observe("c1", "chat-co", 501 * S, prompt=300, context=600)  # the chat tenant still counts
    assert t.restarts_since(0) == (1, "chat-co")


def test_a_tenant_whose_every_other_prompt_is_shorter_is_no_chat_client() -> None:
    t = tracker()
    for i in range(4 * PREMISE_MIN_TURNS):
        t.observe("s", "acme", i * S, prompt=5000 if i % 2 else 100, context=6000)
    assert t.restarts_since(0) == (0, "")


def test_turn_shapes_are_bounded_and_an_older_snapshot_restores_without_them() -> None:
    t = tracker()
    for i in range(2 * TENANTS_KEPT):
        chat(t, f"tenant-{i}", f"s-{i}", 2, i * S)
    assert len(t.shapes) == TENANTS_KEPT
    del t.__dict__["shapes"]
    back = pickle.loads(pickle.dumps(t))
    assert back.shapes == {}
    chat(back, "acme", "x", 2, 10**6 * S)
    assert set(back.shapes) == {"acme"}


def test_independent_prompts_with_few_shorter_ones_in_a_stretch_are_still_no_chat_client() -> None:
    """An outsider's gateway log (bench/outsider s17): prompts independent of each other under
    long-lived session ids, about a third shorter than half the context before them, but only
    18.75 % in one window of 128 turns; about two in five at least the context before them. The
    share of shorter turns alone let 15 restarts count there, and paged a healthy node."""
    t = tracker()
    # 128 follow-ups of which 24 are shorter (18.75 %) and 50 carry the context (39 %)
    kinds = ["short"] * 24 + ["carry"] * 50 + ["between"] * 54
    random.Random(3).shuffle(kinds)
    context = 2000
    for i, kind in enumerate(kinds):
        prompt = {"short": 600, "carry": 2100, "between": 1500}[kind]
        t.observe("agent-7", "legal-review", i * S, prompt=prompt, context=context)
    assert t.restarts_since(0) == (0, "")


def test_a_chat_tenant_restarting_conversations_still_counts_when_a_sixth_of_its_turns_are_restarts() -> None:
    """The write-up's tenant: its conversations carry their history, and it starts new ones
    under old ids (the simulator's leaking tenant: up to 16 % of its recent turns)."""
    t = tracker()
    restarts = 0
    for c in range(40):
        for turn in range(6):
            if turn == 0 and c:
                t.observe("reused", "batch-co", (c * 10 + turn) * S, prompt=500, context=800)
                restarts += 1
            else:
                t.observe("reused", "batch-co", (c * 10 + turn) * S, prompt=1000 * (turn + 1),
                          context=1000 * (turn + 1) + 300)
    counted, tenant = t.restarts_since(0)
    assert tenant == "batch-co" and counted >= restarts - 4  # all but the first few, before the premise
