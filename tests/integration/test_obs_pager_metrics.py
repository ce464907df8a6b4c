"""``correlator pager --metrics-port``: a real pager process reading incidents from a pipe and
delivering them to a PagerDuty-like receiver that answers 202, 429, 500, 400, then accepts;
its ``/metrics``, scraped over HTTP while it runs, counts each outcome, the retries and the
delivery times, read back with prometheus_client's parser."""

from __future__ import annotations

import asyncio
import socket
import sys
from pathlib import Path

import aiohttp
import orjson
from prometheus_client.parser import text_string_to_metric_families
from test_pager_delivery import interleave, life

from correlator.obs import catalog
from correlator.pager.recorder import RecordingReceiver

CLI = str(Path(sys.executable).with_name("correlator"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


async def scrape(url: str, want: float, deadline_s: float = 60.0) -> Samples:
    """Samples of ``url`` once the pager has handled ``want`` records (or the deadline)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + deadline_s
    samples: Samples = {}
    async with aiohttp.ClientSession() as http:
        while loop.time() < end:
            try:
                async with http.get(url) as r:
                    assert r.status == 200
                    assert r.headers["Content-Type"].startswith("text/plain")
                    text = await r.text()
            except aiohttp.ClientConnectionError:
                await asyncio.sleep(0.2)
                continue
            samples = {(s.name, tuple(sorted(s.labels.items()))): s.value
                       for fam in text_string_to_metric_families(text) for s in fam.samples}
            handled = sum(v for (n, _), v in samples.items() if n == "correlator_pager_deliveries_total")
            if handled >= want:
                return samples
            await asyncio.sleep(0.2)
    return samples


async def test_pager_metrics_while_it_runs(tmp_path: Path) -> None:
    pd = await RecordingReceiver("pagerduty", script=[202, 429, 500, 400]).start()
    cfg = tmp_path / "pagers.yaml"
    cfg.write_text(f"receivers:\n  - {{name: oncall, type: pagerduty, url: '{pd.url}', "
                   f"routing_key: {'k' * 32}}}\n"
                   "defaults: {retry: {initial_s: 0.02, max_s: 0.1}, "
                   "rate_limit: {per_minute: 60000, burst: 100}}\n"
                   "routes:\n  - receivers: [oncall]\n    match: {severity: [critical]}\n")
    crit = life("inc-1", 0, ("critical",) * 4, "n1")
    warn = life("inc-2", 30, ("warning",) * 4, "n2")  # not routed to oncall
    stream = interleave(crit, warn)
    data = b"".join(orjson.dumps(i.model_dump(mode="json")) + b"\n" for i in stream)
    port = free_port()
    proc = await asyncio.create_subprocess_exec(
        CLI, "pager", "--config", str(cfg), "--input", "-", "--state-dir", str(tmp_path / "state"),
        "--metrics-port", str(port), "--metrics-host", "127.0.0.1",
        stdin=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    assert proc.stdin is not None
    try:
        proc.stdin.write(data)
        await proc.stdin.drain()
        samples = await scrape(f"http://127.0.0.1:{port}/metrics", want=len(stream))
    finally:
        proc.stdin.close()
        _, err = await asyncio.wait_for(proc.communicate(), 60)
        await pd.stop()
    assert proc.returncode == 0, err.decode()

    def value(name: str, **labels: str) -> float:
        return samples.get((name, tuple(sorted(labels.items()))), 0.0)

    deliveries = "correlator_pager_deliveries_total"
    # inc-1: open (202), update (429, 500, then 400: refused), update, resolved; inc-2 unrouted
    assert value(deliveries, receiver="oncall", outcome="delivered") == 3
    assert value(deliveries, receiver="oncall", outcome="refused") == 1
    assert value(deliveries, receiver="oncall", outcome="skip_unrouted") == 4
    assert value("correlator_pager_retries_total", receiver="oncall") == 2
    assert value("correlator_pager_delivery_seconds_count", receiver="oncall") == 4
    assert value("correlator_pager_delivery_seconds_sum", receiver="oncall") > 0
    assert [r.status for r in pd.received] == [202, 429, 500, 400, 202, 202]
    names = {n for n, _ in samples}
    exported = {n for spec in catalog.ALL if spec.exporter == "pager" for n in spec.samples()}
    assert exported <= names, exported - names
