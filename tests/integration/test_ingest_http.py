"""The ingest over real HTTP on 127.0.0.1: Prometheus-style pushes and Alertmanager webhooks,
valid, malformed, oversized and unauthenticated; and the ``correlator ingest`` command."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import orjson
import pytest
from yarl import URL

from correlator.config import load_rules
from correlator.core import Engine
from correlator.ingest.auth import BearerAuth
from correlator.ingest.engine_sink import EngineSink, IncidentWriter
from correlator.ingest.rfc3339 import GO_ZERO, format_ns
from correlator.ingest.server import IngestServer
from correlator.kafka import free_port
from correlator.wire.deadletter import DeadLetterFile, decode_raw
from correlator.wire.records import AlertRecord

NOW = 1_709_542_800_000_000_000
TOKEN = "t0k3n-for-tests"
CLI = str(Path(sys.executable).with_name("correlator"))


def prom_alerts(n: int, node: str = "gpu-node-01", resolved: bool = False) -> list[dict[str, object]]:
    ends = format_ns(NOW - 1) if resolved else format_ns(NOW + 240_000_000_000)
    return [{"labels": {"alertname": f"Rule{i}", "severity": "critical", "instance": f"{node}:9400",
                        "job": "dcgm-exporter"},
             "annotations": {"summary": f"rule {i} on {node}"},
             "startsAt": format_ns(NOW - 60_000_000_000), "endsAt": ends,
             "generatorURL": "http://prometheus:9090/graph?g0.expr=up"} for i in range(n)]


def webhook(alerts: list[dict[str, object]], status: str = "firing") -> dict[str, object]:
    return {"version": "4", "groupKey": '{}:{alertname="X"}', "truncatedAlerts": 0, "status": status,
            "receiver": "correlator", "groupLabels": {}, "commonLabels": {}, "commonAnnotations": {},
            "externalURL": "http://alertmanager:9093",
            "alerts": [a | {"status": status, "fingerprint": f"{i:016x}"} for i, a in enumerate(alerts)]}


class Harness:
    def __init__(self, server: IngestServer, engine: Engine, dead: Path, session: aiohttp.ClientSession):
        self.server, self.engine, self.dead, self.session = server, engine, dead, session

    async def post(self, path: str, body: bytes, token: str | None = TOKEN,
                   **headers: str) -> tuple[int, dict[str, object], dict[str, str]]:
        h = dict(headers)
        if token is not None:
            h["Authorization"] = f"Bearer {token}"
        async with self.session.post(self.server.url + path, data=body, headers=h) as r:
            return r.status, orjson.loads(await r.read() or b"{}"), dict(r.headers)

    def dead_letters(self) -> list[dict[str, object]]:
        if not self.dead.exists():
            return []
        return [orjson.loads(line) for line in self.dead.read_bytes().splitlines()]


@pytest.fixture
async def ingest(tmp_path: Path) -> AsyncIterator[Harness]:
    engine = Engine(load_rules())
    dead = tmp_path / "dead.jsonl"
    sink = EngineSink(engine, IncidentWriter(tmp_path / "incidents.jsonl"), DeadLetterFile(dead, flush=True))
    server = IngestServer(sink, auth=BearerAuth(TOKEN), max_body=64 * 1024, clock=lambda: NOW,
                          tick_s=3600)
    await server.start()
    async with aiohttp.ClientSession() as session:
        yield Harness(server, engine, dead, session)
    await server.stop()


async def test_prometheus_push_is_accepted(ingest: Harness) -> None:
    status, body, _ = await ingest.post("/api/v2/alerts", orjson.dumps(prom_alerts(5)))
    assert (status, body) == (200, {"status": "success", "accepted": 5})
    status, _, _ = await ingest.post("/api/v2/alerts", orjson.dumps(prom_alerts(2, resolved=True)))
    assert status == 200
    st = ingest.engine.stats
    assert (st.alerts_firing, st.alerts_resolved, st.by_source) == (5, 2, {"alert": 7})


async def test_alertmanager_webhook_is_accepted(ingest: Harness) -> None:
    status, body, _ = await ingest.post("/webhook", orjson.dumps(webhook(prom_alerts(3))))
    assert (status, body) == (200, {"status": "success", "accepted": 3})
    resolved = webhook(prom_alerts(3), status="resolved")
    status, _, _ = await ingest.post("/webhook", orjson.dumps(resolved))
    assert status == 200
    assert (ingest.engine.stats.alerts_firing, ingest.engine.stats.alerts_resolved) == (3, 3)


@pytest.mark.parametrize(("path", "body", "reason"), [
    ("/api/v2/alerts", b"{not json", "invalid JSON: "),
    ("/api/v2/alerts", b"", "empty body"),
    ("/api/v2/alerts", b'{"labels": {"alertname": "A"}}', "expected a JSON array of alerts"),
    ("/webhook", b'{"version": "3", "alerts": []}', "unsupported webhook version '3'"),
    ("/webhook", b"[1, 2]", "expected an Alertmanager webhook message (a JSON object), got an array"),
])
async def test_malformed_bodies_get_400_naming_the_fault_and_a_dead_letter(
        ingest: Harness, path: str, body: bytes, reason: str) -> None:
    status, answer, _ = await ingest.post(path, body)
    assert status == 400 and answer["status"] == "error"
    assert str(answer["error"]).startswith(reason), answer
    (letter,) = ingest.dead_letters()
    assert str(letter["reason"]).startswith(reason) and decode_raw(orjson.dumps(letter)) == body
    assert ingest.engine.stats.records == 0


async def test_invalid_alerts_are_named_and_their_neighbours_accepted(ingest: Harness) -> None:
    alerts = prom_alerts(4)
    alerts[1] = {"labels": {"severity": "critical"}}
    alerts[3] = {"labels": {"alertname": "X"}, "endsAt": "tomorrow"}
    status, answer, _ = await ingest.post("/api/v2/alerts", orjson.dumps(alerts))
    assert status == 400
    assert answer["errors"] == ["alerts[1].labels: must include a non-empty 'alertname'",
                                "alerts[3].endsAt: not an RFC 3339 timestamp: 'tomorrow'"]
    assert (answer["accepted"], answer["refused"]) == (2, 2)
    assert ingest.engine.stats.alerts_firing == 2
    assert [d["origin"] for d in ingest.dead_letters()] == [
        "ingest/api/v2/alerts from 127.0.0.1 alerts[1]", "ingest/api/v2/alerts from 127.0.0.1 alerts[3]"]


async def test_alertmanager_api_v2_conformance_over_http(ingest: Harness,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Null annotations are none, a zero ``startsAt`` is the arrival, a URL ``instance`` names
    its host; an alert ending before it starts is refused alone, named, and dead-lettered."""
    seen: list[AlertRecord] = []
    accept = ingest.server.sink.accept

    async def recording(records: list[AlertRecord]) -> None:
        seen.extend(records)
        await accept(records)

    monkeypatch.setattr(ingest.server.sink, "accept", recording)
    starts = format_ns(NOW - 60_000_000_000)
    alerts: list[dict[str, object]] = [
        {"labels": {"alertname": "Probe", "instance": "http://gpu-node-03:9400/metrics"},
         "annotations": None, "startsAt": GO_ZERO},
        {"labels": {"alertname": "Backwards", "node": "gpu-node-04"}, "startsAt": starts,
         "endsAt": format_ns(NOW - 120_000_000_000)},
        {"labels": {"alertname": "Offset", "node": "gpu-node-04"}, "startsAt": "2024-03-04T10:00:00+0100"},
    ]
    status, answer, _ = await ingest.post("/api/v2/alerts", orjson.dumps(alerts))
    assert status == 400
    assert answer["errors"] == [
        f"alerts[1]: endsAt '{format_ns(NOW - 120_000_000_000)}' is before startsAt '{starts}' "
        "(an alert cannot end before it starts)",
        "alerts[2].startsAt: not an RFC 3339 timestamp: '2024-03-04T10:00:00+0100' "
        "(the UTC offset needs a colon: +hh:mm)"]
    assert (answer["accepted"], answer["refused"]) == (1, 2)
    (rec,) = seen
    assert (rec.node, rec.alert.annotations, rec.alert.startsAt) == ("gpu-node-03", {}, format_ns(NOW))
    letters = ingest.dead_letters()
    assert [d["origin"] for d in letters] == [
        "ingest/api/v2/alerts from 127.0.0.1 alerts[1]", "ingest/api/v2/alerts from 127.0.0.1 alerts[2]"]
    assert orjson.loads(decode_raw(orjson.dumps(letters[0]))) == alerts[1]


async def test_oversized_bodies_get_413_naming_the_limit(ingest: Harness) -> None:
    big = orjson.dumps(prom_alerts(600))
    assert len(big) > 64 * 1024
    status, answer, _ = await ingest.post("/api/v2/alerts", big)
    assert status == 413
    assert answer["error"] == (f"request body of {len(big)} bytes exceeds the limit of 65536 bytes "
                               "(--max-body)")

    async def chunks() -> AsyncIterator[bytes]:  # no Content-Length: counted while read
        for i in range(0, len(big), 4096):
            yield big[i:i + 4096]

    async with ingest.session.post(ingest.server.url + "/webhook", data=chunks(),
                                   headers={"Authorization": f"Bearer {TOKEN}"}) as r:
        assert r.status == 413
        assert (await r.json())["error"] == "request body exceeds the limit of 65536 bytes (--max-body)"
    assert ingest.engine.stats.records == 0 and ingest.dead_letters() == []


@pytest.mark.parametrize(("header", "reason"), [
    (None, "missing Authorization header (expected: Bearer token)"),
    ("Bearer wrong", "invalid bearer token"),
    (f"Basic {TOKEN}", "the Authorization header must use the Bearer scheme"),
])
async def test_unauthenticated_requests_get_401(ingest: Harness, header: str | None, reason: str) -> None:
    h = {"Authorization": header} if header else {}
    for path in ("/api/v2/alerts", "/webhook"):
        status, answer, headers = await ingest.post(path, orjson.dumps(prom_alerts(1)), token=None, **h)
        assert (status, answer["error"]) == (401, reason)
        assert headers["WWW-Authenticate"].startswith("Bearer")
    assert ingest.engine.stats.records == 0


async def test_health_readiness_and_metrics_need_no_token(ingest: Harness) -> None:
    await ingest.post("/api/v2/alerts", orjson.dumps(prom_alerts(2)))
    await ingest.post("/api/v2/alerts", b"nope")
    for path in ("/-/healthy", "/-/ready"):
        async with ingest.session.get(ingest.server.url + path) as r:
            assert (r.status, await r.text()) == (200, "OK\n")
    async with ingest.session.get(ingest.server.url + "/metrics") as r:
        text = await r.text()
    assert 'correlator_ingest_alerts_total{endpoint="/api/v2/alerts",result="accepted"} 2.0' in text
    assert 'correlator_ingest_alerts_total{endpoint="/api/v2/alerts",result="malformed_body"} 1.0' in text


async def test_the_command_serves_until_sigterm_and_writes_incidents(tmp_path: Path) -> None:
    port = free_port()
    out = tmp_path / "incidents.jsonl"
    env = dict(os.environ, CORRELATOR_INGEST_TOKEN=TOKEN)
    proc = await asyncio.create_subprocess_exec(
        CLI, "ingest", "--listen", f"127.0.0.1:{port}", "--out", str(out), "--deadletter",
        str(tmp_path / "dead.jsonl"), env=env, stderr=asyncio.subprocess.PIPE)
    assert proc.stderr is not None
    line = (await asyncio.wait_for(proc.stderr.readline(), 60)).decode()
    assert f"listening on http://127.0.0.1:{port} (bearer token required)" in line
    alerts = prom_alerts(3)
    for a in alerts:
        a["endsAt"] = GO_ZERO
    async with aiohttp.ClientSession() as s:
        url = f"http://127.0.0.1:{port}"
        async with s.post(url + "/api/v2/alerts", data=orjson.dumps(alerts)) as r:
            assert r.status == 401
        async with s.post(url + "/api/v2/alerts", data=orjson.dumps(alerts),
                          headers={"Authorization": f"Bearer {TOKEN}"}) as r:
            assert r.status == 200
        async with s.post(url + "/webhook", data=b"garbage",
                          headers={"Authorization": f"Bearer {TOKEN}"}) as r:
            assert r.status == 400
    proc.send_signal(signal.SIGTERM)
    assert await asyncio.wait_for(proc.wait(), 60) == 0
    rest = (await proc.stderr.read()).decode()
    assert "refused ingest/webhook from 127.0.0.1: invalid JSON" in rest
    assert TOKEN not in line + rest
    assert (tmp_path / "dead.jsonl").exists()


async def test_the_command_names_a_bad_listen_address() -> None:
    proc = await asyncio.create_subprocess_exec(CLI, "ingest", "--listen", "localhost",
                                                stderr=asyncio.subprocess.PIPE)
    _, err = await proc.communicate()
    assert proc.returncode == 2
    assert "--listen 'localhost': expected HOST:PORT" in err.decode()


async def test_a_non_utf8_token_gets_401_and_stray_paths_are_one_metrics_series(ingest: Harness) -> None:
    """Header bytes that are not UTF-8 once raised (500); every path no route serves used to
    be a metrics series of its own, so a scanner could grow them without end."""
    url = URL(ingest.server.url)
    reader, writer = await asyncio.open_connection(url.host, url.port)
    writer.write(b"POST /api/v2/alerts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \xff\xfe\r\n"
                 b"Content-Length: 2\r\nConnection: close\r\n\r\n[]")
    await writer.drain()
    status_line = await reader.readline()
    writer.close()
    assert status_line.split()[1] == b"401"
    for path in ("/x1", "/x2", "/wp-login.php"):
        async with ingest.session.get(ingest.server.url + path) as r:
            assert r.status == 401
    async with ingest.session.get(ingest.server.url + "/metrics") as r:
        text = await r.text()
    assert 'correlator_ingest_requests_total{code="401",endpoint="other"} 3.0' in text
    assert "/x1" not in text and 'endpoint="/api/v2/alerts"' in text
