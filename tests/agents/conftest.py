"""Shared pieces of the agent tests: the captured fixtures, a real HTTP server on 127.0.0.1, and
contract validation of every record the agent produced."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
import pytest
from aiohttp import web

from correlator.wire.decode import decode_record

FIXTURES = Path(__file__).parent / "fixtures"


def fixture_text(name: str) -> str:
    return (FIXTURES / name).read_text()


def validate(records: Iterable[dict[str, Any]]) -> list[Any]:
    """Every record through the contract's own decoder; returns the models."""
    return [decode_record(orjson.dumps(r)) for r in records]


@dataclass
class Served:
    """Pages served at ``base``: ``pages[path] = (status, body)``, changeable mid-test."""

    base: str
    pages: dict[str, tuple[int, str]] = field(default_factory=dict)
    hits: dict[str, int] = field(default_factory=dict)

    def url(self, path: str) -> str:
        return self.base + path


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
