"""KV-cache physics: the healthy saw-tooth, and the monotonic growth of a session leak."""

from __future__ import annotations

import itertools

import pytest

from correlator.sim.kvcache import BlockPool
from tests.unit.test_sim_support import drops, quiet, run, series, window

KV = "vllm:kv_cache_usage_perc"
RUNNING = "vllm:num_requests_running"
NODE = "gpu-node-01"
SWEEP_DROP = 0.04
LEAK = quiet(minutes=40, faults=f"session_isolation@{NODE}:5", leak_rate_pct_min=2.0)


def troughs(points: list[tuple[float, float]], sweeps: list[float]) -> list[float]:
    """The lowest usage right after each reclaim sweep."""
    return [min(v for t, v in points if s <= t < s + 30) for s in sweeps]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_healthy_usage_is_a_sawtooth_reclaimed_every_2_to_5_minutes(seed: int) -> None:
    scenario = run(quiet(seed=seed))
    kv = series(scenario, NODE, "vllm", KV)
    sweeps = drops(kv, SWEEP_DROP)
    gaps = [b - a for a, b in itertools.pairwise(sweeps)]
    assert len(sweeps) >= 5
    assert all(100 <= g <= 330 for g in gaps), gaps
    assert max(v for _, v in kv) < 0.9
    lows = troughs(kv, sweeps)
    assert abs(lows[-1] - lows[0]) < 0.12, "no trend: what fills up is reclaimed"
    between = window(kv, sweeps[0] + 10, sweeps[1] - 5)
    assert between[-1][1] - between[0][1] > 0.03, "usage climbs between sweeps"


def test_session_leak_grows_usage_monotonically_with_flat_running_requests() -> None:
    """Each reclaim sweep leaves more behind than the last (the legitimate saw-tooth rides on
    the leak) at about the leak rate, while the number of running requests stays flat."""
    start = 300.0
    scenario = run(LEAK)
    kv = series(scenario, NODE, "vllm", KV)
    saturated = next(t for t, v in kv if t > start and v > 0.88)
    sweeps = [t for t in drops(kv, SWEEP_DROP / 2) if start < t < saturated]
    lows = troughs(kv, sweeps)
    assert len(lows) >= 3
    assert all(b > a - 0.03 for a, b in itertools.pairwise(lows)), lows
    per_min = (lows[-1] - lows[0]) / ((sweeps[-1] - sweeps[0]) / 60)
    assert 0.01 < per_min < 0.04, per_min
    running = series(scenario, NODE, "vllm", RUNNING)
    before = [v for _, v in window(running, 0, start)]
    during = [v for _, v in window(running, start, saturated)]
    assert max(during) < 30
    assert sum(during) / len(during) < 2.0 * max(1.0, sum(before) / len(before))


def test_saturated_pool_preempts_queues_and_pages() -> None:
    scenario = run(LEAK)
    waiting = series(scenario, NODE, "vllm", "vllm:num_requests_waiting")
    assert max(v for _, v in waiting) > 20
    names = {r["alert"]["labels"]["alertname"] for r in scenario.records if r["kind"] == "alert"}
    assert len(names) >= 10, names
    assert {"VLLMKVCacheUsageHigh", "InferenceGatewayLatencyP99High"} <= names


def test_kv_events_follow_eviction_not_freeing() -> None:
    scenario = run(quiet(seed=2))
    from tests.unit.test_sim_support import events

    stored = sum(e["attrs"]["count"] for e in events(scenario, NODE, "kv_block_stored"))
    removed = sum(e["attrs"]["count"] for e in events(scenario, NODE, "kv_block_removed"))
    assert stored > 10_000
    assert 0 < removed <= stored


def test_block_pool_accounting() -> None:
    pool = BlockPool(100)
    assert pool.acquire("a", 30) and pool.acquire("b", 50)
    assert pool.usage == 0.8 and pool.stored == 80
    pool.release("a")
    assert pool.usage == 0.5 and pool.cached_blocks == 30 and pool.removed == 0
    assert pool.prefix_hit([("a", 30 * 16), ("c", 64)]) == 30 * 16
    assert pool.acquire("c", 40)  # 20 never-used blocks, then 20 evicted from "a"
    assert pool.removed == 20 and pool.resident("a") == 10
    assert not pool.acquire("d", 11)
    assert pool.prefix_hit([("a", 30 * 16)]) == 10 * 16
