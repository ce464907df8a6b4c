"""The HTTP request a receiver gets for one incident transition. Pure.

>>> from correlator.pager.config import SlackReceiver
>>> from pydantic import SecretStr
>>> from correlator.wire.incidents import Incident
>>> inc = Incident(incident_id="i", status="open", cause="c", confidence=0.5, hypotheses={},
...                severity="warning", nodes=["n"], opened_ns=0, updated_ns=0, first_evidence_ns=0)
>>> req = request_for(SlackReceiver(name="s", type="slack", url=SecretStr("https://h/x")), inc, "")
>>> req.headers["Content-Type"], req.body[:9]
('application/json', b'{"text":"')
"""

from __future__ import annotations

from dataclasses import dataclass, field

import orjson

from correlator.pager import amwebhook, pagerduty, slack
from correlator.pager.config import PagerDutyReceiver, SlackReceiver, WebhookReceiver
from correlator.wire.incidents import Incident

AnyReceiver = PagerDutyReceiver | SlackReceiver | WebhookReceiver
USER_AGENT = "gpu-correlator-pager/1"


@dataclass(frozen=True, slots=True)
class Request:
    url: str
    body: bytes
    headers: dict[str, str] = field(default_factory=dict)


def request_for(r: AnyReceiver, inc: Incident, external_url: str) -> Request:
    headers = {"Content-Type": "application/json", "User-Agent": USER_AGENT}
    url = r.url.get_secret_value() if r.url is not None else ""
    if isinstance(r, PagerDutyReceiver):
        key = r.routing_key.get_secret_value() if r.routing_key is not None else ""
        doc = pagerduty.event(inc, key, r.client, r.client_url or external_url or None)
    elif isinstance(r, SlackReceiver):
        doc = slack.message(inc, external_url)
    else:
        doc = amwebhook.message(inc, r.name, external_url, max_alerts=r.max_alerts)
        if r.bearer_token is not None:
            headers["Authorization"] = f"Bearer {r.bearer_token.get_secret_value()}"
    return Request(url, orjson.dumps(doc), headers)


def secrets_of(r: AnyReceiver) -> list[str]:
    """Everything of the receiver that must never be logged."""
    out = [r.url.get_secret_value() if r.url is not None else ""]
    if isinstance(r, PagerDutyReceiver) and r.routing_key is not None:
        out.append(r.routing_key.get_secret_value())
    if isinstance(r, WebhookReceiver) and r.bearer_token is not None:
        out.append(r.bearer_token.get_secret_value())
    return [s for s in out if s]


def rate_key(r: AnyReceiver) -> str:
    """The key a receiver's rate limit is counted by: the routing key, else the URL."""
    if isinstance(r, PagerDutyReceiver) and r.routing_key is not None:
        return "pd:" + r.routing_key.get_secret_value()
    return "url:" + (r.url.get_secret_value() if r.url is not None else r.name)
