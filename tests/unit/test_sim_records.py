"""Everything the simulator writes follows the wire contract, byte-identically per seed."""

from __future__ import annotations

import gzip
import itertools
from collections import Counter, defaultdict
from pathlib import Path

import orjson
import pytest

from correlator.sim import SimConfig, iter_seconds, simulate_to
from correlator.wire.decode import decode_record
from correlator.wire.labels import FaultLabel
from correlator.wire.records import AlertRecord, EventRecord, SampleRecord
from tests.unit.test_sim_support import run

EVERYTHING = SimConfig(
    nodes=3, minutes=20, preroll_s=300,
    faults="session_isolation:2,spec_residue:3,monitoring_gap:4,xid_79:5,network_partition:6-9",
    benign="long_document:2,annual_report:3,retry_burst:4,warmup:5,checkpoint_load:6",
)  # fmt: skip


def test_every_record_validates() -> None:
    scenario = run(EVERYTHING)
    kinds: Counter[str] = Counter()
    for record in scenario.records:
        decoded = decode_record(orjson.dumps(record))
        kinds[type(decoded).__name__] += 1
    assert kinds[SampleRecord.__name__] > 1000
    assert kinds[EventRecord.__name__] > 1000
    assert kinds[AlertRecord.__name__] > 10


def test_sources_and_events_are_the_contracts() -> None:
    scenario = run(EVERYTHING)
    seen = {(r["source"], r["kind"], r.get("event")) for r in scenario.records}
    assert {s for s, _, _ in seen} == {"nvml", "dcgm", "vllm", "host", "alert"}
    names = {e for _, k, e in seen if k == "event"}
    assert names >= {"request_finished", "kv_block_stored", "kv_block_removed", "process_start",
                     "xid"}  # fmt: skip


def test_labels_validate() -> None:
    scenario = run(EVERYTHING)
    assert len(scenario.labels) == 10
    for label in scenario.labels:
        FaultLabel.model_validate_json(orjson.dumps(label.model_dump()))
    causes = Counter(label.cause for label in scenario.labels)
    assert causes == {"benign": 5, "other": 2, "session_isolation": 1, "spec_residue": 1,
                      "monitoring_gap": 1}  # fmt: skip


def _write(config: SimConfig, out: Path) -> dict[str, bytes]:
    simulate_to(config, out)
    return {p.name: p.read_bytes() for p in sorted(out.iterdir())}


def test_same_seed_same_bytes(tmp_path: Path) -> None:
    config = SimConfig(nodes=2, minutes=6, preroll_s=120, faults="session_isolation:1",
                       benign="retry_burst:2")  # fmt: skip
    first = _write(config, tmp_path / "a")
    second = _write(config, tmp_path / "b")
    assert set(first) == {"events.jsonl.gz", "labels.jsonl", "scenario.json"}
    assert first == second
    other = _write(config.model_copy(update={"seed": 7}), tmp_path / "c")
    assert other["events.jsonl.gz"] != first["events.jsonl.gz"]


def test_written_file_holds_the_records(tmp_path: Path) -> None:
    config = SimConfig(nodes=1, minutes=3, preroll_s=60)
    summary = simulate_to(config, tmp_path)
    lines = gzip.decompress((tmp_path / "events.jsonl.gz").read_bytes()).splitlines()
    assert len(lines) == summary.records
    scenario = orjson.loads((tmp_path / "scenario.json").read_bytes())
    assert scenario["config"]["nodes"] == 1 and scenario["records"] == summary.records


def test_noise_off_is_clean_and_ordered() -> None:
    scenario = run(SimConfig(nodes=2, minutes=10, preroll_s=120, noise=False))
    stamps = [r["ts_ns"] for r in scenario.records]
    assert stamps == sorted(stamps)
    streams: dict[tuple[str, str, int | None], list[int]] = defaultdict(list)
    for r in scenario.records:
        if r.get("seq") is not None:
            streams[(r["node"], r["source"], r["gpu"])].append(r["seq"])
    for seqs in streams.values():
        assert seqs == list(range(seqs[0], seqs[0] + len(seqs)))


def test_noise_skews_reorders_duplicates_and_drops() -> None:
    scenario = run(SimConfig(nodes=3, minutes=15, preroll_s=120))
    records = scenario.records
    inversions = sum(1 for a, b in itertools.pairwise(records) if b["ts_ns"] < a["ts_ns"])
    assert inversions > 0.1 * len(records)
    streams: dict[tuple[str, str, int | None], list[int]] = defaultdict(list)
    for r in records:
        if r.get("seq") is not None:
            streams[(r["node"], r["source"], r["gpu"])].append(r["seq"])
    total = sum(len(s) for s in streams.values())
    duplicates = sum(len(s) - len(set(s)) for s in streams.values())
    gaps = sum(max(s) - min(s) + 1 - len(set(s)) for s in streams.values())
    assert 0.001 < duplicates / total < 0.012
    assert 0.001 < gaps / total < 0.02
    # each source's clock is off by its own constant: the sub-second phase of a sampler drifts
    phases = defaultdict(set)
    for r in records:
        if r["kind"] == "sample":
            phases[(r["node"], r["source"])].add(round((r["ts_ns"] / 1e9) % 1.0, 1))
    assert len({min(p) for p in phases.values()}) > 3


@pytest.mark.parametrize("noise", [False, True])
def test_iter_seconds_gives_each_second_in_true_time_order(noise: bool) -> None:
    config = SimConfig(nodes=2, minutes=2, preroll_s=60, noise=noise)
    batches = list(iter_seconds(config))
    assert len(batches) == 120
    assert [b.t_ns for b in batches] == [config.start_ns + i * 10**9 for i in range(120)]
    assert sum(len(b.records) for b in batches) > 200
    if not noise:
        for batch in batches:
            stamps = [r["ts_ns"] for r in batch.records]
            assert stamps == sorted(stamps)
            assert all(batch.t_ns <= s < batch.t_ns + 10**9 for s in stamps)
