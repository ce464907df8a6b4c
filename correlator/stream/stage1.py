"""Stage one's Faust shell: input events -> :class:`PartitionRun` -> findings, actions, dead letters.

Per batch of events: route each to its (partition, run) state, decode it, let the states
process what they can, publish what they produced, then snapshot the states that are due and
only then acknowledge their events, so that Kafka never commits an offset that the latest
snapshot does not cover. After a crash the state comes back from the snapshot, Kafka
redelivers from the committed offset, and the state skips the offsets it already holds.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from faust.types import TP, StreamT

from correlator.config.model import RuleSet
from correlator.core.features import NS
from correlator.obs.worker import WorkerObs
from correlator.stream import snapshot
from correlator.stream.findings import FindingsMessage
from correlator.stream.outputs import Outputs
from correlator.stream.partition import PartitionRun
from correlator.stream.protocol import (
    ORDER,
    Control,
    ControlError,
    header_map,
    parse_control,
    run_of,
    unpack_order,
)
from correlator.stream.settings import WorkerConfig
from correlator.stream.snapshot import Event
from correlator.stream.topics import StreamTopics
from correlator.wire.decode import Rejected, decode_message

log = logging.getLogger(__name__)
Key = tuple[int, str]
YIELD_EVERY = 25
"""Messages handled between two turns of the event loop (one turn per message cost 8 % of a
worker's CPU draining a backlog of small messages, for nothing the fetcher needed)."""


@dataclass
class _Pending:
    events: list[Event]
    stream: StreamT[Any]


class Stage1:
    def __init__(self, cfg: WorkerConfig, rules: RuleSet, names: StreamTopics, table: Any,
                 outputs: Outputs, assignment: Any, highwater: Any, ends: Any, position: Any,
                 obs: WorkerObs | None = None) -> None:
        self.cfg = cfg
        self.obs = obs
        self.rules = rules
        self.names = names
        self.inputs = names.inputs
        self.snaps = snapshot.TableSnapshots(table)
        self.out = outputs
        self.assignment = assignment
        self.highwater = highwater
        self.ends = ends
        """``await ends([tp...])``: each partition's end offset, asked of the broker now."""
        self.position = position
        self.handled: dict[TP, int] = {}
        """Offset of the last message handled on each input partition."""
        self.runs: dict[Key, PartitionRun] = {}
        self.pending: dict[Key, _Pending] = {}
        self.snapped: dict[Key, float] = {}
        self.reported: dict[Key, int] = {}
        self.heard: dict[Key, tuple[float, int]] = {}
        """When each partition last had input: monotonic seconds, and wall-clock ns."""
        self.snapshot_every = cfg.snapshot_every_s
        self.costs: dict[Key, float] = {}
        self.lock = asyncio.Lock()
        self.lateness_ns = int(rules.alignment.allowed_lateness_s * NS)
        self.offset_ns = int(rules.alignment.max_clock_offset_s * NS)

    # -- the agent's loop body ---------------------------------------------------------------
    async def handle(self, stream: StreamT[Any], events: list[Event]) -> None:
        async with self.lock:
            touched: dict[Key, None] = {}
            assigned = self.assignment()
            for n, ev in enumerate(events):
                key = self._feed(ev, assigned)
                if key is None:
                    await stream.ack(ev)
                    continue
                touched[key] = None
                self.pending.setdefault(key, _Pending([], stream)).events.append(ev)
                st = self.runs.get(key)
                if st is not None:
                    st.step()
                if n % YIELD_EVERY == YIELD_EVERY - 1:
                    await asyncio.sleep(0)  # let the fetcher and timers run
            for key in touched:
                st = self.runs.get(key)
                if st is not None:
                    await self._publish(key, st)
            await self._snapshot(force=False)

    async def tick(self, wall_ns: int) -> None:
        """Timer: advance live partitions that went quiet; snapshot what waits for it."""
        # Kafka is asked before taking the lock: the answer comes through the consumer's
        # thread, and input handling must not wait for it.
        behind = self._behind_topics()
        seen = {tp: self.handled.get(tp) for tp in behind}
        ends = await self.ends(list(behind)) if behind else {}
        starts = {tp: await self.position(tp) for tp in behind if tp not in self.handled}
        async with self.lock:
            now = time.monotonic()
            for key in self._settle(behind, seen, ends, starts):
                st = self.runs[key]
                st.step()
                await self._publish(key, st)
            for key, st in list(self.runs.items()):
                heard = self.heard.get(key)
                if st.ordered or heard is None or now - heard[0] < self.cfg.live_idle_s:
                    continue
                if heard[1] - st.max_ns > self.cfg.live_horizon_s * NS:
                    continue  # its data was history when it came (a replay of old records)
                st.live_advance(wall_ns - self.lateness_ns - self.offset_ns)
                await self._publish(key, st)
            await self._snapshot(force=False)

    def revoke(self, tps: Iterable[TP]) -> None:
        """Partitions went to another worker: forget them (their snapshots carry on there)."""
        gone = {tp.partition for tp in tps if tp.topic in self.inputs}
        for key in [k for k in self.runs if k[0] in gone]:
            for d in (self.runs, self.pending, self.snapped, self.reported, self.heard, self.costs):
                d.pop(key, None)  # type: ignore[attr-defined]
        for tp in tps:
            self.handled.pop(tp, None)

    # -- input -------------------------------------------------------------------------------
    def _feed(self, ev: Event, assigned: set[TP]) -> Key | None:
        msg = ev.message
        if msg.tp not in assigned:
            return None
        headers = header_map(msg.headers)
        origin = f"{msg.topic}[{msg.partition}]@{msg.offset}"
        value = msg.value if isinstance(msg.value, bytes) else b""
        try:
            ctl = parse_control(headers, value)
        except ControlError as err:
            self.out.dead(Rejected(origin, f"control message: {err}", value), "")
            return None
        run = run_of(headers)
        st = self._state(msg.partition, run, ctl, ev)
        if st is None:
            return None
        self.handled[msg.tp] = msg.offset
        st.progress(msg.topic, self._behind(msg.tp, msg.offset, msg.timestamp))
        if not st.fresh(msg.topic, msg.offset):
            return None
        key = (msg.partition, run)
        self.heard[key] = (time.monotonic(), time.time_ns())
        if ctl is not None:
            if ctl.kind != "start":
                st.control(msg.topic, ctl)
            return key
        records, rejected = decode_message(value, origin)
        st.out.rejected += rejected
        if self.obs is not None:
            self.obs.records(records)
        order = headers.get(ORDER)
        st.data(msg.topic, records, unpack_order(order) if order is not None else None)
        return key

    def _behind_topics(self) -> dict[TP, Key]:
        """Input partitions of live runs still counted as behind, with their run."""
        behind: dict[TP, Key] = {}
        assigned = self.assignment()
        for key, st in self.runs.items():
            if st.live is not None:
                for topic in st.live.behind:
                    tp = TP(topic, st.partition)
                    if tp in assigned:
                        behind[tp] = key
        return behind

    def _settle(self, behind: dict[TP, Key], seen: Mapping[TP, int | None], ends: Mapping[TP, int],
                starts: Mapping[TP, int | None]) -> list[Key]:
        """Which of ``behind`` are caught up with Kafka (``ends``, asked afresh): those whose
        last handled message is the last in Kafka; one that delivered nothing yet, once its
        fetch position (``starts``) is. One that delivered while Kafka was asked (``seen``
        before) is still delivering: its own messages tell. Returns the runs that may now
        release more."""
        settled: dict[Key, None] = {}
        for tp, key in behind.items():
            done = self.handled.get(tp)
            if done != seen.get(tp):
                continue
            end = ends.get(tp)
            upto = done + 1 if done is not None else starts.get(tp)
            run = self.runs.get(key)
            if end is not None and upto is not None and upto >= end and run is not None:
                run.progress(tp.topic, behind=False)
                settled[key] = None
        return list(settled)

    def _behind(self, tp: TP, offset: int, timestamp: float | None) -> bool:
        highwater = self.highwater(tp)
        if highwater is not None and offset + 1 < highwater:
            return True
        # The highwater is as old as the last fetch of tp: when the worker runs behind its
        # input, more may have come since; _settle asks the broker.
        return bool(timestamp) and time.time() - float(timestamp or 0) > self.cfg.lag_hold_s

    def _state(self, p: int, run: str, ctl: Control | None, ev: Event) -> PartitionRun | None:
        key = (p, run)
        st = self.runs.get(key)
        if st is None:
            st = self._restore(key, ev)
            if st is None and (run == "" or (ctl is not None and ctl.kind == "start")):
                parts = ctl.partitions if ctl is not None else self.cfg.partitions
                st = PartitionRun(self.rules, p, run, self.inputs, parts)
            if st is None:
                log.warning("dropping a message of run %r on partition %d: its start is unknown", run, p)
                return None
            if run:
                for other in [k for k in self.runs if k[0] == p and k[1] not in ("", run)]:
                    del self.runs[other]
            self.runs[key] = st
        return None if st.done and ctl is None else st

    def _restore(self, key: Key, ev: Event) -> PartitionRun | None:
        blob = self.snaps.load(ev, _name(key))
        if blob is None:
            return None
        st: PartitionRun = snapshot.load(blob)
        log.info("partition %d run %r restored at position %d", key[0], key[1], st.pos)
        added = st.upgrade(self.rules)
        if added:
            log.warning("partition %d: its snapshot was taken by another build of the core; "
                        "%d attributes the new build added were set to their initial values "
                        "(rules settings to this worker's)", key[0], added)
        if st.fleet.rules != self.rules:
            log.warning("partition %d: its state was built under other rules than this worker's "
                        "(--rules); it goes on under those (see docs/operations.md, Rules)", key[0])
        return st

    # -- output ------------------------------------------------------------------------------
    async def _publish(self, key: Key, st: PartitionRun) -> None:
        produced = st.collect()
        wm = st.watermark_ns
        for rej in produced.rejected:
            self.out.dead(rej, st.run)
        for action in produced.actions:
            self.out.action(action, st.run)
        if not produced.findings and self.reported.get(key) == wm and not st.done:
            return
        if st.done and self.reported.get(key) == -1:
            return
        self.reported[key] = -1 if st.done else wm
        msg = FindingsMessage(st.run, st.partition, st.partitions, self.cfg.worker_id,
                              produced.findings, wm, st.done, st.max_ns)
        self.out.findings(st.partition, msg)

    async def _snapshot(self, force: bool) -> None:
        now = time.monotonic()
        for key in list(self.pending):
            st = self.runs.get(key)
            pend = self.pending[key]
            if st is None:
                del self.pending[key]
                continue
            if not (force or st.done or now - self.snapped.get(key, 0.0) >= self.snapshot_every):
                continue
            last = pend.events[-1]
            if last.message.tp not in self.assignment():
                continue
            if st.done:
                st.shed()
            started = time.monotonic()
            blob = snapshot.dump(st)
            self.snaps.save(last, _name(key), blob)
            self.costs[key] = time.monotonic() - started
            if self.obs is not None:
                self.obs.snapshot_bytes[key] = len(blob)
            # snapshots of all partitions together take at most ~5 % of the time
            self.snapshot_every = max(self.cfg.snapshot_every_s, 20 * sum(self.costs.values()))
            del self.pending[key]
            self.snapped[key] = now
            for ev in pend.events:
                await pend.stream.ack(ev)


def _name(key: Key) -> str:
    return f"s|{key[1]}|{key[0]}"
