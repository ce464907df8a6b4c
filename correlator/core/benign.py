"""Benign explanations: legitimate behaviour that looks like a fault and must not page.

Each explanation names the signals it accounts for. A hypothesis whose signature rests on an
explained signal is discounted while the explanation holds; an alert group on a node with an
active explanation is not escalated.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from correlator.config.model import Benign
from correlator.core.features import NodeFeatures


@dataclass(frozen=True, slots=True)
class Explanation:
    name: str
    explains: frozenset[str]
    detail: str


KV = "kv_growth"
GPU = "gpu_growth"
ABORTS = "aborts"
KV_HIGH = "kv_high"


def explain(f: NodeFeatures, cfg: Benign) -> list[Explanation]:
    """Every benign explanation that holds for the node at this tick."""
    found = [
        _warmup(f, cfg),
        _checkpoint_load(f, cfg),
        _long_document(f, cfg),
        _annual_report(f, cfg),
        _retry_burst(f, cfg),
    ]
    return [e for e in found if e is not None]


def _warmup(f: NodeFeatures, cfg: Benign) -> Explanation | None:
    """An engine (re)start: weights load, the pool is allocated, the cache fills cold."""
    since = f.since_start_s
    if f.kv is not None:
        since = min(since, f.kv.since_restart_s)
    if since > cfg.warmup_s:
        return None
    explains = set()
    gpu = f.gpu
    if gpu is None or since < 180 or not _flat(gpu.trend.slope_short):
        explains.add(GPU)
    if f.kv is not None and f.kv.since_reclaim_s >= since:
        explains.add(KV)
    if not explains:
        return None
    return Explanation("warmup", frozenset(explains), f"engine started {since:.0f} s ago")


def _flat(slope: float) -> bool:
    return slope == slope and abs(slope) < 0.3


def _checkpoint_load(f: NodeFeatures, cfg: Benign) -> Explanation | None:
    """A weight/adapter load: a step in framebuffer use, not a ramp."""
    gpu = f.gpu
    if gpu is None or gpu.trend.step < cfg.checkpoint_spike_pct:
        return None
    t = gpu.trend
    detail = f"GPU {gpu.gpu} framebuffer stepped up {t.step:.1f} pp within one tick"
    return Explanation("checkpoint_load", frozenset({GPU}), detail)


def _long_document(f: NodeFeatures, cfg: Benign) -> Explanation | None:
    """Large prompts or rising load hold KV legitimately and release it when they finish."""
    kv = f.kv
    if kv is None:
        return None
    big_prompts = f.rates.prompt_tokens_per_request >= cfg.long_document_prompt_tokens
    load_driven = kv.load_growth > 0.5 and kv.trend.slope > 0
    if not (big_prompts or load_driven):
        return None
    why = (f"{f.rates.prompt_tokens_per_request:.0f} prompt tokens per request" if big_prompts
           else f"running requests up {100 * kv.load_growth:.0f} %")
    return Explanation("long_document", frozenset({KV, KV_HIGH}), why)


def _annual_report(f: NodeFeatures, cfg: Benign) -> Explanation | None:
    """Long, active sessions holding a steady KV footprint."""
    kv = f.kv
    s = f.sessions
    if kv is None or s.max_lifetime_s < cfg.long_session_s:
        return None
    steady = not (kv.trend.slope == kv.trend.slope and kv.trend.slope > 1.0)
    if not steady:
        return None
    detail = f"sessions up to {s.max_lifetime_s / 60:.0f} min long, {s.max_turns} turns"
    return Explanation("annual_report", frozenset({KV_HIGH}), detail)


def _retry_burst(f: NodeFeatures, cfg: Benign) -> Explanation | None:
    """A short spike of aborts/errors without memory growth: clients retrying."""
    r = f.rates
    if r.burst_ticks == 0 or r.burst_ticks * f.tick_s > cfg.retry_burst_max_s:
        return None
    gpu = f.gpu
    growing = gpu is not None and gpu.trend.slope == gpu.trend.slope and gpu.trend.slope > 0.3
    if growing:
        return None
    return Explanation("retry_burst", frozenset({ABORTS}),
                       f"abort burst over {r.burst_ticks} ticks, no memory growth")


def explained(expl: list[Explanation], signal: str) -> Explanation | None:
    return next((e for e in expl if signal in e.explains), None)


def finite(x: float) -> bool:
    return not (math.isnan(x) or math.isinf(x))
