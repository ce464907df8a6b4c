"""A leak on a busy node (outsider s47's th-h100-05): the pool fills to the top within
minutes at the usual load and preempts there, its minute means swinging with each
preemption, so no trend path holds its window. The crowded path compares the KV each unit of
demand holds now against half an hour before (the replay of s47 itself is in
tests/e2e/test_outsider_recordings.py)."""

from __future__ import annotations

import dataclasses
import math

from correlator.config import load_rules
from correlator.config.model import MINUTES_KEPT
from correlator.core.features import KvView, Level, Windows, crowding
from correlator.core.hypotheses import _crowded
from correlator.core.nodestate import EngineTrack
from correlator.core.trends import NONE

RULES = load_rules()
CFG = RULES.hypotheses.session_isolation
W = Windows.from_rules(RULES)
SETTLED = 3600.0


def track(kv: list[float], demand: list[float]) -> EngineTrack:
    e = EngineTrack(120, per_minute=W.per_minute)
    for k, d in zip(kv, demand, strict=True):
        e.kv_by_minute.push(k)
        e.demand_by_minute.push(d)
    return e


def view(**changes: float) -> KvView:
    """A pool at the top now, at 45 % half an hour ago, twice the KV per demand, the usual
    15 requests running."""
    base = KvView(engine="0", level=Level(now=99.5), per_demand=NONE, per_demand_fast=NONE,
                  per_demand_long=NONE, level_long=NONE, demand="tokens", rebuild_ratio=math.nan,
                  clean=NONE, clean_noise=math.nan, running_clean=NONE, running=NONE, running_now=15.0,
                  running_median=15.0, waiting_now=0.0, since_restart_s=math.inf,
                  crowding=2.0, kv_early=45.0, kv_late=92.0)
    return dataclasses.replace(base, **changes)


def test_crowding_is_kv_per_demand_now_against_the_first_minutes_kept() -> None:
    rise = [45.0] * 16 + [45.0 + 3.0 * i for i in range(16)]
    got, early, late = crowding(track(rise, [1000.0] * MINUTES_KEPT), W)
    assert 1.9 < got < 2.1 and early == 45.0 and late > 85.0
    more_demand = [1000.0] * 16 + [1000.0 * (45.0 + 3.0 * i) / 45.0 for i in range(16)]
    got, _, _ = crowding(track(rise, more_demand), W)
    assert 0.9 < got < 1.1
    got, _, _ = crowding(track(rise[:20], [1000.0] * 20), W)
    assert got != got  # not yet 32 minutes kept


def test_a_full_pool_preempting_at_the_usual_load_is_crowded() -> None:
    assert _crowded(view(), 6.0, CFG, SETTLED) == CFG.crowded_weight


def test_a_full_pool_that_does_not_preempt_is_not_crowded() -> None:
    assert _crowded(view(), 0.0, CFG, SETTLED) == 0.0


def test_a_pool_filled_by_twice_the_requests_is_load() -> None:
    assert _crowded(view(running_now=30.0), 6.0, CFG, SETTLED) == 0.0


def test_a_pool_that_was_nearly_full_half_an_hour_ago_is_not_crowded_now() -> None:
    assert _crowded(view(kv_early=85.0), 6.0, CFG, SETTLED) == 0.0


def test_the_minutes_compared_must_lie_after_the_pool_refilled() -> None:
    assert _crowded(view(), 6.0, CFG, 60.0 * MINUTES_KEPT - 1) == 0.0


def test_a_modest_rise_per_demand_is_not_crowded() -> None:
    assert _crowded(view(crowding=1.15), 6.0, CFG, SETTLED) == 0.0
