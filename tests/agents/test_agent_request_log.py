"""``gpu-agent --request-log``: a gateway's JSON Lines log of finished requests, followed as a
file on disk (real files, renamed, truncated, copied, appended to while being read) and turned
into ``request_finished`` events that the contract's own decoder accepts."""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
import sys
from pathlib import Path
from typing import Any, BinaryIO

import aiohttp
import orjson
import pytest
from agent_helpers import Served, fixture_text, validate
from prometheus_client import generate_latest
from prometheus_client.parser import text_string_to_metric_families

from agents.cli import _schedule, parser
from agents.publisher import KafkaSettings, Publisher
from agents.records import JsonRecord, Sequencer
from agents.request_fields import FieldMap
from agents.request_log import STATE_FILE, RequestLogSource
from agents.rounds import Rounds, Scheduled
from agents.selfmetrics import AgentMetrics
from agents.sources import VllmSource
from agents.spool import Spool
from correlator.wire.decode import decode_record
from correlator.wire.records import EventRecord

NODE = "gpu-node-7"
TS = 1_714_564_800_000_000_000
AGENT = [sys.executable, "-c", "import sys; from agents.cli import main; sys.exit(main())"]


def openai(rid: str, reason: str = "stop", *, prompt: int = 812, completion: int = 95,
           cached: int | None = 768, user: str | None = "acme", session: str | None = "conv-1",
           **extra: Any) -> dict[str, Any]:
    """A finished request as an OpenAI-compatible gateway logs it: the response (id, choices,
    usage) with the caller's ``user`` and session."""
    usage: dict[str, Any] = {"prompt_tokens": prompt, "completion_tokens": completion,
                             "total_tokens": prompt + completion}
    if cached is not None:
        usage["prompt_tokens_details"] = {"cached_tokens": cached}
    line: dict[str, Any] = {
        "id": rid, "object": "chat.completion", "created": TS // 10**9, "model": "qwen2.5-7b",
        "choices": [{"index": 0, "finish_reason": reason,
                     "message": {"role": "assistant", "content": "..."}}],
        "usage": usage, **extra}
    if user is not None:
        line["user"] = user
    if session is not None:
        line["session_id"] = session
    return line


def jsonl(*objs: Any) -> bytes:
    return b"".join(orjson.dumps(o) + b"\n" for o in objs)


def append(path: Path, data: bytes) -> None:
    with path.open("ab") as fh:
        fh.write(data)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def make(path: Path, tmp_path: Path, **kw: Any) -> RequestLogSource:
    state_dir = tmp_path / "state"
    state_dir.mkdir(parents=True, exist_ok=True)
    kw.setdefault("state_file", state_dir / STATE_FILE)
    fields = kw.pop("fields", FieldMap.parse([]))
    return RequestLogSource(NODE, path, fields, **kw)


class Driver:
    """One source's rounds as :class:`Rounds` makes them (collect, stamp, hand over), one at a
    time, so that the test can change the file between them."""

    def __init__(self, source: RequestLogSource, sequencer: Sequencer | None = None) -> None:
        self.source = source
        self.sequencer = sequencer or Sequencer()
        self.ts = TS

    async def round(self, hand_over: bool = True) -> list[EventRecord]:
        self.ts += 5_000_000_000
        records = self.sequencer.stamp(await self.source.collect(self.ts))
        if hand_over and records:
            self.source.handed_over()
        return validate(records)


def ids(records: list[EventRecord]) -> list[str]:
    return [r.attrs.get("request_id", r.event) for r in records]


@pytest.fixture
def gw(tmp_path: Path) -> Path:
    return tmp_path / "gw.jsonl"


# ---- lines -> events ---------------------------------------------------------------------------
async def test_openai_usage_lines_become_contract_events(gw: Path, tmp_path: Path) -> None:
    gw.write_bytes(jsonl(openai("chatcmpl-1"),
                         openai("chatcmpl-2", "length", prompt=16000, completion=512, cached=None,
                                user=None, session=None),
                         openai("chatcmpl-3", "cancelled", completion=0, session="conv-1"),
                         openai("chatcmpl-4", "content_filter"),
                         openai("chatcmpl-5", "tool_calls", cached=0)))
    got: list[JsonRecord] = []

    async def keep(source: str, records: list[JsonRecord]) -> None:
        assert source == "vllm"
        got.extend(records)

    src = make(gw, tmp_path, from_start=True)
    await Rounds(NODE, [Scheduled(src, 5)], keep, clock=lambda: TS).once()
    records = validate(got)
    assert all(isinstance(r, EventRecord) for r in records)
    assert {(r.v, r.node, r.source, r.kind, r.event, r.gpu, r.ts_ns) for r in records} == {
        (1, NODE, "vllm", "event", "request_finished", None, TS)}
    assert [r.seq for r in records] == [0, 1, 2, 3, 4]
    assert records[0].attrs == {"request_id": "chatcmpl-1", "finish_reason": "stop",
                                "tenant": "acme", "session": "conv-1", "prompt_tokens": 812,
                                "generation_tokens": 95, "cached_tokens": 768}
    assert records[1].attrs == {"request_id": "chatcmpl-2", "finish_reason": "length",
                                "prompt_tokens": 16000, "generation_tokens": 512}
    assert [r.attrs["finish_reason"] for r in records] == ["stop", "length", "abort", "stop",
                                                          "stop"]
    for r in records:  # the contract's types, not merely values that compare equal
        assert all(type(r.attrs[k]) is str for k in ("request_id", "finish_reason", "tenant",
                                                      "session") if k in r.attrs)
        assert all(type(v) is int for k, v in r.attrs.items() if k.endswith("_tokens"))
    assert src.lines == {"published": 5} and src.bad_lines == 0


async def test_a_custom_mapping_with_time_and_gpu(gw: Path, tmp_path: Path) -> None:
    """A LiteLLM-style payload: tokens at the top, the reason inside the response or the call's
    status, team and session in metadata, the end time in epoch seconds, the GPU named."""
    fields = FieldMap.parse([
        "finish_reason=response.choices.0.finish_reason|status", "tenant=metadata.team_id",
        "session=metadata.session", "prompt_tokens=prompt_tokens",
        "generation_tokens=completion_tokens", "cached_tokens=", "ts=endTime",
        "gpu=metadata.gpu"])

    def litellm(rid: str, gpu: int, status: str = "success", **kw: Any) -> dict[str, Any]:
        return {"id": rid, "status": status, "prompt_tokens": 300, "completion_tokens": 7,
                "startTime": 1714564799.5, "endTime": 1714564800.25,
                "metadata": {"team_id": "team-a", "session": "s-9", "gpu": gpu},
                "usage": {"prompt_tokens": 1}, **kw}

    gw.write_bytes(jsonl(
        litellm("c1", 0, response={"choices": [{"finish_reason": "stop"}]}),
        litellm("c2", 1, status="failure"),
        litellm("c3", 1, response={"choices": [{"finish_reason": "length"}]})))
    records = await Driver(make(gw, tmp_path, fields=fields, from_start=True)).round()
    assert [(r.attrs["request_id"], r.attrs["finish_reason"], r.gpu, r.seq) for r in records] == [
        ("c1", "stop", 0, 0), ("c2", "error", 1, 0), ("c3", "length", 1, 1)]
    assert {r.ts_ns for r in records} == {TS + 250_000_000}
    assert records[0].attrs == {"request_id": "c1", "finish_reason": "stop", "tenant": "team-a",
                                "session": "s-9", "prompt_tokens": 300, "generation_tokens": 7}


async def test_request_events_share_the_vllm_scrapers_seq_stream(served: Served, gw: Path,
                                                                  tmp_path: Path) -> None:
    """One Sequencer numbers (node, vllm, gpu) across the scraped page and the request log."""
    served.pages["/vllm"] = (200, fixture_text("vllm_metrics_qwen25_0.5b_kops.prom"))
    gw.write_bytes(jsonl(openai("r1"), {**openai("r2"), "gpu": 1}, openai("r3")))
    got: list[JsonRecord] = []

    async def keep(source: str, records: list[JsonRecord]) -> None:
        got.extend(records)

    async with aiohttp.ClientSession() as session:
        schedule = [Scheduled(VllmSource(NODE, served.url("/vllm"), session), 5),
                    Scheduled(make(gw, tmp_path, from_start=True,
                                   fields=FieldMap.parse(["gpu=gpu"])), 5)]
        await Rounds(NODE, schedule, keep, clock=lambda: TS).once()
    records = validate(got)
    assert [(r.kind, r.gpu, r.seq) for r in records] == [
        ("sample", None, 0), ("event", None, 1), ("event", 1, 0), ("event", None, 2)]


# ---- following the file ------------------------------------------------------------------------
async def test_lines_appended_between_rounds_and_a_partial_line(gw: Path, tmp_path: Path) -> None:
    gw.write_bytes(jsonl(openai("a1"), openai("a2")))
    src = make(gw, tmp_path, from_start=True)
    await src.start()
    run = Driver(src)
    assert ids(await run.round()) == ["a1", "a2"]
    assert await run.round() == []
    whole = orjson.dumps(openai("a4"))
    append(gw, jsonl(openai("a3")) + whole[:40])  # the gateway is mid-write
    assert ids(await run.round()) == ["a3"]
    assert ids(await run.round()) == []  # still no newline: it waits
    append(gw, whole[40:] + b"\n" + jsonl(openai("a5")))
    records = await run.round()
    assert ids(records) == ["a4", "a5"]
    assert [r.seq for r in records] == [3, 4]
    assert src.bad_lines == 0
    await src.close()


async def test_first_start_begins_at_the_end_unless_from_start(gw: Path, tmp_path: Path) -> None:
    history = jsonl(*(openai(f"old{i}") for i in range(50)))
    gw.write_bytes(history + orjson.dumps(openai("half"))[:30])  # and a line being written
    src = make(gw, tmp_path)
    await src.start()
    assert src.tail.current is not None and src.tail.current.at.pos == len(history)
    run = Driver(src)
    assert await run.round() == []  # no replay of history
    append(gw, orjson.dumps(openai("half"))[30:] + b"\n" + jsonl(openai("new")))
    assert ids(await run.round()) == ["half", "new"]
    await src.close()
    replay = make(gw, tmp_path / "other", from_start=True)
    await replay.start()
    assert len(await Driver(replay).round()) == 52
    await replay.close()


async def test_a_log_that_does_not_exist_yet_is_a_gap_then_read_from_its_start(
        gw: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    src = make(gw, tmp_path)
    handed: list[JsonRecord] = []
    stop = asyncio.Event()

    async def keep(source: str, records: list[JsonRecord]) -> None:
        handed.extend(records)
        if any(r.get("event") == "request_finished" for r in records):
            stop.set()

    rounds = Rounds(NODE, [Scheduled(src, 0.01)], keep)
    with caplog.at_level(logging.WARNING):
        task = asyncio.create_task(rounds.run(stop))
        await asyncio.sleep(0.2)  # many rounds without the file
        gw.write_bytes(jsonl(openai("first")))
        await asyncio.wait_for(task, 30)
    gap, req = validate(handed)  # the gap once, not once per round
    assert (gap.source, gap.event, gap.gpu, gap.seq) == ("vllm", "source_gap", None, 0)
    assert gap.attrs["target"] == str(gw) and "No such file" in gap.attrs["reason"]
    assert "permanent" not in gap.attrs  # the correlator must keep waiting for vllm
    assert (req.attrs["request_id"], req.seq) == ("first", 1)
    assert src.gap.failures == 0
    assert sum("No such file" in r.message for r in caplog.records) == 1


async def test_a_path_that_is_not_a_file_is_a_gap(tmp_path: Path) -> None:
    (tmp_path / "logs").mkdir()
    src = make(tmp_path / "logs", tmp_path)
    await src.start()
    run = Driver(src)
    [gap] = await run.round()
    assert (gap.event, gap.attrs["reason"]) == ("source_gap", f"{tmp_path / 'logs'}: not a regular file")
    [again] = await run.round()  # Rounds publishes the first of a streak only
    assert again.attrs["failures"] == 2
    await src.close()


async def test_rotation_finishes_the_old_file_then_reads_the_new_one(gw: Path,
                                                                     tmp_path: Path) -> None:
    clock = Clock()
    old: BinaryIO = gw.open("ab", buffering=0)  # the gateway's descriptor
    old.write(jsonl(openai("a1")))
    src = make(gw, tmp_path, from_start=True, clock=clock, rotated_grace_s=30)
    await src.start()
    run = Driver(src)
    assert ids(await run.round()) == ["a1"]
    old.write(jsonl(openai("a2")))
    os.rename(gw, tmp_path / "gw.jsonl.1")  # logrotate's rename ...
    old.write(jsonl(openai("a3")))  # ... the gateway writes on until it reopens
    new = gw.open("ab", buffering=0)
    new.write(jsonl(openai("b1")))
    assert ids(await run.round()) == ["a2", "a3", "b1"]
    old.write(orjson.dumps(openai("a4")))  # a last line, cut off without its newline
    old.close()
    new.write(jsonl(openai("b2")))
    clock.now += 10
    assert ids(await run.round()) == ["b2"]
    assert len(src.tail.rotated) == 1
    clock.now += 31  # the old file has stayed at its end for the grace period
    assert ids(await run.round()) == ["a4"]
    assert src.tail.rotated == [] and src.bad_lines == 0
    new.write(jsonl(openai("b3")))
    assert ids(await run.round()) == ["b3"]
    new.close()
    await src.close()


async def test_copytruncate_reads_the_copy_then_the_file_from_its_start(gw: Path,
                                                                        tmp_path: Path) -> None:
    gw.write_bytes(jsonl(openai("a1"), openai("a2")))
    src = make(gw, tmp_path, from_start=True)
    await src.start()
    run = Driver(src)
    assert ids(await run.round()) == ["a1", "a2"]
    append(gw, jsonl(openai("a3")))  # written, not read yet, when logrotate copies
    shutil.copyfile(gw, tmp_path / "gw.jsonl.1")
    os.truncate(gw, 0)
    append(gw, jsonl(openai("b1")))
    assert ids(await run.round()) == ["a3", "b1"]
    append(gw, jsonl(openai("b2")))
    assert ids(await run.round()) == ["b2"]
    await src.close()


async def test_truncation_then_rewritten_past_the_old_position(gw: Path, tmp_path: Path) -> None:
    """Truncated (no copy kept) and written again beyond where reading stood before the next
    round: the first bytes changed, so the file is read from its start."""
    gw.write_bytes(jsonl(openai("a1")))
    src = make(gw, tmp_path, from_start=True)
    await src.start()
    run = Driver(src)
    assert ids(await run.round()) == ["a1"]
    os.truncate(gw, 0)
    append(gw, jsonl(*(openai(f"b{i}") for i in range(5))))
    assert ids(await run.round()) == [f"b{i}" for i in range(5)]
    os.truncate(gw, 0)
    append(gw, jsonl(openai("c1")))  # shorter than before
    assert ids(await run.round()) == ["c1"]
    await src.close()


# ---- restarts ----------------------------------------------------------------------------------
async def test_a_restart_resumes_where_it_stood(gw: Path, tmp_path: Path) -> None:
    gw.write_bytes(jsonl(openai("history")))
    first = make(gw, tmp_path)
    await first.start()
    run = Driver(first)
    append(gw, jsonl(openai("a1"), openai("a2")))
    assert ids(await run.round()) == ["a1", "a2"]
    await first.close()
    append(gw, jsonl(openai("a3"), openai("a4")))  # while the agent is stopped
    second = make(gw, tmp_path)
    await second.start()
    assert ids(await Driver(second).round()) == ["a3", "a4"]  # no duplicate, nothing lost
    await second.close()
    saved = orjson.loads((tmp_path / "state" / STATE_FILE).read_bytes())
    assert saved["path"] == str(gw) and saved["files"][0]["pos"] == gw.stat().st_size


async def test_a_round_not_yet_spooled_is_read_again_after_a_crash(gw: Path,
                                                                   tmp_path: Path) -> None:
    gw.write_bytes(b"")
    first = make(gw, tmp_path)
    await first.start()
    run = Driver(first)
    append(gw, jsonl(openai("a1")))
    assert ids(await run.round()) == ["a1"]
    append(gw, jsonl(openai("a2")))
    assert ids(await run.round(hand_over=False)) == ["a2"]  # the agent dies before spooling
    await first.close()
    second = make(gw, tmp_path)
    await second.start()
    assert ids(await Driver(second).round()) == ["a2"]
    await second.close()


async def test_a_restart_after_a_rotation_while_stopped(gw: Path, tmp_path: Path,
                                                        caplog: pytest.LogCaptureFixture) -> None:
    gw.write_bytes(b"")
    first = make(gw, tmp_path)
    await first.start()
    append(gw, jsonl(openai("a1")))
    assert ids(await Driver(first).round()) == ["a1"]
    await first.close()
    append(gw, jsonl(openai("a2")))  # while stopped: written, then rotated away
    os.rename(gw, tmp_path / "gw.jsonl-20240501")
    gw.write_bytes(jsonl(openai("b1")))
    second = make(gw, tmp_path)
    await second.start()
    run = Driver(second)
    assert ids(await run.round()) == ["a2", "b1"]
    await second.close()
    # stopped again; this time the rotated file is removed before the agent is back
    append(gw, jsonl(openai("b2")))
    os.rename(gw, tmp_path / "gw.jsonl.1")
    (tmp_path / "gw.jsonl.1").unlink()
    gw.write_bytes(jsonl(openai("c1")))
    third = make(gw, tmp_path)
    with caplog.at_level(logging.WARNING):
        await third.start()
    assert ids(await Driver(third).round()) == ["c1"]
    assert any("is gone" in r.message and "lost" in r.message for r in caplog.records)
    await third.close()


async def test_a_restart_after_copytruncate_while_stopped(gw: Path, tmp_path: Path) -> None:
    gw.write_bytes(b"")
    first = make(gw, tmp_path)
    await first.start()
    append(gw, jsonl(openai("a1"), openai("a2")))
    assert ids(await Driver(first).round()) == ["a1", "a2"]
    await first.close()
    append(gw, jsonl(openai("a3")))
    shutil.copyfile(gw, tmp_path / "gw.jsonl.1")
    os.truncate(gw, 0)
    append(gw, jsonl(*(openai(f"b{i}") for i in range(4))))  # longer than before
    second = make(gw, tmp_path)
    await second.start()
    assert ids(await Driver(second).round()) == ["a3", "b0", "b1", "b2", "b3"]
    await second.close()


async def test_a_saved_position_for_another_path_or_garbled_is_a_first_start(
        gw: Path, tmp_path: Path) -> None:
    gw.write_bytes(jsonl(openai("old")))
    state = tmp_path / "state"
    state.mkdir()
    for text in (b'{"v":1,"path":"/elsewhere.jsonl","files":[]}', b"{garbled", b'{"v":1}'):
        (state / STATE_FILE).write_bytes(text)
        src = make(gw, tmp_path)
        await src.start()
        assert await Driver(src).round() == []  # at the end, as on a first start
        await src.close()


# ---- bad lines ---------------------------------------------------------------------------------
async def test_bad_lines_are_counted_and_reported_while_good_ones_go_out(
        gw: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    gw.write_bytes(
        jsonl(openai("g1")) + b"this is not json\n" + jsonl([1, 2]) + b"\n"
        + jsonl({"choices": [{"finish_reason": "stop"}]}, openai("g2", "banana"),
                {**openai("g3"), "usage": {"prompt_tokens": "lots"}})
        + b'{"id": "huge", "pad": "' + b"x" * 5000 + b'"}\n' + jsonl(openai("g4")))
    src = make(gw, tmp_path, from_start=True, clock=clock, max_round_bytes=4096)
    await src.start()
    run = Driver(src)
    got: list[EventRecord] = []
    with caplog.at_level(logging.WARNING, logger="agents.request_log"):
        for _ in range(4):
            got += await run.round()
        first = [r.message for r in caplog.records if " line " in r.message]
        clock.now += 61
        append(gw, b"{oops\n" + jsonl(openai("g5")))
        got += await run.round()
        await src.close()
    assert ids(got) == ["g1", "g3", "g4", "g5"]
    assert "prompt_tokens" not in got[1].attrs  # left out, the event still went out
    assert src.lines == {"published": 4, "not_json": 2, "not_object": 1, "missing_field": 1,
                         "bad_value": 1, "too_long": 1}
    assert src.dropped == {"prompt_tokens": 1}
    assert len(first) == 1  # rate-limited: one warning in the first minute ...
    assert first[0].startswith(f"request log {gw} line 2 (byte {len(jsonl(openai('g1')))}): "
                               "not JSON: ")  # then orjson's words, which name no content
    assert first[0].endswith("line 1 column 1 (char 0); skipped; 1 bad lines so far")
    later = [r.message for r in caplog.records if " line " in r.message][1]  # ... then the next
    assert later.startswith(f"request log {gw} line 10 (byte ") and "not JSON" in later
    assert later.endswith("6 bad lines so far; 5 more problems not logged since the last warning")
    summary = caplog.records[-1].message  # at close
    assert summary == (f"request log {gw}: 4 lines published, 6 bad (1 bad_value, "
                       "1 missing_field, 2 not_json, 1 not_object, 1 too_long); fields left out: "
                       "prompt_tokens 1x")


async def test_reading_is_bounded_per_round(gw: Path, tmp_path: Path,
                                            caplog: pytest.LogCaptureFixture) -> None:
    lines = [openai(f"r{i}") for i in range(400)]
    gw.write_bytes(jsonl(*lines))
    src = make(gw, tmp_path, from_start=True, max_round_bytes=16 << 10)
    await src.start()
    run = Driver(src)
    got: list[EventRecord] = []
    with caplog.at_level(logging.INFO, logger="agents.request_log"):
        for _ in range(100):
            batch = await run.round()
            assert len(orjson.dumps([r.attrs for r in batch])) < 16 << 10
            got += batch
            if not batch:
                break
    assert ids(got) == [f"r{i}" for i in range(400)]
    assert [r.seq for r in got] == list(range(400))
    assert any("not read yet" in r.message for r in caplog.records)
    assert any("caught up" in r.message for r in caplog.records)
    assert src.tail.behind == 0
    await src.close()


# ---- the scheduler, the agent's metrics, the CLI -----------------------------------------------
async def test_the_agents_rounds_publish_lines_as_they_come(gw: Path, tmp_path: Path) -> None:
    gw.write_bytes(b"")
    args = parser().parse_args(["--node", NODE, "--no-nvml", "--no-host", "--vllm-interval",
                                "0.01", "--request-log", str(gw), "--request-log-from-start",
                                "--spool-dir", str(tmp_path / "state")])
    (tmp_path / "state").mkdir()
    handed: list[JsonRecord] = []
    stop = asyncio.Event()

    async def keep(source: str, records: list[JsonRecord]) -> None:
        assert source == "vllm"
        handed.extend(records)
        if len(handed) >= 30:
            stop.set()

    async def gateway() -> None:
        for i in range(30):
            append(gw, jsonl(openai(f"r{i}")))
            await asyncio.sleep(0.003)

    async with aiohttp.ClientSession() as session:
        schedule = _schedule(args, session, kv=False)
        assert [s.label for s in schedule] == [f"request log {gw}"]
        await asyncio.gather(asyncio.wait_for(Rounds(NODE, schedule, keep).run(stop), 30),
                             gateway())
    records = validate(handed)
    assert ids(records) == [f"r{i}" for i in range(30)]
    assert [r.seq for r in records] == list(range(30))
    saved = orjson.loads((tmp_path / "state" / STATE_FILE).read_bytes())
    assert saved["files"][0]["pos"] == gw.stat().st_size


async def test_the_agents_own_metrics_count_the_lines(gw: Path, tmp_path: Path) -> None:
    gw.write_bytes(jsonl(openai("r1"), openai("r2", prompt=-3)) + b"nope\n")
    src = make(gw, tmp_path, from_start=True)
    await src.start()
    await Driver(src).round()
    metrics = AgentMetrics(Publisher(KafkaSettings("127.0.0.1:1"), Spool(tmp_path / "spool")))
    metrics.watch_request_log(src)
    text = generate_latest(metrics.registry).decode()
    samples = {(s.name, tuple(sorted(s.labels.items()))): s.value
               for fam in text_string_to_metric_families(text) for s in fam.samples}
    assert samples[("gpu_agent_request_log_lines_total", (("outcome", "published"),))] == 2
    assert samples[("gpu_agent_request_log_lines_total", (("outcome", "not_json"),))] == 1
    assert samples[("gpu_agent_request_log_dropped_fields_total",
                    (("field", "prompt_tokens"),))] == 1
    assert samples[("gpu_agent_request_log_behind_bytes", ())] == 0
    await src.close()


async def run_agent(*args: str) -> tuple[int, str]:
    proc = await asyncio.create_subprocess_exec(*AGENT, *args, stdout=asyncio.subprocess.PIPE,
                                                stderr=asyncio.subprocess.PIPE)
    _, err = await asyncio.wait_for(proc.communicate(), 120)
    assert proc.returncode is not None
    return proc.returncode, err.decode()


async def test_once_from_start_through_the_cli(gw: Path, tmp_path: Path) -> None:
    gw.write_bytes(jsonl(openai("r1"), openai("r2", "abort"),
                         {"id": "r3", "status": 499, "x_tenant": "t3"}) + b"garbage\n")
    out = tmp_path / "round.jsonl"
    state = tmp_path / "state"
    base = ["--once", "--no-nvml", "--no-host", "--node", NODE, "--spool-dir", str(state),
            "--request-log", str(gw), "--output", str(out)]
    rc, err = await run_agent(*base, "--request-log-from-start",
                              "--request-log-field", "finish_reason=choices.0.finish_reason|status",
                              "--request-log-field", "tenant=user|x_tenant")
    assert rc == 0, err
    records = [decode_record(line) for line in out.read_bytes().splitlines()]
    assert [(r.source, r.event, r.attrs["request_id"], r.attrs["finish_reason"], r.seq)
            for r in records] == [("vllm", "request_finished", "r1", "stop", 0),
                                  ("vllm", "request_finished", "r2", "abort", 1),
                                  ("vllm", "request_finished", "r3", "abort", 2)]
    assert records[2].attrs == {"request_id": "r3", "finish_reason": "abort", "tenant": "t3"}
    assert f"request log {gw} line 4 (byte " in err and "not JSON" in err
    assert not (state / STATE_FILE).exists()  # --once never moves the saved position
    rc, err = await run_agent(*base)  # a first start without --request-log-from-start
    assert rc == 0, err
    assert out.read_bytes() == b""
    assert "reading from its end" in err


@pytest.mark.parametrize(("argv", "expected"), [
    (["--request-log-field", "tenant=user"],
     "gpu-agent: error: --request-log-field goes with --request-log PATH"),
    (["--request-log", "x", "--request-log-field", "tenant"],
     "gpu-agent: error: argument --request-log-field: 'tenant': expected NAME=DOTTED.PATH"),
    (["--request-log", "x", "--request-log-field", "model=m"],
     "gpu-agent: error: argument --request-log-field: 'model=m': unknown field 'model'"),
    (["--request-log", "x", "--request-log-max-mb", "0"],
     "gpu-agent: error: argument --request-log-max-mb: must be above 0, not 0"),
])
async def test_bad_request_log_options_are_refused(argv: list[str], expected: str) -> None:
    rc, err = await run_agent("--once", "--no-nvml", "--no-host", *argv)
    assert rc == 2
    assert err.strip().splitlines()[-1].startswith(expected), err


async def test_a_round_the_spool_did_not_take_is_read_again(gw: Path, tmp_path: Path) -> None:
    """The sink failed (a full disk): the round's lines were read but never spooled, so the
    next round reads them again, and the position saved after it covers both."""
    gw.write_bytes(jsonl(openai("a1"), openai("a2")))
    drv = Driver(make(gw, tmp_path, from_start=True))
    await drv.source.start()
    assert ids(await drv.round(hand_over=False)) == ["a1", "a2"]
    append(gw, jsonl(openai("a3")))
    assert ids(await drv.round()) == ["a1", "a2", "a3"]
    assert ids(await drv.round()) == []
    await drv.source.close()
    again = Driver(make(gw, tmp_path))  # a restart resumes after a3
    await again.source.start()
    append(gw, jsonl(openai("a4")))
    assert ids(await again.round()) == ["a4"]
    await again.source.close()


async def test_a_log_read_through_a_symlink_finds_its_rotated_file_beside_the_target(
        tmp_path: Path) -> None:
    """Kubernetes' /var/log/containers/*.log are links to /var/log/pods/.../0.log, rotated in
    the pod's folder: a rotation while the agent was stopped is found there."""
    pods, containers = tmp_path / "pods", tmp_path / "containers"
    pods.mkdir()
    containers.mkdir()
    target = pods / "0.log"
    target.write_bytes(b"")
    link = containers / "gateway.log"
    link.symlink_to(target)
    first = make(link, tmp_path)
    await first.start()
    append(target, jsonl(openai("a1")))
    assert ids(await Driver(first).round()) == ["a1"]
    await first.close()
    append(target, jsonl(openai("a2")))  # while stopped: written, then rotated beside the target
    os.rename(target, pods / "0.log.20251202-101500")
    target.write_bytes(jsonl(openai("b1")))
    second = make(link, tmp_path)
    await second.start()
    assert ids(await Driver(second).round()) == ["a2", "b1"]
    await second.close()
