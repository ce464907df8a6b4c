"""``gpu-agent`` on a node that runs one vLLM server per GPU (or per MIG instance): repeated
``--vllm-url GPU=URL`` over real HTTP, each server's records attributed to its GPU, ``seq`` per
(node, source, gpu), and the correlator's engine telling the servers apart by it."""

from __future__ import annotations

import asyncio
import socket
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import orjson
import pytest
from aiohttp import web

from agents.cli import _schedule, parser
from agents.records import JsonRecord
from agents.rounds import Rounds
from agents.sources import VllmSource
from correlator.config import load_rules
from correlator.core import Engine
from correlator.wire.decode import decode_record

AGENT = [sys.executable, "-c", "import sys; from agents.cli import main; sys.exit(main())"]
CAPTURE = Path(__file__).parents[1] / "agents" / "fixtures" / "vllm_metrics_qwen25_0.5b_kops.prom"
KV_LINE = 'vllm:kv_cache_usage_perc{engine="0",model_name="Qwen/Qwen2.5-0.5B-Instruct"} 0.0'
NODE = "gpu-node-7"


def page(kv: float) -> str:
    """The real capture (one V1 server, ``engine="0"``) with its KV usage set to ``kv``, so that
    a record tells which server it came from."""
    text = CAPTURE.read_text()
    assert KV_LINE in text
    return text.replace(KV_LINE, KV_LINE.removesuffix("0.0") + repr(kv))


class Servers:
    """Local HTTP servers, one vLLM ``/metrics`` each; ``status[i]`` of server ``i``."""

    def __init__(self) -> None:
        self.urls: list[str] = []
        self.status: list[int] = []
        self.runners: list[web.AppRunner] = []

    async def start(self, kv: float) -> str:
        index = len(self.urls)
        body = page(kv)

        async def metrics(request: web.Request) -> web.Response:
            status = self.status[index]
            return web.Response(status=status, text=body if status == 200 else "down",
                                content_type="text/plain", charset="utf-8")

        app = web.Application()
        app.router.add_get("/metrics", metrics)
        runner = web.AppRunner(app)
        await runner.setup()
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        await web.SockSite(runner, sock).start()
        self.runners.append(runner)
        self.status.append(200)
        self.urls.append(f"http://127.0.0.1:{sock.getsockname()[1]}/metrics")
        return self.urls[-1]


@pytest.fixture
async def servers() -> AsyncIterator[Servers]:
    s = Servers()
    try:
        yield s
    finally:
        for runner in s.runners:
            await runner.cleanup()


async def once(tmp_path: Path, *vllm: str) -> list[Any]:
    """``gpu-agent --once`` (vLLM only) as a separate process: its records, decoded."""
    out = tmp_path / "round.jsonl"
    args = ["--once", "--output", str(out), "--node", NODE, "--no-nvml", "--no-host"]
    for value in vllm:
        args += ["--vllm-url", value]
    proc = await asyncio.create_subprocess_exec(*AGENT, *args, stdout=asyncio.subprocess.PIPE,
                                                stderr=asyncio.subprocess.PIPE)
    _, err = await asyncio.wait_for(proc.communicate(), 120)
    assert proc.returncode == 0, err.decode()
    return [decode_record(line) for line in out.read_bytes().splitlines()]


async def test_one_server_per_gpu_names_its_gpu(servers: Servers, tmp_path: Path) -> None:
    a, b = await servers.start(0.25), await servers.start(0.75)
    records = await once(tmp_path, f"0={a}", f"1={b}")
    assert [(r.source, r.kind, r.gpu, r.labels["engine"]) for r in records] == [
        ("vllm", "sample", 0, "0"), ("vllm", "sample", 1, "0")]
    assert [r.metrics["vllm:kv_cache_usage_perc"] for r in records] == [0.25, 0.75]
    assert [r.seq for r in records] == [0, 0]  # two streams: (node, vllm, 0) and (node, vllm, 1)
    assert not any("gpu_instance" in r.labels for r in records)


async def test_a_bare_url_stays_node_level(servers: Servers, tmp_path: Path) -> None:
    [rec] = await once(tmp_path, await servers.start(0.5))
    assert (rec.gpu, rec.seq, rec.labels["engine"]) == (None, 0, "0")
    assert "gpu_instance" not in rec.labels


async def test_mig_instances_of_one_gpu_share_one_seq_stream(servers: Servers,
                                                             tmp_path: Path) -> None:
    a, b = await servers.start(0.25), await servers.start(0.75)
    records = await once(tmp_path, f"0/1={a}", f"0/2={b}")
    assert [(r.gpu, r.labels["engine"], r.labels["gpu_instance"], r.seq) for r in records] == [
        (0, "0", "1", 0), (0, "0", "2", 1)]
    assert [r.metrics["vllm:kv_cache_usage_perc"] for r in records] == [0.25, 0.75]


async def test_mig_instances_over_many_rounds_number_one_stream_without_gaps(
        servers: Servers) -> None:
    """The two MIG servers' sources run on their own loops (as when publishing); whatever order
    their rounds come in, the stream of (node, vllm, 0) counts 0, 1, 2... in hand-over order."""
    a, b = await servers.start(0.25), await servers.start(0.75)
    args = parser().parse_args(["--node", NODE, "--no-nvml", "--no-host", "--vllm-interval",
                                "0.001", "--vllm-url", f"0/1={a}", "--vllm-url", f"0/2={b}"])
    handed: list[JsonRecord] = []
    stop = asyncio.Event()

    async def sink(source: str, records: list[JsonRecord]) -> None:
        assert source == "vllm"
        handed.extend(records)
        if len(handed) >= 40:
            stop.set()

    async with aiohttp.ClientSession() as session:
        schedule = _schedule(args, session, kv=False)
        assert [s.label for s in schedule] == [f"vllm 0/1={a}", f"vllm 0/2={b}"]
        await asyncio.wait_for(Rounds(NODE, schedule, sink).run(stop), 60)
    decoded = [decode_record(orjson.dumps(r)) for r in handed]  # the contract's own check
    assert {(r["gpu"], r["labels"]["gpu_instance"]) for r in handed} == {(0, "1"), (0, "2")}
    assert [r.seq for r in decoded] == list(range(len(decoded)))


async def test_a_failing_server_is_its_own_gap(servers: Servers, tmp_path: Path) -> None:
    """Server 1 answers HTTP 500: its round is one gap naming its URL (and its GPU), while
    server 0's sample goes out as usual."""
    a, b = await servers.start(0.25), await servers.start(0.75)
    servers.status[1] = 500
    ok, gap = await once(tmp_path, f"0={a}", f"1={b}")
    assert (ok.kind, ok.gpu, ok.seq) == ("sample", 0, 0)
    assert (gap.source, gap.event, gap.gpu, gap.seq) == ("vllm", "source_gap", 1, 0)
    assert gap.attrs["target"] == b and gap.attrs["reason"] == f"{b} answered HTTP 500"


async def test_the_correlator_keeps_each_server_on_its_own_gpu(servers: Servers,
                                                               tmp_path: Path) -> None:
    """What the agent writes for two servers, through ``correlator.core.Engine``: two engines,
    each on its server's framebuffer; MIG servers likewise, on their instances."""
    a, b = await servers.start(0.25), await servers.start(0.75)
    for given, pools in (((f"0={a}", f"1={b}"), {(0, ""), (1, "")}),
                         ((f"0/1={a}", f"0/2={b}"), {(0, "1"), (0, "2")})):
        eng = Engine(load_rules())
        for rec in await once(tmp_path, *given):
            eng.process(rec)
        eng.finish()
        engines = eng.fleet.nodes[NODE].state.engines.values()
        assert sorted(e.pool for e in engines if e.pool is not None) == sorted(pools)
        assert len(engines) == 2


async def test_kv_events_go_with_the_first_server() -> None:
    args = parser().parse_args(["--no-nvml", "--no-host", "--kv-events", "tcp://127.0.0.1:1",
                                "--vllm-url", "1=http://h:1/metrics",
                                "--vllm-url", "0=http://h:2/metrics"])
    async with aiohttp.ClientSession() as session:
        sources = [s.source for s in _schedule(args, session, kv=True)]
    assert all(isinstance(s, VllmSource) for s in sources)
    assert [(s.gpu, s.kv is not None) for s in sources if isinstance(s, VllmSource)] == [
        (1, True), (0, False)]


@pytest.mark.parametrize(("values", "expected"), [
    (["x=http://127.0.0.1:8000/metrics"],
     "argument --vllm-url: 'x=http://127.0.0.1:8000/metrics': GPU 'x' is not an index"),
    (["1/a=http://127.0.0.1:8000/metrics"],
     "argument --vllm-url: '1/a=http://127.0.0.1:8000/metrics': MIG instance 'a' is not an index"),
    (["2="], "argument --vllm-url: '2=': empty URL"),
    ([""], "argument --vllm-url: empty URL"),
    (["0=http://h:1/metrics", "1=http://h:1/metrics"],
     "argument --vllm-url: '1=http://h:1/metrics': http://h:1/metrics is given twice"),
    (["0=http://h:1/metrics", "0=http://h:2/metrics"],
     "argument --vllm-url: '0=http://h:2/metrics': GPU 0 is given twice"),
    (["0/1=http://h:1/metrics", "0/01=http://h:2/metrics"],
     "argument --vllm-url: '0/1=http://h:2/metrics': GPU 0/1 is given twice"),
    (["0=http://h:1/metrics", "0/1=http://h:2/metrics"],
     "argument --vllm-url: '0/1=http://h:2/metrics': GPU 0 is given both whole and as a MIG"),
    (["http://h:1/metrics", "http://h:2/metrics"],
     "argument --vllm-url: 'http://h:2/metrics': a second server on no GPU"),
])
def test_bad_vllm_urls_are_refused_by_argparse(values: list[str], expected: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    argv = [a for v in values for a in ("--vllm-url", v)]
    with pytest.raises(SystemExit) as exit_:
        parser().parse_args(argv)
    assert exit_.value.code == 2
    line = capsys.readouterr().err.splitlines()[-1]
    assert line.startswith(f"gpu-agent: error: {expected}"), line


def test_the_old_form_and_its_neighbours_still_parse() -> None:
    args = parser().parse_args([
        "--vllm-url", "http://127.0.0.1:8000/metrics?a=b", "--vllm-url", "3=http://h:1/m?x=1",
        "--vllm-url", "4/2=http://h:2/metrics"])
    assert [(t.url, t.gpu, t.instance) for t in args.vllm_url] == [
        ("http://127.0.0.1:8000/metrics?a=b", None, ""), ("http://h:1/m?x=1", 3, ""),
        ("http://h:2/metrics", 4, "2")]
    assert parser().parse_args([]).vllm_url == []
