"""Per-node event-time alignment of the sources.

Records of one node are held in a heap until the node's watermark passes them, so features
see each series in event-time order even when delivery shuffled it. The watermark is the
minimum over the node's live streams (a source, or one GPU of a per-GPU source) of (when that
stream's next record is due - allowed lateness): a source whose clock runs ahead of the others
does not make their records late, the per-GPU records of one collection may arrive in any order
within the lateness, and a stream that falls silent stops holding the others back.
Duplicates (same ``seq`` on the same (source, gpu) stream) are dropped with a sliding
64-bit window, as anti-replay windows do, so the state per stream is two integers.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from itertools import count

from correlator.core.hosts import NO_NODE, label_node
from correlator.wire.records import AlertRecord, EventRecord, SampleRecord

AlignedRecord = SampleRecord | EventRecord
_WINDOW = 64
_MASK = (1 << _WINDOW) - 1
SOURCES_KEPT = 16
"""Sources per node (the contract names five); a record of one more is refused."""
STREAMS_KEPT = 192
"""(source, GPU) streams per node; a new one beyond them replaces the one silent longest, so
made-up GPU indices cannot grow a node's clocks and duplicate windows without bound."""
_LEARN_RECORDS = 64
"""Records of a source before its arrival lag is trusted to cut its streams' wait short."""
_OVERDUE_SLACK_NS = 10_000_000_000
"""Beyond its learned lag, how much later than due a stream may be before it stops holding
its node back: a delivery that is one batch later than any seen so far is not lost."""


@dataclass(slots=True)
class SourceClock:
    """What the node has seen of one source."""

    first_ns: int
    max_ns: int
    records: int = 0
    interval_ns: int = 0
    silent: bool = False
    silent_since_ns: int = 0
    lag_ns: int = 0
    """How far the node's newest record runs ahead of this source's newest when the source's
    next record arrives (a decaying maximum): its clock offset, its delivery delay, and the
    batching of its delivery (a source whose 10 s batch comes after the others' is 10 s
    behind them before it comes)."""
    back_ns: int = 0
    """When the source last reported again after a silence (0: never silent)."""

    def __setstate__(self, state: tuple[None, dict[str, object]]) -> None:
        """Snapshots from before ``lag_ns`` or ``back_ns`` lack them."""
        for name, value in ({"lag_ns": 0, "back_ns": 0} | state[1]).items():
            object.__setattr__(self, name, value)


@dataclass(slots=True)
class StreamClock:
    """Newest timestamp and collection interval of one (source, GPU) stream, and when its
    next record is due (see :meth:`NodeAligner.watermark`)."""

    max_ns: int
    interval_ns: int = 0
    due_ns: int = 0
    stale_ns: int = 1 << 62
    """Once its source has a record this new and the stream none since ``max_ns``, the stream
    has missed two collections (a GPU that fell off the bus) and stops holding the node back."""

    def __post_init__(self) -> None:
        self.due_ns = self.due_ns or self.max_ns

    def saw(self, ts_ns: int, cap_ns: int, lateness_ns: int) -> None:
        if ts_ns > self.max_ns:
            gap = min(ts_ns - self.max_ns, cap_ns)
            self.interval_ns = gap if self.interval_ns == 0 else (4 * self.interval_ns + gap) // 5
            self.max_ns = ts_ns
            # Records of a stream collected more often than the lateness can overtake each
            # other: older ones may still come. One collected less often cannot, and its next
            # record is not due before its interval (less the lateness, for jitter) has passed.
            self.due_ns = ts_ns + max(0, self.interval_ns - lateness_ns)
            self.stale_ns = ts_ns + 2 * self.interval_ns + lateness_ns


RENUMBER_GAP_NS = 5 * 1_000_000_000
"""A stream renumbered this long or more after the record of its highest ``seq`` is its
producer restarted (it was down for a while); sooner, it is records of one stream timed
within milliseconds of each other out of their numbering's order (vLLM's events and samples)."""
RENUMBER_SAME_NS = 60 * 1_000_000_000
"""Streams renumbered within this long of each other: one restart of the agent."""
RESTARTS_KEPT = 4
"""Agent restarts remembered per node (:attr:`NodeAligner.renumbered`)."""


@dataclass(slots=True)
class SeqWindow:
    """Highest ``seq`` seen on a stream, a bitmask of the 64 before it, and the event time of
    the record that carried the highest.

    A producer that restarts numbers its records from the beginning again (the node agent
    keeps its counters in memory). A record with a lower ``seq`` but a later event time than
    the record that carried the highest cannot be a copy of one already seen (a copy has its
    original's time, never later than the newest): the stream was renumbered, and the window
    starts over from it instead of dropping the rest of the stream as duplicates."""

    top: int
    mask: int = 1
    top_ns: int = -1

    def __setstate__(self, state: tuple[None, dict[str, object]]) -> None:
        """Snapshots from before ``top_ns`` lack it (-1: no renumbering is recognised until
        the stream's next new highest ``seq``)."""
        for name, value in ({"top_ns": -1} | state[1]).items():
            object.__setattr__(self, name, value)

    def seen_before(self, seq: int, ts_ns: int) -> bool:
        if seq > self.top or 0 <= self.top_ns < ts_ns:
            shift = seq - self.top
            self.mask = ((self.mask << shift) | 1) & _MASK if 0 < shift < _WINDOW else 1
            self.top, self.top_ns = seq, ts_ns
            return False
        back = self.top - seq
        if back >= _WINDOW:
            return True
        bit = 1 << back
        if self.mask & bit:
            return True
        self.mask |= bit
        return False


@dataclass(slots=True)
class AlignStats:
    duplicates: int = 0
    late: int = 0
    overflow: int = 0
    gaps: int = 0


@dataclass
class NodeAligner:
    """Reorders one node's records and tracks its sources' liveness."""

    lateness_ns: int
    silence_ns: int
    max_pending: int
    sources: dict[str, SourceClock] = field(default_factory=dict)
    seqs: dict[tuple[str, int], SeqWindow] = field(default_factory=dict)
    streams: dict[tuple[str, int], StreamClock] = field(default_factory=dict)
    stats: AlignStats = field(default_factory=AlignStats)
    released_ns: int = 0
    max_ns: int = 0
    resumed_ns: int = 0
    all_silent: bool = False
    renumbered: tuple[int, ...] = ()
    """When streams of the node started their ``seq`` numbering over (a lower ``seq``,
    ``RENUMBER_GAP_NS`` or more after the highest's: their producer, the node agent,
    restarted), the latest ``RESTARTS_KEPT`` restarts (one restart renumbers every stream of
    the node within seconds: those count once, :meth:`_renumbered`)."""
    _heap: list[tuple[int, int, AlignedRecord]] = field(default_factory=list)
    _order: count[int] = field(default_factory=count)
    _low_key: tuple[str, int] | None = field(default=None, repr=False, compare=False)
    """The stream that set the last :meth:`watermark` (None: the node's newest record did), for
    :meth:`moved_watermark`'s bound; only a hint, so snapshots without it restore as None."""

    def push(self, rec: AlignedRecord) -> str | None:
        """Queue a record; return why it was refused (duplicate, late, overflow) or None.

        Runs once per record, so the duplicate window, the source clock and the stream clock
        are updated inline (:meth:`_duplicate`, :meth:`_clock` and :meth:`StreamClock.saw`
        spelled out); the helpers stay the reference for what each step does."""
        ts = rec.ts_ns
        source = rec.source
        gpu = rec.gpu
        key = (source, -1 if gpu is None else gpu)
        if len(self.streams) >= STREAMS_KEPT or len(self.sources) >= SOURCES_KEPT:
            why = self._make_room(key)
            if why is not None:
                return why
        seq = rec.seq
        if seq is not None:
            win = self.seqs.get(key)
            if win is None:
                self.seqs[key] = SeqWindow(seq, top_ns=ts)
            else:
                top = win.top
                if seq > top + 1:
                    self.stats.gaps += seq - top - 1
                if seq > top or 0 <= win.top_ns < ts:  # SeqWindow.seen_before's new-highest case
                    if seq <= top and ts - win.top_ns >= RENUMBER_GAP_NS:
                        self._renumbered(ts)
                    shift = seq - top
                    win.mask = ((win.mask << shift) | 1) & _MASK if 0 < shift < _WINDOW else 1
                    win.top = seq
                    win.top_ns = ts
                elif win.seen_before(seq, ts):
                    self.stats.duplicates += 1
                    return "duplicate"
        late = ts < self.released_ns
        if not late and len(self._heap) >= self.max_pending:
            self.stats.overflow += 1
            return "overflow"
        # A late record still tells when its stream reports: a source whose clock runs behind
        # the others loses only its first records, then holds the watermark for the rest.
        if self.all_silent:
            self.resumed_ns = ts
            self.all_silent = False
        node_max = self.max_ns
        clock = self.sources.get(source)
        if clock is None:
            self.sources[source] = SourceClock(first_ns=ts, max_ns=ts, records=1)
        else:
            clock.records += 1
            cmax = clock.max_ns
            lag = node_max - (ts if ts < cmax else cmax)
            if lag > clock.lag_ns:
                clock.lag_ns = lag
            elif clock.lag_ns:
                clock.lag_ns -= clock.lag_ns >> 10
            if ts > cmax:
                gap = ts - cmax
                if gap > self.silence_ns:
                    gap = self.silence_ns
                clock.interval_ns = gap if clock.interval_ns == 0 else (4 * clock.interval_ns + gap) // 5
                clock.max_ns = ts
            if clock.silent:
                clock.back_ns = ts
                clock.silent = False
        if ts > node_max:
            self.max_ns = ts
        stream = self.streams.get(key)
        if stream is None:
            self.streams[key] = StreamClock(ts)
        elif ts > stream.max_ns:
            gap = ts - stream.max_ns
            if gap > self.silence_ns:
                gap = self.silence_ns
            interval = gap if stream.interval_ns == 0 else (4 * stream.interval_ns + gap) // 5
            stream.interval_ns = interval
            stream.max_ns = ts
            wait = interval - self.lateness_ns
            stream.due_ns = ts + wait if wait > 0 else ts
            stream.stale_ns = ts + 2 * interval + self.lateness_ns
        if late:
            self.stats.late += 1
            return "late"
        heapq.heappush(self._heap, (ts, next(self._order), rec))
        return None

    def _duplicate(self, rec: AlignedRecord) -> bool:
        assert rec.seq is not None
        key = (rec.source, -1 if rec.gpu is None else rec.gpu)
        win = self.seqs.get(key)
        if win is None:
            self.seqs[key] = SeqWindow(rec.seq, top_ns=rec.ts_ns)
            return False
        if rec.seq > win.top + 1:
            self.stats.gaps += rec.seq - win.top - 1
        if rec.seq <= win.top and 0 <= win.top_ns <= rec.ts_ns - RENUMBER_GAP_NS:
            self._renumbered(rec.ts_ns)
        return win.seen_before(rec.seq, rec.ts_ns)

    def _renumbered(self, ts_ns: int) -> None:
        """A stream started its numbering over at ``ts_ns``: the agent restarted, unless another
        stream's renumbering within ``RENUMBER_SAME_NS`` already told so."""
        if not self.renumbered or abs(ts_ns - self.renumbered[-1]) > RENUMBER_SAME_NS:
            self.renumbered = (*self.renumbered, ts_ns)[-RESTARTS_KEPT:]

    def _clock(self, source: str, ts_ns: int) -> None:
        if self.all_silent:
            self.resumed_ns = ts_ns
            self.all_silent = False
        clock = self.sources.get(source)
        if clock is None:
            self.sources[source] = SourceClock(first_ns=ts_ns, max_ns=ts_ns, records=1)
        else:
            clock.records += 1
            lag = self.max_ns - min(ts_ns, clock.max_ns)
            if lag > clock.lag_ns:
                clock.lag_ns = lag
            elif clock.lag_ns:
                clock.lag_ns -= clock.lag_ns >> 10
            if ts_ns > clock.max_ns:
                gap = min(ts_ns - clock.max_ns, self.silence_ns)
                clock.interval_ns = gap if clock.interval_ns == 0 else (4 * clock.interval_ns + gap) // 5
                clock.max_ns = ts_ns
            if clock.silent:
                clock.back_ns = ts_ns
                clock.silent = False
        if ts_ns > self.max_ns:
            self.max_ns = ts_ns

    def watermark(self) -> int:
        """Nothing older than this can still arrive in time.

        A stream's next record is due about one collection interval after its newest, so a
        source scraped every 30 s does not hold the node back by 30 s; a stream collected more
        often than the lateness holds it back by the lateness, since its records may overtake
        each other. Streams are per GPU where records carry one: the first GPU's record of a
        DCGM scrape says nothing of when the other GPUs' records of the same scrape arrive.
        A stream that missed two
        collections (plus the lateness) no longer counts: while its source went on (a GPU that
        stopped reporting), or while the node's other sources went on by more than that, plus
        ``_OVERDUE_SLACK_NS``, beyond how far they usually run ahead of its source (a serving
        engine that died, an exporter that stopped); nor does one quiet for the silence timeout.
        """
        low = top = self.max_ns
        low_key = None
        fresh = top - self.silence_ns
        overdue = top - _OVERDUE_SLACK_NS
        sources = self.sources
        for key, s in self.streams.items():
            due = s.due_ns
            if due < low and s.max_ns >= fresh:
                source = sources[key[0]]
                stale = s.stale_ns
                if not source.silent and source.max_ns <= stale and (
                    overdue - source.lag_ns <= stale or source.records < _LEARN_RECORDS
                ):
                    low = due
                    low_key = key
        self._low_key = low_key
        return low - self.lateness_ns

    def moved_watermark(self, below_ns: int) -> int | None:
        """:meth:`watermark`, or None where it would change nothing: when it is sure to be no
        higher than ``released_ns`` nor than any queued record, and below ``below_ns`` (the
        caller's next tick).

        The stream that set the last watermark bounds this one from above while it still counts
        (the watermark is a minimum over the streams that count), and it mostly does: of the
        records that leave the watermark where it was, this check costs one stream, not all."""
        top = self.max_ns
        key = self._low_key
        bound = top
        if key is not None:
            s = self.streams.get(key)
            source = self.sources.get(key[0])
            if s is None or source is None:
                return self.watermark()
            stale = s.stale_ns
            if not (s.max_ns >= top - self.silence_ns and not source.silent and source.max_ns <= stale and (
                top - source.lag_ns - _OVERDUE_SLACK_NS <= stale or source.records < _LEARN_RECORDS
            )):  # it no longer counts (as in :meth:`watermark`)
                return self.watermark()
            if s.due_ns < top:
                bound = s.due_ns
        bound -= self.lateness_ns
        heap = self._heap
        if bound <= self.released_ns and bound < below_ns and not (heap and heap[0][0] <= bound):
            return None
        return self.watermark()

    def __setstate__(self, state: dict[str, object]) -> None:
        """A snapshot from before per-stream clocks: one stream per source to start from."""
        if "streams" not in state:
            sources = state["sources"]
            assert isinstance(sources, dict)
            state["streams"] = {(name, -1): StreamClock(c.max_ns, c.interval_ns, c.max_ns + c.interval_ns)
                                for name, c in sources.items()}
        self.__dict__.update(state)

    def quiet_ns(self, source: str) -> int:
        """How long ``source`` may be quiet before it is silent: the silence timeout, or, for a
        source collected less often, twice its slowest stream's collection interval (as
        learned, at most the timeout) and the lateness. A DCGM exporter scraped every 60 s is
        not silent for the last 15 s of every minute (outsider s298: such a node paged as a
        monitoring gap beside a retry burst's alerts)."""
        intervals = [s.interval_ns for key, s in self.streams.items() if key[0] == source]
        return max(self.silence_ns, 2 * max(intervals, default=0) + self.lateness_ns)

    def mark_silence(self, now_ns: int) -> list[str]:
        """Declare sources silent that lag ``now_ns`` by more than they may be quiet
        (:meth:`quiet_ns`)."""
        newly = []
        for name, clock in self.sources.items():
            # (the timeout first: :meth:`quiet_ns` is never shorter, and this runs every tick)
            if not clock.silent and now_ns - clock.max_ns > self.silence_ns and \
                    now_ns - clock.max_ns > self.quiet_ns(name):
                clock.silent = True
                clock.silent_since_ns = clock.max_ns
                newly.append(name)
        if newly:
            self.all_silent = all(c.silent for c in self.sources.values())
        return newly

    def _make_room(self, key: tuple[str, int]) -> str | None:
        """At a bound: refuse a new source, or drop the stream silent longest for a new one."""
        if key[0] not in self.sources and len(self.sources) >= SOURCES_KEPT:
            self.stats.overflow += 1
            return "sources"
        if key not in self.streams and len(self.streams) >= STREAMS_KEPT:
            stalest = min(self.streams, key=lambda k: self.streams[k].max_ns)
            del self.streams[stalest]
            self.seqs.pop(stalest, None)
            if self._low_key == stalest:
                self._low_key = None
        return None

    def release(self, upto_ns: int) -> list[AlignedRecord]:
        """Pop every queued record with ``ts_ns <= upto_ns``, in event-time order."""
        out = []
        heap = self._heap
        while heap and heap[0][0] <= upto_ns:
            out.append(heapq.heappop(heap)[2])
        if upto_ns > self.released_ns:
            self.released_ns = upto_ns
        return out

    def pending(self) -> int:
        return len(self._heap)

    def forget_source(self, source: str) -> None:
        """The source is absent by design (its agent said it will not be retried): it is no
        longer waited for, nor reported silent. A record from it later brings it back."""
        self.sources.pop(source, None)
        for key in [k for k in self.streams if k[0] == source]:
            del self.streams[key]
        if self.sources:
            self.all_silent = all(c.silent for c in self.sources.values())


def alert_node(rec: AlertRecord) -> str:
    """The node an alert is about: the record's node, else its ``node``/``instance`` label."""
    if rec.node != NO_NODE:
        return rec.node
    return label_node(rec.alert.labels)
