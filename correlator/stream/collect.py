"""Collecting a replay run's incident records from ``incidents`` until the desk has drained.

The collector positions itself at the end of ``incidents`` and ``findings`` before the replay
produces anything, keeps the incident records of its run (``cx-run``), and stops once the
desk's ``drained`` marker for the run is on ``findings`` and every ``incidents`` partition has
been read to the end offsets of that moment: the desk flushes the run's incidents before it
writes the marker. Records are put back in publication order by ``cx-seq``; a number seen
twice (the desk published again after a restart) is kept once.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from aiokafka import AIOKafkaConsumer, TopicPartition

from correlator.stream.protocol import CONTROL, SEQ, header_map, run_of
from correlator.stream.settings import MAX_MESSAGE_BYTES
from correlator.stream.topics import StreamTopics
from correlator.wire.incidents import Incident


class Collector:
    def __init__(self, bootstrap: str, names: StreamTopics, run: str, partitions: int) -> None:
        self.bootstrap = bootstrap
        self.names = names
        self.run = run
        self.incidents: dict[int, Incident] = {}
        self.duplicates = 0
        self.drained = False
        self._consumer: AIOKafkaConsumer | None = None
        self._incident_tps = [TopicPartition(names.incidents, p) for p in range(partitions)]

    async def start(self) -> None:
        c = self._consumer = AIOKafkaConsumer(
            bootstrap_servers=self.bootstrap, enable_auto_commit=False, group_id=None,
            max_partition_fetch_bytes=MAX_MESSAGE_BYTES, fetch_max_wait_ms=100)
        await c.start()
        tps = [*self._incident_tps, TopicPartition(self.names.findings, 0)]
        c.assign(tps)
        await c.seek_to_end(*tps)
        for tp in tps:
            await c.position(tp)

    async def stop(self) -> None:
        if self._consumer is not None:
            with contextlib.suppress(Exception):
                await self._consumer.stop()

    async def until_drained(self, alive: Callable[[], str | None] | None = None,
                            timeout_s: float | None = None) -> list[Incident]:
        """Read until the run is drained; ``alive`` returns why to give up (a dead worker)."""
        async with asyncio.timeout(timeout_s):
            while not self.drained:
                await self._poll()
                reason = alive() if alive is not None else None
                if reason is not None and not self.drained:
                    raise RuntimeError(reason)
            await self._read_to_end()
        return [self.incidents[k] for k in sorted(self.incidents)]

    async def _read_to_end(self) -> None:
        assert self._consumer is not None
        ends = await self._consumer.end_offsets(self._incident_tps)
        for tp, end in ends.items():
            while await self._consumer.position(tp) < end:
                await self._poll()

    async def _poll(self) -> None:
        assert self._consumer is not None
        batches = await self._consumer.getmany(timeout_ms=200, max_records=5000)
        for tp, messages in batches.items():
            for m in messages:
                headers = header_map(m.headers)
                if run_of(headers) != self.run:
                    continue
                if tp.topic == self.names.findings:
                    if headers.get(CONTROL) == b"drained":
                        self.drained = True
                    continue
                self._incident(headers, m.value or b"")

    def _incident(self, headers: dict[str, bytes], value: bytes) -> None:
        seq = int(headers.get(SEQ, b"0") or 0)
        if seq in self.incidents:
            self.duplicates += 1
            return
        self.incidents[seq] = Incident.model_validate_json(value)
