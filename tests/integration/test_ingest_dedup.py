"""Dedup semantics end to end through the ingest (real HTTP) into the embedded engine.

A simulated network partition on one node of two (node telemetry fed to the same engine, the
node's Prometheus alerts pushed over HTTP at their event time) opens one ``node_unreachable``
incident, collapses the alert storm into it, and resolves it. Alerts pushed on top of that
timeline show: the sender's fingerprint wins, else the computed one (label order does not
matter); repeats and resolves of an alert update it instead of adding one; a symptom alert on
the node attaches to the open incident instead of paging; flapping does not reopen it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import aiohttp
import orjson
import pytest

from correlator.config import load_rules
from correlator.core import Engine
from correlator.core.storm import fingerprint
from correlator.ingest.engine_sink import EngineSink, IncidentWriter
from correlator.ingest.rfc3339 import GO_ZERO, format_ns
from correlator.ingest.server import IngestServer
from correlator.sim import SimConfig, simulate
from correlator.wire.decode import RECORD_ADAPTER
from correlator.wire.incidents import Incident
from correlator.wire.records import AlertRecord, Record

RULES = load_rules()
S = 1_000_000_000
NODE = "gpu-node-01"


@dataclass(frozen=True)
class Push:
    ts_ns: int
    path: str
    body: bytes


@pytest.fixture(scope="module")
def scenario() -> list[Record]:
    sc = simulate(SimConfig(nodes=2, minutes=18, seed=3, faults=f"network_partition@{NODE}:3-6"))
    return [RECORD_ADAPTER.validate_python(r) for r in sc.records]


def direct(records: list[Record]) -> list[Incident]:
    engine = Engine(RULES)
    return engine.process_many(records).incidents + engine.finish().incidents


def postable(recs: list[AlertRecord]) -> bytes:
    return orjson.dumps([{"labels": r.alert.labels, "annotations": r.alert.annotations,
                          "startsAt": r.alert.startsAt, "endsAt": r.alert.endsAt,
                          "generatorURL": r.alert.generatorURL} for r in recs])


async def through_ingest(records: list[Record], extra: list[Push] = ()) -> list[Incident]:  # type: ignore[assignment]
    """Telemetry straight into the engine, alerts over HTTP at their event time, in order."""
    incidents: list[Incident] = []
    sink = EngineSink(Engine(RULES), IncidentWriter(None), on_incident=incidents.append)
    now = [0]
    server = IngestServer(sink, clock=lambda: now[0], tick_s=3600)
    await server.start()
    pushes = sorted(extra, key=lambda p: p.ts_ns)
    pending: list[AlertRecord] = []
    async with aiohttp.ClientSession() as http:

        async def post(ts_ns: int, path: str, body: bytes) -> None:
            now[0] = ts_ns
            async with http.post(server.url + path, data=body) as r:
                assert r.status == 200, await r.text()

        async def flush() -> None:
            if pending:
                await post(pending[0].ts_ns, "/api/v2/alerts", postable(pending))
                pending.clear()

        for rec in records:
            while pushes and pushes[0].ts_ns <= rec.ts_ns:
                await flush()
                p = pushes.pop(0)
                await post(p.ts_ns, p.path, p.body)
            if isinstance(rec, AlertRecord):
                if pending and pending[0].ts_ns != rec.ts_ns:
                    await flush()
                pending.append(rec)
            else:
                await flush()
                sink.feed([rec])
        await flush()
        for p in pushes:
            await post(p.ts_ns, p.path, p.body)
    await server.stop()  # the engine finishes, as a replay's does
    return incidents


def at(records: list[Record], minutes: float) -> int:
    return min(r.ts_ns for r in records) + int(minutes * 60 * S)


def api_push(ts_ns: int, labels: dict[str, str], firing: bool = True) -> Push:
    ends = format_ns(ts_ns + 240 * S) if firing else format_ns(ts_ns)
    body = [{"labels": labels, "startsAt": format_ns(ts_ns - 60 * S), "endsAt": ends}]
    return Push(ts_ns, "/api/v2/alerts", orjson.dumps(body))


def webhook_push(ts_ns: int, labels: dict[str, str], fp: str) -> Push:
    alert = {"status": "firing", "labels": labels, "annotations": {}, "fingerprint": fp,
             "startsAt": format_ns(ts_ns - 60 * S), "endsAt": GO_ZERO, "generatorURL": ""}
    msg = {"version": "4", "groupKey": "g", "status": "firing", "receiver": "correlator",
           "groupLabels": {}, "commonLabels": {}, "commonAnnotations": {}, "externalURL": "",
           "truncatedAlerts": 0, "alerts": [alert]}
    return Push(ts_ns, "/webhook", orjson.dumps(msg))


def last_of(incidents: list[Incident]) -> dict[str, Incident]:
    return {i.incident_id: i for i in incidents}


async def test_the_ingest_hands_the_engine_exactly_the_recorded_alerts(scenario: list[Record]) -> None:
    expected = direct(scenario)
    got = await through_ingest(scenario)
    assert [i.model_dump() for i in got] == [i.model_dump() for i in expected]
    statuses = [(i.cause, i.status) for i in got]
    assert statuses[0] == ("node_unreachable", "open") and statuses[-1] == ("node_unreachable", "resolved")
    assert len({i.incident_id for i in got}) == 1


async def test_repeats_and_resolves_update_one_alert_instead_of_adding(scenario: list[Record]) -> None:
    got = await through_ingest(scenario)
    final = got[-1]
    pushed = [r for r in scenario if isinstance(r, AlertRecord) and r.node == NODE]
    fps = Counter(fingerprint(r.alert.labels) for r in pushed if r.alert.status == "firing")
    assert max(fps.values()) >= 3 and any(r.alert.status == "resolved" for r in pushed)
    assert final.alerts.count == len(final.alerts.fingerprints) == len(set(final.alerts.fingerprints))
    assert set(final.alerts.fingerprints) <= set(fps)
    assert 0 < final.alerts.count < sum(fps.values())


async def test_senders_fingerprint_wins_and_symptoms_attach_to_the_open_incident(
        scenario: list[Record]) -> None:
    t = at(scenario, 5.2)  # the incident is open
    symptom = {"alertname": "VLLMHighWaitingRequests", "node": NODE, "severity": "warning"}
    shuffled = {"severity": "warning", "node": NODE, "alertname": "VLLMHighWaitingRequests"}
    named = {"alertname": "GPUThrottled", "node": NODE, "severity": "critical"}
    extra = [api_push(t, symptom), api_push(t + 20 * S, shuffled), api_push(t + 40 * S, symptom),
             webhook_push(t + 50 * S, named, "feedface00000001"),
             webhook_push(t + 55 * S, named, "feedface00000001"),
             webhook_push(t + 58 * S, named, "feedface00000002")]
    base = await through_ingest(scenario)
    got = await through_ingest(scenario, extra)
    assert [i.status for i in got if i.status == "open"] == ["open"]  # no page for the symptoms
    (before,), (after,) = last_of(base).values(), last_of(got).values()
    added = set(after.alerts.fingerprints) - set(before.alerts.fingerprints)
    assert added == {fingerprint(symptom), "feedface00000001", "feedface00000002"}
    assert after.alerts.count == before.alerts.count + 3
    assert "VLLMHighWaitingRequests" in after.alerts.alertnames


async def test_flapping_does_not_reopen(scenario: list[Record]) -> None:
    flappy = {"alertname": "InferenceGatewayLatencyP99High", "node": NODE, "severity": "warning"}
    during = [api_push(at(scenario, 4.5) + k * 15 * S, flappy, firing=k % 2 == 0) for k in range(6)]
    after_resolve = [api_push(at(scenario, 14.0) + k * 15 * S, flappy, firing=k % 2 == 0)
                     for k in range(16)]
    got = await through_ingest(scenario, during + after_resolve)
    (iid,) = {i.incident_id for i in got}
    statuses = [i.status for i in got]
    assert statuses.count("open") == 1 and statuses[-1] == "resolved"
    assert statuses.count("resolved") == 1  # resolved once, never reopened by the flapping
    final = got[-1]
    assert final.alerts.fingerprints.count(fingerprint(flappy)) == 1
    assert iid == got[0].incident_id


@pytest.mark.parametrize(("first", "cause"), [("InferenceGatewayLatencyP99Critical", "unexplained_alerts"),
                                              ("GPUMissing", "gpu_failure")])
async def test_alert_only_node_with_a_persistent_critical_group_escalates(first: str, cause: str) -> None:
    t0 = 1_709_542_800 * S
    incidents: list[Incident] = []
    sink = EngineSink(Engine(RULES), IncidentWriter(None), on_incident=incidents.append)
    now = [t0]
    server = IngestServer(sink, clock=lambda: now[0], tick_s=3600)
    await server.start()
    alerts = [{"alertname": n, "node": "gpu-node-77", "severity": "critical"}
              for n in (first, "TargetDown", "InferenceGatewayCritical5xxRate")]
    async with aiohttp.ClientSession() as http:
        for minute in range(25):  # Prometheus re-sends firing alerts every minute
            now[0] = t0 + minute * 60 * S
            body = orjson.dumps([{"labels": a, "startsAt": format_ns(t0),
                                  "endsAt": format_ns(now[0] + 240 * S)} for a in alerts])
            async with http.post(server.url + "/api/v2/alerts", data=body) as r:
                assert r.status == 200
            for k in range(6):  # the ingest's clock ticks between pushes
                await sink.tick(now[0] + k * 10 * S)
    await server.stop()
    # a missing GPU names its cause (alert_grouping.gpu_failure_alerts); other names group
    assert {i.cause for i in incidents if "gpu-node-77" in i.nodes} == {cause}
