"""The pager on the real broker against local PagerDuty-, Slack- and webhook-like receivers.

The PagerDuty receiver answers 202, then 429, then 500, then 400, then accepts everything: every
transition routed to it arrives exactly once and in order per incident, the refused one is on
the dead-letter topic with the receiver's answer, and nothing else is lost. Duplicates published
by a restarted worker are sent once; records of a replay run are not live and are not sent.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from pathlib import Path

import aiohttp
import orjson
import pytest
from aiokafka import AIOKafkaProducer
from test_ingest_kafka import read_all

from correlator.ingest.rfc3339 import format_ns
from correlator.kafka import TopicNames
from correlator.pager.config import load_pagers
from correlator.pager.deadletters import KafkaDeadLetters
from correlator.pager.recorder import Received, RecordingReceiver
from correlator.pager.service import PagerService, ServiceOptions
from correlator.wire.deadletter import decode_raw
from correlator.wire.incidents import AlertsRef, Evidence, Incident

pytestmark = pytest.mark.kafka
S = 1_000_000_000
T0 = 1_709_542_800 * S
ROUTING_KEY = "R0UT1NGKEY0123456789abcdefabcdef"


def life(iid: str, start_s: int, severities: tuple[str, str, str, str], node: str) -> list[Incident]:
    """open, update, update, resolved of one incident, 60 s apart."""
    out = []
    for k, (status, sev) in enumerate(zip(("open", "update", "update", "resolved"), severities,
                                          strict=True)):
        updated = T0 + (start_s + 60 * k) * S
        out.append(Incident(
            incident_id=iid, status=status, cause="spec_residue", confidence=0.8 + 0.05 * k,
            hypotheses={"spec_residue": 0.9}, severity=sev, nodes=[node], opened_ns=T0 + start_s * S,
            updated_ns=updated, resolved_ns=updated if status == "resolved" else None,
            first_evidence_ns=T0, alerts=AlertsRef(count=3 + k, fingerprints=[], alertnames=["A"]),
            evidence=[Evidence(signal="gpu_memory_growth_pct_per_min", value=0.2, detail="rising")],
            summary=f"residue on {node}"))
    return out


def interleave(*lives: list[Incident]) -> list[Incident]:
    return sorted((i for lf in lives for i in lf), key=lambda i: i.updated_ns)


async def publish(bootstrap: str, topic: str, items: Iterable[tuple[bytes, bytes, list[tuple[str, bytes]]]],
                  ) -> None:
    p = AIOKafkaProducer(bootstrap_servers=bootstrap, acks="all")
    await p.start()
    try:
        for key, value, headers in items:
            await p.send_and_wait(topic, value, key=key, headers=headers)
    finally:
        await p.stop()


def as_message(inc: Incident, headers: list[tuple[str, bytes]] | None = None,
               ) -> tuple[bytes, bytes, list[tuple[str, bytes]]]:
    return inc.incident_id.encode(), orjson.dumps(inc.model_dump(mode="json")), headers or []


def transition(r: Received) -> tuple[str, str, str]:
    """(dedup_key, action, timestamp) of a PagerDuty event; resolves carry no timestamp."""
    d = r.doc
    return d["dedup_key"], d["event_action"], (d.get("payload") or {}).get("timestamp", "-")


def config(tmp_path: Path, pd: RecordingReceiver, sl: RecordingReceiver, wh: RecordingReceiver) -> Path:
    f = tmp_path / "pagers.yaml"
    f.write_text(f"""
defaults:
  retry: {{initial_s: 0.02, max_s: 0.1, jitter: 0.5}}
  rate_limit: {{per_minute: 60000, burst: 100}}
receivers:
  - {{name: oncall, type: pagerduty, url: "{pd.url}", routing_key: {ROUTING_KEY}}}
  - {{name: chat, type: slack, url: "{sl.url}", send_updates: false}}
  - {{name: itsm, type: webhook, url: "{wh.url}"}}
routes:
  - receivers: [oncall]
    match: {{severity: [critical]}}
    continue: true
  - receivers: [chat, itsm]
""")
    return f


async def test_every_transition_once_in_order_despite_429_500_and_400(
        tmp_path: Path, kafka_bootstrap: str, kafka_topics: TopicNames) -> None:
    crit = ("critical",) * 4
    a = life("inc-a", 0, crit, "gpu-node-01")
    b = life("inc-b", 10, crit, "gpu-node-02")
    c = life("inc-c", 20, crit, "gpu-node-03")
    d = life("inc-d", 30, ("warning", "critical", "critical", "critical"), "gpu-node-04")
    w = life("inc-w", 40, ("warning",) * 4, "gpu-node-05")  # never paged
    stream = interleave(a, b, c, d, w)
    messages = [as_message(i) for i in stream]
    messages.insert(5, as_message(a[1]))  # a restarted worker's copy
    replayed = b[0].model_copy(update={"incident_id": "inc-replayed"})
    messages.insert(7, as_message(replayed, [("cx-run", b"replay-1")]))
    messages.insert(9, (b"junk", b'{"not": "an incident"}', []))
    await publish(kafka_bootstrap, kafka_topics.incidents, messages)

    pd = await RecordingReceiver("pagerduty", script=[202, 429, 500, 400]).start()
    sl = await RecordingReceiver("slack").start()
    wh = await RecordingReceiver("webhook").start()
    cfg = load_pagers(config(tmp_path, pd, sl, wh), {})
    dead = KafkaDeadLetters(kafka_bootstrap, kafka_topics.deadletter)
    await dead.start()
    stop = asyncio.Event()
    async with aiohttp.ClientSession() as session:
        service = PagerService(cfg, ServiceOptions(tmp_path / "state", kafka_topics.prefix), dead,
                               session, stop)
        task = asyncio.create_task(service.run_kafka(kafka_bootstrap, kafka_topics.incidents, "earliest"))
        paged = a + b + c + d[1:]  # inc-d reaches the pager's route once it turns critical
        await pd.wait_for(len(paged) - 1)  # one is refused
        await sl.wait_for(2 * 5)
        await wh.wait_for(4 * 5)
        stop.set()
        await task
        service.close()
    await dead.close()

    # PagerDuty: 202, then 429 -> 500 -> 400 on the same event, which is dead-lettered.
    assert [r.status for r in pd.received[:4]] == [202, 429, 500, 400]
    assert transition(pd.received[1]) == transition(pd.received[2]) == transition(pd.received[3])
    refused = transition(pd.received[3])
    got = [transition(r) for r in pd.accepted]
    assert len(got) == len(set(got)) == len(paged) - 1  # each accepted exactly once
    for inc in (a, b, c, d):
        expected = [transition_of(i) for i in inc if i in paged and transition_of(i) != refused]
        assert [t for t in got if t[0] == inc[0].incident_id] == expected  # in order
    assert all(r.doc["routing_key"] == ROUTING_KEY for r in pd.received)
    letters = [orjson.loads(v) for _, _, v in await read_all(kafka_bootstrap, kafka_topics.deadletter)]
    assert len(letters) == 2  # the refused event, and the junk record (once, not per receiver)
    (letter,) = [x for x in letters if x["origin"] == "pager/oncall"]
    (junk,) = [x for x in letters if str(x["origin"]).startswith(f"pager {kafka_topics.incidents}[")]
    assert "HTTP 400" in letter["reason"] and "Event object is invalid" in letter["reason"]
    assert str(junk["reason"]).startswith("not an incident record: ")
    assert ROUTING_KEY not in orjson.dumps(letters).decode()
    kept = Incident.model_validate_json(decode_raw(orjson.dumps(letter)))
    assert transition_of(kept) == refused

    # Slack: open and resolved only (send_updates: false); the webhook: every transition.
    assert sorted((r.doc["text"].split(":")[0]) for r in sl.accepted) == ["OPEN"] * 5 + ["RESOLVED"] * 5
    statuses = [(r.doc["groupLabels"]["incident_id"], r.doc["commonAnnotations"]["transition"])
                for r in wh.accepted]
    assert sorted(statuses) == sorted((i.incident_id, i.status) for i in stream)
    assert all(r.doc["commonLabels"]["incident_id"] != "inc-replayed" for r in wh.received)


def transition_of(i: Incident) -> tuple[str, str, str]:
    if i.status == "resolved":
        return i.incident_id, "resolve", "-"
    return i.incident_id, "trigger", format_ns(i.updated_ns)
