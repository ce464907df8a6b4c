"""Helpers for the streaming integration tests: workers in child processes, topic reads."""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from aiokafka import AIOKafkaConsumer, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient
from aiokafka.errors import CoordinatorLoadInProgressError, GroupCoordinatorNotAvailableError

from correlator.stream.settings import MAX_MESSAGE_BYTES
from correlator.stream.topics import StreamTopics
from correlator.stream.workerproc import LAUNCH, WorkerProcess

PARTITIONS = 3
LIVENESS_S = 240.0
"""How long a condition may take before the test gives up (not a performance bound)."""


@dataclass
class Message:
    topic: str
    partition: int
    offset: int
    key: bytes | None
    value: bytes
    headers: dict[str, bytes]


def worker(bootstrap: str, prefix: str, folder: Path, store: str = "memory",
           extra: list[str] | None = None) -> WorkerProcess:
    w = WorkerProcess(bootstrap, prefix, PARTITIONS, folder, store=store,
                      extra=["--log-level", "info", *(extra or [])])
    w.start()
    return w


async def wait_for(check: Callable[[], Awaitable[bool]], what: str,
                   alive: Callable[[], str | None] | None = None) -> None:
    """Poll ``check`` until true; fail on a dead worker or after :data:`LIVENESS_S`."""
    try:
        async with asyncio.timeout(LIVENESS_S):
            while not await check():
                reason = alive() if alive is not None else None
                assert reason is None, reason
                await asyncio.sleep(0.2)
    except TimeoutError:
        raise AssertionError(f"gave up waiting for {what}") from None


async def read_topic(bootstrap: str, topic: str, partitions: int = PARTITIONS) -> list[Message]:
    """Everything on ``topic`` now (up to the end offsets of this moment)."""
    c = AIOKafkaConsumer(bootstrap_servers=bootstrap, group_id=None, enable_auto_commit=False,
                         max_partition_fetch_bytes=MAX_MESSAGE_BYTES, auto_offset_reset="earliest")
    await c.start()
    tps = [TopicPartition(topic, p) for p in range(partitions)]
    out: list[Message] = []
    try:
        c.assign(tps)
        ends = await c.end_offsets(tps)
        await c.seek_to_beginning(*tps)
        while any([await c.position(tp) < ends[tp] for tp in tps]):
            for tp, msgs in (await c.getmany(timeout_ms=500)).items():
                out += [Message(tp.topic, tp.partition, m.offset, m.key, m.value or b"",
                                {k: bytes(v) for k, v in m.headers}) for m in msgs]
    finally:
        await c.stop()
    return out


async def group_members(bootstrap: str, group: str) -> tuple[str, int]:
    """The consumer group's state and member count (``("NoCoordinator", 0)`` while a fresh
    broker has not yet created its offsets topic)."""
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    try:
        try:
            resp = await admin.describe_consumer_groups([group])
        except (GroupCoordinatorNotAvailableError, CoordinatorLoadInProgressError):
            return "NoCoordinator", 0
        _error, _gid, state, _ptype, _proto, members, *_ = resp[0].groups[0]
        return str(state), len(members)
    finally:
        with contextlib.suppress(Exception):
            await admin.close()


async def delete_internal_topics(bootstrap: str, prefix: str) -> None:
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    try:
        existing = set(await admin.list_topics())
        gone = [t for t in StreamTopics(prefix).internal() if t in existing]
        if gone:
            await admin.delete_topics(gone)
    finally:
        with contextlib.suppress(Exception):
            await admin.close()


def cli(*args: str | Path) -> list[str]:
    return [sys.executable, "-c", LAUNCH, *(str(a) for a in args)]
