"""Live traffic on the real broker: records stamped with the wall clock as agents send them.
A node alone on its partition stops sending; only the worker's wall clock can advance that
partition, and it must: the node is reported unreachable, once, and nothing else is."""

from __future__ import annotations

import asyncio
import re
import shutil
import time
from pathlib import Path

import orjson
import pytest
from aiokafka import AIOKafkaProducer
from stream_support import PARTITIONS, delete_internal_topics, read_topic, wait_for, worker

from correlator.kafka import TopicNames
from correlator.stream.plan import partition_for
from correlator.stream.topics import ensure_stream_topics
from correlator.wire.incidents import Incident

ROOT = Path(__file__).resolve().parents[2]
FAST = {"silence_after_s": 4, "max_clock_offset_s": 1, "tick_s": 1, "allowed_lateness_s": 1}
"""Seconds instead of minutes, so that the test takes under a minute of wall time."""


def fast_rules(folder: Path) -> Path:
    shutil.copytree(ROOT / "rules", folder)
    engine = folder / "engine.yaml"
    text = engine.read_text()
    for key, value in FAST.items():
        text = re.sub(rf"(\n  {key}:\s*)[0-9.]+", rf"\g<1>{value}", text)
    engine.write_text(text)
    return folder


def round_of(node: str, seq: int, ts_ns: int) -> dict[str, list[dict[str, object]]]:
    nvml = [{"v": 1, "ts_ns": ts_ns, "node": node, "source": "nvml", "kind": "sample", "gpu": g,
             "seq": seq, "metrics": {"mem_used_bytes": 7.2e10, "mem_total_bytes": 8.0e10}}
            for g in (0, 1)]
    host = [{"v": 1, "ts_ns": ts_ns, "node": node, "source": "host", "kind": "sample", "seq": seq,
             "metrics": {"mem_used_bytes": 4.0e11, "mem_total_bytes": 1.0e12}}]
    return {"nvml": nvml, "host": host}


@pytest.mark.kafka
async def test_a_partition_that_falls_silent_is_advanced_by_the_wall_clock(
        kafka_bootstrap: str, kafka_topics: TopicNames, tmp_path: Path) -> None:
    assert partition_for(b"gpu-a", PARTITIONS) != partition_for(b"gpu-b", PARTITIONS)
    prefix = kafka_topics.prefix
    await ensure_stream_topics(kafka_bootstrap, prefix, PARTITIONS)
    rules = fast_rules(tmp_path / "rules")
    w = worker(kafka_bootstrap, prefix, tmp_path / "w", extra=["--rules", str(rules)])
    producer = AIOKafkaProducer(bootstrap_servers=kafka_bootstrap)
    await producer.start()
    sending = True

    async def agents() -> None:
        seq = 0
        while sending:
            seq += 1
            for node in ("gpu-a", "gpu-b") if seq <= 15 else ("gpu-a",):
                for source, recs in round_of(node, seq, time.time_ns()).items():
                    await producer.send(kafka_topics.for_source(source), orjson.dumps(recs),
                                        key=node.encode())
            await asyncio.sleep(1.0)

    task = asyncio.create_task(agents())

    async def reported() -> bool:
        return any(Incident.model_validate_json(m.value).nodes == ["gpu-b"]
                   for m in await read_topic(kafka_bootstrap, kafka_topics.incidents))

    try:
        await wait_for(reported, "gpu-b reported unreachable", w.exited)
        published = [Incident.model_validate_json(m.value)
                     for m in await read_topic(kafka_bootstrap, kafka_topics.incidents)]
    finally:
        sending = False
        await task
        await producer.stop()
        w.stop()
        await delete_internal_topics(kafka_bootstrap, prefix)
    opened = [i for i in published if i.status == "open"]
    assert [(i.cause, i.nodes) for i in opened] == [("node_unreachable", ["gpu-b"])]
