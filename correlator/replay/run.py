"""The embedded replay: files -> engine -> incidents file, dead letters, summary."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

import orjson

from correlator.config.model import RuleSet
from correlator.core.engine import Engine, EngineOutput, EngineStats
from correlator.core.outputs import ActionEvent
from correlator.gctune import bulk_phase
from correlator.replay.reader import (
    IN_MEMORY_BYTES,
    ReadStats,
    StreamedFile,
    expand,
    read_records,
    records_in_time_order,
)
from correlator.replay.scoring import fold, summarize
from correlator.wire.deadletter import DeadLetterFile
from correlator.wire.decode import Rejected
from correlator.wire.incidents import Incident
from correlator.wire.labels import FaultLabel
from correlator.wire.records import Record
from correlator.wire.summary import ReplaySummary

Progress = Callable[[str], None]
Observer = Callable[[list[Record], Engine], None]
"""Called after each batch with the batch and the engine (read-only): the report's hook."""


@dataclass
class ReplayResult:
    summary: ReplaySummary
    incidents: list[Incident]
    actions: list[ActionEvent]
    read: ReadStats
    engine: EngineStats
    deadletter: DeadLetterFile
    rejects: list[Rejected] = field(default_factory=list)


class _Sink:
    """Collects engine output, writes incidents as they are published."""

    def __init__(self, incidents_path: Path | None, deadletter: DeadLetterFile) -> None:
        self.incidents: list[Incident] = []
        self.actions: list[ActionEvent] = []
        self.deadletter = deadletter
        self.rejects: list[Rejected] = []
        self._fh: IO[bytes] | None = None
        if incidents_path is not None:
            incidents_path.parent.mkdir(parents=True, exist_ok=True)
            self._fh = incidents_path.open("wb")

    def reject(self, rej: Rejected) -> None:
        self.deadletter.write(rej)
        if len(self.rejects) < 1000:
            self.rejects.append(rej)

    def take(self, out: EngineOutput) -> None:
        for inc in out.incidents:
            self.incidents.append(inc)
            if self._fh is not None:
                self._fh.write(orjson.dumps(inc.model_dump(mode="json")) + b"\n")
        self.actions += out.actions
        for rej in out.rejected:
            self.reject(rej)

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
        self.deadletter.close()


def run_replay(
    paths: list[Path],
    labels: list[FaultLabel],
    rules: RuleSet,
    incidents_path: Path | None = None,
    deadletter_path: Path | None = None,
    progress: Progress | None = None,
    observe: Observer | None = None,
    in_memory_bytes: int = IN_MEMORY_BYTES,
) -> ReplayResult:
    """Replay record files through an embedded engine and score the incidents against
    ``labels``. Files larger than ``in_memory_bytes`` on disk are streamed in bounded memory
    (:class:`~correlator.replay.reader.StreamedFile`); the result is the same either way."""
    with bulk_phase():
        return _run(paths, labels, rules, incidents_path, deadletter_path, progress, observe,
                    in_memory_bytes)


def _run(
    paths: list[Path],
    labels: list[FaultLabel],
    rules: RuleSet,
    incidents_path: Path | None,
    deadletter_path: Path | None,
    progress: Progress | None,
    observe: Observer | None,
    in_memory_bytes: int,
) -> ReplayResult:
    started = time.perf_counter()
    sink = _Sink(incidents_path, DeadLetterFile(deadletter_path))
    stats = ReadStats()
    engine = Engine(rules)
    try:
        per_file: list[Iterable[Record]] = []
        streamed = 0
        for path in expand(paths):
            records = read_records(path, sink.reject, stats, in_memory_bytes=in_memory_bytes)
            per_file.append(records)
            if isinstance(records, StreamedFile):
                streamed += records.lines
                if progress:
                    progress(f"{path}: {records.lines:,} lines, streamed (out of order by up to "
                             f"{records.disorder_ns / 1e9:g} s)")
            elif progress:
                progress(f"read {stats.records:,} records from {path}")
        total = stats.records + streamed
        done = 0
        for batch in _batches(records_in_time_order(per_file), BATCH):
            sink.take(engine.process_batch(batch))
            if observe is not None:
                observe(batch, engine)
            done += len(batch)
            if progress and done % (16 * BATCH) < BATCH:
                rate = done / (time.perf_counter() - started)
                progress(f"{_bar(done, total)} {done:,}/{total:,} records ({rate:,.0f}/s)")
        sink.take(engine.finish())
    finally:
        sink.close()
    wall = time.perf_counter() - started
    duration = (stats.max_ts - stats.min_ts) / 1e9 if stats.min_ts is not None and stats.max_ts else 0.0
    summary = summarize(fold(sink.incidents), labels, stats.records, engine.stats.alerts_firing,
                        duration, wall)
    return ReplayResult(summary, sink.incidents, sink.actions, stats, engine.stats,
                        sink.deadletter, sink.rejects)


BATCH = 1024


def _batches(records: Iterator[Record], size: int) -> Iterator[list[Record]]:
    batch: list[Record] = []
    for rec in records:
        batch.append(rec)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def _bar(done: int, total: int, width: int = 30) -> str:
    filled = width * done // max(total, 1)
    return "[" + "#" * filled + "." * (width - filled) + "]"


def stderr_progress(message: str) -> None:
    """One line per message; on a terminal the bar redraws in place."""
    if sys.stderr.isatty() and message.startswith("["):
        end = "\n" if message.split("]")[0].count(".") == 0 else ""
        print(f"\rreplay: {message}", end=end, file=sys.stderr, flush=True)
    else:
        print(f"replay: {message}", file=sys.stderr, flush=True)
