"""A serving process's host memory (outsider s52): a tenant onboarding 120 LoRA adapters
grows the server's RSS by some 90 GiB in fifteen minutes and levels off (benign), while an
API server's leak of 1 % of a 1 TiB host a minute goes on until the OOM killer ends it. The
first was paged as a leak three minutes in, the second never (1 %/min was half the rate
the host path asked for). A leak keeps its pace over the steady window; a cache filling
slows down; a rate that will run the host out of memory within the hour counts whatever it
is in points a minute."""

from __future__ import annotations

import math
from collections.abc import Callable

from correlator.config import load_rules
from correlator.wire.records import Record
from tests.timeline import T0, NodeSpec, S, merged, node_records, opened_incidents

RULES = load_rules()
START = 1200.0


def causes(records: list[Record]) -> list[tuple[str, float]]:
    return [(i.cause, (i.opened_ns - T0) / S) for i in opened_incidents(records, RULES)]


def host(pct: Callable[[float], float], seconds: float = 4200) -> list[Record]:
    """Host memory used (%) over time; the timeline's serving process holds half of it."""
    return merged(node_records(NodeSpec(host_pct=pct), seconds))


def leak(per_min: float, base: float = 40.0) -> Callable[[float], float]:
    return lambda t: base + per_min * max(0.0, t - START) / 60.0


def cache_filling(t: float) -> float:
    """Adapters loaded fast at first, fewer and fewer new ones: 36 points of host memory
    approached with a 4-minute time constant."""
    return 40.0 + 36.0 * (1.0 - math.exp(-max(0.0, t - START) / 240.0))


def test_a_leak_at_its_pace_is_paged_as_memory_leak() -> None:
    found = causes(host(leak(2.0)))  # the serving process: 1 point of host memory a minute
    assert [c for c, _ in found] == ["memory_leak"]
    assert START + 300 < found[0][1] < START + 900


def test_a_cache_filling_and_levelling_off_is_not_paged() -> None:
    assert causes(host(cache_filling)) == []


def test_a_slow_leak_that_will_exhaust_the_host_within_the_hour_is_paged() -> None:
    """0.35 points of the serving process a minute is slow in points; with the host at 80 %
    it runs out of memory in under an hour."""
    found = causes(host(leak(0.7, base=80.0), 3000))
    assert [c for c, _ in found] == ["memory_leak"]
    assert causes(host(leak(0.7, base=40.0), 3000)) == []  # the same rate with room: hours
