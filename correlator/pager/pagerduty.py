"""PagerDuty Events API v2 events for incident transitions. Pure.

``open`` and ``update`` send ``trigger`` with ``dedup_key`` = the incident id (PagerDuty keeps
one alert per key and updates it); ``resolved`` sends ``resolve``. The payload's ``summary``
(at most 1024 characters), ``source`` (the affected nodes), ``severity`` and
``custom_details`` (cause, confidence, hypotheses, evidence, collapsed alerts, actions) follow
https://developer.pagerduty.com/docs/events-api-v2/trigger-events.
"""

from __future__ import annotations

from typing import Any

from correlator.ingest.rfc3339 import format_ns
from correlator.pager import text
from correlator.wire.incidents import Incident

MAX_SUMMARY = 1024
MAX_SOURCE = 255


def event(inc: Incident, routing_key: str, client: str, client_url: str | None) -> dict[str, Any]:
    if inc.status == "resolved":
        return {"routing_key": routing_key, "event_action": "resolve", "dedup_key": inc.incident_id}
    body: dict[str, Any] = {
        "routing_key": routing_key,
        "event_action": "trigger",
        "dedup_key": inc.incident_id,
        "payload": {
            "summary": _summary(inc),
            "source": ", ".join(inc.nodes)[:MAX_SOURCE] or "gpu-correlator",
            "severity": inc.severity,
            "timestamp": format_ns(inc.updated_ns),
            "component": inc.nodes[0] if len(inc.nodes) == 1 else "fleet",
            "group": "gpu-inference",
            "class": inc.cause,
            "custom_details": details(inc),
        },
        "client": client,
    }
    if client_url:
        body["client_url"] = client_url
    return body


def _summary(inc: Incident) -> str:
    lead = inc.summary.rstrip(".") if inc.summary else text.headline(inc)
    s = f"[{inc.severity}] {lead} (cause {inc.cause}, confidence {inc.confidence:.2f})"
    return s if len(s) <= MAX_SUMMARY else s[: MAX_SUMMARY - 3] + "..."


def details(inc: Incident) -> dict[str, Any]:
    return {
        "incident_id": inc.incident_id,
        "status": inc.status,
        "cause": inc.cause,
        "cause_text": text.cause_text(inc.cause),
        "confidence": round(inc.confidence, 4),
        "hypotheses": inc.hypotheses,
        "nodes": inc.nodes,
        "evidence": text.evidence_lines(inc),
        "alert_count": inc.alerts.count,
        "alertnames": inc.alerts.alertnames,
        "actions": text.actions_text(inc),
        "opened": text.utc(inc.opened_ns),
        "first_evidence": text.utc(inc.first_evidence_ns),
    }
