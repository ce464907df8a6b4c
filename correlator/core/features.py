"""Features of one node at one evaluation tick, computed from :class:`NodeState`.

Growth rates are least-squares slopes in percentage points per minute (of the GPU's
framebuffer, of the KV pool, of host memory). "Monotonic" means no fall larger than the
reclaim threshold inside the window: a healthy KV cache is a saw-tooth, a leak is not.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from correlator.config.model import RuleSet
from correlator.core import metrics as m
from correlator.core.nodestate import CRITICAL_XIDS, EngineTrack, GpuTrack, NodeState
from correlator.core.series import NAN, Series, argmin_index, max_drop, mean, slope_per_min

NS = 1_000_000_000


@dataclass(slots=True)
class Trend:
    """Shape of one series over the growth and monotonic windows."""

    now: float = NAN
    slope: float = NAN
    slope_short: float = NAN
    drop: float = NAN
    drop_short: float = NAN
    rise: float = NAN
    onset_ns: int = 0
    step: float = 0.0
    filled: float = 0.0


@dataclass(slots=True)
class KvView:
    engine: str
    trend: Trend
    load_growth: float
    explained_slope: float
    explained_short: float
    running: float
    waiting: float
    reclaims: int
    trough_slope: float
    reclaim_period_s: float
    since_reclaim_s: float
    since_restart_s: float


@dataclass(slots=True)
class GpuView:
    gpu: int
    trend: Trend
    growth_mib_per_min: float
    lost: list[int] = field(default_factory=list)
    xids: list[tuple[int, int]] = field(default_factory=list)


@dataclass(slots=True)
class Rates:
    """Request-level rates over the growth window, per minute."""

    finished: float = 0.0
    aborts: float = 0.0
    errors: float = 0.0
    aborts_recent: float = 0.0
    preemptions: float = 0.0
    prompt_tokens_per_request: float = 0.0
    prefix_hit_rate: float = NAN
    rebuild_rate: float = NAN
    spec_active: bool = False
    burst_ticks: int = 0


@dataclass(slots=True)
class SessionView:
    collisions: int = 0
    median_lifetime_s: float = 0.0
    max_turns: int = 0
    max_lifetime_s: float = 0.0


@dataclass(slots=True)
class NodeFeatures:
    node: str
    ts_ns: int
    tick_s: float
    kv: KvView | None
    gpu: GpuView | None
    host: Trend | None
    host_rss: Trend | None
    oom_recent: int
    rates: Rates
    sessions: SessionView
    since_start_s: float
    silent_sources: list[str]
    missing_metrics: list[str]
    sources: list[str]


@dataclass(frozen=True, slots=True)
class Windows:
    """Window lengths in ticks, derived once from the rules."""

    tick_s: float
    tick_ns: int
    short: int
    growth: int
    mono: int
    trend: int
    history: int

    @classmethod
    def from_rules(cls, rules: RuleSet) -> Windows:
        f = rules.features
        t = f.tick_s
        mono = max(rules.hypotheses.session_isolation.monotonic_window_s,
                   rules.hypotheses.spec_residue.monotonic_window_s)
        history = round(f.history_s / t)
        return cls(
            tick_s=t,
            tick_ns=int(t * NS),
            short=max(2, round(f.short_window_s / t)),
            growth=max(2, round(f.growth_window_s / t)),
            mono=min(history, max(2, round(mono / t))),
            trend=history,
            history=history,
        )


def trend(s: Series, w: Windows, tick_ns: int, mono_ticks: int) -> Trend:
    """Slopes, falls, onset and steps of one series at the tick ending ``tick_ns``."""
    hist = s.tail(max(w.history // 2, mono_ticks + w.growth))
    mono = hist[-mono_ticks:]
    growth = hist[-w.growth:]
    short = hist[-w.short:]
    now = s.latest()
    if now != now:
        now = s.last_value
    i = argmin_index(mono)
    onset = tick_ns - (len(mono) - 1 - i) * w.tick_ns if i >= 0 else tick_ns
    low = min((v for v in mono if v == v), default=NAN)
    return Trend(
        now=now,
        slope=slope_per_min(growth, w.tick_s),
        slope_short=slope_per_min(short, w.tick_s),
        drop=max_drop(mono),
        drop_short=max_drop(growth),
        rise=now - low if low == low and now == now else NAN,
        onset_ns=onset,
        step=_max_step(hist[-w.growth:]),
        filled=sum(1 for v in mono if v == v) / mono_ticks,
    )


def _max_step(values: list[float]) -> float:
    """Largest one-tick rise: a checkpoint load is a step, a leak is a ramp."""
    best = 0.0
    prev = NAN
    for v in values:
        if v == v and prev == prev and v - prev > best:
            best = v - prev
        if v == v:
            prev = v
    return best


def kv_view(key: str, e: EngineTrack, w: Windows, tick_ns: int, mono_ticks: int) -> KvView:
    run = e.running.tail(w.growth)
    half = len(run) // 2
    first, second = mean(run[:half]), mean(run[half:])
    base = max(first, 1.0) if first == first else 1.0
    load_growth = (second - first) / base if first == first and second == second else 0.0
    recl = list(e.reclaim_ns)
    period = (recl[-1] - recl[0]) / (len(recl) - 1) / NS if len(recl) >= 2 else math.inf
    since_reclaim = (tick_ns - recl[-1]) / NS if recl else math.inf
    t = trend(e.kv_pct, w, tick_ns, mono_ticks)
    return KvView(
        engine=key,
        trend=t,
        load_growth=load_growth,
        explained_slope=_load_explained(t.now, run, w.tick_s),
        explained_short=_load_explained(t.now, e.running.tail(w.short), w.tick_s),
        running=mean(e.running.tail(w.short)),
        waiting=mean(e.waiting.tail(w.short)),
        reclaims=len(recl),
        trough_slope=_trough_slope(e, tick_ns, w.history * w.tick_ns),
        reclaim_period_s=period,
        since_reclaim_s=since_reclaim,
        since_restart_s=(tick_ns - e.restart_ns) / NS if e.restart_ns else math.inf,
    )


def _load_explained(kv_now: float, running: list[float], tick_s: float = 0.0) -> float:
    """KV growth (pp/min) that load explains if KV is proportional to running requests."""
    run_mean = mean(running)
    run_slope = slope_per_min(running, tick_s or 10.0)
    if run_mean != run_mean or run_mean <= 0 or run_slope != run_slope or kv_now != kv_now:
        return 0.0
    return max(0.0, kv_now * run_slope / run_mean)


def _trough_slope(e: EngineTrack, tick_ns: int, horizon_ns: int) -> float:
    """Rise of the saw-tooth's troughs, pp/min, while both its troughs and peaks keep rising.

    A healthy saw-tooth is reclaimed back to about the same floor every cycle; leaked blocks
    lift the floor and the peaks together, cycle after cycle.
    """
    pts = [(t, v) for t, v in e.troughs if tick_ns - t <= horizon_ns][-2:]
    peaks = list(e.peaks)[-2:]
    if len(pts) < 2 or pts[1][1] <= pts[0][1] or len(peaks) < 2 or peaks[1] <= peaks[0]:
        return NAN
    return (pts[-1][1] - pts[0][1]) / ((pts[-1][0] - pts[0][0]) / NS / 60.0)


def gpu_view(gpus: dict[int, GpuTrack], w: Windows, tick_ns: int, mono: int) -> GpuView | None:
    best_slope: float | None = None
    best_idx = -1
    best_series: Series | None = None
    total_growth = 0.0
    lost: list[int] = []
    xids: list[tuple[int, int]] = []
    for idx, g in gpus.items():
        s = g.best_pct()
        if s.last_ns >= 0 and tick_ns - s.last_ns > 60 * NS and g.xid in CRITICAL_XIDS:
            lost.append(idx)
        if g.xid in CRITICAL_XIDS and tick_ns - g.xid_ns <= 1800 * NS:
            xids.append((idx, g.xid))
        if s.last_ns < 0 or tick_ns - s.last_ns > 60 * NS:
            continue
        mib = slope_per_min(g.used_mib.tail(w.growth), w.tick_s)
        if mib == mib:
            total_growth += mib
        slope = slope_per_min(s.tail(w.growth), w.tick_s)
        if best_slope is None or _key(slope) > _key(best_slope):
            best_slope, best_idx, best_series = slope, idx, s
    if best_series is None and not (lost or xids):
        return None
    if best_series is None:
        best = GpuView(-1, Trend(), 0.0)
    else:
        best = GpuView(best_idx, trend(best_series, w, tick_ns, mono), 0.0)
    best.growth_mib_per_min = total_growth
    best.lost, best.xids = lost, xids
    return best


def _key(x: float) -> float:
    return x if x == x else -math.inf


def rates(state: NodeState, w: Windows) -> Rates:
    """Abort, error, preemption and cache rates, from counters when exported, else events."""
    minutes = w.growth * w.tick_s / 60.0
    r = Rates()
    req = state.requests
    finished = aborts = errors = preempt = queries = hits = drafts = prompt = 0.0
    counted = False
    for e in state.engines.values():
        if any(k.startswith("finished_") for k in e.counters):
            counted = True
            for key, c in e.counters.items():
                if key.startswith("finished_"):
                    finished += c.total(w.growth)
            aborts += e.increase("finished_abort", w.growth)
            errors += e.increase("finished_error", w.growth)
        preempt += e.increase(m.PREEMPTIONS, w.growth)
        queries += e.increase(m.PREFIX_QUERIES, w.growth)
        hits += e.increase(m.PREFIX_HITS, w.growth)
        drafts += e.increase(m.SPEC_DRAFTS, w.growth)
        prompt += e.increase(m.PROMPT_TOKENS, w.growth)
    if not counted:
        finished, aborts, errors = (req.finished.total(w.growth), req.aborts.total(w.growth),
                                    req.errors.total(w.growth))
    r.finished, r.aborts, r.errors = finished / minutes, aborts / minutes, errors / minutes
    r.preemptions = preempt / minutes
    r.aborts_recent = _recent_aborts(state, w, counted)
    r.burst_ticks = _burst_ticks(state, w, counted)
    ev_prompt = req.prompt_tokens.total(w.growth)
    ev_finished = req.finished.total(w.growth)
    if ev_finished > 0:
        r.prompt_tokens_per_request = ev_prompt / ev_finished
    elif finished > 0 and prompt > 0:
        r.prompt_tokens_per_request = prompt / finished
    if queries > 0:
        r.prefix_hit_rate = hits / queries
    stored = req.stored.total(w.growth)
    if stored > 0:
        r.rebuild_rate = req.removed.total(w.growth) / stored
    r.spec_active = drafts > 0 or req.spec.total(w.growth) > 0
    return r


def _abort_ticks(state: NodeState, w: Windows, counted: bool) -> list[float]:
    if counted:
        per = [0.0] * w.history
        for e in state.engines.values():
            c = e.counters.get("finished_abort")
            if c is None:
                continue
            vals = c.per_tick.tail(w.history)
            off = w.history - len(vals)
            for i, v in enumerate(vals):
                if v == v:
                    per[off + i] += v
        return per
    vals = state.requests.aborts.per_tick.tail(w.history)
    return [0.0] * (w.history - len(vals)) + [v if v == v else 0.0 for v in vals]


def _recent_aborts(state: NodeState, w: Windows, counted: bool) -> float:
    per = _abort_ticks(state, w, counted)
    return sum(per[-w.short:]) / (w.short * w.tick_s / 60.0)


def _burst_ticks(state: NodeState, w: Windows, counted: bool) -> int:
    """How many of the recent ticks had aborts above three times the history's median."""
    per = _abort_ticks(state, w, counted)
    ordered = sorted(per)
    median = ordered[len(ordered) // 2]
    limit = max(3.0 * median, 1.0)
    return sum(1 for v in per[-w.growth:] if v > limit)


def session_view(state: NodeState, tick_ns: int, window_s: float) -> SessionView:
    med, turns, longest = state.sessions.stats(tick_ns, window_s)
    since = tick_ns - int(window_s * NS)
    return SessionView(state.sessions.collisions_since(since), med, turns, longest)
