"""Alerts in over HTTP, a page out: ingest -> Kafka ``alerts`` -> engine -> ``incidents`` ->
pager -> a PagerDuty-like receiver, on the real broker.

A simulated XID 79 on one node of two: its Prometheus alerts are pushed to ``correlator
ingest``-style HTTP (Kafka sink) at their event time; a correlator in the test (the embedded
engine, fed the alerts read back from the topic and the node telemetry of the same recording)
publishes its incident records; the pager delivers them.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiohttp
import orjson
import pytest
from aiokafka import AIOKafkaProducer
from test_ingest_dedup import postable
from test_ingest_kafka import read_all

from correlator.config import load_rules
from correlator.core import Engine
from correlator.ingest.kafka_sink import KafkaSink
from correlator.ingest.server import IngestServer
from correlator.kafka import TopicNames
from correlator.pager.config import load_pagers
from correlator.pager.deadletters import KafkaDeadLetters
from correlator.pager.recorder import RecordingReceiver
from correlator.pager.service import PagerService, ServiceOptions
from correlator.sim import SimConfig, simulate
from correlator.wire.decode import RECORD_ADAPTER, decode_message
from correlator.wire.records import AlertRecord, Record

pytestmark = pytest.mark.kafka


async def test_alerts_in_page_out(tmp_path: Path, kafka_bootstrap: str, kafka_topics: TopicNames) -> None:
    sc = simulate(SimConfig(nodes=2, minutes=10, seed=3, faults="xid_79@gpu-node-01:4"))
    records: list[Record] = [RECORD_ADAPTER.validate_python(r) for r in sc.records]
    alerts = [r for r in records if isinstance(r, AlertRecord)]
    telemetry = [r for r in records if not isinstance(r, AlertRecord)]

    # 1. Prometheus pushes to the ingest, which publishes to the alerts topic.
    now = [0]
    ingest = IngestServer(KafkaSink(kafka_bootstrap, kafka_topics), clock=lambda: now[0], tick_s=3600)
    await ingest.start()
    async with aiohttp.ClientSession() as http:
        for ts in sorted({a.ts_ns for a in alerts}):
            now[0] = ts
            body = postable([a for a in alerts if a.ts_ns == ts])
            async with http.post(ingest.url + "/api/v2/alerts", data=body) as r:
                assert r.status == 200
    await ingest.stop()

    # 2. The correlator: alerts from the topic with the node telemetry, incidents out.
    from_topic: list[Record] = []
    for _, _, value in await read_all(kafka_bootstrap, kafka_topics.alerts):
        recs, rejected = decode_message(value, "alerts")
        assert rejected == []
        from_topic += recs
    assert len(from_topic) == len(alerts)
    engine = Engine(load_rules())
    ordered = sorted(telemetry + from_topic, key=lambda r: r.ts_ns)
    incidents = engine.process_many(ordered).incidents + engine.finish().incidents
    failure = [i for i in incidents if i.cause == "gpu_failure"]
    assert failure and failure[0].status == "open" and failure[-1].alerts.count > 0
    producer = AIOKafkaProducer(bootstrap_servers=kafka_bootstrap, acks="all")
    await producer.start()
    for inc in incidents:
        await producer.send_and_wait(kafka_topics.incidents, orjson.dumps(inc.model_dump(mode="json")),
                                     key=inc.incident_id.encode())
    await producer.stop()

    # 3. The pager pages.
    pd = await RecordingReceiver("pagerduty").start()
    cfg_file = tmp_path / "pagers.yaml"
    cfg_file.write_text(f"""
defaults: {{rate_limit: {{per_minute: 60000, burst: 100}}}}
receivers:
  - {{name: oncall, type: pagerduty, url: "{pd.url}", routing_key: {"k" * 32}}}
routes:
  - receivers: [oncall]
""")
    dead = KafkaDeadLetters(kafka_bootstrap, kafka_topics.deadletter)
    await dead.start()
    stop = asyncio.Event()
    async with aiohttp.ClientSession() as session:
        opts = ServiceOptions(tmp_path / "st", kafka_topics.prefix)
        service = PagerService(load_pagers(cfg_file, {}), opts, dead, session, stop)
        task = asyncio.create_task(service.run_kafka(kafka_bootstrap, kafka_topics.incidents, "earliest"))
        events = await pd.wait_for(len(incidents))
        stop.set()
        await task
        service.close()
    await dead.close()
    await pd.stop()

    first = events[0].doc
    assert (first["event_action"], first["dedup_key"]) == ("trigger", failure[0].incident_id)
    assert first["payload"]["class"] == "gpu_failure"
    assert "GPU hardware failure on gpu-node-01" in first["payload"]["summary"]
    last = [e.doc for e in events if e.doc["dedup_key"] == failure[0].incident_id][-1]
    assert last["payload"]["custom_details"]["alert_count"] == failure[-1].alerts.count
    assert sorted(e.doc["dedup_key"] for e in events) == sorted(i.incident_id for i in incidents)
