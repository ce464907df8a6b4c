"""Pager, pure parts: routes, the retry schedule, the rate limit, the ledger and its journal,
what to do with each record, and the three message formats."""

from __future__ import annotations

import random
from pathlib import Path

import orjson
import pytest
from pydantic import SecretStr

from correlator.ingest.payloads import parse_webhook
from correlator.pager import amwebhook, pagerduty, slack
from correlator.pager.config import Match, NodeLabels, Route, WebhookReceiver
from correlator.pager.journal import Journal, JournalError
from correlator.pager.ledger import Ledger
from correlator.pager.outbound import request_for
from correlator.pager.plan import plan
from correlator.pager.ratelimit import Buckets, TokenBucket
from correlator.pager.recorder import pd_errors
from correlator.pager.retry import Backoff, classify, retry_after
from correlator.pager.routing import Router
from correlator.wire.incidents import AlertsRef, Evidence, Incident, IncidentAction

S = 1_000_000_000


def incident(status: str = "open", updated_s: int = 100, **kw: object) -> Incident:
    base: dict[str, object] = dict(
        incident_id="inc-0123456789abcdef", status=status, cause="session_isolation",
        confidence=0.93, hypotheses={"session_isolation": 0.81, "spec_residue": 0.12},
        severity="critical", nodes=["gpu-node-01", "gpu-node-02"], opened_ns=90 * S,
        updated_ns=updated_s * S, resolved_ns=updated_s * S if status == "resolved" else None,
        first_evidence_ns=60 * S,
        alerts=AlertsRef(count=15, fingerprints=["f1"], alertnames=["VLLMKVCacheUsageCritical"]),
        evidence=[Evidence(signal="kv_cache_growth_pct_per_min", value=2.5,
                           detail="engine 0: KV usage 91 %, rising in 90 % of minute pairs")],
        actions=[IncidentAction(action="degrade_weight", node="gpu-node-01")],
        summary="KV-cache session isolation defect on gpu-node-01, gpu-node-02; 15 alerts collapsed.")
    base.update(kw)
    return Incident.model_validate(base)


# -- routing ------------------------------------------------------------------------------
ROUTER = Router(
    [Route(receivers=["pd"], match=Match(severity=["critical"]), continue_=True),
     Route(receivers=["team-a"], match=Match(node_labels={"pool": ["a", "b"]})),
     Route(receivers=["gpu"], match=Match(cause=["gpu_failure"], nodes=["gpu-node-1*"])),
     Route(receivers=["rest"])],
    [NodeLabels(nodes=["gpu-node-0[1-4]"], labels={"pool": "a"}),
     NodeLabels(nodes=["gpu-node-04"], labels={"pool": "z"})])


@pytest.mark.parametrize(("cause", "severity", "nodes", "receivers"), [
    ("session_isolation", "critical", ["gpu-node-01"], ["pd", "team-a"]),
    ("session_isolation", "warning", ["gpu-node-02"], ["team-a"]),
    ("session_isolation", "warning", ["gpu-node-04"], ["rest"]),  # later labels override
    ("spec_residue", "warning", ["gpu-node-09", "gpu-node-03"], ["team-a"]),  # any node
    ("gpu_failure", "warning", ["gpu-node-12"], ["gpu"]),
    ("gpu_failure", "critical", ["gpu-node-22"], ["pd", "rest"]),
    ("monitoring_gap", "info", [], ["rest"]),
])
def test_routes_by_cause_severity_nodes_and_node_labels(cause: str, severity: str, nodes: list[str],
                                                        receivers: list[str]) -> None:
    assert ROUTER.receivers_for(cause, severity, nodes) == receivers


def test_no_route_matching_means_no_receiver() -> None:
    r = Router([Route(receivers=["pd"], match=Match(severity=["critical"]))], [])
    assert r.receivers_for("x", "warning", ["n"]) == []


# -- retries and rate limits --------------------------------------------------------------
@pytest.mark.parametrize(("status", "verdict"), [
    (200, "delivered"), (202, "delivered"), (204, "delivered"), (400, "refused"), (401, "refused"),
    (403, "refused"), (404, "refused"), (410, "refused"), (408, "retry"), (429, "retry"),
    (500, "retry"), (502, "retry"), (503, "retry"), (None, "retry"),
])
def test_answers_are_classified_as_pagerduty_documents_them(status: int | None, verdict: str) -> None:
    assert classify(status) == verdict


def test_backoff_doubles_up_to_the_cap_and_jitter_stays_within_its_band() -> None:
    b = Backoff(initial_s=0.5, max_s=30.0, multiplier=2.0, jitter=0.25)
    rng = random.Random(7)
    for attempt in range(12):
        base = min(30.0, 0.5 * 2 ** attempt)
        d = b.delay(attempt, rng.random())
        assert 0.75 * base <= d <= min(30.0, 1.25 * base)
    assert b.delay(3, 0.5, retry_after_s=20.0) == 20.0  # the receiver's Retry-After when longer
    assert b.delay(3, 0.5, retry_after_s=1.0) == 4.0
    assert retry_after("2.5") == 2.5 and retry_after("-1") is None


def test_token_bucket_spaces_requests_beyond_the_burst() -> None:
    b = TokenBucket(per_s=2.0, burst=3)
    waits = [b.take(10.0) for _ in range(6)]
    assert waits == [0.0, 0.0, 0.0, 0.5, 1.0, 1.5]
    assert b.take(20.0) == 0.0  # refilled (to the burst at most)
    buckets = Buckets()
    assert buckets.for_key("k", 60, 1) is buckets.for_key("k", 60, 1)
    assert buckets.for_key("k", 60, 1) is not buckets.for_key("other", 60, 1)


# -- the ledger ---------------------------------------------------------------------------
def test_ledger_judges_each_transition_against_the_last_handled() -> None:
    led = Ledger(retention_ns=3600 * S, capacity=10)
    assert led.judge("a", "open", 10) == "new"
    led.record("a", "open", 10, "delivered")
    assert led.judge("a", "open", 10) == "duplicate"
    assert led.judge("a", "update", 10) == "new"  # same instant, later in the life cycle
    led.record("a", "update", 20, "delivered")
    assert led.judge("a", "open", 10) == "stale"
    led.record("a", "resolved", 30, "delivered")
    assert led.judge("a", "update", 25) == "stale"
    assert led.judge("a", "update", 40) == "new"  # reopened after the resolve


def test_ledger_forgets_quiet_incidents_and_stays_bounded() -> None:
    led = Ledger(retention_ns=100, capacity=50)
    for i in range(1000):
        led.record(f"i{i}", "open", i * 10, "delivered")
        assert len(led) <= 50
    assert set(led.entries) == {f"i{i}" for i in range(989, 1000)}  # within 100 ns of the newest


def test_sent_is_remembered_across_filtered_transitions() -> None:
    led = Ledger(retention_ns=3600 * S, capacity=10)
    led.record("a", "open", 1, "delivered")
    e = led.record("a", "update", 2, "filtered")
    assert e.sent


def test_journal_brings_the_ledger_back_and_compacts(tmp_path: Path) -> None:
    path = tmp_path / "pd.ledger.jsonl"
    j = Journal(path, Ledger(3600 * S, 100))
    led = j.open()
    for i in range(3000):
        led.record(f"i{i % 5}", "update", i, "delivered")
        j.append(f"i{i % 5}")
    assert len(path.read_bytes().splitlines()) < 1100  # compacted along the way
    j.close()
    again = Journal(path, Ledger(3600 * S, 100)).open()
    assert {k: (e.status, e.updated_ns, e.sent) for k, e in again.entries.items()} == \
        {f"i{k}": ("update", 2995 + k, True) for k in range(5)}


def test_journal_ignores_a_line_cut_short_by_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "pd.ledger.jsonl"
    path.write_bytes(b'{"id":"a","s":"open","u":5,"o":"delivered","t":true}\n{"id":"b","s":"op')
    led = Journal(path, Ledger(3600 * S, 100)).open()
    assert list(led.entries) == ["a"]


def test_journal_is_held_by_one_pager_at_a_time(tmp_path: Path) -> None:
    path = tmp_path / "pd.ledger.jsonl"
    first = Journal(path, Ledger(3600 * S, 100))
    first.open()
    with pytest.raises(JournalError, match="in use by another pager process"):
        Journal(path, Ledger(3600 * S, 100)).open()
    first.close()
    Journal(path, Ledger(3600 * S, 100)).open()


# -- what to do with a record -------------------------------------------------------------
@pytest.mark.parametrize(("status", "routed", "history", "updates", "resolves", "action"), [
    ("open", True, None, True, True, "send"),
    ("open", False, None, True, True, "skip_unrouted"),
    ("update", True, None, True, True, "send"),        # first news of it may be an update
    ("update", True, None, False, True, "send"),       # ...even without updates
    ("update", True, "open", False, True, "filter"),
    ("update", False, "open", True, True, "send"),     # sticky: it was paged, it hears more
    ("resolved", True, None, True, True, "filter"),    # never sent: nothing to resolve
    ("resolved", False, "update", True, True, "send"),
    ("resolved", True, "update", True, False, "filter"),
    ("update", True, "resolved", False, True, "send"),  # a reopen is news
])
def test_plan(status: str, routed: bool, history: str | None, updates: bool, resolves: bool,
              action: str) -> None:
    led = Ledger(3600 * S, 10)
    if history is not None:
        led.record("a", history, 5, "delivered")
    got = plan(status, routed=routed, verdict=led.judge("a", status, 10), entry=led.get("a"),
               send_updates=updates, send_resolved=resolves)
    assert got == action


def test_plan_skips_duplicates_and_stale_records_whatever_the_routes() -> None:
    led = Ledger(3600 * S, 10)
    led.record("a", "update", 10, "delivered")
    kw = dict(routed=True, entry=led.get("a"), send_updates=True, send_resolved=True)
    assert plan("update", verdict=led.judge("a", "update", 10), **kw) == "skip_duplicate"  # type: ignore[arg-type]
    assert plan("open", verdict=led.judge("a", "open", 5), **kw) == "skip_stale"  # type: ignore[arg-type]


# -- formats ------------------------------------------------------------------------------
def test_pagerduty_trigger_then_resolve_with_the_incident_id_as_dedup_key() -> None:
    key = "R" * 32
    trig = pagerduty.event(incident("open"), key, "gpu-correlator", None)
    upd = pagerduty.event(incident("update", 160), key, "gpu-correlator", None)
    res = pagerduty.event(incident("resolved", 300), key, "gpu-correlator", None)
    assert [e["event_action"] for e in (trig, upd, res)] == ["trigger", "trigger", "resolve"]
    assert {e["dedup_key"] for e in (trig, upd, res)} == {"inc-0123456789abcdef"}
    assert pd_errors(trig) == pd_errors(upd) == pd_errors(res) == []
    p = trig["payload"]
    assert p["severity"] == "critical" and p["source"] == "gpu-node-01, gpu-node-02"
    assert "session isolation" in p["summary"] and "confidence 0.93" in p["summary"]
    assert p["custom_details"]["cause"] == "session_isolation"
    assert p["custom_details"]["alert_count"] == 15
    assert p["custom_details"]["evidence"][0].startswith("kv_cache_growth_pct_per_min = 2.5")


def test_pagerduty_summary_is_cut_to_its_limit() -> None:
    long = incident(summary="x" * 5000, nodes=[f"gpu-node-{i:03d}" for i in range(200)])
    ev = pagerduty.event(long, "k" * 32, "c", None)
    assert len(ev["payload"]["summary"]) <= 1024 and len(ev["payload"]["source"]) <= 255
    assert pd_errors(ev) == []


def test_slack_message_reads_cause_confidence_nodes_evidence_and_alert_count() -> None:
    msg = slack.message(incident("open"))
    text = msg["blocks"][0]["text"]["text"]
    assert "*OPEN*" in text and "KV-cache session isolation defect" in text
    assert "confidence 0.93" in text and "gpu-node-01, gpu-node-02" in text
    assert "15 alerts collapsed (VLLMKVCacheUsageCritical)" in text
    assert "• kv_cache_growth_pct_per_min = 2.5: engine 0" in text
    assert msg["text"].startswith("OPEN: KV-cache session isolation defect on gpu-node-01")
    assert "*RESOLVED*" in slack.message(incident("resolved", 300))["blocks"][0]["text"]["text"]


def test_webhook_message_is_alertmanager_v4_that_our_own_ingest_accepts() -> None:
    for status, am_status in (("open", "firing"), ("update", "firing"), ("resolved", "resolved")):
        doc = amwebhook.message(incident(status, 300), "itsm", "http://correlator")
        assert doc["version"] == "4" and doc["status"] == am_status and doc["receiver"] == "itsm"
        assert set(doc) >= {"groupKey", "groupLabels", "commonLabels", "commonAnnotations",
                            "externalURL", "alerts", "truncatedAlerts"}
        parsed = parse_webhook(orjson.dumps(doc))
        assert parsed.errors == []
        assert [a.labels["node"] for a in parsed.alerts] == ["gpu-node-01", "gpu-node-02"]
        assert {a.status for a in parsed.alerts} == {am_status}
        assert doc["commonLabels"]["cause"] == "session_isolation"


def test_webhook_max_alerts_truncates_and_counts_the_rest_as_alertmanager_does() -> None:
    nodes = [f"gpu-node-{i:02d}" for i in range(5)]
    doc = amwebhook.message(incident("open", nodes=nodes), "itsm", max_alerts=2)
    assert [a["labels"]["node"] for a in doc["alerts"]] == ["gpu-node-00", "gpu-node-01"]
    assert doc["truncatedAlerts"] == 3
    assert parse_webhook(orjson.dumps(doc)).truncated == 3
    whole = amwebhook.message(incident("open", nodes=nodes), "itsm", max_alerts=0)
    assert (len(whole["alerts"]), whole["truncatedAlerts"]) == (5, 0)
    r = WebhookReceiver(name="itsm", type="webhook", url=SecretStr("http://h/x"), max_alerts=4)
    sent = orjson.loads(request_for(r, incident("open", nodes=nodes), "").body)
    assert (len(sent["alerts"]), sent["truncatedAlerts"]) == (4, 1)


def test_a_fleet_wide_webhook_message_stays_within_4_mib() -> None:
    """Each alert repeats the annotations, and the actions name every node: 1,500 nodes made a
    64 MB body, far past what receivers take (our own ingest: 4 MiB). Unlimited ``max_alerts``
    still keeps the body within the cap, the alerts left out counted in ``truncatedAlerts``."""
    nodes = [f"gpu-node-{i:04d}" for i in range(1500)]
    actions = [IncidentAction(action="isolate_node", node=n) for n in nodes]
    big = incident("open", nodes=nodes, actions=actions)
    body = request_for(WebhookReceiver(name="itsm", type="webhook", url=SecretStr("http://h/x")),
                       big, "").body
    assert len(body) <= amwebhook.MAX_BODY == 4 << 20
    doc = orjson.loads(body)
    assert 0 < len(doc["alerts"]) < 1500 and doc["truncatedAlerts"] == 1500 - len(doc["alerts"])
    assert [a["labels"]["node"] for a in doc["alerts"]] == nodes[: len(doc["alerts"])]
    parsed = parse_webhook(body)
    assert parsed.errors == [] and parsed.truncated == doc["truncatedAlerts"]
    tight = amwebhook.message(big, "itsm", max_body=1000)  # not even one fits: one is sent
    assert (len(tight["alerts"]), tight["truncatedAlerts"]) == (1, 1499)


def test_a_fleet_wide_incident_fits_slacks_section_limit_with_its_text_escaped() -> None:
    """Slack refuses a section over 3,000 characters (400 invalid_blocks, which the pager
    cannot retry): the nodes and actions of a 200-node incident once made 3,105. Its mrkdwn
    reserves &, < and >, which evidence text may hold."""
    nodes = [f"gpu-node-{i:03d}" for i in range(200)]
    actions = [IncidentAction(action="isolate_node", node=n) for n in nodes]
    big = incident("open", nodes=nodes, actions=actions,
                   evidence=[Evidence(signal="x", value=1.0, detail="a < b & c > d " * 400)])
    section = slack.message(big)["blocks"][0]["text"]["text"]
    assert len(section) <= 3000 and section.endswith("…")
    odd = [Evidence(signal="x", value=1.0, detail="p99 <5s & >1s")]
    small = slack.message(incident("open", evidence=odd))
    assert "p99 &lt;5s &amp; &gt;1s" in small["blocks"][0]["text"]["text"]


def test_the_exit_summary_counts_skipped_replay_records(capsys: pytest.CaptureFixture[str]) -> None:
    from types import SimpleNamespace

    from correlator.commands.pager import _report

    sub = SimpleNamespace(name="oncall", counts={})
    _report(SimpleNamespace(subscribers=[sub], replays_skipped=3, malformed=0), 0)  # type: ignore[arg-type]
    err = capsys.readouterr().err
    assert "oncall: nothing" in err
    assert "3 incident records of replays skipped (--include-replays delivers them)" in err
