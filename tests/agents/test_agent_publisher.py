"""The publisher: rounds as messages, and the spool under a real Kafka broker's outage.

The outage test starts a broker of its own through ``correlator.kafka`` (so that stopping it
disturbs no other test), publishes while it is up, stops it, publishes while it is down, starts
it again on the same storage, and reads every topic back with a plain aiokafka consumer.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from collections import defaultdict
from pathlib import Path
from typing import Any

import orjson
import pytest
from agent_helpers import until
from aiokafka import AIOKafkaConsumer
from aiokafka.errors import UnknownTopicOrPartitionError

from agents.publisher import KafkaSettings, Publisher, split_round
from agents.records import JsonRecord, Sequencer, event, sample
from agents.spool import Spool
from correlator.kafka import (
    BrokerSettings,
    TopicNames,
    ensure_topics,
    free_ports,
    start_broker,
    stop_broker,
)
from correlator.wire.decode import decode_message

SOURCES = ("nvml", "dcgm", "vllm", "host")


def a_round(node: str, source: str, ts_ns: int) -> list[JsonRecord]:
    """A round as the collectors make it: per-GPU samples for GPU sources, plus an event."""
    gpus: list[int | None] = [0, 1] if source in ("nvml", "dcgm") else [None]
    records = [sample(node=node, source=source, ts_ns=ts_ns, gpu=g,
                      metrics={"mem_used_bytes": ts_ns % 1000, "round": ts_ns})
               for g in gpus]
    if ts_ns % 3 == 0:
        records.append(event(node=node, source=source, ts_ns=ts_ns, gpu=gpus[0],
                             name="source_gap", attrs={"reason": "test"}))
    return records


def closed_port() -> int:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port: int = sock.getsockname()[1]
    sock.close()
    return port


def test_split_round_keeps_order_and_bounds_message_size() -> None:
    records = [sample(node="n", source="host", ts_ns=i, gpu=None, metrics={"x": i})
               for i in range(100)]
    parts = split_round(records, 1000)
    assert all(len(value) <= 1000 for value, _ in parts) and len(parts) > 1
    rebuilt = [r for value, _ in parts for r in orjson.loads(value)]
    assert rebuilt == records and sum(n for _, n in parts) == 100
    assert split_round(records, 1 << 20) == [(orjson.dumps(records), 100)]
    assert split_round([], 1000) == []


async def test_unreachable_broker_spools_everything_and_logs_once(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    spool = Spool(tmp_path, max_bytes=1 << 20, segment_bytes=64 << 10)
    settings = KafkaSettings(f"127.0.0.1:{closed_port()}", backoff_s=0.01, max_backoff_s=0.05)
    publisher = Publisher(settings, spool)
    sequencer = Sequencer()
    with caplog.at_level(logging.WARNING, logger="agents.publisher"):
        task = asyncio.create_task(publisher.run())
        for ts in range(1, 11):
            for source in SOURCES:
                await publisher.publish(source, "n1", sequencer.stamp(a_round("n1", source, ts)))
        await until(lambda: "Kafka unavailable" in caplog.text)
        await publisher.close()
        await task
    assert spool.pending() == (40, sum(len(a_round("n1", s, ts)) for s in SOURCES
                                       for ts in range(1, 11)))
    assert caplog.text.count("Kafka unavailable") == 1
    [first] = spool.peek(1)
    assert (first.topic, first.key) == ("telemetry.nvml", b"n1")
    assert [(r["gpu"], r["seq"]) for r in orjson.loads(first.value)] == [(0, 0), (1, 0)]


class StuckProducer:
    """A producer whose ``send`` never returns, as aiokafka's waits for the metadata of a topic
    that does not exist once the producer is stopped."""

    def __init__(self) -> None:
        self.sends = 0

    async def start(self) -> None:
        pass

    async def stop(self) -> None:
        pass

    async def send(self, topic: str, value: bytes, key: bytes) -> asyncio.Future[Any]:
        self.sends += 1
        await asyncio.Event().wait()
        raise AssertionError("unreachable")


async def test_close_ends_a_drain_stuck_in_a_send(tmp_path: Path) -> None:
    spool = Spool(tmp_path, max_bytes=1 << 20, segment_bytes=64 << 10)
    producer = StuckProducer()
    publisher = Publisher(KafkaSettings("unused:9092"), spool, producer_factory=lambda: producer)
    drain = asyncio.create_task(publisher.run())
    await publisher.publish("host", "n1", a_round("n1", "host", 1))
    await until(lambda: producer.sends == 1)
    await publisher.close()
    await asyncio.wait_for(drain, 5)  # used to wait for ever, and the agent with it
    assert spool.pending() == (1, len(a_round("n1", "host", 1)))  # kept for the next start


@pytest.mark.kafka
async def test_missing_topics_are_one_outage_and_close_still_ends_the_drain(
        kafka_bootstrap: str, kafka_prefix: str, tmp_path: Path,
        caplog: pytest.LogCaptureFixture) -> None:
    spool = Spool(tmp_path, max_bytes=1 << 20, segment_bytes=64 << 10)
    settings = KafkaSettings(kafka_bootstrap, topic_prefix=kafka_prefix, request_timeout_ms=1000,
                             backoff_s=0.1, max_backoff_s=0.2)
    publisher = Publisher(settings, spool)
    drain = asyncio.create_task(publisher.run())
    with caplog.at_level(logging.WARNING, logger="agents.publisher"):
        await publisher.publish("host", "n1", a_round("n1", "host", 1))
        await until(lambda: "Kafka unavailable" in caplog.text)
        await asyncio.sleep(4)  # several more attempts, each connecting and failing again
        assert caplog.text.count("Kafka unavailable") == 1 and "is back" not in caplog.text
        assert f"topic {kafka_prefix}telemetry.host does not exist" in caplog.text
        await publisher.close()  # while a send waits for the topic: it used to hang for ever
        await asyncio.wait_for(drain, 10)
    assert spool.pending()[0] == 1


async def test_broker_back_is_logged_once_a_message_is_delivered(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    spool = Spool(tmp_path, max_bytes=1 << 20, segment_bytes=64 << 10)
    producer = FlakyProducer(failures=3)
    publisher = Publisher(KafkaSettings("fake:9092", backoff_s=0.01, max_backoff_s=0.01), spool,
                          producer_factory=lambda: producer)
    drain = asyncio.create_task(publisher.run())
    with caplog.at_level(logging.WARNING, logger="agents.publisher"):
        await publisher.publish("host", "n1", a_round("n1", "host", 1))
        await asyncio.wait_for(publisher.wait_idle(), 10)
        await publisher.close()
        await drain
    assert caplog.text.count("Kafka unavailable") == 1  # three failed sends, one outage
    assert caplog.text.count("is back; sending 1 spooled messages") == 1
    assert producer.starts == 4 and spool.pending() == (0, 0)


class FlakyProducer:
    """Connects every time; its first ``failures`` sends fail as for a missing topic."""

    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.starts = 0

    async def start(self) -> None:
        self.starts += 1

    async def stop(self) -> None:
        pass

    async def send(self, topic: str, value: bytes, key: bytes) -> asyncio.Future[Any]:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        if self.failures:
            self.failures -= 1
            future.set_exception(UnknownTopicOrPartitionError())
        else:
            future.set_result(None)
        return future


async def read_all(bootstrap: str, topics: tuple[str, ...], expected: int) -> list[Any]:
    """Every message of ``topics`` from the start: (topic, partition, offset, key, value)."""
    consumer = AIOKafkaConsumer(*topics, bootstrap_servers=bootstrap,
                                auto_offset_reset="earliest", enable_auto_commit=False,
                                group_id=None)
    await consumer.start()
    messages: list[Any] = []
    try:
        async with asyncio.timeout(120):
            while sum(len(orjson.loads(m[4])) for m in messages) < expected:
                batch = await consumer.getmany(timeout_ms=500)
                for tp, msgs in batch.items():
                    messages += [(tp.topic, tp.partition, m.offset, m.key, m.value)
                                 for m in msgs]
        extra = await consumer.getmany(timeout_ms=1000)  # nothing more may follow
        messages += [(tp.topic, tp.partition, m.offset, m.key, m.value)
                     for tp, msgs in extra.items() for m in msgs]
    finally:
        await consumer.stop()
    return messages


@pytest.mark.kafka
async def test_broker_outage_loses_nothing_duplicates_nothing_and_keeps_order(
        tmp_path: Path) -> None:
    port, controller_port = free_ports(2)
    broker = BrokerSettings(port=port, controller_port=controller_port,
                            data_dir=tmp_path / "broker")
    prefix = "agent-outage."
    nodes = ("gpu-a", "gpu-b", "gpu-c")
    info = await asyncio.to_thread(start_broker, broker)
    spool = Spool(tmp_path / "spool", max_bytes=8 << 20, segment_bytes=256 << 10)
    settings = KafkaSettings(info.bootstrap, topic_prefix=prefix, request_timeout_ms=5000,
                             backoff_s=0.2, max_backoff_s=1.0)
    publisher = Publisher(settings, spool)
    drain = asyncio.create_task(publisher.run())
    sequencer = Sequencer()
    published = 0

    async def rounds(first: int, last: int) -> None:
        nonlocal published
        for ts in range(first, last):
            for node in nodes:
                for source in SOURCES:
                    records = sequencer.stamp(a_round(node, source, ts))
                    published += len(records)
                    await publisher.publish(source, node, records)

    try:
        await ensure_topics(info.bootstrap, prefix, partitions=3)
        await rounds(1, 6)
        await asyncio.wait_for(publisher.wait_idle(), 60)
        delivered_before = publisher.sent_messages
        await asyncio.to_thread(stop_broker, broker.data_dir, keep_data=True)
        await rounds(6, 31)  # the broker is down: all of this goes to the spool
        assert spool.pending()[0] == 25 * len(nodes) * len(SOURCES)
        await asyncio.to_thread(start_broker, broker)
        await asyncio.wait_for(publisher.wait_idle(), 180)
        assert publisher.sent_messages == delivered_before + 25 * len(nodes) * len(SOURCES)
        messages = await read_all(info.bootstrap, TopicNames(prefix).telemetry, published)
    finally:
        await publisher.close()
        await drain
        await asyncio.to_thread(stop_broker, broker.data_dir)
    check_once_and_in_order(messages, published, nodes)


def check_once_and_in_order(messages: list[Any], published: int, nodes: tuple[str, ...]) -> None:
    seen: set[tuple[str, str, int | None, int]] = set()
    last_seq: dict[tuple[str, str, int | None], int] = defaultdict(lambda: -1)
    partition_of: dict[tuple[str, bytes], int] = {}
    for topic, partition, _offset, key, value in sorted(messages, key=lambda m: m[:3]):
        records, rejected = decode_message(value, origin=topic)
        assert rejected == []
        assert {r.node for r in records} == {key.decode()}  # one node per message, = the key
        assert topic.endswith("telemetry." + records[0].source)
        assert partition_of.setdefault((topic, key), partition) == partition
        for r in records:
            ident = (r.node, r.source, r.gpu, r.seq)
            assert ident not in seen, f"duplicate {ident}"
            seen.add(ident)
            series = (r.node, r.source, r.gpu)
            assert r.seq == last_seq[series] + 1, f"out of order or missing in {series}"
            last_seq[series] = r.seq
    assert len(seen) == published
    assert {n for n, *_ in seen} == set(nodes)
    # one node's sources share a partition number across the co-partitioned topics
    for node in nodes:
        numbers = {p for (t, k), p in partition_of.items() if k == node.encode()}
        assert len(numbers) == 1, (node, numbers)
