"""Fixtures of the agent tests: a real HTTP server on 127.0.0.1."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator

import pytest
from agent_helpers import Served
from aiohttp import web


@pytest.fixture
async def served() -> AsyncIterator[Served]:
    """A real aiohttp server on 127.0.0.1 (a free port) serving ``Served.pages``."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    state = Served(f"http://127.0.0.1:{sock.getsockname()[1]}")

    async def page(request: web.Request) -> web.Response:
        state.hits[request.path] = state.hits.get(request.path, 0) + 1
        status, body = state.pages.get(request.path, (404, "not found"))
        return web.Response(status=status, text=body,
                            content_type="text/plain", charset="utf-8")

    app = web.Application()
    app.router.add_get("/{tail:.*}", page)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.SockSite(runner, sock).start()
    try:
        yield state
    finally:
        await runner.cleanup()
