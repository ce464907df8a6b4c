"""An engine back from a restart with a fraction of its KV pool (outsider s50): a canary's
Helm values set ``gpu_memory_utilization`` 0.55 instead of 0.9, and the pool fell from 28,944
blocks to about 6,100. Its KV usage climbed at the usual load, latency alerts fired now and
then; nothing paged. vLLM's cache configuration gauge names the pool's size."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.core.metrics import cache_pool
from correlator.core.nodestate import EngineTrack
from correlator.wire.records import Record, SampleRecord
from tests.timeline import T0, NodeSpec, S, merged, node_records, opened_incidents

RULES = load_rules()
RESTART = 1800.0
HOUR_NS = 3600 * 1_000_000_000


def info(blocks: int, util: str) -> str:
    return ('vllm:cache_config_info{block_size="16",cache_dtype="auto",enable_prefix_caching="True",'
            f'gpu_memory_utilization="{util}",num_gpu_blocks="{blocks}",swap_space="4.0"}}')


def with_pool(before: int, after: int) -> list[Record]:
    """Every vLLM sample carries the cache configuration gauge; the pool changes at RESTART."""
    records = merged(node_records(NodeSpec(), 3600))
    for r in records:
        if isinstance(r, SampleRecord) and r.source == "vllm":
            late = (r.ts_ns - T0) / S >= RESTART
            r.metrics[info(after if late else before, "0.55" if late and after < before else "0.9")] = 1.0
    return records


def causes(records: list[Record]) -> list[tuple[str, float]]:
    return [(i.cause, (i.opened_ns - T0) / S) for i in opened_incidents(records, RULES)]


def test_the_pool_is_read_from_the_cache_configuration_gauge() -> None:
    assert cache_pool(info(6108, "0.55")) == (6108.0, "gpu_memory_utilization 0.55")
    assert cache_pool('vllm:cache_config_info{block_size="16"}') is None  # no block count
    assert cache_pool('vllm:request_success_total{finished_reason="stop"}') is None


def test_an_engine_back_with_a_fifth_of_its_pool_is_paged() -> None:
    found = causes(with_pool(28944, 6108))
    assert [c for c, _ in found] == ["kv_pool_shrunk"]
    assert RESTART <= found[0][1] <= RESTART + 60
    incident = opened_incidents(with_pool(28944, 6108), RULES)[0]
    detail = incident.evidence[0].detail
    assert "6108 KV blocks where it had 28944 (21 %), gpu_memory_utilization 0.55" in detail


def test_the_same_pool_or_a_little_less_is_not() -> None:
    assert causes(with_pool(28944, 28944)) == []
    assert causes(with_pool(28944, 26000)) == []  # a few percent less: a newer build's overhead


def test_a_smaller_pool_kept_long_enough_is_the_new_normal() -> None:
    e = EngineTrack(12)
    e.note_pool(28944, 0, "", 6 * HOUR_NS)
    e.note_pool(6108, HOUR_NS, "gpu_memory_utilization 0.55", 6 * HOUR_NS)
    e.note_pool(6108, 2 * HOUR_NS, "gpu_memory_utilization 0.55", 6 * HOUR_NS)
    assert e.pool_cut == (HOUR_NS, "gpu_memory_utilization 0.55")
    e.note_pool(6108, 7 * HOUR_NS, "gpu_memory_utilization 0.55", 6 * HOUR_NS)
    assert e.pool_peak == 6108 and e.pool_cut == (0, "")
