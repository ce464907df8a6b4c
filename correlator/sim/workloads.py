"""Traffic that an injection adds to one node for its window.

- :class:`LeakLoad` — the session-isolation defect's client: one tenant's batch client reuses a
  handful of session ids, so each new conversation lands on an entry that always looks active
  and its context is never reclaimed. Its conversation rate is set so that the contexts it
  strands grow the pool by the requested %/min.
- :class:`LongDocLoad` — contract analysis: stateless requests with 30-100k-token prompts.
- :class:`AnnualReportLoad` — a few ~45-minute sessions that paste a report, then ask about it.
- :class:`RetryBurstLoad` — a client retrying in a tight loop: cancels, gateway rejections.
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from correlator.sim.kvcache import blocks_for
from correlator.sim.load import LoadContext, TurnQueue, new_request, sys_segment
from correlator.sim.request import Request, Session
from correlator.sim.tenants import Tenant, lognormal, output_tokens, user_tokens

LEAK_IDS = 6


class _Window:
    """A load active over ``[start, end)`` (scenario seconds) on one node."""

    def __init__(
        self, ctx: LoadContext, node: int, tenant: Tenant, start: float, end: float, seed: str
    ) -> None:
        self.ctx = ctx
        self.node = node
        self.tenant = tenant
        self.start = start
        self.end = end
        self.rng = random.Random(seed)
        self.queue = TurnQueue()

    def _turns_due(self, t: int) -> list[Request]:
        return [self._turn(s, when) for when, s in self.queue.pop_due(t + 1.0)]

    def _turn(self, session: Session, when: float) -> Request:
        first = not session.segments
        base = session.segments or [sys_segment(self.tenant)]
        key: Hashable = ("turn", session.sid, session.turn_no)
        message = self._message(first)
        req = new_request(self.ctx, self.rng, self.tenant, when, [*base, (key, message)],
                          self.node, session)  # fmt: skip
        req.want_out = self._answer()
        req.max_out = max(req.max_out, req.want_out)
        req.origin = self  # type: ignore[assignment]
        req.sticky = True
        req.history = session.history_key
        return req

    def _message(self, first: bool) -> int:
        return user_tokens(self.rng, self.tenant, first)

    def _answer(self) -> int:
        return output_tokens(self.rng, self.tenant)

    def _continue(self, req: Request, gap: float) -> None:
        session = req.session
        if session is None or req.finished_at >= self.end:
            return
        if req.finish_reason in ("stop", "length"):
            session.turn_no += 1
            session.turns_left -= 1
            if session.turns_left <= 0:
                return
        self.queue.push(req.finished_at + gap, session)


class LeakLoad(_Window):
    """Conversations under reused session ids; their contexts are never reclaimed."""

    def __init__(
        self,
        ctx: LoadContext,
        node: int,
        tenant: Tenant,
        window: tuple[float, float],
        leak_pct_min: float,
        pool_blocks: int,
        seed: str,
    ) -> None:
        super().__init__(ctx, node, tenant, window[0], window[1], seed)
        per_session = self._mean_blocks()
        self.rate = leak_pct_min / 100.0 * pool_blocks / per_session / 60.0
        self.next_start = self.start + self.rng.expovariate(self.rate)
        self.sessions: list[Session] = []

    def _mean_blocks(self) -> float:
        rng = random.Random("leak-size")
        total = 0.0
        for _ in range(400):
            turns = rng.randint(1, 3)
            tokens = self._doc(rng) + sum(
                user_tokens(rng, self.tenant, False) + output_tokens(rng, self.tenant)
                for _ in range(turns)
            )
            total += blocks_for(tokens) + turns
        return total / 400

    @staticmethod
    def _doc(rng: random.Random) -> int:
        return int(lognormal(rng, 2400.0, 0.5))

    def _message(self, first: bool) -> int:
        doc = self._doc(self.rng) if first else 0
        return doc + user_tokens(self.rng, self.tenant, False)

    def arrivals(self, t: int) -> list[Request]:
        out = []
        while self.next_start < min(t + 1.0, self.end):
            when = self.next_start
            self.next_start += self.rng.expovariate(self.rate)
            out.append(self._turn(self._new_session(), when))
        return out + self._turns_due(t)

    def _new_session(self) -> Session:
        n = len(self.sessions)
        session = Session(f"leak-{self.node}-{n:06d}", self.tenant, self.rng.randint(1, 3), "leak")
        session.public_id = f"{self.tenant.name}-batch-{n % LEAK_IDS:02d}"
        session.immortal = True
        session.node = self.node
        self.sessions.append(session)
        return session

    def on_finish(self, req: Request) -> None:
        self._continue(req, self.rng.uniform(2.0, 20.0))

    def stop(self) -> None:
        """The client is fixed: its entries age out like anyone else's."""
        for session in self.sessions:
            session.immortal = False
        self.end = min(self.end, self.next_start)


class LongDocLoad(_Window):
    """Stateless 30-100k-token contract-analysis requests every 20-60 s."""

    def __init__(
        self, ctx: LoadContext, node: int, tenant: Tenant, window: tuple[float, float], seed: str
    ) -> None:
        super().__init__(ctx, node, tenant, window[0], window[1], seed)
        self.gap = self.rng.uniform(20.0, 60.0)
        self.next_at = self.start + self.rng.uniform(0.0, 5.0)
        self.n = 0

    def arrivals(self, t: int) -> list[Request]:
        out = []
        while self.next_at < min(t + 1.0, self.end):
            out.append(self._document(self.next_at))
            self.next_at += self.rng.expovariate(1.0 / self.gap)
        return out

    def _document(self, when: float) -> Request:
        self.n += 1
        prompt = int(self.rng.uniform(30_000, 100_000))
        segments = [sys_segment(self.tenant), (("doc", self.node, self.n), prompt)]
        req = new_request(self.ctx, self.rng, self.tenant, when, segments, self.node)
        req.want_out = int(self.rng.uniform(500, 2000))
        req.max_out = 4096
        req.origin = self  # type: ignore[assignment]
        req.sticky = True
        return req

    def on_finish(self, req: Request) -> None:
        return None


class AnnualReportLoad(_Window):
    """Two to four analysts working through an annual report for ~45 minutes each."""

    def __init__(
        self, ctx: LoadContext, node: int, tenant: Tenant, window: tuple[float, float], seed: str
    ) -> None:
        super().__init__(ctx, node, tenant, window[0], window[1], seed)
        for k in range(self.rng.randint(2, 4)):
            session = Session(f"annual-{node}-{k}", tenant, 1 << 30, "annual")
            session.node = node
            self.queue.push(self.start + self.rng.uniform(0.0, 180.0), session)

    def _message(self, first: bool) -> int:
        if first:
            return int(self.rng.uniform(12_000, 25_000))
        return int(self.rng.uniform(150, 600))

    def _answer(self) -> int:
        return int(lognormal(self.rng, 550.0, 0.4))

    def arrivals(self, t: int) -> list[Request]:
        return self._turns_due(t)

    def on_finish(self, req: Request) -> None:
        self._continue(req, self.rng.uniform(40.0, 90.0))


class RetryBurstLoad(_Window):
    """A client stuck retrying the same few prompts: it cancels after a second or two and
    fires again; the gateway's overload protection rejects part of the storm (503)."""

    def __init__(
        self, ctx: LoadContext, node: int, tenant: Tenant, window: tuple[float, float], seed: str
    ) -> None:
        super().__init__(ctx, node, tenant, window[0], window[1], seed)
        self.rate = self.rng.uniform(4.0, 10.0)
        self.next_at = self.start
        self.n = 0

    def arrivals(self, t: int) -> list[Request]:
        out = []
        while self.next_at < min(t + 1.0, self.end):
            out.append(self._retry(self.next_at))
            self.next_at += self.rng.expovariate(self.rate)
        return out

    def _retry(self, when: float) -> Request:
        self.n += 1
        prompt = (("retry", self.node, self.n % 5), 300 + 97 * (self.n % 5))
        own = (("gen", "retry", self.node, self.n), 0)
        segments = [sys_segment(self.tenant), prompt, own]
        req = new_request(self.ctx, self.rng, self.tenant, when, segments, self.node)
        req.burst = True
        draw = self.rng.random()
        if draw < 0.25:
            req.rejected = True
        elif draw < 0.93:
            req.interrupt_at = when + self.rng.uniform(0.5, 3.0)
        else:
            req.error_at = when + self.rng.uniform(0.1, 1.0)
        req.origin = self  # type: ignore[assignment]
        req.sticky = True
        return req

    def on_finish(self, req: Request) -> None:
        return None
