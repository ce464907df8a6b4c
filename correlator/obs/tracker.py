"""What a node's records say about its KV cache and requests beyond the core's own state (pure).

The core keeps what its hypotheses need; the dashboards want a little more. A
:class:`FleetTracker` is fed the same records (``observe``) and keeps, per node and bounded:

- the KV pool's size, from the ``num_gpu_blocks`` / ``block_size`` labels the agent copies
  from vLLM's ``cache_config_info`` onto its samples;
- cumulative token and request counts, from vLLM's counters (a drop is a restart: the new
  value is the increase since);
- what one recomputed prompt token costs the request waiting for it: the increase of
  ``vllm:time_to_first_token_seconds_sum`` over the increase of uncached prompt tokens
  (prompt tokens less prefix-cache hits), smoothed. TTFT includes queueing, so this is an
  upper bound of the prefill time per token;
- sessions from ``request_finished`` events (tenant, context length, first and last turn);
  a turn that continues a session re-asks for the context it built before: what the prefix
  cache did not return of it (beyond the last, partial block, which vLLM never caches) was
  rebuilt. A turn whose prompt is shorter than the session's previous context (and that does
  not follow an interrupted turn, which the client retries) starts a new conversation under a
  reused id, and the previous context is orphaned: nothing can reach it
  again, and an isolation defect never frees it;
- per GPU, the framebuffer's baseline after warm-up (median of the first 5 minute means) and
  its level now (median of the last 3), and the requests interrupted since, for the
  speculative-decoding residue.

Time is the records' event time; nothing here reads a clock.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from dataclasses import dataclass, field

from correlator.core import metrics as m
from correlator.core.nodestate import (
    COUNTERS_KEPT,
    ENGINES_KEPT,
    GPUS_KEPT,
    MIG_TRACKS_MAX,
    engine_key,
    mig_instance,
)
from correlator.core.sessions import TENANTS_KEPT
from correlator.obs.histogram import Histogram
from correlator.wire.records import EventRecord, Record, SampleRecord

NS = 1_000_000_000
MINUTE_NS = 60 * NS
BASELINE_MINUTES = 5
REBUILD_BUCKETS_S = (0.005, 0.01, 0.025, 0.05, 0.1)
"""The write-up's ``kv_cache_rebuild_ms`` buckets (5, 10, 25, 50, 100 ms), in seconds."""
LIFETIME_BUCKETS_S = (30.0, 60.0, 120.0, 300.0, 600.0, 1200.0, 2700.0, 3600.0)
DEFAULT_BLOCK_TOKENS = 16
SESSION_IDLE_S = 300.0
"""A session with no turn for this long has ended (the write-up's 5-minute idle cleanup)."""
MAX_TENANTS = 64
OTHER_TENANT = "_other"
TTFT_SUM = "vllm:time_to_first_token_seconds_sum"
DRAFT_TOKENS = "vllm:spec_decode_num_draft_tokens_total"
ACCEPTED_TOKENS = "vllm:spec_decode_num_accepted_tokens_total"
_TOKEN_COUNTERS = frozenset((m.PROMPT_TOKENS, m.GENERATION_TOKENS, *m.PREFIX_HITS, DRAFT_TOKENS,
                             ACCEPTED_TOKENS, TTFT_SUM))
MIB = 1 << 20


@dataclass(slots=True)
class _Session:
    tenant: str
    context: float
    first_ns: int
    last_ns: int
    request: str = ""
    aborted: bool = False


@dataclass(slots=True)
class _Gpu:
    """Framebuffer use as minute means (allocator jitter of tens of MiB averages out): the
    baseline is the median of the first minutes after warm-up, the level the median of the
    last few."""

    minute: int = -1
    acc: float = 0.0
    n: int = 0
    first: list[float] = field(default_factory=list)
    recent: deque[float] = field(default_factory=lambda: deque(maxlen=3))
    from_nvml: bool = False

    def observe(self, ts_ns: int, used: float, floor_from_ns: int) -> None:
        minute = ts_ns // MINUTE_NS
        if minute != self.minute and self.n:
            if self.minute * MINUTE_NS >= floor_from_ns:
                mean = self.acc / self.n
                if len(self.first) < BASELINE_MINUTES:
                    self.first.append(mean)
                self.recent.append(mean)
            self.acc, self.n = 0.0, 0
        if minute >= self.minute:
            self.minute = minute
            self.acc += used
            self.n += 1

    def rise(self) -> float:
        """Bytes above the baseline; 0 until the baseline is complete."""
        if len(self.first) < BASELINE_MINUTES or not self.recent:
            return 0.0
        return max(_median(list(self.recent)) - _median(self.first), 0.0)

    def reset(self) -> None:
        self.first.clear()
        self.recent.clear()


@dataclass
class NodeTracker:
    """One node's figures; see the module's docstring."""

    max_sessions: int = 512
    warmup_ns: int = 600 * NS
    last_ns: int = 0
    pool_blocks: dict[str, int] = field(default_factory=dict)
    block_tokens: int = DEFAULT_BLOCK_TOKENS
    tokens: dict[str, float] = field(default_factory=dict)
    """Cumulative: ``prefill`` (prompt tokens computed), ``cached`` (served by the prefix
    cache), ``generation``, ``draft_rejected``, ``requeried`` (context a turn asked for again),
    ``rebuilt`` (of which recomputed)."""
    requests: dict[str, float] = field(default_factory=dict)
    """Cumulative finished requests by reason (``abort`` = interrupted)."""
    turns: dict[str, float] = field(default_factory=dict)
    reuses: dict[str, float] = field(default_factory=dict)
    orphaned_blocks: dict[str, float] = field(default_factory=dict)
    """Blocks of contexts orphaned under reused session ids, per tenant, since the engine
    (re)started or its cache was cleared."""
    collisions: float = 0.0
    seconds_per_token: float = -1.0
    rebuild: Histogram = field(default_factory=lambda: Histogram(REBUILD_BUCKETS_S))
    lifetimes: dict[str, Histogram] = field(default_factory=dict)
    spec_active: bool = False
    gpus: dict[int | str, _Gpu] = field(default_factory=dict)
    """Per GPU index, and per ``"GPU/instance"`` for MIG instances read from DCGM."""
    floor_from_ns: int = -1
    interrupts_since_floor: float = 0.0
    _raw: dict[tuple[str, str], tuple[float, int]] = field(default_factory=dict)
    _sessions: OrderedDict[str, _Session] = field(default_factory=OrderedDict)
    _counted_requests: bool = False

    # -- input -----------------------------------------------------------------------------
    def observe(self, rec: Record) -> None:
        if rec.ts_ns > self.last_ns:
            self.last_ns = rec.ts_ns
        if self.floor_from_ns < 0:
            self.floor_from_ns = rec.ts_ns
        if rec.kind == "sample":
            self._sample(rec)  # type: ignore[arg-type]
        elif rec.kind == "event":
            self._event(rec)  # type: ignore[arg-type]

    def _sample(self, rec: SampleRecord) -> None:
        src = rec.source
        if src == "vllm":
            self._vllm(rec)
        elif src == "nvml":
            used = rec.metrics.get("mem_used_bytes")
            if used is not None:
                self._framebuffer(rec, used, nvml=True)
        elif src == "dcgm":
            used = rec.metrics.get("DCGM_FI_DEV_FB_USED")
            if used is not None and used < 9.2e18:
                self._framebuffer(rec, used * MIB, nvml=False)

    def _vllm(self, rec: SampleRecord) -> None:
        labels = rec.labels or {}
        engine = engine_key(labels, rec.gpu)
        blocks = _int(labels.get("num_gpu_blocks"))
        if blocks > 0 and (engine in self.pool_blocks or len(self.pool_blocks) < ENGINES_KEPT):
            self.pool_blocks[engine] = blocks
        size = _int(labels.get("block_size"))
        if size > 0:
            self.block_tokens = size
        inc: dict[str, float] = {}
        for name, value in rec.metrics.items():
            reason = m.finished_reason(name)
            if reason is not None:
                self._counted_requests = True
                d = self._increase(engine, name, value, rec.ts_ns)
                self._add(self.requests, reason, d)
                if reason == "abort" and rec.ts_ns >= self.floor_from_ns:
                    self.interrupts_since_floor += d
            elif name in _TOKEN_COUNTERS:
                key = "hits" if name in m.PREFIX_HITS else name
                inc[key] = self._increase(engine, name, value, rec.ts_ns)
        self._tokens(inc)

    def _tokens(self, inc: dict[str, float]) -> None:
        prompt = inc.get(m.PROMPT_TOKENS, 0.0)
        hits = min(inc.get("hits", 0.0), prompt) if prompt else inc.get("hits", 0.0)
        t = self.tokens
        self._add(t, "prefill", max(prompt - hits, 0.0))
        self._add(t, "cached", hits)
        self._add(t, "generation", inc.get(m.GENERATION_TOKENS, 0.0))
        drafts = inc.get(DRAFT_TOKENS, 0.0)
        if drafts > 0:
            self.spec_active = True
        self._add(t, "draft_rejected", max(drafts - inc.get(ACCEPTED_TOKENS, 0.0), 0.0))
        ttft, uncached = inc.get(TTFT_SUM, 0.0), prompt - hits
        if ttft > 0 and uncached > 0:
            x = ttft / uncached
            self.seconds_per_token = x if self.seconds_per_token < 0 else (
                0.8 * self.seconds_per_token + 0.2 * x)

    def _increase(self, engine: str, name: str, value: float, ts_ns: int) -> float:
        """Increase since the last reading; a lower value read later is a restart, one read
        earlier (a record that came out of order) is ignored."""
        key = (engine, name)
        last = self._raw.get(key)
        if last is not None and ts_ns < last[1]:
            return 0.0
        if last is None and len(self._raw) >= ENGINES_KEPT * COUNTERS_KEPT:
            return 0.0  # made-up engines or finished_reasons past the node's bound
        self._raw[key] = (value, ts_ns)
        if last is None:
            return 0.0
        return value - last[0] if value >= last[0] else value

    def _framebuffer(self, rec: SampleRecord, used: float, nvml: bool) -> None:
        index = -1 if rec.gpu is None else rec.gpu
        key: int | str = index
        inst = "" if nvml else mig_instance(rec.labels)
        if inst:  # a MIG instance: a framebuffer of its own, unless NVML reports the whole GPU
            whole = self.gpus.get(index)
            if whole is not None and whole.from_nvml:
                return
            key = f"{index}/{inst}"
        g = self.gpus.get(key)
        if g is None:
            if len(self.gpus) >= GPUS_KEPT + MIG_TRACKS_MAX:
                return  # made-up indices or instances past the node's bound
            g = self.gpus[key] = _Gpu()
        if g.from_nvml and not nvml:
            return  # NVML reports this GPU: DCGM measures the same framebuffer
        g.from_nvml |= nvml
        g.observe(rec.ts_ns, used, self.floor_from_ns)

    def _event(self, rec: EventRecord) -> None:
        name = rec.event
        if name == "request_finished":
            self._request(rec)
        elif name in ("engine_start", "process_start", "kv_all_cleared"):
            self.orphaned_blocks.clear()
            if name != "kv_all_cleared":
                self._restart(rec.ts_ns)

    def _restart(self, ts_ns: int) -> None:
        """A new engine: the framebuffer settles after warm-up; residue counts from there."""
        self.floor_from_ns = ts_ns + self.warmup_ns
        self.interrupts_since_floor = 0.0
        for g in self.gpus.values():
            g.reset()

    def _request(self, rec: EventRecord) -> None:
        a = rec.attrs
        reason = a.get("finish_reason")
        if not self._counted_requests and isinstance(reason, str):
            self._add(self.requests, reason, 1.0)
            if reason == "abort" and rec.ts_ns >= self.floor_from_ns:
                self.interrupts_since_floor += 1.0
        if _num(a.get("spec_draft_tokens")) > 0:
            self.spec_active = True
        session = a.get("session")
        if not isinstance(session, str) or not session:
            return
        tenant = self._tenant(a.get("tenant"))
        prompt = _num(a.get("prompt_tokens"))
        # an interrupted answer is discarded: the next turn does not carry it
        context = prompt + (0.0 if reason == "abort" else _num(a.get("generation_tokens")))
        request = str(a.get("request_id") or "")
        self._expire(rec.ts_ns)
        s = self._sessions.get(session)
        if s is not None and request and request == s.request:
            return  # the same event twice (an agent's resend)
        self._add(self.turns, tenant, 1.0)
        if s is None:
            self._open(session, _Session(tenant, context, rec.ts_ns, rec.ts_ns, request, reason == "abort"))
            return
        self._sessions.move_to_end(session)
        s.request = request
        if tenant != s.tenant and tenant and s.tenant:
            self.collisions += 1.0
        if prompt < s.context and not s.aborted:
            self._add(self.reuses, s.tenant, 1.0)
            self._add(self.orphaned_blocks, s.tenant, self._blocks(s.context))
            self._lifetime(s)
            s.first_ns = rec.ts_ns
        else:
            self._rebuilt(min(s.context, prompt), _num(a.get("cached_tokens")))
        s.context, s.last_ns, s.tenant = context, max(s.last_ns, rec.ts_ns), tenant or s.tenant
        s.aborted = reason == "abort"

    def _rebuilt(self, requeried: float, cached: float) -> None:
        self._add(self.tokens, "requeried", requeried)
        missed = requeried - cached
        if missed < self.block_tokens:
            return  # only the last, partial block: vLLM never caches it
        self._add(self.tokens, "rebuilt", missed)
        if self.seconds_per_token > 0:
            self.rebuild.observe(missed * self.seconds_per_token)

    def _open(self, session: str, s: _Session) -> None:
        self._sessions[session] = s
        if len(self._sessions) > self.max_sessions:
            _, oldest = self._sessions.popitem(last=False)
            self._lifetime(oldest)

    def _expire(self, now_ns: int) -> None:
        idle_ns = int(SESSION_IDLE_S * NS)
        while self._sessions:
            key, oldest = next(iter(self._sessions.items()))
            if now_ns - oldest.last_ns <= idle_ns:
                return
            del self._sessions[key]
            self._lifetime(oldest)

    def _lifetime(self, s: _Session) -> None:
        h = self.lifetimes.get(s.tenant)
        if h is None:
            h = self.lifetimes[s.tenant] = Histogram(LIFETIME_BUCKETS_S)
        h.observe((s.last_ns - s.first_ns) / NS)

    def _tenant(self, value: object) -> str:
        if not isinstance(value, str):
            return ""
        if value in self.turns or len(self.turns) < MAX_TENANTS:
            return value
        return OTHER_TENANT

    def _blocks(self, tokens: float) -> float:
        return float(-(-int(tokens) // self.block_tokens))

    @staticmethod
    def _add(d: dict[str, float], key: str, value: float) -> None:
        if value and (key in d or len(d) < TENANTS_KEPT):  # reasons and tenants are free-form
            d[key] = d.get(key, 0.0) + value

    # -- figures ---------------------------------------------------------------------------
    def active_sessions(self) -> int:
        return len(self._sessions)

    def residue_bytes(self, per_interrupt_mb: float) -> float:
        """Framebuffer growth since warm-up that interrupted requests account for, summed over
        GPUs: per GPU the smaller of its rise above its baseline and interrupts x residue. Zero
        without speculative decoding (no draft state to leave behind) or during warm-up."""
        if not self.spec_active or self.last_ns < self.floor_from_ns:
            return 0.0
        cap = self.interrupts_since_floor * per_interrupt_mb * 1e6
        return sum(min(g.rise(), cap) for g in self.gpus.values())


@dataclass
class FleetTracker:
    """Node trackers, bounded: nodes silent for ``node_ttl_ns`` of event time are forgotten,
    and beyond ``max_nodes`` the least recently heard goes first."""

    node_ttl_ns: int = 3600 * NS
    max_nodes: int = 20_000
    warmup_ns: int = 600 * NS
    nodes: OrderedDict[str, NodeTracker] = field(default_factory=OrderedDict)
    max_ns: int = 0

    def observe(self, rec: Record) -> None:
        if rec.kind == "alert":
            return
        n = self.nodes.get(rec.node)
        if n is None:
            n = self.nodes[rec.node] = NodeTracker(warmup_ns=self.warmup_ns)
            if len(self.nodes) > self.max_nodes:
                self.nodes.popitem(last=False)
        elif n.last_ns < rec.ts_ns:
            self.nodes.move_to_end(rec.node)
        n.observe(rec)
        if rec.ts_ns > self.max_ns:
            self.max_ns = rec.ts_ns

    def observe_many(self, records: list[Record]) -> None:
        for rec in records:
            self.observe(rec)
        self.expire(self.max_ns)

    def expire(self, now_ns: int) -> None:
        while self.nodes:
            name, oldest = next(iter(self.nodes.items()))
            if now_ns - oldest.last_ns <= self.node_ttl_ns:
                return
            del self.nodes[name]


def _int(value: str | None) -> int:
    try:
        return int(value) if value is not None else 0
    except ValueError:
        return 0


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def _num(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 0.0
    return float(value)
