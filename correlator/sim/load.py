"""Where requests come from: the load protocol, request construction, synthetic chat load.

Synthetic load is closed-loop per session: a session starts (Poisson per node), and each next
turn arrives a think time after the previous answer, so a slow engine slows its own traffic
the way real users do. A cancelled turn is usually re-sent; a failed one is retried.
"""

from __future__ import annotations

import heapq
import math
import random
from collections.abc import Hashable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Protocol

from correlator.sim.fleet import NodeSpec
from correlator.sim.kvcache import Segment
from correlator.sim.request import Request, Session
from correlator.sim.tenants import (
    Tenant,
    output_tokens,
    pick_tenant,
    session_shape,
    session_turns,
    think_time,
    user_tokens,
)

BASE_ERROR_RATE = 0.0004


class Load(Protocol):
    """A source of requests for ``[t, t+1)``, told when each of its requests ends."""

    def arrivals(self, t: int) -> list[Request]: ...

    def on_finish(self, req: Request) -> None: ...


@dataclass
class LoadContext:
    """What loads share: per-node interrupt rates (faults raise them) and id counters."""

    interrupt: list[float]
    counter: list[int] = field(default_factory=lambda: [0])

    def next_id(self) -> int:
        self.counter[0] += 1
        return self.counter[0]


def sys_segment(tenant: Tenant) -> Segment:
    return (("sys", tenant.name), tenant.sys_tokens)


def new_request(
    ctx: LoadContext,
    rng: random.Random,
    tenant: Tenant,
    arrival: float,
    segments: list[Segment],
    node: int,
    session: Session | None = None,
) -> Request:
    """A request with its wanted answer length and the client's fate drawn up front."""
    rid = f"chatcmpl-{ctx.next_id():08d}{rng.getrandbits(64):016x}"
    req = Request(rid, tenant, arrival, segments, output_tokens(rng, tenant), tenant.max_tokens,
                  session)  # fmt: skip
    req.node = node
    return req


def draw_fate(req: Request, rng: random.Random, interrupt_rate: float) -> None:
    """Whether the client cancels mid-answer (and when), or the request fails anyway."""
    if rng.random() < interrupt_rate:
        req.cancel_frac = rng.uniform(0.02, 0.98)
    if rng.random() < BASE_ERROR_RATE:
        req.error_at = req.arrival + rng.uniform(0.2, 8.0)


def turn_request(
    ctx: LoadContext, rng: random.Random, session: Session, arrival: float, node: int
) -> Request:
    """The session's next turn: its context so far plus a new user message."""
    tenant = session.tenant
    base = session.segments or [sys_segment(tenant)]
    key: Hashable = ("turn", session.sid, session.turn_no)
    message = user_tokens(rng, tenant, first=not session.segments)
    req = new_request(ctx, rng, tenant, arrival, [*base, (key, message)], node, session)
    req.history = session.history_key
    return req


@lru_cache(maxsize=64)
def mean_turns(tenants: tuple[Tenant, ...]) -> float:
    rng = random.Random("mean-turns")
    draws = [session_turns(rng, pick_tenant(rng, tenants)) for _ in range(4000)]
    return sum(draws) / len(draws)


class TurnQueue:
    """Sessions waiting for their next turn, by due time."""

    def __init__(self) -> None:
        self.heap: list[tuple[float, int, Session]] = []
        self.n = 0

    def push(self, when: float, session: Session) -> None:
        self.n += 1
        heapq.heappush(self.heap, (when, self.n, session))

    def pop_due(self, until: float) -> list[tuple[float, Session]]:
        out = []
        while self.heap and self.heap[0][0] < until:
            when, _, session = heapq.heappop(self.heap)
            out.append((when, session))
        return out


def follow_up(queue: TurnQueue, rng: random.Random, req: Request) -> None:
    """Schedule what the user does after a turn ended, however it ended: after an answer the
    next message; after cancelling, usually the same question again or a new one; after an
    error or a timeout, a retry."""
    session = req.session
    if session is None:
        return
    end = req.finished_at
    if req.finish_reason in ("stop", "length"):
        _next_turn(queue, rng, session, end)
    elif req.finish_reason == "abort" and not req.timed_out:
        draw = rng.random()
        if draw < 0.6:
            queue.push(end + rng.uniform(1.0, 8.0), session)
        elif draw < 0.9:
            _next_turn(queue, rng, session, end)
    elif rng.random() < 0.85:
        queue.push(end + rng.uniform(1.0, 6.0), session)


def _next_turn(queue: TurnQueue, rng: random.Random, session: Session, end: float) -> None:
    session.turns_left -= 1
    session.turn_no += 1
    if session.turns_left > 0:
        queue.push(end + think_time(rng, session.tenant), session)


class ChatLoad:
    """Synthetic multi-turn chat over every node, Poisson session starts per node."""

    def __init__(self, fleet: list[NodeSpec], ctx: LoadContext, seed: int, t0: float) -> None:
        self.fleet = fleet
        self.ctx = ctx
        self.rngs = [random.Random(f"chat/{seed}/{n.name}") for n in fleet]
        self.session_rate = [n.rate / mean_turns(n.tenants) for n in fleet]
        self.next_start = [t0 + r.expovariate(s) for r, s in zip(self.rngs, self.session_rate, strict=True)]
        self.queue = TurnQueue()
        self.sessions = 0

    def arrivals(self, t: int) -> list[Request]:
        out = []
        for node in self.fleet:
            out.extend(self._new_sessions(node, t + 1.0))
        for when, session in self.queue.pop_due(t + 1.0):
            i = session.node if session.node is not None else 0
            out.append(turn_request(self.ctx, self.rngs[i], session, when, i))
        return out

    def _new_sessions(self, node: NodeSpec, until: float) -> list[Request]:
        i = node.index
        rng = self.rngs[i]
        out = []
        while self.next_start[i] < until:
            when = self.next_start[i]
            self.next_start[i] += rng.expovariate(self.session_rate[i])
            tenant = pick_tenant(rng, node.tenants)
            self.sessions += 1
            session = Session(f"sess-{i:03d}-{self.sessions:07d}", tenant, session_turns(rng, tenant))
            session.node = i
            out.append(turn_request(self.ctx, rng, session, when, i))
        return out

    def on_finish(self, req: Request) -> None:
        session = req.session
        node = session.node if session is not None and session.node is not None else 0
        follow_up(self.queue, self.rngs[node], req)

    def warm_sessions(self, t0: float, ttl_s: float) -> list[tuple[Session, float]]:
        """Conversations already under way at ``t0`` (a stationary start): some mid-session
        with their next turn coming, some finished but not reclaimed yet. Returns each with
        the time of its last turn, for the node's session cache to hold."""
        out: list[tuple[Session, float]] = []
        for node in self.fleet:
            rng = self.rngs[node.index]
            _turns, _, active = session_shape(node.tenants)
            rate = self.session_rate[node.index]
            for _ in range(_poisson(rng, rate * active)):
                out.append(self._mid_session(node, rng, t0))
            for _ in range(_poisson(rng, rate * (ttl_s + node.sweep_s / 2))):
                out.append(self._done_session(node, rng, t0, ttl_s + node.sweep_s / 2))
        return out

    def _warm(self, node: NodeSpec, rng: random.Random, done: int | None) -> Session:
        """A session drawn length-biased: one in progress at a random instant is more likely
        a long one."""
        while True:
            tenant = pick_tenant(rng, node.tenants)
            turns = max(2, session_turns(rng, tenant))
            if rng.random() * 40 < turns:
                break
        self.sessions += 1
        session = Session(f"sess-{node.index:03d}-{self.sessions:07d}", tenant, turns)
        session.node = node.index
        k = done if done is not None else rng.randint(1, turns - 1)
        history = sum(
            user_tokens(rng, tenant, j == 0) + min(output_tokens(rng, tenant), tenant.max_tokens)
            for j in range(min(k, turns))
        )
        session.segments = [sys_segment(tenant), (session.history_key, history)]
        session.turn_no = k
        session.turns_left = turns - k
        return session

    def _mid_session(self, node: NodeSpec, rng: random.Random, t0: float) -> tuple[Session, float]:
        session = self._warm(node, rng, None)
        think = think_time(rng, session.tenant)
        last = t0 - rng.uniform(0.0, think)
        self.queue.push(last + think, session)
        return session, last

    def _done_session(
        self, node: NodeSpec, rng: random.Random, t0: float, span: float
    ) -> tuple[Session, float]:
        session = self._warm(node, rng, None)
        session.turn_no += session.turns_left
        session.turns_left = 0
        return session, t0 - rng.uniform(0.0, span)


def _poisson(rng: random.Random, mean: float) -> int:
    """A Poisson draw (normal approximation above 50)."""
    if mean > 50:
        return max(0, round(rng.gauss(mean, mean**0.5)))
    limit, k, p = math.exp(-mean), 0, rng.random()
    while p > limit:
        k += 1
        p *= rng.random()
    return k
