"""Where accepted alerts go. A sink's ``accept`` returns only once they are durable.

Two sinks implement :class:`AlertSink`: :class:`~correlator.ingest.kafka_sink.KafkaSink`
(acknowledged by the broker) and :class:`~correlator.ingest.engine_sink.EngineSink` (an
embedded engine writing incidents). The HTTP shell answers 2xx only after ``accept`` returned.
"""

from __future__ import annotations

from typing import Protocol

from correlator.wire.decode import Rejected
from correlator.wire.records import AlertRecord


class SinkError(RuntimeError):
    """The alerts could not be made durable; the sender should retry (HTTP 503)."""


class AlertSink(Protocol):
    async def start(self) -> None: ...

    async def accept(self, records: list[AlertRecord]) -> None:
        """Make ``records`` durable, or raise :class:`SinkError`."""

    async def reject(self, rejected: list[Rejected]) -> None:
        """Keep refused input with its reason (the dead letters)."""

    async def tick(self, now_ns: int) -> None:
        """The ingest's clock reads ``now_ns`` (the embedded engine moves on)."""

    def ready(self) -> bool: ...

    async def close(self) -> None: ...
