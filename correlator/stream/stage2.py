"""Stage two's Faust shell: the ``findings`` topic -> :class:`DeskRun` per run -> ``incidents``.

The desk's state (every run's book and reorder buffer, the positions applied per partition,
the last offset read) is snapshotted like stage one's and the events acknowledged only after.
After a restart it re-reads ``findings`` from the committed offset, skips what the snapshot
holds, and publishes the same incident records again under the same publication numbers
(``cx-seq``): subscribers keep the first of each (incident_id, status, updated_ns).
When a replay's run is drained the desk flushes its incident records and then puts a
``drained`` marker on ``findings``, where the replay's collector waits for it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Iterable
from typing import Any

from faust.types import TP, StreamT

from correlator.config.model import RuleSet
from correlator.stream import snapshot
from correlator.stream.deskrun import DeskRun
from correlator.stream.findings import FindingsMessage
from correlator.stream.outputs import Outputs
from correlator.stream.protocol import CONTROL, Control, header_map
from correlator.stream.settings import WorkerConfig
from correlator.stream.snapshot import Event

log = logging.getLogger(__name__)
SNAPSHOT = "desk"
REMEMBER_RUNS = 256


class DeskState:
    """What the desk's snapshot holds."""

    def __init__(self) -> None:
        self.runs: dict[str, DeskRun] = {}
        self.closed: deque[str] = deque(maxlen=REMEMBER_RUNS)
        self.offset = -1


class Stage2:
    def __init__(self, cfg: WorkerConfig, rules: RuleSet, findings_topic: str, table: Any,
                 outputs: Outputs, assignment: Any, flush: Any) -> None:
        self.cfg = cfg
        self.rules = rules
        self.topic = findings_topic
        self.snaps = snapshot.TableSnapshots(table)
        self.out = outputs
        self.assignment = assignment
        self.flush = flush
        self.state: DeskState | None = None
        self.pending: list[Event] = []
        self.snapped = 0.0
        self.stream: StreamT[Any] | None = None
        self.lock = asyncio.Lock()

    async def handle(self, stream: StreamT[Any], events: list[Event]) -> None:
        async with self.lock:
            self.stream = stream
            drained: list[str] = []
            for ev in events:
                if ev.message.tp not in self.assignment():
                    continue
                run = self._one(ev)
                if run is not None:
                    drained.append(run)
            if drained:
                await self.flush()
                for run in drained:
                    self.out.control(b"{}", Control("drained", run).headers())
            await self._snapshot(stream, force=bool(drained))

    async def tick(self) -> None:
        """Timer: snapshot (and so acknowledge) what a quiet desk still holds."""
        async with self.lock:
            if self.stream is not None:
                await self._snapshot(self.stream, force=False)

    def revoke(self, tps: Iterable[TP]) -> None:
        if any(tp.topic == self.topic for tp in tps):
            self.state = None
            self.pending = []

    def _one(self, ev: Event) -> str | None:
        """Apply one message; the run it drained, if it did."""
        st = self.state or self._restore(ev)
        msg = ev.message
        if msg.offset <= st.offset:
            return None
        st.offset = msg.offset
        self.pending.append(ev)
        if CONTROL in header_map(msg.headers):
            return None
        try:
            fm = FindingsMessage.decode(msg.value or b"")
        except (ValueError, KeyError, TypeError) as err:
            log.error("unreadable findings message at offset %d: %s", msg.offset, err)
            return None
        if fm.run in st.closed:
            return None
        desk = st.runs.get(fm.run)
        if desk is None:
            desk = st.runs[fm.run] = DeskRun(self.rules, fm.run, fm.partitions)
        for seq, inc in desk.take(fm):
            self.out.incident(inc, fm.run, seq)
        if not desk.finished:
            return None
        del st.runs[fm.run]
        st.closed.append(fm.run)
        return fm.run

    def _restore(self, ev: Event) -> DeskState:
        blob = self.snaps.load(ev, SNAPSHOT)
        self.state = snapshot.load(blob) if blob is not None else DeskState()
        if blob is not None:
            log.info("desk restored at findings offset %d", self.state.offset)
        return self.state

    async def _snapshot(self, stream: StreamT[Any], force: bool) -> None:
        if not self.pending or self.state is None:
            return
        now = time.monotonic()
        if not force and now - self.snapped < self.cfg.snapshot_every_s:
            return
        last = self.pending[-1]
        if last.message.tp not in self.assignment():
            return
        self.snaps.save(last, SNAPSHOT, snapshot.dump(self.state))
        self.snapped = now
        events, self.pending = self.pending, []
        for ev in events:
            await stream.ack(ev)
