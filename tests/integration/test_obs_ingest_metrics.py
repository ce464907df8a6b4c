"""The ingest's ``/metrics`` after a replay of a recording's alert storm through it, over real
HTTP: Alertmanager-style pushes in, Prometheus text out, read back with prometheus_client's
parser."""

from __future__ import annotations

import gzip
from pathlib import Path

import aiohttp
import orjson
import pytest
from prometheus_client import CollectorRegistry
from prometheus_client.parser import text_string_to_metric_families

from correlator.config import load_rules
from correlator.core import Engine
from correlator.ingest.engine_sink import EngineSink, IncidentWriter
from correlator.ingest.server import IngestServer
from correlator.obs import catalog
from correlator.wire.deadletter import DeadLetterFile
from correlator.wire.decode import decode_record
from correlator.wire.records import Record

sim = pytest.importorskip("correlator.sim")


def storm(events: Path) -> list[dict[str, object]]:
    """The recording's alert records as Alertmanager would push them (API v2 bodies)."""
    out = []
    for line in gzip.decompress(events.read_bytes()).splitlines():
        rec = orjson.loads(line)
        if rec["kind"] == "alert":
            a = rec["alert"]
            out.append({k: a[k] for k in ("labels", "annotations", "startsAt", "endsAt", "generatorURL")
                        if k in a})
    return out


async def test_ingest_metrics_after_a_replayed_storm(tmp_path: Path) -> None:
    sim.simulate_to(sim.SimConfig(nodes=3, minutes=15, faults="spec_residue@gpu-node-02:2",
                                  preroll_s=300), tmp_path / "rec")
    alerts = storm(tmp_path / "rec" / "events.jsonl.gz")
    assert len(alerts) >= 5
    dead = DeadLetterFile(tmp_path / "dead.jsonl", flush=True)
    sink = EngineSink(Engine(load_rules()), IncidentWriter(None), dead)
    server = IngestServer(sink, tick_s=3600)
    await server.start()
    try:
        async with aiohttp.ClientSession() as http:
            push = server.url + "/api/v2/alerts"
            for i in range(0, len(alerts), 2):
                async with http.post(push, data=orjson.dumps(alerts[i : i + 2])) as r:
                    assert r.status == 200
            async with http.post(server.url + "/api/v2/alerts", data=b"{not json") as r:
                assert r.status == 400
            async with http.get(server.url + "/metrics") as r:
                assert r.status == 200
                text = await r.text()
    finally:
        await server.stop()
    samples: dict[str, list[tuple[dict[str, str], float]]] = {}
    for fam in text_string_to_metric_families(text):
        for s in fam.samples:
            samples.setdefault(s.name, []).append((s.labels, s.value))
    got = {(lab["endpoint"], lab["result"]): v for lab, v in samples["correlator_ingest_alerts_total"]}
    assert got[("/api/v2/alerts", "accepted")] == len(alerts)
    assert got[("/api/v2/alerts", "malformed_body")] == 1
    codes = {(lab["endpoint"], lab["code"]): v for lab, v in samples["correlator_ingest_requests_total"]}
    assert codes[("/api/v2/alerts", "200")] == (len(alerts) + 1) // 2
    assert codes[("/api/v2/alerts", "400")] == 1
    exported = {n for n in samples if not n.endswith("_created")}
    assert exported <= catalog.sample_names(), exported - catalog.sample_names()


async def test_embedded_engine_metrics_next_to_the_ingests(tmp_path: Path) -> None:
    """Without a broker the ingest's engine exports what a worker does: the node telemetry fed
    in process, the storm pushed over HTTP in the recording's order, then one scrape."""
    sim.simulate_to(sim.SimConfig(nodes=3, minutes=15, faults="spec_residue@gpu-node-02:2",
                                  preroll_s=300, noise=False), tmp_path / "rec")
    lines = gzip.decompress((tmp_path / "rec" / "events.jsonl.gz").read_bytes()).splitlines()
    registry = CollectorRegistry()
    dead = DeadLetterFile(tmp_path / "dead.jsonl", flush=True)
    sink = EngineSink(Engine(load_rules()), IncidentWriter(None), dead, registry=registry)
    now = [0]  # the ingest stamps what it receives with its clock: here, the recording's time
    server = IngestServer(sink, tick_s=3600, registry=registry, clock=lambda: now[0])
    await server.start()
    pushed = 0
    try:
        async with aiohttp.ClientSession() as http:
            telemetry: list[Record] = []
            for line in lines:
                rec = decode_record(line)
                now[0] = max(now[0], rec.ts_ns)
                if rec.kind != "alert":
                    telemetry.append(rec)
                    continue
                sink.feed(telemetry)
                telemetry = []
                a = orjson.loads(line)["alert"]
                body = [{k: a[k] for k in ("labels", "annotations", "startsAt", "endsAt") if k in a}]
                async with http.post(server.url + "/api/v2/alerts", data=orjson.dumps(body)) as r:
                    assert r.status == 200
                pushed += 1
            sink.feed(telemetry)
            async with http.get(server.url + "/metrics") as r:
                text = await r.text()
    finally:
        await server.stop()
    values: dict[str, dict[tuple[tuple[str, str], ...], float]] = {}
    for fam in text_string_to_metric_families(text):
        for s in fam.samples:
            values.setdefault(s.name, {})[tuple(sorted(s.labels.items()))] = s.value
    records = {dict(k)["source"]: v for k, v in values["correlator_records_total"].items()}
    assert set(records) >= {"nvml", "dcgm", "vllm", "host", "alert"}
    assert records["alert"] == pushed > 0
    assert sum(records.values()) == len(lines)
    assert values["correlator_incidents_opened_total"][(("cause", "spec_residue"),)] == 1
    assert values["correlator_nodes_tracked"][()] == 3
    scores = {dict(k)["node"]: v for k, v in values["correlator_hypothesis_score"].items()
              if dict(k)["cause"] == "spec_residue"}
    assert scores["gpu-node-02"] > 0.5  # nodes not under evaluation publish no scores
    assert all(v < scores["gpu-node-02"] for n, v in scores.items() if n != "gpu-node-02")
    assert values["inference_interrupted_residue_bytes"][(("node", "gpu-node-02"),)] > 0
    exported = {n for n in values if not n.endswith("_created")}
    assert exported <= catalog.sample_names(), exported - catalog.sample_names()
