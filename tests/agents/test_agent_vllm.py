"""vLLM's /metrics capture, served over real HTTP and scraped by the agent's vLLM source."""

from __future__ import annotations

import aiohttp
from agent_helpers import Served, fixture_text, validate

from agents.sources import VllmSource
from agents.vllm_metrics import parse_vllm

TS = 1_774_011_500_000_000_000
CAPTURE = "vllm_metrics_qwen25_0.5b_kops.prom"


def kept_lines(text: str) -> list[str]:
    """The capture's lines the contract keeps: vllm: series, no _created, buckets or _info."""
    return [line for line in text.splitlines()
            if line.startswith("vllm:") and "_created{" not in line
            and "_bucket{" not in line and "_info{" not in line]


async def test_capture_scraped_over_http(served: Served) -> None:
    text = fixture_text(CAPTURE)
    served.pages["/metrics"] = (200, text)
    async with aiohttp.ClientSession() as session:
        records = await VllmSource("gpu-node-7", served.url("/metrics"), session).collect(TS)
    [rec] = validate(records)
    assert (rec.source, rec.kind, rec.gpu, rec.node, rec.ts_ns) == (
        "vllm", "sample", None, "gpu-node-7", TS)
    assert rec.labels == {"engine": "0", "model_name": "Qwen/Qwen2.5-0.5B-Instruct",
                          "block_size": "16", "num_gpu_blocks": "101625",
                          "gpu_memory_utilization": "0.9", "cache_dtype": "auto",
                          "enable_prefix_caching": "True"}
    assert len(rec.metrics) == len(kept_lines(text)) == 58
    assert not [m for m in rec.metrics if m.endswith("_created") or "_bucket" in m]
    m = rec.metrics
    assert m["vllm:kv_cache_usage_perc"] == 0.0 and m["vllm:num_requests_running"] == 0.0
    assert m['vllm:engine_sleep_state{sleep_state="awake"}'] == 1.0
    assert m['vllm:engine_sleep_state{sleep_state="weights_offloaded"}'] == 0.0
    for reason in ("stop", "length", "abort", "error", "repetition"):
        assert f'vllm:request_success_total{{finished_reason="{reason}"}}' in m
    assert 'vllm:prompt_tokens_by_source_total{source="local_cache_hit"}' in m
    assert "vllm:e2e_request_latency_seconds_count" in m
    assert "vllm:e2e_request_latency_seconds_sum" in m
    assert not [name for name in m if not name.startswith("vllm:")]  # no python_/process_/http_


def busy_two_engines() -> str:
    """The idle capture with a busy engine 0 (leak-like values) and a copy as engine 1."""
    text = fixture_text(CAPTURE)
    busy = (text
            .replace('vllm:kv_cache_usage_perc{engine="0",model_name="Qwen/Qwen2.5-0.5B-Instruct"}'
                     ' 0.0', 'vllm:kv_cache_usage_perc{engine="0",model_name='
                     '"Qwen/Qwen2.5-0.5B-Instruct"} 0.93')
            .replace('finished_reason="abort",model_name="Qwen/Qwen2.5-0.5B-Instruct"} 0.0',
                     'finished_reason="abort",model_name="Qwen/Qwen2.5-0.5B-Instruct"} 17.0')
            .replace('vllm:num_preemptions_total{engine="0",model_name='
                     '"Qwen/Qwen2.5-0.5B-Instruct"} 0.0',
                     'vllm:num_preemptions_total{engine="0",model_name='
                     '"Qwen/Qwen2.5-0.5B-Instruct"} 4.0'))
    engine1 = "\n".join(line.replace('engine="0"', 'engine="1"') for line in text.splitlines()
                        if line.startswith("vllm:"))
    return busy + "\n" + engine1 + "\n"


def test_values_and_engines_are_kept_apart() -> None:
    e0, e1 = validate(parse_vllm(busy_two_engines(), node="n1", ts_ns=TS))
    assert (e0.labels["engine"], e1.labels["engine"]) == ("0", "1")
    assert e0.metrics["vllm:kv_cache_usage_perc"] == 0.93
    assert e0.metrics['vllm:request_success_total{finished_reason="abort"}'] == 17.0
    assert e0.metrics["vllm:num_preemptions_total"] == 4.0
    assert e1.metrics["vllm:kv_cache_usage_perc"] == 0.0
    assert e1.labels["num_gpu_blocks"] == "101625"  # its cache_config_info line was copied too


def test_series_without_engine_label_group_by_model() -> None:
    text = ('vllm:num_requests_running{model_name="m"} 3\n'
            'vllm:gpu_cache_usage_perc{model_name="m"} 0.5\n'
            'vllm:num_requests_running{model_name="other"} 1\n'
            'vllm:num_requests_waiting{model_name="m"} NaN\n')
    a, b = validate(parse_vllm(text, node="n1", ts_ns=TS))
    assert a.labels == {"model_name": "m"} and a.metrics == {
        "vllm:num_requests_running": 3, "vllm:gpu_cache_usage_perc": 0.5}
    assert b.labels == {"model_name": "other"}


def v0_server() -> str:
    """The capture as a pre-V1 server writes it: series labelled with ``model_name`` only, and
    ``vllm:cache_config_info`` with neither ``engine`` nor ``model_name`` (its labels are the
    CacheConfig's fields alone, as vLLM 0.6's metrics.py and its docs show), plus V0's names."""
    text = fixture_text(CAPTURE)
    v0 = [line.replace('engine="0",', "") for line in text.splitlines()
          if line.startswith("vllm:") and "cache_config_info" not in line]
    v0 = [line.replace("vllm:kv_cache_usage_perc", "vllm:gpu_cache_usage_perc") for line in v0]
    info = ('vllm:cache_config_info{block_size="16",cache_dtype="auto",cpu_offload_gb="0",'
            'enable_prefix_caching="False",gpu_memory_utilization="0.9",num_cpu_blocks="9362",'
            'num_gpu_blocks="81767",num_gpu_blocks_override="None",sliding_window="None",'
            'swap_space_bytes="4294967296"} 1.0')
    return "\n".join([info, *v0]) + "\n"


def test_pre_v1_server_keeps_its_kv_pool_size_and_kv_usage() -> None:
    [rec] = validate(parse_vllm(v0_server(), node="n1", ts_ns=TS))
    assert rec.labels == {"model_name": "Qwen/Qwen2.5-0.5B-Instruct", "block_size": "16",
                          "num_gpu_blocks": "81767", "gpu_memory_utilization": "0.9",
                          "cache_dtype": "auto", "enable_prefix_caching": "False"}
    assert rec.metrics["vllm:gpu_cache_usage_perc"] == 0.0
    assert rec.metrics['vllm:request_success_total{finished_reason="abort"}'] == 0.0


async def test_openmetrics_page_with_exemplars(served: Served) -> None:
    """The capture as an OpenMetrics page: ``# EOF`` at the end and an exemplar after a
    counter's value (as prometheus_client writes them for a scraper that asks for OpenMetrics)."""
    abort = ('vllm:request_success_total{engine="0",finished_reason="abort",'
             'model_name="Qwen/Qwen2.5-0.5B-Instruct"} ')
    text = fixture_text(CAPTURE)
    page = text.replace(abort + "0.0", abort + '17.0 # {trace_id="4bf92f35"} 1.0 1774011500.1')
    served.pages["/metrics"] = (200, page + "# EOF\n")
    async with aiohttp.ClientSession() as session:
        [rec] = validate(await VllmSource("n1", served.url("/metrics"), session).collect(TS))
    assert rec.kind == "sample" and len(rec.metrics) == len(kept_lines(text))
    assert rec.metrics['vllm:request_success_total{finished_reason="abort"}'] == 17.0


async def test_a_page_without_vllm_readings_is_a_gap(served: Served) -> None:
    """E.g. --vllm-url pointed at another server's /metrics: it answers, but not with vLLM."""
    text = "\n".join(line for line in fixture_text(CAPTURE).splitlines()
                     if not line.startswith("vllm:"))
    served.pages["/metrics"] = (200, text)
    async with aiohttp.ClientSession() as session:
        [gap] = validate(await VllmSource("n1", served.url("/metrics"), session).collect(TS))
    assert gap.event == "source_gap"
    assert gap.attrs["reason"].endswith("answered with a page without any vllm: reading")
