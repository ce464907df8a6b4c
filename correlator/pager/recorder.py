"""A local receiver that speaks like PagerDuty, Slack or an Alertmanager webhook, and records.

For tests, benchmarks and for trying a ``pagers.yaml`` without paging anyone: it answers as the
real service does (PagerDuty Events API v2: 202 ``{"status": "success", "message": "Event
processed", "dedup_key": ...}``, 400 ``{"status": "invalid event", "message": "Event object is
invalid", "errors": [...]}`` for an event missing a required field, 429, 5xx; Slack: 200 ``ok``;
a webhook: 200) and keeps every request it got, in order, with the answer it gave.

A *script* of status codes is played first, one per request, then every request is accepted;
a function may decide instead.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

import orjson
from aiohttp import web

Kind = Literal["pagerduty", "slack", "webhook"]
PD_SEVERITIES = frozenset({"critical", "error", "warning", "info"})
PD_ACTIONS = frozenset({"trigger", "acknowledge", "resolve"})


@dataclass(frozen=True, slots=True)
class Received:
    path: str
    headers: dict[str, str]
    body: bytes
    doc: Any
    status: int
    at_ns: int

    @property
    def accepted(self) -> bool:
        return 200 <= self.status < 300


@dataclass
class RecordingReceiver:
    kind: Kind = "pagerduty"
    script: list[int] = field(default_factory=list)
    decide: Callable[[Received], int | None] | None = None
    retry_after_s: float | None = None
    host: str = "127.0.0.1"
    port: int = 0
    received: list[Received] = field(default_factory=list)
    arrived: asyncio.Event = field(default_factory=asyncio.Event)
    _runner: web.AppRunner | None = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/v2/enqueue" if self.kind == "pagerduty" else \
            f"http://{self.host}:{self.port}/hook"

    @property
    def accepted(self) -> list[Received]:
        return [r for r in self.received if r.accepted]

    async def start(self) -> RecordingReceiver:
        app = web.Application()
        app.router.add_post("/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        if self.port == 0:
            self.port = next(a[1] for a in self._runner.addresses if isinstance(a, tuple))
        return self

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def wait_for(self, n: int, timeout_s: float = 60.0) -> list[Received]:
        """Until ``n`` requests were accepted (a bound for a test, not a timed assertion)."""
        deadline = time.monotonic() + timeout_s
        while True:
            self.arrived.clear()
            if len(self.accepted) >= n:
                return self.accepted
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{len(self.accepted)} of {n} requests accepted in {timeout_s:g} s")
            try:
                await asyncio.wait_for(self.arrived.wait(), left)
            except TimeoutError:
                continue

    async def _handle(self, request: web.Request) -> web.Response:
        body = await request.read()
        try:
            doc: Any = orjson.loads(body)
        except orjson.JSONDecodeError:
            doc = None
        rec = Received(request.path, dict(request.headers), body, doc, 0, time.time_ns())
        status = self._status(rec)
        rec = Received(rec.path, rec.headers, body, doc, status, rec.at_ns)
        self.received.append(rec)
        self.arrived.set()
        return self._answer(status, doc)

    def _status(self, rec: Received) -> int:
        if self.kind == "pagerduty" and pd_errors(rec.doc):
            return 400
        if self.script:
            return self.script.pop(0)
        if self.decide is not None:
            decided = self.decide(rec)
            if decided is not None:
                return decided
        return 202 if self.kind == "pagerduty" else 200

    def _answer(self, status: int, doc: Any) -> web.Response:
        headers = {}
        if status == 429 and self.retry_after_s is not None:
            headers["Retry-After"] = f"{self.retry_after_s:g}"
        if self.kind != "pagerduty":
            text = "ok" if status < 300 else {400: "invalid_payload", 404: "no_service",
                                              429: "rate_limited"}.get(status, "error")
            return web.Response(status=status, text=text, headers=headers)
        if status == 202:
            key = doc.get("dedup_key") if isinstance(doc, dict) else None
            out = {"status": "success", "message": "Event processed", "dedup_key": key}
        elif status == 400:
            out = {"status": "invalid event", "message": "Event object is invalid",
                   "errors": pd_errors(doc) or ["Event object is invalid"]}
        elif status == 429:
            return web.Response(status=429, headers=headers)
        else:
            out = {"status": "Internal Server Error", "message": "try again later"}
        return web.json_response(out, status=status, headers=headers)


def pd_errors(doc: Any) -> list[str]:
    """What PagerDuty's Events API v2 would find wrong with an event (the required fields)."""
    if not isinstance(doc, dict):
        return ["Event object format is unrecognized"]
    errs = []
    if not doc.get("routing_key"):
        errs.append("'routing_key' is missing or blank")
    action = doc.get("event_action")
    if action not in PD_ACTIONS:
        errs.append("'event_action' is invalid (must be one of: trigger, acknowledge, resolve)")
    if action in ("acknowledge", "resolve") and not doc.get("dedup_key"):
        errs.append("'dedup_key' is missing or blank")
    if action == "trigger":
        p = doc.get("payload")
        if not isinstance(p, dict):
            return [*errs, "'payload' is missing or not an object"]
        for name in ("summary", "source"):
            if not p.get(name):
                errs.append(f"'payload.{name}' is missing or blank")
        if p.get("severity") not in PD_SEVERITIES:
            errs.append("'payload.severity' is invalid (must be one of: critical, error, warning, info)")
        if isinstance(p.get("summary"), str) and len(p["summary"]) > 1024:
            errs.append("'payload.summary' is too long (max 1024)")
    return errs
