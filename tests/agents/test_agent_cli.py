"""``gpu-agent`` run as a user runs it: a separate process, real HTTP targets, a real broker."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import orjson
import pytest
from agent_helpers import Served, fixture_text, validate
from aiokafka import AIOKafkaConsumer

from correlator.kafka import TopicNames
from correlator.wire.decode import decode_message

AGENT = [sys.executable, "-c", "import sys; from agents.cli import main; sys.exit(main())"]


async def run_agent(*args: str, timeout: float = 120) -> tuple[int, bytes, bytes]:
    proc = await asyncio.create_subprocess_exec(
        *AGENT, *args, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), timeout)
    assert proc.returncode is not None
    return proc.returncode, out, err


def serve_captures(served: Served) -> None:
    served.pages["/dcgm"] = (200, fixture_text("dcgm_exporter_metrics_t4_ericsson_nohelp.prom"))
    served.pages["/vllm"] = (200, fixture_text("vllm_metrics_qwen25_0.5b_kops.prom"))


async def test_once_writes_one_round_of_every_source(served: Served, tmp_path: Path) -> None:
    serve_captures(served)
    out = tmp_path / "round.jsonl"
    rc, stdout, stderr = await run_agent(
        "--once", "--output", str(out), "--node", "gpu-node-7", "--dcgm-url", served.url("/dcgm"),
        "--vllm-url", served.url("/vllm"), "--serve-match", "no-such-process-xyz")
    assert rc == 0, stderr.decode()
    assert stdout == b""
    records = validate(orjson.loads(line) for line in out.read_bytes().splitlines())
    assert [(r.source, r.kind) for r in records] == [
        ("nvml", "event"), ("dcgm", "sample"), ("vllm", "sample"), ("host", "sample")]
    nvml, dcgm, vllm, host = records
    assert nvml.event == "source_gap" and "LibraryNotFound" in nvml.attrs["reason"]
    assert dcgm.metrics["DCGM_FI_DEV_GPU_UTIL"] == 91 and dcgm.labels["hostname"] == "cp-bm14r7"
    assert vllm.labels["num_gpu_blocks"] == "101625"
    assert host.metrics["proc_count"] == 0
    assert {r.node for r in records} == {"gpu-node-7"} and {r.seq for r in records} == {0}
    assert stderr.decode().count("NVML unavailable") == 1


async def test_once_to_standard_output(served: Served) -> None:
    serve_captures(served)
    rc, stdout, _ = await run_agent("--once", "--output", "-", "--no-nvml", "--no-host",
                                    "--dcgm-url", served.url("/dcgm"))
    assert rc == 0
    [dcgm] = validate(orjson.loads(line) for line in stdout.splitlines())
    assert dcgm.metrics["DCGM_FI_DEV_FB_USED"] == 5120


async def test_publishing_needs_a_broker_address() -> None:
    rc, _, stderr = await run_agent("--dcgm-url", "http://127.0.0.1:1/metrics")
    assert rc == 2 and b"--kafka is required" in stderr


@pytest.mark.kafka
async def test_publishes_rounds_to_kafka_until_sigterm(
        served: Served, kafka_bootstrap: str, kafka_topics: TopicNames, tmp_path: Path) -> None:
    serve_captures(served)
    proc = await asyncio.create_subprocess_exec(
        *AGENT, "--kafka", kafka_bootstrap, "--topic-prefix", kafka_topics.prefix,
        "--node", "gpu-node-7", "--dcgm-url", served.url("/dcgm"), "--vllm-url",
        served.url("/vllm"), "--interval", "0.2", "--spool-dir", str(tmp_path / "spool"),
        stderr=asyncio.subprocess.PIPE)
    consumer = AIOKafkaConsumer(*kafka_topics.telemetry, bootstrap_servers=kafka_bootstrap,
                                auto_offset_reset="earliest", group_id=None)
    await consumer.start()
    by_source: dict[str, list[list[object]]] = {}
    try:
        async with asyncio.timeout(120):
            while not all(len(by_source.get(s, [])) >= 3 for s in ("dcgm", "vllm", "host")):
                for tp, msgs in (await consumer.getmany(timeout_ms=500)).items():
                    for m in msgs:
                        records, rejected = decode_message(m.value, origin=tp.topic)
                        assert rejected == [] and m.key == b"gpu-node-7"
                        by_source.setdefault(records[0].source, []).append(records)
    finally:
        await consumer.stop()
        proc.send_signal(signal.SIGTERM)
        _, stderr = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode == 0, stderr.decode()
    assert [len(r) for r in by_source["nvml"]] == [1]  # the permanent gap, once
    seqs = [rnd[0].seq for rnd in by_source["dcgm"]]
    assert seqs == list(range(len(seqs)))
    assert os.listdir(tmp_path / "spool")  # the spool was used
