"""Runs every source on its own interval and hands each round, sequenced, to a sink.

The sink receives ``(source, records)`` once per round of a source - the publisher turns that
into one Kafka message, ``--once`` into JSON Lines. ``ts_ns`` is read from the node's clock at the
start of each round and passed down; nothing below reads the clock for samples.

A failing source is published as the contract has the correlator see it: silent. Its first failed
round still goes out as one ``source_gap`` event (why, and since when); the following failed
rounds of the same streak that yield nothing else publish nothing, since any record on a
source's topic - a gap event too - tells the correlator that the source is alive. ``on_round``
hears of every round's outcome (the agent's own metrics count them).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field

from agents.health import GAP_EVENT, GapTracker
from agents.records import JsonRecord, Sequencer
from agents.sources import Source

log = logging.getLogger(__name__)

Sink = Callable[[str, list[JsonRecord]], Awaitable[None]]
RoundOutcome = Callable[[str, bool], None]
"""``(source, failed)`` after every round."""


@dataclass
class Scheduled:
    """A source and its interval in seconds."""

    source: Source
    interval_s: float


@dataclass
class Rounds:
    """Starts the sources, runs their rounds, stamps ``seq``, and closes them."""

    node: str
    schedule: Sequence[Scheduled]
    sink: Sink
    clock: Callable[[], int] = time.time_ns
    sequencer: Sequencer = field(default_factory=Sequencer)
    on_round: RoundOutcome | None = None
    _crashes: dict[str, GapTracker] = field(default_factory=dict)

    async def once(self) -> None:
        """One round of every source, concurrently, then close them."""
        await self._start()
        try:
            await asyncio.gather(*(self._round(s.source) for s in self.schedule))
        finally:
            await self._close()

    async def run(self, stop: asyncio.Event) -> None:
        """Rounds on each source's interval until ``stop`` is set."""
        await self._start()
        tasks = [asyncio.create_task(self._loop(s, stop), name=f"rounds {s.source.source}")
                 for s in self.schedule]
        try:
            await stop.wait()
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await self._close()

    async def _start(self) -> None:
        for s in self.schedule:
            try:
                await s.source.start()
            except Exception:  # its rounds will fail and say so; the other sources go on
                log.exception("starting source %s failed", s.source.source)

    async def _close(self) -> None:
        for s in self.schedule:
            try:
                await s.source.close()
            except Exception:
                log.exception("closing source %s", s.source.source)

    async def _loop(self, scheduled: Scheduled, stop: asyncio.Event) -> None:
        loop = asyncio.get_running_loop()
        due = loop.time()
        while not stop.is_set():
            await self._round(scheduled.source)
            due += scheduled.interval_s
            if due < loop.time():  # a slow round: skip the missed slots, keep the cadence
                due = loop.time()
            await asyncio.sleep(due - loop.time())

    async def _round(self, source: Source) -> None:
        ts_ns = self.clock()
        crashes = self._crashes.setdefault(source.source,
                                           GapTracker(self.node, source.source, "collector"))
        try:
            records = await source.collect(ts_ns)
        except Exception as err:  # a collector bug must not stop the agent; it is a gap
            if crashes.failures == 0:
                log.exception("source %s failed", source.source)
            records = [crashes.failed(f"collector error: {type(err).__name__}: {err}", ts_ns)]
        else:
            crashes.answered()
        if records and self.on_round is not None:
            self.on_round(source.source, any(r.get("event") == GAP_EVENT for r in records))
        if all(_repeated_gap(r) for r in records):
            return
        try:
            await self.sink(source.source, self.sequencer.stamp(records))
        except Exception:  # e.g. the spool's disk is full: log it, keep collecting
            log.exception("could not hand over a round of %s (%d records)", source.source,
                          len(records))


def _repeated_gap(record: JsonRecord) -> bool:
    """A ``source_gap`` after the first of its streak: published, it would hide the silence."""
    return record.get("event") == GAP_EVENT and record["attrs"].get("failures", 1) > 1
