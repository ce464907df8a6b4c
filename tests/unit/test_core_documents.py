"""Large documents explain KV growth only when they are more than the node usually serves."""

from __future__ import annotations

import math
import pickle

from correlator.config import load_rules
from correlator.core.features import USUAL_MINUTES, Rates, large_documents, usual_documents
from correlator.core.nodestate import RequestEvents

RULES = load_rules()
B = RULES.benign
MIN_NS = 60 * 10**9


def traffic(minutes: int, per_minute: list[tuple[float, float]], requests: float = 60.0) -> RequestEvents:
    """Request events of ``minutes`` minutes at 6 ticks a minute; each minute's prompt tokens
    per request and large-document share of prompt tokens from ``per_minute`` in turn."""
    req = RequestEvents(cap=120, per_minute=6)
    for minute in range(minutes):
        per_request, share = per_minute[minute % len(per_minute)]
        for tick in range(6):
            req.finished.add(requests / 6)
            req.prompt_tokens.add(per_request * requests / 6)
            req.large_prompt_tokens.add(share * per_request * requests / 6)
            for c in req.counts():
                c.close_tick((minute * 6 + tick + 1) * MIN_NS // 6)
            req.close_minutes()
    return req


def rates(req: RequestEvents) -> Rates:
    r = Rates()
    r.usual_prompt_per_request, r.usual_large_share = usual_documents(req)
    return r


def test_on_a_fleet_of_everyday_long_prompts_a_document_share_at_its_usual_level_explains_nothing() -> None:
    # Mooncake-like: 12,000 prompt tokens a request, 65 % of them in requests of 16,000 and more
    r = rates(traffic(20, [(12_000, 0.6), (12_500, 0.65), (11_800, 0.7)]))
    assert 11_000 < r.usual_prompt_per_request < 12_600 and 0.55 < r.usual_large_share < 0.7
    assert not large_documents(17_000, 0.85, r, B)   # a busy minute of the usual traffic
    assert large_documents(30_000, 0.0, r, B)         # documents at twice the usual


def test_on_a_chat_fleet_the_configured_floors_decide_as_before() -> None:
    r = rates(traffic(20, [(2_000, 0.0), (2_400, 0.02)]))
    assert large_documents(0.0, B.long_document_token_share, r, B)
    assert large_documents(B.long_document_prompt_tokens, 0.0, r, B)
    assert not large_documents(B.long_document_prompt_tokens - 1, B.long_document_token_share - 0.01, r, B)


def test_an_episode_of_documents_does_not_become_the_usual_while_it_lasts() -> None:
    """Ten quiet minutes, then documents for eighteen: the lower quartile is still the quiet."""
    quiet, docs = (2_000.0, 0.0), (20_000.0, 0.6)
    r = rates(traffic(28, [quiet] * 10 + [docs] * 18))
    assert r.usual_large_share < 0.1 and large_documents(20_000, 0.6, r, B)


def test_the_usual_is_unknown_for_the_first_minutes() -> None:
    r = rates(traffic(USUAL_MINUTES - 1, [(12_000, 0.65)]))
    assert math.isnan(r.usual_prompt_per_request) and math.isnan(r.usual_large_share)
    assert large_documents(16_000, 0.0, r, B)


def test_request_events_saved_before_the_minute_rings_restore() -> None:
    req = traffic(3, [(2_000, 0.0)])
    del req.__dict__["by_minute"]
    back = pickle.loads(pickle.dumps(req))
    assert len(back.by_minute) == 3 and all(len(ring) == 0 for ring in back.by_minute)
    back.close_minutes()
