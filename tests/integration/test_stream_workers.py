"""Workers on the real broker: two share the partitions; one killed with SIGKILL mid-replay and
a new one takes over from the changelog; every incident still exactly as the embedded replay."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

import orjson
import pytest
from stream_support import (
    PARTITIONS,
    delete_internal_topics,
    group_members,
    read_topic,
    wait_for,
    worker,
)

from correlator.config import load_rules
from correlator.core.engine import Engine
from correlator.kafka import TopicNames
from correlator.stream.collect import Collector
from correlator.stream.findings import FindingsMessage
from correlator.stream.plan import ReplayPlan
from correlator.stream.protocol import CONTROL, SEQ
from correlator.stream.replay import BrokerOptions, _Counts, produce, run_broker_replay
from correlator.stream.topics import StreamTopics, ensure_stream_topics
from correlator.wire.decode import Rejected
from correlator.wire.incidents import Incident
from correlator.wire.records import Record
from tests import stream_recording

RULES = load_rules()


@pytest.fixture(scope="module")
def recording() -> list[Record]:
    return stream_recording.records()


@pytest.fixture(scope="module")
def embedded(recording: list[Record]) -> list[Incident]:
    eng = Engine(RULES)
    return eng.process_many(recording).incidents + eng.finish().incidents


def incidents_on(messages: list) -> list[Incident]:  # type: ignore[type-arg]
    return [Incident.model_validate_json(m.value) for m in messages]


def first_of_each(messages: list) -> list[Incident]:  # type: ignore[type-arg]
    """What a subscriber keeps: the first record of each (incident_id, status, updated_ns), in
    publication order."""
    seen: dict[tuple[str, str, int], tuple[int, Incident]] = {}
    for m in messages:
        inc = Incident.model_validate_json(m.value)
        seen.setdefault((inc.incident_id, inc.status, inc.updated_ns), (int(m.headers[SEQ]), inc))
    return [inc for _, inc in sorted(seen.values(), key=lambda e: e[0])]


@pytest.mark.kafka
async def test_two_workers_share_the_partitions_and_publish_each_incident_once(
        kafka_bootstrap: str, kafka_topics: TopicNames, tmp_path: Path,
        embedded: list[Incident]) -> None:
    prefix = kafka_topics.prefix
    events, _ = stream_recording.write(tmp_path / "rec")
    # the second at the default log level, where Faust would draw its start-up spinner
    workers = [worker(kafka_bootstrap, prefix, tmp_path / f"w{i}", extra=extra)
               for i, extra in ((1, []), (2, ["--log-level", "warn"]))]
    try:
        async def both_in_group() -> bool:
            state, members = await group_members(kafka_bootstrap, StreamTopics(prefix).app_id)
            return state == "Stable" and members == 2

        await wait_for(both_in_group, "both workers in the consumer group", workers[0].exited)
        opts = BrokerOptions(kafka_bootstrap, prefix, PARTITIONS, own_worker=False, timeout_s=240)
        result = await asyncio.to_thread(run_broker_replay, [events], [], RULES, opts)
        published = await read_topic(kafka_bootstrap, kafka_topics.incidents)
        findings = await read_topic(kafka_bootstrap, StreamTopics(prefix).findings, 1)
    finally:
        for w in workers:
            w.stop()
        await delete_internal_topics(kafka_bootstrap, prefix)
    assert result.incidents == embedded
    keys = Counter((i.incident_id, i.status, i.updated_ns) for i in incidents_on(published))
    assert len(published) == len(embedded) and set(keys.values()) == {1}
    producers = {orjson.loads(m.value)["w"] for m in findings if CONTROL not in m.headers}
    assert len(producers) == 2, "both workers processed partitions"
    for w in workers:  # a log file, not a terminal: no cursor or colour codes
        assert "\x1b[" not in w.log_path.read_text(errors="replace")


@pytest.mark.kafka
async def test_kill_9_mid_replay_then_a_new_worker_recovers_without_loss_or_new_ids(
        kafka_bootstrap: str, kafka_topics: TopicNames, tmp_path: Path,
        recording: list[Record], embedded: list[Incident]) -> None:
    prefix = kafka_topics.prefix
    names = StreamTopics(prefix)
    run = "kill9"
    half = next(i for i, r in enumerate(recording) if r.ts_ns > stream_recording.T0 + 2100 * 10**9)
    await ensure_stream_topics(kafka_bootstrap, prefix, PARTITIONS)
    collector = Collector(kafka_bootstrap, names, run, PARTITIONS)
    await collector.start()
    # the first worker snapshots each partition once, then not for an hour: a kill loses all
    # its later work, which the next worker must redo from the changelog and the offsets
    first = worker(kafka_bootstrap, prefix, tmp_path / "a", store="rocksdb",
                   extra=["--snapshot-every", "3600"])
    second = None
    try:
        plan = ReplayPlan(run, names, PARTITIONS, RULES)
        await produce_part(kafka_bootstrap, plan, recording[:half], start=True)

        async def first_incidents_out() -> bool:
            msgs = await read_topic(kafka_bootstrap, names.incidents)
            return any(m.headers.get("cx-run") == run.encode() for m in msgs)

        await wait_for(first_incidents_out, "the first worker's first incident", first.exited)
        first.kill()
        second = worker(kafka_bootstrap, prefix, tmp_path / "b", store="memory")
        await produce_part(kafka_bootstrap, plan, recording[half:], end=True)
        try:
            collected = await collector.until_drained(second.exited, 240)
        except TimeoutError:
            # keep what a rare stall needs for its diagnosis: the workers' logs go with tmp_path
            pytest.fail(f"not drained in 240 s; {len(collector.incidents)} incident records so far\n"
                        f"killed worker's log:\n{first.log_tail(40)}\nnew worker's log:\n"
                        f"{second.log_tail(80)}")
        published = [m for m in await read_topic(kafka_bootstrap, names.incidents)
                     if m.headers.get("cx-run") == run.encode()]
        findings = await read_topic(kafka_bootstrap, names.findings, 1)
    finally:
        await collector.stop()
        first.kill()
        if second is not None:
            second.stop()
        await delete_internal_topics(kafka_bootstrap, prefix)
    assert collected == embedded
    assert {i.incident_id for i in incidents_on(published)} == {i.incident_id for i in embedded}
    assert first_of_each(published) == embedded
    assert len(published) > len(embedded), "the new worker published again what the killed one had"
    redone = [FindingsMessage.decode(m.value) for m in findings if CONTROL not in m.headers]
    assert len({m.worker for m in redone if m.run == run}) == 2


async def produce_part(bootstrap: str, plan: ReplayPlan, records: list[Record], *,
                       start: bool = False, end: bool = False) -> None:
    """Part of a replay: ``produce`` sends start and end markers, so drive the plan here."""
    class Part(ReplayPlan):
        def __init__(self) -> None:
            self.__dict__ = plan.__dict__

        def start(self) -> list:  # type: ignore[type-arg]
            return plan.start() if start else []

        def end(self) -> list:  # type: ignore[type-arg]
            return plan.end() if end else []

    def reject(rej: Rejected) -> None:
        raise AssertionError(rej)

    counts: _Counts = await produce(bootstrap, Part(), records, reject)
    assert counts.records == len(records)
