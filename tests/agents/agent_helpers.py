"""Helpers shared by the agent tests: the captured fixtures, contract validation, and the state
of the local HTTP server the ``served`` fixture (conftest.py) runs."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from correlator.wire.decode import decode_record

FIXTURES = Path(__file__).parent / "fixtures"


def fixture_text(name: str) -> str:
    return (FIXTURES / name).read_text()


def validate(records: Iterable[dict[str, Any]]) -> list[Any]:
    """Every record through the contract's own decoder; returns the models."""
    return [decode_record(orjson.dumps(r)) for r in records]


@dataclass
class Served:
    """Pages served at ``base``: ``pages[path] = (status, body)``, changeable mid-test."""

    base: str
    pages: dict[str, tuple[int, str]] = field(default_factory=dict)
    hits: dict[str, int] = field(default_factory=dict)

    def url(self, path: str) -> str:
        return self.base + path


async def until(condition: Callable[[], bool], guard_s: float = 30.0) -> None:
    """Wait for ``condition`` (polled); ``guard_s`` only turns a hang into a failure."""
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.01)
    await asyncio.wait_for(poll(), guard_s)


async def read_topics(bootstrap: str, topics: Iterable[str],
                      guard_s: float = 60.0) -> list[tuple[str, bytes, bytes]]:
    """Every message now in ``topics`` (up to their end offsets): (topic, key, value)."""
    from aiokafka import AIOKafkaConsumer, TopicPartition

    names = list(topics)
    consumer = AIOKafkaConsumer(*names, bootstrap_servers=bootstrap, enable_auto_commit=False,
                                auto_offset_reset="earliest", group_id=None)
    await consumer.start()
    out: list[tuple[str, bytes, bytes]] = []
    try:
        parts = [TopicPartition(t, p) for t in names
                 for p in sorted(consumer.partitions_for_topic(t) or ())]
        assert parts, f"no partitions for {names}"
        todo = {tp: end for tp, end in (await consumer.end_offsets(parts)).items() if end > 0}
        async with asyncio.timeout(guard_s):
            while todo:
                for tp, msgs in (await consumer.getmany(timeout_ms=500)).items():
                    out += [(tp.topic, m.key or b"", m.value or b"") for m in msgs]
                    if msgs and msgs[-1].offset + 1 >= todo.get(tp, 0):
                        todo.pop(tp, None)
    finally:
        await consumer.stop()
    return out
