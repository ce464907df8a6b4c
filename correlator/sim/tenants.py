"""Tenants of the inference service and the shape of their conversations.

Each tenant has its own system prompt (a shared prefix, so a prefix-cache hit for every
session of the tenant on a node), message and answer lengths, and session lengths: most
sessions run a handful of turns (median ~5), some are long (~23 turns).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True, slots=True)
class Tenant:
    """A customer of the service."""

    name: str
    vip: bool
    sys_tokens: int
    user_median: float
    doc_share: float
    out_median: float
    max_tokens: int
    long_share: float
    think_median_s: float
    weight: float


TENANTS: tuple[Tenant, ...] = (
    Tenant("meridian-bank", True, 900, 70, 0.12, 150, 2048, 0.12, 22, 1.4),
    Tenant("harbor-securities", True, 700, 60, 0.08, 130, 1024, 0.08, 18, 1.2),
    Tenant("atlas-insurance", False, 500, 65, 0.10, 160, 2048, 0.10, 25, 1.0),
    Tenant("northwind-retail", False, 350, 40, 0.03, 110, 1024, 0.04, 15, 1.1),
    Tenant("quanta-legal", False, 1100, 90, 0.15, 220, 4096, 0.10, 30, 0.7),
    Tenant("helio-support", False, 420, 45, 0.05, 120, 1024, 0.06, 20, 1.0),
)

SIGMA_USER = 0.9
SIGMA_OUT = 0.75
SIGMA_THINK = 0.85
DOC_MEDIAN = 900.0
AWAY_SHARE = 0.02
AWAY_MEDIAN_S = 600.0


def lognormal(rng: random.Random, median: float, sigma: float) -> float:
    return median * math.exp(rng.gauss(0.0, sigma))


def session_turns(rng: random.Random, tenant: Tenant) -> int:
    """Median ~5 turns; a ``long_share`` of sessions are the ~23-turn long ones."""
    if rng.random() < tenant.long_share:
        return max(12, round(rng.gauss(23.0, 4.0)))
    return max(1, min(16, round(lognormal(rng, 5.0, 0.55))))


def user_tokens(rng: random.Random, tenant: Tenant, first: bool) -> int:
    """A user message; a first turn sometimes pastes a document."""
    tokens = lognormal(rng, tenant.user_median, SIGMA_USER)
    if first and rng.random() < tenant.doc_share:
        tokens += lognormal(rng, DOC_MEDIAN, 0.7)
    return max(4, min(24_000, int(tokens)))


def output_tokens(rng: random.Random, tenant: Tenant) -> int:
    """Wanted answer length; above ``max_tokens`` the request stops for ``length``."""
    return max(1, int(lognormal(rng, tenant.out_median, SIGMA_OUT)))


def think_time(rng: random.Random, tenant: Tenant) -> float:
    """Seconds between an answer and the user's next message; now and then the user comes
    back much later (a meeting, lunch), after the session cache's TTL."""
    if rng.random() < AWAY_SHARE:
        return min(3600.0, lognormal(rng, AWAY_MEDIAN_S, 0.6))
    return min(1800.0, 2.0 + lognormal(rng, tenant.think_median_s, SIGMA_THINK))


def pick_tenant(rng: random.Random, tenants: tuple[Tenant, ...]) -> Tenant:
    return rng.choices(tenants, weights=[t.weight for t in tenants])[0]


@lru_cache(maxsize=64)
def session_shape(tenants: tuple[Tenant, ...]) -> tuple[float, float, float]:
    """(mean turns, mean final context beyond the system prompt, mean active seconds) of a
    session, estimated by drawing sessions with a fixed generator."""
    rng = random.Random("session-shape")
    turns_sum = ctx_sum = span_sum = 0.0
    draws = 3000
    for _ in range(draws):
        tenant = pick_tenant(rng, tenants)
        turns = session_turns(rng, tenant)
        outs = [min(output_tokens(rng, tenant), tenant.max_tokens) for _ in range(turns)]
        msgs = [user_tokens(rng, tenant, first=i == 0) for i in range(turns)]
        turns_sum += turns
        ctx_sum += sum(outs) + sum(msgs)
        span_sum += sum(think_time(rng, tenant) for _ in range(turns - 1)) + 0.03 * sum(outs)
    return turns_sum / draws, ctx_sum / draws, span_sum / draws
