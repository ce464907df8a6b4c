"""A typical Prometheus rule set for an LLM-inference fleet (46 rules).

Thresholds and ``for:`` durations are the kind found in community rule sets (node-exporter
mixins, dcgm-exporter examples, vLLM production-stack dashboards, gateway SLO burn rates). They
watch symptoms: latency, errors, queues, memory, hardware, targets. Like the incident's team,
this rule set has no alert on KV-cache growth rate or allocation/free ratio.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise

from correlator.sim.catalog import GIB
from correlator.sim.histogram import GATEWAY_BUCKETS
from correlator.sim.prom import Scrape, View

Labels = tuple[tuple[str, str], ...]
Result = list[tuple[Labels, float]]
GT, LT = operator.gt, operator.lt


@dataclass(frozen=True, slots=True)
class Rule:
    name: str
    severity: str
    for_s: float
    job: str
    expr: str
    summary: str
    fn: Callable[[View], Result]


def _when(value: float | None, op: Callable[[float, float], bool], threshold: float) -> Result:
    return [((), value)] if value is not None and op(value, threshold) else []


def node_rule(
    name: str, severity: str, for_s: float, job: str, expr: str, summary: str,
    value: Callable[[View], float | None], op: Callable[[float, float], bool], threshold: float,
) -> Rule:  # fmt: skip
    return Rule(name, severity, for_s, job, expr, summary, lambda v: _when(value(v), op, threshold))


def gpu_rule(
    name: str, severity: str, for_s: float, expr: str, summary: str,
    value: Callable[[dict[str, float]], float | None], op: Callable[[float, float], bool],
    threshold: float,
) -> Rule:  # fmt: skip
    def fn(view: View) -> Result:
        out: Result = []
        for gpu, metrics in sorted(view.now.gpus.items()):
            v = value(metrics)
            if v is not None and op(v, threshold):
                out.append(((("gpu", str(gpu)),), v))
        return out

    return Rule(name, severity, for_s, "dcgm-exporter", expr, summary, fn)


# -- value helpers ---------------------------------------------------------------------------


def _finished(view: View, reasons: tuple[str, ...], seconds: float) -> float | None:
    every = ("stop", "length", "abort", "error")
    return view.vratio([f"finished_{r}" for r in reasons], [f"finished_{r}" for r in every],
                       seconds)  # fmt: skip


def _gw_ratio(view: View, key: str, seconds: float) -> float | None:
    top, bottom = view.gw_rate(key, seconds), view.gw_rate("requests", seconds)
    return top / bottom if top is not None and bottom else None


def _drop(view: View, short: float | None, long: float | None) -> float | None:
    """Current rate as a share of the last half hour's; None until there is history."""
    if short is None or long is None or long <= 0.5 or view.span(1800) < 1500:
        return None
    return short / long


def _fb_share(m: dict[str, float]) -> float | None:
    if "fb_used" not in m:
        return None
    return m["fb_used"] / (m["fb_used"] + m["fb_free"])


def _host_share(view: View) -> float | None:
    used, total = view.host("used"), view.host("total")
    return used / total if used is not None and total else None


def _hours_to_full(view: View) -> float | None:
    slope = view.deriv(900, lambda s: s.host["used"] if s.host else None)
    used, total = view.host("used"), view.host("total")
    if slope is None or used is None or total is None or slope <= 0:
        return None
    return (total - used) / slope / 3600.0


def _fb_slope_mib_min(view: View, gpu: int) -> float | None:
    def get(s: Scrape) -> float | None:
        return s.gpus.get(gpu, {}).get("fb_used")

    slope = view.deriv(900, get)
    return slope * 60.0 if slope is not None else None


def _fb_growth(view: View) -> Result:
    out: Result = []
    for gpu in sorted(view.now.gpus):
        slope = _fb_slope_mib_min(view, gpu)
        if slope is not None and slope > 50.0:
            out.append(((("gpu", str(gpu)),), slope))
    return out


def _gpu_missing(view: View) -> Result:
    if not view.now.up["dcgm-exporter"]:
        return []
    present = sum(1 for m in view.now.gpus.values() if "util" in m)
    return [((), float(present))] if present < view.gpus else []


def _targets_down(view: View) -> Result:
    return [((("job", job),), 0.0) for job, up in sorted(view.now.up.items()) if not up]


def _unreachable(view: View) -> Result:
    return [((), 0.0)] if not any(view.now.up.values()) else []


def _engine_stuck(view: View) -> float | None:
    running, waiting = view.vllm("running"), view.vllm("waiting")
    if running is None or waiting is None:
        return None
    return waiting if running == 0 else None


def _resets(view: View) -> float | None:
    values = [s.vllm["prompt"] for s in view.window(600) if s.vllm]
    if len(values) < 2:
        return None
    return float(sum(1 for a, b in pairwise(values) if b < a))


def _restarts(view: View, seconds: float) -> float | None:
    return view.increase(seconds, lambda s: s.restarts)


def _saturated(view: View) -> float | None:
    running, cap = view.vllm("running"), view.vllm("max_num_seqs")
    return running / cap if running is not None and cap else None


def _burn(view: View) -> float | None:
    fast = _gw_ratio(view, "errors", 300)
    slow = _gw_ratio(view, "errors", 1800)
    if fast is None or slow is None:
        return None
    return min(fast, slow) / 0.001


# -- the rule set ----------------------------------------------------------------------------

GW = "inference-gateway"
VL = "vllm"
NE = "node-exporter"

RULES: tuple[Rule, ...] = (
    node_rule("InferenceGatewayLatencyP99High", "warning", 120, GW,
              "histogram_quantile(0.99, rate(gateway_upstream_ttfb_seconds_bucket[5m])) > 0.8",
              "P99 time-to-first-byte of {node} is {value:.2f}s (SLA 0.8s)",
              lambda v: v.gw_quantile(0.99, 300, GATEWAY_BUCKETS), GT, 0.8),
    node_rule("InferenceGatewayLatencyP99Critical", "critical", 120, GW,
              "histogram_quantile(0.99, rate(gateway_upstream_ttfb_seconds_bucket[5m])) > 2",
              "P99 time-to-first-byte of {node} is {value:.2f}s",
              lambda v: v.gw_quantile(0.99, 300, GATEWAY_BUCKETS), GT, 2.0),
    node_rule("InferenceGatewayHigh5xxRate", "warning", 120, GW,
              "rate(gateway_upstream_5xx_total[5m]) / rate(gateway_upstream_requests_total[5m]) > 0.02",
              "{value:.1%} of requests to {node} fail with 5xx",
              lambda v: _gw_ratio(v, "errors", 300), GT, 0.02),
    node_rule("InferenceGatewayCritical5xxRate", "critical", 60, GW,
              "rate(gateway_upstream_5xx_total[5m]) / rate(gateway_upstream_requests_total[5m]) > 0.10",
              "{value:.1%} of requests to {node} fail with 5xx",
              lambda v: _gw_ratio(v, "errors", 300), GT, 0.10),
    node_rule("InferenceGatewayUpstreamTimeouts", "warning", 120, GW,
              "rate(gateway_upstream_timeouts_total[5m]) > 0.02",
              "Requests to {node} time out ({value:.2f}/s)",
              lambda v: v.gw_rate("timeouts", 300), GT, 0.02),
    node_rule("InferenceGatewayTrafficDrop", "warning", 300, GW,
              "rate(gateway_upstream_requests_total[5m]) < 0.5 * rate(gateway_upstream_requests_total[30m])",
              "Traffic to {node} fell to {value:.0%} of its 30-minute rate",
              lambda v: _drop(v, v.gw_rate("requests", 300), v.gw_rate("requests", 1800)), LT, 0.5),
    node_rule("InferenceGatewayUpstreamUnhealthy", "critical", 60, GW,
              "gateway_upstream_healthy == 0",
              "Gateway health checks of {node} fail",
              lambda v: v.now.gw.get("healthy"), LT, 0.5),
    node_rule("InferenceSLOErrorBudgetBurn", "critical", 120, GW,
              "(error ratio 5m and 30m) > 14.4 * (1 - 0.999)",
              "{node} burns the 99.9% error budget {value:.0f}x too fast",
              _burn, GT, 14.4),
    node_rule("VLLMHighWaitingRequests", "warning", 120, VL, "vllm:num_requests_waiting > 10",
              "{value:.0f} requests wait for a slot on {node}",
              lambda v: v.vllm("waiting"), GT, 10),
    node_rule("VLLMWaitingRequestsCritical", "critical", 120, VL, "vllm:num_requests_waiting > 50",
              "{value:.0f} requests wait for a slot on {node}",
              lambda v: v.vllm("waiting"), GT, 50),
    node_rule("VLLMKVCacheUsageHigh", "warning", 300, VL, "vllm:kv_cache_usage_perc > 0.9",
              "KV cache of {node} is {value:.0%} full",
              lambda v: v.vllm("kv"), GT, 0.90),
    node_rule("VLLMKVCacheUsageCritical", "critical", 120, VL, "vllm:kv_cache_usage_perc > 0.98",
              "KV cache of {node} is {value:.0%} full",
              lambda v: v.vllm("kv"), GT, 0.98),
    node_rule("VLLMPreemptionsHigh", "warning", 300, VL, "rate(vllm:num_preemptions_total[5m]) > 0.05",
              "{node} preempts {value:.2f} requests/s",
              lambda v: v.vrate("preemptions", 300), GT, 0.05),
    node_rule("VLLMRequestAbortRateHigh", "warning", 300, VL,
              'rate(vllm:request_success_total{finished_reason="abort"}[5m])'
              " / rate(vllm:request_success_total[5m]) > 0.1",
              "{value:.0%} of requests on {node} are aborted",
              lambda v: _finished(v, ("abort",), 300), GT, 0.10),
    node_rule("VLLMRequestErrorRate", "warning", 300, VL,
              'rate(vllm:request_success_total{finished_reason="error"}[5m])'
              " / rate(vllm:request_success_total[5m]) > 0.01",
              "{value:.1%} of requests on {node} end in error",
              lambda v: _finished(v, ("error",), 300), GT, 0.01),
    node_rule("VLLMTimeToFirstTokenHigh", "warning", 300, VL,
              "histogram_quantile(0.99, rate(vllm:time_to_first_token_seconds_bucket[5m])) > 2",
              "P99 TTFT on {node} is {value:.2f}s",
              lambda v: v.hquantile("ttft", 0.99, 300), GT, 2.0),
    node_rule("VLLMInterTokenLatencyHigh", "warning", 300, VL,
              "histogram_quantile(0.99, rate(vllm:inter_token_latency_seconds_bucket[5m])) > 0.15",
              "P99 inter-token latency on {node} is {value:.3f}s",
              lambda v: v.hquantile("itl", 0.99, 300), GT, 0.15),
    node_rule("VLLME2ELatencyP99High", "warning", 300, VL,
              "histogram_quantile(0.99, rate(vllm:e2e_request_latency_seconds_bucket[5m])) > 60",
              "P99 end-to-end latency on {node} is {value:.0f}s",
              lambda v: v.hquantile("e2e", 0.99, 300), GT, 60.0),
    node_rule("VLLMQueueTimeHigh", "warning", 300, VL,
              "histogram_quantile(0.99, rate(vllm:request_queue_time_seconds_bucket[5m])) > 5",
              "P99 queue time on {node} is {value:.1f}s",
              lambda v: v.hquantile("queue", 0.99, 300), GT, 5.0),
    node_rule("VLLMGenerationThroughputDrop", "warning", 600, VL,
              "rate(vllm:generation_tokens_total[5m]) < 0.5 * rate(vllm:generation_tokens_total[30m])",
              "Token throughput of {node} fell to {value:.0%} of its 30-minute rate",
              lambda v: _drop(v, v.vrate("generation", 300), v.vrate("generation", 1800)), LT, 0.5),
    node_rule("VLLMPrefixCacheHitRateLow", "info", 900, VL,
              "rate(vllm:prefix_cache_hits_total[10m]) / rate(vllm:prefix_cache_queries_total[10m]) < 0.25",
              "Prefix-cache hit rate on {node} is {value:.0%}",
              lambda v: v.vratio(["hits"], ["queries"], 600), LT, 0.25),
    node_rule("VLLMSpecDecodeAcceptanceLow", "warning", 900, VL,
              "rate(vllm:spec_decode_num_accepted_tokens_total[10m])"
              " / rate(vllm:spec_decode_num_draft_tokens_total[10m]) < 0.35",
              "Speculative acceptance on {node} is {value:.0%}",
              lambda v: v.vratio(["accepted"], ["drafts"], 600), LT, 0.35),
    node_rule("VLLMEngineStuck", "critical", 120, VL,
              "vllm:num_requests_running == 0 and vllm:num_requests_waiting > 0",
              "{node} has {value:.0f} waiting requests and none running",
              _engine_stuck, GT, 0),
    node_rule("VLLMEngineRestarted", "warning", 0, VL, "resets(vllm:prompt_tokens_total[10m]) > 0",
              "The vLLM engine on {node} restarted", _resets, GT, 0),
    node_rule("VLLMBatchSaturated", "info", 600, VL,
              "vllm:num_requests_running / max_num_seqs >= 0.95",
              "{node} runs a full batch ({value:.0%})", _saturated, GT, 0.95),
    node_rule("VLLMNoTraffic", "warning", 600, VL, "rate(vllm:prompt_tokens_total[10m]) == 0",
              "{node} serves no requests", lambda v: v.vrate("prompt", 600), LT, 1e-9),
    gpu_rule("GPUFramebufferUsageHigh", "warning", 300,
             "DCGM_FI_DEV_FB_USED / (DCGM_FI_DEV_FB_USED + DCGM_FI_DEV_FB_FREE) > 0.95",
             "GPU {gpu} on {node} uses {value:.1%} of its memory", _fb_share, GT, 0.95),
    gpu_rule("GPUFramebufferUsageCritical", "critical", 120,
             "DCGM_FI_DEV_FB_USED / (DCGM_FI_DEV_FB_USED + DCGM_FI_DEV_FB_FREE) > 0.98",
             "GPU {gpu} on {node} uses {value:.1%} of its memory", _fb_share, GT, 0.98),
    Rule("GPUMemoryLeakSuspected", "warning", 600, "dcgm-exporter",
         "deriv(DCGM_FI_DEV_FB_USED[15m]) * 60 > 50",
         "GPU {gpu} memory on {node} grows {value:.0f} MiB/min", _fb_growth),
    gpu_rule("GPUUtilizationLow", "info", 900, "DCGM_FI_DEV_GPU_UTIL < 10",
             "GPU {gpu} on {node} is {value:.0f}% busy", lambda m: m.get("util"), LT, 10),
    gpu_rule("GPUUtilizationSaturated", "info", 1800, "DCGM_FI_DEV_GPU_UTIL > 97",
             "GPU {gpu} on {node} is {value:.0f}% busy", lambda m: m.get("util"), GT, 97),
    gpu_rule("GPUTemperatureHigh", "warning", 300, "DCGM_FI_DEV_GPU_TEMP > 83",
             "GPU {gpu} on {node} is at {value:.0f}C", lambda m: m.get("temp"), GT, 83),
    gpu_rule("GPUTemperatureCritical", "critical", 120, "DCGM_FI_DEV_GPU_TEMP > 90",
             "GPU {gpu} on {node} is at {value:.0f}C", lambda m: m.get("temp"), GT, 90),
    gpu_rule("GPUPowerHigh", "warning", 600, "DCGM_FI_DEV_POWER_USAGE > 650",
             "GPU {gpu} on {node} draws {value:.0f}W", lambda m: m.get("power"), GT, 650),
    gpu_rule("GPUMemoryCopyUtilHigh", "info", 900, "DCGM_FI_DEV_MEM_COPY_UTIL > 90",
             "GPU {gpu} on {node} memory bandwidth is {value:.0f}% used",
             lambda m: m.get("mem_copy"), GT, 90),
    gpu_rule("GPUXidError", "critical", 0, "DCGM_FI_DEV_XID_ERRORS != 0",
             "GPU {gpu} on {node} reported XID {value:.0f}", lambda m: m.get("xid"), GT, 0),
    Rule("GPUMissing", "critical", 60, "dcgm-exporter",
         "count by (node) (DCGM_FI_DEV_GPU_UTIL) < expected", "{node} reports only {value:.0f} GPUs",
         _gpu_missing),
    node_rule("HostMemoryUsageHigh", "warning", 300, NE,
              "1 - node_memory_MemAvailable_bytes / node_memory_MemTotal_bytes > 0.85",
              "{node} uses {value:.0%} of its memory", _host_share, GT, 0.85),
    node_rule("HostMemoryUsageCritical", "critical", 120, NE,
              "1 - node_memory_MemAvailable_bytes / node_memory_MemTotal_bytes > 0.95",
              "{node} uses {value:.0%} of its memory", _host_share, GT, 0.95),
    node_rule("HostSwapInUse", "warning", 300, NE,
              "node_memory_SwapTotal_bytes - node_memory_SwapFree_bytes > 1Gi",
              "{node} has {value:.1f} GiB swapped out",
              lambda v: (v.host("swap") or 0.0) / GIB if v.now.host else None, GT, 1.0),
    node_rule("HostOOMKillDetected", "warning", 0, NE, "increase(node_vmstat_oom_kill[5m]) > 0",
              "The OOM killer ran on {node}",
              lambda v: v.increase(300, lambda s: s.host["oom"] if s.host else None), GT, 0),
    node_rule("HostMemoryFillingUp", "warning", 600, NE,
              "predict_linear(node_memory_MemAvailable_bytes[15m], 3600) < 0",
              "{node} runs out of memory in {value:.1f}h at this rate", _hours_to_full, LT, 1.0),
    node_rule("ServingProcessMemoryGrowth", "warning", 600, NE,
              'deriv(namedprocess_namegroup_memory_bytes{groupname="vllm",memtype="resident"}[15m])'
              " * 60 > 1Gi",
              "The serving process on {node} grows {value:.1f} GiB/min",
              lambda v: _per_min_gib(v.deriv(900, lambda s: s.host["rss"] if s.host else None)),
              GT, 1.0),
    node_rule("ServingContainerRestarted", "warning", 0, "kube-state-metrics",
              "increase(kube_pod_container_status_restarts_total{container=\"vllm\"}[10m]) > 0",
              "The vLLM container on {node} restarted", lambda v: _restarts(v, 600), GT, 0),
    node_rule("ServingContainerCrashLooping", "critical", 300, "kube-state-metrics",
              "increase(kube_pod_container_status_restarts_total{container=\"vllm\"}[15m]) >= 3",
              "The vLLM container on {node} is crash-looping", lambda v: _restarts(v, 900), GT, 2.5),
    Rule("TargetDown", "warning", 120, "prometheus", "up == 0",
         "{job} on {node} cannot be scraped", _targets_down),
    Rule("NodeUnreachable", "critical", 60, "blackbox", "probe_success == 0",
         "{node} does not answer", _unreachable),
)  # fmt: skip


def _per_min_gib(slope: float | None) -> float | None:
    return slope * 60.0 / GIB if slope is not None else None
