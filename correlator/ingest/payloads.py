"""The two payloads the ingest accepts, validated with exact reasons.

- :func:`parse_webhook`: Alertmanager's webhook receiver message, ``version: "4"``::

      {"version": "4", "groupKey": ..., "status": "firing", "receiver": ..., "groupLabels": {},
       "commonLabels": {}, "commonAnnotations": {}, "externalURL": ..., "truncatedAlerts": 0,
       "alerts": [{"status", "labels", "annotations", "startsAt", "endsAt", "generatorURL",
                   "fingerprint"}]}

- :func:`parse_postable`: the body of Alertmanager's ``POST /api/v2/alerts`` (what Prometheus
  sends): a JSON array of ``{"labels", "annotations", "startsAt", "endsAt", "generatorURL"}``;
  an alert whose ``endsAt`` has passed is resolved, as Alertmanager reads it, and one that ends
  before it starts is refused, as Alertmanager's API refuses it.

Both take ``annotations: null`` as no annotations (Go decodes it to an empty map); ``labels``
stays required, with a non-empty ``alertname``.

A body that is not such a message at all raises :class:`PayloadError`. Otherwise each alert is
judged alone, like Alertmanager's own API does: the valid ones are taken, each invalid one is
returned with its index, the reason and its bytes, so that one bad alert never costs the others.

>>> p = parse_postable(b'[{"labels": {"alertname": "A"}}, {"labels": {}}]')
>>> [a.labels for a in p.alerts], [e.reason for e in p.errors]
([{'alertname': 'A'}], ["alerts[1].labels: must include a non-empty 'alertname'"])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, ValidationError, field_validator, model_validator

from correlator.ingest.rfc3339 import is_zero, parse_ns

WEBHOOK_VERSION = "4"
Status = Literal["firing", "resolved"]


class PayloadError(ValueError):
    """The body as a whole is unusable; ``reason`` says why, for the 400 answer."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class IncomingAlert:
    """One valid alert, before it becomes a record. ``status`` None: judge by ``endsAt``."""

    status: Status | None
    labels: dict[str, str]
    annotations: dict[str, str]
    starts_at: str | None
    ends_at: str | None
    starts_ns: int | None
    ends_ns: int | None
    generator_url: str | None
    fingerprint: str | None


@dataclass(frozen=True, slots=True)
class ItemError:
    """An alert refused: where in the body, why, and its bytes (for the dead-letter topic)."""

    index: int
    reason: str
    raw: bytes


@dataclass
class Parsed:
    alerts: list[IncomingAlert] = field(default_factory=list)
    errors: list[ItemError] = field(default_factory=list)
    truncated: int = 0


class _AlertFields(BaseModel):
    model_config = ConfigDict(strict=True, extra="ignore")

    labels: dict[str, str]
    annotations: dict[str, str] = {}
    startsAt: str | None = None
    endsAt: str | None = None
    generatorURL: str | None = None

    @field_validator("annotations", mode="before")
    @classmethod
    def _null_annotations(cls, value: Any) -> Any:
        return {} if value is None else value

    @field_validator("labels")
    @classmethod
    def _labels(cls, labels: dict[str, str]) -> dict[str, str]:
        if not labels.get("alertname"):
            raise ValueError("must include a non-empty 'alertname'")
        if "" in labels:
            raise ValueError("a label name is empty")
        return labels

    @field_validator("startsAt", "endsAt")
    @classmethod
    def _time(cls, value: str | None) -> str | None:
        if value is not None:
            parse_ns(value)
        return value


class _Alert(_AlertFields):
    """An API v2 alert: Alertmanager's validation refuses one that ends before it starts."""

    @model_validator(mode="after")
    def _ends_after_start(self) -> _Alert:
        starts, ends = _set_ns(self.startsAt), _set_ns(self.endsAt)
        if starts is not None and ends is not None and ends < starts:
            raise ValueError(f"endsAt {self.endsAt!r} is before startsAt {self.startsAt!r} "
                             "(an alert cannot end before it starts)")
        return self


class _WebhookAlert(_AlertFields):
    status: Status
    fingerprint: str | None = None


class _WebhookMessage(BaseModel):
    model_config = ConfigDict(strict=True, extra="ignore")

    version: str
    groupKey: str = ""
    truncatedAlerts: int = 0
    status: Status | None = None
    receiver: str = ""
    alerts: list[Any]


def parse_webhook(raw: bytes) -> Parsed:
    """An Alertmanager webhook message (version 4)."""
    doc = _json(raw)
    if not isinstance(doc, dict):
        raise PayloadError(f"expected an Alertmanager webhook message (a JSON object), got {_kind(doc)}")
    version = doc.get("version")
    if version != WEBHOOK_VERSION:
        raise PayloadError(f"unsupported webhook version {version!r}: this endpoint takes "
                           f"Alertmanager's webhook payload version \"{WEBHOOK_VERSION}\"")
    try:
        msg = _WebhookMessage.model_validate(doc)
    except ValidationError as err:
        raise PayloadError(_explain(err, "")) from None
    out = _items(msg.alerts, _WebhookAlert)
    out.truncated = max(0, msg.truncatedAlerts)
    return out


def parse_postable(raw: bytes) -> Parsed:
    """The body of ``POST /api/v2/alerts``: a JSON array of alerts."""
    doc = _json(raw)
    if not isinstance(doc, list):
        raise PayloadError(f"expected a JSON array of alerts (Alertmanager API v2), got {_kind(doc)}")
    return _items(doc, _Alert)


def _items(items: list[Any], model: type[_AlertFields]) -> Parsed:
    out = Parsed()
    for i, item in enumerate(items):
        try:
            a = model.model_validate(item)
        except ValidationError as err:
            out.errors.append(ItemError(i, _explain(err, f"alerts[{i}]"), _bytes(item)))
            continue
        out.alerts.append(_incoming(a))
    return out


def _incoming(a: _AlertFields) -> IncomingAlert:
    return IncomingAlert(
        status=a.status if isinstance(a, _WebhookAlert) else None,
        labels=dict(a.labels),
        annotations=dict(a.annotations),
        starts_at=a.startsAt,
        ends_at=a.endsAt,
        starts_ns=_set_ns(a.startsAt),
        ends_ns=_set_ns(a.endsAt),
        generator_url=a.generatorURL,
        fingerprint=(a.fingerprint or None) if isinstance(a, _WebhookAlert) else None,
    )


def _set_ns(text: str | None) -> int | None:
    """Epoch ns of a validated time, None when absent or Go's zero time (Alertmanager's unset)."""
    ns = parse_ns(text) if text else None
    return None if ns is None or is_zero(ns) else ns


def _json(raw: bytes) -> Any:
    if not raw.strip():
        raise PayloadError("empty body")
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError as err:
        raise PayloadError(f"invalid JSON: {err}") from None


def _explain(err: ValidationError, prefix: str) -> str:
    parts = []
    for e in err.errors(include_url=False):
        loc = ".".join(str(p) for p in e["loc"])
        where = ".".join(p for p in (prefix, loc) if p)
        msg = e["msg"].removeprefix("Value error, ")
        parts.append(f"{where or '<body>'}: {msg}")
    return "; ".join(parts)


def _bytes(item: Any) -> bytes:
    try:
        return orjson.dumps(item)
    except TypeError:
        return repr(item).encode()


def _kind(doc: Any) -> str:
    return {dict: "an object", list: "an array", str: "a string", bool: "a boolean",
            type(None): "null"}.get(type(doc), "a number")
