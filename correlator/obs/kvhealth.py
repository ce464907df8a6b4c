"""KV-cache health of one node, derived from telemetry (pure, read-only on the core's state).

The incident write-up asked operators to watch what its cluster did not: how fast the KV
cache grows and whether that growth accelerates, how much of it is never released, what a
rebuilt block costs, and what interrupted speculative requests leave behind. Estimates,
each with its limits (docs/observability.md):

- **growth** (fraction of the pool per second): least-squares slope of KV usage over the
  core's growth window (``features.growth_window_s``, 3 minutes), per engine.
- **acceleration** (per second squared): the slope of the minute-to-minute growth of minute
  means over the KV trend window (12 minutes). A leak that feeds on itself accelerates; a
  saw-tooth averages to zero.
- **unreleased share**: healthy KV memory is a saw-tooth, reclaimed every 2-5 minutes; its
  troughs are what stays held. The lowest minute in the last 5 minutes, less the lowest in
  the core's history (20 minutes), is what stopped being released. Rising load raises the
  troughs too: the engine's hypotheses, not this gauge, tell the two apart.
- **leaked blocks**: the unreleased share times the pool's blocks, when the records carry
  the pool size (the agent copies vLLM's ``num_gpu_blocks``); per tenant, the blocks of
  contexts orphaned under reused session ids (see :mod:`correlator.obs.tracker`).
- **residue**: framebuffer growth since warm-up that interrupted requests account for
  (:meth:`~correlator.obs.tracker.NodeTracker.residue_bytes`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from correlator.core.features import Windows, acceleration
from correlator.core.node_engine import NodeEngine
from correlator.core.nodestate import EngineTrack
from correlator.core.series import NAN, slope_per_min
from correlator.core.trends import bucket_means
from correlator.obs.tracker import NodeTracker

RECLAIM_MINUTES = 5
"""A healthy pool is reclaimed within this many minutes: its lowest minute in it is a trough."""
MIN_HISTORY_MINUTES = 10
STALE_NS = 120 * 1_000_000_000
"""A series not heard from for this long is not reported (a silent source is not a level)."""


@dataclass(frozen=True, slots=True)
class EngineKv:
    engine: str
    usage_ratio: float
    growth_per_s: float
    acceleration_per_s2: float
    unreleased_ratio: float
    pool_blocks: int | None
    leaked_blocks: float


@dataclass(frozen=True, slots=True)
class NodeKv:
    node: str
    engines: tuple[EngineKv, ...] = ()
    tenant_leaked_blocks: dict[str, float] = field(default_factory=dict)
    residue_bytes: float = 0.0
    framebuffer_ratio: dict[int, float] = field(default_factory=dict)


def engine_kv(key: str, e: EngineTrack, w: Windows, pool_blocks: int | None) -> EngineKv:
    """One engine's KV figures; NaN where there is not enough history yet."""
    growth = slope_per_min(e.kv_pct.tail(w.growth), w.tick_s)  # pp/min
    accel = acceleration(bucket_means(e.kv_pct.tail(w.kv_minutes * w.per_minute), w.per_minute))
    unreleased = unreleased_share(e.kv_pct.tail(w.history), w.per_minute)
    leaked = unreleased * pool_blocks if pool_blocks and unreleased == unreleased else NAN
    return EngineKv(
        engine=key,
        usage_ratio=e.kv_pct.last_value / 100.0,
        growth_per_s=growth / 100.0 / 60.0,
        acceleration_per_s2=accel / 100.0 / 3600.0,
        unreleased_ratio=unreleased,
        pool_blocks=pool_blocks,
        leaked_blocks=leaked,
    )


def unreleased_share(history_pct: list[float], per_minute: int) -> float:
    """Rise of the recent trough above the history's lowest minute, as a fraction (0..1)."""
    lows = [_min(history_pct[i : i + per_minute]) for i in range(0, len(history_pct), per_minute)]
    lows = [v for v in lows if v == v]
    if len(lows) < MIN_HISTORY_MINUTES:
        return NAN
    recent = min(lows[-RECLAIM_MINUTES:])
    return max(recent - min(lows), 0.0) / 100.0


def node_kv(name: str, node: NodeEngine | None, tracker: NodeTracker | None, w: Windows,
            per_interrupt_mb: float) -> NodeKv:
    """Everything :mod:`correlator.obs.exporter` publishes about one node's KV cache."""
    engines: list[EngineKv] = []
    frame: dict[int, float] = {}
    if node is not None:
        pools = tracker.pool_blocks if tracker is not None else {}
        now = node.next_tick_ns
        engines = [engine_kv(k, e, w, pools.get(k)) for k, e in node.state.engines.items()
                   if e.kv_pct.last_ns >= 0 and now - e.kv_pct.last_ns <= STALE_NS]
        for idx, g in node.state.gpus.items():
            s = g.best_pct()
            if s.last_ns >= 0 and now - s.last_ns <= STALE_NS and s.last_value == s.last_value:
                frame[idx] = s.last_value / 100.0
    if tracker is None:
        return NodeKv(name, tuple(engines), framebuffer_ratio=frame)
    return NodeKv(name, tuple(engines), dict(tracker.orphaned_blocks),
                  tracker.residue_bytes(per_interrupt_mb), frame)


def _min(values: list[float]) -> float:
    present = [v for v in values if v == v]
    return min(present) if present else math.nan
