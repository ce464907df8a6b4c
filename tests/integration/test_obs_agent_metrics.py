"""``gpu-agent --metrics-port`` on the real broker: a simulated fleet published, the agent's own
``/metrics`` scraped over HTTP while it runs and read back with prometheus_client's parser."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from correlator.kafka import TopicNames
from correlator.kafka.probe import free_port
from correlator.obs import catalog

AGENT = str(Path(sys.executable).with_name("gpu-agent"))
LIVENESS_S = 240.0


def samples(text: str) -> dict[str, list[tuple[dict[str, str], float]]]:
    out: dict[str, list[tuple[dict[str, str], float]]] = {}
    for fam in text_string_to_metric_families(text):
        for s in fam.samples:
            out.setdefault(s.name, []).append((s.labels, s.value))
    return out


@pytest.mark.kafka
async def test_agent_metrics_while_it_publishes(kafka_bootstrap: str, kafka_topics: TopicNames,
                                               tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen(
        [AGENT, "--simulate", "--kafka", kafka_bootstrap, "--topic-prefix", kafka_topics.prefix,
         "--sim-nodes", "2", "--sim-minutes", "30", "--sim-speed", "20", "--sim-preroll", "60",
         "--spool-dir", str(tmp_path / "spool"), "--metrics-port", str(port), "--metrics-host", "127.0.0.1"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    got: dict[str, list[tuple[dict[str, str], float]]] = {}
    try:
        async with aiohttp.ClientSession() as http, asyncio.timeout(LIVENESS_S):
            while True:
                assert proc.poll() is None, proc.stderr.read().decode()[-2000:] if proc.stderr else ""
                try:
                    async with http.get(f"http://127.0.0.1:{port}/metrics") as r:
                        got = samples(await r.text())
                except aiohttp.ClientError:
                    got = {}
                sent = got.get("gpu_agent_sent_messages_total", [({}, 0.0)])[0][1]
                if sent >= 20 and len(got.get("gpu_agent_records_total", [])) >= 4:
                    break
                await asyncio.sleep(0.2)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(60)
    records = {lab["source"]: v for lab, v in got["gpu_agent_records_total"]}
    assert {"nvml", "vllm", "host"} <= set(records) and all(v > 0 for v in records.values())
    rounds = {(lab["source"], lab["outcome"]) for lab, _ in got["gpu_agent_rounds_total"]}
    assert ("vllm", "ok") in rounds
    assert got["gpu_agent_spool_bytes"][0][1] > 0
    assert got["gpu_agent_spool_dropped_messages_total"] == [({}, 0.0)]
    exported = {n for n in got if not n.endswith("_created")}
    assert exported <= catalog.sample_names(), exported - catalog.sample_names()
