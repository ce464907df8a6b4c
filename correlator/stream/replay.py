"""``correlator replay --kafka``: the same replay, through the broker and the streaming workers.

Reads the files exactly as the embedded replay does, produces their records in event-time
order (:class:`~correlator.stream.plan.ReplayPlan`) to the input topics, runs a worker of its
own in a child process unless told that workers already run, collects the run's incident
records once the desk has drained (:class:`~correlator.stream.collect.Collector`), and scores
them with the embedded replay's code. Same files, same rules: same incident ids, same scores.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import orjson
from aiokafka import AIOKafkaProducer

from correlator.config.model import RuleSet
from correlator.core.fleet import FleetStats
from correlator.kafka.topics import DEFAULT_PARTITIONS
from correlator.replay.reader import ReadStats, StreamedFile, expand, read_records, records_in_time_order
from correlator.replay.run import Progress, ReplayResult
from correlator.replay.scoring import fold, summarize
from correlator.stream.collect import Collector
from correlator.stream.plan import OutMessage, ReplayPlan
from correlator.stream.settings import MAX_MESSAGE_BYTES
from correlator.stream.topics import StreamTopics, ensure_stream_topics
from correlator.stream.workerproc import WorkerProcess
from correlator.wire.deadletter import DeadLetterFile
from correlator.wire.decode import Rejected
from correlator.wire.incidents import Incident
from correlator.wire.labels import FaultLabel
from correlator.wire.records import AlertRecord, Record

SEND_WINDOW = 2000
Reject = Callable[[Rejected], None]


class BrokerReplayError(RuntimeError):
    """The replay through the broker could not complete (the message says why)."""


@dataclass(frozen=True)
class BrokerOptions:
    bootstrap: str
    prefix: str = ""
    partitions: int = DEFAULT_PARTITIONS
    own_worker: bool = True
    rules_path: Path | None = None
    timeout_s: float = 3600.0


@dataclass
class _Counts:
    records: int = 0
    alerts_firing: int = 0
    unroutable: int = 0


def run_broker_replay(
    paths: list[Path],
    labels: list[FaultLabel],
    rules: RuleSet,
    opts: BrokerOptions,
    incidents_path: Path | None = None,
    deadletter_path: Path | None = None,
    progress: Progress | None = None,
) -> ReplayResult:
    started = time.perf_counter()
    dead = DeadLetterFile(deadletter_path)
    rejects: list[Rejected] = []

    def reject(rej: Rejected) -> None:
        dead.write(rej)
        if len(rejects) < 1000:
            rejects.append(rej)

    stats = ReadStats()
    try:
        per_file = [read_records(path, reject, stats) for path in expand(paths)]
        if progress:
            streamed = sum(f.lines for f in per_file if isinstance(f, StreamedFile))
            more = f", {streamed:,} lines to stream" if streamed else ""
            progress(f"read {stats.records:,} records{more}")
        records = records_in_time_order(per_file)
        incidents, counts = asyncio.run(_through_broker(records, rules, opts, reject, progress))
    finally:
        dead.close()
    _write_incidents(incidents_path, incidents)
    wall = time.perf_counter() - started
    duration = (stats.max_ts - stats.min_ts) / 1e9 if stats.min_ts is not None and stats.max_ts else 0.0
    summary = summarize(fold(incidents), labels, stats.records, counts.alerts_firing, duration, wall)
    engine = FleetStats(records=counts.records, alerts_firing=counts.alerts_firing)
    return ReplayResult(summary, incidents, [], stats, engine, dead, rejects)


async def _through_broker(records: Iterable[Record], rules: RuleSet, opts: BrokerOptions,
                          reject: Reject, progress: Progress | None) -> tuple[list[Incident], _Counts]:
    names = StreamTopics(opts.prefix)
    await ensure_stream_topics(opts.bootstrap, opts.prefix, opts.partitions)
    run = uuid.uuid4().hex[:16]
    collector = Collector(opts.bootstrap, names, run, opts.partitions)
    await collector.start()
    with tempfile.TemporaryDirectory(prefix="correlator-replay-") as tmp:
        worker = WorkerProcess(opts.bootstrap, opts.prefix, opts.partitions, Path(tmp),
                               opts.rules_path) if opts.own_worker else None
        try:
            if worker is not None:
                worker.start()
            counts = await produce(opts.bootstrap, ReplayPlan(run, names, opts.partitions, rules),
                                   records, reject, progress)
            if progress:
                progress(f"produced {counts.records:,} records (run {run}); waiting for the desk")
            alive = worker.exited if worker is not None else None
            try:
                incidents = await collector.until_drained(alive, opts.timeout_s)
            except TimeoutError:
                raise BrokerReplayError(f"no end of run {run} on {names.findings} within "
                                        f"{opts.timeout_s:g} s: are workers running?") from None
            except RuntimeError as err:
                raise BrokerReplayError(str(err)) from None
        finally:
            await collector.stop()
            if worker is not None:
                worker.stop()
    return incidents, counts


async def produce(bootstrap: str, plan: ReplayPlan, records: Iterable[Record], reject: Reject,
                  progress: Progress | None = None) -> _Counts:
    """Send the plan's messages for ``records`` (in replay order)."""
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, linger_ms=5, acks="all",
                                enable_idempotence=True, max_batch_size=1 << 20,
                                max_request_size=MAX_MESSAGE_BYTES)
    await producer.start()
    counts = _Counts()
    pending: list[asyncio.Future[object]] = []
    try:
        await _send(producer, plan.start(), pending)
        for rec in records:
            if not _routable(rec, plan, reject, counts):
                continue
            await _send(producer, plan.add(rec, rec.__pydantic_serializer__.to_json(rec)), pending)
            if progress and counts.records % 250_000 == 0:
                progress(f"produced {counts.records:,} records")
        await _send(producer, plan.end(), pending)
        await asyncio.gather(*pending)
    finally:
        await producer.stop()
    return counts


def _routable(rec: Record, plan: ReplayPlan, reject: Reject, counts: _Counts) -> bool:
    try:
        plan.names.for_source(rec.source)
    except KeyError as err:
        counts.unroutable += 1
        reject(Rejected(f"{rec.node}/{rec.source}", str(err.args[0]),
                        orjson.dumps(rec.model_dump(mode="json"))))
        return False
    counts.records += 1
    if isinstance(rec, AlertRecord) and rec.alert.status == "firing":
        counts.alerts_firing += 1
    return True


async def _send(producer: AIOKafkaProducer, messages: list[OutMessage],
                pending: list[asyncio.Future[object]]) -> None:
    for m in messages:
        pending.append(await producer.send(m.topic, m.value, key=m.key, partition=m.partition,
                                           headers=m.headers))
    if len(pending) >= SEND_WINDOW:
        await asyncio.gather(*pending)
        pending.clear()


def _write_incidents(path: Path | None, incidents: list[Incident]) -> None:
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fh:
        for inc in incidents:
            fh.write(orjson.dumps(inc.model_dump(mode="json")) + b"\n")
