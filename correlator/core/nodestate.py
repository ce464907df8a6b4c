"""What one node's telemetry says, as bounded per-tick series: GPUs, engines, host, events.

:meth:`NodeState.ingest` takes records in event-time order (the aligner's output) and only
updates latest values and per-tick accumulators (O(1) per metric); :meth:`close_tick` pushes
one point per series at each evaluation tick.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field

from correlator.config.model import MINUTES_KEPT
from correlator.core import metrics as m
from correlator.core.blocks import Blocks
from correlator.core.counters import Counter, EventCount
from correlator.core.series import MinuteRing, Series
from correlator.core.sessions import SessionTracker
from correlator.core.trends import Monotone, mann_kendall
from correlator.wire.records import EventRecord, SampleRecord

NOMINAL_TOTAL_MIB = 80.0 * 1024

BLANK = 9.2e18
"""DCGM's blank values are int64 sentinels from here up; no reading (nor XID) is this large."""
CRITICAL_XIDS = frozenset({48, 64, 74, 79, 92, 94, 95, 119, 120})
"""XIDs that take a GPU (or its work) down: off the bus (79), double-bit and uncontained ECC
errors (48, 95), a failed row remap (64), contained ECC errors that kill the processes using
the memory (94), NVLink and GSP failures. Not 63: a row marked for remapping, which error
containment covers until the next reset (a correctable error's remap is routine)."""
CLOCK_REASONS = ("DCGM_FI_DEV_CLOCKS_EVENT_REASONS", "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS")
"""DCGM's bit mask of why the clocks are below their maximum (the older name second)."""
THERMAL_REASONS = 0x08 | 0x20 | 0x40 | 0x80
"""Reasons the GPU did not choose: HW slowdown, SW and HW thermal slowdown, power brake."""
LINK_ERRORS = ("DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL",
               "DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL",
               "DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL",
               "DCGM_FI_DEV_NVLINK_RECOVERY_ERROR_COUNT_TOTAL")
"""DCGM's NVLink error counters, summed over a GPU's links (``hypotheses.nvlink``)."""
NAN = float("nan")
XID_HELD_NS = 1800 * 1_000_000_000
"""How long a critical XID counts: a non-critical one after it does not hide it."""
ENGINES_KEPT = 32
"""vLLM engines tracked per node; a new one beyond them replaces the one silent longest."""
GPUS_KEPT = 64
"""GPU indices tracked per node (likewise): a producer's made-up labels or indices must not
grow a node's state without bound."""
PODS_KEPT = 4
"""Pods remembered per node (a pod rescheduled elsewhere leaves its name behind a while)."""
NO_LABELS: dict[str, str] = {}
COUNTERS_KEPT = 32
"""Counters per engine: the known ones and ``finished_<reason>`` per reason, which is free-form."""
MIG_LABELS = ("gpu_instance", "GPU_I_ID", "gpu_i_id")
"""Where a dcgm sample names its MIG GPU instance: the agent's label, dcgm-exporter's own."""
MIG_TRACKS_MAX = 64
"""MIG instances tracked per node (8 GPUs of 7 instances, the most an H100/H200 splits into, fit)."""
MIG_FRESH_NS = 60 * 10**9
FROZEN_NS = 300 * 10**9
FROZEN_MOVES = 3
"""NVML reading the same bytes this long while DCGM's reading moved this often is frozen
(:meth:`GpuTrack.nvml_frozen`)."""
BUSY_UTIL_PCT = 20.0
"""A GPU reading at least this utilisation is busy: serving (an idle vLLM server reads 0)."""
BUSY_GAP_NS = 120 * 10**9
"""A stretch of busy GPU readings ends where none comes for this long."""
UTIL = ("gpu_util_pct", "DCGM_FI_DEV_GPU_UTIL")
"""GPU utilisation in an nvml sample, and in a dcgm one."""
LOCKED_UTIL_PCT = 50.0
"""A GPU this busy whose SM clock is far below the node's highest is held slow (locked clocks)."""
"""An instance's reading counts towards its GPU's whole for this long after it was taken."""


def engine_key(labels: dict[str, str], gpu: int | None) -> str:
    """The key of the vLLM engine a ``vllm`` record is about.

    vLLM numbers the engines of each server from 0, so the servers of a node that runs one per
    GPU (or per MIG instance) all say ``engine="0"``: a record's GPU index, and its MIG instance
    where it names one, tell them apart."""
    engine = labels.get("engine")
    if gpu is None:
        return engine or "0"
    inst = mig_instance(labels)
    where = f"{gpu}/{inst}" if inst else str(gpu)
    return f"{engine} on GPU {where}" if engine else where


def mig_instance(labels: dict[str, str] | None) -> str:
    """The MIG GPU instance a record's labels name; '' for a whole GPU."""
    if labels:
        for key in MIG_LABELS:
            value = labels.get(key)
            if value:
                return value
    return ""


STARTS_KEPT = 8
REORDERED_SEQS = 64
"""A vLLM sample whose ``seq`` is at most this far below the last one taken in from its engine
is an older reading delivered out of order (a clock stepped back); further below, the agent
started its numbering over."""
CRASH_SEEN_NS = 300 * 1_000_000_000
CRASH_QUIET_NS = 20 * 1_000_000_000
"""A server start counts as after a crash when an engine's last reading, at most
``CRASH_SEEN_NS`` and at least ``CRASH_QUIET_NS`` before it (the server was down in between),
had requests running (:meth:`NodeState._stopped_serving`)."""
HTTP_PREFIX = "http_"
"""Prefix of the counters of requests vLLM's HTTP server answered, one per series (a status
class of a handler): ``http_4xx:<series>``."""
RSS_PARTIAL_SHARE = 0.2
"""Below this share of what it read before its start, the serving process's memory reading
covers only part of the server (:meth:`HostTrack.partial_rss`)."""
MISMATCH_HELD_NS = 120 * 1_000_000_000
"""How long after its last such sample the host's memory view is still judged wrong."""
TENANTS_KEPT = 16
"""Tenants whose recent outcomes a node keeps (:attr:`RequestEvents.tenant_log`)..."""
TENANT_HALF_LIFE_NS = 150 * 1_000_000_000
"""...decayed with this half-life..."""
RATE_LIMITED_SERVED = 0.03
"""...of which one still served at least this share while most of its requests fail is held
to a quota (:meth:`RequestEvents.rate_limited_share`)."""
RUN_SERVED = 100
"""Requests a server's run must have answered for its longest answer to be what it served."""
"""Serving-process and engine starts kept per node (a crash loop's count needs a few)."""


@dataclass
class LinkErrors:
    """One GPU's NVLink error count (its links' CRC, replay and recovery errors summed) and its
    current run of errors: since when each new error has come within the quiet time of the
    last, and how many."""

    total: float
    since_ns: int = 0
    last_ns: int = 0
    counted: float = 0.0

    def note(self, total: float, ts_ns: int, quiet_ns: int) -> None:
        rise = total - self.total
        self.total = total
        if rise <= 0:  # (none new, or the counters reset: a driver reload)
            return
        if not self.last_ns or ts_ns - self.last_ns > quiet_ns:
            self.since_ns, self.counted = ts_ns, 0.0
        self.last_ns = ts_ns
        self.counted += rise


@dataclass
class GpuTrack:
    """One GPU: framebuffer use from NVML and/or DCGM."""

    cap: int
    nvml_pct: Series = field(init=False)
    dcgm_pct: Series = field(init=False)
    used_mib: Series = field(init=False)
    total_mib: float = 0.0
    xid: int = 0
    xid_ns: int = 0
    lost_ns: int = 0
    """When the agent said the GPU is lost (NVML answers ``GpuIsLost``); 0: never."""
    mig_ns: int = 0
    """When a reading of one of its MIG instances last came; 0: never split."""
    nvml_same_ns: int = 0
    """Since when NVML has read exactly its last reading..."""
    dcgm_moves: int = 0
    """...while DCGM's reading of the same framebuffer changed this many times (capped)."""

    def __post_init__(self) -> None:
        self.nvml_pct = Series(self.cap)
        self.dcgm_pct = Series(self.cap)
        self.used_mib = Series(self.cap)

    def note_xid(self, xid: int, ts_ns: int) -> None:
        """The GPU's latest XID, unless a critical one came within ``XID_HELD_NS`` (a
        contained ECC error, XID 94, is followed by the 63 of its row remap)."""
        if xid in CRITICAL_XIDS or self.xid not in CRITICAL_XIDS or ts_ns - self.xid_ns > XID_HELD_NS:
            self.xid, self.xid_ns = xid, ts_ns

    def best_pct(self) -> Series:
        """NVML when it reports, else DCGM: they measure the same framebuffer. Not NVML while
        it is frozen (:meth:`nvml_frozen`)."""
        if self.nvml_pct.last_ns >= self.dcgm_pct.last_ns - 60e9 and not self.nvml_frozen():
            return self.nvml_pct
        return self.dcgm_pct

    def note_nvml(self, ts_ns: int, pct: float) -> None:
        """NVML's reading, before it is observed: did it change?"""
        if pct != self.nvml_pct.last_value:
            self.nvml_same_ns, self.dcgm_moves = ts_ns, 0

    def note_dcgm(self, pct: float) -> None:
        """DCGM's reading of the whole GPU, before it is observed: did it change?"""
        last = self.dcgm_pct.last_value
        if pct != last and last == last and self.dcgm_moves < FROZEN_MOVES:
            self.dcgm_moves += 1

    def nvml_frozen(self) -> bool:
        """NVML has read the very same bytes for ``FROZEN_NS`` while DCGM's reading of the same
        framebuffer moved ``FROZEN_MOVES`` times: an agent republishing a stale snapshot under
        fresh timestamps (outsider s347: a canary's NVML reader died, and a draft residue of
        1.5 GiB a GPU showed in DCGM alone). Both flat, as a preallocated pool keeps them, is
        no sign: either tells the same."""
        return self.dcgm_moves >= FROZEN_MOVES and self.nvml_pct.last_ns - self.nvml_same_ns >= FROZEN_NS

    def series(self) -> tuple[Series, ...]:
        return (self.nvml_pct, self.dcgm_pct, self.used_mib)

    def split(self) -> bool:
        """Split into MIG instances now: its memory is judged per instance, not as a whole.

        A GPU whose instances stopped reporting while it goes on reporting whole (MIG turned
        off) is whole again after a minute."""
        return self.mig_ns > 0 and self.best_pct().last_ns <= self.mig_ns + MIG_FRESH_NS


@dataclass
class EngineTrack:
    """One vLLM engine's scheduler and KV-cache metrics."""

    cap: int
    kv_pct: Series = field(init=False)
    running: Series = field(init=False)
    waiting: Series = field(init=False)
    counters: dict[str, Counter] = field(default_factory=dict)
    seen: set[str] = field(default_factory=set)
    restart_ns: int = 0
    restarts: tuple[int, ...] = ()
    """When the engine's counters last fell back (a sample with any counter below its last
    reading, sent after it), the latest :data:`STARTS_KEPT`..."""
    last_seq: int = -1
    """...and the ``seq`` of its last sample taken in."""
    per_minute: int = 6
    pool: tuple[int, str] | None = None
    """The framebuffer this engine's server runs on, where its records name a GPU: (GPU index,
    MIG instance or ''). None for an engine across GPUs (tensor parallel)."""
    kv_by_minute: MinuteRing = field(init=False)
    """KV usage, minute means, for trends longer than the tick history."""
    running_by_minute: MinuteRing = field(init=False)
    """Requests running, minute means, likewise."""
    demand_by_minute: MinuteRing = field(init=False)
    """Demand per minute: tokens processed, else running requests summed over the ticks."""
    hits_by_minute: MinuteRing = field(init=False)
    queries_by_minute: MinuteRing = field(init=False)
    """Prefix-cache hits and queries (tokens) per minute, where the engine exports them."""
    finished_by_minute: MinuteRing = field(init=False)
    length_by_minute: MinuteRing = field(init=False)
    generated_by_minute: MinuteRing = field(init=False)
    """Requests finished (any reason), finished at their length limit, and tokens generated,
    per minute, where the engine exports them."""
    drafted_by_minute: MinuteRing = field(init=False)
    accepted_by_minute: MinuteRing = field(init=False)
    """Speculative decoding's draft tokens proposed and accepted per minute, where exported."""
    blocks: Blocks = field(init=False)
    """Ten-minute blocks of the minute means, for leaks slower than the minute rings show."""
    _kv_long: tuple[tuple[int, int], Monotone] | None = field(default=None, repr=False)
    pool_blocks: float = 0.0
    """KV blocks of the engine's pool, from vLLM's cache configuration gauge (0: not exported)..."""
    pool_peak: float = 0.0
    """...the most it has had..."""
    pool_cut: tuple[int, str] = (0, "")
    """...and since when the pool has been smaller (0: it is not), with the settings then."""
    served_ns: int = 0
    """When it last reported requests running (0: never)."""
    frozen_ns: int = 0
    """When its metrics were last found standing still while the node's request log showed it
    serving (0: never)."""
    renamed: tuple[int, int, str] = (0, 0, "")
    """Counters arriving under the contract's names stripped of ``_total`` (an OpenTelemetry
    receiver's name normalization, outsider s225): since when, when last (0: never), one such
    name. They are read as the counters they stand for."""

    def note_pool(self, blocks: float, ts_ns: int, settings: str, accept_ns: int) -> None:
        """A cache configuration reading: the pool's size now against the largest it had. A
        smaller pool kept for ``accept_ns`` is the new normal."""
        if blocks >= self.pool_peak or (self.pool_cut[0] and ts_ns - self.pool_cut[0] >= accept_ns):
            self.pool_peak, self.pool_cut = blocks, (0, "")
        elif blocks < self.pool_peak and (not self.pool_cut[0] or blocks != self.pool_blocks):
            self.pool_cut = (ts_ns, settings)
        self.pool_blocks = blocks

    def __post_init__(self) -> None:
        self.kv_pct = Series(self.cap)
        self.running = Series(self.cap)
        self.waiting = Series(self.cap)
        self._minute_rings()
        self.blocks = Blocks()

    def _minute_rings(self) -> None:
        self.kv_by_minute = MinuteRing(MINUTES_KEPT, self.per_minute)
        self.running_by_minute = MinuteRing(MINUTES_KEPT, self.per_minute)
        self.demand_by_minute = MinuteRing(MINUTES_KEPT, self.per_minute, mode_sum=True)
        self._sum_rings()

    SUM_RINGS = ("hits_by_minute", "queries_by_minute", "finished_by_minute", "length_by_minute",
                 "generated_by_minute", "drafted_by_minute", "accepted_by_minute")

    def _sum_rings(self, names: tuple[str, ...] = SUM_RINGS) -> None:
        for name in names:
            setattr(self, name, MinuteRing(MINUTES_KEPT, self.per_minute, mode_sum=True))

    def __setstate__(self, state: dict[str, object]) -> None:
        """Snapshots from before a minute ring was kept: that ring starts empty."""
        self.__dict__.update(state)
        if "kv_by_minute" not in state:
            self._minute_rings()
        else:
            self._sum_rings(tuple(n for n in self.SUM_RINGS if n not in state))
        if "running_by_minute" not in state:
            self.running_by_minute = MinuteRing(MINUTES_KEPT, self.per_minute)
        if "blocks" not in state:
            self.blocks = Blocks()

    def token_counters(self) -> list[Counter]:
        """Prompt and generation token counters, those this engine exports (demand, where known)."""
        return [c for name in (m.PROMPT_TOKENS, m.GENERATION_TOKENS) if (c := self.counters.get(name))]

    def kv_long_trend(self, minutes: int) -> Monotone:
        """Trend of the last ``minutes`` minute means of KV usage; computed once a minute."""
        key = (self.kv_by_minute.pushed, minutes)
        if self._kv_long is None or self._kv_long[0] != key:
            self._kv_long = (key, mann_kendall(self.kv_by_minute.tail(minutes)))
        return self._kv_long[1]

    def close_minutes(self) -> None:
        """After the tick's series and counters are closed: feed the minute rings, and a
        minute completed, the blocks."""
        minutes = self.kv_by_minute.pushed
        self.kv_by_minute.add(self.kv_pct.ago(0))
        self.running_by_minute.add(self.running.ago(0))
        tokens = self.token_counters()
        if tokens:
            self.demand_by_minute.add(sum(c.per_tick.ago(0) for c in tokens))
        else:
            self.demand_by_minute.add(self.running.ago(0))
        hits, queries = self.first(m.PREFIX_HITS), self.first(m.PREFIX_QUERIES)
        self.hits_by_minute.add(hits.per_tick.ago(0) if hits is not None else NAN)
        self.queries_by_minute.add(queries.per_tick.ago(0) if queries is not None else NAN)
        finished = [c.per_tick.ago(0) for key, c in self.counters.items() if key.startswith("finished_")]
        self.finished_by_minute.add(sum(finished) if finished else NAN)
        length = self.counters.get("finished_length")
        self.length_by_minute.add(length.per_tick.ago(0) if length is not None
                                  else (0.0 if finished else NAN))
        generated = self.counters.get(m.GENERATION_TOKENS)
        self.generated_by_minute.add(generated.per_tick.ago(0) if generated is not None else NAN)
        drafts = self._drafts()
        self.drafted_by_minute.add(drafts[0].per_tick.ago(0) if drafts else NAN)
        self.accepted_by_minute.add(drafts[1].per_tick.ago(0) if drafts else NAN)
        if self.kv_by_minute.pushed != minutes:
            self.blocks.add_minute(self.kv_by_minute.latest(), self.demand_by_minute.latest(),
                                   self.running_by_minute.latest(), self.hits_by_minute.latest(),
                                   self.queries_by_minute.latest())

    def _drafts(self) -> tuple[Counter, Counter] | None:
        """Speculative decoding's draft-token counters, proposed and accepted, where both are
        exported."""
        drafted, accepted = self.counters.get(m.SPEC_DRAFT_TOKENS), self.counters.get(m.SPEC_ACCEPTED_TOKENS)
        return (drafted, accepted) if drafted is not None and accepted is not None else None

    def draft_tokens(self, ticks: int) -> tuple[float, float]:
        """Speculative decoding's draft tokens accepted and proposed over the last ``ticks``
        (0, 0: not exported)."""
        drafts = self._drafts()
        return (drafts[1].total(ticks), drafts[0].total(ticks)) if drafts else (0.0, 0.0)

    def first(self, names: tuple[str, ...]) -> Counter | None:
        """The first of ``names`` this engine exports."""
        return next((c for name in names if (c := self.counters.get(name)) is not None), None)

    def counter(self, name: str) -> Counter:
        c = self.counters.get(name)
        if c is None:
            c = self.counters[name] = Counter(self.cap)
        return c

    def increase(self, names: str | tuple[str, ...], ticks: int) -> float:
        """Increase over the last ``ticks`` of the first of ``names`` this engine exports."""
        c = self.first((names,) if isinstance(names, str) else names)
        return c.total(ticks) if c is not None else 0.0

    def http_answered(self, statuses: str, ticks: int) -> float:
        """Requests this engine's HTTP server answered with a status of a class in ``statuses``
        (``"45"``: 4xx and 5xx) over the last ``ticks``."""
        return sum(c.total(ticks) for key, c in self.counters.items()
                   if key.startswith(HTTP_PREFIX) and key[len(HTTP_PREFIX)] in statuses)

    def has(self, names: str | tuple[str, ...]) -> bool:
        return any(n in self.counters for n in ((names,) if isinstance(names, str) else names))


@dataclass
class HostTrack:
    cap: int
    mem_pct: Series = field(init=False)
    rss_pct: Series = field(init=False)
    swap_gib: Series = field(init=False)
    total_bytes: float = 0.0
    oom_ns: deque[int] = field(default_factory=lambda: deque(maxlen=16))
    start_ns: int = 0
    mismatch: tuple[int, int, float, float] = (0, 0, 0.0, 0.0)
    """Host samples whose serving process held more than the host's total memory: (since when,
    the last, its total read, its process's memory read, in bytes); a pause longer than
    :data:`MISMATCH_HELD_NS` starts anew."""
    rss_ref: float = NAN
    """The serving process's memory (% of the host's) as it last ran in full before a start..."""
    used_ref: float = NAN
    """...and the host's memory used then (%)."""

    def __post_init__(self) -> None:
        self.mem_pct = Series(self.cap)
        self.rss_pct = Series(self.cap)
        self.swap_gib = Series(self.cap)

    def mark_start(self, ticks: int) -> None:
        """The server starts: keep what its memory and the host's read over the last ``ticks``
        (their highest), unless the process read only a part of what it read before (the run
        before this start was already read in part: the reference stays the full one)."""
        rss, used = _highest(self.rss_pct.tail(ticks)), _highest(self.mem_pct.tail(ticks))
        if not (rss > 0 and used > 0):
            return
        if self.rss_ref == self.rss_ref and rss < RSS_PARTIAL_SHARE * self.rss_ref:
            return
        self.rss_ref, self.used_ref = rss, used

    def partial_rss(self, rss_now: float, used_now: float) -> bool:
        """Whether the serving process's memory reads below :data:`RSS_PARTIAL_SHARE` of what
        it read before its last start while the host's memory used did not fall by what the
        process seems to have shed: the process's memory is still there, unseen."""
        ref = self.rss_ref
        if not (ref > 0 and rss_now < RSS_PARTIAL_SHARE * ref):
            return False
        return used_now >= self.used_ref - 0.5 * (ref - rss_now)


@dataclass
class RequestEvents:
    """Per-tick counts from ``request_finished`` and KV-cache events."""

    cap: int
    finished: EventCount = field(init=False)
    aborts: EventCount = field(init=False)
    errors: EventCount = field(init=False)
    prompt_tokens: EventCount = field(init=False)
    large_prompt_tokens: EventCount = field(init=False)
    """Prompt tokens of requests whose prompt alone is a large document."""
    spec: EventCount = field(init=False)
    stored: EventCount = field(init=False)
    removed: EventCount = field(init=False)
    cleared_ns: int = 0
    per_minute: int = 6
    run_longest: float = 0.0
    """The longest answer (generation tokens) of a request finished since the server last
    started (``engine_start`` or its ``process_start``)..."""
    run_at_longest: int = 0
    """...the requests of this run that ended by length at exactly that many tokens..."""
    run_finished: int = 0
    """...and the requests of this run that finished (stop or length)."""
    before_longest: float = 0.0
    """The longest answer of the last run that served :data:`RUN_SERVED` requests or more."""
    run_prompt_ok: float = 0.0
    """The longest prompt (tokens) of a request the current run answered (stop or length)..."""
    run_refused_long: int = 0
    """...the requests with a longer prompt that ended in errors, once the run has answered
    :data:`RUN_SERVED` requests..."""
    before_prompt_ok: float = 0.0
    """...and the longest prompt the last run that served answered."""
    tenant_log: dict[str, tuple[int, float, float]] = field(default_factory=dict)
    """Per tenant (the :data:`TENANTS_KEPT` heard from last): when last heard, and its requests
    ended in errors and served, decayed with a half-life of :data:`TENANT_HALF_LIFE_NS`."""
    by_minute: tuple[MinuteRing, MinuteRing, MinuteRing] = field(init=False)
    """Finished requests, prompt tokens and large-document prompt tokens per minute, over
    ``MINUTES_KEPT`` minutes: what this node's traffic usually is."""

    def __post_init__(self) -> None:
        for name in ("finished", "aborts", "errors", "prompt_tokens", "large_prompt_tokens", "spec",
                     "stored", "removed"):
            setattr(self, name, EventCount(self.cap))
        self._minute_rings()

    def _minute_rings(self) -> None:
        self.by_minute = tuple(  # type: ignore[assignment]
            MinuteRing(MINUTES_KEPT, self.per_minute, mode_sum=True) for _ in range(3))

    def __setstate__(self, state: dict[str, object]) -> None:
        """Snapshots from before the minute rings: they start empty."""
        self.__dict__.update(state)
        if "by_minute" not in state:
            self._minute_rings()
        if "tenant_log" not in state:
            self.tenant_log = {}

    def close_minutes(self) -> None:
        """After the tick's counts are closed: feed the minute rings."""
        for ring, count in zip(self.by_minute, (self.finished, self.prompt_tokens, self.large_prompt_tokens),
                               strict=True):
            ring.add(count.per_tick.ago(0))

    def answered(self, reason: object, tokens: float, prompt: float = -1.0) -> None:
        """A request of the current run finished by ``reason`` after ``tokens`` generated, for
        a prompt of ``prompt`` tokens (-1: unknown)."""
        if reason == "error":
            if prompt > self.run_prompt_ok and self.run_finished >= RUN_SERVED:
                self.run_refused_long += 1
            return
        if reason not in ("stop", "length") or not 0.0 <= tokens < 1e12:
            return
        if prompt > self.run_prompt_ok:
            self.run_prompt_ok = prompt
        self.run_finished += 1
        if tokens > self.run_longest:
            self.run_longest, self.run_at_longest = tokens, 0
        if reason == "length" and tokens == self.run_longest:
            self.run_at_longest += 1

    def tenant_outcome(self, tenant: str, ts_ns: int, failed: bool) -> None:
        """One request of ``tenant`` finished at ``ts_ns``, in an error if ``failed``."""
        log = self.tenant_log
        t = log.get(tenant)
        if t is None:
            if len(log) >= TENANTS_KEPT:
                del log[min(log, key=lambda k: log[k][0])]
            t = (ts_ns, 0.0, 0.0)
        last, errors, served = t
        decay = 0.5 ** (max(0, ts_ns - last) / TENANT_HALF_LIFE_NS)
        log[tenant] = (max(ts_ns, last), errors * decay + failed, served * decay + (not failed))

    def rate_limited_share(self, now_ns: int) -> float:
        """The share of the recent errors that fell on tenants still served in part while most
        of their requests fail (at least :data:`RATE_LIMITED_SERVED` served, more failing than
        served): a quota refusing a client's excess, not requests failing on their way."""
        limited = total = 0.0
        for last, errors, served in self.tenant_log.values():
            decay = 0.5 ** (max(0, now_ns - last) / TENANT_HALF_LIFE_NS)
            errors, served = errors * decay, served * decay
            total += errors
            if errors > served and served >= RATE_LIMITED_SERVED * (errors + served):
                limited += errors
        return limited / total if total > 0 else 0.0

    def new_run(self) -> None:
        """The server started: its answers are judged afresh, against the last run that served."""
        if self.run_finished >= RUN_SERVED:
            self.before_longest, self.before_prompt_ok = self.run_longest, self.run_prompt_ok
        self.run_longest, self.run_at_longest, self.run_finished = 0.0, 0, 0
        self.run_prompt_ok, self.run_refused_long = 0.0, 0

    def counts(self) -> tuple[EventCount, ...]:
        return (self.finished, self.aborts, self.errors, self.prompt_tokens, self.large_prompt_tokens,
                self.spec, self.stored, self.removed)


@dataclass
class NodeState:
    """Everything the features of one node are computed from."""

    cap: int
    sessions: SessionTracker
    gpus: dict[int, GpuTrack] = field(default_factory=dict)
    mig: dict[tuple[int, str], GpuTrack] = field(default_factory=dict)
    """MIG GPU instances, each a framebuffer of its own: (GPU index, instance id) -> track."""
    engines: dict[str, EngineTrack] = field(default_factory=dict)
    host: HostTrack = field(init=False)
    requests: RequestEvents = field(init=False)
    engine_start_ns: int = 0
    first_ns: int = -1
    last_ns: int = 0
    vllm_ns: int = -1
    """The newest ``vllm`` record taken in (any kind): as of the tick being judged, unlike
    the source clock, which has seen the records waiting for it."""
    unknown_events: int = 0
    per_minute: int = 6
    large_prompt: float = 16000.0
    """Prompt tokens from which one request is a large document (``benign.long_document_prompt_tokens``)."""
    monitoring: str = ""
    """Processes that watch the node rather than serve it (``benign.monitoring_processes``):
    their OOM kills and starts are not the serving side's."""
    sidecars: str = ""
    """Processes beside the server (``benign.sidecar_processes``): their starts are not the
    server's; their OOM kills are the host's memory pressure as any."""
    hot_c: float = 85.0
    slow_share: float = 0.6
    """A GPU at ``hot_c`` or more whose SM clock is at most ``slow_share`` of the node's
    highest is throttled by heat (``hypotheses.gpu_throttle``)..."""
    cooled_c: float = 80.0
    recovered_share: float = 0.75
    """...and stays so until it is cooler than ``cooled_c`` or its clock is above
    ``recovered_share`` of the highest."""
    sm_clock_max: float = 0.0
    busy_since_ns: int = 0
    busy_ns: int = 0
    """The latest stretch of busy GPU readings (any GPU at ``BUSY_UTIL_PCT`` or more, each
    within ``BUSY_GAP_NS`` of the one before): when it began, its latest reading (0: none)."""
    throttled: dict[int, tuple[int, int, float, float, float]] | None = None
    """GPUs slowed down while hot, or with a thermal clock event reason, or held slow while
    they work: GPU -> (since, last reading, temperature, SM clock, utilisation where only
    that tells, else NaN). None until one is."""
    link_quiet_ns: int = 120 * 1_000_000_000
    links: dict[int, LinkErrors] | None = None
    """NVLink error counters per GPU, where DCGM exports them (``hypotheses.nvlink``). None
    until one is."""
    pool_accept_ns: int = 6 * 3600 * 1_000_000_000
    """A smaller KV pool kept this long is the engine's new normal (``hypotheses.kv_pool``)."""
    server_starts: tuple[int, ...] = ()
    """When the serving process started (``process_start``), the latest ``STARTS_KEPT``..."""
    engine_starts: tuple[tuple[int, str], ...] = ()
    """...and when vLLM's engines did (``engine_start``): a crash loop's restarts, each with
    the key of the engine that started (:func:`engine_key`): the servers of a node running one
    per GPU all start at a restart of the node's serving pods, once each."""
    crash_starts: tuple[tuple[int, bool], ...] = ()
    """The server starts (``process_start``) that followed a stop under load
    (:meth:`_stopped_serving`), the latest ``STARTS_KEPT``: (when, whether the node's clients
    must be seen failing too, as a node with vLLM engines must)."""
    failing_ns: tuple[int, ...] = ()
    """When an alert that the node's clients' requests fail (``upstream_failure_alerts``)
    began firing, the latest ``STARTS_KEPT`` (:meth:`note_failing`)."""
    pods: tuple[str, ...] = ()
    """The pods dcgm-exporter names as using the node's GPUs ("namespace/pod"), the latest
    ``PODS_KEPT``: a serving instance spanning nodes is one pod group (:mod:`instances`)."""
    exporter_host: str = ""
    """The host dcgm-exporter's ``Hostname`` label (``hostname`` in some of its versions) names
    on the node's records, as last read ("": none read): where they were collected, whatever
    node name they arrive under."""

    def __post_init__(self) -> None:
        self.host = HostTrack(self.cap)
        self.requests = RequestEvents(self.cap, per_minute=self.per_minute)

    def __setstate__(self, state: dict[str, object]) -> None:
        """Snapshots from before MIG instances were tracked: none yet."""
        self.__dict__.update(state)
        if "mig" not in state:
            self.mig = {}
        if any(isinstance(t, int) for t in self.engine_starts):  # (before engines were told apart)
            self.engine_starts = tuple(t if isinstance(t, tuple) else (t, "") for t in self.engine_starts)
        if self.throttled:  # (before the utilisation was kept: heat's, judged without it)
            self.throttled = {k: (v[0], v[1], v[2], v[3], v[4] if len(v) > 4 else NAN)
                              for k, v in self.throttled.items()}

    def pools(self) -> list[GpuTrack]:
        """The node's framebuffers: each GPU not split into MIG instances, and each instance."""
        if not self.mig:
            return list(self.gpus.values())
        return [g for g in self.gpus.values() if not g.split()] + list(self.mig.values())

    def pool_of(self, rec: SampleRecord) -> tuple[str, GpuTrack | None]:
        """The framebuffer a memory sample is about: its MIG instance where it names one (and
        that instance's id), else its GPU ('')."""
        key = -1 if rec.gpu is None else rec.gpu
        if rec.source == "dcgm" and self.mig:
            inst = mig_instance(rec.labels)
            if inst:
                return inst, self.mig.get((key, inst))
        return "", self.gpus.get(key)

    # -- ingest ------------------------------------------------------------------------
    def ingest(self, rec: SampleRecord | EventRecord) -> None:
        if self.first_ns < 0:
            self.first_ns = rec.ts_ns
        if rec.ts_ns > self.last_ns:
            self.last_ns = rec.ts_ns
        if rec.source == "vllm" and rec.ts_ns > self.vllm_ns:
            self.vllm_ns = rec.ts_ns
        if rec.kind == "sample":
            self._sample(rec)  # type: ignore[arg-type]
        else:
            self._event(rec)  # type: ignore[arg-type]

    def _sample(self, rec: SampleRecord) -> None:
        # JSON writers such as Python's emit NaN and Infinity; a value that is not a number
        # tells nothing and must not poison a counter or a trend.
        if not all(v - v == 0 for v in rec.metrics.values()):
            rec = rec.model_copy(update={"metrics": {k: v for k, v in rec.metrics.items() if v - v == 0}})
        src = rec.source
        if src == "nvml":
            self._nvml(rec)
        elif src == "dcgm":
            self._dcgm(rec)
        elif src == "vllm":
            self._vllm(rec)
        elif src == "host":
            self._host(rec)

    def gpu(self, index: int | None) -> GpuTrack:
        key = -1 if index is None else index
        g = self.gpus.get(key)
        if g is None:
            if len(self.gpus) >= GPUS_KEPT:
                del self.gpus[min(self.gpus, key=lambda k: _heard(self.gpus[k].series()))]
            g = self.gpus[key] = GpuTrack(self.cap)
        return g

    def _busy(self, ts_ns: int, util: float | None) -> None:
        """Note a GPU's utilisation reading: busy readings make up stretches."""
        if util is None or not BUSY_UTIL_PCT <= util < BLANK:
            return
        if ts_ns - self.busy_ns > BUSY_GAP_NS:
            self.busy_since_ns = ts_ns
        if ts_ns > self.busy_ns:
            self.busy_ns = ts_ns

    def _nvml(self, rec: SampleRecord) -> None:
        mt = rec.metrics
        self._busy(rec.ts_ns, mt.get(UTIL[0]))
        used = mt.get("mem_used_bytes")
        total = mt.get("mem_total_bytes")
        if used is None:
            return
        g = self.gpu(rec.gpu)
        if total:
            g.total_mib = total / m.MIB
        # Without mem_total_bytes (a sample may carry any subset), growth is still growth:
        # judge it against a nominal 80 GiB card until a total is known.
        pct = 100.0 * (used / m.MIB) / (g.total_mib or NOMINAL_TOTAL_MIB)
        g.note_nvml(rec.ts_ns, pct)
        g.nvml_pct.observe(rec.ts_ns, pct)
        if not g.nvml_frozen():
            g.used_mib.observe(rec.ts_ns, used / m.MIB)

    def _dcgm(self, rec: SampleRecord) -> None:
        mt = rec.metrics
        self._busy(rec.ts_ns, mt.get(UTIL[1]))
        used = mt.get("DCGM_FI_DEV_FB_USED")
        xid = mt.get("DCGM_FI_DEV_XID_ERRORS")
        g = self.gpu(rec.gpu)
        if xid is not None and 0 < xid < BLANK and int(xid) != g.xid:
            g.note_xid(int(xid), rec.ts_ns)
        if "DCGM_FI_DEV_SM_CLOCK" in mt or CLOCK_REASONS[0] in mt or CLOCK_REASONS[1] in mt:
            self._throttle(rec.gpu, rec.ts_ns, mt)
        if LINK_ERRORS[2] in mt or LINK_ERRORS[0] in mt:
            self._link(rec.gpu, rec.ts_ns, mt)
        labels = rec.labels or NO_LABELS
        host = labels.get("Hostname") or labels.get("hostname")
        if host:
            self.exporter_host = host
        pod = labels.get("pod")
        if pod:
            key = f"{labels.get('namespace', '')}/{pod}"
            if key not in self.pods:
                self.pods = (*self.pods[1 - PODS_KEPT :], key)
        if used is None or used >= BLANK:
            return
        free = mt.get("DCGM_FI_DEV_FB_FREE", 0.0)
        reserved = mt.get("DCGM_FI_DEV_FB_RESERVED", 0.0)
        total = used + (free if free < BLANK else 0.0) + (reserved if reserved < BLANK else 0.0)
        inst = mig_instance(rec.labels)
        if inst:
            index = -1 if rec.gpu is None else rec.gpu
            if not self._mig(index, inst, rec.ts_ns, used, total):
                return
            g.mig_ns = rec.ts_ns
            used, total = self._mig_whole(index, rec.ts_ns)
        elif total > 0:
            g.note_dcgm(100.0 * used / total)  # (an instance's reading, above, is not the GPU's)
            if g.total_mib == 0:
                g.total_mib = total
        if total > 0:
            g.dcgm_pct.observe(rec.ts_ns, 100.0 * used / total)
        if g.nvml_pct.last_ns < rec.ts_ns - 60e9 or g.nvml_frozen():
            g.used_mib.observe(rec.ts_ns, used)

    def _throttle(self, gpu: int | None, ts_ns: int, mt: dict[str, float]) -> None:
        """Is the GPU slowed down? By heat: its clock against the node's highest, its
        temperature, and the clock event reasons where the exporter collects them. Or held
        slow while it works: at ``LOCKED_UTIL_PCT`` utilisation or more, a clock as far below
        the node's highest, however cool (clocks locked by ``nvidia-smi -lgc`` that nobody
        reset, outsider s213: a working GPU runs at its highest clock)."""
        clock = mt.get("DCGM_FI_DEV_SM_CLOCK", NAN)
        temp = mt.get("DCGM_FI_DEV_GPU_TEMP", NAN)
        if clock >= BLANK:
            clock = NAN
        if clock > self.sm_clock_max:
            self.sm_clock_max = clock
        reasons = mt.get(CLOCK_REASONS[0], mt.get(CLOCK_REASONS[1], 0.0))
        forced = 0 < reasons < BLANK and int(reasons) & THERMAL_REASONS
        low = clock <= self.slow_share * self.sm_clock_max
        slow = temp >= self.hot_c and low
        util = mt.get(UTIL[1], NAN)
        held = low and LOCKED_UTIL_PCT <= util < BLANK
        key = -1 if gpu is None else gpu
        if not (slow or forced or held) and self.throttled and key in self.throttled:
            # heat's slowdown goes on while the GPU is still hot and its clock not back
            util_then = self.throttled[key][4]
            slow = util_then != util_then and temp >= self.cooled_c and (
                clock < self.recovered_share * self.sm_clock_max)
        if slow or forced or held:
            if self.throttled is None:
                self.throttled = {}
            since = self.throttled[key][0] if key in self.throttled else ts_ns
            self.throttled[key] = (since, ts_ns, temp, clock, NAN if slow or forced else util)
        elif self.throttled and key in self.throttled:
            del self.throttled[key]

    def _link(self, gpu: int | None, ts_ns: int, mt: dict[str, float]) -> None:
        """The GPU's NVLink error counters, summed: a run of errors goes on while each new one
        comes within ``link_quiet_ns`` of the last."""
        total = sum(v for k in LINK_ERRORS if (v := mt.get(k, 0.0)) < BLANK)
        key = -1 if gpu is None else gpu
        if self.links is None:
            self.links = {}
        t = self.links.get(key)
        if t is None:
            if len(self.links) < GPUS_KEPT:
                self.links[key] = LinkErrors(total)
            return
        t.note(total, ts_ns, self.link_quiet_ns)

    def _mig(self, gpu: int, inst: str, ts_ns: int, used: float, total: float) -> bool:
        """One MIG instance's framebuffer reading; False past the per-node bound of instances."""
        t = self.mig.get((gpu, inst))
        if t is None:
            if len(self.mig) >= MIG_TRACKS_MAX:
                return False
            t = self.mig[(gpu, inst)] = GpuTrack(self.cap)
        if total > 0:
            t.total_mib = total
            t.dcgm_pct.observe(ts_ns, 100.0 * used / total)
        t.used_mib.observe(ts_ns, used)
        return True

    def _mig_whole(self, gpu: int, ts_ns: int) -> tuple[float, float]:
        """The GPU as a whole: used and total MiB summed over its instances read in the last minute."""
        used = total = 0.0
        for (index, _), t in self.mig.items():
            if index == gpu and t.used_mib.last_ns >= ts_ns - MIG_FRESH_NS:
                used += t.used_mib.last_value
                total += t.total_mib
        return used, total

    def _vllm(self, rec: SampleRecord) -> None:
        labels = rec.labels or {}
        key = engine_key(labels, rec.gpu)
        e = self.engines.get(key)
        if e is None:
            if len(self.engines) >= ENGINES_KEPT:
                engines = self.engines
                del engines[min(engines, key=lambda k: _heard((engines[k].kv_pct, engines[k].running)))]
            e = self.engines[key] = EngineTrack(self.cap, per_minute=self.per_minute)
        if e.pool is None and rec.gpu is not None:  # also engines restored from older snapshots
            e.pool = (rec.gpu, mig_instance(labels))
        ts = rec.ts_ns
        # A sample sent shortly before the last one taken in, yet stamped after it: the node's
        # clock stepped back between the two (outsiders s45, s319: chrony flapping between
        # sources 41 s apart). Its counters are older readings than those already counted:
        # taken, they would fall back (a restart, and the whole cumulative value counted again
        # as one tick's increase). Its gauges are read; its counters are left to the next sample.
        older = rec.seq is not None and e.last_seq - REORDERED_SEQS <= rec.seq < e.last_seq
        restarted = False
        for name, value in rec.metrics.items():
            if len(e.seen) < 256:
                e.seen.add(name)
            restarted |= self._vllm_metric(e, name, value, ts, counters=not older)
        if restarted:
            e.restart_ns = ts
            # (a sample whose seq starts over is the agent's restart beside the server's)
            if rec.seq is None or rec.seq > e.last_seq:
                e.restarts = (*e.restarts, ts)[-STARTS_KEPT:]
        if rec.seq is not None and not older:
            e.last_seq = rec.seq

    def _vllm_metric(self, e: EngineTrack, name: str, value: float, ts: int,
                     counters: bool = True) -> bool:
        if name in m.KV_USAGE:
            e.kv_pct.observe(ts, 100.0 * value)
            return False
        if name == m.RUNNING:
            e.running.observe(ts, value)
            if value > 0 and ts > e.served_ns:
                e.served_ns = ts
            return False
        if name == m.WAITING:
            e.waiting.observe(ts, value)
            return False
        key = _counter_key(name)
        if key is None:
            pool = m.cache_pool(name)
            if pool is not None:
                e.note_pool(pool[0], ts, pool[1], self.pool_accept_ns)
                return False
            full = m.unsuffixed(name)
            key = _counter_key(full) if full is not None else None
            if key is None:
                return False
            since, last, _ = e.renamed
            e.renamed = (since if last and ts - last <= RENAMED_HELD_NS else ts, ts, name)
        if not counters or (key not in e.counters and len(e.counters) >= COUNTERS_KEPT):
            return False  # an older reading, or one more free-form finished_reason past the bound
        return e.counter(key).observe(value) and key not in _NOT_RESTARTS

    def _host(self, rec: SampleRecord) -> None:
        mt = rec.metrics
        h = self.host
        total = mt.get("mem_total_bytes")
        rss = mt.get("proc_rss_bytes")
        if total and rss is not None and rss > total:
            # a process holding more than the host has: the memory view read is not the host's
            # (an agent given a container's /proc/meminfo, outsider s204); nothing of it is used
            going_on = h.mismatch[1] and rec.ts_ns - h.mismatch[1] <= MISMATCH_HELD_NS
            since = h.mismatch[0] if going_on else rec.ts_ns
            h.mismatch = (since, rec.ts_ns, total, rss)
            return
        if total:
            h.total_bytes = total
        if h.total_bytes <= 0:
            return
        used = mt.get("mem_used_bytes")
        if used is not None:
            h.mem_pct.observe(rec.ts_ns, 100.0 * used / h.total_bytes)
        if rss is not None:
            h.rss_pct.observe(rec.ts_ns, 100.0 * rss / h.total_bytes)
        swap = mt.get("swap_used_bytes")
        if swap is not None:
            h.swap_gib.observe(rec.ts_ns, swap / (1 << 30))

    def _event(self, rec: EventRecord) -> None:
        name = rec.event
        attrs = rec.attrs
        if name == "request_finished":
            self._request(rec)
        elif name == "kv_block_stored":
            self.requests.stored.add(_num(attrs.get("count"), 1.0))
        elif name == "kv_block_removed":
            self.requests.removed.add(_num(attrs.get("count"), 1.0))
        elif name == "kv_all_cleared":
            self.requests.cleared_ns = rec.ts_ns
        elif name == "engine_start":
            self.requests.new_run()
            self.engine_start_ns = rec.ts_ns
            key = engine_key({"engine": str(attrs.get("engine", ""))} if "engine" in attrs else {}, rec.gpu)
            self.engine_starts = (*self.engine_starts, (rec.ts_ns, key))[-STARTS_KEPT:]
        elif name in ("process_start", "oom_kill"):
            if self._watches(attrs.get("process")):
                return  # an exporter crash-looping is not the server's doing
            if name == "process_start":
                if self._beside(attrs.get("process")):
                    return  # a proxy restarting beside the server is no server start
                self.requests.new_run()
                self.host.mark_start(5 * self.per_minute)
                self.host.start_ns = rec.ts_ns
                self.server_starts = (*self.server_starts, rec.ts_ns)[-STARTS_KEPT:]
                if self._stopped_serving(rec.ts_ns):
                    self.crash_starts = (*self.crash_starts, (rec.ts_ns, bool(self.engines)))[-STARTS_KEPT:]
            else:
                self.host.oom_ns.append(rec.ts_ns)
        elif name == "xid":
            g = self.gpu(rec.gpu)
            xid = _num(attrs.get("xid"), 0.0)
            if 0 < xid < BLANK:
                g.note_xid(int(xid), rec.ts_ns)
        elif name == "gpu_lost":
            self.gpu(rec.gpu).lost_ns = rec.ts_ns
        else:
            self.unknown_events += 1

    def note_failing(self, ts_ns: int) -> None:
        """An alert that the node's clients' requests fail began firing at ``ts_ns``."""
        self.failing_ns = (*self.failing_ns, ts_ns)[-STARTS_KEPT:]

    def _stopped_serving(self, start_ns: int) -> bool:
        """Whether the server starting at ``start_ns`` stopped while it served: an engine's
        last reading before the start, ``CRASH_QUIET_NS`` to ``CRASH_SEEN_NS`` before it (its
        server down in between), had requests running. A node without vLLM engines cannot
        show a drain, so its starts count (a worker of an instance spanning nodes dies with its
        leader)."""
        if not self.engines:
            return True
        return any(e.running.last_value > 0
                   and CRASH_QUIET_NS <= start_ns - e.running.last_ns <= CRASH_SEEN_NS
                   for e in self.engines.values())

    def _watches(self, process: object) -> bool:
        """Whether ``process`` watches the node rather than serves it (``monitoring``)."""
        return _named(self.monitoring, process)

    def _beside(self, process: object) -> bool:
        """Whether ``process`` runs beside the server rather than serves (``sidecars``)."""
        return _named(self.sidecars, process)

    def _request(self, rec: EventRecord) -> None:
        a = rec.attrs
        r = self.requests
        r.finished.add()
        reason = a.get("finish_reason")
        if reason == "abort":
            r.aborts.add()
        elif reason == "error":
            r.errors.add()
        prompt = _num(a.get("prompt_tokens"), -1.0)
        if not 0.0 <= prompt < 1e12:
            prompt = -1.0
        r.prompt_tokens.add(max(prompt, 0.0))
        answer = _num(a.get("generation_tokens"), -1.0)
        r.answered(reason, answer, prompt)
        tenant = a.get("tenant")
        if isinstance(tenant, str) and tenant and reason in ("stop", "length", "error"):
            r.tenant_outcome(tenant, rec.ts_ns, reason == "error")
        if prompt >= self.large_prompt:
            r.large_prompt_tokens.add(prompt)
        if _num(a.get("spec_draft_tokens"), 0.0) > 0:
            r.spec.add()
        session = a.get("session")
        if isinstance(session, str) and session:
            tenant = a.get("tenant")
            done = reason in ("stop", "length") and prompt >= 0
            answer = _num(a.get("generation_tokens"), 0.0)
            context = int(prompt + answer) if done and 0.0 <= answer < 1e12 else 0
            self.sessions.observe(session, tenant if isinstance(tenant, str) else "", rec.ts_ns,
                                  int(prompt), context, large=prompt >= self.large_prompt)

    # -- ticks -------------------------------------------------------------------------
    def close_tick(self, tick_end_ns: int, stale_ns: int) -> None:
        for g in self.gpus.values():
            for s in g.series():
                s.close_tick(tick_end_ns, stale_ns)
        for g in self.mig.values():
            for s in g.series():
                s.close_tick(tick_end_ns, stale_ns)
        for e in self.engines.values():
            e.kv_pct.close_tick(tick_end_ns, stale_ns)
            e.running.close_tick(tick_end_ns, stale_ns)
            e.waiting.close_tick(tick_end_ns, stale_ns)
            for c in e.counters.values():
                c.close_tick(tick_end_ns)
            e.close_minutes()
        h = self.host
        for s in (h.mem_pct, h.rss_pct, h.swap_gib):
            s.close_tick(tick_end_ns, stale_ns)
        for ec in self.requests.counts():
            ec.close_tick(tick_end_ns)
        self.requests.close_minutes()
        self.sessions.expire(tick_end_ns)


def _heard(series: tuple[Series, ...]) -> int:
    """When any of these series last had a reading."""
    return max(s.last_ns for s in series)


def _highest(values: list[float]) -> float:
    """The highest known value (NaN where none is known)."""
    known = [v for v in values if v == v]
    return max(known) if known else NAN


def _num(value: object, default: float) -> float:
    """A finite number from an event attribute, else ``default`` (attributes are free-form:
    a string, a boolean, NaN, an infinity or an integer beyond a float's range tells nothing)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return default
    try:
        x = float(value)
    except OverflowError:
        return default
    return x if x - x == 0 else default


RENAMED_HELD_NS = 120 * 1_000_000_000
"""Counters seen renamed within this long of each other are one stretch of renamed readings."""

_COUNTERS = frozenset(
    (m.PREEMPTIONS, m.PROMPT_TOKENS, m.GENERATION_TOKENS, *m.PREFIX_QUERIES, *m.PREFIX_HITS,
     *m.SPEC_DRAFTS, m.SPEC_ACCEPTED_TOKENS, m.TTFT_SUM, m.TTFT_COUNT)
)
_NOT_RESTARTS = frozenset((m.TTFT_SUM, m.TTFT_COUNT))
"""Counters kept whose fall-back is not taken for a restart: the first-token latency's sum and
count (:mod:`correlator.core.latency`). A restart is judged, as before they were kept, on the
engine's own counters."""


def _counter_key(name: str) -> str | None:
    """The counter a vLLM series feeds: its own name, or ``finished_<reason>``; None if unused."""
    if name in _COUNTERS:
        return name
    reason = m.finished_reason(name)
    if reason is None:
        status = m.http_status(name)
        return f"{HTTP_PREFIX}{status}xx:{name}" if status else None
    return f"finished_{reason}"


def _named(pattern: str, process: object) -> bool:
    """Whether an event's ``process`` matches ``pattern`` (an empty pattern matches nothing)."""
    return bool(pattern) and isinstance(process, str) and re.search(pattern, process) is not None
