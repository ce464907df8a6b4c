"""The local broker against the real thing: Apache Kafka started from Maven Central's jars.

Nothing here is mocked: the command line is run as a user runs it, and records go through the
broker with aiokafka.
"""

from __future__ import annotations

import asyncio
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer
from aiokafka.admin import AIOKafkaAdminClient, NewTopic

from correlator.kafka import (
    BrokerSettings,
    TopicMismatchError,
    TopicNames,
    ensure_topics,
    free_port,
    free_ports,
    start_broker,
    stop_broker,
)
from correlator.kafka.jars import is_cached

NOT_RUNNING = 3


def run_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``correlator kafka ARGS`` in a fresh interpreter, as a user would run it."""
    return subprocess.run(
        [sys.executable, "-m", "correlator.cli", "kafka", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )


def env_without_java(path: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key != "JAVA_HOME"}
    env["PATH"] = path
    return env


async def partition_counts(bootstrap: str, prefix: str) -> dict[str, int]:
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    try:
        topics = await admin.describe_topics()
    finally:
        await admin.close()
    return {t["topic"]: len(t["partitions"]) for t in topics if t["topic"].startswith(prefix)}


async def create_visible_topic(bootstrap: str, name: str, partitions: int) -> None:
    """Creates a topic and waits until metadata shows it (creation returns a little earlier)."""
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    try:
        await admin.create_topics([NewTopic(name, partitions, 1)])
        async with asyncio.timeout(30):
            while name not in await admin.list_topics():
                await asyncio.sleep(0.05)
    finally:
        await admin.close()


@pytest.mark.kafka
def test_start_status_stop_round_trip(tmp_path: Path) -> None:
    port, controller_port = free_ports(2)
    data_dir = tmp_path / "broker"
    start_args = ["--port", str(port), "--controller-port", str(controller_port)]
    where = ["--data-dir", str(data_dir)]

    started = run_cli("start", *start_args, *where)
    assert started.returncode == 0, started.stderr
    assert f"127.0.0.1:{port}" in started.stdout
    status = run_cli("status", *where)
    assert status.returncode == 0
    assert status.stdout.startswith("running:") and f"127.0.0.1:{port}" in status.stdout
    again = run_cli("start", *start_args, *where)
    assert again.returncode == 0 and again.stdout.startswith("already running:")

    stopped = run_cli("stop", *where)
    assert stopped.returncode == 0 and "stopped" in stopped.stdout
    after = run_cli("status", *where)
    assert after.returncode == NOT_RUNNING and after.stdout.startswith("not running")
    assert not data_dir.exists()


@pytest.mark.kafka
async def test_stop_keep_data_keeps_topics_for_next_start(tmp_path: Path) -> None:
    port, controller_port = free_ports(2)
    settings = BrokerSettings(port=port, controller_port=controller_port, data_dir=tmp_path / "b")
    info = await asyncio.to_thread(start_broker, settings)
    try:
        await ensure_topics(info.bootstrap, "kept.", partitions=2)
        await asyncio.to_thread(stop_broker, settings.data_dir, keep_data=True)
        assert (settings.data_dir / "storage").is_dir()
        await asyncio.to_thread(start_broker, settings)
        report = await ensure_topics(info.bootstrap, "kept.", partitions=2)
    finally:
        await asyncio.to_thread(stop_broker, settings.data_dir)
    assert report.created == ()
    assert report.existing == TopicNames("kept.").all()
    assert not settings.data_dir.exists()


@pytest.mark.kafka
async def test_records_keyed_by_node_go_through_and_share_partition_numbers(
    kafka_bootstrap: str, kafka_topics: TopicNames
) -> None:
    producer = AIOKafkaProducer(bootstrap_servers=kafka_bootstrap)
    await producer.start()
    try:
        sent = {}
        for source in ("nvml", "dcgm", "vllm", "host", "alert"):
            value = f'{{"v":1,"node":"gpu-7","source":"{source}"}}'.encode()
            meta = await producer.send_and_wait(kafka_topics.for_source(source), value, key=b"gpu-7")
            sent[meta.topic] = (meta.partition, value)
    finally:
        await producer.stop()

    consumer = AIOKafkaConsumer(
        *kafka_topics.inputs,
        bootstrap_servers=kafka_bootstrap,
        group_id=f"{kafka_topics.prefix}group",
        auto_offset_reset="earliest",
    )
    await consumer.start()
    received: dict[str, tuple[int, bytes]] = {}
    try:
        async with asyncio.timeout(60):
            while len(received) < len(sent):
                message = await consumer.getone()
                assert message.key == b"gpu-7"
                received[message.topic] = (message.partition, message.value)
    finally:
        await consumer.stop()
    assert received == sent
    assert len({partition for partition, _ in sent.values()}) == 1


@pytest.mark.kafka
async def test_ensure_topics_creates_every_topic_with_prefix_and_count(
    kafka_bootstrap: str, kafka_prefix: str
) -> None:
    report = await ensure_topics(kafka_bootstrap, kafka_prefix, partitions=4)

    expected = {
        f"{kafka_prefix}{name}": 4
        for name in (
            "telemetry.nvml", "telemetry.dcgm", "telemetry.vllm", "telemetry.host",
            "alerts", "incidents", "actions", "deadletter",
        )
    }  # fmt: skip
    assert set(report.created) == set(expected)
    assert report.existing == ()
    assert await partition_counts(kafka_bootstrap, kafka_prefix) == expected


@pytest.mark.kafka
async def test_ensure_topics_twice_creates_nothing_the_second_time(
    kafka_bootstrap: str, kafka_prefix: str
) -> None:
    first = await ensure_topics(kafka_bootstrap, kafka_prefix, partitions=2)
    second = await ensure_topics(kafka_bootstrap, kafka_prefix, partitions=2)

    assert len(first.created) == 8
    assert second.created == ()
    assert set(second.existing) == set(first.created)
    assert set((await partition_counts(kafka_bootstrap, kafka_prefix)).values()) == {2}


@pytest.mark.kafka
async def test_existing_topic_with_other_count_is_reported_and_nothing_created(
    kafka_bootstrap: str, kafka_prefix: str
) -> None:
    await create_visible_topic(kafka_bootstrap, f"{kafka_prefix}alerts", partitions=2)

    with pytest.raises(TopicMismatchError, match=re.escape(f"{kafka_prefix}alerts has 2")) as caught:
        await ensure_topics(kafka_bootstrap, kafka_prefix, partitions=4)
    assert "other than 4" in str(caught.value)
    assert await partition_counts(kafka_bootstrap, kafka_prefix) == {f"{kafka_prefix}alerts": 2}


@pytest.mark.kafka
def test_topics_command_creates_then_reports_existing(kafka_bootstrap: str, kafka_prefix: str) -> None:
    args = ["topics", "--kafka", kafka_bootstrap, "--prefix", kafka_prefix, "--partitions", "2"]

    first = run_cli(*args)
    second = run_cli(*args)
    wrong = run_cli(*args[:-1], "5")

    assert first.returncode == 0, first.stderr
    assert f"created {kafka_prefix}telemetry.nvml (2 partitions)" in first.stdout.splitlines()
    assert second.returncode == 0
    assert all(line.startswith("exists ") for line in second.stdout.splitlines())
    assert len(second.stdout.splitlines()) == 8
    assert wrong.returncode == 1
    assert wrong.stderr.startswith("error: topics exist with a partition count other than 5")


def test_start_without_java_says_so_in_one_line(tmp_path: Path) -> None:
    empty_bin = tmp_path / "bin"
    empty_bin.mkdir()

    result = run_cli("start", "--data-dir", str(tmp_path / "d"), env=env_without_java(str(empty_bin)))

    assert result.returncode == 1
    assert result.stderr.startswith("error: Java 17+ is needed to run Kafka")
    assert len(result.stderr.splitlines()) == 1
    assert not (tmp_path / "d").exists()


@pytest.mark.kafka
@pytest.mark.parametrize("how", ["option", "environment"])
def test_start_when_download_fails_shows_mavens_reason(tmp_path: Path, how: str) -> None:
    unreachable = f"http://127.0.0.1:{free_port()}/maven2"
    cache = tmp_path / "cache"
    args = ["start", "--data-dir", str(tmp_path / "d"), "--cache-dir", str(cache)]
    port, controller_port = free_ports(2)
    args += ["--port", str(port), "--controller-port", str(controller_port)]
    env = dict(os.environ)
    if how == "option":
        args += ["--maven-repo", unreachable]
    else:
        env["CORRELATOR_MAVEN_REPO"] = unreachable

    result = run_cli(*args, env=env)

    assert result.returncode == 1
    error = result.stderr.splitlines()[-1]
    assert error.startswith(f"error: could not download Kafka 4.4.0 from {unreachable}: ")
    assert "Connection refused" in error
    assert not is_cached(cache, "4.4.0")


@pytest.mark.kafka
def test_start_without_maven_and_no_cache_says_so(tmp_path: Path) -> None:
    java_only = tmp_path / "bin"
    java_only.mkdir()
    java = subprocess.run(["which", "java"], capture_output=True, text=True, check=True)
    (java_only / "java").symlink_to(Path(java.stdout.strip()).resolve())
    args = ["start", "--data-dir", str(tmp_path / "d"), "--cache-dir", str(tmp_path / "c")]

    ports = [str(port) for port in free_ports(2)]
    args += ["--port", ports[0], "--controller-port", ports[1]]

    result = run_cli(*args, env=env_without_java(str(java_only)))

    assert result.returncode == 1
    assert result.stderr.splitlines()[-1].startswith("error: Kafka 4.4.0 is not in the cache")
    assert "Maven (`mvn`) is not on PATH" in result.stderr


@pytest.mark.kafka
def test_start_on_a_busy_port_says_which(tmp_path: Path) -> None:
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        busy = listener.getsockname()[1]
        args = ["--port", str(busy), "--controller-port", str(free_port())]

        result = run_cli("start", *args, "--data-dir", str(tmp_path / "d"))

    assert result.returncode == 1
    assert result.stderr == (
        f"error: port {busy} on 127.0.0.1 (--port) is already in use by another process: "
        "stop it or choose another --port\n"
    )
    assert not (tmp_path / "d").exists()
