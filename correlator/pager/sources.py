"""Where incident records come from: the Kafka ``incidents`` topic, or JSON Lines.

Kafka: one consumer group per receiver (``<prefix>correlator-pager.<receiver>``), so that a
receiver that is down (retrying) holds back only itself; offsets are committed by hand, one
record at a time, after the subscriber has handled it. Records of a replay run through the
broker (header ``cx-run``) are not live incidents and are skipped unless asked for.

JSON Lines (a file, or standard input) feed every subscriber the same records; there is no
offset to commit, and the ledger makes reading the same file twice send nothing twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import stat
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from aiokafka import AIOKafkaConsumer, TopicPartition
from aiokafka.errors import CommitFailedError, KafkaError

from correlator.stream.protocol import RUN

MAX_RECORD_BYTES = 16 << 20
MAX_POLL_INTERVAL_MS = 7 * 24 * 3600 * 1000


@dataclass(frozen=True, slots=True)
class Item:
    value: bytes
    origin: str
    replay: bool = False


Commit = Callable[[], Awaitable[None]]


class KafkaSource:
    def __init__(self, bootstrap: str, topic: str, group_id: str, start: str) -> None:
        self.topic = topic
        self.consumer = AIOKafkaConsumer(
            topic, bootstrap_servers=bootstrap, group_id=group_id, enable_auto_commit=False,
            auto_offset_reset=start, max_partition_fetch_bytes=MAX_RECORD_BYTES,
            # A receiver that is down keeps one record in retries for as long as it takes;
            # that is no reason to leave the group (the default would after 5 minutes).
            max_poll_interval_ms=MAX_POLL_INTERVAL_MS, client_id=f"correlator-pager-{group_id}")

    async def start(self) -> None:
        await self.consumer.start()

    async def items(self, stop: asyncio.Event) -> AsyncIterator[tuple[Item, Commit]]:
        while not stop.is_set():
            batches = await self.consumer.getmany(timeout_ms=300, max_records=100)
            for tp, messages in batches.items():
                for m in messages:
                    if stop.is_set():
                        return
                    replay = any(k == RUN and v for k, v in (m.headers or ()))
                    item = Item(m.value or b"", f"{m.topic}[{m.partition}]@{m.offset}", replay)
                    yield item, self._committer(tp, m.offset + 1)

    def _committer(self, tp: TopicPartition, offset: int) -> Commit:
        async def commit() -> None:
            # Partitions moved on: the new owner redelivers, and its ledger decides.
            with contextlib.suppress(CommitFailedError, KafkaError):
                await self.consumer.commit({tp: offset})
        return commit

    async def close(self) -> None:
        await self.consumer.stop()


async def _nothing() -> None:
    return None


class LinesSource:
    """JSON Lines from a file or standard input (``-``), read once to the end."""

    def __init__(self, path: str) -> None:
        self.path = path

    async def start(self) -> None:
        return None

    async def items(self, stop: asyncio.Event) -> AsyncIterator[tuple[Item, Commit]]:
        n = 0
        async for line in self._lines():
            n += 1
            if stop.is_set():
                return
            if line.strip():
                yield Item(line.strip(), f"{self.path}:{n}"), _nothing

    async def _lines(self) -> AsyncIterator[bytes]:
        if self.path != "-" or stat.S_ISREG(os.fstat(sys.stdin.fileno()).st_mode):
            with (Path(self.path).open("rb") if self.path != "-" else os.fdopen(
                    os.dup(sys.stdin.fileno()), "rb")) as fh:
                for line in fh:
                    yield line
            return
        loop = asyncio.get_running_loop()
        reader = asyncio.StreamReader(limit=MAX_RECORD_BYTES)
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        while True:
            line = await reader.readline()
            if not line:
                return
            yield line

    async def close(self) -> None:
        return None
