"""``correlator tail`` against the real broker: records shown once, in order, junk skipped with
a warning, and a topic that does not exist yet waited for instead of missed."""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
from aiokafka import AIOKafkaProducer
from aiokafka.admin import AIOKafkaAdminClient

from correlator.kafka import TopicNames, ensure_topics
from correlator.wire.incidents import Incident

CLI = str(Path(sys.executable).with_name("correlator"))


def incident(status: str, updated_s: int) -> Incident:
    return Incident(incident_id="inc-tail", status=status, cause="spec_residue",  # type: ignore[arg-type]
                    confidence=0.9, hypotheses={"spec_residue": 0.9}, severity="critical",
                    nodes=["gpu-node-03"], opened_ns=10**18, updated_ns=10**18 + updated_s * 10**9,
                    first_evidence_ns=10**18, summary="Residue on gpu-node-03.")


async def publish(bootstrap: str, topic: str, values: list[bytes]) -> None:
    p = AIOKafkaProducer(bootstrap_servers=bootstrap, acks="all")
    await p.start()
    try:
        for v in values:
            await p.send_and_wait(topic, v, key=b"inc-tail")
    finally:
        await p.stop()


def record(inc: Incident) -> bytes:
    return orjson.dumps(inc.model_dump(mode="json"))


@pytest.mark.kafka
async def test_tail_shows_each_record_once_in_order(kafka_bootstrap: str, kafka_topics: TopicNames) -> None:
    opened, updated = incident("open", 0), incident("update", 60)
    await publish(kafka_bootstrap, kafka_topics.incidents,
                  [record(opened), record(opened), b'{"not": "an incident"}', record(updated)])
    base = [CLI, "tail", "--kafka", kafka_bootstrap, "--prefix", kafka_topics.prefix,
            "--from-beginning", "--limit", "2"]
    as_json = subprocess.run([*base, "--json"], capture_output=True, text=True, timeout=120)
    assert as_json.returncode == 0, as_json.stderr
    shown = [Incident.model_validate_json(line) for line in as_json.stdout.splitlines()]
    assert shown == [opened, updated]  # the worker's re-published copy is shown once
    assert "skipping a value that is not an incident record" in as_json.stderr
    readable = subprocess.run(base, capture_output=True, text=True, timeout=120)
    lines = readable.stdout.splitlines()
    assert [line.split()[1] for line in lines] == ["OPEN", "UPDATE"]
    assert "inc-tail" in lines[0] and "spec_residue" in lines[0] and "gpu-node-03" in lines[0]


@pytest.mark.kafka
async def test_tail_started_before_the_topics_exist_waits_for_them(
        kafka_bootstrap: str, kafka_prefix: str) -> None:
    topics = TopicNames(kafka_prefix)
    proc = await asyncio.create_subprocess_exec(
        CLI, "tail", "--kafka", kafka_bootstrap, "--prefix", kafka_prefix, "--json", "--limit", "1",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    try:
        assert proc.stderr is not None
        first = await asyncio.wait_for(proc.stderr.readline(), 60)
        assert b"does not exist yet; waiting for it" in first, first
        await ensure_topics(kafka_bootstrap, kafka_prefix, 3)
        opened = incident("open", 0)
        await publish(kafka_bootstrap, topics.incidents, [record(opened)])
        out, err = await asyncio.wait_for(proc.communicate(), 60)
        assert proc.returncode == 0, err
        assert [Incident.model_validate_json(line) for line in out.splitlines()] == [opened]
        assert b"Traceback" not in err and b"exists now; following it from its beginning" in err
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        admin = AIOKafkaAdminClient(bootstrap_servers=kafka_bootstrap)
        await admin.start()
        with contextlib.suppress(Exception):
            await admin.delete_topics(list(topics.all()))
        with contextlib.suppress(Exception):
            await admin.close()
