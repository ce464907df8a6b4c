"""The request log, end to end: a simulated fleet's finished requests written as an
OpenAI-compatible gateway logs them, read back by ``gpu-agent``'s request-log source, and
replayed through the correlator in place of the simulator's own ``request_finished`` events.

The session-isolation leak's direct tell (a tenant restarting conversations under session ids
already in use) lives in those events: through the gateway's log the engine must page the leak
exactly when it does with the simulator's events, and sooner than with no request events.
"""

from __future__ import annotations

import asyncio
import gzip
import subprocess
import sys
from pathlib import Path
from typing import Any

import orjson

from agents.records import JsonRecord, Sequencer
from agents.request_fields import FieldMap
from agents.request_log import RequestLogSource
from correlator.config import load_rules
from correlator.replay.labels import read_labels
from correlator.replay.run import run_replay

CLI = str(Path(sys.executable).with_name("correlator"))
FIELDS = FieldMap.parse(["ts=end_ns", "spec_draft_tokens=usage.draft_tokens"])


def gateway_line(rec: dict[str, Any]) -> dict[str, Any]:
    """One ``request_finished`` event as a gateway's JSON log line (OpenAI response shape)."""
    a = rec["attrs"]
    usage: dict[str, Any] = {"prompt_tokens": a.get("prompt_tokens"),
                             "completion_tokens": a.get("generation_tokens")}
    if "cached_tokens" in a:
        usage["prompt_tokens_details"] = {"cached_tokens": a["cached_tokens"]}
    if "spec_draft_tokens" in a:
        usage["draft_tokens"] = a["spec_draft_tokens"]
    return {"id": a["request_id"], "object": "chat.completion", "user": a.get("tenant"),
            "session_id": a.get("session"), "choices": [{"index": 0, "finish_reason": a["finish_reason"]}],
            "usage": usage, "end_ns": rec["ts_ns"]}


async def read_back(path: Path, node: str) -> list[JsonRecord]:
    """Every line of the log through the agent's source, round after round."""
    src = RequestLogSource(node, path, FIELDS, state_file=None, save=False, from_start=True)
    out: list[JsonRecord] = []
    ts = 0
    while True:
        ts += 5_000_000_000
        got = await src.collect(ts)
        if not got:
            return out
        out += got


def variants(d: Path, tmp: Path) -> dict[str, Path]:
    """The recording three ways: as simulated, with the agent's events from the gateway's log
    instead of the simulator's, and with no request events; vllm ``seq`` renumbered per node as
    the agent's sequencer would (samples and events share the (node, vllm, null) stream)."""
    with gzip.open(d / "events.jsonl.gz") as fh:
        records = [orjson.loads(line) for line in fh]
    finished = [r for r in records if r.get("event") == "request_finished"]
    rest = [r for r in records if r.get("event") != "request_finished"]
    from_agent: list[JsonRecord] = []
    for node in sorted({r["node"] for r in finished}):
        log = tmp / f"gateway-{node}.jsonl"
        log.write_bytes(b"".join(orjson.dumps(gateway_line(r)) + b"\n" for r in finished
                                 if r["node"] == node))
        from_agent += asyncio.run(read_back(log, node))
    assert len(from_agent) == len(finished)
    out = {}
    for name, recs in (("simulator", records), ("gateway", rest + from_agent), ("none", rest)):
        recs = sorted(recs, key=lambda r: r["ts_ns"])
        seq = Sequencer()
        for r in recs:
            if r["source"] == "vllm":
                r.pop("seq", None)
                seq.stamp([r])
        path = tmp / f"{name}.jsonl.gz"
        with gzip.open(path, "wb") as fh:
            fh.writelines(orjson.dumps(r) + b"\n" for r in recs)
        out[name] = path
    return out


def test_a_leak_is_paged_through_the_gateways_log_as_through_the_simulators_events(tmp_path: Path) -> None:
    d = tmp_path / "rec"
    subprocess.run([CLI, "simulate", "--out", str(d), "--nodes", "3", "--minutes", "40", "--seed", "11",
                    "--faults", "session_isolation@gpu-node-02:15"], check=True, capture_output=True)
    labels = read_labels(d / "labels.jsonl")
    rules = load_rules()
    latency: dict[str, float] = {}
    for name, path in variants(d, tmp_path).items():
        result = run_replay([path], labels, rules)
        s = result.summary
        assert s.recall == 1.0 and s.precision == 1.0, (name, s)
        assert s.detection_latency_s.p50 is not None
        latency[name] = s.detection_latency_s.p50
    assert latency["gateway"] == latency["simulator"], latency
    assert latency["gateway"] < latency["none"], latency  # 140 s against 560 s when written
