"""An incoming alert -> the contract's alert record (section 1, ``kind = "alert"``).

- ``ts_ns`` is when the ingest received it (event time of an alert is its arrival: Prometheus
  sends at evaluation, Alertmanager at notification);
- ``node`` is the ``node`` label, else the host part of ``instance`` (``host:port``,
  ``[v6]:port`` or a URL such as ``http://host:port/metrics``), else ``"-"``;
- ``gpu`` is the ``gpu`` label when it is a GPU index;
- the status of an API v2 alert (which carries none) is Alertmanager's reading: resolved once
  ``endsAt`` has passed, firing otherwise; an absent or zero ``startsAt`` is filled as
  Alertmanager's API fills it: ``endsAt`` when that is set, else the arrival;
- ``fingerprint`` is the sender's, else the Alertmanager-style one of the sorted label set
  (:func:`correlator.core.storm.fingerprint`), so that every record on the topic carries the
  identity the core deduplicates by.

>>> alert_node({"alertname": "X", "instance": "gpu-7:9400"}), alert_node({"alertname": "X"})
('gpu-7', '-')
>>> alert_node({"alertname": "X", "instance": "https://[fd00::7]:9400/metrics"})
'fd00::7'
"""

from __future__ import annotations

from correlator.core.hosts import label_node
from correlator.core.storm import fingerprint
from correlator.ingest.payloads import IncomingAlert
from correlator.ingest.rfc3339 import format_ns
from correlator.wire.records import AlertBody, AlertRecord


def alert_node(labels: dict[str, str]) -> str:
    """The node an alert is about, as the contract defines it (:mod:`correlator.core.hosts`)."""
    return label_node(labels)


def status_of(alert: IncomingAlert, received_ns: int) -> str:
    if alert.status is not None:
        return alert.status
    return "resolved" if alert.ends_ns is not None and alert.ends_ns <= received_ns else "firing"


def starts_at(alert: IncomingAlert, received_ns: int) -> str:
    """As sent when set; else (absent, or Go's zero time) ``endsAt`` if set, else the arrival."""
    if alert.starts_ns is not None and alert.starts_at:
        return alert.starts_at
    if alert.ends_ns is not None and alert.ends_at:
        return alert.ends_at
    return format_ns(received_ns)


def to_record(alert: IncomingAlert, received_ns: int) -> AlertRecord:
    """The record for one alert received at ``received_ns``."""
    labels = alert.labels
    gpu = labels.get("gpu", "")
    body = AlertBody(
        status=status_of(alert, received_ns),  # type: ignore[arg-type]
        labels=labels,
        annotations=alert.annotations,
        startsAt=starts_at(alert, received_ns),
        endsAt=alert.ends_at,
        fingerprint=alert.fingerprint or fingerprint(labels),
        generatorURL=alert.generator_url,
    )
    return AlertRecord(v=1, ts_ns=received_ns, node=alert_node(labels), source="alert",
                       kind="alert", gpu=int(gpu) if gpu.isdigit() else None, alert=body)
