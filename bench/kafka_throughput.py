"""Streaming throughput and record-to-incident delay on one worker, against a bare consumer.

    .venv/bin/python bench/kafka_throughput.py --kafka 127.0.0.1:9092 \
        [--nodes 16] [--minutes 60] [--batch-seconds 1] [--rates 20000,4000] [--out out/bench]

The recording (``correlator simulate``, faults and look-alikes) is cut into live-style
messages as the node agents publish them: one message per node, source and ``--batch-seconds``
of event time (a JSON array), key = node, no replay markers.

1. Ceiling: the messages are produced to fresh topics and a bare aiokafka consumer (``getmany``)
   drains all five input topics, once without decoding and once decoding every message with
   orjson: records/s and messages/s.
2. Throughput: one ``correlator worker`` then starts on that backlog; records/s from its first
   to its last ``findings`` message (broker timestamps), so start-up and rebalancing are left out.
3. Delay: for each rate, a worker runs first and the messages are produced at that many
   records/s. An incident record can be published once every partition's watermark (its
   fleet's lowest node watermark) has passed its event time; the record that makes this
   possible is the first one, on the slowest partition, stamped at least ``updated_ns +
   lateness``. The delay is the incident record's broker timestamp minus that record's send
   time: p50, p99, max. (Before 2026-11-30 the desk held findings a fixed 95 s of event time
   more; ``--hold`` adds such a hold to the trigger.)
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import orjson
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition

from correlator.config import load_rules
from correlator.kafka import TopicNames
from correlator.replay.reader import ReadStats, read_file, records_in_time_order
from correlator.stream.findings import FindingsMessage
from correlator.stream.plan import partition_for, record_key
from correlator.stream.protocol import CONTROL
from correlator.stream.settings import MAX_MESSAGE_BYTES
from correlator.stream.topics import StreamTopics, ensure_stream_topics
from correlator.stream.workerproc import WorkerProcess
from correlator.wire.incidents import Incident

CLI = str(Path(sys.executable).with_name("correlator"))
PARTITIONS = 6


@dataclass
class Msg:
    topic: str
    partition: int
    key: bytes
    value: bytes
    records: int
    max_ts: int


@dataclass
class Sent:
    """Per partition: running maximum of event time, and when each message left."""

    max_ts: dict[int, list[int]] = field(default_factory=dict)
    at: dict[int, list[float]] = field(default_factory=dict)

    def add(self, m: Msg, when: float) -> None:
        ts = self.max_ts.setdefault(m.partition, [])
        ts.append(max(m.max_ts, ts[-1] if ts else m.max_ts))
        self.at.setdefault(m.partition, []).append(when)

    def trigger(self, ts_ns: int) -> float | None:
        """When the last partition got its first record stamped ``ts_ns`` or later."""
        worst = 0.0
        for p, ts in self.max_ts.items():
            i = bisect.bisect_left(ts, ts_ns)
            if i == len(ts):
                return None
            worst = max(worst, self.at[p][i])
        return worst


def recording(out: Path, nodes: int, minutes: int) -> Path:
    d = out / f"kafka-rec-{nodes}x{minutes}"
    if not (d / "events.jsonl.gz").exists():
        subprocess.run([CLI, "simulate", "--out", str(d), "--nodes", str(nodes), "--minutes", str(minutes),
                        "--seed", "5", "--faults", "session_isolation,spec_residue,monitoring_gap,xid_79",
                        "--benign", "long_document,retry_burst"], check=True, capture_output=True)
    return d / "events.jsonl.gz"


def messages(path: Path, names: TopicNames, batch_s: float) -> list[Msg]:
    """Live-style messages: one per node, source and batch window, in event-time order."""
    recs = records_in_time_order([read_file(path, lambda r: None, ReadStats())])
    window = int(batch_s * 1e9)
    open_: dict[tuple[str, str], tuple[int, list[bytes], int]] = {}
    out: list[Msg] = []

    def flush(k: tuple[str, str]) -> None:
        _, values, max_ts = open_.pop(k)
        node, topic = k
        out.append(Msg(topic, partition_for(node.encode(), PARTITIONS), node.encode(),
                       b"[" + b",".join(values) + b"]", len(values), max_ts))

    current = None
    for rec in recs:
        k = (record_key(rec), names.for_source(rec.source))
        slot = rec.ts_ns // window
        if slot != current:
            # a window closes for every node and source at once, as the agents send a round
            # when it is collected (not when the source's next record happens to come)
            for done in [key for key, (s, _, _) in open_.items() if s < slot]:
                flush(done)
            current = slot
        if k not in open_:
            open_[k] = (slot, [], rec.ts_ns)
        _, values, max_ts = open_[k]
        values.append(rec.__pydantic_serializer__.to_json(rec))
        open_[k] = (slot, values, max(max_ts, rec.ts_ns))
    for k in list(open_):
        flush(k)
    return out


async def produce(bootstrap: str, msgs: list[Msg], rate: float | None, sent: Sent | None) -> float:
    p = AIOKafkaProducer(bootstrap_servers=bootstrap, linger_ms=5, max_batch_size=1 << 20,
                         max_request_size=MAX_MESSAGE_BYTES)
    await p.start()
    started = time.time()
    done = 0
    try:
        pending = []
        for m in msgs:
            if rate is not None:
                due = started + done / rate
                if due > time.time():
                    await asyncio.sleep(due - time.time())
            pending.append(await p.send(m.topic, m.value, key=m.key, partition=m.partition))
            if sent is not None:
                sent.add(m, time.time())
            done += m.records
            if len(pending) >= 5000:
                await asyncio.gather(*pending)
                pending.clear()
        await asyncio.gather(*pending)
    finally:
        await p.stop()
    return time.time() - started


async def bare_consumer(bootstrap: str, names: TopicNames, decode: bool) -> tuple[float, int, int]:
    c = AIOKafkaConsumer(bootstrap_servers=bootstrap, group_id=None, enable_auto_commit=False,
                         max_partition_fetch_bytes=4 << 20, fetch_max_bytes=64 << 20)
    await c.start()
    tps = [TopicPartition(t, p) for t in names.inputs for p in range(PARTITIONS)]
    c.assign(tps)
    await c.seek_to_beginning(*tps)
    ends = await c.end_offsets(tps)
    total = sum(ends.values())
    n = records = 0
    started = time.perf_counter()
    while n < total:
        for batch in (await c.getmany(timeout_ms=500, max_records=10_000)).values():
            n += len(batch)
            if decode:
                for m in batch:
                    records += len(orjson.loads(m.value))
    elapsed = time.perf_counter() - started
    await c.stop()
    return elapsed, n, records


async def wait_processed(bootstrap: str, names: StreamTopics, msgs: list[Msg],
                         worker: WorkerProcess, quiet_s: float | None = None,
                         ) -> list[tuple[float, FindingsMessage]]:
    """Findings messages (with broker timestamps) until every partition saw its last record.

    A worker publishes a partition's findings message when its watermark moves; the last
    records of a paced run can stay behind a node's watermark (waiting for records that are
    not coming, and history-stamped traffic is not moved on by the wall clock), so with
    ``quiet_s`` the wait also ends once no findings message has come for that long."""
    last = {}
    for m in msgs:
        last[m.partition] = max(last.get(m.partition, 0), m.max_ts)
    c = AIOKafkaConsumer(bootstrap_servers=bootstrap, group_id=None, enable_auto_commit=False,
                         max_partition_fetch_bytes=MAX_MESSAGE_BYTES)
    await c.start()
    tp = TopicPartition(names.findings, 0)
    c.assign([tp])
    await c.seek_to_beginning(tp)
    seen: dict[int, int] = {}
    out = []
    heard = time.monotonic()
    try:
        while any(seen.get(p, -1) < ts for p, ts in last.items()):
            if worker.exited():
                raise RuntimeError(worker.exited())
            if quiet_s is not None and out and time.monotonic() - heard > quiet_s:
                short = {p: round((ts - seen.get(p, 0)) / 1e9, 1) for p, ts in last.items()
                         if seen.get(p, -1) < ts}
                print(f"  (no findings for {quiet_s:g} s; seconds of event time not reported: {short})")
                break
            for batch in (await c.getmany(timeout_ms=500)).values():
                heard = time.monotonic()
                for m in batch:
                    if CONTROL in {k for k, _ in m.headers}:
                        continue
                    fm = FindingsMessage.decode(m.value)
                    seen[fm.partition] = max(seen.get(fm.partition, -1), fm.max_ns)
                    out.append((m.timestamp / 1000.0, fm))
    finally:
        await c.stop()
    return out


async def incidents_with_times(bootstrap: str, names: TopicNames) -> list[tuple[float, Incident]]:
    c = AIOKafkaConsumer(bootstrap_servers=bootstrap, group_id=None, enable_auto_commit=False)
    await c.start()
    tps = [TopicPartition(names.incidents, p) for p in range(PARTITIONS)]
    c.assign(tps)
    await c.seek_to_beginning(*tps)
    ends = await c.end_offsets(tps)
    out = []
    while any([await c.position(tp) < ends[tp] for tp in tps]):
        for batch in (await c.getmany(timeout_ms=500)).values():
            out += [(m.timestamp / 1000.0, Incident.model_validate_json(m.value)) for m in batch]
    await c.stop()
    return out


async def dead_letters(bootstrap: str, names: TopicNames) -> int:
    c = AIOKafkaConsumer(bootstrap_servers=bootstrap, group_id=None)
    await c.start()
    try:
        ends = await c.end_offsets([TopicPartition(names.deadletter, p) for p in range(PARTITIONS)])
    finally:
        await c.stop()
    return sum(ends.values())


def start_worker(bootstrap: str, prefix: str, tmp: Path) -> WorkerProcess:
    w = WorkerProcess(bootstrap, prefix, PARTITIONS, tmp / prefix, store="rocksdb")
    w.start()
    return w


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


async def main_async(args: argparse.Namespace) -> None:
    rules = load_rules()
    hold_ns = int(args.hold * 1e9)
    lateness_ns = int(rules.alignment.allowed_lateness_s * 1e9)
    path = recording(args.out, args.nodes, args.minutes)
    tag = uuid.uuid4().hex[:6]
    base = StreamTopics(f"bench.{tag}.a.")
    msgs = messages(path, base, args.batch_seconds)
    records = sum(m.records for m in msgs)
    print(f"recording {path}: {records:,} records in {len(msgs):,} messages "
          f"({records / len(msgs):.1f} records/message, {args.batch_seconds:g} s batches)")
    with tempfile.TemporaryDirectory(prefix="bench-kafka-") as tmp_name:
        tmp = Path(tmp_name)
        await ensure_stream_topics(args.kafka, base.prefix, PARTITIONS)
        await produce(args.kafka, msgs, None, None)
        for decode in (False, True):
            elapsed, n, _ = await bare_consumer(args.kafka, base, decode)
            what = "bare consumer, getmany + orjson per message" if decode else "bare consumer, getmany"
            print(f"  {what:<48} {records / elapsed:>10,.0f} records/s  {n / elapsed:>9,.0f} msg/s")
        w = start_worker(args.kafka, base.prefix, tmp)
        try:
            # quiet_s: a partition whose last records add no finding and do not move its
            # watermark publishes no message for them, and the wait would never end
            found = await wait_processed(args.kafka, base, msgs, w, quiet_s=20.0)
        finally:
            w.stop()
        span = found[-1][0] - found[0][0]
        print(f"  {'one worker, backlog drained end to end':<48} {records / span:>10,.0f} records/s  "
              f"{len(msgs) / span:>9,.0f} msg/s  ({await dead_letters(args.kafka, base)} dead letters)")
        for rate in args.rates:
            names = StreamTopics(f"bench.{tag}.r{int(rate)}.")
            await ensure_stream_topics(args.kafka, names.prefix, PARTITIONS)
            w = start_worker(args.kafka, names.prefix, tmp)
            await asyncio.sleep(args.warmup)
            sent = Sent()
            try:
                took = await produce(args.kafka, messages(path, names, args.batch_seconds), rate, sent)
                found = await wait_processed(args.kafka, names, msgs, w, quiet_s=20.0)
            finally:
                w.stop()
            lag = found[-1][0] - max(a[-1] for a in sent.at.values())
            delays = []
            for when, inc in await incidents_with_times(args.kafka, names):
                t = sent.trigger(inc.updated_ns + hold_ns + lateness_ns)
                if t is not None:
                    delays.append(when - t)
            achieved = records / took
            dead = await dead_letters(args.kafka, names)
            if delays:
                print(f"  at {rate:>8,.0f} records/s offered ({achieved:,.0f} sent): {len(delays)} incident "
                      f"records, delay p50 {statistics.median(delays):.3f} s, p99 {pct(delays, 0.99):.3f} s, "
                      f"max {max(delays):.3f} s; worker finished {lag:.1f} s after the last send; "
                      f"{dead} dead letters")
            else:
                print(f"  at {rate:>8,.0f} records/s: no incident records to time")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kafka", required=True, metavar="HOST:PORT")
    ap.add_argument("--nodes", type=int, default=16)
    ap.add_argument("--minutes", type=int, default=60)
    ap.add_argument("--batch-seconds", type=float, default=1.0)
    ap.add_argument("--rates", type=lambda s: [float(x) for x in s.split(",") if x],
                    default=[20000.0, 4000.0], help="records/s to offer in the delay runs")
    ap.add_argument("--warmup", type=float, default=12.0, help="seconds for the worker to join")
    ap.add_argument("--out", type=Path, default=Path("out/bench"))
    ap.add_argument("--hold", type=float, default=0.0,
                    help="seconds of event time the desk holds findings beyond the watermark (default 0)")
    asyncio.run(main_async(ap.parse_args()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
