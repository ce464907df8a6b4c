"""Names of the metrics the core reads, and parsing of vLLM's selector-form series names.

The contract writes a labelled Prometheus series as ``name{label="value",...}``; only a few
labels matter here (``finished_reason``), so parsing is cached per distinct name.
"""

from __future__ import annotations

import re
from functools import lru_cache

MIB = 1024.0 * 1024.0

KV_USAGE = ("vllm:kv_cache_usage_perc", "vllm:gpu_cache_usage_perc")
RUNNING = "vllm:num_requests_running"
WAITING = "vllm:num_requests_waiting"
PREEMPTIONS = "vllm:num_preemptions_total"
PREFIX_QUERIES = ("vllm:prefix_cache_queries_total", "vllm:gpu_prefix_cache_queries_total")
PREFIX_HITS = ("vllm:prefix_cache_hits_total", "vllm:gpu_prefix_cache_hits_total")
SPEC_DRAFTS = ("vllm:spec_decode_num_drafts_total", "vllm:spec_decode_num_draft_tokens_total")
SPEC_DRAFT_TOKENS = "vllm:spec_decode_num_draft_tokens_total"
SPEC_ACCEPTED_TOKENS = "vllm:spec_decode_num_accepted_tokens_total"
PROMPT_TOKENS = "vllm:prompt_tokens_total"
GENERATION_TOKENS = "vllm:generation_tokens_total"
TTFT_SUM = "vllm:time_to_first_token_seconds_sum"
TTFT_COUNT = "vllm:time_to_first_token_seconds_count"
"""Time to first token, the histogram's sum (seconds) and count (requests): a mean per window."""
REQUEST_SUCCESS = "vllm:request_success_total"
CACHE_CONFIG = "vllm:cache_config_info"
"""vLLM's info gauge of its cache configuration, in selector form (value 1; the labels carry
``num_gpu_blocks``, ``gpu_memory_utilization``, ``block_size``...)."""

_SELECTOR = re.compile(r'^([^{]+)\{(.*)\}$')
_LABEL = re.compile(r'(\w+)\s*=\s*"((?:[^"\\]|\\.)*)"')


@lru_cache(maxsize=4096)
def split_selector(name: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """``'a{x="1",y="2"}'`` -> ``('a', (('x', '1'), ('y', '2')))``; plain names pass through."""
    m = _SELECTOR.match(name)
    if m is None:
        return name, ()
    return m.group(1), tuple((k, v) for k, v in _LABEL.findall(m.group(2)))


@lru_cache(maxsize=4096)
def finished_reason(name: str) -> str | None:
    """The ``finished_reason`` of a ``vllm:request_success_total{...}`` series, else None."""
    base, labels = split_selector(name)
    if base != REQUEST_SUCCESS:
        return None
    for key, value in labels:
        if key == "finished_reason":
            return value
    return "unknown"


_NOT_COUNTERS = ("_total", "_count", "_sum", "_bucket", "_created", "_info", "_perc")


@lru_cache(maxsize=4096)
def unsuffixed(name: str) -> str | None:
    """The contract's name of a counter series that reaches us without its ``_total`` suffix
    (``vllm:generation_tokens`` for ``vllm:generation_tokens_total``, labels kept), as an
    OpenTelemetry pipeline's Prometheus name normalization writes it; None for a name that
    cannot be one (already suffixed, a histogram's or a gauge's part). Whether the restored
    name is a counter the core reads is the caller's to decide."""
    base, labels = split_selector(name)
    if not base.startswith("vllm:") or base.endswith(_NOT_COUNTERS):
        return None
    restored = base + "_total"
    if not labels:
        return restored
    return restored + "{" + ",".join(f'{k}="{v}"' for k, v in labels) + "}"


HTTP_REQUESTS = "http_requests_total"
"""The request counter of vLLM's OpenAI-compatible server (prometheus-fastapi-instrumentator),
labelled by ``handler``, ``method`` and ``status`` (``2xx``.. grouped, or the code itself)."""


@lru_cache(maxsize=1024)
def http_status(name: str) -> str | None:
    """The status class (``"2"``, ``"4"``, ``"5"``..) of a series counting the requests vLLM's
    HTTP server answered, else None."""
    base, labels = split_selector(name)
    if base != HTTP_REQUESTS:
        return None
    for key, value in labels:
        if key == "status" and value[:1] in "12345" and value:
            return value[:1]
    return None


@lru_cache(maxsize=256)
def cache_pool(name: str) -> tuple[float, str] | None:
    """(``num_gpu_blocks``, ``"gpu_memory_utilization <value>"`` or '') of a
    ``vllm:cache_config_info{...}`` series; None for any other series or without blocks."""
    base, labels = split_selector(name)
    if base != CACHE_CONFIG:
        return None
    got = dict(labels)
    try:
        blocks = float(got.get("num_gpu_blocks", ""))
    except ValueError:
        return None
    util = got.get("gpu_memory_utilization")
    return (blocks, f"gpu_memory_utilization {util}" if util else "") if blocks > 0 else None
