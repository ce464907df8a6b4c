"""Run one subscriber per receiver over an incident source until stopped (or input ends)."""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import aiohttp
from pydantic import ValidationError

from correlator.pager.config import PagerConfig
from correlator.pager.deliver import Deliverer, Stopping, Transport
from correlator.pager.journal import Journal
from correlator.pager.ledger import Ledger
from correlator.pager.metrics import PagerMetrics
from correlator.pager.outbound import AnyReceiver, rate_key, secrets_of
from correlator.pager.ratelimit import Buckets
from correlator.pager.redact import Redactor
from correlator.pager.retry import Backoff
from correlator.pager.routing import Router
from correlator.pager.sources import Commit, Item, KafkaSource, LinesSource
from correlator.pager.subscriber import DeadLetters, Subscriber
from correlator.wire.decode import Rejected, explain
from correlator.wire.incidents import Incident

log = logging.getLogger("correlator.pager")
DAY_NS = 86400 * 1_000_000_000


def default_state_dir() -> Path:
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "gpu-correlator" / "pager"


@dataclass
class ServiceOptions:
    state_dir: Path = field(default_factory=default_state_dir)
    prefix: str = ""
    include_replays: bool = False
    retention_ns: int = 7 * DAY_NS
    capacity: int = 100_000


class ItemSource(Protocol):
    def items(self, stop: asyncio.Event) -> AsyncIterator[tuple[Item, Commit]]: ...


class PagerService:
    def __init__(self, cfg: PagerConfig, opts: ServiceOptions, deadletters: DeadLetters,
                 session: aiohttp.ClientSession, stop: asyncio.Event,
                 metrics: PagerMetrics | None = None) -> None:
        self.cfg = cfg
        self.metrics = metrics
        self.opts = opts
        self.deadletters = deadletters
        self.session = session
        self.stop = stop
        self.router = Router(cfg.routes, cfg.node_labels)
        self.buckets = Buckets()
        self.journals: list[Journal] = []
        self.subscribers = [self._subscriber(r) for r in cfg.receivers]
        self.malformed = 0
        self.replays_skipped = 0

    def _subscriber(self, r: AnyReceiver) -> Subscriber:
        ledger = Ledger(self.opts.retention_ns, self.opts.capacity)
        journal = Journal(self.opts.state_dir / f"{self.opts.prefix}{r.name}.ledger.jsonl", ledger)
        journal.open()
        self.journals.append(journal)
        retry, limit = self.cfg.retry_of(r), self.cfg.rate_limit_of(r)
        deliverer = Deliverer(
            r.name, Transport(self.session, Redactor(secrets_of(r))),
            Backoff(retry.initial_s, retry.max_s, retry.multiplier, retry.jitter),
            self.buckets.for_key(rate_key(r), limit.per_minute, limit.burst),
            r.timeout_s, retry.give_up_after_s, self.stop)
        return Subscriber(r, self.cfg, self.router, ledger, journal, deliverer, self.deadletters,
                          self.metrics)

    def group_id(self, sub: Subscriber) -> str:
        return f"{self.opts.prefix}correlator-pager.{sub.name}"

    def close(self) -> None:
        for j in self.journals:
            j.close()

    # -- one record ------------------------------------------------------------------------
    async def _one(self, sub: Subscriber, item: Item, first: bool) -> None:
        if item.replay and not self.opts.include_replays:
            self.replays_skipped += first
            return
        try:
            inc = Incident.model_validate_json(item.value)
        except ValidationError as err:
            if first:  # one dead letter per bad record, not one per receiver
                self.malformed += 1
                reason = f"not an incident record: {explain(err)}"
                log.warning("skipping %s: %s", item.origin, reason)
                await self.deadletters.put(Rejected(f"pager {item.origin}", reason, item.value))
            return
        await sub.handle(inc, item.value)

    # -- Kafka -----------------------------------------------------------------------------
    async def run_kafka(self, bootstrap: str, topic: str, start: str) -> None:
        await asyncio.gather(*(self._consume(bootstrap, topic, start, sub, i == 0)
                               for i, sub in enumerate(self.subscribers)))

    async def _consume(self, bootstrap: str, topic: str, start: str, sub: Subscriber,
                       first: bool) -> None:
        source = KafkaSource(bootstrap, topic, self.group_id(sub), start)
        await source.start()
        try:
            async for item, commit in source.items(self.stop):
                await self._one(sub, item, first)
                await commit()
        except Stopping:
            log.info("%s: stopped mid-delivery; the record is left for the next run", sub.name)
        finally:
            await source.close()

    # -- JSON Lines, or any source every subscriber reads in full -------------------------
    async def run_lines(self, path: str) -> None:
        await self.run_source(LinesSource(path))

    async def run_source(self, source: ItemSource) -> None:
        """Feed every subscriber each item of ``source``, until it ends (or the stop)."""
        queues: list[asyncio.Queue[Item | None]] = [asyncio.Queue(1000) for _ in self.subscribers]

        async def read() -> None:
            async for item, _ in source.items(self.stop):
                for q in queues:
                    await q.put(item)
            for q in queues:
                await q.put(None)

        async def work(sub: Subscriber, q: asyncio.Queue[Item | None], first: bool) -> None:
            try:
                while (item := await q.get()) is not None:
                    await self._one(sub, item, first)
            except Stopping:
                log.info("%s: stopped mid-delivery", sub.name)

        reader = asyncio.create_task(read())
        await asyncio.gather(*(work(s, q, i == 0) for i, (s, q) in
                               enumerate(zip(self.subscribers, queues, strict=True))))
        reader.cancel()
        await asyncio.gather(reader, return_exceptions=True)
