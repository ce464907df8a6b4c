"""An incoming alert -> the contract's alert record (section 1, ``kind = "alert"``).

- ``ts_ns`` is when the ingest received it (event time of an alert is its arrival: Prometheus
  sends at evaluation, Alertmanager at notification);
- ``node`` is the ``node`` label, else the host part of ``instance``, else ``"-"``;
- ``gpu`` is the ``gpu`` label when it is a GPU index;
- the status of an API v2 alert (which carries none) is Alertmanager's reading: resolved once
  ``endsAt`` has passed, firing otherwise; ``startsAt`` defaults to the arrival, as there;
- ``fingerprint`` is the sender's, else the Alertmanager-style one of the sorted label set
  (:func:`correlator.core.storm.fingerprint`), so that every record on the topic carries the
  identity the core deduplicates by.

>>> alert_node({"alertname": "X", "instance": "gpu-7:9400"}), alert_node({"alertname": "X"})
('gpu-7', '-')
"""

from __future__ import annotations

from correlator.core.storm import fingerprint
from correlator.ingest.payloads import IncomingAlert
from correlator.ingest.rfc3339 import format_ns
from correlator.wire.records import AlertBody, AlertRecord


def alert_node(labels: dict[str, str]) -> str:
    """The node an alert is about, as the contract defines it."""
    node = labels.get("node")
    if node:
        return node
    return _host(labels.get("instance", "")) or "-"


def _host(instance: str) -> str:
    if instance.startswith("["):  # [v6 address]:port
        return instance[1:].split("]", 1)[0]
    return instance.split(":", 1)[0] if instance.count(":") == 1 else instance


def status_of(alert: IncomingAlert, received_ns: int) -> str:
    if alert.status is not None:
        return alert.status
    return "resolved" if alert.ends_ns is not None and alert.ends_ns <= received_ns else "firing"


def to_record(alert: IncomingAlert, received_ns: int) -> AlertRecord:
    """The record for one alert received at ``received_ns``."""
    labels = alert.labels
    gpu = labels.get("gpu", "")
    body = AlertBody(
        status=status_of(alert, received_ns),  # type: ignore[arg-type]
        labels=labels,
        annotations=alert.annotations,
        startsAt=alert.starts_at or format_ns(received_ns),
        endsAt=alert.ends_at,
        fingerprint=alert.fingerprint or fingerprint(labels),
        generatorURL=alert.generator_url,
    )
    return AlertRecord(v=1, ts_ns=received_ns, node=alert_node(labels), source="alert",
                       kind="alert", gpu=int(gpu) if gpu.isdigit() else None, alert=body)
