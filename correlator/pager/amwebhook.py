"""Incident transitions as Alertmanager webhook (version 4) messages. Pure.

Anything that takes Alertmanager's notifications takes these: the group is the incident
(``groupKey`` and ``groupLabels`` name it), with one alert per affected node, so a receiver
that routes on ``node`` can. ``status`` is ``firing`` until the incident resolves; ``endsAt`` is
Go's zero time while firing, as Alertmanager sends it.
"""

from __future__ import annotations

from typing import Any

from correlator.core.storm import fingerprint
from correlator.ingest.rfc3339 import GO_ZERO, format_ns
from correlator.pager import text
from correlator.wire.incidents import Incident

ALERTNAME = "CorrelatorIncident"


def message(inc: Incident, receiver: str, external_url: str = "") -> dict[str, Any]:
    status = "resolved" if inc.status == "resolved" else "firing"
    common = {"alertname": ALERTNAME, "incident_id": inc.incident_id, "cause": inc.cause,
              "severity": inc.severity}
    annotations = {
        "summary": inc.summary or text.headline(inc),
        "description": text.headline(inc),
        "confidence": f"{inc.confidence:.2f}",
        "evidence": "; ".join(text.evidence_lines(inc)),
        "alerts_collapsed": str(inc.alerts.count),
        "alertnames": ", ".join(inc.alerts.alertnames),
        "actions": text.actions_text(inc),
        "transition": inc.status,
    }
    alerts = [_alert(inc, status, common | {"node": node}, annotations, external_url)
              for node in (inc.nodes or ["-"])]
    return {
        "version": "4",
        "groupKey": f'{{}}:{{incident_id="{inc.incident_id}"}}',
        "truncatedAlerts": 0,
        "status": status,
        "receiver": receiver,
        "groupLabels": {"incident_id": inc.incident_id},
        "commonLabels": common,
        "commonAnnotations": annotations,
        "externalURL": external_url,
        "alerts": alerts,
    }


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
