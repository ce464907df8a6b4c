"""Incident transitions as Alertmanager webhook (version 4) messages. Pure.

Anything that takes Alertmanager's notifications takes these: the group is the incident
(``groupKey`` and ``groupLabels`` name it), with one alert per affected node, so a receiver
that routes on ``node`` can. ``status`` is ``firing`` until the incident resolves; ``endsAt`` is
Go's zero time while firing, as Alertmanager sends it.

A fleet-wide incident would make one message of many megabytes (each alert repeats the
annotations), more than receivers take (our own ingest: 4 MiB). As Alertmanager's
``max_alerts`` does, the alerts past ``max_alerts`` (0: no limit) are left out and counted in
``truncatedAlerts``; past that, alerts are left out until the body fits in ``max_body`` bytes
(at least one alert is always sent).

>>> from correlator.wire.incidents import Incident
>>> inc = Incident(incident_id="i", status="open", cause="c", confidence=0.5, hypotheses={},
...                severity="warning", nodes=["n1", "n2", "n3"], opened_ns=0, updated_ns=0,
...                first_evidence_ns=0)
>>> doc = message(inc, "itsm", max_alerts=2)
>>> [a["labels"]["node"] for a in doc["alerts"]], doc["truncatedAlerts"]
(['n1', 'n2'], 1)
"""

from __future__ import annotations

from typing import Any

import orjson

from correlator.core.storm import fingerprint
from correlator.ingest.rfc3339 import GO_ZERO, format_ns
from correlator.pager import text
from correlator.wire.incidents import Incident

ALERTNAME = "CorrelatorIncident"
MAX_BODY = 4 << 20
"""The largest body sent: what the project's ingest takes by default (``--max-body``)."""


def message(inc: Incident, receiver: str, external_url: str = "", *, max_alerts: int = 0,
            max_body: int = MAX_BODY) -> dict[str, Any]:
    status = "resolved" if inc.status == "resolved" else "firing"
    common = {"alertname": ALERTNAME, "incident_id": inc.incident_id, "cause": inc.cause,
              "severity": inc.severity}
    annotations = _annotations(inc)
    nodes = inc.nodes or ["-"]
    kept = nodes[:max_alerts] if max_alerts > 0 else nodes
    doc: dict[str, Any] = {
        "version": "4",
        "groupKey": f'{{}}:{{incident_id="{inc.incident_id}"}}',
        "truncatedAlerts": 0,
        "status": status,
        "receiver": receiver,
        "groupLabels": {"incident_id": inc.incident_id},
        "commonLabels": common,
        "commonAnnotations": annotations,
        "externalURL": external_url,
        "alerts": [],
    }
    alerts = [_alert(inc, status, common | {"node": node}, annotations, external_url)
              for node in kept]
    doc["alerts"] = _fit(alerts, len(orjson.dumps(doc)), max_body)
    doc["truncatedAlerts"] = len(nodes) - len(doc["alerts"])
    return doc


def _annotations(inc: Incident) -> dict[str, str]:
    return {
        "summary": inc.summary or text.headline(inc),
        "description": text.headline(inc),
        "confidence": f"{inc.confidence:.2f}",
        "evidence": "; ".join(text.evidence_lines(inc)),
        "alerts_collapsed": str(inc.alerts.count),
        "alertnames": ", ".join(inc.alerts.alertnames),
        "actions": text.actions_text(inc),
        "transition": inc.status,
    }


def _fit(alerts: list[dict[str, Any]], envelope: int, max_body: int) -> list[dict[str, Any]]:
    """The longest prefix of ``alerts`` whose message stays within ``max_body`` bytes (>= 1).

    ``envelope`` is the size of the message with no alert; each alert adds its JSON and a
    comma, and the count in ``truncatedAlerts`` may grow by a few digits (the margin).
    """
    size = envelope + 20
    for n, alert in enumerate(alerts):
        size += len(orjson.dumps(alert)) + 1
        if size > max_body:
            return alerts[: max(n, 1)]
    return alerts


def _alert(inc: Incident, status: str, labels: dict[str, str], annotations: dict[str, str],
           external_url: str) -> dict[str, Any]:
    ends = format_ns(inc.resolved_ns) if inc.resolved_ns is not None else GO_ZERO
    return {
        "status": status,
        "labels": labels,
        "annotations": annotations,
        "startsAt": format_ns(inc.opened_ns),
        "endsAt": ends,
        "generatorURL": external_url,
        "fingerprint": fingerprint(labels),
    }
