"""``--simulate``: the simulator's seconds published as rounds, unchanged and complete."""

from __future__ import annotations

import asyncio
import sys
from collections import Counter
from pathlib import Path

import orjson
import pytest
from agent_helpers import read_topics, validate

from agents.records import JsonRecord
from agents.simulate import live_config, run_simulation
from correlator.kafka import TopicNames
from correlator.sim import SimConfig, iter_seconds
from correlator.wire.decode import decode_message

SMALL = {"nodes": 2, "gpus": 1, "minutes": 0.5, "seed": 4, "preroll_s": 0,
         "faults": "xid_79@gpu-node-01:0.1-0.4"}  # a GPU off the bus: its samples stop


async def simulated_elsewhere(options: dict[str, object]) -> list[JsonRecord]:
    """The scenario's records computed by a fresh interpreter, as the agent's process was: the
    simulator's code as it is on disk now, not as this test process imported it."""
    code = ("import sys, orjson; from correlator.sim import SimConfig, iter_seconds; "
            "c = SimConfig(**orjson.loads(sys.argv[1])); "
            "sys.stdout.buffer.write(orjson.dumps([r for b in iter_seconds(c) "
            "for r in b.records]))")
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", code, orjson.dumps(options).decode(),
        stdout=asyncio.subprocess.PIPE)
    out, _ = await asyncio.wait_for(proc.communicate(), 120)
    assert proc.returncode == 0
    records: list[JsonRecord] = orjson.loads(out)
    return records


def identity(r: JsonRecord) -> tuple[object, ...]:
    return (r["node"], r["source"], r["kind"], r.get("gpu"), r.get("seq"), r.get("event"))


async def test_every_simulated_record_is_published_once_in_rounds() -> None:
    config = live_config(**SMALL)
    published: list[tuple[str, str, list[JsonRecord]]] = []

    async def publish(source: str, node: str, records: list[JsonRecord]) -> None:
        published.append((source, node, records))

    count = await run_simulation(config, publish, asyncio.Event(), speed=1000)
    expected = [r for batch in iter_seconds(config) for r in batch.records]
    got = [r for _, _, records in published for r in records]
    assert count == len(got) == len(expected) > 0
    assert Counter(map(identity, got)) == Counter(map(identity, expected))
    assert sorted(r["ts_ns"] for r in got) == sorted(r["ts_ns"] for r in expected)
    for source, node, records in published:  # one node and one source per message
        assert {(r["source"], r["node"]) for r in records} == {(source, node)}
    validate(got)
    assert {s for s, _, _ in published} >= {"nvml", "dcgm", "vllm", "host"}


async def test_stop_ends_the_simulation_early() -> None:
    config = live_config(**{**SMALL, "minutes": 60})
    stop = asyncio.Event()
    seen = 0

    async def publish(source: str, node: str, records: list[JsonRecord]) -> None:
        nonlocal seen
        seen += 1
        stop.set()

    count = await asyncio.wait_for(run_simulation(config, publish, stop, speed=1000), 60)
    assert count > 0 and seen < 20


def test_live_config_starts_now_on_a_whole_second() -> None:
    import time

    before = time.time_ns()
    config = live_config(nodes=1, gpus=None)
    assert config.start_ns % 1_000_000_000 == 0
    assert before - 1_000_000_000 <= config.start_ns <= time.time_ns()
    assert config.gpus == SimConfig().gpus  # None means "the simulator's default"


@pytest.mark.kafka
async def test_simulate_publishes_a_whole_scenario_then_exits(
        kafka_bootstrap: str, kafka_topics: TopicNames, tmp_path: Path) -> None:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", "import sys; from agents.cli import main; sys.exit(main())",
        "--simulate", "--kafka", kafka_bootstrap, "--topic-prefix", kafka_topics.prefix,
        "--sim-nodes", "2", "--sim-gpus", "1", "--sim-minutes", "0.5", "--sim-seed", "4",
        "--sim-preroll", "0", "--sim-faults", "xid_79@gpu-node-01:0.1-0.4", "--sim-speed", "10",
        "--spool-dir", str(tmp_path / "spool"), stderr=asyncio.subprocess.PIPE)
    _, stderr = await asyncio.wait_for(proc.communicate(), 120)
    assert proc.returncode == 0, stderr.decode()
    assert b"simulation over: its 0.5 simulated minutes ran out; " in stderr
    expected = await simulated_elsewhere(SMALL)
    got: list[JsonRecord] = []
    for topic, key, value in await read_topics(kafka_bootstrap, kafka_topics.inputs):
        records, rejected = decode_message(value, origin=topic)
        assert rejected == [] and {r.node for r in records} == {key.decode()}
        got += [r.model_dump() for r in records]
    assert Counter(map(identity, got)) == Counter(map(identity, expected))
