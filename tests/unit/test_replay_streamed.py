"""A recording too large to hold is streamed: the same replay in bounded memory."""

from __future__ import annotations

import gzip
from pathlib import Path

import orjson
import pytest

from correlator import sim
from correlator.config import load_rules
from correlator.core.align import AlignedRecord
from correlator.core.node_engine import NodeEngine, NodeOutput
from correlator.replay.labels import read_labels
from correlator.replay.reader import ReadStats, StreamedFile, disorder_ns, read_file
from correlator.replay.run import run_replay

RULES = load_rules()


def test_a_streamed_replay_gives_what_the_in_memory_one_gives(tmp_path: Path) -> None:
    # The simulator's delivery noise: clock offsets, out-of-order and duplicate records.
    sim.simulate_to(sim.SimConfig(nodes=3, minutes=15, seed=4, preroll_s=300,
                                  faults="session_isolation@gpu-node-01:2,spec_residue@gpu-node-02:2"),
                    tmp_path)
    events = tmp_path / "events.jsonl.gz"
    # a second file of the same recording: a bad line, and part of it reversed
    lines = gzip.decompress(events.read_bytes()).splitlines()
    extra = tmp_path / "more.jsonl"
    extra.write_bytes(b"\n".join([b'{"v":1,"ts_ns":"soon"}', *reversed(lines[:300]), b""]))
    labels = read_labels(tmp_path / "labels.jsonl")
    whole = run_replay([events, extra], labels, RULES)
    streamed = run_replay([events, extra], labels, RULES, in_memory_bytes=0)
    assert whole.incidents and streamed.incidents == whole.incidents
    assert streamed.actions == whole.actions
    a, b = whole.summary.model_dump(), streamed.summary.model_dump()
    del a["wall_s"], b["wall_s"]
    assert a == b and a["recall"] > 0
    assert [r.origin for r in streamed.rejects] == [r.origin for r in whole.rejects]
    assert (streamed.read.records, streamed.read.rejected, streamed.read.min_ts, streamed.read.max_ts) == (
        whole.read.records, whole.read.rejected, whole.read.min_ts, whole.read.max_ts)


def test_a_streamed_file_holds_only_its_disorder(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    recs = [{"v": 1, "ts_ns": t, "node": "n1", "source": "host", "kind": "sample", "metrics": {"a": i}}
            for i, t in enumerate([10, 30, 20, 40, 50, 45, 60, 60, 70])]
    path.write_bytes(b"\n".join(orjson.dumps(r) for r in recs) + b"\nnot json\n")
    assert disorder_ns(path) == (10, 10)
    stats = ReadStats()
    f = StreamedFile(path, lambda r: None, stats)
    held = []
    out = []
    for rec in f:  # how many records were read but not yet given, when each is given
        out.append(rec)
        held.append(stats.lines - len(out) - stats.rejected)
    in_memory = read_file(path, lambda r: None, ReadStats())
    assert [r.metrics for r in out] == [r.metrics for r in in_memory]  # the 60s keep their line order
    assert max(held[:-2]) <= 2  # a window of 10 ns of event time, not the file


def test_a_compressed_file_cut_short_is_replayed_up_to_the_cut(tmp_path: Path) -> None:
    """A copy that did not finish: the records before the cut are replayed, held whole or
    streamed, and the cut is dead-lettered with where and why, instead of stopping the run."""
    recs = [{"v": 1, "ts_ns": 1_000_000_000 * i, "node": "n1", "source": "host", "kind": "sample",
             "metrics": {"mem_used_bytes": i, "pad": 7.25 * i}} for i in range(4000)]
    whole = gzip.compress(b"\n".join(orjson.dumps(r) for r in recs) + b"\n")
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(whole[: len(whole) // 2])
    for in_memory in (1 << 30, 0):
        result = run_replay([cut], [], RULES, in_memory_bytes=in_memory)
        assert 0 < result.read.records < len(recs)
        reasons = [r.reason.split(" (")[0] for r in result.rejects]
        assert reasons == ["the file cannot be read beyond this line"]
        assert result.rejects[0].origin == f"{cut}:{result.read.records + 1}"
    corrupt = tmp_path / "corrupt.jsonl.gz"
    corrupt.write_bytes(whole[:200] + bytes(64) + whole[264:])
    result = run_replay([corrupt], [], RULES)
    assert len(result.rejects) == 1 and "corrupt" in result.rejects[0].reason


def test_a_record_the_engine_fails_on_is_dead_lettered_and_the_replay_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sim.simulate_to(sim.SimConfig(nodes=2, minutes=12, seed=4, preroll_s=300,
                                  faults="spec_residue@gpu-node-02:2"), tmp_path)
    events, labels = tmp_path / "events.jsonl.gz", read_labels(tmp_path / "labels.jsonl")
    clean = run_replay([events], labels, RULES)
    original = NodeEngine.push_into
    failed: list[int] = []

    def flaky(self: NodeEngine, rec: AlignedRecord, out: NodeOutput) -> None:
        if self.node == "gpu-node-01" and rec.source == "host" and len(failed) < 3:
            failed.append(rec.ts_ns)
            raise ZeroDivisionError("a bug")
        original(self, rec, out)

    monkeypatch.setattr(NodeEngine, "push_into", flaky)
    dead = tmp_path / "dead.jsonl"
    result = run_replay([events], labels, RULES, deadletter_path=dead)
    assert len(failed) == 3 and result.engine.internal_errors == 3
    assert [r.reason for r in result.rejects] == ["internal error: ZeroDivisionError: a bug"] * 3
    written = [orjson.loads(line) for line in dead.read_bytes().splitlines()]
    assert len(written) == 3 and all(w["origin"] == "gpu-node-01/host" for w in written)
    assert result.summary.recall == clean.summary.recall == 1.0
    assert result.read.records == clean.read.records
