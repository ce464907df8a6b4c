"""Benign explanations: legitimate behaviour that looks like a fault and must not page.

Each explanation names the signals it accounts for. A hypothesis whose signature rests on an
explained signal is discounted while the explanation holds; an alert group on a node with an
active explanation is not escalated.
"""

from __future__ import annotations

from dataclasses import dataclass

from correlator.config.model import Benign
from correlator.core.features import GpuView, NodeFeatures, large_documents


@dataclass(frozen=True, slots=True)
class Explanation:
    name: str
    explains: frozenset[str]
    detail: str


KV = "kv_growth"
GPU = "gpu_growth"
HOST = "host_growth"
ABORTS = "aborts"
KV_HIGH = "kv_high"
LENGTH = "length_limited"

POOL_ALLOCATED_PCT = 50.0


def explain(f: NodeFeatures, cfg: Benign) -> list[Explanation]:
    """Every benign explanation that holds for the node at this tick."""
    found = [
        _warmup(f, cfg),
        _checkpoint_load(f, cfg),
        _long_document(f, cfg),
        _annual_report(f, cfg),
        _retry_burst(f, cfg),
        _context_growth(f, cfg),
        _longer_generations(f, cfg),
        _load_test(f, cfg),
    ]
    return [e for e in found if e is not None]


def _warmup(f: NodeFeatures, cfg: Benign) -> Explanation | None:
    """An engine (re)start: weights load, the pool is allocated, the cache refills cold.

    Known from a start event or a counter reset, from telemetry resuming after a gap, or seen
    in the framebuffer itself: GPUs that were mostly empty a few minutes ago and now hold an
    allocated pool have just loaded a model. The framebuffer settles within ``warmup_s``; the
    KV cache refills for longer (``kv_refill_s``).
    """
    since = min(f.since_start_s, f.since_resume_s)
    if f.kv is not None:
        since = min(since, f.kv.since_restart_s)
    gpu = f.gpu
    loaded = gpu is not None and gpu.level.low_recent < POOL_ALLOCATED_PCT and (
        gpu.level.now >= 80.0 or gpu.level.trend.slope > 20.0)
    explains = set()
    if since <= cfg.warmup_s or loaded:
        explains.add(GPU)
    if since <= cfg.kv_refill_s or loaded:
        explains.add(KV)
    if f.since_start_s <= cfg.warmup_s and not f.oom_recent:
        # A starting server loads its weights and libraries into host memory; one that the
        # OOM killer just took and that grows again is not loading.
        explains.add(HOST)
    if not explains:
        return None
    if since <= cfg.kv_refill_s:
        why = (f"telemetry resumed {since:.0f} s ago" if since == f.since_resume_s
               else f"engine started {since:.0f} s ago")
    else:
        why = "framebuffer was mostly empty minutes ago: model loading"
    return Explanation("warmup", frozenset(explains), why)


def _checkpoint_load(f: NodeFeatures, cfg: Benign) -> Explanation | None:
    """A weight/adapter load: a step in framebuffer use, not a ramp. On a node with a server
    per GPU, the step of one GPU (a job loading onto it beside its server) is a fraction of
    the node's mean: its own framebuffer shows it. The checkpoint is read through the host's
    memory (page cache, pinned staging buffers), which climbs in the same minutes (outsider
    s146: a load on a node whose server exports no vLLM series read as a monitoring gap's
    symptom)."""
    gpu = f.gpu
    if gpu is None:
        return None
    if _spike(gpu, cfg):
        return Explanation("checkpoint_load", frozenset({GPU, HOST}),
                           f"framebuffer jumped {gpu.level.step:.1f} pp within a minute")
    stepped = [p for p in f.pools if _spike(p.gpu, cfg)]
    if not stepped:
        if gpu.gpu_step_mib >= cfg.checkpoint_spike_mib:  # one GPU of a server spanning several
            return Explanation("checkpoint_load", frozenset({GPU, HOST}),
                               f"framebuffer of one GPU jumped {gpu.gpu_step_mib:.0f} MiB within a minute")
        return None
    p = max(stepped, key=lambda q: q.gpu.level.step)
    return Explanation("checkpoint_load", frozenset({GPU, HOST}),
                       f"framebuffer of {p.where} jumped {p.gpu.level.step:.1f} pp within a minute")


def _spike(gpu: GpuView, cfg: Benign) -> bool:
    """Whether the framebuffer's step is a checkpoint's, in points or in MiB per GPU."""
    step = gpu.level.step
    return step >= cfg.checkpoint_spike_pct or step * gpu.total_mib / 100.0 >= cfg.checkpoint_spike_mib


def _long_document(f: NodeFeatures, cfg: Benign) -> Explanation | None:
    """Large prompts or rising load hold KV legitimately and release it when they finish."""
    kv = f.kv
    if kv is None:
        return None
    big_prompts = large_documents(f.rates.prompt_tokens_per_request, 0.0, f.rates, cfg)
    run = kv.running
    load_driven = run.known and run.tau >= 0.6 and kv.running_now > 1.5 * max(kv.running_median, 1.0)
    if not (big_prompts or load_driven):
        return None
    why = (f"{f.rates.prompt_tokens_per_request:.0f} prompt tokens per request" if big_prompts
           else f"running requests {kv.running_now:.0f} against a usual {kv.running_median:.0f}")
    return Explanation("long_document", frozenset({KV, KV_HIGH}), why)


def _annual_report(f: NodeFeatures, cfg: Benign) -> Explanation | None:
    """Long, active sessions holding a steady KV footprint."""
    s = f.sessions
    if f.kv is None or s.max_lifetime_s < cfg.long_session_s:
        return None
    detail = f"sessions up to {s.max_lifetime_s / 60:.0f} min long, {s.max_turns} turns"
    return Explanation("annual_report", frozenset({KV_HIGH}), detail)


def _retry_burst(f: NodeFeatures, cfg: Benign) -> Explanation | None:
    """A short spike of aborts/errors without memory growth: clients retrying."""
    r = f.rates
    if r.burst_ticks == 0 or r.burst_ticks * f.tick_s > cfg.retry_burst_max_s:
        return None
    gpu = f.gpu
    if gpu is not None and gpu.level.trend.known and gpu.level.trend.tau > 0.7:
        return None
    return Explanation("retry_burst", frozenset({ABORTS}),
                       f"abort burst over {r.burst_ticks} ticks, no memory growth")


def _context_growth(f: NodeFeatures, cfg: Benign) -> Explanation | None:
    """Conversations grew longer: each request carries more of its conversation (a client
    that stopped truncating the history, users going deeper), and the prefix cache finds
    more of every prompt, since each turn resends what the last one left cached. The pool
    holds the longer live contexts; KV grows with them and levels off where they do. A leak
    holds blocks nobody reads again and crowds cached prefixes out: the hit rate falls.
    On a node of several engines, judged on the one whose pool the KV view judges (a report's
    conversation on one of a node's eight ranks); else over the node's counters."""
    r = f.rates  # (a comparison with an unknown, NaN, rate is false)
    if f.kv is None:
        return None
    node = (r.prefix_hit_rate, r.usual_prefix_hit_rate, r.prompt_tokens_per_request,
            r.usual_prompt_per_request)
    # (on a node of several servers, the one judged: the node's share, summed over all, is
    # raised by a report on one server as much as a leak on another is hidden, outsider s262)
    ctx = r.engine_context
    where, (hits, usual, prompt, usual_prompt) = (f"engine {f.kv.engine}: ", ctx) if ctx[0] == ctx[0] \
        else ("", node)
    explains = frozenset({KV})
    if not deeper_conversations(hits, usual, prompt, usual_prompt, cfg):
        if r.passed_over is None:
            return None
        # (another server's deeper conversations: its KV alerts explained, not this pool's growth)
        where, (hits, usual, prompt, usual_prompt) = f"engine {r.passed_over[0]}: ", r.passed_over[1]
        explains = frozenset({KV_HIGH})
    detail = (f"{where}{prompt:.0f} prompt tokens per request against a usual "
              f"{usual_prompt:.0f}, {100 * hits:.0f} % of them cached against a usual "
              f"{100 * usual:.0f} %")
    return Explanation("context_growth", explains, detail)


def deeper_conversations(hits: float, usual: float, prompt: float, usual_prompt: float,
                         cfg: Benign) -> bool:
    """Whether a prefix-cache hit share and prompt tokens per request, against their usual,
    tell of deeper conversations (NaN anywhere: no)."""
    # a share of cached prompt tokens risen this far, in points or by this factor, is deeper
    # conversations on its own (the longer sessions among the usual short requests leave the
    # mean prompt near its usual: outsider s220's report desk, s272's annual report); prompts
    # must only be no shorter than usual
    by_factor = hits >= cfg.context_growth_hit_far_ratio * max(usual, cfg.context_growth_usual_floor) and (
        hits >= usual + cfg.context_growth_hit_min_rise)
    cached = hits >= usual + cfg.context_growth_hit_rise or by_factor
    far = hits >= usual + cfg.context_growth_hit_far or by_factor
    ratio = 1.0 if far else cfg.context_growth_prompt_ratio
    return cached and prompt >= ratio * usual_prompt > 0


def _longer_generations(f: NodeFeatures, cfg: Benign) -> Explanation | None:
    """Each request generates several times what the node's requests usually do (a reasoning
    mode, longer answers, a runaway without its stop sequence): each holds its KV that much
    longer, so the pool fills at the same arrivals. Load, not blocks nobody releases."""
    r = f.rates
    if f.kv is None or not (r.generated_per_request >= cfg.longer_generation_ratio
                            * r.usual_generated_per_request > 0):
        return None
    detail = (f"{r.generated_per_request:.0f} tokens generated per request against a usual "
              f"{r.usual_generated_per_request:.0f}")
    return Explanation("longer_generations", frozenset({KV, KV_HIGH}), detail)


def _load_test(f: NodeFeatures, cfg: Benign) -> Explanation | None:
    """A load test on the node (``vllm bench serve`` and its kind, often on a node taken out
    of rotation): random prompts with a fixed output length and end-of-sequence ignored, so
    nearly every request ends at its length limit, like requests that lost their stop
    sequence, and the pool fills with them. But random prompts share no prefix: the prefix
    cache, which found part of every production prompt in the minutes before more requests
    ran to their limit (:attr:`Rates.usual_length_hit_rate`, known only while they do),
    finds next to nothing. A stop sequence lost in production changes the answers, not the
    prompts."""
    r = f.rates
    before = r.usual_length_hit_rate
    if f.kv is None or not (before >= cfg.load_test_min_hits  # (known only while more end there)
                            and r.prefix_hit_rate <= cfg.load_test_hit_share * before):
        return None
    detail = (f"{100 * r.length_share:.0f} % of requests end at their length limit while the prefix "
              f"cache finds {100 * r.prefix_hit_rate:.0f} % of prompt tokens against "
              f"{100 * before:.0f} % before: random prompts, a load test")
    return Explanation("load_test", frozenset({KV, KV_HIGH, LENGTH}), detail)


def explained(expl: list[Explanation], signal: str) -> Explanation | None:
    return next((e for e in expl if signal in e.explains), None)
