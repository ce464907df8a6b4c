"""The aligner's per-record fast paths against the plain code they replace.

``NodeAligner.push`` spells out the duplicate window, the source clock and the stream clock
inline, ``NodeAligner.moved_watermark`` skips the watermark where a bound shows it would
change nothing, and ``NodeEngine.push_into`` skips ``_run_to`` where it would release nothing
and close no tick. Each must decide exactly as the plain code: same refusals, same counters,
same clocks, same watermark, same released records, same findings.
"""

from __future__ import annotations

import heapq
import random

import pytest

from correlator.config import load_rules
from correlator.core.align import (
    _LEARN_RECORDS,
    _OVERDUE_SLACK_NS,
    AlignedRecord,
    NodeAligner,
    StreamClock,
)
from correlator.core.features import Windows
from correlator.core.node_engine import _MEMORY_SOURCES, NodeEngine, NodeOutput
from correlator.wire.records import EventRecord, SampleRecord
from tests.timeline import NodeSpec, at, node_records, sawtooth

S = 1_000_000_000
RULES = load_rules()


class _PlainAligner(NodeAligner):
    """``push`` and ``watermark`` as written before the fast paths: the reference."""

    def push(self, rec: AlignedRecord) -> str | None:
        if rec.seq is not None and self._duplicate(rec):
            self.stats.duplicates += 1
            return "duplicate"
        late = rec.ts_ns < self.released_ns
        if not late and len(self._heap) >= self.max_pending:
            self.stats.overflow += 1
            return "overflow"
        self._clock(rec.source, rec.ts_ns)
        key = (rec.source, -1 if rec.gpu is None else rec.gpu)
        stream = self.streams.get(key)
        if stream is None:
            self.streams[key] = StreamClock(rec.ts_ns)
        else:
            stream.saw(rec.ts_ns, self.silence_ns, self.lateness_ns)
        if late:
            self.stats.late += 1
            return "late"
        heapq.heappush(self._heap, (rec.ts_ns, next(self._order), rec))
        return None

    def watermark(self) -> int:
        low = top = self.max_ns
        fresh = top - self.silence_ns
        for key, s in self.streams.items():
            if s.due_ns < low and s.max_ns >= fresh:
                source = self.sources[key[0]]
                if not source.silent and source.max_ns <= s.stale_ns and (
                    top - source.lag_ns - _OVERDUE_SLACK_NS <= s.stale_ns or source.records < _LEARN_RECORDS
                ):
                    low = s.due_ns
        return low - self.lateness_ns


def _state(a: NodeAligner) -> tuple[object, ...]:
    return (a.sources, a.seqs, a.streams, a.stats, a.released_ns, a.max_ns, a.resumed_ns,
            a.all_silent, a._heap)


def _shuffled_delivery(rng: random.Random, minutes: int, coarse: bool) -> list[AlignedRecord]:
    """A node's streams as delivered: jittered, reordered, with copies, seq gaps, a producer
    restart, sources that fall silent and come back, records without ``seq``, late ones.
    ``coarse``: event times on whole seconds, give or take 1 ns, so that watermarks, record
    times and released marks meet exactly (the edges of every comparison)."""
    recs: list[tuple[int, AlignedRecord]] = []
    seqs: dict[str, int] = {}
    end = minutes * 60

    def add(t: float, source: str, gpu: int | None, event: bool = False) -> None:
        name = f"{source}{gpu}"
        seqs[name] = seqs.get(name, 0) + (1 if rng.random() > 0.02 else rng.randint(2, 80))
        if source == "dcgm" and 0.5 * end < t < 0.5 * end + 1 and rng.random() < 0.5:
            seqs[name] = 1  # the agent restarted: numbering starts over
        seq = None if rng.random() < 0.01 else seqs[name]
        ts = at(round(t)) + rng.choice((-1, 0, 0, 1)) if coarse else at(t)
        if event:
            rec: AlignedRecord = EventRecord(v=1, ts_ns=ts, node="n", source=source, kind="event",
                                             event="request_finished", seq=seq)
        else:
            rec = SampleRecord(v=1, ts_ns=ts, node="n", source=source, gpu=gpu, kind="sample",
                               seq=seq, metrics={"x": 1.0})
        delay = rng.expovariate(1.0) * S if rng.random() < 0.9 else rng.uniform(0, 8) * S
        if coarse:
            delay = round(delay / S) * S
        recs.append((ts + int(delay), rec))
        if rng.random() < 0.03:
            recs.append((ts + int(delay) + rng.randint(0, 5) * S, rec))  # a copy

    t = 0.0
    while t < end:
        for g in range(3):
            if int(t) % 5 == 0 and not (0.6 * end < t < 0.7 * end):  # so does nvml, later
                add(t + rng.uniform(0, 0.05), "nvml", g)
            if int(t) % 15 == 0 and not (0.3 * end < t < 0.4 * end):  # dcgm falls silent a while
                add(t + rng.uniform(0, 0.2), "dcgm", g)
        if int(t) % 10 == 0:
            add(t, "host", None)
        for _ in range(rng.randint(0, 4)):
            add(t + rng.random(), "vllm", None, event=True)
        t += 1.0
    recs.sort(key=lambda p: p[0])
    return [r for _, r in recs]


@pytest.mark.parametrize("seed", range(8))
def test_push_and_watermark_decide_as_the_plain_code(seed: int) -> None:
    rng = random.Random(seed)
    lateness, silence = 3 * S, 45 * S
    pending = 60 if seed % 2 else 20000  # some seeds overflow
    fast = NodeAligner(lateness, silence, pending)
    plain = _PlainAligner(lateness, silence, pending)
    moved_none = 0
    for i, rec in enumerate(_shuffled_delivery(rng, 20, coarse=seed >= 4)):
        why = fast.push(rec)
        assert why == plain.push(rec)
        assert _state(fast) == _state(plain)
        if i % 97 == 0:  # fleet time moves on: silence is marked, a source may be forgotten
            now = plain.max_ns + rng.randint(0, 60) * S
            assert fast.mark_silence(now) == plain.mark_silence(now)
            if plain.sources and rng.random() < 0.2:
                source = rng.choice(sorted(plain.sources))
                fast.forget_source(source)
                plain.forget_source(source)
            if rng.random() < 0.5:  # as a node's advance does; its ticks mark silence only
                wm = plain.watermark()
                assert fast.watermark() == wm
                assert fast.release(wm) == plain.release(wm)
        if why is not None:
            continue
        wm = plain.watermark()
        below = wm + rng.choice((-S, 0, 1, S, 10 * S))  # the caller's next tick
        moved = fast.moved_watermark(below)
        if moved is None:  # only where the watermark would change nothing
            moved_none += 1
            assert wm <= plain.released_ns and wm < below
            assert not (plain._heap and plain._heap[0][0] <= wm)
        else:
            assert moved == wm
        assert fast.watermark() == wm
        assert fast.release(wm) == plain.release(wm)
        assert _state(fast) == _state(plain)
    assert moved_none > 0
    assert plain.stats.duplicates and plain.stats.gaps and plain.stats.late
    if pending == 60:
        assert plain.stats.overflow


def test_an_aligner_snapshot_without_the_watermark_hint_restores() -> None:
    import pickle

    aligner = NodeAligner(3 * S, 45 * S, 100)
    for rec in node_records(NodeSpec(node="n"), 60):
        if isinstance(rec, SampleRecord | EventRecord):
            aligner.push(rec)
    aligner.watermark()
    state = dict(aligner.__dict__)
    del state["_low_key"]  # as a snapshot taken before the hint existed
    old = pickle.loads(pickle.dumps(aligner))
    old.__dict__.clear()
    old.__setstate__(state)
    assert old._low_key is None
    assert old.moved_watermark(1 << 62) in (None, aligner.watermark())
    assert old.watermark() == aligner.watermark()


class _PlainNode(NodeEngine):
    """``push_into`` and ``_run_to`` as written before the fast paths."""

    def push_into(self, rec: AlignedRecord, out: NodeOutput) -> None:
        why = self.aligner.push(rec)
        if why is not None:
            if why != "duplicate":
                out.refused.append((rec, why))
            return
        self._run_to(self.aligner.watermark(), out)

    def _run_to(self, upto_ns: int, out: NodeOutput) -> None:
        for rec in self.aligner.release(upto_ns):
            self._tick_until(rec.ts_ns, out)
            self.state.ingest(rec)
            if rec.kind == "sample" and rec.source in _MEMORY_SOURCES:
                out.actions += self.level1.evaluate(self.node, self.state, rec,  # type: ignore[arg-type]
                                                    self._suppressed)
            elif rec.kind == "event" and rec.event == "source_gap" and (  # type: ignore[union-attr]
                    rec.attrs.get("permanent") is True):  # type: ignore[union-attr]
                self.aligner.forget_source(rec.source)
        self._tick_until(upto_ns + 1, out)


@pytest.mark.parametrize("seed", range(3))
def test_a_node_skips_only_what_would_change_nothing(seed: int) -> None:
    rng = random.Random(seed)
    spec = NodeSpec(node="n", kv_pct=sawtooth(30, 40, 900), gpu_pct=lambda t: 50 + t / 60)
    delivered = []
    for rec in node_records(spec, 3600):
        # event times off the 5 s grid by whole seconds and a nanosecond, so that records and
        # watermarks fall on tick boundaries and either side of them
        shift = rng.choice((0, 1, 2, 3)) * S + rng.choice((-1, 0, 1))
        rec = rec.model_copy(update={"ts_ns": rec.ts_ns + shift})
        delay = (rng.randint(0, 2) if rng.random() < 0.95 else rng.randint(0, 8)) * S
        delivered.append((rec.ts_ns + delay, rec))
        if rng.random() < 0.02:
            delivered.append((rec.ts_ns + delay + S, rec))
    delivered.sort(key=lambda p: p[0])
    windows = Windows.from_rules(RULES)
    fast = NodeEngine("n", RULES, windows, {"nvml", "vllm", "host"})
    plain = _PlainNode("n", RULES, windows, {"nvml", "vllm", "host"})
    for i, (_, rec) in enumerate(delivered):
        assert isinstance(rec, SampleRecord | EventRecord)
        a, b = NodeOutput(), NodeOutput()
        fast.push_into(rec, a)
        plain.push_into(rec, b)
        assert (a.findings, a.actions, a.refused) == (b.findings, b.actions, b.refused)
        assert fast.next_tick_ns == plain.next_tick_ns
        assert _state(fast.aligner) == _state(plain.aligner)
        if i % 500 == 0:
            now = rec.ts_ns - 3 * S
            assert fast.advance(now) == plain.advance(now)
    assert fast.flush() == plain.flush()
    assert fast.last_scores == plain.last_scores
