"""Runs every source on its own interval and hands each round, sequenced, to a sink.

The sink receives ``(source, records)`` once per round of a source - the publisher turns that
into one Kafka message, ``--once`` into JSON Lines. ``ts_ns`` is read from the node's clock at the
start of each round and passed down; nothing below reads the clock for samples.

A failing source is published as the contract has the correlator see it: silent. Its first failed
round still goes out as one ``source_gap`` event (why, and since when); the following failed
rounds of the same streak that yield nothing else publish nothing, since any record on a
source's topic - a gap event too - tells the correlator that the source is alive. ``on_round``
hears of every round's outcome (the agent's own metrics count them).

Several sources may share a source name (one ``vllm`` source per vLLM server of the node): each
has its own rounds, failures and gaps, while ``seq`` is counted per (node, source, gpu) by the
one :class:`Sequencer`, so that two sources whose records share that key (the servers of two MIG
instances of one GPU) number one stream between them, as the records are handed to the sink.

A source with a ``handed_over()`` method hears when the sink has taken its round (the request
log keeps its file position only then).
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
    name: str = ""
    """What the logs call the source, where its source name is not enough to tell it apart
    (``vllm 1=http://127.0.0.1:8001/metrics``); the source name by default."""

    @property
    def label(self) -> str:
        return self.name or self.source.source


@dataclass
class Rounds:
    """Starts the sources, runs their rounds, stamps ``seq``, and closes them."""

    node: str
    schedule: Sequence[Scheduled]
    sink: Sink
    clock: Callable[[], int] = time.time_ns
    sequencer: Sequencer = field(default_factory=Sequencer)
    on_round: RoundOutcome | None = None
    _crashes: dict[int, GapTracker] = field(default_factory=dict)
    """Per scheduled source (by ``id``): its collector's consecutive crashes."""

    async def once(self) -> None:
        """One round of every source, collected concurrently, handed to the sink in the
        schedule's order (so that ``seq`` follows it), then close them."""
        await self._start()
        try:
            rounds = await asyncio.gather(*(self._collect(s) for s in self.schedule))
            for s, records in zip(self.schedule, rounds, strict=True):
                await self._hand_over(s, records)
        finally:
            await self._close()

    async def run(self, stop: asyncio.Event) -> None:
        """Rounds on each source's interval until ``stop`` is set."""
        await self._start()
        tasks = [asyncio.create_task(self._loop(s, stop), name=f"rounds {s.label}")
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
                log.exception("starting source %s failed", s.label)

    async def _close(self) -> None:
        for s in self.schedule:
            try:
                await s.source.close()
            except Exception:
                log.exception("closing source %s", s.label)

    async def _loop(self, scheduled: Scheduled, stop: asyncio.Event) -> None:
        loop = asyncio.get_running_loop()
        due = loop.time()
        while not stop.is_set():
            await self._hand_over(scheduled, await self._collect(scheduled))
            due += scheduled.interval_s
            if due < loop.time():  # a slow round: skip the missed slots, keep the cadence
                due = loop.time()
            await asyncio.sleep(due - loop.time())

    async def _collect(self, scheduled: Scheduled) -> list[JsonRecord]:
        """One round of the source (a crash of its collector as a gap), reported to
        ``on_round``."""
        source = scheduled.source
        ts_ns = self.clock()
        crashes = self._crashes.get(id(scheduled))
        if crashes is None:
            target = f"collector of {scheduled.name}" if scheduled.name else "collector"
            crashes = self._crashes[id(scheduled)] = GapTracker(self.node, source.source, target)
        try:
            records = await source.collect(ts_ns)
        except Exception as err:  # a collector bug must not stop the agent; it is a gap
            if crashes.failures == 0:
                log.exception("source %s failed", scheduled.label)
            records = [crashes.failed(f"collector error: {type(err).__name__}: {err}", ts_ns)]
        else:
            crashes.answered()
        if records and self.on_round is not None:
            self.on_round(source.source, any(r.get("event") == GAP_EVENT for r in records))
        return records

    async def _hand_over(self, scheduled: Scheduled, records: list[JsonRecord]) -> None:
        """Stamp ``seq`` and give the round to the sink (a repeated gap is not given)."""
        if all(_repeated_gap(r) for r in records):
            return
        try:
            await self.sink(scheduled.source.source, self.sequencer.stamp(records))
        except Exception:  # e.g. the spool's disk is full: log it, keep collecting
            log.exception("could not hand over a round of %s (%d records)", scheduled.label,
                          len(records))
            return
        handed_over = getattr(scheduled.source, "handed_over", None)
        if handed_over is not None:
            handed_over()


def _repeated_gap(record: JsonRecord) -> bool:
    """A ``source_gap`` after the first of its streak: published, it would hide the silence."""
    return record.get("event") == GAP_EVENT and record["attrs"].get("failures", 1) > 1
