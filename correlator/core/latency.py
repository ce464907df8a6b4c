"""First tokens delayed while the engine's work holds: a host-side hold-up before the engine.

vLLM's time-to-first-token histogram counts from a request's arrival at the server to its first
token. Its mean per window is the histogram's sum over its count. Where that mean has risen
several-fold while the engine runs as many requests as before, generates as many tokens a
minute, queues no more, and its prompts are no longer or less cached than before, the wait
is not the engine's work: the requests wait before they reach it (outsider s236: the request
log's writes to a saturated disk blocking the API server's event loop half of each second).
The look-alikes each change one of those: a burst of load runs and queues more, long
documents or a prefix-cache collapse bring more prompt tokens to prefill, a weight reload
queues them, and a full KV pool preempts.

>>> from correlator.core.series import Series
>>> def ring(values):
...     s = Series(len(values))
...     for v in values:
...         s.push(v)
...     return s
>>> minute_means(ring([0.3] * 60), ring([2.0] * 60), 30, 6)
[0.15, 0.15, 0.15, 0.15, 0.15]
>>> minute_means(ring([0.3] * 54 + [0.0] * 6), ring([2.0] * 54 + [0.0] * 6), 30, 6)[-1]
nan
>>> minute_means(ring([0.3] * 8 + [0.6] * 6), ring([2.0] * 14), 60, 6)  # the newest minute last
[0.15, 0.3]
"""

from __future__ import annotations

from typing import NamedTuple

from correlator.core import metrics as m
from correlator.core.nodestate import EngineTrack, NodeState
from correlator.core.series import NAN, Series, mean


class Delayed(NamedTuple):
    """An engine whose requests wait far longer for their first token while its work holds."""

    engine: str
    ttft_now: float
    """Mean time to first token, seconds, over the recent minutes..."""
    ttft_before: float
    """...and over the minutes of the tick history before them."""
    running_now: float
    running_before: float


class DelayRule(NamedTuple):
    """The judgement's thresholds (``hypotheses.engine_slow``'s ``first_token_*``)."""

    recent_minutes: int
    ratio: float
    added_s: float
    min_requests: float
    held_share: float
    waiting_added: float
    longer_prompt_ratio: float
    hit_share_kept: float
    full_kv_pct: float


def _total(s: Series | None, ticks: int, skip: int = 0) -> float:
    """Sum of a per-tick series over ``ticks`` ticks ending ``skip`` ticks before the newest."""
    if s is None:
        return NAN
    values = s.tail(ticks + skip)
    return sum(v for v in values[: len(values) - skip] if v == v)


def minute_means(ttft_sum: Series, ttft_count: Series, ticks: int, per_minute: int) -> list[float]:
    """Mean time to first token of each whole minute in the last ``ticks`` (NaN: none started)."""
    n = min(len(ttft_sum), len(ttft_count), ticks)
    n -= n % per_minute  # (whole minutes, the newest ending at the newest tick)
    sums, counts = ttft_sum.tail(n), ttft_count.tail(n)
    out = []
    for i in range(0, n, per_minute):
        total = sum(v for v in sums[i : i + per_minute] if v == v)
        started = sum(v for v in counts[i : i + per_minute] if v == v)
        out.append(round(total / started, 6) if started > 0 else NAN)
    return out


def _per_tick(e: EngineTrack, *names: str) -> Series | None:
    c = e.first(names)
    return c.per_tick if c is not None else None


def delayed_engine(key: str, e: EngineTrack, history: int, per_minute: int,
                   rule: DelayRule) -> Delayed | None:
    """The engine's last ``rule.recent_minutes`` of the tick history against the ticks before
    them: its mean time to first token ``rule.ratio`` times what it was or more, and
    ``rule.added_s`` seconds more, in every recent minute at least halfway there and above
    every minute before but the slowest one (a step, not a load whose long prompts make first
    tokens late in one minute and not the next, outsider s6's long documents); its requests
    running and its generation tokens a minute each within ``rule.held_share`` of what they
    were (either way); no more than ``rule.waiting_added`` more requests waiting; prompt
    tokens not found in the prefix cache, per request, less than ``rule.longer_prompt_ratio``
    times what they were, and the cache's hit share of the prompt tokens at least
    ``rule.hit_share_kept`` of what it was; its KV pool below ``rule.full_kv_pct``. Both sides
    need ``rule.min_requests`` first tokens (the recent side its share of them). None where
    the engine does not export the histogram or any of it does not hold."""
    sums, counts = _per_tick(e, m.TTFT_SUM), _per_tick(e, m.TTFT_COUNT)
    if sums is None or counts is None:
        return None
    k = rule.recent_minutes * per_minute
    span = history - k
    n_now, n_before = _total(counts, k), _total(counts, span, k)
    if n_before < rule.min_requests or n_now < rule.min_requests * k / span:
        return None
    now, before = _total(sums, k) / n_now, _total(sums, span, k) / n_before
    if not (before > 0 and now >= rule.ratio * before and now - before >= rule.added_s):
        return None
    means = minute_means(sums, counts, history, per_minute)
    earlier = sorted((v for v in means[: len(means) - rule.recent_minutes] if v == v), reverse=True)
    floor = max(before * (1.0 + rule.ratio) / 2.0, earlier[1] if len(earlier) > 1 else 0.0)
    if any(not (v >= floor) for v in means[len(means) - rule.recent_minutes :]):
        return None  # (a spike, or first tokens that come late now and then anyway: no step)
    run = e.running.tail(history)
    run_now, run_before = mean(run[-k:]), mean(run[:-k])
    if not _held(run_now, run_before, rule.held_share):
        return None
    gen = _per_tick(e, m.GENERATION_TOKENS)
    if gen is not None and not _held(_total(gen, k) / k, _total(gen, span, k) / span, rule.held_share):
        return None
    wait = e.waiting.tail(history)
    if mean(wait[-k:]) > mean(wait[:-k]) + rule.waiting_added:
        return None
    if not _prompts_held(e, k, span, n_now, n_before, rule):
        return None
    if max((v for v in e.kv_pct.tail(k) if v == v), default=0.0) >= rule.full_kv_pct:
        return None
    return Delayed(key, now, before, run_now, run_before)


def _held(now: float, before: float, share: float) -> bool:
    """Whether ``now`` is within ``share`` of ``before`` either way (NaN: not judged, held)."""
    if now != now or before != before:
        return True
    return before * share <= now <= before / share if before > 0 else now <= 0


def _prompts_held(e: EngineTrack, k: int, span: int, n_now: float, n_before: float, rule: DelayRule) -> bool:
    """Prompt tokens to prefill per request (those the prefix cache did not hold) and the
    cache's hit share of the prompt tokens, each no worse than the rule allows."""
    prompts = _per_tick(e, m.PROMPT_TOKENS)
    if prompts is None:
        return True
    hits = _per_tick(e, *m.PREFIX_HITS)
    p_now, p_before = _total(prompts, k), _total(prompts, span, k)
    h_now = _total(hits, k) if hits is not None else 0.0
    h_before = _total(hits, span, k) if hits is not None else 0.0
    if p_before <= 0:
        return True
    fresh_now, fresh_before = (p_now - h_now) / n_now, (p_before - h_before) / n_before
    if fresh_before > 0 and fresh_now >= rule.longer_prompt_ratio * fresh_before:
        return False
    share_before = h_before / p_before
    share_now = h_now / p_now if p_now > 0 else 0.0
    return not (share_before > 0 and share_now < rule.hit_share_kept * share_before)


def first_token_mean(e: EngineTrack, ticks: int) -> float:
    """The engine's mean time to first token over its last ``ticks`` (NaN: no histogram, or
    no first token in them)."""
    sums, counts = _per_tick(e, m.TTFT_SUM), _per_tick(e, m.TTFT_COUNT)
    n = _total(counts, ticks)
    return _total(sums, ticks) / n if n > 0 else NAN


def delayed_engines(state: NodeState, history: int, per_minute: int, rule: DelayRule) -> list[Delayed]:
    """:func:`delayed_engine` over the node's engines."""
    out = []
    for key, e in state.engines.items():
        found = delayed_engine(key, e, history, per_minute, rule)
        if found is not None:
            out.append(found)
    return out
