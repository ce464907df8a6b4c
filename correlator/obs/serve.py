"""Serving ``/metrics``: an aiohttp handler, a small server for processes without a web
app of their own (agent, pager), and the Faust worker's page.

Every one of them runs in the event loop that changes the state it reports, so a scrape
reads the state between two steps of that loop, never during one.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web
from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST


def metrics_handler(registry: CollectorRegistry) -> Any:
    async def handle(request: web.Request) -> web.Response:
        return web.Response(body=generate_latest(registry), headers={"Content-Type": CONTENT_TYPE_LATEST})

    return handle


async def start_metrics_server(registry: CollectorRegistry, host: str, port: int) -> web.AppRunner:
    """``GET /metrics`` on ``host:port`` until the returned runner is cleaned up."""
    app = web.Application()
    app.router.add_get("/metrics", metrics_handler(registry))
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    return runner


def add_faust_page(app: Any, registry: CollectorRegistry) -> None:
    """``/metrics`` on a Faust app's web server (``--web-port``)."""
    from faust import web as fweb

    @app.page("/metrics")  # type: ignore[untyped-decorator]
    async def metrics(self: fweb.View, request: fweb.Request) -> fweb.Response:
        return self.bytes(generate_latest(registry), headers={"Content-Type": CONTENT_TYPE_LATEST})
