"""A streaming worker's ``/metrics`` on the real broker: a replay goes through it, then its page
is scraped over HTTP and parsed with prometheus_client's own parser."""

from __future__ import annotations

import asyncio
import gzip
from pathlib import Path

import aiohttp
import orjson
import pytest
from aiokafka import AIOKafkaProducer
from aiokafka.errors import KafkaError
from prometheus_client.parser import text_string_to_metric_families
from stream_support import PARTITIONS, cli, delete_internal_topics, group_members, wait_for, worker

from correlator.kafka import TopicNames
from correlator.kafka.probe import free_port
from correlator.kafka.topics import topic_for_source
from correlator.obs import catalog
from correlator.stream.topics import StreamTopics

sim = pytest.importorskip("correlator.sim")


def samples(text: str) -> dict[str, list[tuple[dict[str, str], float]]]:
    out: dict[str, list[tuple[dict[str, str], float]]] = {}
    for fam in text_string_to_metric_families(text):
        for s in fam.samples:
            out.setdefault(s.name, []).append((s.labels, s.value))
    return out


async def produce_live(bootstrap: str, prefix: str, events: Path, minutes: float = 4.0) -> None:
    """Records of the recording's first ``minutes``, as agents would publish them."""
    lines = gzip.decompress(events.read_bytes()).splitlines()
    records = [orjson.loads(line) for line in lines]
    first = min(r["ts_ns"] for r in records)
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap)
    await producer.start()
    try:
        for r in records:
            if r["ts_ns"] - first <= minutes * 60e9:
                await producer.send(topic_for_source(r["source"], prefix), orjson.dumps(r),
                                    key=r["node"].encode())
        await producer.flush()
    finally:
        await producer.stop()


async def scrape(url: str) -> str:
    async with aiohttp.ClientSession() as http, http.get(url) as resp:
        assert resp.status == 200
        assert resp.headers["Content-Type"].startswith("text/plain")
        return await resp.text()


@pytest.mark.kafka
async def test_worker_metrics_after_a_replay(kafka_bootstrap: str, kafka_topics: TopicNames,
                                             tmp_path: Path) -> None:
    config = sim.SimConfig(nodes=3, minutes=12, faults="spec_residue@gpu-node-02:2", preroll_s=300)
    sim.simulate_to(config, tmp_path / "rec")
    port = free_port()
    w = worker(kafka_bootstrap, kafka_topics.prefix, tmp_path / "w", extra=["--web-port", str(port)])
    url = f"http://127.0.0.1:{port}/metrics"
    try:
        async def serving() -> bool:
            try:
                await scrape(url)
            except aiohttp.ClientError:
                return False
            return True

        async def in_group() -> bool:
            try:
                state, members = await group_members(kafka_bootstrap,
                                                     StreamTopics(kafka_topics.prefix).app_id)
            except KafkaError:  # no coordinator for the group yet
                return False
            return state == "Stable" and members == 1 and await serving()

        await wait_for(in_group, "the worker in its group, serving /metrics", w.exited)
        before = samples(await scrape(url))
        proc = await asyncio.create_subprocess_exec(
            *cli("replay", tmp_path / "rec", "--labels", tmp_path / "rec" / "labels.jsonl", "--json",
                 "--kafka", kafka_bootstrap, "--prefix", kafka_topics.prefix, "--no-worker",
                 "--partitions", str(PARTITIONS), "--deadletter", tmp_path / "dl.jsonl"),
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        stdout, stderr = await proc.communicate()
        assert proc.returncode == 0, stderr.decode()[-3000:]
        summary = orjson.loads(stdout.splitlines()[-1])
        after = samples(await scrape(url))
        # then live traffic: the first minutes of the same fleet, without a run id
        await produce_live(kafka_bootstrap, kafka_topics.prefix, tmp_path / "rec" / "events.jsonl.gz")

        async def live_state() -> bool:
            live = samples(await scrape(url))
            return len({lab["node"] for lab, _ in live.get("kv_cache_usage_ratio", [])}) == 3

        await wait_for(live_state, "the live partitions' KV gauges", w.exited)
        live = samples(await scrape(url))
    finally:
        w.stop()
        await delete_internal_topics(kafka_bootstrap, kafka_topics.prefix)

    assert "correlator_records_total" not in before  # nothing counted before the replay
    records = {lab["source"]: v for lab, v in after["correlator_records_total"]}
    assert set(records) == {"nvml", "dcgm", "vllm", "host", "alert"}
    assert sum(records.values()) == summary["events"]
    opened = sum(v for _, v in after["correlator_incidents_opened_total"])
    assert opened == summary["incidents_out"] >= 1
    assert {lab["cause"] for lab, _ in after["correlator_incidents_opened_total"]} == {"spec_residue"}
    assert sum(v for _, v in after["correlator_actions_total"]) >= 1
    # the run is over, so its partitions dropped their fleets; what the telemetry said stays
    assert after["correlator_nodes_tracked"][0][1] == 0
    assert {lab["node"] for lab, _ in after["inference_sessions_active"]} == {
        "gpu-node-01", "gpu-node-02", "gpu-node-03"}
    residue = {lab["node"]: v for lab, v in after["inference_interrupted_residue_bytes"]}
    assert residue["gpu-node-02"] > 50e6 > max(residue["gpu-node-01"], residue["gpu-node-03"])
    assert sum(v for lab, v in after["inference_tokens_total"] if lab["kind"] == "generation") > 0
    assert all(v > 0 for _, v in after["correlator_state_snapshot_bytes"])
    assert live["correlator_nodes_tracked"][0][1] == 3
    assert {lab["detector"] for lab, _ in live["correlator_detector_score"]} == {"kv", "gpu", "host"}
    assert all(0.0 <= v <= 1.0 for _, v in live["kv_cache_usage_ratio"])
    assert {lab["partition"] for lab, _ in live["correlator_watermark_lag_seconds"]} <= {
        str(p) for p in range(PARTITIONS)}
    # every sample the worker exposes is in the catalog the dashboard is checked against
    exported = {name for name in after | live if not name.endswith("_created")}
    assert exported <= catalog.sample_names(), exported - catalog.sample_names()
