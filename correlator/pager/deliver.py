"""Send one transition to one receiver until it is accepted, refused, or given up on.

The attempt loop waits for the rate limit's token, posts, and classifies the answer
(:func:`correlator.pager.retry.classify`): a retry waits the backoff (or the receiver's
``Retry-After`` when longer). The clock, the sleep and the random draw are injected, so the
schedule is testable; the sleep ends early when the subscriber is stopping, and the
transition is then left unhandled (its offset uncommitted) for the next run.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Literal

import aiohttp

from correlator.pager.outbound import Request
from correlator.pager.ratelimit import TokenBucket
from correlator.pager.redact import Redactor
from correlator.pager.retry import Backoff, classify, retry_after

log = logging.getLogger("correlator.pager")
MAX_ANSWER = 4096


class Stopping(Exception):
    """The subscriber is stopping; the transition was not handled."""


@dataclass(frozen=True, slots=True)
class Answer:
    status: int | None
    body: str
    retry_after_s: float | None = None
    error: str = ""

    def describe(self) -> str:
        if self.status is None:
            return f"no answer ({self.error})"
        return f"HTTP {self.status}" + (f": {self.body}" if self.body else "")


@dataclass(frozen=True, slots=True)
class Result:
    outcome: Literal["delivered", "refused", "gave_up"]
    attempts: int
    answer: Answer
    seconds: float = 0.0
    """From the first attempt to the final answer, on the deliverer's clock."""


class Transport:
    """POSTs over one aiohttp session; never raises for HTTP or network failures."""

    def __init__(self, session: aiohttp.ClientSession, redact: Redactor) -> None:
        self.session = session
        self.redact = redact

    async def post(self, req: Request, timeout_s: float) -> Answer:
        try:
            async with self.session.post(req.url, data=req.body, headers=req.headers,
                                         timeout=aiohttp.ClientTimeout(total=timeout_s),
                                         allow_redirects=False) as resp:
                raw = await resp.content.read(MAX_ANSWER)
                body = self.redact(raw.decode("utf-8", errors="replace").strip())
                return Answer(resp.status, body, retry_after(resp.headers.get("Retry-After")))
        except TimeoutError:
            return Answer(None, "", error=f"timed out after {timeout_s:g} s")
        except aiohttp.ClientError as err:
            return Answer(None, "", error=self.redact(f"{type(err).__name__}: {err}"))


Sleep = Callable[[float], Awaitable[None]]


class Deliverer:
    def __init__(self, name: str, transport: Transport, backoff: Backoff, bucket: TokenBucket,
                 timeout_s: float, give_up_after_s: float | None, stop: asyncio.Event, *,
                 clock: Callable[[], float] = time.monotonic,
                 rand: Callable[[], float] = random.random) -> None:
        self.name = name
        self.transport = transport
        self.backoff = backoff
        self.bucket = bucket
        self.timeout_s = timeout_s
        self.give_up_after_s = give_up_after_s
        self.stop = stop
        self.clock = clock
        self.rand = rand

    async def deliver(self, label: str, req: Request) -> Result:
        """``label`` names the transition in logs (incident id and status, nothing secret)."""
        started = self.clock()
        attempt = 0
        while True:
            await self._pause(self.bucket.take(self.clock()))
            answer = await self.transport.post(req, self.timeout_s)
            attempt += 1
            verdict = classify(answer.status)
            if verdict == "delivered":
                return Result("delivered", attempt, answer, self.clock() - started)
            if verdict == "refused":
                log.error("%s: %s refused: %s", self.name, label, answer.describe())
                return Result("refused", attempt, answer, self.clock() - started)
            delay = self.backoff.delay(attempt - 1, self.rand(), answer.retry_after_s)
            if self.give_up_after_s is not None and self.clock() + delay - started > self.give_up_after_s:
                log.error("%s: %s: giving up after %d attempts: %s", self.name, label, attempt,
                          answer.describe())
                return Result("gave_up", attempt, answer, self.clock() - started)
            log.warning("%s: %s: attempt %d: %s; retrying in %.1f s", self.name, label, attempt,
                        answer.describe(), delay)
            await self._pause(delay)

    async def _pause(self, seconds: float) -> None:
        if self.stop.is_set():
            raise Stopping
        if seconds <= 0:
            return
        try:
            await asyncio.wait_for(self.stop.wait(), seconds)
        except TimeoutError:
            return
        raise Stopping
