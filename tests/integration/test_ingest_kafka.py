"""The ingest on the real broker: a 2xx only once every alert is on the ``alerts`` topic (key =
node, a contract record each); refused input on ``deadletter``; 503 when nothing can be written."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
from collections import defaultdict
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import orjson
import pytest
from aiokafka import AIOKafkaConsumer, TopicPartition

from correlator.core.storm import fingerprint
from correlator.ingest.kafka_sink import KafkaSink
from correlator.ingest.rfc3339 import GO_ZERO, format_ns
from correlator.ingest.server import IngestServer
from correlator.kafka import TopicNames
from correlator.kafka.probe import free_port
from correlator.wire.deadletter import decode_raw
from correlator.wire.decode import decode_message
from correlator.wire.records import AlertRecord

NOW = 1_709_542_800_000_000_000
TOPIC_PARTITIONS = 3  # what the kafka_topics fixture creates
pytestmark = pytest.mark.kafka


async def read_all(bootstrap: str, topic: str, partitions: int = TOPIC_PARTITIONS,
                   ) -> list[tuple[int, bytes, bytes]]:
    """Every message of ``topic`` now, as (partition, key, value)."""
    c = AIOKafkaConsumer(bootstrap_servers=bootstrap, enable_auto_commit=False)
    await c.start()
    try:
        tps = [TopicPartition(topic, p) for p in range(partitions)]
        c.assign(tps)
        await c.seek_to_beginning(*tps)
        end = await c.end_offsets(tps)
        out = []
        while any([await c.position(tp) < end[tp] for tp in tps]):
            for tp, msgs in (await c.getmany(timeout_ms=1000)).items():
                out += [(tp.partition, m.key or b"", m.value or b"") for m in msgs]
        return out
    finally:
        await c.stop()


def alerts_for(node: str, n: int) -> list[dict[str, object]]:
    return [{"labels": {"alertname": f"Rule{i}", "node": node, "severity": "warning"},
             "annotations": {"summary": "s"}, "startsAt": format_ns(NOW), "endsAt": GO_ZERO}
            for i in range(n)]


@pytest.fixture
async def served(kafka_bootstrap: str, kafka_topics: TopicNames) -> AsyncIterator[IngestServer]:
    server = IngestServer(KafkaSink(kafka_bootstrap, kafka_topics), clock=lambda: NOW, tick_s=3600)
    await server.start()
    yield server
    await server.stop()


async def test_alerts_are_on_the_topic_keyed_by_node_when_the_answer_comes(
        served: IngestServer, kafka_bootstrap: str, kafka_topics: TopicNames) -> None:
    nodes = [f"gpu-node-{i:02d}" for i in range(1, 5)]
    async with aiohttp.ClientSession() as s:
        for node in nodes[:2]:
            async with s.post(served.url + "/api/v2/alerts", data=orjson.dumps(alerts_for(node, 10))) as r:
                assert r.status == 200
        for node in nodes[2:]:
            msg = {"version": "4", "status": "firing", "receiver": "c", "groupKey": "g",
                   "alerts": [a | {"status": "firing", "fingerprint": f"{node}-{i}"}
                              for i, a in enumerate(alerts_for(node, 10))]}
            async with s.post(served.url + "/webhook", data=orjson.dumps(msg)) as r:
                assert r.status == 200
    # Read only after every answer came: they were acknowledged before it.
    messages = await read_all(kafka_bootstrap, kafka_topics.alerts)
    assert len(messages) == 40
    partitions: dict[str, set[int]] = defaultdict(set)
    seen = []
    for partition, key, value in messages:
        records, rejected = decode_message(value, "t")
        assert rejected == [] and len(records) == 1
        rec = records[0]
        assert isinstance(rec, AlertRecord) and rec.ts_ns == NOW and rec.source == "alert"
        assert key.decode() == rec.node
        partitions[rec.node].add(partition)
        seen.append((rec.node, rec.alert.labels["alertname"], rec.alert.fingerprint))
    assert all(len(p) == 1 for p in partitions.values())  # one node, one partition
    expected = {(n, f"Rule{i}", fingerprint({"alertname": f"Rule{i}", "node": n, "severity": "warning"}))
                for n in nodes[:2] for i in range(10)}
    expected |= {(n, f"Rule{i}", f"{n}-{i}") for n in nodes[2:] for i in range(10)}
    assert sorted(seen) == sorted(expected)


async def test_refused_input_goes_to_deadletter_with_its_reason(
        served: IngestServer, kafka_bootstrap: str, kafka_topics: TopicNames) -> None:
    body = orjson.dumps([{"labels": {"alertname": "ok", "node": "n1"}}, {"labels": {"node": "n1"}}])
    async with aiohttp.ClientSession() as s:
        async with s.post(served.url + "/api/v2/alerts", data=body) as r:
            assert r.status == 400
        async with s.post(served.url + "/webhook", data=b"\x00garbage") as r:
            assert r.status == 400
    assert len(await read_all(kafka_bootstrap, kafka_topics.alerts)) == 1
    letters = [orjson.loads(v) for _, _, v in await read_all(kafka_bootstrap, kafka_topics.deadletter)]
    by_reason = {str(d["reason"]).split(":")[0]: d for d in letters}
    assert set(by_reason) == {"alerts[1].labels", "invalid JSON"}
    assert orjson.loads(decode_raw(orjson.dumps(by_reason["alerts[1].labels"]))) == {"labels": {"node": "n1"}}
    assert decode_raw(orjson.dumps(by_reason["invalid JSON"])) == b"\x00garbage"


async def test_503_when_the_alerts_cannot_be_made_durable(
        kafka_bootstrap: str, kafka_topics: TopicNames) -> None:
    sink = KafkaSink(kafka_bootstrap, kafka_topics, ack_timeout_s=5)
    server = IngestServer(sink, clock=lambda: NOW, tick_s=3600)
    await server.start()
    try:
        await sink.producer.stop()  # the producer is gone: nothing can be acknowledged
        body = orjson.dumps(alerts_for("n1", 2))
        async with aiohttp.ClientSession() as s, s.post(server.url + "/api/v2/alerts", data=body) as r:
            assert r.status == 503
            assert (await r.json())["error"].startswith("alerts not accepted, retry: ")
    finally:
        sink._started = False
        await server.stop()
    assert await read_all(kafka_bootstrap, kafka_topics.alerts) == []


async def test_the_command_as_compose_runs_it_publishes_to_the_topic(
        kafka_bootstrap: str, kafka_topics: TopicNames, kafka_prefix: str) -> None:
    """`correlator ingest --kafka`, the process: its producer is made in the loop that serves
    (made before it, aiokafka failed with "no current event loop" and the command exited 1)."""
    port = free_port()
    proc = subprocess.Popen(
        [str(Path(sys.executable).with_name("correlator")), "ingest", "--listen", f"127.0.0.1:{port}",
         "--kafka", kafka_bootstrap, "--prefix", kafka_prefix, "--partitions", str(TOPIC_PARTITIONS)],
        stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        async with aiohttp.ClientSession() as s:
            for _ in range(300):
                assert proc.poll() is None, proc.communicate()[1]
                try:
                    async with s.get(url + "/-/ready") as r:
                        if r.status == 200:
                            break
                except aiohttp.ClientConnectionError:
                    pass
                await asyncio.sleep(0.1)
            async with s.post(url + "/api/v2/alerts", data=orjson.dumps(alerts_for("gpu-7", 3))) as r:
                assert r.status == 200, await r.text()
    finally:
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert f"alerts -> Kafka topic {kafka_topics.alerts}" in err
    messages = await read_all(kafka_bootstrap, kafka_topics.alerts)
    assert sorted(orjson.loads(v)["alert"]["labels"]["alertname"] for _, _, v in messages) == [
        "Rule0", "Rule1", "Rule2"]
