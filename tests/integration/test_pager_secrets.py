"""Receiver URLs, routing keys and tokens never reach the logs or the dead letters, whatever
happens: accepted, refused by a receiver that echoes the request, unreachable, retried."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import orjson
import pytest
from aiohttp import web
from test_pager_delivery import interleave, life

from correlator.kafka import free_port
from correlator.pager.recorder import RecordingReceiver

CLI = str(Path(sys.executable).with_name("correlator"))
ROUTING_KEY = "pdKEY5ecret0123456789abcdefabcde"
SLACK_PATH = "/services/T0SECRET/B0SECRET/xoxSECRETwebhookpath"
TOKEN = "itsm-bearer-5ecret-t0ken"


@pytest.fixture
async def echo_400() -> AsyncIterator[str]:
    """A receiver that refuses everything, quoting the request (and so the key) back."""
    async def handle(request: web.Request) -> web.Response:
        body = await request.text()
        return web.Response(status=400, text=f"bad event {body} at {request.url}")

    app = web.Application()
    app.router.add_post("/{tail:.*}", handle)
    runner = web.AppRunner(app)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    yield f"http://127.0.0.1:{port}/v2/enqueue"
    await runner.cleanup()


async def test_no_secret_in_logs_or_dead_letters(tmp_path: Path, echo_400: str) -> None:
    hook = await RecordingReceiver("webhook", script=[500, 503]).start()
    closed = free_port()  # nothing listens there: connection refused, retried, given up
    cfg = tmp_path / "pagers.yaml"
    cfg.write_text(f"""
defaults:
  retry: {{initial_s: 0.05, max_s: 0.1, give_up_after_s: 0.5}}
receivers:
  - {{name: pd, type: pagerduty, url: "{echo_400}", routing_key_env: PD_KEY}}
  - {{name: chat, type: slack, url_env: SLACK_URL}}
  - {{name: itsm, type: webhook, url: "{hook.url}", bearer_token_env: ITSM_TOKEN}}
routes:
  - receivers: [pd, chat, itsm]
""")
    slack_url = f"http://127.0.0.1:{closed}{SLACK_PATH}"
    incidents = tmp_path / "incidents.jsonl"
    stream = interleave(life("inc-1", 0, ("critical",) * 4, "gpu-node-01"))
    incidents.write_bytes(b"".join(orjson.dumps(i.model_dump(mode="json")) + b"\n" for i in stream))
    dead = tmp_path / "dead.jsonl"
    env = dict(os.environ, PD_KEY=ROUTING_KEY, SLACK_URL=slack_url, ITSM_TOKEN=TOKEN)
    proc = await asyncio.create_subprocess_exec(
        CLI, "pager", "--config", str(cfg), "--input", str(incidents), "--state-dir",
        str(tmp_path / "state"), "--deadletter", str(dead), "--log-level", "debug", env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), 120)
    await hook.stop()
    assert proc.returncode == 0, err.decode()
    log = (out + err).decode()
    letters = dead.read_text()

    # What happened is visible...
    assert "pd: inc-1 open refused: HTTP 400: bad event" in log
    assert "chat: inc-1 open: giving up after" in log and "ClientConnectorError" in log
    assert "itsm: inc-1 open: attempt 1: HTTP 500" in log
    assert [r.headers["Authorization"] for r in hook.accepted] == [f"Bearer {TOKEN}"] * 4
    # pd refused, and chat gave up on, the open and the two updates; neither is sent the resolve
    # of an incident it never got.
    assert len(letters.splitlines()) == 3 + 3
    assert "<redacted>" in letters
    # ...and no secret is.
    for secret in (ROUTING_KEY, SLACK_PATH, slack_url, TOKEN, "xoxSECRETwebhookpath"):
        assert secret not in log, secret
        assert secret not in letters, secret
