"""Run the ingest: the HTTP site, the clock that moves the sink on, and a clean stop.

:class:`IngestServer` is used by ``correlator ingest`` and, in process, by tests and the
Alertmanager side-by-side (port 0 picks a free port; :attr:`IngestServer.url` tells which).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable

from aiohttp import web
from prometheus_client import CollectorRegistry

from correlator.ingest.app import Clock, create_app
from correlator.ingest.auth import BearerAuth
from correlator.ingest.sinks import AlertSink


class IngestServer:
    def __init__(self, sink: AlertSink, host: str = "127.0.0.1", port: int = 0, *,
                 auth: BearerAuth | None = None, max_body: int = 4 << 20,
                 clock: Clock = time.time_ns, tick_s: float = 1.0,
                 registry: CollectorRegistry | None = None) -> None:
        self.sink = sink
        self.host = host
        self.port = port
        self.clock = clock
        self.tick_s = tick_s
        self.app = create_app(sink, auth=auth, max_body=max_body, clock=clock, registry=registry)
        self._runner: web.AppRunner | None = None
        self._ticker: asyncio.Task[None] | None = None
        self._stopped = False

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    async def start(self) -> None:
        await self.sink.start()
        self._runner = web.AppRunner(self.app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        if self.port == 0:
            self.port = _bound_port(self._runner)
        self._ticker = asyncio.create_task(self._tick_forever())

    async def _tick_forever(self) -> None:
        while True:
            await asyncio.sleep(self.tick_s)
            await self.sink.tick(self.clock())

    async def stop(self) -> None:
        """Stop taking requests, let those in flight finish, then close the sink (once)."""
        if self._stopped:
            return
        self._stopped = True
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker
        if self._runner is not None:
            await self._runner.cleanup()
        await self.sink.close()

    async def run_until(self, stopped: asyncio.Event,
                        on_started: Callable[[IngestServer], None] | None = None) -> None:
        await self.start()
        try:
            if on_started is not None:
                on_started(self)
            await stopped.wait()
        finally:
            await self.stop()


def _bound_port(runner: web.AppRunner) -> int:
    for addr in runner.addresses:
        if isinstance(addr, tuple) and len(addr) >= 2:
            return int(addr[1])
    raise RuntimeError("the ingest site is bound to no TCP port")
