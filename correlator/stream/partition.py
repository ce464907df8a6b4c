"""Stage one for one partition number: records in, findings, actions and a watermark out.

A :class:`PartitionRun` holds the fleet of the nodes whose records land in one partition
number of the five co-partitioned input topics, for one run: ``""`` is live traffic, any
other id a replay through the broker. Live records are processed in event-time order as far
as the topics' delivery allows (:class:`~correlator.stream.reorder.EventTimeOrder`), and the
fleet's clock follows them. A replay's records are first put back in global order
(:class:`~correlator.stream.reorder.PunctuatedOrder`) and the fleet's clock follows the
producer's advance points, so every node sees exactly the calls the embedded engine makes.

Every processed item gets a position; each finding is tagged ``(position, index)``. After a
restart from a snapshot the same items give the same findings at the same positions, which is
how stage two drops the ones it already has.

Pure: no Kafka here. The Faust shell (:mod:`correlator.stream.stage1`) feeds it and publishes.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from pydantic import BaseModel

from correlator.config.model import RuleSet
from correlator.core.fleet import FleetOutput
from correlator.core.outputs import ActionEvent, Finding
from correlator.stream.clock import ClockedFleet
from correlator.stream.compat import CORE_BUILD, fill_missing
from correlator.stream.protocol import Control
from correlator.stream.reorder import EventTimeOrder, PunctuatedOrder
from correlator.wire.decode import Rejected
from correlator.wire.records import Record

FAR_PAST = -(1 << 62)
log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Advance:
    """The producer's fleet clock reached ``now_ns``."""

    now_ns: int


@dataclass(frozen=True, slots=True)
class NewSource:
    """The fleet saw its first record of ``source`` (the embedded fleet's ``fleet_sources``)."""

    source: str


Item = Record | Advance | NewSource


@dataclass
class Produced:
    """What a partition produced since the shell last collected it."""

    findings: list[tuple[int, int, Finding]] = field(default_factory=list)
    actions: list[ActionEvent] = field(default_factory=list)
    rejected: list[Rejected] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.findings or self.actions or self.rejected)


class PartitionRun:
    """One partition number's stage-one state for one run."""

    def __init__(self, rules: RuleSet, partition: int, run: str, topics: tuple[str, ...],
                 partitions: int) -> None:
        self.partition = partition
        self.run = run
        self.partitions = partitions
        self.fleet = ClockedFleet(rules, external=self.ordered)
        self.order: PunctuatedOrder[Item] | None = PunctuatedOrder(topics) if self.ordered else None
        self.live: EventTimeOrder[Record] | None = None if self.ordered else EventTimeOrder(topics)
        self.consumed: dict[str, int] = {}
        self.pos = 0
        self.clock_ns = FAR_PAST
        self.done = False
        self.records = 0
        self.build = CORE_BUILD
        self.out = Produced()

    @property
    def ordered(self) -> bool:
        return self.run != ""

    @property
    def watermark_ns(self) -> int:
        """Findings this partition publishes later are stamped at or after this: its lowest
        node watermark (``Fleet.floor_ns``), or its clock while it holds no node."""
        if self.fleet.nodes:
            return self.fleet.floor_ns
        return max(self.fleet.now_ns, self.clock_ns)

    @property
    def max_ns(self) -> int:
        return self.fleet.max_ns

    # -- input ---------------------------------------------------------------------------
    def fresh(self, topic: str, offset: int) -> bool:
        """True the first time an offset of ``topic`` is seen (redeliveries after a restart
        from a snapshot are not)."""
        if offset <= self.consumed.get(topic, -1):
            return False
        self.consumed[topic] = offset
        return True

    def data(self, topic: str, records: list[Record], order: list[int] | None) -> None:
        """A data message's records; ``order`` their global keys (replays)."""
        self.records += len(records)
        if self.live is not None:
            for rec in records:
                self.live.push(topic, rec.ts_ns, rec)
        elif self.order is None or order is None or len(order) != len(records):
            for rec in records:
                self._process(rec)
        else:
            for key, rec in zip(order, records, strict=True):
                self.order.push((key, 0), rec)

    def progress(self, topic: str, behind: bool) -> None:
        """Live traffic: whether ``topic`` still has messages waiting in Kafka."""
        if self.live is not None:
            self.live.progress(topic, behind)

    def control(self, topic: str, ctl: Control) -> None:
        if self.order is None:
            return
        if ctl.kind == "pct":
            for key, source in ctl.sources:
                self.order.push((key, 1), NewSource(source))
            for key, now_ns in ctl.advances:
                self.order.push((key, 1), Advance(now_ns))
            self.order.punctuate(topic, ctl.key)
        elif ctl.kind == "eos":
            self.order.end(topic)

    def step(self) -> None:
        """Process every item the order can release; finish the run when all inputs ended."""
        if self.live is not None:
            for rec in self.live.ready():
                self._process(rec)
            return
        if self.order is None or self.done:
            return
        for item in self.order.ready():
            self._process(item)
        if self.order.done:
            self.pos += 1
            self._take(self.fleet.finish())
            self.done = True

    def live_advance(self, now_ns: int) -> None:
        """Live traffic only: time passed on a partition with nothing to say (wall clock)."""
        if self.ordered or now_ns <= self.watermark_ns or (self.live and self.live.pending()):
            return
        self.pos += 1
        self.clock_ns = now_ns
        self._take(self.fleet.drive(now_ns))

    def upgrade(self, rules: RuleSet | None = None) -> int:
        """After a restore by another build of the core: fill in attributes it added. Rules
        settings the snapshot's rules lack take the value of ``rules`` (the worker's own;
        the defaults without), before anything derived from them is rebuilt."""
        if getattr(self, "build", "") == CORE_BUILD:
            return 0
        f = self.fleet
        added = fill_missing(f.rules, rules if rules is not None else RuleSet())
        added += fill_missing(f, ClockedFleet(f.rules, external=f.external))
        for name, node in f.nodes.items():
            added += fill_missing(node, type(node)(name, f.rules, f.windows, f.fleet_sources))
        self.build = CORE_BUILD
        return added

    def collect(self) -> Produced:
        out, self.out = self.out, Produced()
        return out

    def shed(self) -> None:
        """After the end of a run keep only what recognises its redelivered messages."""
        rules = self.fleet.rules
        self.fleet = ClockedFleet(rules, external=True)
        self.order = None

    # -- processing ----------------------------------------------------------------------
    def _process(self, item: Item) -> None:
        self.pos += 1
        try:
            if isinstance(item, Advance):
                self.clock_ns = max(self.clock_ns, item.now_ns)
                self._take(self.fleet.drive(item.now_ns))
            elif isinstance(item, NewSource):
                self.fleet.fleet_sources.add(item.source)
            else:
                self._take(self.fleet.process(item))
        except Exception as err:  # a bug must not stop the partition: log it, keep the input
            log.exception("partition %d: processing %r failed", self.partition, type(item).__name__)
            raw = item.model_dump_json().encode() if isinstance(item, BaseModel) else repr(item).encode()
            reason = f"internal error: {type(err).__name__}: {err}"
            self.out.rejected.append(Rejected(f"partition {self.partition}", reason, raw))

    def _take(self, fo: FleetOutput) -> None:
        out = self.out
        out.findings += [(self.pos, k, f) for k, f in enumerate(fo.findings)]
        out.actions += fo.actions
        out.rejected += fo.rejected
