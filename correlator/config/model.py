"""The validated shape of ``rules/*.yaml``.

Every section forbids unknown keys, so a typo is an error at load and never a silently
ignored threshold. Durations are seconds, growth rates percentage points per minute.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

Pos = Annotated[float, Field(gt=0)]
NonNeg = Annotated[float, Field(ge=0)]
Share = Annotated[float, Field(ge=0, le=1)]
PosInt = Annotated[int, Field(gt=0)]


def _regex(text: str) -> str:
    try:
        re.compile(text)
    except re.error as e:
        raise ValueError(f"not a regular expression: {e}") from None
    return text


Regex = Annotated[str, AfterValidator(_regex)]


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, use_attribute_docstrings=True)


class Alignment(_Section):
    """Per-node event-time alignment of the sources."""

    allowed_lateness_s: NonNeg = 3.0
    """Records may arrive this far out of event-time order and still be used."""
    silence_after_s: Pos = 45.0
    """A source quiet this long behind the node's other sources is declared silent."""
    max_clock_offset_s: NonNeg = 30.0
    """Largest clock offset between a node's sources that is tolerated."""
    max_pending_per_node: PosInt = 20000
    """Bound on records held per node awaiting alignment; beyond it records are refused."""
    fleet_clock_outlier_s: Pos = 10.0
    """Fleet time is the newest event time less the lateness, but runs at most this far ahead
    of the newest event time of one node in four (from four nodes up): a node whose clock runs
    ahead, or whose records go on after the others' end, does not make the others look silent."""
    node_clock_slack_s: NonNeg = 20.0
    """A node whose records reach the fleet more than this far behind (or ahead of) fleet time,
    all the time, has its sources' silence judged on its own clock less this slack."""
    agent_restart_grace_s: NonNeg = 600.0
    """A node whose agent restarted twice or more within ``agent_restart_window_s`` before its
    sources all fell silent (a stream's ``seq`` numbering started over, 5 s or more after its
    highest, with the vLLM server's counters going on: the agent, not the node, came back) has
    that silence taken for the agent's next restart until it lasts this long (outsider s244: an
    agent OOM-killed every few minutes under a memory limit cut too low). 0: off..."""
    agent_restart_window_s: Pos = 3600.0
    """...counted over this long."""


class Features(_Section):
    """Feature windows. ``tick_s`` is the evaluation cadence and the history resolution."""

    tick_s: Pos = 10.0
    """Evaluation cadence and the resolution of every per-node series."""
    history_s: Pos = 1200.0
    """History kept per series (a fixed ring: memory does not grow with the stream)."""
    growth_window_s: Pos = 180.0
    """Window of the least-squares growth slope (screening, load explanation)."""
    short_window_s: Pos = 60.0
    """Window of the fast slope and of Level-1 growth rates."""
    session_ttl_s: Pos = 3600.0
    """Sessions unseen this long are forgotten."""
    max_sessions_per_node: PosInt = 128
    """Bound on sessions tracked per node (least recently used dropped first)."""
    node_ttl_s: Pos = 3600.0
    """A node silent this long is forgotten (its open finding is cleared first)."""

    @model_validator(mode="after")
    def _windows_fit(self) -> Features:
        for name in ("growth_window_s", "short_window_s"):
            if getattr(self, name) > self.history_s:
                raise ValueError(f"{name} must not exceed history_s ({self.history_s})")
            if getattr(self, name) < 2 * self.tick_s:
                raise ValueError(f"{name} must span at least two ticks (tick_s={self.tick_s})")
        return self


class Detectors(_Section):
    """River online detectors on growth rates (score before learn)."""

    grace_ticks: PosInt = 30
    """Ticks a River detector learns before it scores."""
    threshold: Share = 0.995
    """Anomaly score (0..1) that counts as anomalous."""


MINUTES_KEPT = 32
"""Minutes of per-minute KV usage and demand the engine keeps per vLLM engine."""


class SessionIsolation(_Section):
    prior: Share = 0.45
    """Prior weight of the hypothesis (the three named priors sum to 1)."""
    min_growth_pct_per_min: Pos = 0.6
    """Growth, pp/min, below which the hypothesis gets no strength."""
    trend_minutes: Annotated[int, Field(ge=3, le=20)] = 12
    """Minutes of history the trend is judged on."""
    min_tau: Share = 0.85
    """Mann-Kendall tau (share of rising pairs of bucket means) the trend needs."""
    min_relative_rise: NonNeg = 0.4
    """Rise over the window, as a share of the level, that the trend needs."""
    fast_minutes: Annotated[int, Field(ge=3, le=20)] = 6
    """Minutes of the fast leak path's trend."""
    fast_tau: Share = 0.7
    """Tau the fast path needs."""
    fast_relative_rise: NonNeg = 0.3
    """Relative rise the fast path needs."""
    rebuild_rise: Pos = 1.6
    """Rise of prefix-cache misses (last 5 min against the 15 before) the fast path needs."""
    clean_window_s: Pos = 180.0
    """Window of the clean path: a steady rise far above the signal's own noise."""
    clean_tau: Share = 0.9
    """Tau of half-minute means the clean path needs."""
    clean_signal_to_noise: Pos = 4.0
    """The clean path's rise over its window, in multiples of the signal's noise and of how
    far it usually moved before."""
    demand_window_s: Pos = 300.0
    """KV usage is normalised by tokens processed within this window (the context lifetime)."""
    min_kv_pct: NonNeg = 20.0
    """KV usage below which a growth is not a leak worth paging."""
    saturated_kv_pct: Annotated[float, Field(gt=0, le=100)] = 90.0
    """KV usage from which a full pool with little running is itself evidence."""
    hot_session_turns_per_min: Pos = 2.0
    """Turn rate of a long-lived session id that marks it as reused."""
    long_minutes: Annotated[int, Field(ge=10, le=27)] = 20
    """Long path: minutes of per-minute KV usage per unit of demand (beyond the tick history;
    with the demand window, at most 32 minutes are kept)..."""
    long_tau: Share = 0.6
    """...rising in this share of minute pairs..."""
    long_relative_rise: NonNeg = 0.3
    """...by this share of its level, while KV usage itself rises (tau 0.7), in a window that
    starts after the cache refilled from any engine start (``benign.kv_refill_s``)..."""
    long_weight: Share = 0.7
    """...counts at most this much: a slow leak found late is moderate evidence, and must not
    take over from a stronger cause already open on the node."""
    long_saturated_rise_pct: Pos = 30.0
    """A pool that filled to ``saturated_kv_pct`` cannot rise in 70 % of its minute pairs any
    more: there the long path takes a rise of this many points over its window instead."""
    floor_minutes: Annotated[int, Field(ge=12, le=30)] = 28
    """Floor path: over this many minutes (beyond the tick history), the lowest minute mean of
    KV usage in each bucket of ``floor_bucket_minutes`` (a saw-tooth's floor: large documents
    and bursts lift its peaks, blocks nobody releases its floor)..."""
    floor_bucket_minutes: Annotated[int, Field(ge=2, le=8)] = 4
    floor_hold_minutes: Annotated[int, Field(ge=0, le=10)] = 2
    """...rising in the window ending now and in those ending up to this many minutes
    before..."""
    floor_tau: Share = 0.9
    """...in this share of bucket pairs, by ``min_growth_pct_per_min``, while the running
    requests do not rise over the tick history..."""
    floor_weight: Share = 0.8
    """...counts at most this much."""
    crowded_ratio: Annotated[float, Field(gt=1)] = 1.5
    """Crowded path: a pool at ``saturated_kv_pct`` and preempting that holds this many times
    the KV per unit of demand it held over the first 8 of the minutes kept (when it was at
    least 20 points below saturated), while the running requests are as usual: a busy node's
    leak fills its pool before any trend path has its window..."""
    crowded_preemptions_per_min: Pos = 1.0
    """...with the engine preempting at least this often (blocks run out at the usual load)..."""
    crowded_weight: Share = 0.8
    """...counts at most this much."""
    fewer_share: Annotated[float, Field(gt=0, lt=1)] = 0.6
    """Full-and-fewer path: a pool at ``crowded_from`` (0.8 of ``saturated_kv_pct``) or more in
    every minute kept (a batch tier backfilling it, priority scheduling) whose requests running
    over the latest 4 minutes are at most this share of those over the earliest 8 (fading in
    from halfway back to 1), each request's prompt and generation as usual: the same full pool
    holding ever fewer requests, its blocks held by nobody. Counts up to ``crowded_weight``."""
    hour_blocks: Annotated[int, Field(ge=4, le=8)] = 6
    """Hour path: over this many ten-minute blocks (an hour; outsiders s38, s95: leaks of half
    a point a minute under a busy saw-tooth, which no window of minute means shows), the lowest
    minute mean of each block rising in all pairs but one, by ``hour_rise_pct`` or more, the
    last block's the highest..."""
    hour_rise_pct: Pos = 15.0
    hour_load_ratio: Annotated[float, Field(gt=1)] = 1.1
    """...while neither the demand nor the requests running over the last two blocks exceed
    this many times those over the first two..."""
    hour_hit_ratio: Annotated[float, Field(gt=0, lt=1)] = 0.85
    """...and the prefix cache finds at most this share of the hits it found then (blocks held
    by nobody crowd cached prefixes out; longer contexts that stay, an agent's, are found in
    the cache again; an engine without prefix-cache counters is not judged)..."""
    hour_ebb_ratio: Annotated[float, Field(gt=0, lt=1)] = 0.8
    """...or, whatever the prefix cache found, both the demand and the requests running over the
    last two blocks are at most this share of those over the first two: a floor that climbs
    while the load ebbs (a lunch trough, the evening) holds blocks no request of the hour needs,
    where live contexts that stay (an agent's, a longer session TTL) come with the demand that
    reads them (outsider s342: a 0.28 %/min leak whose floor climbed 10-17 points an hour
    through the trough at half the demand, the prefix cache's share unchanged)..."""
    hour_weight: Share = 0.6
    """...counts at most this much."""
    restart_window_s: Annotated[float, Field(ge=30, le=1800)] = 180.0
    """Restart path: new conversations under known session ids (a prompt far shorter than the
    context the id's last turn left) are counted over this window, per tenant..."""
    restarts: Annotated[int, Field(ge=2, le=64)] = 4
    """...and this many from one tenant, while the pool's mean usage over the window stands
    above that of every earlier window, are the reuse the write-up found (a cache keyed by
    session id never releases the old conversation's blocks)."""
    prefill_tokens_per_request: Annotated[float, Field(ge=0, le=16)] = 1.5
    """A server whose requests generate at most this many tokens each, now and usually, is
    the prefill side of a disaggregated deployment (``max_tokens`` 1, the KV handed to a decode
    server): blocks it never frees are a ``kv_transfer_leak`` (the KV connector's), not a
    session isolation defect. 0: never."""

    @model_validator(mode="after")
    def _long_fits(self) -> SessionIsolation:
        kept = MINUTES_KEPT
        if self.floor_minutes + self.floor_hold_minutes > kept:
            raise ValueError(f"floor_minutes {self.floor_minutes} + floor_hold_minutes "
                             f"{self.floor_hold_minutes} exceed the {kept} minutes kept")
        need = self.long_minutes + max(1, round(self.demand_window_s / 60))
        if need > kept:
            raise ValueError(f"long_minutes {self.long_minutes} + the demand window "
                             f"({self.demand_window_s:g} s) need {need} minutes; {kept} are kept")
        return self


class SpecResidue(_Section):
    prior: Share = 0.35
    """Prior weight of the hypothesis (the three named priors sum to 1)."""
    residue_mb_per_interrupt: Pos = 4.7
    """Draft-model state (MB) each interrupted request leaves per GPU."""
    min_growth_pct_per_min: Pos = 0.1
    """Growth, pp/min, below which the hypothesis gets no strength."""
    trend_minutes: Annotated[int, Field(ge=2, le=15)] = 3
    """Minutes of history the trend is judged on."""
    bucket_s: Pos = 30.0
    """Framebuffer and host trends use means over buckets of this many seconds."""
    min_tau: Share = 0.7
    """Mann-Kendall tau (share of rising pairs of bucket means) the trend needs."""
    min_rise_pct: NonNeg = 0.25
    """Rise over the window, pp, the framebuffer must show."""
    min_interrupts_per_min: NonNeg = 5.0
    """Interrupted (aborted) requests per minute the fast path needs."""
    slow_minutes: Annotated[int, Field(ge=3, le=20)] = 12
    """Minutes of the slow residue path's framebuffer trend."""
    slow_tau: Share = 0.9
    """Tau the slow residue path needs."""
    slow_rise_pct: NonNeg = 0.1
    """Rise, pp, the slow residue path needs."""
    slow_interrupts_per_min: NonNeg = 1.0
    """Interrupted requests per minute the slow path needs."""
    slow_rise_mib: Pos = 100.0
    """Or a rise of this many MiB of framebuffer per node (summed over its GPUs; per server
    where a server has a GPU of its own) over the slow path's minutes, as steady: half the
    200 MB per node at which DESIGN.md calls a residue a crisis."""
    match_tau: Share = 0.95
    """Matched path: a smaller rise counts when it is steady (this tau over the trend's
    window)..."""
    match_rise_pct: NonNeg = 0.1
    """...by at least this much (pp) over the window..."""
    match_ratio: Annotated[float, Field(ge=1.0)] = 2.0
    """...and within this factor of what the interrupts leave (interrupts x
    ``residue_mb_per_interrupt``), with ``min_interrupts_per_min`` interrupts."""
    reclaim_minutes: NonNeg = 1.5
    """How long a healthy server keeps an interrupted request's draft state before reclaiming
    it: interrupts that step up by r per minute lift the framebuffer to a new level, r x this x
    ``residue_mb_per_interrupt`` higher, over a few minutes. The residue paths judge only the
    rise beyond such a step since their window began (0: judge the whole rise)."""
    without_spec_decode: Share = 0.3
    """Strength kept where the node's vLLM servers export no speculative-decoding counter at
    all: no draft model, so no draft state to leave (0.7 where nothing tells either way)."""
    other_server_after_s: Pos = 600.0
    """On a node running a server per GPU: a server whose own residue is first found this long
    after the node's residue incident opened is a second fault, paged as the node's second
    incident (servers found within it are the first fault's)."""


class MonitoringGap(_Section):
    prior: Share = 0.20
    """Prior weight of the hypothesis (the three named priors sum to 1)."""
    host_growth_pct_per_min: Pos = 0.5
    """Host memory growth, pp/min, that counts as a symptom."""
    trend_minutes: Annotated[int, Field(ge=2, le=15)] = 3
    """Minutes of history the trend is judged on."""
    min_alerts: PosInt = 3
    """Distinct firing alert names (a critical one counts twice) at which alerts start to count
    as a symptom; two more make it certain."""
    required_vllm_metrics: list[str] = Field(
        default_factory=lambda: ["vllm:kv_cache_usage_perc", "vllm:num_requests_running"]
    )
    """vLLM metrics without which the KV cache cannot be judged (missing: a monitoring gap)."""
    blind_preemptions_per_min: Pos = 2.0
    """Requests preempted a minute that count as a symptom on a node whose KV usage is not
    collected: vLLM preempts a request only when its pool has no free block, so a pool nobody
    can see shows it is full this way (outsider s323: a session leak on a node of the old V0
    build, no KV gauge, 3-17 preemptions a minute and only a first-token and a preemption alert
    for it). Twice as many make it certain."""
    beside_after_s: Annotated[float, Field(ge=60, le=3600)] = 300.0
    """Beside an open memory incident on the node, a monitoring gap pages as the node's second
    incident once one of its sources has been silent this long while its GPUs still hold their
    memory (the server is up, only its telemetry is gone) and nothing restarted since: a
    scrape that broke on its own. A source silenced by the first fault (a server that crashed
    freed its framebuffer, and restarts) is that fault's consequence, not a second one."""
    restart_within_s: Annotated[float, Field(ge=0, le=600)] = 120.0
    """vLLM silent since a serving process started within this long of its last record is a
    server restarting (it died, and loads again), not a gap, for ``benign.warmup_s`` after
    the start: its metrics come back once it is ready."""
    unseen_busy_s: Annotated[float, Field(ge=60, le=3600)] = 300.0
    """vLLM silent (not a server loading) while the node's GPUs have been busy this long since
    its last record: the server serves and nobody scrapes it (a scrape config that lost it).
    A gap with no other symptom; its onset is the last record, or the start of the serving
    process after it."""


class GpuThrottle(_Section):
    """A GPU slowed down by heat (a failed fan, a blocked airflow) slows the whole engine it
    serves in: requests run longer, the KV pool fills, latency alerts fire. Not a memory fault;
    paged as ``gpu_throttled`` (a cause outside the three named ones)."""

    hot_c: Annotated[float, Field(ge=40, le=120)] = 85.0
    """GPU temperature (DCGM's ``DCGM_FI_DEV_GPU_TEMP``) from which a slow SM clock is heat's..."""
    slow_share: Annotated[float, Field(gt=0, lt=1)] = 0.6
    """...an SM clock at most this share of the highest the node's GPUs reported; a clock
    event reason of thermal slowdown or power brake counts without either..."""
    after_s: Annotated[float, Field(ge=0, le=3600)] = 120.0
    """...held this long."""
    cooled_c: Annotated[float, Field(ge=30, le=120)] = 80.0
    """A GPU slowed by heat stays slowed until it is cooler than this or its SM clock is back
    above ``recovered_share`` of the node's highest: a throttled GPU's clock hovers about the
    ``slow_share`` line reading after reading (outsider s267: 1,391-1,633 MHz of 2,520 at
    86-88 C), and a reading just above it is not the heat gone."""
    recovered_share: Annotated[float, Field(gt=0, le=1)] = 0.75

    @model_validator(mode="after")
    def _hysteresis(self) -> GpuThrottle:
        if self.cooled_c > self.hot_c:
            raise ValueError(f"cooled_c {self.cooled_c:g} is above hot_c {self.hot_c:g}")
        if self.recovered_share < self.slow_share:
            raise ValueError(f"recovered_share {self.recovered_share:g} is below slow_share "
                             f"{self.slow_share:g}")
        return self


class EngineSlow(_Section):
    """An engine whose requests each advance far slower than they did while more of them pile
    up, its GPUs not throttled: the steps come slower from the host side (the
    host's CPUs saturated by another job, a starved scheduler or tokenizer). Clients see the
    latency; throughput holds roughly flat, so no error rate moves. Paged as ``engine_slowed``
    (a cause outside the three named ones). A routing hotspot also piles requests up, but each
    advances at its usual pace: the node's throughput rises with them."""

    recent_minutes: Annotated[int, Field(ge=2, le=10)] = 5
    """The last this many minutes are compared with the minutes before them (the rest of the
    per-tick history)..."""
    min_running: Pos = 6.0
    """...on an engine that ran at least this many requests on average before (fewer, and the
    running requests a scrape reads are the bursts of arrivals it happens upon: outsider s291,
    an engine at 0-28 requests a reading, 5 on average, paged as slowed)..."""
    running_ratio: Annotated[float, Field(gt=1)] = 1.8
    """...now running at least this many times as many..."""
    speed_share: Annotated[float, Field(gt=0, lt=1)] = 0.5
    """...each generating at most this share of the tokens per second a running request
    generated before (the engine's generation tokens per minute over its mean requests running);
    also not where prompts grew (prefill holds requests without generating) or the KV pool is
    nearly full (preemption and recomputation slow requests: a memory cause)."""
    full_kv_pct: Annotated[float, Field(gt=0, le=100)] = 90.0
    """(The KV usage counted as nearly full, reached at any tick of the recent minutes.)"""
    longer_prompt_ratio: Annotated[float, Field(gt=1)] = 1.5
    """(Prompts counted as grown: this many times the node's usual per request.)"""
    first_token_ratio: Annotated[float, Field(gt=1)] = 2.0
    """Also slowed: an engine whose requests wait for their first token this many times as
    long as before on average (vLLM's time-to-first-token histogram, its sum over its count),
    over the same recent minutes against those before them, every recent minute at least
    halfway there..."""
    first_token_added_s: Annotated[float, Field(ge=0)] = 0.15
    """...and at least this many seconds longer..."""
    first_token_min_requests: Annotated[int, Field(ge=1)] = 50
    """...with this many first tokens before (the recent minutes their share of them)..."""
    held_share: Annotated[float, Field(gt=0, lt=1)] = 0.7
    """...while its requests running and its generation tokens a minute stay within this share
    of what they were, either way (a burst of load runs more)..."""
    waiting_added: Annotated[float, Field(ge=0)] = 1.0
    """...no more than this many more requests wait on average (a reload or a full pool
    queues them)..."""
    hit_share_kept: Annotated[float, Field(gt=0, le=1)] = 0.6
    """...and the prefix cache's hit share of the prompt tokens keeps at least this share of
    what it was (a collapsed cache prefills again), the prompt tokens it does not hold per
    request grown less than ``longer_prompt_ratio`` times and the KV pool below
    ``full_kv_pct``: the requests wait before they reach the engine (outsider s236: the API
    server's event loop blocked by the request log's writes to a saturated disk)."""


class MemoryLeak(_Section):
    """Memory that grows steadily with no named mechanism behind it. On the host, a cache
    filling (LoRA adapters onboarded, weights staged in memory) grows fast and then levels
    off; a leak grows on at its pace until the OOM killer ends it."""

    host_steady_minutes: Annotated[int, Field(ge=6, le=18)] = 12
    """The serving process's memory (host memory where RSS is not reported) must have risen
    over each third of this many minute means..."""
    host_steady_tau: Share = 0.85
    """...in this share of each third's minute pairs..."""
    host_keeps_pace: Annotated[float, Field(gt=0, le=1)] = 0.7
    """...its latest third at least this share as fast as the faster of the two before
    (slowing down is a cache filling)..."""
    host_exhaust_minutes: Annotated[float, Field(gt=0, le=1440)] = 60.0
    """...and counts fully at the growth rate's own threshold (twice
    ``monitoring_gap.host_growth_pct_per_min``) or where it will exhaust the host's memory
    within this many minutes (a slow rate on a large host is no slow leak), fading out at twice
    as long."""
    gpu_mib_per_min: Annotated[float, Field(gt=0)] = 50.0
    """On the GPUs: the framebuffers rising over each third of the slow residue window, in
    ``host_steady_tau`` of its minute pairs and keeping ``host_keeps_pace``, by this many MiB a
    minute per GPU beyond twice what the interrupted requests leave (from half of it), with the
    window after any warm-up: memory settling after a start slows down, a leak does not. A
    slower rise (from an eighth of this) counts where the framebuffer left runs out within
    ``host_exhaust_minutes``, as on the host."""


class EngineStall(_Section):
    """A serving engine that hangs (a rank deadlocked in a collective, a stuck scheduler) keeps
    answering its metrics endpoint with the values it had: requests running, no token
    processed. Its own latency alerts cannot fire on frozen histograms; only its clients'
    errors tell. Paged as ``engine_stalled`` (a cause outside the three named ones)."""

    after_s: Annotated[float, Field(ge=30, le=3600)] = 120.0
    """An engine reporting requests running whose prompt and generation token counters have not
    moved for this long has stalled (a running request makes tokens every step)..."""
    min_running: Pos = 1.0
    """...with at least this many requests running throughout..."""
    min_served: Pos = 5.0
    """...unless the node's request log (a gateway's) shows this many requests completed
    meanwhile beyond what its other engines counted: the engine serves, and only its metrics
    stand still (its stats task died), which is a monitoring gap naming it."""


class CrashLoop(_Section):
    """A serving process that dies soon after every start (a CUDA out-of-memory at its first
    long prompt, a start-up memory check failing on a GPU someone else's process still holds)
    is restarted by its supervisor over and over: it warms up, and never serves for long. Each
    start alone is a warm-up; their number is the fault. Paged as ``crash_loop`` (a cause
    outside the three named ones)."""

    min_starts: Annotated[int, Field(ge=2, le=64)] = 3
    """Serving-process starts (``process_start``, or vLLM's ``engine_start`` where those are
    all there is) within ``window_s`` that make a crash loop..."""
    window_s: Annotated[float, Field(ge=60, le=86400)] = 1800.0
    """...counted over this long."""
    min_crashes: Annotated[int, Field(ge=0, le=64)] = 2
    """Starts that followed a stop while the server was serving (it died under load: no drain
    took it out of rotation first) with its clients seen failing (an
    ``alert_grouping.upstream_failure_alerts`` alert beginning around the start), within
    ``crash_window_s``, that make a crash loop too: a server that dies under its users every
    twenty minutes or so crashes too slowly to restart three times within ``window_s``, and
    each crash fails the requests it held (outsider s223: a failing RDMA link that kills a
    two-node instance twice). A start with an OOM kill within the hour before is the memory's
    doing, not counted. 0: off..."""
    crash_window_s: Annotated[float, Field(ge=60, le=86400)] = 3600.0
    """...counted over this long, while the latest of them is within ``window_s`` (a server
    that has served that long since its last crash is paged no longer)."""


class ServerLost(_Section):
    """A serving process gone while it served and not started again: evicted by its node's
    kubelet (disk or memory pressure) with its replacement left Pending, killed and not
    restarted. Its node reports on, its GPUs freed; vLLM is silent and the node serves
    nothing. Paged as ``server_lost`` (a cause outside the three named ones)."""

    after_s: Annotated[float, Field(ge=60, le=3600)] = 300.0
    """vLLM silent this long since its engines' last reading, which had requests running (no
    drain took the server out of rotation first), with no server start since, an
    ``alert_grouping.upstream_failure_alerts`` alert beginning from 5 minutes before the last
    reading to 10 after (its clients' requests failed when it went), while another source of
    the node reports..."""
    freed_fb_pct: Annotated[float, Field(ge=0, le=100)] = 10.0
    """...and its GPUs' last readings hold at most this share of their framebuffer (the
    process exited; a hung one holds its memory, and a node cut off reports nothing)."""


class RunawayGeneration(_Section):
    """Requests that no longer stop where they should (a stop sequence dropped by a gateway
    or prompt-template change, an EOS the model does not emit) generate until ``max_tokens``:
    they end with finish reason ``length`` and hold their KV many times longer, so the pool
    fills and preempts at the usual arrivals. Paged as ``runaway_generation`` (a cause outside
    the three named ones)."""

    length_share_rise: Annotated[float, Field(gt=0, le=1)] = 0.2
    """The share of finished requests ending at their length limit, this far above the
    node's usual (vLLM's ``request_success_total`` by ``finished_reason``)..."""
    generation_ratio: Annotated[float, Field(gt=1)] = 2.0
    """...with this many times the node's usual generated tokens per request..."""
    kv_pct: Annotated[float, Field(gt=0, le=100)] = 80.0
    """...while KV usage reaches this (or the engine preempts)."""


class SpecAcceptance(_Section):
    """Speculative decoding whose draft tokens the target model stops accepting (a target
    model updated while the old draft model stays, a draft built for another tokenizer): each
    step proposes tokens only to throw them away, so generation slows below what it would be
    without speculation, requests run longer and queue, and the server's memory looks
    healthy. Paged as ``spec_acceptance_collapse`` (a cause outside the three named ones)."""

    acceptance_share: Annotated[float, Field(gt=0, lt=1)] = 0.5
    """The share of draft tokens accepted over the growth window, at most this share of the
    node's usual (its good minutes) pages, fully at half of it..."""
    min_drop: Annotated[float, Field(gt=0, le=1)] = 0.2
    """...and at least this far below it (a share of draft tokens)..."""
    min_draft_tokens_per_min: NonNeg = 100.0
    """...with at least this many draft tokens proposed a minute."""


class KvPool(_Section):
    """An engine that comes back from a restart with a much smaller KV pool (a canary's wrong
    ``gpu_memory_utilization``, a longer ``max_model_len``, a heavier model build) serves its
    load with a fraction of the cache: usage climbs, preemptions and latency follow. Known from
    vLLM's cache configuration gauge (``num_gpu_blocks``); paged as ``kv_pool_shrunk`` (a
    cause outside the three named ones)."""

    shrink_share: Annotated[float, Field(gt=0, lt=1)] = 0.5
    """A pool at most this share of the largest the engine has had..."""
    accept_after_s: Annotated[float, Field(ge=600)] = 21600.0
    """...until it has been kept this long: then it is the engine's new normal."""


class NvLink(_Section):
    """A failing NVLink: its CRC and replay error counters (DCGM's
    ``DCGM_FI_DEV_NVLINK_*_ERROR_COUNT_TOTAL``) rise minute after minute, every transfer of the
    tensor-parallel group through it replayed, and the engine slows. Paged as
    ``nvlink_degraded`` (a cause outside the three named ones)."""

    sustain_s: Annotated[float, Field(ge=60, le=7200)] = 900.0
    """Errors counted without a pause of ``quiet_s`` for this long: a link failing. A burst
    (a cable reseated, a transient) stops within minutes."""
    quiet_s: Annotated[float, Field(ge=30, le=900)] = 120.0
    """A pause this long without a new error ends a run of them."""


class ConcurrencyCap(_Section):
    """An engine held at a fixed number of requests running while more wait in its queue
    and its KV pool has room: the scheduler's own limit (vLLM's ``max_num_seqs``) set below
    the load, by a values file meant for another pool. Requests queue until their users give
    up (aborts rise) or the gateway times out; nothing fills, nothing grows. Paged as
    ``concurrency_capped`` (a cause outside the three named ones). A pool that fills queues
    requests too, but for blocks: a memory cause; an engine hung holds its counts frozen."""

    minutes: Annotated[int, Field(ge=2, le=15)] = 5
    """Judged over the last this many minutes of per-tick readings..."""
    pinned_share: Annotated[float, Field(gt=0, le=1)] = 0.8
    """...in which at least this share of the engine's readings of requests running are at
    its highest (the cap)..."""
    min_running: Pos = 4.0
    """...of at least this many..."""
    min_waiting: Pos = 2.0
    """...while this many requests wait on average, their number moving (frozen counts are a
    hung engine's)..."""
    room_kv_pct: Annotated[float, Field(gt=0, le=100)] = 60.0
    """...and its KV pool stays below this much used throughout."""


class UpstreamErrors(_Section):
    """Requests failing on their way to an engine that is up and reporting: the request log
    (a gateway's, ``request_finished`` events) ends a share of them in errors that the
    engine's own counters never see, because the requests never reached it (a network path
    dropping large packets, a proxy timing out). Paged as ``upstream_errors`` (a cause outside
    the three named ones). An engine failing requests counts them itself; one whose metrics
    stopped or froze is a monitoring gap."""

    minutes: Annotated[int, Field(ge=2, le=15)] = 5
    """Judged over the last this many minutes of the request log..."""
    min_share: Annotated[float, Field(gt=0, le=1)] = 0.1
    """...where at least this share of the requests finished in errors..."""
    min_per_min: Pos = 5.0
    """...at least this many a minute..."""
    engine_share: Annotated[float, Field(ge=0, lt=1)] = 0.1
    """...of which the engines' own error counters rose by at most this share."""


class ApiErrors(_Section):
    """Requests vLLM's HTTP server fails (5xx, its ``http_requests_total`` series) while its
    engine counts them finished without error: the API layer around a healthy engine breaks
    them (a release whose tool-call parser raises on the finished output). Paged as
    ``api_server_errors`` (a cause outside the three named ones). Needs the HTTP series; an
    engine that fails requests itself counts them (``finished_reason="error"``)."""

    minutes: Annotated[int, Field(ge=2, le=15)] = 5
    """Judged over the last this many minutes..."""
    min_share: Annotated[float, Field(gt=0, le=1)] = 0.1
    """...where at least this share of the requests the HTTP server answered got a 5xx..."""
    min_per_min: Pos = 5.0
    """...at least this many a minute..."""
    engine_share: Annotated[float, Field(ge=0, lt=1)] = 0.1
    """...of which the engine's own error counter rose by at most this share."""


class OutputCap(_Section):
    """Answers cut short by a limit the server took at its start: since it last started, no
    answer is longer than some number of tokens, a share of them ends by length at exactly
    that number, and before the start the node served answers far longer (a model
    repository's ``generation_config.json`` carrying ``max_new_tokens``, which vLLM applies to
    every request by default). Judged on the request log (``request_finished`` events with
    ``generation_tokens``). Paged as ``output_capped`` (a cause outside the three named ones).
    Clients asking for short answers end by length too, but at their own limits, beside
    longer answers."""

    min_requests: Annotated[int, Field(ge=10)] = 200
    """Judged once the run has answered this many requests (stop or length)..."""
    min_share: Annotated[float, Field(gt=0, le=1)] = 0.2
    """...of which at least this share ended by length at exactly the run's longest answer..."""
    before_factor: Annotated[float, Field(gt=1)] = 2.0
    """...while the run before the start served an answer at least this many times as long."""


class ContextCap(_Section):
    """Prompts refused above a length the server took at its start: since it last started,
    requests whose prompts are longer than any it answered end in errors, and before the start
    it answered prompts far longer (a chart's renamed values key dropping ``--max-model-len``
    and rope scaling: vLLM refuses every prompt over its shorter context with a 400 before the
    engine sees it). Judged on the request log (``request_finished`` events with
    ``prompt_tokens``), once the run has answered 100 requests. Paged as ``context_capped`` (a
    cause outside the three named ones)."""

    min_refused: Annotated[int, Field(ge=1)] = 10
    """At least this many requests longer than any the run answered ended in errors..."""
    before_factor: Annotated[float, Field(gt=1)] = 1.5
    """...while the run before the start answered a prompt at least this many times as long."""


class GpusUnavailable(_Section):
    """A node that came back (its host readings again after a silence: a reboot) without its
    GPUs: every GPU source it had (NVML, DCGM) and vLLM silent since before it came back. The
    GPU driver did not load (a driver container that cannot build its modules for a new
    kernel), so nothing can serve. Paged as ``gpus_unavailable`` (a cause outside the three
    named ones)."""

    after_s: Annotated[float, Field(ge=60, le=7200)] = 600.0
    """For this long after the host came back (a healthy reboot's driver build and validation
    take a few minutes)."""


class Hypotheses(_Section):
    """Root-cause hypotheses and their prior weights (the priors sum to 1)."""

    session_isolation: SessionIsolation = SessionIsolation()
    spec_residue: SpecResidue = SpecResidue()
    monitoring_gap: MonitoringGap = MonitoringGap()
    gpu_throttle: GpuThrottle = GpuThrottle()
    nvlink: NvLink = NvLink()
    memory_leak: MemoryLeak = MemoryLeak()
    engine_stall: EngineStall = EngineStall()
    engine_slow: EngineSlow = EngineSlow()
    concurrency_cap: ConcurrencyCap = ConcurrencyCap()
    upstream_errors: UpstreamErrors = UpstreamErrors()
    api_errors: ApiErrors = ApiErrors()
    gpus_unavailable: GpusUnavailable = GpusUnavailable()
    output_cap: OutputCap = OutputCap()
    context_cap: ContextCap = ContextCap()
    crash_loop: CrashLoop = CrashLoop()
    server_lost: ServerLost = ServerLost()
    runaway_generation: RunawayGeneration = RunawayGeneration()
    spec_acceptance: SpecAcceptance = SpecAcceptance()
    kv_pool: KvPool = KvPool()

    @model_validator(mode="after")
    def _priors_sum_to_one(self) -> Hypotheses:
        total = self.session_isolation.prior + self.spec_residue.prior + self.monitoring_gap.prior
        if abs(total - 1.0) > 1e-6:
            raise ValueError(f"the priors must sum to 1, they sum to {total:g}")
        return self


class Benign(_Section):
    """Explanations that make a look-alike legitimate and suppress paging."""

    warmup_s: Pos = 600.0
    """After an engine start (or telemetry resuming), framebuffer growth is warm-up for this long."""
    monitoring_processes: Regex = (r"(?i)exporter|gpu-agent|node-agent|collector|promtail|fluent-?bit"
                                   r"|telegraf|otelcol")
    """Processes that watch the node rather than serve (searched in an ``oom_kill`` or
    ``process_start`` event's ``process``): the OOM killer taking one is no symptom of the
    node's work, and one starting is no server loading. Empty: every process counts."""
    sidecar_processes: Regex = r"(?i)proxy|envoy|istio|linkerd|sidecar"
    """Processes beside the server in its pod (an auth or audit proxy, a service mesh's
    sidecar), searched in a ``process_start`` event's ``process``: one restarting is no
    restart of the server (no crash loop, no warm-up; outsider s154: a proxy OOM-killed at its
    container limit three times read as the server crash-looping). The OOM killer taking one
    still counts as the host's memory pressure. Empty: every start counts."""
    explanation_hold_s: Annotated[float, Field(ge=0, le=900)] = 120.0
    """Longer conversations (``context_growth``), once found, hold this long after the last tick
    they were found at: judged on noisy per-tick rates, they miss single ticks while the
    conversations go on. 0: each tick on its own."""
    kv_refill_s: Pos = 900.0
    """After an engine start, KV growth is the cache refilling for this long."""
    checkpoint_spike_pct: Pos = 3.0
    """A framebuffer jump this large within a minute, making up the whole rise, is a checkpoint load..."""
    checkpoint_spike_mib: Pos = 2400.0
    """...as is one of this many MiB per GPU: a checkpoint's size does not grow with the GPU, and
    on a 141 GB H200 2.5 GiB is under 2 points."""
    long_document_prompt_tokens: PosInt = 16000
    """Mean prompt tokens per request from which KV growth is long-document work; also the
    prompt from which a single request counts as a large document..."""
    long_document_token_share: Annotated[float, Field(gt=0, le=1)] = 0.15
    """...and the share of all prompt tokens such requests carry in a window from which they
    explain KV growth too (a few documents among many short requests)."""
    long_session_s: Pos = 1200.0
    """Sessions at least this long are annual-report style and explain a high KV level."""
    retry_burst_max_s: Pos = 300.0
    """An abort spike no longer than this, without memory growth, is a retry burst."""
    context_growth_hit_rise: Annotated[float, Field(ge=0, le=1)] = 0.15
    """Conversations growing longer (a client resending more of each conversation): the share
    of prompt tokens found in the prefix cache at least this far above the node's usual..."""
    longer_generation_ratio: Annotated[float, Field(ge=1)] = 2.0
    """Requests generating this many times the node's usual tokens (a reasoning mode, longer
    answers) hold their KV that much longer: KV growth, and a pool that fills at the usual
    arrivals, are explained.  With ``context_growth_*`` below, what makes a KV rise load."""
    context_growth_prompt_ratio: Annotated[float, Field(ge=1)] = 1.3
    """...while each request's prompt is at least this many times the usual: the pool holds
    longer live contexts, resent and found in the cache turn after turn, which explains KV
    growth. A leak evicts cached prefixes; it does not raise their hit rate. 1.0 with a
    rise of 1.0: never."""
    context_growth_hit_far: Annotated[float, Field(ge=0, le=1)] = 0.25
    """A share of prompt tokens found in the prefix cache this far above the usual is longer
    conversations with prompts merely no shorter than usual: long sessions beside the usual
    short requests (outsider s220's report desk) deepen the cached share far more than they
    lengthen the mean prompt. A leak evicts cached prefixes; it does not raise their hit rate.
    1.0: never..."""
    context_growth_hit_far_ratio: Annotated[float, Field(ge=1)] = 1.4
    """...and so is a share this many times the usual, at least ``context_growth_hit_min_rise``
    above it: where the node's usual share is small (a few long conversations among many
    one-shot requests), a report's turns raise it by half long before by 25 points (outsider
    s272: 0.146 usual, 0.20-0.24 while an annual report's context grew). 100: never."""
    context_growth_hit_min_rise: Annotated[float, Field(ge=0, le=1)] = 0.05
    context_growth_usual_floor: Annotated[float, Field(ge=0, le=1)] = 0.12
    """The usual share ``context_growth_hit_far_ratio`` multiplies is at least this: a share
    collapsed to next to nothing and coming back is no deeper conversations (outsider s54: a
    prompt template with a timestamp on top took the cached share from 0.36 to 0.006, a partial
    fix brought it to 0.12-0.14, twenty times the new usual, and a leak under way then was
    explained away)."""
    load_test_hit_share: Annotated[float, Field(ge=0, lt=1)] = 0.25
    """A load test (``vllm bench serve`` and its kind: random prompts, a fixed output length
    with end-of-sequence ignored): more requests than usual ending at their length limit
    while the prefix cache finds at most this share of what it found in the node's kept
    minutes whose length-limited share was its usual (random prompts share no prefix). A stop
    sequence lost in production leaves the prompts, and their hits, as they were..."""
    load_test_min_hits: Annotated[float, Field(gt=0, le=1)] = 0.05
    """...which must have been at least this (a node without prefix caching tells nothing)."""
    idle_node_fb_pct: Annotated[float, Field(ge=0, le=100)] = 10.0
    """A node whose GPUs held less than this share of their framebuffer when it fell silent
    had no model loaded: drained and taken out of service (scale-in, a reboot after a drain),
    not unreachable; no request was lost with it. 0: every silent node pages."""


class Incidents(_Section):
    """The incident state machine's hysteresis."""

    open_score: Share = 0.55
    """Hypothesis strength that opens an incident..."""
    open_after_ticks: PosInt = 2
    """...when held this many consecutive ticks."""
    open_at_once_score: Pos = 1.0
    """A strength at or above this opens on its first tick (a saturated score is no borderline
    one); above 1.0 turns this off."""
    resolve_score: Share = 0.25
    """Below this strength (and no firing alerts) for resolve_after_s, the node's finding clears."""
    resolve_after_s: Pos = 300.0
    """Quiet time before a finding clears (hysteresis)."""
    correlate_window_s: NonNeg = 45.0
    """A node whose onset is within this of an open incident of the same cause joins it."""
    instance_window_s: NonNeg = 300.0
    """A node of a serving instance across nodes whose symptoms begin within this of a fault
    on another node of the instance (an XID, the node cut off) joins that fault's incident:
    the leader's engine hangs on its collectives before it dies."""
    min_update_interval_s: NonNeg = 60.0
    """Minimum time between two published updates of an incident."""
    reopen_window_s: NonNeg = 1800.0
    """The same cause on the same node within this reopens the incident (same id)."""
    max_listed: PosInt = 200
    """Bound on fingerprints, alert names and actions listed on an incident."""

    @model_validator(mode="after")
    def _hysteresis(self) -> Incidents:
        if self.resolve_score >= self.open_score:
            raise ValueError("resolve_score must be below open_score (hysteresis)")
        return self


class AlertGrouping(_Section):
    """Alert-storm collapse: attach to incidents, else group Alertmanager-style."""

    attach_before_s: NonNeg = 900.0
    """Alerts up to this long before an incident's onset attach to it."""
    group_interval_s: Pos = 300.0
    """Window in which a node's alerts count as firing together."""
    group_expire_s: Pos = 1800.0
    """Resolved alerts are forgotten after this long."""
    max_alerts_per_node: PosInt = 256
    """Bound on alerts tracked per node."""
    escalate_after_s: Pos = 900.0
    """An unexplained group of critical alerts this old becomes an incident."""
    escalate_min_critical: PosInt = 2
    """Distinct critical alert names such a group needs."""
    alerts_only_after_s: Pos = 120.0
    """On a node known only from its alerts, a critical group this old becomes one incident."""
    gpu_failure_alerts: Regex = r"(?i)xid|gpu.?(missing|lost|fell)"
    """On a node known only from its alerts, a firing critical alert whose name this regular
    expression matches (searched) says a GPU failed: the incident opens on the next tick and
    names the cause. Empty: never."""
    node_unreachable_alerts: Regex = r"(?i)(node|host|instance).?(unreachable|down)$"
    """The same for an unreachable node (a blackbox probe, `InstanceDown`, `NodeUnreachable`)."""
    target_down_alerts: Regex = r"(?i)(target|exporter|instance|scrape).?(down|unreachable|missing)$"
    """Alerts saying the monitoring system cannot scrape one of a node's targets (`TargetDown`,
    `VLLMTargetDown`, `InstanceDown`; one per `job`, else per `instance`). When as many of a
    node's targets as ``unreachable_min_targets`` have been reported down together for
    ``alignment.silence_after_s`` while its own agent still delivers every source (spooling
    what it cannot send), the network path to the node is cut: its incident opens as an
    unreachable node. Empty: never."""
    node_not_ready_alerts: Regex = r"(?i)node.?not.?ready"
    """Alerts saying the cluster holds the node NotReady (kube-prometheus's `KubeNodeNotReady`,
    a warning that fires after 15 minutes): its kubelet has stopped reporting (a container
    runtime hung, the kubelet wedged), its pods are out of the endpoints and whatever runs on
    it serves nothing, while its own telemetry may look healthy and idle (outsider s218). Any
    severity: the node's incident opens as ``node_not_ready``. Empty: never."""
    unreachable_min_targets: Annotated[int, Field(ge=2)] = 2
    """Distinct scrape targets (jobs) of one node that must be down together; one alone is an
    exporter or a server restarting."""
    upstream_failure_alerts: Regex = r"(?i)upstream.?(5xx|errors?|connect|reset)"
    """Alerts from a gateway saying its requests to this node fail (`GatewayUpstream5xxRateHigh`).
    Where one has fired for ``alignment.silence_after_s`` while the node's vLLM engines, live and
    past their warm-up, served nothing for ``hypotheses.upstream_errors.minutes``, the gateway
    does not reach the engine (a stale endpoint, a network path): paged as ``upstream_errors``.
    Empty: never."""


Signal = Literal[
    "gpu_memory_growth_pct_per_min",
    "kv_cache_growth_pct_per_min",
    "memory_growth_pct_per_min",
    "gpu_memory_pct",
    "kv_cache_pct",
]


class Level1Rule(_Section):
    """One automatic remediation: ``action`` when ``signal`` is above ``above`` for ``for_s``."""

    name: Annotated[str, Field(min_length=1)]
    """Unique name of the rule."""
    action: Literal["degrade_weight", "isolate_node", "force_cleanup"]
    """What to ask for: degrade_weight, isolate_node or force_cleanup."""
    signal: Signal
    """The signal the rule watches."""
    above: float
    """The rule holds while the signal is above this value."""
    for_s: NonNeg = 0.0
    """...for at least this long (0: at once)."""
    cooldown_s: NonNeg = 300.0
    """Minimum time between two firings of the rule on one node."""
    params: dict[str, Any] = Field(default_factory=dict)
    """Parameters passed on with the action."""
    suppress_when: list[Literal["warmup", "checkpoint_load"]] = Field(default_factory=list)
    """Benign explanations during which the rule does not fire."""


class RuleSet(_Section):
    """Everything the engine is configured by."""

    alignment: Alignment = Alignment()
    features: Features = Features()
    detectors: Detectors = Detectors()
    hypotheses: Hypotheses = Hypotheses()
    benign: Benign = Benign()
    incidents: Incidents = Incidents()
    alert_grouping: AlertGrouping = AlertGrouping()
    level1: list[Level1Rule] = Field(default_factory=list)
    """Level-1 remediation rules."""

    @model_validator(mode="after")
    def _unique_rule_names(self) -> RuleSet:
        seen: set[str] = set()
        for rule in self.level1:
            if rule.name in seen:
                raise ValueError(f"two level1 rules are named {rule.name!r}")
            seen.add(rule.name)
        return self
