"""Publishes collection rounds to Kafka through the on-disk spool.

One round of one source of a node is one message: a JSON array of that round's records, on the
project's topic for that source (``[prefix]telemetry.nvml``..., named by
``correlator.kafka.topics``), keyed by the node name so that every source of a node lands in the
same partition number of its topic. Every message is written to the
:class:`~agents.spool.Spool` first; a drain task sends the spool's head in order with an
idempotent producer (``acks=all``, linger, compression) and removes messages only once Kafka has
acknowledged them. While the broker is unreachable the spool grows (within its bound) and the
drain task retries with backoff, recreating the producer each time.

Delivery is exactly-once per message while one producer lives (idempotence covers its retries);
across a producer restart or an agent crash, a message whose acknowledgement was lost is sent
again (at-least-once): the records' ``seq`` lets consumers drop the duplicate.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import orjson
from aiokafka import AIOKafkaProducer
from aiokafka.errors import KafkaError, UnknownTopicOrPartitionError

from agents.records import JsonRecord
from agents.spool import Entry, Spool
from correlator.kafka.topics import topic_for_source

log = logging.getLogger(__name__)


class Producer(Protocol):
    """The part of ``AIOKafkaProducer`` the publisher uses."""

    async def start(self) -> None: ...
    async def stop(self) -> None: ...
    async def send(self, topic: str, value: bytes, key: bytes) -> asyncio.Future[Any]: ...


@dataclass(frozen=True)
class KafkaSettings:
    """Producer settings; the defaults suit a few messages per second per node."""

    bootstrap: str
    topic_prefix: str = ""
    linger_ms: int = 20
    compression: str | None = "gzip"
    request_timeout_ms: int = 30_000
    window: int = 256
    max_message_bytes: int = 900_000
    backoff_s: float = 0.5
    max_backoff_s: float = 30.0

    def producer(self) -> AIOKafkaProducer:
        return AIOKafkaProducer(
            bootstrap_servers=self.bootstrap,
            enable_idempotence=True,
            acks="all",
            linger_ms=self.linger_ms,
            compression_type=self.compression,
            request_timeout_ms=self.request_timeout_ms,
            max_request_size=self.max_message_bytes + 100_000,
            client_id="gpu-agent",
        )


def encode_round(records: Sequence[JsonRecord]) -> bytes:
    """One message value: the round's records as a JSON array."""
    return orjson.dumps(list(records))


class Publisher:
    """``publish`` spools a round; ``run`` drains the spool to Kafka until ``close``."""

    def __init__(self, settings: KafkaSettings, spool: Spool,
                 producer_factory: Callable[[], Producer] | None = None) -> None:
        self.settings = settings
        self.spool = spool
        self._factory = producer_factory or settings.producer
        self._producer: Producer | None = None
        self._wake = asyncio.Event()
        self._idle = asyncio.Event()
        self._closed = asyncio.Event()
        self._delivered: set[tuple[int, int]] = set()
        self._outage_logged = False
        self.sent_messages = 0

    async def publish(self, source: str, node: str, records: Sequence[JsonRecord]) -> None:
        """Spool one round of ``source`` (nothing for an empty round)."""
        topic, key = topic_for_source(source, self.settings.topic_prefix), node.encode()
        for value, count in split_round(records, self.settings.max_message_bytes):
            self.spool.append(topic, key, value, count)
        if records:
            self._idle.clear()
            self._wake.set()

    async def run(self) -> None:
        """Drain the spool to Kafka, in order, until :meth:`close`."""
        backoff = self.settings.backoff_s
        while not self._closed.is_set():
            if self.spool.empty():
                self._idle.set()
                self._wake.clear()
                await self._wake.wait()
                continue
            drained = await self._unless_closed(self._drain_window())
            if drained is None:  # closed mid-window: its messages stay spooled
                break
            if drained:
                backoff = self.settings.backoff_s
                continue
            await self._stop_producer()
            await self._backoff(backoff)
            backoff = min(backoff * 2, self.settings.max_backoff_s)

    async def wait_idle(self) -> None:
        """Return once everything spooled so far has been acknowledged."""
        if not self.spool.empty():
            self._idle.clear()
            self._wake.set()
            await self._idle.wait()

    async def close(self) -> None:
        """Stop draining; what is not acknowledged stays in the spool for the next start."""
        self._closed.set()
        self._wake.set()
        await self._stop_producer()

    async def _unless_closed(self, window: Coroutine[Any, Any, bool]) -> bool | None:
        """``window``'s result, or None when :meth:`close` came first (the window is then
        cancelled: a send can wait without end, e.g. aiokafka's for the metadata of a topic
        that does not exist once its producer is stopped; nothing unacknowledged is lost, as
        only acknowledged messages leave the spool)."""
        task = asyncio.ensure_future(window)
        closed = asyncio.ensure_future(self._closed.wait())
        await asyncio.wait((task, closed), return_when=asyncio.FIRST_COMPLETED)
        closed.cancel()
        if task.done():
            return task.result()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        return None

    async def _drain_window(self) -> bool:
        """Send up to ``window`` messages from the head; ack the delivered prefix."""
        if self._producer is None and not await self._start_producer():
            return False
        assert self._producer is not None
        entries = self.spool.peek(self.settings.window)
        futures: list[asyncio.Future[Any]] = []
        failure: BaseException | None = None
        for entry in entries:
            if (entry.segment, entry.offset) in self._delivered:
                futures.append(_done())
                continue
            try:
                futures.append(await self._producer.send(entry.topic, entry.value, key=entry.key))
            except KafkaError as err:
                failure = err
                break
        results: list[Any] = await asyncio.gather(*futures, return_exceptions=True)
        if failure is not None:
            results.append(failure)
        return self._settle(entries, results)

    def _settle(self, entries: list[Entry], results: list[Any]) -> bool:
        """Ack the delivered prefix; remember later deliveries so they are not sent twice."""
        failed = next((i for i, r in enumerate(results) if isinstance(r, BaseException)), None)
        prefix = entries[: len(results) if failed is None else failed]
        for entry in prefix:
            self._delivered.discard((entry.segment, entry.offset))
        if prefix and self._outage_logged:  # delivered again: not merely connected
            messages, records = self.spool.pending()
            log.warning("Kafka at %s is back; sending %d spooled messages (%d records)",
                        self.settings.bootstrap, messages, records)
            self._outage_logged = False
        self.spool.ack(prefix)
        self.sent_messages += len(prefix)
        if failed is None:
            return len(prefix) == len(entries)
        if isinstance(results[failed], UnknownTopicOrPartitionError):
            self._outage(f"topic {entries[failed].topic} does not exist; create the topics "
                         "with `correlator kafka topics`")
        else:
            self._outage(f"delivery failed: {results[failed]!r}")
        for entry, result in zip(entries[failed:], results[failed:], strict=False):
            if not isinstance(result, BaseException):
                self._delivered.add((entry.segment, entry.offset))
        return False

    async def _start_producer(self) -> bool:
        producer = self._factory()
        try:
            await producer.start()
        except (KafkaError, OSError) as err:
            self._outage(f"cannot connect to {self.settings.bootstrap}: {err!r}")
            await _quietly_stop(producer)
            return False
        self._producer = producer
        return True

    async def _stop_producer(self) -> None:
        producer, self._producer = self._producer, None
        if producer is not None:
            await _quietly_stop(producer)

    def _outage(self, reason: str) -> None:
        """Log the first failure of an outage (a broker that cannot be reached, or one that
        answers but takes nothing, e.g. without the topics); the recovery is logged once a
        message is delivered again."""
        if not self._outage_logged:
            log.warning("Kafka unavailable (%s); spooling to %s", reason, self.spool.dir)
            self._outage_logged = True

    async def _backoff(self, seconds: float) -> None:
        """Wait before the next attempt, but return at once when closing."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._closed.wait(), seconds)


def split_round(records: Sequence[JsonRecord], max_bytes: int) -> list[tuple[bytes, int]]:
    """The round as message values of at most ``max_bytes`` (halving it as needed)."""
    if not records:
        return []
    value = encode_round(records)
    if len(value) <= max_bytes or len(records) == 1:
        return [(value, len(records))]
    half = len(records) // 2
    return split_round(records[:half], max_bytes) + split_round(records[half:], max_bytes)


def _done() -> asyncio.Future[Any]:
    future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    future.set_result(None)
    return future


async def _quietly_stop(producer: Producer) -> None:
    try:
        await producer.stop()
    except (KafkaError, OSError) as err:
        log.debug("producer stop: %r", err)
