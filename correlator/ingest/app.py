"""The ingest's HTTP application (aiohttp): routes, authentication, size limit, answers.

=========================  ==================================================================
``POST /api/v2/alerts``    Alertmanager API v2 (Prometheus ``alerting.alertmanagers``)
``POST /webhook``          Alertmanager webhook receiver, payload version 4
``GET /-/healthy``         200 while the process serves
``GET /-/ready``           200 once the sink is ready (the Kafka producer started), else 503
``GET /metrics``           Prometheus metrics of the ingest
=========================  ==================================================================

Answers: 200 once every valid alert is durable; 400 naming each refused alert (the valid ones
of the same request are still taken, as Alertmanager's API does) or what is wrong with the
body; 401 without a valid bearer token (when one is configured); 413 over the size limit;
503 when the sink could not make the alerts durable (the sender retries).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import orjson
from aiohttp import web
from prometheus_client import CollectorRegistry, Counter, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from correlator.ingest.auth import BearerAuth
from correlator.ingest.convert import to_record
from correlator.ingest.payloads import Parsed, PayloadError, parse_postable, parse_webhook
from correlator.ingest.sinks import AlertSink, SinkError
from correlator.wire.decode import Rejected

log = logging.getLogger("correlator.ingest")

DEFAULT_MAX_BODY = 4 << 20
OPEN_PATHS = frozenset({"/-/healthy", "/-/ready", "/metrics"})
Clock = Callable[[], int]
Parser = Callable[[bytes], Parsed]
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

SINK_KEY = web.AppKey("sink", object)


class IngestMetrics:
    def __init__(self, registry: CollectorRegistry) -> None:
        self.registry = registry
        self.alerts = Counter("correlator_ingest_alerts", "Alerts received, by endpoint and result",
                              ["endpoint", "result"], registry=registry)
        self.requests = Counter("correlator_ingest_requests", "Requests, by endpoint and status code",
                                ["endpoint", "code"], registry=registry)


class Ingest:
    """The handlers, bound to one sink, clock and limits."""

    def __init__(self, sink: AlertSink, auth: BearerAuth, max_body: int, clock: Clock,
                 metrics: IngestMetrics) -> None:
        self.sink = sink
        self.auth = auth
        self.max_body = max_body
        self.clock = clock
        self.metrics = metrics

    @web.middleware
    async def guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path not in OPEN_PATHS:
            why = self.auth.refusal(request.headers.get("Authorization"))
            if why is not None:
                log.warning("refused %s from %s: %s", request.path, request.remote, why)
                resp = _error(401, why)
                resp.headers["WWW-Authenticate"] = 'Bearer realm="correlator-ingest"'
                return self._count(request, resp)
        return self._count(request, await handler(request))

    def _count(self, request: web.Request, resp: web.StreamResponse) -> web.StreamResponse:
        # By route, not by path: paths no route serves are one series, whatever a scanner tries.
        resource = request.match_info.route.resource
        endpoint = resource.canonical if resource is not None else "other"
        self.metrics.requests.labels(endpoint, str(resp.status)).inc()
        return resp

    async def postable(self, request: web.Request) -> web.Response:
        return await self._ingest(request, parse_postable)

    async def webhook(self, request: web.Request) -> web.Response:
        return await self._ingest(request, parse_webhook)

    async def _ingest(self, request: web.Request, parse: Parser) -> web.Response:
        raw = await self._body(request)
        if isinstance(raw, web.Response):
            return raw
        origin = f"ingest{request.path} from {request.remote}"
        try:
            parsed = parse(raw)
        except PayloadError as err:
            await self._dead([Rejected(origin, err.reason, raw)])
            self.metrics.alerts.labels(request.path, "malformed_body").inc()
            log.warning("refused %s: %s", origin, err.reason)
            return _error(400, err.reason)
        now = self.clock()
        records = [to_record(a, now) for a in parsed.alerts]
        if records:
            try:
                await self.sink.accept(records)
            except SinkError as err:
                log.error("could not accept %d alerts from %s: %s", len(records), origin, err)
                return _error(503, f"alerts not accepted, retry: {err}")
        self.metrics.alerts.labels(request.path, "accepted").inc(len(records))
        if parsed.truncated:
            log.warning("%s: the sender truncated %d alerts", origin, parsed.truncated)
        if parsed.errors:
            return await self._partial(request.path, origin, parsed, len(records))
        return _json(200, {"status": "success", "accepted": len(records)})

    async def _partial(self, path: str, origin: str, parsed: Parsed, accepted: int) -> web.Response:
        await self._dead([Rejected(f"{origin} alerts[{e.index}]", e.reason, e.raw)
                          for e in parsed.errors])
        self.metrics.alerts.labels(path, "invalid").inc(len(parsed.errors))
        reasons = [e.reason for e in parsed.errors]
        log.warning("refused %d alerts of %s: %s", len(reasons), origin, "; ".join(reasons[:5]))
        return _json(400, {"status": "error", "error": "; ".join(reasons[:20]), "errors": reasons,
                           "accepted": accepted, "refused": len(reasons)})

    async def _body(self, request: web.Request) -> bytes | web.Response:
        size = request.content_length
        if size is not None and size > self.max_body:
            return self._too_large(size)
        try:
            return await request.read()
        except web.HTTPRequestEntityTooLarge:
            return self._too_large(None)

    def _too_large(self, size: int | None) -> web.Response:
        self.metrics.alerts.labels("-", "oversized_body").inc()
        what = f"request body of {size} bytes" if size is not None else "request body"
        return _error(413, f"{what} exceeds the limit of {self.max_body} bytes (--max-body)")

    async def _dead(self, rejected: list[Rejected]) -> None:
        try:
            await self.sink.reject(rejected)
        except SinkError as err:
            log.error("could not keep %d dead letters: %s", len(rejected), err)

    async def healthy(self, request: web.Request) -> web.Response:
        return web.Response(text="OK\n")

    async def ready(self, request: web.Request) -> web.Response:
        if self.sink.ready():
            return web.Response(text="OK\n")
        return web.Response(status=503, text="not ready: the sink has not started\n")

    async def metrics_page(self, request: web.Request) -> web.Response:
        body = generate_latest(self.metrics.registry)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})


def create_app(sink: AlertSink, *, auth: BearerAuth | None = None,
               max_body: int = DEFAULT_MAX_BODY, clock: Clock = time.time_ns,
               registry: CollectorRegistry | None = None) -> web.Application:
    """The application; the caller runs it (:mod:`correlator.ingest.server`)."""
    ingest = Ingest(sink, auth or BearerAuth(None), max_body, clock,
                    IngestMetrics(registry or CollectorRegistry()))
    app = web.Application(client_max_size=max_body, middlewares=[ingest.guard])
    app[SINK_KEY] = sink
    app.router.add_post("/api/v2/alerts", ingest.postable)
    app.router.add_post("/webhook", ingest.webhook)
    app.router.add_get("/-/healthy", ingest.healthy)
    app.router.add_get("/-/ready", ingest.ready)
    app.router.add_get("/metrics", ingest.metrics_page)
    return app


def _json(status: int, doc: dict[str, Any]) -> web.Response:
    return web.Response(status=status, body=orjson.dumps(doc), content_type="application/json")


def _error(status: int, reason: str) -> web.Response:
    return _json(status, {"status": "error", "error": reason})
