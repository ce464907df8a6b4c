"""Malformed input on the real broker: each lands in ``deadletter`` with its reason and its
original bytes, and the worker goes on with the records after it."""

from __future__ import annotations

import time
from pathlib import Path

import orjson
import pytest
from aiokafka import AIOKafkaProducer
from stream_support import PARTITIONS, delete_internal_topics, read_topic, wait_for, worker

from correlator.kafka import TopicNames
from correlator.stream.findings import FindingsMessage
from correlator.stream.plan import partition_for
from correlator.stream.protocol import CONTROL
from correlator.stream.settings import MAX_MESSAGE_BYTES
from correlator.stream.topics import StreamTopics, ensure_stream_topics
from correlator.wire.deadletter import decode_raw

NODE = "gpu-dl"


def record(ts_ns: int, **metrics: object) -> dict[str, object]:
    return {"v": 1, "ts_ns": ts_ns, "node": NODE, "source": "nvml", "kind": "sample", "gpu": 0,
            "metrics": metrics or {"mem_used_bytes": 1.0e9, "mem_total_bytes": 8.0e10}}


@pytest.mark.kafka
async def test_malformed_records_go_to_deadletter_with_their_reason_and_the_stream_goes_on(
        kafka_bootstrap: str, kafka_topics: TopicNames, tmp_path: Path) -> None:
    prefix = kafka_topics.prefix
    now = time.time_ns()
    good = record(now)
    bad = {
        "bad json": b'{"v":1,"ts_ns":',
        "wrong types": orjson.dumps(record(now) | {"ts_ns": "soon", "metrics": {"mem": "lots"}}),
        "missing fields": orjson.dumps({"v": 1, "node": NODE, "source": "nvml", "kind": "sample"}),
        "10 MB": b'{"v":1,"pad":"' + b"x" * (10 * 1024 * 1024) + b'"}',
        "bad batch item": orjson.dumps([record(now - 10**9), {"v": 1, "node": NODE}]),
    }
    reasons = {"bad json": "JSON", "wrong types": "ts_ns: Input should be a valid integer",
               "missing fields": "ts_ns: Field required", "10 MB": "exceeds the",
               "bad batch item": "discriminator 'kind'"}
    await ensure_stream_topics(kafka_bootstrap, prefix, PARTITIONS)
    w = worker(kafka_bootstrap, prefix, tmp_path / "w")
    producer = AIOKafkaProducer(bootstrap_servers=kafka_bootstrap, max_request_size=MAX_MESSAGE_BYTES)
    await producer.start()
    try:
        for value in [*bad.values(), orjson.dumps(good)]:
            await producer.send_and_wait(kafka_topics.for_source("nvml"), value, key=NODE.encode())

        async def all_dead() -> bool:
            return len(await read_topic(kafka_bootstrap, kafka_topics.deadletter)) >= len(bad)

        await wait_for(all_dead, "the dead letters", w.exited)
        partition = partition_for(NODE.encode(), PARTITIONS)

        async def good_record_processed() -> bool:
            for m in await read_topic(kafka_bootstrap, StreamTopics(prefix).findings, 1):
                if CONTROL not in m.headers:
                    fm = FindingsMessage.decode(m.value)
                    if fm.partition == partition and fm.max_ns == now:
                        return True
            return False

        await wait_for(good_record_processed, "the good record after the bad ones", w.exited)
        letters = [orjson.loads(m.value) for m in await read_topic(kafka_bootstrap,
                                                                   kafka_topics.deadletter)]
    finally:
        await producer.stop()
        w.stop()
        await delete_internal_topics(kafka_bootstrap, prefix)
    assert len(letters) == len(bad)
    by_raw = {decode_raw(orjson.dumps(letter)): letter for letter in letters}
    for name, value in bad.items():
        raw = value if name != "bad batch item" else orjson.dumps({"v": 1, "node": NODE})
        assert raw in by_raw, name
        assert reasons[name] in by_raw[raw]["reason"], (name, by_raw[raw]["reason"])
        assert by_raw[raw]["size"] == len(raw)
