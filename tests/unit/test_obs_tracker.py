"""KV-cache health from telemetry (correlator.obs.tracker, correlator.obs.kvhealth): pure, fake time."""

from __future__ import annotations

import math
from typing import Any

import pytest

from correlator.config import load_rules
from correlator.core.features import Windows
from correlator.core.fleet import Fleet
from correlator.obs.histogram import Histogram
from correlator.obs.kvhealth import node_kv, unreleased_share
from correlator.obs.tracker import FleetTracker, NodeTracker
from correlator.wire.records import Record, SampleRecord
from tests.timeline import NodeSpec, merged, node_records, sawtooth

S = 1_000_000_000
T0 = 1_709_542_800 * S
RULES = load_rules()
ABORTS = 'vllm:request_success_total{finished_reason="abort"}'
W = Windows.from_rules(RULES)


def sample(t: float, source: str, metrics: dict[str, float], gpu: int | None = None,
           labels: dict[str, str] | None = None, node: str = "n1") -> Record:
    return SampleRecord.model_validate({"v": 1, "ts_ns": T0 + int(t * S), "node": node, "source": source,
                                        "kind": "sample", "gpu": gpu, "metrics": metrics, "labels": labels})


def finished(t: float, session: str, prompt: int, generation: int, cached: int, reason: str = "stop",
             tenant: str = "acme", request: str | None = None) -> Record:
    from correlator.wire.records import EventRecord

    attrs: dict[str, Any] = {"request_id": request or f"r-{session}-{t}", "finish_reason": reason,
                             "tenant": tenant, "session": session, "prompt_tokens": prompt,
                             "generation_tokens": generation, "cached_tokens": cached}
    return EventRecord.model_validate({"v": 1, "ts_ns": T0 + int(t * S), "node": "n1", "source": "vllm",
                                       "kind": "event", "event": "request_finished", "attrs": attrs})


def event(t: float, name: str, source: str = "vllm") -> Record:
    from correlator.wire.records import EventRecord

    return EventRecord.model_validate({"v": 1, "ts_ns": T0 + int(t * S), "node": "n1", "source": source,
                                       "kind": "event", "event": name, "attrs": {}})


def feed(records: list[Record]) -> NodeTracker:
    t = NodeTracker(warmup_ns=60 * S)
    for r in records:
        t.observe(r)
    return t


def test_histogram_buckets_are_cumulative_with_inclusive_bounds() -> None:
    h = Histogram((0.005, 0.01, 0.025, 0.05, 0.1))
    for v in (0.005, 0.006, 0.03, 0.5):
        h.observe(v)
    assert h.buckets() == [("0.005", 1), ("0.01", 2), ("0.025", 2), ("0.05", 3), ("0.1", 3), ("+Inf", 4)]
    assert h.count == 4 and h.total == pytest.approx(0.541)


@pytest.mark.parametrize(("turns", "reuses", "orphaned"), [
    # a conversation: each prompt carries the whole history
    ([(0, 500, 100, "stop"), (30, 640, 80, "stop"), (60, 760, 50, "stop")], 0, 0.0),
    # an interrupted answer is retried with a shorter prompt: not a new conversation
    ([(0, 500, 100, "abort"), (20, 480, 90, "stop")], 0, 0.0),
    # the id comes back with a fresh, shorter document: the old context (600 tokens) is orphaned
    ([(0, 500, 100, "stop"), (30, 200, 40, "stop")], 1, 38.0),
    # twice
    ([(0, 500, 100, "stop"), (30, 200, 40, "stop"), (60, 100, 20, "stop")], 2, 38.0 + 15.0),
])
def test_a_shorter_prompt_under_a_known_id_starts_a_new_conversation(
        turns: list[tuple[float, int, int, str]], reuses: int, orphaned: float) -> None:
    t = feed([finished(at, "s1", p, g, 0, reason) for at, p, g, reason in turns])
    assert t.reuses.get("acme", 0.0) == reuses
    assert t.orphaned_blocks.get("acme", 0.0) == orphaned
    assert t.turns["acme"] == len(turns)


def test_the_same_event_twice_counts_once() -> None:
    ev = finished(0, "s1", 500, 100, 0, request="req-1")
    t = feed([ev, ev, finished(30, "s1", 200, 10, 0, request="req-2")])
    assert t.turns["acme"] == 2 and t.reuses["acme"] == 1


def test_an_engine_restart_forgets_orphaned_blocks() -> None:
    t = feed([finished(0, "s1", 500, 100, 0), finished(30, "s1", 200, 10, 0), event(40, "engine_start")])
    assert t.orphaned_blocks == {} and t.reuses["acme"] == 1


def test_a_session_id_under_a_second_tenant_is_a_collision() -> None:
    t = feed([finished(0, "s1", 500, 100, 0, tenant="a"), finished(30, "s1", 650, 10, 600, tenant="b")])
    assert t.collisions == 1


def vllm(t: float, prompt: float, hits: float, ttft_sum: float, **more: float) -> Record:
    metrics = {"vllm:prompt_tokens_total": prompt, "vllm:prefix_cache_hits_total": hits,
               "vllm:time_to_first_token_seconds_sum": ttft_sum, **more}
    return sample(t, "vllm", metrics, labels={"engine": "0"})


def test_rebuilt_context_is_timed_at_the_ttft_per_uncached_token() -> None:
    # 1000 uncached prompt tokens took 2 s of TTFT in total: 2 ms per token
    recs = [vllm(0, 10_000, 5_000, 100.0), vllm(10, 12_000, 6_000, 102.0),
            finished(12, "s1", 1000, 100, 0),
            # the next turn re-asks for 1100 tokens of context; 1100 - 1080 cached: only the partial block
            finished(20, "s1", 1200, 50, 1088),
            # then 1250 of context, of which only 1250 - 1232 = 18 cached... 1232 rebuilt
            finished(40, "s1", 1300, 50, 18)]
    t = feed(recs)
    assert t.seconds_per_token == pytest.approx(0.002)
    assert t.tokens["requeried"] == 1100 + 1250
    assert t.tokens["rebuilt"] == 1250 - 18
    assert t.rebuild.count == 1
    assert t.rebuild.total == pytest.approx((1250 - 18) * 0.002)
    assert t.tokens["prefill"] == 1000 and t.tokens["cached"] == 1000


def test_without_ttft_a_rebuild_is_counted_but_not_timed() -> None:
    t = feed([finished(0, "s1", 1000, 100, 0), finished(20, "s1", 1200, 50, 0)])
    assert t.tokens["rebuilt"] == 1100 and t.rebuild.count == 0


@pytest.mark.parametrize(("readings", "increase"), [
    ([(0, 100.0), (10, 150.0), (20, 180.0)], 80.0),
    ([(0, 100.0), (10, 150.0), (20, 30.0)], 80.0),       # a restart: the new value is the increase
    ([(0, 100.0), (20, 150.0), (10, 120.0)], 50.0),      # a reading out of order is ignored
])
def test_counters_survive_restarts_and_disorder(readings: list[tuple[float, float]], increase: float) -> None:
    t = feed([sample(at, "vllm", {"vllm:generation_tokens_total": v}) for at, v in readings])
    assert t.tokens["generation"] == increase


def abort(t: float, total: float) -> Record:
    return sample(t, "vllm", {ABORTS: total, "vllm:spec_decode_num_draft_tokens_total": 10 * t,
                              "vllm:prompt_tokens_total": t})


def fb(t: float, gpu: int, mib: float) -> Record:
    return sample(t, "nvml", {"mem_used_bytes": mib * (1 << 20), "mem_total_bytes": 80 * (1 << 30)}, gpu=gpu)


def residue_case(growth_mib_per_min: float, aborts_per_min: float, minutes: int = 20) -> float:
    recs: list[Record] = []
    for s in range(0, minutes * 60, 10):
        for gpu in (0, 1):
            recs.append(fb(s, gpu, 70_000 + growth_mib_per_min * max(s - 600, 0) / 60 + (s % 30) * 0.5))
        recs.append(abort(s, aborts_per_min * s / 60))
    t = NodeTracker(warmup_ns=0)
    for r in recs:
        t.observe(r)
    return t.residue_bytes(4.7)


def test_residue_is_the_rise_that_interrupts_account_for() -> None:
    # 30 MiB/min per GPU for ~9 minutes after a 10-minute flat start, with plenty of interrupts
    got = residue_case(30.0, 20.0)
    assert 2 * 30 * 7 * (1 << 20) < got < 2 * 30 * 10 * (1 << 20)
    # the same rise with few interrupts: capped at interrupts x 4.7 MB per GPU
    few = residue_case(30.0, 0.1)
    interrupts = 0.1 * (20 * 60 - 10) / 60
    assert few == pytest.approx(2 * interrupts * 4.7e6, rel=0.05)
    # interrupts without growth leave nothing behind (jitter of a few MiB averages out)
    assert residue_case(0.0, 20.0) < 2e6


def mig_residue_case(nvml_too: bool) -> float:
    """One GPU split into two MIG instances read from DCGM (MiB), the one listed first growing
    30 MiB/min for 9 minutes after a flat start, the other flat; plenty of interrupts."""
    recs: list[Record] = []
    for s in range(0, 20 * 60, 10):
        growing = 20_000 + 30.0 * max(s - 600, 0) / 60
        for inst, mib in (("1", growing), ("2", 30_000.0)):
            recs.append(sample(s, "dcgm", {"DCGM_FI_DEV_FB_USED": mib}, gpu=0, labels={"GPU_I_ID": inst}))
        if nvml_too:
            recs.append(fb(s, 0, growing + 30_000.0))
        recs.append(abort(s, 20.0 * s / 60))
    t = NodeTracker(warmup_ns=0)
    for r in recs:
        t.observe(r)
    return t.residue_bytes(4.7)


def test_residue_on_a_gpu_split_into_mig_instances_is_the_growing_instances_rise() -> None:
    """Keyed by the GPU alone, the two instances' readings were averaged: half the rise."""
    assert 30 * 7 * (1 << 20) < mig_residue_case(nvml_too=False) < 30 * 10 * (1 << 20)
    # NVML reports the GPU whole: the instances are the same memory, counted once
    assert 30 * 7 * (1 << 20) < mig_residue_case(nvml_too=True) < 30 * 10 * (1 << 20)


def test_no_residue_without_speculative_decoding() -> None:
    recs = [fb(s, 0, 70_000 + s) for s in range(0, 1200, 10)]
    recs += [sample(s, "vllm", {ABORTS: s}) for s in range(0, 1200, 10)]
    t = feed(recs)
    assert not t.spec_active and t.residue_bytes(4.7) == 0.0


def test_fleet_tracker_forgets_silent_nodes_and_stays_bounded() -> None:
    ft = FleetTracker(node_ttl_ns=600 * S, max_nodes=3)
    ft.observe_many([sample(0, "host", {"mem_used_bytes": 1.0}, node=f"n{i}") for i in range(5)])
    assert list(ft.nodes) == ["n2", "n3", "n4"]
    ft.observe_many([sample(700, "host", {"mem_used_bytes": 1.0}, node="n4")])
    assert list(ft.nodes) == ["n4"]


@pytest.mark.parametrize(("history", "share"), [
    ([30.0 + (i % 18) for i in range(120)], 0.0),                       # saw-tooth: troughs stay
    ([30.0 + (i % 18) + 0.2 * i for i in range(120)], 0.19),            # troughs rise 0.2 pp/tick
    ([30.0] * 50, math.nan),                                            # under 10 minutes: unknown
])
def test_unreleased_share_is_the_rise_of_the_recent_trough(history: list[float], share: float) -> None:
    got = unreleased_share(history, 6)
    if share != share:
        assert got != got
    else:
        assert got == pytest.approx(share, abs=0.02)


def run_fleet(spec: NodeSpec, seconds: float) -> tuple[Fleet, FleetTracker]:
    fleet, tracker = Fleet(RULES), FleetTracker()
    for rec in merged(node_records(spec, seconds)):
        fleet.process(rec)
        tracker.observe(rec)
    return fleet, tracker


@pytest.mark.parametrize(("kv", "growth", "accel_sign"), [
    (lambda t: 40.0, 0.0, 0),
    (lambda t: 20.0 + t / 60 * 2.0, 2.0, 0),                          # 2 pp/min, steady
    (lambda t: 20.0 + (t / 60) ** 2 * 0.1, None, 1),                  # accelerating
])
def test_growth_and_acceleration_of_kv_usage(kv: Any, growth: float | None, accel_sign: int) -> None:
    fleet, tracker = run_fleet(NodeSpec(node="n1", kv_pct=kv), 20 * 60)
    [e] = node_kv("n1", fleet.nodes["n1"], tracker.nodes["n1"], W, 4.7).engines
    per_min = e.growth_per_s * 100 * 60
    if growth is not None:
        assert per_min == pytest.approx(growth, abs=0.05)
    accel = e.acceleration_per_s2 * 100 * 3600  # pp/min per minute
    if accel_sign == 0:
        assert abs(accel) < 0.02
    else:
        assert accel == pytest.approx(0.2, abs=0.05)  # d2/dt2 of 0.1 t^2 (t in minutes)
    assert e.usage_ratio == pytest.approx(kv(20 * 60 - 5) / 100, abs=0.01)


def test_leaked_blocks_need_the_pool_size() -> None:
    spec = NodeSpec(node="n1", kv_pct=lambda t: sawtooth(30, 10, 180)(t) + max(t - 600, 0) / 60 * 1.0)
    fleet, tracker = run_fleet(spec, 20 * 60)
    [e] = node_kv("n1", fleet.nodes["n1"], tracker.nodes["n1"], W, 4.7).engines
    # 1 pp/min for 10 minutes; the lowest minute of the last 5 is 5 minutes old: 5 pp
    assert e.leaked_blocks != e.leaked_blocks
    assert e.unreleased_ratio == pytest.approx(0.05, abs=0.005)
    tracker.nodes["n1"].pool_blocks["0"] = 50_000
    [e] = node_kv("n1", fleet.nodes["n1"], tracker.nodes["n1"], W, 4.7).engines
    assert e.leaked_blocks == pytest.approx(50_000 * e.unreleased_ratio)


def test_pool_size_comes_from_the_agents_labels() -> None:
    t = feed([sample(0, "vllm", {"vllm:kv_cache_usage_perc": 0.3},
                     labels={"engine": "0", "num_gpu_blocks": "101625", "block_size": "32"})])
    assert t.pool_blocks == {"0": 101625} and t.block_tokens == 32
