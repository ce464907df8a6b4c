"""A vLLM-like engine advanced one simulated second at a time.

Continuous batching with at most ``max_num_seqs`` running requests, FCFS admission that
needs free KV blocks for the uncached part of the prompt, a prefill server (FCFS, compute
bound, sub-second finish times so TTFT is not quantised to the tick), decode steps whose time
grows with the batch and the KV it reads, and recompute-preemption of the newest request when
a running one cannot get its next block.
"""

from __future__ import annotations

import random
from collections import deque

from correlator.sim.counters import EngineCounters, SpecConfig
from correlator.sim.kvcache import BlockPool, blocks_for
from correlator.sim.perf import CPU_GAP_S, EnginePerf
from correlator.sim.request import Request
from correlator.sim.sessions import SessionCache

GATEWAY_TIMEOUT_S = 60.0
ADMIT_WATERMARK = 0.01
SPEC_STEP_FACTOR = 1.3
MIXED_DECODE_SHARE = 0.35
API_OVERHEAD_S = 0.035
"""Tokenising, the API server's hop to the engine, detokenising the first token."""
RESIDUE_BYTES = 4_700_000
"""Draft-model state an interrupted speculative request leaves behind on each GPU."""


class Engine:
    """One engine incarnation: a restart builds a new one (fresh pool and counters)."""

    def __init__(
        self,
        perf: EnginePerf,
        max_num_seqs: int,
        ttl_s: float,
        spec: SpecConfig | None,
        rng: random.Random,
    ) -> None:
        self.perf = perf
        self.max_num_seqs = max_num_seqs
        self.spec = spec
        self.rng = rng
        self.pool = BlockPool(perf.pool_blocks)
        self.reserve = int(ADMIT_WATERMARK * perf.pool_blocks)
        self.cache = SessionCache(self.pool, ttl_s, perf.kv_bytes_all_ranks)
        self.counters = EngineCounters()
        self.waiting: deque[Request] = deque()
        self.running: list[Request] = []
        self.finished: list[Request] = []
        self.prefill_cursor = -1e18
        self.step_s = perf.step_gpu_s(0, 0) + CPU_GAP_S
        self.busy = 0.0
        self.mem_busy = 0.0
        self.residue_on = False
        self.residue_bytes = 0
        self.error_pressure = 0.0

    # -- one second -----------------------------------------------------------------------

    def tick(self, t: float, arrivals: list[Request]) -> list[Request]:
        """Advance over ``[t, t+1)``; returns the requests that finished in it."""
        self.finished = []
        self.waiting.extend(arrivals)
        if self.waiting:
            self._expire_waiting(t)
        self._admit(t)
        prefill_used = self._prefill(t)
        self._decode(t, prefill_used)
        return self.finished

    def _expire_waiting(self, t: float) -> None:
        """Clients give up: a cancel, or the gateway's timeout before the first token."""
        keep: deque[Request] = deque()
        for req in self.waiting:
            deadline = self._deadline(req)
            if deadline < t + 1.0:
                req.timed_out = req.interrupt_at is None or deadline < req.interrupt_at
                self._finish(req, max(deadline, t), "abort")
            else:
                keep.append(req)
        self.waiting = keep

    @staticmethod
    def _deadline(req: Request) -> float:
        deadline = req.interrupt_at if req.interrupt_at is not None else float("inf")
        if req.first_token is None:
            deadline = min(deadline, req.arrival + GATEWAY_TIMEOUT_S)
        return deadline

    # -- admission ------------------------------------------------------------------------

    def _admit(self, t: float) -> None:
        while self.waiting and len(self.running) < self.max_num_seqs:
            req = self.waiting[0]
            if not self._try_admit(req, max(t, req.arrival)):
                return
            self.waiting.popleft()
            self.running.append(req)

    def _needed_blocks(self, req: Request) -> int:
        pool = self.pool
        need = sum(pool.cost(key, blocks_for(tokens)) for key, tokens in req.segments[:-1])
        return need + pool.cost(req.new_key, self._own_blocks(req))

    @staticmethod
    def _own_blocks(req: Request) -> int:
        return blocks_for(req.user_tokens + req.generated)

    def _try_admit(self, req: Request, when: float) -> bool:
        pool = self.pool
        if pool.available() < self._needed_blocks(req) + self.reserve:
            return False
        context = int(req.context_tokens())
        hit = min(pool.prefix_hit(req.segments), context - 1) // 16 * 16
        acquire = pool.acquire
        for key, tokens in req.segments[:-1]:
            acquire(key, -(-tokens // 16))
        pool.acquire(req.new_key, self._own_blocks(req))
        self._count_admission(req, hit, context)
        req.state = "running"
        req.admitted = when
        req.prefill_left = max(1.0, context - hit)
        if req.session is not None:
            req.session.busy = True
        return True

    def _count_admission(self, req: Request, hit: int, context: int) -> None:
        c = self.counters
        c.prefix_queries += context
        c.prefix_hits += hit
        if req.first_token is None:
            c.prompt_tokens += req.prompt_tokens
            req.cached = hit

    # -- prefill --------------------------------------------------------------------------

    def _prefill(self, t: float) -> float:
        """The FCFS prefill server; returns the seconds of [t, t+1) it was busy."""
        end = t + 1.0
        cursor = max(self.prefill_cursor, t)
        used = 0.0
        for req in self.running:
            if req.prefill_left <= 0:
                continue
            start = max(cursor, req.admitted)
            if start >= end:
                break
            need = self.perf.prefill_s(req.prefill_left, req.context_tokens())
            if start + need <= end:
                cursor = start + need
                used += need
                self._prefilled(req, cursor)
            else:
                req.prefill_left *= 1.0 - (end - start) / need
                used += end - start
                cursor = end
        self.prefill_cursor = cursor
        return used

    def _prefilled(self, req: Request, when: float) -> None:
        req.prefill_left = 0.0
        req.decode_from = when
        if req.first_token is None:
            req.first_token = when + self.step_s + API_OVERHEAD_S
            self.counters.ttft.observe(req.first_token - req.arrival)
            req.generated = max(req.generated, 1.0)

    # -- decode ---------------------------------------------------------------------------

    def _decode(self, t: float, prefill_used: float) -> None:
        decoding = [r for r in self.running if r.prefill_left <= 0]
        kv_tokens = sum(r.prompt_tokens + r.generated for r in decoding)
        step_gpu = self.perf.step_gpu_s(len(decoding), kv_tokens)
        if self.spec is not None:
            step_gpu *= SPEC_STEP_FACTOR
        self.step_s = step_gpu + CPU_GAP_S
        share = max(0.0, 1.0 - prefill_used) + prefill_used * MIXED_DECODE_SHARE
        per_token = 1.0 + (self.spec.accepted_per_step() if self.spec else 0.0)
        rate = share / self.step_s * per_token
        self._account_busy(decoding, prefill_used, share, step_gpu)
        for req in decoding:
            if req.state == "running":
                self._advance(req, t, rate)
        self.running = [r for r in self.running if r.state == "running"]

    def _account_busy(
        self, decoding: list[Request], prefill_used: float, share: float, step_gpu: float
    ) -> None:
        decode_busy = share * step_gpu / self.step_s if decoding else 0.0
        self.busy = min(1.0, prefill_used + decode_busy)
        self.mem_busy = min(1.0, decode_busy * 0.8 + prefill_used * 0.25)

    def _advance(self, req: Request, t: float, rate: float) -> None:
        start = max(t, req.decode_from)
        span = t + 1.0 - start
        if span <= 0:
            return
        left = req.target - req.generated
        done_at = start + left / rate if rate > 0 else float("inf")
        if req.cancel_frac is not None and req.interrupt_at is None:
            cancel = req.cancel_frac * req.target - req.generated
            req.interrupt_at = start + cancel / rate if cancel < rate * span else None
        stop_at = self._stop_time(req, t)
        if stop_at is not None and stop_at < min(done_at, t + 1.0):
            self._generate(req, rate * max(0.0, stop_at - start))
            self._finish(req, stop_at, "abort" if stop_at == req.interrupt_at else "error")
            return
        if done_at < t + 1.0:
            self._generate(req, left)
            reason = "length" if req.want_out > req.max_out else "stop"
            self._finish(req, done_at, reason)
            return
        self._generate(req, rate * span)
        if not self.pool.grow(req.new_key, self._own_blocks(req)):
            self._make_room(req)

    def _stop_time(self, req: Request, t: float) -> float | None:
        if self.error_pressure > 0 and self.rng.random() < self.error_pressure:
            req.error_at = t + self.rng.random()
        a, b = req.interrupt_at, req.error_at
        if a is None:
            return b
        return a if b is None or a < b else b

    def _generate(self, req: Request, tokens: float) -> None:
        req.generated += tokens
        c = self.counters
        c.generation_tokens += tokens
        spec = self.spec
        if spec is not None and tokens > 0:
            steps = tokens / (1.0 + spec.accepted)
            req.drafts += steps * spec.k
            c.drafts += steps
            c.draft_tokens += steps * spec.k
            c.accepted_tokens += steps * spec.accepted

    def _make_room(self, req: Request) -> None:
        """vLLM preempts the lowest-priority running request (the newest) until it fits.
        (The session cache on top only acts on admission and at its sweeps.)"""
        while self.running:
            victim = next((r for r in reversed(self.running) if r.state == "running"), None)
            if victim is None:
                return
            self._preempt(victim)
            if victim is req or self.pool.grow(req.new_key, self._own_blocks(req)):
                return

    def _preempt(self, req: Request) -> None:
        self._release(req)
        req.state = "waiting"
        req.prefill_left = 0.0
        self.counters.preemptions += 1
        self.waiting.appendleft(req)
        if req.session is not None:
            req.session.busy = False

    # -- finishing ------------------------------------------------------------------------

    def _release(self, req: Request) -> None:
        for key, _ in req.segments[:-1]:
            self.pool.release(key)
        self.pool.release(req.new_key)

    def _finish(self, req: Request, when: float, reason: str) -> None:
        was_running = req.state == "running"
        if reason in ("stop", "length") and req.session is not None:
            self.cache.keep(req.session, req, when)
        if was_running:
            self._release(req)
        if req.session is not None:
            req.session.busy = False
        req.state = "finished"
        req.finish_reason = reason
        req.finished_at = when
        self._observe_finish(req, when, reason)
        if reason == "abort" and self.residue_on and was_running and req.generated >= 2:
            self.residue_bytes += RESIDUE_BYTES
        self.finished.append(req)

    def _observe_finish(self, req: Request, when: float, reason: str) -> None:
        c = self.counters
        c.finished[reason] += 1
        if reason == "abort":
            return
        c.e2e.observe(when - req.arrival)
        c.queue.observe(max(0.0, req.admitted - req.arrival))
        if req.first_token is not None and req.generated > 1:
            tpot = (when - req.first_token) / (req.generated - 1)
            c.itl.observe(max(tpot, 0.001), req.generated - 1)

    # -- whole-engine events ----------------------------------------------------------------

    def fail_all(self, when: float, reason: str = "error") -> list[Request]:
        """The engine died: everything in flight ends (the pool dies with it)."""
        dead = [*self.running, *self.waiting]
        for req in dead:
            req.state = "dead"
            req.finish_reason = reason
            req.finished_at = when
            if req.session is not None:
                req.session.busy = False
        self.running = []
        self.waiting = deque()
        return dead

    @property
    def load(self) -> int:
        return len(self.running) + len(self.waiting)
