"""Stage one per partition + the desk reach the embedded engine's incidents (pure, no broker).

An in-memory stand-in for Kafka delivers each topic-partition's messages in order but
interleaves topic-partitions at random, as a consumer's fetches do; a crash restores a
pickled snapshot and redelivers from an earlier offset, as Kafka does after ``kill -9``.
"""

from __future__ import annotations

import pickle
import random
from collections import deque
from dataclasses import dataclass, field

import pytest

from correlator.config import load_rules
from correlator.core.engine import Engine
from correlator.stream.deskrun import DeskRun
from correlator.stream.findings import FindingsMessage
from correlator.stream.partition import PartitionRun
from correlator.stream.plan import OutMessage, ReplayPlan
from correlator.stream.protocol import ORDER, header_map, parse_control, run_of, unpack_order
from correlator.stream.topics import StreamTopics
from correlator.wire.decode import decode_message
from correlator.wire.incidents import Incident
from correlator.wire.records import Record
from tests.stream_recording import EXPECTED, records

RULES = load_rules()
NAMES = StreamTopics("t.")


@pytest.fixture(scope="module")
def recording() -> list[Record]:
    return records()


@pytest.fixture(scope="module")
def embedded(recording: list[Record]) -> list[Incident]:
    eng = Engine(RULES)
    return eng.process_many(recording).incidents + eng.finish().incidents


def plan(recs: list[Record], partitions: int) -> list[OutMessage]:
    p = ReplayPlan("run", NAMES, partitions, RULES)
    msgs = p.start()
    for rec in recs:
        msgs += p.add(rec, rec.__pydantic_serializer__.to_json(rec))
    return msgs + p.end()


@dataclass
class Cluster:
    """Topic-partitions as queues with offsets; stage-one states; the desk's input queue."""

    messages: list[OutMessage]
    partitions: int
    rng: random.Random
    logs: dict[tuple[str, int], list[OutMessage]] = field(default_factory=dict)
    read: dict[tuple[str, int], int] = field(default_factory=dict)
    states: dict[int, PartitionRun] = field(default_factory=dict)
    findings: dict[int, deque[bytes]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for m in self.messages:
            self.logs.setdefault((m.topic, m.partition), []).append(m)
        self.read = dict.fromkeys(self.logs, 0)
        self.findings = {p: deque() for p in range(self.partitions)}

    def unread(self) -> list[tuple[str, int]]:
        return [tp for tp, log in self.logs.items() if self.read[tp] < len(log)]

    def deliver(self, tp: tuple[str, int], count: int) -> None:
        for _ in range(count):
            if self.read[tp] >= len(self.logs[tp]):
                break
            offset = self.read[tp]
            self.read[tp] += 1
            self._feed(tp, offset, self.logs[tp][offset])
        st = self.states.get(tp[1])
        if st is not None:
            st.step()
            out = st.collect()
            msg = FindingsMessage(st.run, st.partition, st.partitions, "w", out.findings,
                                  st.watermark_ns, st.done, st.max_ns)
            self.findings[tp[1]].append(msg.encode())

    def _feed(self, tp: tuple[str, int], offset: int, m: OutMessage) -> None:
        headers = header_map(m.headers)
        ctl = parse_control(headers, m.value)
        st = self.states.get(tp[1])
        if st is None:
            assert ctl is not None and ctl.kind == "start"
            st = self.states[tp[1]] = PartitionRun(RULES, tp[1], run_of(headers), NAMES.inputs,
                                                   ctl.partitions)
        if not st.fresh(tp[0], offset):
            return
        if ctl is not None:
            if ctl.kind != "start":
                st.control(tp[0], ctl)
            return
        recs, rejected = decode_message(m.value, "test")
        assert not rejected
        st.data(tp[0], recs, unpack_order(headers[ORDER]))

    def run_stage_one(self, crash_every: int | None = None) -> None:
        steps = 0
        snapshots: dict[int, tuple[bytes, dict[tuple[str, int], int]]] = {}
        while self.unread():
            tp = self.rng.choice(self.unread())
            self.deliver(tp, self.rng.randint(1, 30))
            steps += 1
            if crash_every and steps % crash_every == 0:
                self._crash(snapshots)
            elif crash_every and steps % crash_every == crash_every // 2:
                snapshots = {p: (pickle.dumps(st), dict(self.read)) for p, st in self.states.items()}

    def _crash(self, snapshots: dict[int, tuple[bytes, dict[tuple[str, int], int]]]) -> None:
        """Every partition restarts from its last snapshot; Kafka redelivers from a committed
        offset at or before the snapshot's."""
        for p in list(self.states):
            if p not in snapshots:
                continue
            blob, read = snapshots[p]
            self.states[p] = pickle.loads(blob)
            for tp in self.logs:
                if tp[1] == p:
                    self.read[tp] = max(0, read[tp] - self.rng.randint(0, 5))

    def run_desk(self) -> list[Incident]:
        desk = DeskRun(RULES, "run", self.partitions)
        out = []
        while any(self.findings.values()):
            p = self.rng.choice([k for k, q in self.findings.items() if q])
            out += desk.take(FindingsMessage.decode(self.findings[p].popleft()))
        assert desk.finished
        return [inc for _, inc in out]


@pytest.mark.parametrize(("partitions", "seed"), [(1, 0), (3, 1), (3, 2), (4, 3)])
def test_partitioned_stages_publish_exactly_the_embedded_records(
        recording: list[Record], embedded: list[Incident], partitions: int, seed: int) -> None:
    cluster = Cluster(plan(recording, partitions), partitions, random.Random(seed))
    cluster.run_stage_one()
    assert cluster.run_desk() == embedded


def test_the_recording_holds_the_expected_incidents(embedded: list[Incident]) -> None:
    opened = {i.incident_id: i for i in embedded if i.status == "open"}
    assert sorted((i.nodes[0], i.cause) for i in opened.values()) == sorted(EXPECTED.items())


def test_restarts_from_snapshots_with_redelivery_change_nothing(
        recording: list[Record], embedded: list[Incident]) -> None:
    cluster = Cluster(plan(recording, 3), 3, random.Random(9))
    cluster.run_stage_one(crash_every=40)
    assert cluster.run_desk() == embedded


def test_the_desk_drops_findings_it_already_applied(
        recording: list[Record], embedded: list[Incident]) -> None:
    cluster = Cluster(plan(recording, 3), 3, random.Random(4))
    cluster.run_stage_one()
    for q in cluster.findings.values():
        doubled = [m for m in q for _ in (0, 1)]
        q.clear()
        q.extend(doubled)
    assert cluster.run_desk() == embedded


def test_a_window_of_messages_per_node_and_source() -> None:
    msgs = plan(records(600.0), 3)
    data = [m for m in msgs if not any(k == "cx-ctl" for k, _ in m.headers)]
    assert len(data) < len(records(600.0)) / 5
    for m in data:
        keys = unpack_order(dict(m.headers)[ORDER])
        assert keys == sorted(keys)
