"""What a replay through the broker sends: records batched per node, plus control markers.

Records go in the embedded replay's order (event time, then file and line), each keyed by its
node (an alert by the node it names) to that partition of its source's topic. The stream is
cut into windows of a minute of event time (at most 20,000 records, so that a worker releases
at most that much work at once); within a window one node's records of one source share a
message (a JSON array, as the contract allows) whose ``cx-ord`` header lists their global
indices. A window ends with a ``pct`` marker on every topic-partition; the one on
each partition's alerts topic lists the window's fleet-clock advance points, computed exactly
as :class:`~correlator.core.fleet.Fleet` computes them (:mod:`correlator.stream.clock`).
``start`` comes first and ``eos`` last on every topic-partition.

>>> from correlator.config import load_rules
>>> from correlator.stream.topics import StreamTopics
>>> plan = ReplayPlan("r", StreamTopics("t."), 2, load_rules(None))
>>> len(plan.start()), len(plan.end())
(10, 10)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from aiokafka.partitioner import murmur2

from correlator.config.model import RuleSet
from correlator.core.align import alert_node
from correlator.kafka import TopicNames
from correlator.stream.clock import AdvancePoints, lateness_ns, tick_ns
from correlator.stream.protocol import ORDER, RUN, Control, Headers, pack_order
from correlator.wire.records import AlertRecord, Record

MAX_BATCH_RECORDS = 1000
MAX_BATCH_BYTES = 512 * 1024
WINDOW_RECORDS = 20_000
WINDOW_TICKS = 6


def partition_for(key: bytes, partitions: int) -> int:
    """Kafka's default partitioner (murmur2), as the Java client and aiokafka use it."""
    return (int(murmur2(key)) & 0x7FFFFFFF) % partitions


def record_key(rec: Record) -> str:
    """The node a record is about: its partition key."""
    return alert_node(rec) if isinstance(rec, AlertRecord) else rec.node


@dataclass(frozen=True)
class OutMessage:
    topic: str
    partition: int
    key: bytes | None
    value: bytes
    headers: Headers


@dataclass
class _Batch:
    topic: str
    partition: int
    node: str
    order: list[int] = field(default_factory=list)
    values: list[bytes] = field(default_factory=list)
    size: int = 0


class ReplayPlan:
    """Turns records (in replay order) into messages; feed with :meth:`add`."""

    def __init__(self, run: str, names: TopicNames, partitions: int, rules: RuleSet,
                 window_ns: int | None = None, max_records: int = MAX_BATCH_RECORDS,
                 max_bytes: int = MAX_BATCH_BYTES) -> None:
        self.run = run
        self.names = names
        self.partitions = partitions
        self.max_records = max_records
        self.max_bytes = max_bytes
        self.lateness_ns = lateness_ns(rules)
        self.tick_ns = tick_ns(rules)
        self.window_ns = window_ns or WINDOW_TICKS * self.tick_ns
        self.clock = AdvancePoints(rules)
        self.new_sources: list[tuple[int, str]] = []
        self.count = 0
        self.batches: dict[tuple[str, str], _Batch] = {}
        self.advances: list[tuple[int, int]] = []
        self.window_start_ns: int | None = None
        self.window_records = 0
        self.tps = [(t, p) for p in range(partitions) for t in names.inputs]

    def start(self) -> list[OutMessage]:
        ctl = Control("start", self.run, partitions=self.partitions, lateness_ns=self.lateness_ns,
                      tick_ns=self.tick_ns)
        return [self._control(t, p, ctl) for t, p in self.tps]

    def add(self, rec: Record, encoded: bytes) -> list[OutMessage]:
        """One record (``encoded``: its JSON); the messages now complete."""
        out: list[OutMessage] = []
        node = record_key(rec)
        topic = self.names.for_source(rec.source)
        batch = self.batches.get((topic, node))
        if batch is not None and (len(batch.order) >= self.max_records
                                  or batch.size + len(encoded) > self.max_bytes):
            out.append(self._flush((topic, node)))
            batch = None
        if batch is None:
            p = partition_for(node.encode(), self.partitions)
            batch = self.batches[(topic, node)] = _Batch(topic, p, node)
        batch.order.append(self.count)
        batch.values.append(encoded)
        batch.size += len(encoded) + 1
        advanced, sources = self.clock.after(rec)
        self.new_sources += [(self.count, s) for s in sources]
        self.advances += [(self.count, now) for now in advanced]
        if self.window_start_ns is None:
            self.window_start_ns = rec.ts_ns
        self.window_records += 1
        if rec.ts_ns - self.window_start_ns >= self.window_ns or self.window_records >= WINDOW_RECORDS:
            out += self._close_window()
        self.count += 1
        return out

    def end(self) -> list[OutMessage]:
        out = self._close_window() if self.count else []
        ctl = Control("eos", self.run, key=self.count)
        return out + [self._control(t, p, ctl) for t, p in self.tps]

    def _close_window(self) -> list[OutMessage]:
        out = [self._flush(k) for k in list(self.batches)]
        last = self.count if self.window_records else self.count - 1
        pct = Control("pct", self.run, key=last)
        adv = Control("pct", self.run, key=last, advances=tuple(self.advances),
                      sources=tuple(self.new_sources))
        out += [self._control(t, p, adv if t == self.names.alerts else pct) for t, p in self.tps]
        self.advances = []
        self.new_sources = []
        self.window_start_ns = None
        self.window_records = 0
        return out

    def _flush(self, k: tuple[str, str]) -> OutMessage:
        b = self.batches.pop(k)
        value = b"[" + b",".join(b.values) + b"]"
        headers = [(RUN, self.run.encode()), (ORDER, pack_order(b.order))]
        return OutMessage(b.topic, b.partition, b.node.encode(), value, headers)

    def _control(self, topic: str, partition: int, ctl: Control) -> OutMessage:
        return OutMessage(topic, partition, None, ctl.value(), ctl.headers())
