"""Alerts into an embedded engine; its incidents out as JSON Lines (no broker).

``accept`` returns once the engine has taken the records and every incident they produced is
written and flushed. :meth:`feed` takes any contract records, so a caller in the same process
(a benchmark, a test) can give the engine the node telemetry the alerts are about.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import IO

from prometheus_client import CollectorRegistry

from correlator.core import Engine, EngineOutput
from correlator.ingest.live import LiveEngine
from correlator.obs.embedded import EmbeddedObs
from correlator.wire.deadletter import DeadLetterFile
from correlator.wire.decode import Rejected
from correlator.wire.incidents import Incident
from correlator.wire.records import AlertRecord, Record

IncidentHook = Callable[[Incident], None]


class IncidentWriter:
    """Incident records as JSON Lines to a file (appended) or standard output (``-``)."""

    def __init__(self, target: Path | str | None) -> None:
        self.target = target
        self._fh: IO[bytes] | None = None
        self.count = 0

    def write(self, incidents: list[Incident]) -> None:
        if not incidents or self.target is None:
            self.count += len(incidents)
            return
        fh = self._open()
        for inc in incidents:
            fh.write(inc.model_dump_json().encode() + b"\n")
        fh.flush()
        self.count += len(incidents)

    def _open(self) -> IO[bytes]:
        if self._fh is None:
            if self.target == "-":
                self._fh = sys.stdout.buffer
            else:
                path = Path(str(self.target))
                path.parent.mkdir(parents=True, exist_ok=True)
                self._fh = path.open("ab")
        return self._fh

    def close(self) -> None:
        if self._fh is not None and self.target != "-":
            self._fh.close()
        self._fh = None


class EngineSink:
    def __init__(self, engine: Engine, writer: IncidentWriter,
                 deadletters: DeadLetterFile | None = None,
                 on_incident: IncidentHook | None = None,
                 registry: CollectorRegistry | None = None) -> None:
        """With ``registry``, the engine's metrics (records in, incidents, actions, state,
        scores, KV-cache health) are registered there, next to the ingest's own."""
        self.live = LiveEngine(engine)
        self.obs = (EmbeddedObs(registry, engine, lambda: self.live.watermark_ns)
                    if registry is not None else None)
        self.writer = writer
        self.deadletters = deadletters or DeadLetterFile(None, flush=True)
        self.on_incident = on_incident
        self.incidents = 0

    async def start(self) -> None:
        return None

    def ready(self) -> bool:
        return True

    async def accept(self, records: list[AlertRecord]) -> None:
        self.feed(records)

    def feed(self, records: Iterable[Record]) -> None:
        """Any contract records (telemetry too), straight into the engine."""
        batch = list(records)
        if self.obs is not None:
            self.obs.records(batch)
        self._emit(self.live.process(batch))

    async def reject(self, rejected: list[Rejected]) -> None:
        for rej in rejected:
            self.deadletters.write(rej)

    async def tick(self, now_ns: int) -> None:
        self._emit(self.live.tick(now_ns))

    async def close(self) -> None:
        self._emit(self.live.finish())
        self.writer.close()
        self.deadletters.close()

    def _emit(self, out: EngineOutput) -> None:
        if self.obs is not None:
            self.obs.output(out)
        for rej in out.rejected:
            self.deadletters.write(rej)
        self.writer.write(out.incidents)
        self.incidents += len(out.incidents)
        if self.on_incident is not None:
            for inc in out.incidents:
                self.on_incident(inc)
