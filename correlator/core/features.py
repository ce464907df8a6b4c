"""Features of one node at one evaluation tick, computed from :class:`NodeState`.

Levels are judged on per-minute means with Mann-Kendall's tau and Sen's slope (see
:mod:`correlator.core.trends`): growth is in percentage points per minute (of the KV pool,
of GPU framebuffer, of host memory), and "monotonic" means the minutes keep rising.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import pairwise
from typing import NamedTuple

from correlator.config.model import MINUTES_KEPT, Benign, RuleSet
from correlator.core import metrics as m
from correlator.core.blocks import NO_HOUR, HourFloor
from correlator.core.latency import Delayed
from correlator.core.nodestate import (
    BUSY_GAP_NS,
    CRITICAL_XIDS,
    XID_HELD_NS,
    EngineTrack,
    GpuTrack,
    NodeState,
    RequestEvents,
)
from correlator.core.series import NAN, Series, mean, slope_per_min
from correlator.core.series import span as spread
from correlator.core.trends import NONE, Monotone, bucket_floors, bucket_means, mann_kendall

NS = 1_000_000_000
MIXED_DROPS = 5
"""Counter fall-backs within the window from which an engine's readings mix several servers."""
MIXED_WINDOW_NS = 300 * NS
"""The window :func:`mixed_servers` counts them in."""
MINUTE_NS = 60 * NS


@dataclass(slots=True)
class Level:
    """One series at this tick: its value, its minute-level trend, where the rise began."""

    now: float = NAN
    trend: Monotone = NONE
    onset_ns: int = 0
    step: float = 0.0
    low_recent: float = NAN


class Slowed(NamedTuple):
    """An engine whose requests pile up while each generates far slower than before."""

    engine: str
    running_now: float
    running_before: float
    speed_now: float
    """Generation tokens per second per running request, over the recent minutes..."""
    speed_before: float
    """...and over the minutes of the tick history before them (or before the engine's latest
    restart, where ``since_restart``)."""
    since_restart: bool = False
    """Judged against the minutes before the engine's latest restart: it came back slower."""


class Capped(NamedTuple):
    """An engine held at a fixed number of requests running while more wait (:func:`capped_engines`)."""

    engine: str
    running: float
    """The cap: the most requests it ran in the window."""
    waiting: float
    """Requests waiting, mean over the window."""
    kv_pct: float
    """The most of its KV pool in use in the window, percent."""


@dataclass(slots=True)
class KvView:
    engine: str
    level: Level
    per_demand: Monotone
    per_demand_fast: Monotone
    per_demand_long: Monotone
    """Minute means of KV usage per unit of demand over ``long_minutes`` (beyond the history)."""
    level_long: Monotone
    """Minute means of KV usage over the same window."""
    demand: str
    rebuild_ratio: float
    clean: Monotone
    clean_noise: float
    running_clean: Monotone
    running: Monotone
    running_now: float
    running_median: float
    waiting_now: float
    since_restart_s: float
    recent_excess: float = NAN
    """Mean KV usage over the restart window above the highest mean of the windows of the same
    length before it (NaN until two of them are in the history): a saw-tooth's rising phase
    does not lift it, a pool that keeps more than it releases does."""
    acceleration: float = NAN
    """Growth of the growth rate over the KV trend window, pp/min per minute
    (:func:`acceleration`)."""
    low_short: float = NAN
    """The lowest KV usage read over the short window (the minute ``running_now`` is judged
    over): a pool full for all of it, not at a single reading."""
    floor: Monotone = NONE
    """The pool's floor over ``floor_minutes``, pp/min (:func:`floor_trend`)."""
    demand_floor_tau: float = 0.0
    demand_floor_rise: float = 0.0
    """Demand (tokens processed, else running requests) over the floor's window, in bucket
    means: the largest tau and the largest relative rise among the windows ending now and up
    to ``floor_hold`` minutes before (:func:`floor_demand`; 0 while the floor is not rising)."""
    running_long: Monotone = NONE
    """Running requests over the whole tick history (ten bucket means)."""
    held_fewer: float = NAN
    """Requests running over the latest minutes kept against the earliest, where the pool was
    at least ``Windows.crowded_from`` full in every one of them (:func:`held_fewer`)."""
    hour: HourFloor = NO_HOUR
    """The last ``hour_blocks`` ten-minute blocks of the pool (:func:`blocks.hour_floor`)."""
    crowding: float = NAN
    kv_early: float = NAN
    kv_late: float = NAN
    """KV usage per unit of demand over the latest minutes against the earliest of those kept,
    and KV usage then and now (:func:`crowding`); NaN until the minutes are kept, and on a
    pool below ``Windows.crowded_from``."""
    clean_jump: float = 0.0
    """The largest rise within half a minute of readings in the ``clean`` window, points."""


def acceleration(minute_means: list[float]) -> float:
    """The second derivative of a series of minute means: the least-squares slope of its
    minute-to-minute changes, pp/min per minute (NaN with fewer than three changes). A leak
    that feeds on itself accelerates; a steady one is flat; a saw-tooth averages to zero.

    >>> acceleration([10.0, 11.0, 13.0, 16.0, 20.0])  # growth 1, 2, 3, 4 pp/min
    1.0
    >>> acceleration([10.0, 12.0, 14.0, 16.0])
    0.0
    """
    changes = [b - a for a, b in pairwise(minute_means)]
    return slope_per_min(changes, 60.0)


def excess_over_earlier(values: list[float], n: int) -> float:
    """Mean of the last ``n`` values minus the largest mean of the earlier, back-to-back
    windows of ``n`` values (NaNs skipped; NaN without two complete earlier windows).

    >>> excess_over_earlier([1, 2, 1, 2, 1, 2, 5, 6], 2)
    4.0
    >>> excess_over_earlier([1, 2, 1, 2, 1, 2], 4)
    nan
    """
    def avg(chunk: list[float]) -> float:
        present = [v for v in chunk if v == v]
        return sum(present) / len(present) if len(present) * 2 >= len(chunk) else NAN

    now = avg(values[-n:])
    earlier = [avg(values[end - n:end]) for end in range(len(values) - n, n - 1, -n)]
    earlier = [m for m in earlier if m == m]
    if now != now or len(earlier) < 2:
        return NAN
    return now - max(earlier)


@dataclass(slots=True)
class GpuView:
    gpus: int
    level: Level
    slow: Monotone
    growth_mib_per_min: float
    lost: list[int] = field(default_factory=list)
    xids: list[tuple[int, int]] = field(default_factory=list)
    slow_mib: Monotone = NONE
    """The framebuffers' used MiB summed (over the node's GPUs, or the one pool), minute means
    over the slow residue window: DESIGN's residue thresholds are MB per node."""
    steady_mib: tuple[Monotone, Monotone, Monotone] | None = None
    """The same minute means' thirds, earliest first (MiB/min summed), where the window is
    whole and rising: does the rise keep its pace (a leak) or slow down (memory settling)?"""
    total_mib: float = NAN
    """The framebuffers' mean size (MiB), where reported."""
    steady_step_mib: float = 0.0
    """Where ``steady_mib`` is kept: the largest rise of one GPU between two of its readings
    over that window (MiB). A load in pieces (an index's shards) climbs in a few steps."""
    gpu_step_mib: float = 0.0
    """The largest step of one GPU's used MiB within a minute over the growth window, where
    that step is the whole of its rise there: a job or checkpoint loading onto one GPU of a
    server that spans several, a fraction of the node's mean (:func:`_gpu_step`)."""


@dataclass(slots=True)
class PoolView:
    """The framebuffer of one vLLM server that has a GPU (or MIG instance) of its own.

    A node running a server per GPU or per instance has its framebuffer judged as a mean over
    them, in which one server's residue is diluted by the others; each such server's own
    framebuffer is judged too, with its own interrupted requests."""

    where: str
    """'GPU 1', or 'GPU 1 instance 2'."""
    gpu: GpuView
    aborts: float
    """Its server's interrupted requests per minute; NaN where it exports no such counter."""
    since_restart_s: float
    aborts_then: tuple[float, float] = (NAN, NAN)
    """Its interrupted requests per minute as they were where the framebuffer trends begin
    (:attr:`Rates.aborts_then`)."""
    aborts_recent: float = NAN
    """Its interrupted requests per minute over the last ``reclaim`` ticks
    (:attr:`Rates.aborts_recent`)."""


@dataclass(slots=True)
class Rates:
    """Request-level rates over the growth window, per minute."""

    finished: float = 0.0
    aborts: float = 0.0
    aborts_then: tuple[float, float] = (NAN, NAN)
    """Interrupted requests per minute over the growth window that ends where the residue
    paths' framebuffer trends begin: the short trend's, the slow one's (NaN: not kept). Healthy
    draft state is reclaimed a while after its request ends, so interrupts that step up lift
    the framebuffer to a new level, which it reaches within a few minutes, then stays at."""
    aborts_recent: float = NAN
    """Interrupted requests per minute over the last ``reclaim`` ticks (NaN: not asked for):
    the draft state a healthy framebuffer holds now is that of the requests interrupted within
    the time it takes to reclaim it. At a burst's start the growth window's mean still counts
    the quiet minutes before it, and understates that level."""
    errors: float = 0.0
    preemptions: float = 0.0
    prompt_tokens_per_request: float = 0.0
    prompt_peaks: tuple[float, ...] = (0.0, 0.0, 0.0, 0.0)
    """The largest prompt tokens per request of any growth window ending within each KV
    growth path's window (clean, fast, slow trend, long): large documents admitted while
    that path judged the KV trend."""
    large_prompt_peaks: tuple[float, ...] = (0.0, 0.0, 0.0, 0.0)
    """Likewise, the largest share of prompt tokens carried by large-document requests (a
    few documents among many short requests hold much KV without raising the mean)."""
    conversations: tuple[bool, ...] = (False, False, False, False)
    """Whether a conversation that opened with a large document (an annual report, a contract
    under review) began within each path's window and goes on: its context stays held and
    grows with every turn, where a one-shot document's blocks are released when it ends."""
    usual_prompt_per_request: float = NAN
    usual_large_share: float = NAN
    """What this node usually serves (a low quantile of its minutes, so that an episode of
    documents does not become the usual): prompt tokens per request, and the share of prompt
    tokens in large-document requests. NaN until enough minutes are known."""
    prefix_hit_rate: float = NAN
    usual_prefix_hit_rate: float = NAN
    """The share of prompt tokens found in the prefix cache, over the growth window and as the
    node usually has it (the lower quartile of its kept minutes; NaN until known)."""
    engine_context: tuple[float, float, float, float] = (NAN, NAN, NAN, NAN)
    """The same four for the one engine whose KV pool the node's KV view judges, on a node of
    several engines (NaN otherwise): prefix-cache hit share and its usual, prompt tokens per
    request and its usual. A report's conversation deepens one server's cached share; summed
    over the node's eight ranks or four per-GPU servers it moves a little (outsiders s297,
    s314, s317)."""
    passed_over: tuple[str, tuple[float, float, float, float]] | None = None
    """An engine the KV view passed over for one whose pool also rises, its conversations grown
    deeper (:meth:`NodeEngine._kv_judged`), with its four figures: its pool is no leak, and
    the KV alerts it raises are explained; the other engine's growth is judged as it is."""
    length_share: float = NAN
    usual_length_share: float = NAN
    """The share of finished requests that ended at their length limit (finish reason
    ``length``), over the growth window and as usual (lower quartile of the kept minutes)."""
    usual_length_hit_rate: float = NAN
    """The prefix-cache hit rate of the kept minutes whose length-limited share was the node's
    usual (within ``USUAL_LENGTH_MARGIN`` of it): what the prompts found before requests began
    running to their limit (NaN with fewer than ``USUAL_MINUTES // 2`` such minutes)."""
    generated_per_request: float = NAN
    usual_generated_per_request: float = NAN
    """Tokens generated per finished request, likewise (vLLM's counters)."""
    acceptance: float = NAN
    usual_acceptance: float = NAN
    drafted_per_min: float = 0.0
    """Speculative decoding: the share of draft tokens accepted over the growth window and as
    the node usually has it (the upper quartile of its kept minutes: its good minutes, which a
    collapse takes 24 minutes to become), and the draft tokens proposed per minute."""
    rebuild_rate: float = NAN
    spec_active: bool = False
    spec_absent: bool = False
    """The node's vLLM servers report and none exports a speculative-decoding counter: not
    configured (vLLM registers those counters only where it is)."""
    burst_ticks: int = 0
    servers: int = 0
    """The vLLM engines reporting on the node now. An interrupted request's draft state lies
    on the GPUs of the engine that served it: on each of a tensor-parallel engine's GPUs,
    and on one GPU of a node that runs a server per GPU."""


@dataclass(slots=True)
class SessionView:
    collisions: int = 0
    median_lifetime_s: float = 0.0
    max_turns: int = 0
    max_lifetime_s: float = 0.0
    hot: int = 0
    hot_tenant: str = ""
    hot_rate: float = 0.0
    restarts: int = 0
    """New conversations under known ids within the restart window, of ``restart_tenant``."""
    restart_tenant: str = ""


@dataclass(slots=True)
class HostSteady:
    """The serving process's memory (host memory without RSS) over ``host_steady_minutes``
    minute means: the trends of the window's thirds, earliest first (neighbours share a
    minute; slopes in pp/min), and the host memory still free (%)."""

    thirds: tuple[Monotone, Monotone, Monotone]
    headroom_pct: float


def growing_host(host: Level | None, rss: Level | None, beside: bool = True) -> Level | None:
    """The serving process's RSS where reported, unless ``beside`` and it holds while the
    host's memory used rises (memory outside the serving process grows: a sidecar, an offload
    cache, or the page cache); else the host's memory used."""
    if rss is not None and rss.trend.known:
        if beside and not rss.trend.slope > 0 and host is not None and host.trend.known \
                and host.trend.slope > 0:
            return host
        return rss
    return host


def host_steady(s: Series, mem_pct: float, w: Windows) -> HostSteady | None:
    """None until the window is kept."""
    means = bucket_means(s.tail(w.host_steady_minutes * w.per_minute), w.per_minute)
    if len(means) < w.host_steady_minutes:
        return None
    return HostSteady(thirds(means), 100.0 - mem_pct)


def thirds(means: list[float]) -> tuple[Monotone, Monotone, Monotone]:
    """The trends of a window's thirds, earliest first; neighbours share a minute."""
    k = len(means) // 3
    return (mann_kendall(means[: k + 1]), mann_kendall(means[k : 2 * k + 1]),
            mann_kendall(means[2 * k :]))


@dataclass(slots=True)
class NodeFeatures:
    node: str
    ts_ns: int
    tick_s: float
    kv: KvView | None
    gpu: GpuView | None
    host: Level | None
    host_rss: Level | None
    oom_recent: int
    rates: Rates
    sessions: SessionView
    since_start_s: float
    since_resume_s: float
    silent_sources: list[str]
    missing_metrics: list[str]
    sources: list[str]
    pools: list[PoolView] = field(default_factory=list)
    """Servers' own framebuffers that rose over the slow window (:func:`server_pools`)."""
    silent_servers: list[str] = field(default_factory=list)
    """vLLM engines that stopped reporting while the node's ``vllm`` source goes on
    (:func:`silent_servers`)."""
    vllm_loading: bool = False
    """The ``vllm`` source is silent because its server restarts: a serving process started
    soon after its last record, and not long ago (``monitoring_gap.restart_within_s``)."""
    stalled: list[tuple[str, float]] = field(default_factory=list)
    """Engines with requests running and no token processed (:func:`stalled_engines`)."""
    frozen_servers: list[str] = field(default_factory=list)
    """Engines whose metrics stand still while the node's request log shows them serving, or
    did lately (:func:`frozen_servers`)."""
    shrunk_pools: list[tuple[str, float, float, int, str]] = field(default_factory=list)
    """Engines whose KV pool came back much smaller (:func:`shrunk_pools`)."""
    host_steady: HostSteady | None = None
    """Where the host's memory (or the serving process's) rose over the short window."""
    oom_hour: int = 0
    """OOM kills on the node within the last hour: the host's memory used then tells, where the
    serving process's own holds (:func:`growing_host`)."""
    throttled: list[tuple[int, int, float, float, float]] = field(default_factory=list)
    """GPUs slowed down for ``gpu_throttle.after_s`` (:func:`throttled_gpus`): (GPU, since,
    temperature, SM clock, utilisation where the GPU is held slow while it works, else NaN)."""
    failing_links: list[tuple[int, int, float]] = field(default_factory=list)
    """GPUs whose NVLink errors have been counted without a pause for ``nvlink.sustain_s``
    (:func:`failing_links`): (GPU, since, errors a minute)."""
    fb_last_pct: float = NAN
    """Framebuffer in use as last heard, averaged over the GPUs ever heard, however long ago
    (:func:`last_framebuffer`): what a node that fell silent held when it went."""
    drained: bool = False
    """Every engine ran nothing in its last readings, after serving (:func:`drained_before`;
    judged only while a source is silent)."""
    starts: tuple[int, int] = (0, 0)
    """Serving-process starts within ``crash_loop.window_s`` and when the first of them was
    (:func:`recent_starts`)."""
    lost: tuple[int, float] | None = None
    """The serving process gone while it served and not started again: (its engines' last
    reading, the requests running then), from :func:`lost_server`."""
    crashes: tuple[int, int] = (0, 0)
    """Starts after a stop under load within ``crash_loop.crash_window_s``, none with an OOM
    kill in the hour before, and when the first of them was (:func:`recent_crashes`)."""
    gpu_failed_ns: int = 0
    """When a GPU of the node last failed: a critical XID, or the driver reporting it lost
    (:func:`gpu_failed`); 0: never."""
    held_gpus: list[tuple[int, float]] = field(default_factory=list)
    """GPUs whose last reading shows most of their framebuffer in use, with that share, while
    the node's server keeps restarting (:func:`held_gpus`)."""
    slowed: list[Slowed] = field(default_factory=list)
    """Engines whose requests pile up while each generates far slower (:func:`slowed_engines`)."""
    delayed: list[Delayed] = field(default_factory=list)
    """Engines whose requests wait far longer for their first token while their work holds
    (:func:`correlator.core.latency.delayed_engines`)."""
    capped: list[Capped] = field(default_factory=list)
    """Engines held at a fixed number of requests running while more wait (:func:`capped_engines`)."""
    host_view_wrong: tuple[float, float, int] | None = None
    """The host's memory readings are not the host's: (GiB in all, GiB its serving process
    holds, since when), where a recent host sample's process held more than that total."""
    mixed_servers: list[tuple[str, int, int]] = field(default_factory=list)
    """Engines whose readings mix several servers: (where, counter fall-backs in the window,
    the first of them), from :func:`mixed_servers`."""
    renamed_counters: list[tuple[str, str, int]] = field(default_factory=list)
    """Engines whose counters arrive renamed: (where, one such name, since when), from
    :func:`renamed_counters`."""
    gpus_absent: tuple[int, list[str]] | None = None
    """The node came back without its GPUs: (when its host readings came back, the GPU
    sources silent since before), where ``gpus_unavailable.after_s`` has passed since
    (:meth:`NodeEngine._gpus_absent`)."""
    unseen_ranks: list[tuple[str, int]] = field(default_factory=list)
    """Ranks of a server whose readings stopped while the node's other engines report and its
    GPUs stay busy: (engine, last reading), from :func:`unseen_ranks`."""
    serving_unseen: tuple[int, int] | None = None
    """vLLM silent while a serving process started since its last record keeps the node's GPUs
    busy: (the start, minutes busy since), where they have been for
    ``monitoring_gap.unseen_busy_s`` (:meth:`NodeEngine._serving_unseen`)."""
    api_errors: tuple[float, float, float] | None = None
    """Requests vLLM's HTTP servers failed with a 5xx that their engines finished: (5xx a
    minute, their share of the answered, the engines' errors a minute), where
    :func:`api_errors` finds them."""
    context_cap: tuple[float, int, float] | None = None
    """Prompts refused above a length the server took at its start: (the longest prompt
    answered since, the longer ones refused, the longest answered before), where
    :func:`context_cap` finds them."""
    partial_rss: tuple[float, float] | None = None
    """The serving process's memory reading covers only part of the server: (GiB it reads
    now, GiB it read before its last start), while the host's memory stayed in use
    (:meth:`HostTrack.partial_rss`, judged after the warm-up)."""
    output_cap: tuple[float, float, float] | None = None
    """Answers cut at a limit the server took at its start: (the limit in tokens, the share
    of answers ending at it, the longest answer before the start), where :func:`output_cap`
    finds them."""
    upstream_errors: tuple[float, float, float] | None = None
    """Requests the request log ends in errors that the engines never counted: (errors a
    minute, their share of the logged requests, the engines' own errors a minute), where
    :func:`upstream_errors` finds them."""


@dataclass(frozen=True, slots=True)
class Windows:
    """Window lengths in ticks, derived once from the rules."""

    tick_s: float
    tick_ns: int
    per_minute: int
    short: int
    growth: int
    history: int
    kv_minutes: int
    kv_fast_minutes: int
    kv_long_minutes: int
    demand: int
    demand_minutes: int
    gpu_minutes: int
    gpu_slow_minutes: int
    host_minutes: int
    fine: int
    clean: int
    warmup: int
    restart: int = 18
    floor_minutes: int = 28
    floor_bucket: int = 4
    floor_hold: int = 2
    hour_blocks: int = 6
    crowded_from: float = 72.0
    host_steady_minutes: int = 12

    @classmethod
    def from_rules(cls, rules: RuleSet) -> Windows:
        f, h = rules.features, rules.hypotheses
        t = f.tick_s
        history = round(f.history_s / t)
        per = max(1, round(60.0 / t))
        return cls(
            tick_s=t,
            tick_ns=int(t * NS),
            per_minute=per,
            short=max(2, round(f.short_window_s / t)),
            growth=max(2, round(f.growth_window_s / t)),
            history=history,
            kv_minutes=min(h.session_isolation.trend_minutes, history // per),
            kv_fast_minutes=min(h.session_isolation.fast_minutes, history // per),
            kv_long_minutes=h.session_isolation.long_minutes,
            demand=max(1, round(h.session_isolation.demand_window_s / t)),
            demand_minutes=max(1, round(h.session_isolation.demand_window_s / 60.0)),
            gpu_minutes=min(h.spec_residue.trend_minutes, history // per),
            gpu_slow_minutes=min(h.spec_residue.slow_minutes, history // per),
            host_minutes=min(h.monitoring_gap.trend_minutes, history // per),
            fine=max(1, round(h.spec_residue.bucket_s / t)),
            clean=max(4, round(h.session_isolation.clean_window_s / t)),
            warmup=min(history, round(rules.benign.warmup_s / t)),
            restart=max(2, min(history // 3, round(h.session_isolation.restart_window_s / t))),
            floor_minutes=h.session_isolation.floor_minutes,
            floor_bucket=h.session_isolation.floor_bucket_minutes,
            floor_hold=h.session_isolation.floor_hold_minutes,
            hour_blocks=h.session_isolation.hour_blocks,
            crowded_from=0.8 * h.session_isolation.saturated_kv_pct,
            host_steady_minutes=min(h.memory_leak.host_steady_minutes, history // per),
        )


def span(w: Windows, minutes: int) -> int:
    """Ticks of history a :class:`Level` over ``minutes`` looks at."""
    return max(minutes * w.per_minute, w.warmup, w.growth)


def level(s: Series, w: Windows, tick_ns: int, minutes: int, bucket: int = 0) -> Level:
    now = s.latest()
    return level_from(s.tail(span(w, minutes)), now if now == now else s.last_value, w, tick_ns,
                      minutes, bucket)


def level_from(hist: list[float], now: float, w: Windows, tick_ns: int, minutes: int,
               bucket: int = 0) -> Level:
    """Value, trend of bucket means over ``minutes`` (slope per minute), onset of the rise,
    largest step. Buckets are a minute unless ``bucket`` ticks are given: a flat signal such
    as a vLLM GPU's framebuffer shows a trend in half-minute means already."""
    per = bucket or w.per_minute
    means = bucket_means(hist[-minutes * w.per_minute :], per)
    trend = per_minute(mann_kendall(means), per * w.tick_s)
    low = min(range(len(means)), key=lambda i: means[i] if means[i] == means[i] else math.inf,
              default=len(means) - 1)
    onset = tick_ns - (len(means) - low) * per * w.tick_ns
    present = [v for v in hist[-w.warmup :] if v == v]
    jump = _max_jump(hist[-w.growth :], w.per_minute)
    window = [v for v in hist[-minutes * w.per_minute :] if v == v]
    rise = max(window) - min(window) if window else 0.0
    # A jump that is the whole rise is a step (a load); one within a steady climb is not.
    step = jump if rise <= 0 or jump >= 0.7 * rise else 0.0
    return Level(now, trend, onset, step, min(present, default=NAN))


def per_minute(t: Monotone, bucket_s: float) -> Monotone:
    """A trend over buckets of ``bucket_s`` seconds, with its slope per minute."""
    if bucket_s == 60.0 or t.slope != t.slope:
        return t
    return Monotone(t.n, t.tau, t.slope * 60.0 / bucket_s, t.rise, t.mean)


def _max_jump(values: list[float], within: int) -> float:
    """Largest rise inside any ``within`` consecutive ticks: a checkpoint load is a jump of
    several points in a minute or two, a leak a slow ramp."""
    best = 0.0
    for i, v in enumerate(values):
        if v != v:
            continue
        low = min((x for x in values[max(0, i - within) : i] if x == x), default=v)
        best = max(best, v - low)
    return best


def kv_view(key: str, e: EngineTrack, w: Windows, tick_ns: int) -> KvView:
    lv = level(e.kv_pct, w, tick_ns, w.kv_minutes)
    run = e.running.tail(w.history)
    run_means = bucket_means(run[-w.kv_minutes * w.per_minute :], w.per_minute)
    present = sorted(v for v in run if v == v)
    ratio, demand = _per_demand(e, w)
    fast = ratio[-w.kv_fast_minutes * w.per_minute :]
    long_ratio, long_level = long_trend(e, w)
    floor = floor_trend(e, w.floor_minutes, w.floor_bucket, w.floor_hold)
    demand_tau, demand_rise = floor_demand(e, w) if floor.known and floor.tau > 0 else (0.0, 0.0)
    recent = e.kv_pct.tail(w.clean)
    crowd, early, late = crowding(e, w) if max(lv.now, e.kv_by_minute.latest()) >= w.crowded_from \
        else (NAN, NAN, NAN)
    fewer = held_fewer(e, w.crowded_from) if late == late and late >= w.crowded_from else NAN
    return KvView(
        engine=key,
        level=lv,
        per_demand=mann_kendall(bucket_means(ratio, w.per_minute)),
        per_demand_fast=mann_kendall(bucket_means(fast, w.per_minute)),
        per_demand_long=long_ratio,
        level_long=long_level,
        demand=demand,
        rebuild_ratio=rebuild_ratio(e, w),
        clean=per_minute(mann_kendall(bucket_means(recent, w.fine)), w.fine * w.tick_s),
        clean_noise=max(residual_std(recent), _usual_span(e.kv_pct.tail(w.history)[: -w.clean])),
        running_clean=per_minute(mann_kendall(bucket_means(run[-w.clean :], w.fine)), w.fine * w.tick_s),
        clean_jump=_max_jump(recent, max(1, w.per_minute // 2)),
        running=mann_kendall(run_means),
        running_now=mean(run[-w.short :]),
        running_median=present[len(present) // 2] if present else NAN,
        waiting_now=mean(e.waiting.tail(w.short)),
        since_restart_s=(tick_ns - e.restart_ns) / NS if e.restart_ns else math.inf,
        recent_excess=excess_over_earlier(e.kv_pct.tail(w.history), w.restart),
        acceleration=acceleration(bucket_means(e.kv_pct.tail(w.kv_minutes * w.per_minute), w.per_minute)),
        low_short=min((v for v in e.kv_pct.tail(w.short) if v == v), default=NAN),
        floor=floor,
        demand_floor_tau=demand_tau,
        demand_floor_rise=demand_rise,
        running_long=mann_kendall(bucket_means(run, max(1, w.history // 10))),
        hour=e.blocks.hour(w.hour_blocks),
        crowding=crowd,
        held_fewer=fewer,
        kv_early=early,
        kv_late=late,
    )


CROWD_EARLY, CROWD_LATE = 8, 4


def crowding(e: EngineTrack, w: Windows) -> tuple[float, float, float]:
    """(KV usage per unit of demand over the latest ``CROWD_LATE`` minutes against that over
    the earliest ``CROWD_EARLY`` of the minutes kept, KV usage over those earliest, and over
    those latest); NaN until the ring is full or where demand is unknown."""
    kv = e.kv_by_minute.tail(MINUTES_KEPT)
    demand = _rolling_sum(e.demand_by_minute.tail(MINUTES_KEPT), w.demand_minutes)
    if len(kv) < MINUTES_KEPT or len(demand) < CROWD_EARLY + CROWD_LATE:
        return NAN, NAN, NAN
    kv = kv[-len(demand) :]
    ratio = [k / d if k == k and d > 0 else NAN for k, d in zip(kv, demand, strict=True)]
    then, now = mean(ratio[:CROWD_EARLY]), mean(ratio[-CROWD_LATE:])
    if then != then or now != now or then <= 0:
        return NAN, NAN, NAN
    return now / then, mean(kv[:CROWD_EARLY]), mean(kv[-CROWD_LATE:])


def held_fewer(e: EngineTrack, full: float) -> float:
    """Requests running over the latest ``CROWD_LATE`` minutes kept against the earliest
    ``CROWD_EARLY``, where the pool's minute means were at least ``full`` in every kept minute
    (NaN otherwise, or until the ring is full): a pool kept full that holds ever fewer
    requests."""
    kv = e.kv_by_minute.tail(MINUTES_KEPT)
    run = e.running_by_minute.tail(MINUTES_KEPT)
    if len(kv) < MINUTES_KEPT or len(run) < MINUTES_KEPT or not all(k >= full for k in kv):
        return NAN  # (NaN minutes compare false: a gap is no full minute)
    then, now = mean(run[:CROWD_EARLY]), mean(run[-CROWD_LATE:])
    return now / then if then > 0 and now == now else NAN


def floor_trend(e: EngineTrack, minutes: int, bucket: int, hold: int) -> Monotone:
    """The trend of the KV pool's floor, pp/min: the lowest minute mean of each ``bucket``
    minutes over the last ``minutes``; of the windows ending now and up to ``hold`` minutes
    before, the one rising in the fewest pairs (NONE until all of them are kept)."""
    ring = e.kv_by_minute.tail(minutes + hold)
    if len(ring) < minutes + hold:
        return NONE
    worst = NONE
    for back in range(hold + 1):
        end = len(ring) - back
        t = mann_kendall(bucket_floors(ring[end - minutes : end], bucket))
        if not t.known or t.slope != t.slope:
            return NONE
        if worst is NONE or t.tau < worst.tau:
            worst = t
    return per_minute(worst, bucket * 60.0)


def floor_demand(e: EngineTrack, w: Windows) -> tuple[float, float]:
    """How much demand rose under a rising floor, over the windows of :func:`floor_trend`
    (ending now and up to ``floor_hold`` minutes before): the largest tau and the largest
    relative rise of its bucket means. Both, and over every window: demand that climbed by a
    fifth and then levelled off shows a small tau but a real rise, and a bucket boundary
    moving by one minute can halve a tau of seven points."""
    minutes, hold = w.floor_minutes, w.floor_hold
    ring = e.demand_by_minute.tail(minutes + hold)
    tau = rise = 0.0
    for back in range(max(0, min(hold, len(ring) - minutes)) + 1):
        end = len(ring) - back
        t = mann_kendall(bucket_means(ring[max(0, end - minutes) : end], w.floor_bucket))
        tau = max(tau, t.tau)
        r = t.relative_rise
        if r == r:
            rise = max(rise, r)
    return tau, rise


def long_trend(e: EngineTrack, w: Windows) -> tuple[Monotone, Monotone]:
    """(KV usage per unit of demand, KV usage) over the last ``kv_long_minutes`` minute means;
    unknown until that many minutes (and the demand window before them) are kept."""
    n = w.kv_long_minutes
    kv = e.kv_by_minute.tail(n)
    demand = _rolling_sum(e.demand_by_minute.tail(n + w.demand_minutes - 1), w.demand_minutes)
    if len(kv) < n or len(demand) < n:
        return NONE, NONE
    ratio = [k / d if k == k and d > 0 else NAN for k, d in zip(kv, demand[-n:], strict=True)]
    return mann_kendall(ratio), e.kv_long_trend(n)


def residual_std(values: list[float]) -> float:
    """Spread of ``values`` around their least-squares line: the signal's own noise."""
    pts = [(i, v) for i, v in enumerate(values) if v == v]
    n = len(pts)
    if n < 4:
        return math.inf
    mx = sum(i for i, _ in pts) / n
    my = sum(v for _, v in pts) / n
    sxx = sum((i - mx) ** 2 for i, _ in pts)
    b = sum((i - mx) * (v - my) for i, v in pts) / sxx if sxx else 0.0
    res = [v - (my + b * (i - mx)) for i, v in pts]
    return math.sqrt(sum(r * r for r in res) / (n - 2))


def _usual_span(before: list[float]) -> float:
    """How far the series usually moves (5th to 95th percentile) before the recent window;
    infinite until there are five minutes of it."""
    pts = sorted(v for v in before if v == v)
    if len(pts) < 30:
        return math.inf
    return pts[int(0.95 * (len(pts) - 1))] - pts[int(0.05 * (len(pts) - 1))]


def _per_demand(e: EngineTrack, w: Windows) -> tuple[list[float], str]:
    """KV usage per unit of recent demand, per tick, over the trend window.

    What a healthy cache holds follows what it was recently asked to hold: tokens processed
    within the demand window (the context lifetime) where vLLM exports token counters, else
    requests running. Leaked blocks raise the ratio; more traffic does not.
    """
    n = w.kv_minutes * w.per_minute
    kv = e.kv_pct.tail(n)
    counters = e.token_counters()
    if counters:
        per_tick = [0.0] * (n + w.demand)
        for c in counters:
            _add_tail(per_tick, c.per_tick.tail(n + w.demand))
        demand, what = _rolling_sum(per_tick, w.demand)[-len(kv) :], "tokens"
    else:
        demand, what = _rolling_sum(e.running.tail(n + w.demand), w.demand)[-len(kv) :], "running"
    if len(demand) < len(kv):
        return [], what
    out = [k / d if k == k and d > 0 else NAN for k, d in zip(kv, demand, strict=True)]
    return out, what


def rebuild_ratio(e: EngineTrack, w: Windows) -> float:
    """Prefix-cache misses (blocks rebuilt) over the last five minutes against before them.

    Leaked blocks crowd the pool, so reusable prefixes are evicted and rebuilt more often.
    """
    q, h = e.counters.get(m.PREFIX_QUERIES[0]), e.counters.get(m.PREFIX_HITS[0])
    if q is None or h is None:
        return NAN
    recent = 5 * w.per_minute
    qs, hs = q.per_tick.tail(w.history), h.per_tick.tail(w.history)
    if len(qs) < 2 * recent:
        return NAN
    now = _miss(qs[-recent:], hs[-recent:])
    base = _miss(qs[:-recent], hs[:-recent])
    return now / base if base > 0 and now == now else NAN


def _miss(queries: list[float], hits: list[float]) -> float:
    dq = sum(v for v in queries if v == v)
    dh = sum(v for v in hits if v == v)
    return 1.0 - dh / dq if dq > 0 else NAN


def _rolling_sum(values: list[float], window: int) -> list[float]:
    out = []
    acc = 0.0
    for i, v in enumerate(values):
        acc += v if v == v else 0.0
        if i >= window:
            old = values[i - window]
            acc -= old if old == old else 0.0
        out.append(acc)
    return out[window - 1 :] if len(out) >= window else []


THROTTLE_FRESH_NS = 60 * NS
"""A throttled GPU's reading older than this (the exporter stopped) no longer counts."""


def throttled_gpus(state: NodeState, tick_ns: int,
                   after_s: float) -> list[tuple[int, int, float, float, float]]:
    """GPUs slowed down, continuously for ``after_s`` up to a recent reading: by heat, or held
    slow while they work (utilisation known), the latter only while a vLLM engine of the node
    serves (a validation job sweeping a drained node's clocks slows no server)."""
    if not state.throttled:
        return []
    serving = any(tick_ns - e.served_ns <= THROTTLE_FRESH_NS for e in state.engines.values())
    return [(gpu, since, temp, clock, util)
            for gpu, (since, last, temp, clock, util) in sorted(state.throttled.items())
            if tick_ns - last <= THROTTLE_FRESH_NS and last - since >= after_s * NS
            and (util != util or serving)]


def failing_links(state: NodeState, tick_ns: int, sustain_s: float,
                  quiet_s: float) -> list[tuple[int, int, float]]:
    """GPUs whose NVLink errors go on: a run of them (each within ``quiet_s`` of the last) at
    least ``sustain_s`` long and still running."""
    if not state.links:
        return []
    out = []
    for gpu, t in sorted(state.links.items()):
        if t.last_ns and tick_ns - t.last_ns <= quiet_s * NS and t.last_ns - t.since_ns >= sustain_s * NS:
            minutes = max((t.last_ns - t.since_ns) / NS / 60.0, 1.0)
            out.append((gpu, t.since_ns, t.counted / minutes))
    return out


def strongest_kv(views: list[KvView]) -> KvView | None:
    """The engine whose KV usage rises most convincingly; where none rises, the fullest. (A
    falling trend's tau and slope are both negative: their product ranked the engine whose
    pool emptied fastest above a leak's pool slowing as it fills, outsider s316's per-GPU
    servers, where a neighbour's saw-tooth falling took the view from the leak 20 minutes.)"""
    def score(v: KvView) -> tuple[bool, float]:
        up = rising(v)
        return up, v.level.trend.tau * v.level.trend.slope if up else v.level.now

    return max(views, key=score, default=None)


def rising(v: KvView) -> bool:
    """Whether the engine's KV usage trends up (its tau and slope both positive)."""
    t = v.level.trend
    return t.tau > 0 and t.slope > 0  # (an unknown slope, NaN, compares false)


def recent_starts(state: NodeState, tick_ns: int, window_s: float) -> tuple[int, int]:
    """How many times the serving process started within ``window_s`` of ``tick_ns`` and the
    first of those starts: its own ``process_start`` events, or vLLM's ``engine_start`` where
    they count more (a node whose agent sees no processes), counted engine by engine: a node
    running a server per GPU restarts them all at once, one start each, not a loop (outsider
    s267: four servers warming up after a restart paged as a crash loop)."""
    since = tick_ns - int(window_s * NS)
    inside = [t for t in state.server_starts if since <= t <= tick_ns]
    best: tuple[int, int] = (len(inside), inside[0]) if inside else (0, 0)
    by_engine: dict[str, list[int]] = {}
    for t, key in state.engine_starts:
        if since <= t <= tick_ns:
            by_engine.setdefault(key, []).append(t)
    for times in by_engine.values():
        if len(times) > best[0]:
            best = (len(times), times[0])
    return best


CRASH_FAILING_BEFORE_NS = 300 * NS
CRASH_FAILING_AFTER_NS = 600 * NS
"""A crash of a node with vLLM engines counts once its clients were seen failing: an alert
that their requests fail began firing from this long before the start (the server hung first)
to this long after it (:func:`recent_crashes`)."""


def recent_crashes(state: NodeState, tick_ns: int, window_s: float, oom_ns: int,
                   last_within_s: float) -> tuple[int, int]:
    """How many times the serving process started after stopping under load
    (``NodeState.crash_starts``) within ``window_s`` of ``tick_ns``, and the first of them;
    none once the latest was more than ``last_within_s`` ago (the server has served since).
    Left out: those with an OOM kill within ``oom_ns`` before them (the memory's doing), and
    on a node with engines, those with no alert that its clients' requests fail beginning
    around them (a restart that failed nobody: a rollout that did not drain first)."""
    since = tick_ns - int(window_s * NS)
    inside = [t for t, confirm in state.crash_starts if since <= t <= tick_ns
              and not any(0 <= t - k <= oom_ns for k in state.host.oom_ns)
              and (not confirm or any(-CRASH_FAILING_BEFORE_NS <= f - t <= CRASH_FAILING_AFTER_NS
                                      for f in state.failing_ns))]
    if not inside or tick_ns - inside[-1] > last_within_s * NS:
        return (0, 0)
    return (len(inside), inside[0])


def lost_server(state: NodeState, tick_ns: int, silent: list[str], sources: list[str], after_s: float,
                freed_pct: float) -> tuple[int, float] | None:
    """The serving process gone while it served and not back: ``vllm`` silent as of the tick
    while another of the node's ``sources`` reports; its engines' last reading, ``after_s`` or
    more before the tick, had requests running; no server start since; the GPUs' last readings
    hold at most ``freed_pct`` of their framebuffer (the process exited); and an alert that the
    node's clients' requests fail began from ``CRASH_FAILING_BEFORE_NS`` before that reading
    to ``CRASH_FAILING_AFTER_NS`` after. (When that reading was, the requests running then.)"""
    if "vllm" not in silent or all(s in silent for s in sources if s != "vllm"):
        return None
    last = max(state.engines.values(), key=lambda e: e.running.last_ns, default=None)
    if last is None or not last.running.last_value > 0:
        return None
    stop = last.running.last_ns
    if tick_ns - stop < after_s * NS or max(state.engine_start_ns, state.host.start_ns) > stop:
        return None
    if not last_framebuffer(state.gpus) <= freed_pct:
        return None
    if not any(-CRASH_FAILING_BEFORE_NS <= f - stop <= CRASH_FAILING_AFTER_NS for f in state.failing_ns):
        return None
    return (stop, last.running.last_value)


HELD_PCT = 50.0
"""A GPU whose last reading holds this share of its framebuffer or more holds a model's memory."""


def gpu_failed(gpus: dict[int, GpuTrack]) -> int:
    """When a GPU last had a critical XID or was reported lost; 0: never."""
    return max((max(g.xid_ns if g.xid in CRITICAL_XIDS else 0, g.lost_ns) for g in gpus.values()),
               default=0)


def held_gpus(gpus: dict[int, GpuTrack]) -> list[tuple[int, float]]:
    """GPUs whose last reading holds at least ``HELD_PCT`` of their framebuffer."""
    return [(i, v) for i, g in sorted(gpus.items()) if (v := g.best_pct().last_value) >= HELD_PCT]


DRAINED_NS = 20 * NS
"""How long before its last reading an engine must have run nothing for the node to count as
drained first (:func:`drained_before`)."""


def drained_before(engines: dict[str, EngineTrack]) -> bool:
    """Whether every engine of the node ran nothing in its last reading, and for at least
    ``DRAINED_NS`` before it, having served before that: the node was taken out of rotation
    (its load balancer's weight to zero, its requests finished) before it went. Judged on the
    last readings however long ago, so a node drained and gone for good stays so. False for a
    node without vLLM engines."""
    if not engines:
        return False
    return all(e.served_ns > 0 and e.running.last_value == 0 and
               e.running.last_ns - e.served_ns >= DRAINED_NS for e in engines.values())


def last_framebuffer(gpus: dict[int, GpuTrack]) -> float:
    """Mean framebuffer use of the GPUs' last readings, stale or not (NaN: none heard)."""
    last = [v for g in gpus.values() if (v := g.best_pct().last_value) == v]
    return sum(last) / len(last) if last else NAN


def gpu_view(gpus: dict[int, GpuTrack], w: Windows, tick_ns: int,
             pools: list[GpuTrack] | None = None) -> GpuView | None:
    """The node's framebuffer as the mean over its reporting GPUs, plus failures.

    ``pools`` are the framebuffers judged (the GPUs themselves unless some are split into MIG
    instances, :meth:`NodeState.pools`); failures are the GPUs'."""
    lost: list[int] = []
    xids: list[tuple[int, int]] = []
    live: list[GpuTrack] = []
    whole = pools is None
    for idx, g in gpus.items():
        s = g.best_pct()
        if g.xid in CRITICAL_XIDS and tick_ns - g.xid_ns <= XID_HELD_NS:
            xids.append((idx, g.xid))
            if s.last_ns >= 0 and tick_ns - s.last_ns > 60 * NS:
                lost.append(idx)
        if g.lost_ns and g.lost_ns <= tick_ns <= g.lost_ns + 1800 * NS and s.last_ns <= g.lost_ns \
                and idx not in lost:
            lost.append(idx)  # the driver said so; no sample since
        if whole and s.last_ns >= 0 and tick_ns - s.last_ns <= 60 * NS:
            live.append(g)
    for g in pools or ():
        s = g.best_pct()
        if s.last_ns >= 0 and tick_ns - s.last_ns <= 60 * NS:
            live.append(g)
    if not live:
        return GpuView(0, Level(), NONE, 0.0, lost, xids) if (lost or xids) else None
    per_gpu = [g.best_pct().tail(span(w, max(w.gpu_minutes, w.gpu_slow_minutes))) for g in live]
    depth = min(len(v) for v in per_gpu)
    merged = [_mean_at(per_gpu, depth - 1 - i) for i in range(depth)]
    now = sum(g.best_pct().last_value for g in live) / len(live)
    lv = level_from(merged, now, w, tick_ns, w.gpu_minutes, w.fine)
    slow = mann_kendall(bucket_means(merged[-w.gpu_slow_minutes * w.per_minute :], w.per_minute))
    fast = lv.trend.tau >= slow.tau
    minutes = w.gpu_minutes if fast else w.gpu_slow_minutes
    mib = 0.0
    for g in live:
        t = mann_kendall(bucket_means(g.used_mib.tail(minutes * w.per_minute), w.per_minute))
        if t.slope == t.slope:
            mib += t.slope
    summed = _summed_minutes(live, w.gpu_slow_minutes, w.per_minute)
    slow_mib = mann_kendall(summed)
    steady = thirds(summed) if len(summed) >= w.gpu_slow_minutes and slow_mib.slope > 0 \
        and slow_mib.tau >= 0.5 else None
    step = _largest_step(live, w.gpu_slow_minutes * w.per_minute) if steady is not None else 0.0
    sizes = [g.total_mib for g in live if g.total_mib > 0]
    total = sum(sizes) / len(sizes) if sizes else NAN
    return GpuView(len(live), lv, slow, mib / len(live), lost, xids, slow_mib, steady, total, step,
                   max(_gpu_step(g.used_mib.tail(w.growth), w.per_minute) for g in live))


def _gpu_step(values: list[float], within: int) -> float:
    """The largest rise within ``within`` ticks, where it is the whole rise of ``values`` (a
    step, not part of a climb), else 0."""
    jump = _max_jump(values, within)
    present = [v for v in values if v == v]
    rise = max(present) - min(present) if present else 0.0
    return jump if jump > 0 and jump >= 0.7 * rise else 0.0


def _largest_step(tracks: list[GpuTrack], ticks: int) -> float:
    """The largest rise of one track's used MiB between two of its readings over ``ticks``."""
    best = 0.0
    for g in tracks:
        prev = NAN
        for v in g.used_mib.tail(ticks):
            if v == v:
                if v - prev > best:
                    best = v - prev
                prev = v
    return best


def _summed_minutes(tracks: list[GpuTrack], minutes: int, per_minute: int) -> list[float]:
    """Used MiB summed over ``tracks``, minute means, newest last; NaN where one lacks a minute."""
    columns = [bucket_means(g.used_mib.tail(minutes * per_minute), per_minute) for g in tracks]
    depth = min(len(c) for c in columns)
    return [sum(c[len(c) - depth + i] for c in columns) for i in range(depth)]


def server_pools(state: NodeState, w: Windows, tick_ns: int, min_rise: float,
                 reclaim: int = 0) -> list[PoolView]:
    """The framebuffers each served by vLLM servers of their own, on a node with two or more
    of them, that rose by ``min_rise`` points or more over the slow window (a cheap screen:
    a healthy server's framebuffer is flat once its pool is allocated)."""
    by_pool: dict[tuple[int, str], list[EngineTrack]] = {}
    for e in state.engines.values():
        if e.pool is not None:
            by_pool.setdefault(e.pool, []).append(e)
    if len(by_pool) < 2:
        return []
    out: list[PoolView] = []
    minutes = w.growth * w.tick_s / 60.0
    for (gpu, inst), engines in by_pool.items():
        track = state.mig.get((gpu, inst)) if inst else state.gpus.get(gpu)
        if track is None or (not inst and track.split()):
            continue
        s = track.best_pct()
        if s.last_ns < 0 or tick_ns - s.last_ns > 60 * NS:
            continue
        if not spread(s.tail(w.gpu_slow_minutes * w.per_minute)) >= min_rise:
            continue
        view = gpu_view({}, w, tick_ns, [track])
        if view is None:
            continue
        counted = [e for e in engines if any(k.startswith("finished_") for k in e.counters)]
        aborts, then, recent = NAN, (NAN, NAN), NAN
        if counted:
            total = _aborts_over(counted)
            aborts, then = total(w.growth) / minutes, rates_then(total, w)
            recent = rate_recent(total, w, reclaim)
        restart = max(e.restart_ns for e in engines)
        since = (tick_ns - restart) / NS if restart else math.inf
        out.append(PoolView(pool_name((gpu, inst)), view, aborts, since, then, recent))
    return out


def pool_name(pool: tuple[int, str]) -> str:
    gpu, inst = pool
    return f"GPU {gpu} instance {inst}" if inst else f"GPU {gpu}"


SERVER_FORGOTTEN_NS = 1800 * NS
"""A vLLM engine silent this long while another of the node reports is taken as gone
(decommissioned, renumbered), not missing."""


def stalled_engines(state: NodeState, tick_ns: int, ticks: int, tick_ns_len: int, min_running: float,
                    min_served: float = math.inf) -> tuple[list[tuple[str, float]], list[str]]:
    """Engines whose token counters, which had counted before, have not moved over the last
    ``ticks`` (the latest reading fresh), as two lists.

    Stalled: those reporting requests running (at least ``min_running`` in every reading), as
    (engine, requests running). A hung engine's metrics are frozen; an idle one has nothing
    running. Frozen: where the node's request log shows ``min_served`` requests or more
    completed over those ticks beyond what its other engines' counters count, the engines are
    serving and only their metrics stand still (a stats task that died): a monitoring gap, not
    a hang (engine keys; :func:`frozen_servers` names them)."""
    flat = []
    for key, e in state.engines.items():
        if e.running.last_ns < 0 or tick_ns - e.running.last_ns > 2 * tick_ns_len:
            continue
        tokens = e.token_counters()
        if tokens and all(c.last_raw > 0 and c.total(ticks) == 0 for c in tokens):
            flat.append((key, e))
    if not flat:
        return [], []
    if min_served < math.inf:
        req = state.requests
        served = req.finished.total(ticks) - req.aborts.total(ticks) - req.errors.total(ticks)
        if served >= min_served:
            keys = {key for key, _ in flat}
            counted = sum(c.total(ticks) for key, e in state.engines.items() if key not in keys
                          for name, c in e.counters.items() if name in _SERVED)
            if served - counted >= min_served:
                return [], [key for key, _ in flat]
    out = []
    for key, e in flat:
        run = [v for v in e.running.tail(ticks) if v == v]
        if len(run) >= ticks // 2 and min(run) >= min_running:
            out.append((key, run[-1]))
    return out, []


def _speed(generated: list[float], running: float) -> float:
    """Generation tokens per second per running request, from per-minute token counts (the
    NaN minutes left out) and the mean requests running over the same minutes."""
    return sum(generated) / (60.0 * len(generated)) / running


def engine_speed(e: EngineTrack, w: Windows, minutes: int) -> float:
    """Generation tokens per second per running request over the engine's last ``minutes``
    (NaN where either side lacks readings)."""
    run = [v for v in e.running.tail(minutes * w.per_minute) if v == v]
    gen = [g for g in e.generated_by_minute.tail(minutes) if g == g]
    if len(run) < minutes * w.per_minute // 2 or len(gen) < max(1, minutes - 1):
        return NAN
    running = sum(run) / len(run)
    return _speed(gen, running) if running > 0 else NAN


def slowed_engines(state: NodeState, w: Windows, recent_minutes: int, min_running: float,
                   running_ratio: float, speed_share: float, full_kv_pct: float,
                   tick_ns: int = 0) -> list[Slowed]:
    """Engines whose requests pile up while each generates far slower than before.

    The last ``recent_minutes`` of the per-tick history against the minutes before them: the
    engine ran ``min_running`` requests or more on average before and ``running_ratio`` times
    as many now, and its generation tokens per minute over its mean requests running fell to
    ``speed_share`` of what they were or below. Not where any KV pool of the node reached
    ``full_kv_pct`` within the recent minutes: requests preempted and recomputed in a full
    pool are slowed by memory, a cause of their own, and the node's data- or expert-parallel
    ranks step together, so one rank's full pool slows its peers (outsider s59). A slowed
    engine's own pool that filled with its piled-up requests (no more KV per running request
    than before, :func:`_kv_per_request`) does not count: the pile-up filled it. An engine
    without a generation counter, or without enough readings on either side, is not judged.

    An engine restarted within the minutes kept is also judged across its restart (with
    ``tick_ns``): its last ``recent_minutes`` minute means against the minutes before the
    restart. A server that came back from a rollout slower for good (outsider s226: a
    namespace's default CPU limit reached the recreated pods, starving their schedulers) has a
    tick history that is all slow, and shows it only against the server it replaced."""
    k = recent_minutes * w.per_minute
    minutes = w.history // w.per_minute
    out = []
    piled = set()
    for key, e in state.engines.items():
        if m.GENERATION_TOKENS not in e.counters:
            continue
        run = e.running.tail(w.history)
        now_run = [v for v in run[-k:] if v == v]
        before_run = [v for v in run[:-k] if v == v]
        if len(now_run) < k // 2 or len(before_run) < k:
            continue
        restarted = _slowed_since_restart(e, tick_ns, recent_minutes, min_running, running_ratio, speed_share)
        if restarted is not None:
            out.append(restarted._replace(engine=key))
            continue
        run_now, run_before = sum(now_run) / len(now_run), sum(before_run) / len(before_run)
        if run_before < min_running or run_now < running_ratio * run_before:
            continue
        if not _piled_each_minute(run[-k:], w.per_minute, run_before):
            continue
        gen = e.generated_by_minute.tail(minutes)
        now_gen = [g for g in gen[-recent_minutes:] if g == g]
        before_gen = [g for g in gen[:-recent_minutes] if g == g]
        if len(now_gen) < recent_minutes - 1 or len(before_gen) < recent_minutes:
            continue
        speed_before, speed_now = _speed(before_gen, run_before), _speed(now_gen, run_now)
        if speed_before > 0 and speed_now <= speed_share * speed_before:
            out.append(Slowed(key, run_now, run_before, speed_now, speed_before))
            if _kv_per_request(e.kv_pct.tail(w.history), k, run_now, run_before):
                piled.add(key)
    if out and any(key not in piled and max((v for v in e.kv_pct.tail(k) if v == v), default=0.0)
                   >= full_kv_pct for key, e in state.engines.items()):
        return []  # (a node's engines wait on each other: data- and expert-parallel ranks step together)
    return out


def _piled_each_minute(recent: list[float], per_minute: int, before: float) -> bool:
    """Whether requests running stayed above ``before`` in every recent minute that has a
    reading: a pile-up holds minute after minute, where bursts of arrivals read by a scrape a
    minute come and go (outsider s288: readings of 0, 0, 19, 16 and 7 requests, a minute
    apart, against 4 before, paged as an engine slowed down)."""
    means = [m for m in bucket_means(recent, per_minute) if m == m]
    return bool(means) and min(means) > before


def _slowed_since_restart(e: EngineTrack, tick_ns: int, recent: int, min_running: float,
                          running_ratio: float, speed_share: float) -> Slowed | None:
    """:func:`slowed_engines`'s judgement across the engine's latest restart, on its minute
    means: the last ``recent`` minutes against those before the restart (its minute and the
    one after it left out). None where the restart is not within the minutes kept with
    ``recent`` minutes on either side, or the engine is not slower."""
    if not (e.restart_ns and tick_ns > e.restart_ns):
        return None
    after = int((tick_ns - e.restart_ns) // (60 * NS))
    if after < recent + 1 or after > MINUTES_KEPT - recent - 2:
        return None
    gen, run = e.generated_by_minute.tail(MINUTES_KEPT), e.running_by_minute.tail(MINUTES_KEPT)
    cut = len(gen) - after - 1
    before = [(g, r) for g, r in zip(gen[:cut], run[:cut], strict=True) if g == g and r == r]
    now = [(g, r) for g, r in zip(gen[-recent:], run[-recent:], strict=True) if g == g and r == r]
    if len(before) < recent or len(now) < recent - 1:
        return None
    run_before = sum(r for _, r in before) / len(before)
    run_now = sum(r for _, r in now) / len(now)
    if run_before < min_running or run_now < running_ratio * run_before:
        return None
    speed_before = _speed([g for g, _ in before], run_before)
    speed_now = _speed([g for g, _ in now], run_now)
    if not (speed_before > 0 and speed_now <= speed_share * speed_before):
        return None
    return Slowed("", run_now, run_before, speed_now, speed_before, since_restart=True)


def capped_engines(state: NodeState, w: Windows, minutes: int, pinned_share: float, min_running: float,
                   min_waiting: float, room_kv_pct: float) -> list[Capped]:
    """Engines held at a fixed number of requests running while more wait and the pool has
    room: over the last ``minutes`` of ticks, at least ``pinned_share`` of the readings of
    requests running lie within half a request of their highest, at least ``min_running``;
    requests waiting average ``min_waiting`` or more, their number moving between at least a
    quarter of its readings (an engine hung reports the same counts tick after tick); and the
    KV pool stays below ``room_kv_pct`` in every reading (a full pool makes requests wait for
    blocks). An engine missing half its readings in the window is not judged."""
    k = minutes * w.per_minute
    out = []
    for key, e in state.engines.items():
        waiting = [v for v in e.waiting.tail(k) if v == v]
        if len(waiting) < k // 2 or sum(waiting) < min_waiting * len(waiting) or \
                4 * sum(1 for a, b in pairwise(waiting) if a != b) < len(waiting) - 1:
            continue
        running = [v for v in e.running.tail(k) if v == v]
        if len(running) < k // 2:
            continue
        top = max(running)
        if top < min_running or sum(1 for v in running if v >= top - 0.5) < pinned_share * len(running):
            continue
        kv = [v for v in e.kv_pct.tail(k) if v == v]
        if len(kv) < k // 2 or max(kv) >= room_kv_pct:
            continue
        out.append(Capped(key, top, sum(waiting) / len(waiting), max(kv)))
    return out


def output_cap(state: NodeState, min_requests: int, min_share: float,
               before_factor: float) -> tuple[float, float, float] | None:
    """Answers cut at a limit since the server last started: (the limit in tokens, the share
    of the run's answers that ended by length at exactly it, the longest answer of the run
    before), where the run has answered ``min_requests``, at least ``min_share`` of them end
    at the limit and the run before served an answer ``before_factor`` times as long. None
    where the request log tells no such thing (no log, no earlier run to compare with)."""
    r = state.requests
    if r.run_finished < min_requests or r.run_longest <= 0 or r.run_at_longest < min_share * r.run_finished:
        return None
    if r.before_longest < before_factor * r.run_longest:
        return None
    return (r.run_longest, r.run_at_longest / r.run_finished, r.before_longest)


def context_cap(state: NodeState, min_refused: int, before_factor: float) -> tuple[float, int, float] | None:
    """Prompts refused above a length since the server last started: (the longest prompt the
    run answered, the requests with longer prompts that ended in errors, the longest prompt
    the run before answered), where at least ``min_refused`` were refused and the run before
    the start answered a prompt ``before_factor`` times as long. None otherwise."""
    r = state.requests
    if r.run_refused_long < min_refused or not r.run_prompt_ok > 0:
        return None
    if r.before_prompt_ok < before_factor * r.run_prompt_ok:
        return None
    return (r.run_prompt_ok, r.run_refused_long, r.before_prompt_ok)


def api_errors(state: NodeState, w: Windows, minutes: int, min_share: float, min_per_min: float,
               engine_share: float) -> tuple[float, float, float] | None:
    """Requests the node's vLLM HTTP servers failed with a 5xx while their engines counted
    them finished: over the last ``minutes``, at least ``min_share`` of the requests the HTTP
    servers answered (and ``min_per_min`` a minute) got a 5xx, and the engines' own error
    counters rose by at most ``engine_share`` of that. (5xx a minute, their share, the
    engines' errors a minute), or None (no HTTP series, nothing of the kind)."""
    k = minutes * w.per_minute
    failed = answered = seen = 0.0
    for e in state.engines.values():
        failed += e.http_answered("5", k)
        answered += e.http_answered("12345", k)
        seen += e.increase("finished_error", k)
    if failed < min_per_min * minutes or failed < min_share * answered or seen > engine_share * failed:
        return None
    return (failed / minutes, failed / answered, seen / minutes)


def upstream_errors(state: NodeState, w: Windows, minutes: int, min_share: float, min_per_min: float,
                    engine_share: float, tick_ns: int) -> tuple[float, float, float] | None:
    """Requests the node's request log ends in errors while its engines, up and counting,
    never saw them: over the last ``minutes``, at least ``min_share`` of the logged requests
    (and ``min_per_min`` a minute) finished in errors, and the engines' own error counters
    (vLLM's ``request_success_total{finished_reason="error"}``, and its HTTP server's 4xx and
    5xx counts where exported) rose by at most ``engine_share`` of that. None where no engine
    exports the counters (the log is then the only count of errors) or the log shows nothing
    of the kind. Errors that fall on tenants still served in part while most of their requests
    fail are a quota refusing a client's excess (outsider s198: a backtest script at four times
    its tenant's quota), not counted."""
    k = minutes * w.per_minute
    req = state.requests
    logged, failed = req.finished.total(k), req.errors.total(k)
    failed *= 1.0 - req.rate_limited_share(tick_ns)
    if failed < min_per_min * minutes or failed < min_share * logged:
        return None
    counting = [e for e in state.engines.values() if any(c.startswith("finished_") for c in e.counters)]
    if not counting:
        return None
    # (vLLM's HTTP server counts the requests it refused before its engine, outsider s192)
    seen = sum(e.increase("finished_error", k) + e.http_answered("45", k) for e in counting)
    if seen > engine_share * failed:
        return None
    return (failed / minutes, failed / logged, seen / minutes)


def _kv_per_request(kv: list[float], k: int, run_now: float, run_before: float) -> bool:
    """Whether a pool holds no more per running request over the last ``k`` ticks than before
    them: then its fill is the slowed requests piling up (long prompts held longer, outsider
    s124), not blocks that no request holds (a leak, whose pool fills while its requests do not
    grow with it)."""
    now = [v for v in kv[-k:] if v == v]
    before = [v for v in kv[:-k] if v == v]
    if not now or not before or run_now <= 0 or run_before <= 0:
        return False
    return sum(now) / len(now) / run_now <= sum(before) / len(before) / run_before


_SERVED = ("finished_stop", "finished_length")
"""The counters of requests an engine completed (vLLM's finish reasons other than abort)."""


FROZEN_HELD_NS = 600 * NS
"""An engine found with frozen metrics stays named for this long after: restarted, its metrics
move until the dead stats task's successor dies in turn, and the gap is the same one."""


def mixed_servers(state: NodeState, tick_ns: int, window_ns: int) -> list[tuple[str, int, int]]:
    """vLLM engines whose counters fell back :data:`MIXED_DROPS` times or more within
    ``window_ns`` while no server of the node started then: (where they run, the drops, the
    first of them). A server's counters fall back once, at its restart; readings that keep
    falling come from several servers under one name (an agent scraping vLLM through a Service
    address, each scrape reaching another pod)."""
    since = tick_ns - window_ns
    if max(state.engine_start_ns, state.host.start_ns) > since:
        return []
    out = []
    for key, e in state.engines.items():
        drops = [t for t in e.restarts if since < t <= tick_ns]
        if len(drops) >= MIXED_DROPS:
            out.append((pool_name(e.pool) if e.pool is not None else f"engine {key}", len(drops), drops[0]))
    return sorted(out)


def renamed_counters(state: NodeState, tick_ns: int, fresh_ns: int) -> list[tuple[str, str, int]]:
    """vLLM engines whose counters arrived within ``fresh_ns`` under the contract's names
    stripped of ``_total`` (an OpenTelemetry receiver between the agent and Kafka normalizing
    Prometheus names, outsider s225): (where they run, one such name, since when). The core
    reads them as the counters they are; every other consumer of the contract's names (a
    dashboard, a recording rule, another correlator) sees none of them."""
    return sorted((pool_name(e.pool) if e.pool is not None else f"engine {key}", e.renamed[2], e.renamed[0])
                  for key, e in state.engines.items()
                  if e.renamed[1] and tick_ns - e.renamed[1] <= fresh_ns)


def frozen_servers(state: NodeState, tick_ns: int) -> list[str]:
    """Engines found with frozen metrics while serving within ``FROZEN_HELD_NS``, by where
    they run (``GPU 3``), else by engine."""
    return sorted(pool_name(e.pool) if e.pool is not None else f"engine {key}"
                  for key, e in state.engines.items()
                  if e.frozen_ns and tick_ns - e.frozen_ns <= FROZEN_HELD_NS)


def shrunk_pools(state: NodeState, share: float) -> list[tuple[str, float, float, int, str]]:
    """Engines whose KV pool is at most ``share`` of the largest they have had: (engine, blocks
    now, most blocks, since, settings now)."""
    return [(key, e.pool_blocks, e.pool_peak, e.pool_cut[0], e.pool_cut[1])
            for key, e in state.engines.items()
            if e.pool_cut[0] and e.pool_blocks <= share * e.pool_peak]


def silent_servers(state: NodeState, tick_ns: int, silence_ns: int, vllm_ns: int) -> list[str]:
    """vLLM engines whose readings stopped ``silence_ns`` ago or more while the node's ``vllm``
    source goes on (its newest record at ``vllm_ns``): one server of several that died, or a
    server whose metrics stopped while request events (a gateway's log) still come. Either way
    the source is not silent, so its own silence cannot show it. Named by where they run
    (``GPU 3``) or by engine where they have no GPU of their own (``engine 0``). While no
    engine of the node reports at all, every one that stopped stays missing however long ago.
    Nor, for ``silence_ns``, one whose engine started since it last reported: a restarted
    server announces its start before its first readings (outsider s171)."""
    heard = [(key, e, max(e.kv_pct.last_ns, e.running.last_ns)) for key, e in state.engines.items()]
    started = state.engine_start_ns if tick_ns - state.engine_start_ns <= silence_ns else -1
    any_live = any(ns >= 0 and tick_ns - ns <= silence_ns for _, _, ns in heard)
    out = set()
    for key, e, ns in heard:
        if ns < 0 or tick_ns - ns <= silence_ns or ns < started or (
                any_live and tick_ns - ns > SERVER_FORGOTTEN_NS):
            continue
        if vllm_ns - ns > silence_ns:
            out.add(pool_name(e.pool) if e.pool is not None else f"engine {key}")
    return sorted(out)


def unseen_ranks(state: NodeState, tick_ns: int, silence_ns: int, unseen_ns: int) -> list[tuple[str, int]]:
    """Data-parallel ranks of a server (engines with no GPU of their own) whose readings
    stopped ``unseen_ns`` ago or more while another engine of the node reports, no engine
    started since, and the node's GPUs busy throughout: a rank cannot stop while its server
    serves, so its readings are lost (outsider s212: an agent's parser keyed vLLM's series
    without the ``engine`` label and kept one rank's). (engine name, last reading)."""
    if not state.busy_ns or tick_ns - state.busy_ns > BUSY_GAP_NS:
        return []
    heard = [(key, e, max(e.kv_pct.last_ns, e.running.last_ns)) for key, e in state.engines.items()]
    if not any(ns >= 0 and tick_ns - ns <= silence_ns for _, _, ns in heard):
        return []
    return sorted((f"engine {key}", ns) for key, e, ns in heard
                  if e.pool is None and ns >= 0 and unseen_ns <= tick_ns - ns <= SERVER_FORGOTTEN_NS
                  and state.engine_start_ns < ns and state.busy_since_ns <= ns)


def _mean_at(columns: list[list[float]], i: int) -> float:
    vals = [c[len(c) - 1 - i] for c in columns if c[len(c) - 1 - i] == c[len(c) - 1 - i]]
    return sum(vals) / len(vals) if vals else NAN


def peak_ratios(
    num: list[float], den: list[float], window: int, within: tuple[int, ...]
) -> tuple[float, ...]:
    """For each ``n`` of ``within``: the largest ``sum(num) / sum(den)`` over windows of
    ``window`` ticks ending in the last ``n`` ticks (series aligned at their ends).

    >>> peak_ratios([0, 0, 9, 0, 1, 1], [0, 0, 1, 0, 1, 1], window=2, within=(1, 3, 6))
    (1.0, 9.0, 9.0)
    """
    n = min(len(num), len(den))
    cn = [0.0]
    cd = [0.0]
    for a, b in zip(num[len(num) - n :], den[len(den) - n :], strict=True):
        cn.append(cn[-1] + (a if a == a else 0.0))
        cd.append(cd[-1] + (b if b == b else 0.0))
    running = 0.0
    peak_by_back = []  # peak_by_back[k]: the largest ratio of the windows ending in the last k + 1 ticks
    for end in range(n, 0, -1):
        start = max(0, end - window)
        d = cd[end] - cd[start]
        if d > 0:
            running = max(running, (cn[end] - cn[start]) / d)
        peak_by_back.append(running)
    return tuple(peak_by_back[min(k, n) - 1] if n and k > 0 else 0.0 for k in within)


CONVERSATION_LIVE_S = 300.0
"""A conversation with a turn within this long is going on (an idle one is reclaimed)."""


def rates(state: NodeState, w: Windows, tick_ns: int = -1, reclaim: int = 0) -> Rates:
    """Abort, error, preemption and cache rates, from counters when exported, else events."""
    minutes = w.growth * w.tick_s / 60.0
    r = Rates()
    req = state.requests
    finished = aborts = errors = preempt = queries = hits = drafts = prompt = generated = length = 0.0
    counted = False
    per = [0.0] * w.history
    for e in state.engines.values():
        if tick_ns < 0 or (e.running.last_ns >= 0 and tick_ns - e.running.last_ns <= 2 * 60 * NS):
            r.servers += 1
        if any(k.startswith("finished_") for k in e.counters):
            counted = True
            for key, c in e.counters.items():
                if key.startswith("finished_"):
                    finished += c.total(w.growth)
            aborts += e.increase("finished_abort", w.growth)
            errors += e.increase("finished_error", w.growth)
            length += e.increase("finished_length", w.growth)
            abort = e.counters.get("finished_abort")
            if abort is not None:
                _add_tail(per, abort.per_tick.tail(w.history))
        preempt += e.increase(m.PREEMPTIONS, w.growth)
        queries += e.increase(m.PREFIX_QUERIES, w.growth)
        hits += e.increase(m.PREFIX_HITS, w.growth)
        drafts += e.increase(m.SPEC_DRAFTS, w.growth)
        generated += e.increase(m.GENERATION_TOKENS, w.growth)
        prompt += e.increase(m.PROMPT_TOKENS, w.growth)
    if not counted:
        finished, aborts, errors = (req.finished.total(w.growth), req.aborts.total(w.growth),
                                    req.errors.total(w.growth))
        _add_tail(per, req.aborts.per_tick.tail(w.history))
        r.aborts_then = rates_then(req.aborts.total, w)
        r.aborts_recent = rate_recent(req.aborts.total, w, reclaim)
    else:
        total = _aborts_over(list(state.engines.values()))
        r.aborts_then = rates_then(total, w)
        r.aborts_recent = rate_recent(total, w, reclaim)
    r.finished, r.aborts, r.errors = finished / minutes, aborts / minutes, errors / minutes
    r.preemptions = preempt / minutes
    r.burst_ticks = _burst_ticks(per, w)
    ev_finished = req.finished.total(w.growth)
    paths = (w.clean, w.kv_fast_minutes * w.per_minute, w.kv_minutes * w.per_minute,
             w.kv_long_minutes * w.per_minute)
    span = max(paths) + w.growth - 1
    if ev_finished > 0:
        r.prompt_tokens_per_request = req.prompt_tokens.total(w.growth) / ev_finished
        r.prompt_peaks = peak_ratios(req.prompt_tokens.per_tick.tail(span),
                                     req.finished.per_tick.tail(span), w.growth, paths)
        if req.large_prompt_tokens.total(span) > 0:
            r.large_prompt_peaks = peak_ratios(req.large_prompt_tokens.per_tick.tail(span),
                                               req.prompt_tokens.per_tick.tail(span), w.growth, paths)
        r.usual_prompt_per_request, r.usual_large_share = usual_documents(req)
        began = state.sessions.large_conversation(tick_ns, CONVERSATION_LIVE_S) if tick_ns >= 0 else -1
        if began >= 0:
            r.conversations = tuple(tick_ns - began <= (p + w.growth) * w.tick_s * NS for p in paths)
    elif finished > 0 and prompt > 0:
        r.prompt_tokens_per_request = prompt / finished
        tokens, done = _prompts_per_tick(state.engines.values(), span)
        r.prompt_peaks = peak_ratios(tokens, done, w.growth, paths)
        r.usual_prompt_per_request = usual_from_counters(tokens, done, w.per_minute)
    if queries > 0:
        r.prefix_hit_rate = hits / queries
        r.usual_prefix_hit_rate = usual_hit_rate(state.engines.values())
    if counted and finished > 0:
        r.length_share = length / finished
        r.generated_per_request = generated / finished if generated > 0 else NAN
        r.usual_length_share, r.usual_generated_per_request = usual_generation(state)
        if r.length_share > r.usual_length_share + USUAL_LENGTH_MARGIN:
            r.usual_length_hit_rate = hit_rate_at_usual_length(state, r.usual_length_share)
    if drafts > 0:
        r.acceptance, r.drafted_per_min, r.usual_acceptance = acceptance(state, w)
    stored = req.stored.total(w.growth)
    if stored > 0:
        r.rebuild_rate = req.removed.total(w.growth) / stored
    r.spec_active = drafts > 0 or req.spec.total(w.growth) > 0
    r.spec_absent = not r.spec_active and bool(state.engines) and not any(
        e.has(m.SPEC_DRAFTS) for e in state.engines.values())
    return r


def engine_context(e: EngineTrack, w: Windows) -> tuple[float, float, float, float]:
    """One engine's prefix-cache hit share over the growth window and its usual (the lower
    quartile of its kept minutes), and its prompt tokens per finished request and their usual,
    from vLLM's counters (NaN where it does not export them or too few minutes are known)."""
    queries = e.increase(m.PREFIX_QUERIES, w.growth)
    hits = e.increase(m.PREFIX_HITS, w.growth) / queries if queries > 0 else NAN
    finished = sum(c.total(w.growth) for key, c in e.counters.items() if key.startswith("finished_"))
    prompt = e.increase(m.PROMPT_TOKENS, w.growth)
    per_request = prompt / finished if finished > 0 and prompt > 0 else NAN
    usual_prompt = NAN
    if m.PROMPT_TOKENS in e.counters and any(key.startswith("finished_") for key in e.counters):
        tokens, ended = _prompts_per_tick((e,), w.kv_long_minutes * w.per_minute + w.growth - 1)
        usual_prompt = usual_from_counters(tokens, ended, w.per_minute)
    return hits, usual_hit_rate((e,)), per_request, usual_prompt


def _prompts_per_tick(engines: Iterable[EngineTrack], span: int) -> tuple[list[float], list[float]]:
    """Prompt tokens and finished requests per tick over the last ``span`` ticks, summed over
    the engines (vLLM's counters)."""
    tokens = [0.0] * span
    done = [0.0] * span
    for e in engines:
        pc = e.counters.get(m.PROMPT_TOKENS)
        if pc is not None:
            _add_tail(tokens, pc.per_tick.tail(span))
        for key, c in e.counters.items():
            if key.startswith("finished_"):
                _add_tail(done, c.per_tick.tail(span))
    return tokens, done


def _aborts_over(engines: list[EngineTrack]) -> Callable[[int], float]:
    """The engines' interrupted requests over the last ``ticks``, summed (vLLM's counter)."""
    return lambda ticks: sum(e.increase("finished_abort", ticks) for e in engines)


def rates_then(total: Callable[[int], float], w: Windows) -> tuple[float, float]:
    """Per minute, a count's rate over the growth window ending where the residue paths'
    framebuffer trends begin (``w.gpu_minutes`` and ``w.gpu_slow_minutes`` ago), from
    ``total(ticks)``, its sum over the last ``ticks``; NaN beyond the history."""
    g = w.growth
    minutes = g * w.tick_s / 60.0
    out = []
    for back in (w.gpu_minutes * w.per_minute, w.gpu_slow_minutes * w.per_minute):
        out.append((total(back + g) - total(back)) / minutes if back + g <= w.history else NAN)
    return out[0], out[1]


def rate_recent(total: Callable[[int], float], w: Windows, ticks: int) -> float:
    """Per minute, a count's rate over its last ``ticks`` (NaN: none asked for, or beyond the
    history), from ``total(ticks)``, its sum over the last ``ticks``."""
    if ticks <= 0 or ticks > w.history:
        return NAN
    return total(ticks) / (ticks * w.tick_s / 60.0)


USUAL_MINUTES = 10
"""Minutes of request events before a node's usual traffic is known."""
USUAL_QUANTILE = 0.25


def usual_documents(req: RequestEvents) -> tuple[float, float]:
    """This node's usual prompt tokens per request and large-document share of prompt tokens:
    the lower quartile of its kept minutes (NaN until ``USUAL_MINUTES`` are known)."""
    finished, prompt, large = (ring.tail(MINUTES_KEPT) for ring in req.by_minute)
    per_request = sorted(p / n for n, p in zip(finished, prompt, strict=True) if n > 0 and p == p)
    share = sorted(q / p for p, q in zip(prompt, large, strict=True) if p > 0 and q == q)
    return _quantile(per_request), _quantile(share)


def usual_hit_rate(engines: Iterable[EngineTrack]) -> float:
    """The usual prefix-cache hit rate of a node's engines (or one of them): the lower quartile
    of their kept minutes' hits per query, summed over them (NaN until ``USUAL_MINUTES``
    minutes are known)."""
    engines = tuple(engines)
    hits = _engines_minutes_summed(engines, lambda e: e.hits_by_minute)
    queries = _engines_minutes_summed(engines, lambda e: e.queries_by_minute)
    return _quantile(sorted(h / q for h, q in zip(hits, queries, strict=True) if q > 0 and h == h))


def usual_generation(state: NodeState) -> tuple[float, float]:
    """The node's usual share of requests ending at their length limit and tokens generated
    per request: the lower quartile of its kept minutes (NaN until ``USUAL_MINUTES`` are known)."""
    finished = _minutes_summed(state, lambda e: e.finished_by_minute)
    length = _minutes_summed(state, lambda e: e.length_by_minute)
    generated = _minutes_summed(state, lambda e: e.generated_by_minute)
    shares = sorted(n / d for n, d in zip(length, finished, strict=True) if d > 0)
    per = sorted(g / d for g, d in zip(generated, finished, strict=True) if d > 0 and g > 0)
    return _quantile(shares), _quantile(per)


USUAL_LENGTH_MARGIN = 0.1


def hit_rate_at_usual_length(state: NodeState, usual_share: float) -> float:
    """The prefix-cache hit rate over the kept minutes whose share of requests ending at their
    length limit was within ``USUAL_LENGTH_MARGIN`` of ``usual_share``."""
    finished = _minutes_summed(state, lambda e: e.finished_by_minute)
    length = _minutes_summed(state, lambda e: e.length_by_minute)
    hits = _minutes_summed(state, lambda e: e.hits_by_minute)
    queries = _minutes_summed(state, lambda e: e.queries_by_minute)
    h = q = 0.0
    minutes = 0
    for n, d, a, b in zip(length, finished, hits, queries, strict=True):
        if d > 0 and n / d <= usual_share + USUAL_LENGTH_MARGIN and b > 0 and a == a:
            h, q, minutes = h + a, q + b, minutes + 1
    return h / q if minutes >= USUAL_MINUTES // 2 else NAN


def acceptance(state: NodeState, w: Windows) -> tuple[float, float, float]:
    """The node's speculative-decoding acceptance over the growth window, its draft tokens per
    minute, and its usual acceptance: the upper quartile of its kept minutes' shares (NaN
    until ``USUAL_MINUTES`` are known)."""
    accepted = drafted = 0.0
    for e in state.engines.values():
        a, d = e.draft_tokens(w.growth)
        accepted += a
        drafted += d
    drafts = _minutes_summed(state, lambda e: e.drafted_by_minute)
    kept = _minutes_summed(state, lambda e: e.accepted_by_minute)
    usual = _quantile(sorted(a / d for a, d in zip(kept, drafts, strict=True) if d > 0), 1 - USUAL_QUANTILE)
    minutes = w.growth * w.tick_s / 60.0
    return (accepted / drafted if drafted > 0 else NAN), drafted / minutes, usual


def _minutes_summed(state: NodeState, ring: Callable[[EngineTrack], Series]) -> list[float]:
    """One minute ring of every engine of the node, summed minute by minute (newest last)."""
    return _engines_minutes_summed(state.engines.values(), ring)


def _engines_minutes_summed(engines: Iterable[EngineTrack], ring: Callable[[EngineTrack], Series]
                            ) -> list[float]:
    acc = [0.0] * MINUTES_KEPT
    for e in engines:
        _add_tail(acc, ring(e).tail(MINUTES_KEPT))
    return acc


def usual_from_counters(tokens: list[float], done: list[float], per_minute: int) -> float:
    """A node without request events: its usual prompt tokens per request from vLLM's
    counters, the lower quartile of the kept minutes' ratios (NaN until ``USUAL_MINUTES``
    minutes with finished requests are known)."""
    per_request = []
    for end in range(len(done), per_minute - 1, -per_minute):
        n = sum(done[end - per_minute : end])
        if n > 0:
            per_request.append(sum(tokens[end - per_minute : end]) / n)
    per_request.sort()
    return _quantile(per_request)


def _quantile(ordered: list[float], q: float = USUAL_QUANTILE) -> float:
    if len(ordered) < USUAL_MINUTES:
        return NAN
    return ordered[int(q * (len(ordered) - 1))]


def large_documents(prompt_per_request: float, share: float, r: Rates, cfg: Benign) -> bool:
    """Large-document work: prompts this large per request, or this share of the prompt tokens
    in large documents, beyond the configured floors and at least twice what the node usually
    serves (a fleet whose everyday traffic is long prompts has no episode of documents)."""
    per_request_floor = float(cfg.long_document_prompt_tokens)
    share_floor = cfg.long_document_token_share
    if r.usual_prompt_per_request == r.usual_prompt_per_request:
        per_request_floor = max(per_request_floor, 2.0 * r.usual_prompt_per_request)
    if r.usual_large_share == r.usual_large_share:
        share_floor = max(share_floor, 2.0 * r.usual_large_share)
    return prompt_per_request >= per_request_floor or share >= share_floor


def _add_tail(acc: list[float], values: list[float]) -> None:
    off = len(acc) - len(values)
    for i, v in enumerate(values):
        if v == v:
            acc[off + i] += v


def _burst_ticks(per: list[float], w: Windows) -> int:
    """How many recent ticks had aborts above three times the history's median."""
    ordered = sorted(per)
    limit = max(3.0 * ordered[len(ordered) // 2], 1.0)
    return sum(1 for v in per[-w.growth :] if v > limit)


def session_view(state: NodeState, tick_ns: int, window_s: float, hot_rate: float,
                 restart_window_s: float) -> SessionView:
    tracker = state.sessions
    med, turns, longest = tracker.stats(tick_ns, window_s)
    since = tick_ns - int(window_s * NS)
    hot, tenant, rate = tracker.hot(since, hot_rate)
    restarts, by = tracker.restarts_since(tick_ns - int(restart_window_s * NS))
    return SessionView(tracker.collisions_since(since), med, turns, longest, hot, tenant, rate,
                       restarts, by)
