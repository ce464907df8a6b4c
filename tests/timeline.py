"""Build record timelines for engine tests: push samples at relative times, in event time.

Tests describe a node's behaviour as functions of time (seconds since the start) and get
contract records back, so an acceptance test reads as a timeline, as Alertmanager's do.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from correlator.config.model import RuleSet
from correlator.core import Engine
from correlator.wire.incidents import Incident
from correlator.wire.records import AlertBody, AlertRecord, EventRecord, Record, SampleRecord

T0 = 1_764_460_800_000_000_000  # 2025-11-30T00:00:00Z
GIB = 1 << 30
S = 1_000_000_000


def at(seconds: float) -> int:
    return T0 + int(seconds * S)


@dataclass
class NodeSpec:
    """How one node behaves over time; each callable takes seconds since T0."""

    node: str = "gpu-node-01"
    gpus: int = 2
    gpu_pct: Callable[[float], float] = lambda t: 90.0
    kv_pct: Callable[[float], float] | None = lambda t: 30.0
    running: Callable[[float], float] = lambda t: 10.0
    waiting: Callable[[float], float] = lambda t: 0.0
    aborts_per_s: Callable[[float], float] = lambda t: 0.05
    host_pct: Callable[[float], float] = lambda t: 40.0
    spec_decode: bool = False
    generated_per_s: Callable[[float], float] | None = None
    """Generation tokens per second (``vllm:generation_tokens_total``); None: not exported."""
    prompt_per_s: Callable[[float], float] | None = None
    """Prompt tokens per second (``vllm:prompt_tokens_total``; 5 requests finish a second);
    None: not exported."""
    prefix_hit_share: Callable[[float], float] | None = None
    """Share of the prompt tokens the prefix cache finds (``vllm:prefix_cache_queries_total``
    and ``..._hits_total``, with ``prompt_per_s``); None: not exported."""
    ttft_s: Callable[[float], float] | None = None
    """Mean seconds to first token of the requests finishing then (``vllm:time_to_first_token_seconds``'s
    sum and count, 5 requests a second); None: not exported."""
    vllm_until: float = float("inf")
    vllm_metrics: tuple[str, ...] = ("vllm:kv_cache_usage_perc", "vllm:num_requests_running")
    extra_events: list[tuple[float, str, str, dict[str, Any]]] = field(default_factory=list)


def _seq() -> Callable[[str], int]:
    counters: dict[str, int] = {}

    def nxt(key: str) -> int:
        counters[key] = counters.get(key, 0) + 1
        return counters[key]

    return nxt


def node_records(spec: NodeSpec, seconds: float, step: float = 5.0) -> Iterator[Record]:
    """Samples every ``step`` seconds from 0 to ``seconds``, in event-time order."""
    seq = _seq()
    total = 80 * GIB
    aborts = 0.0
    stops = 0.0
    drafts = 0.0
    generated = 0.0
    prompted = 0.0
    hits = 0.0
    ttft = 0.0
    events = sorted(spec.extra_events, key=lambda e: e[0])
    t = 0.0
    while t <= seconds:
        while events and events[0][0] <= t:
            et, source, name, attrs = events.pop(0)
            yield EventRecord(v=1, ts_ns=at(et), node=spec.node, source=source, kind="event",
                              event=name, attrs=attrs, seq=seq(source))
        for g in range(spec.gpus):
            used = total * spec.gpu_pct(t) / 100.0
            yield SampleRecord(v=1, ts_ns=at(t), node=spec.node, source="nvml", kind="sample",
                               gpu=g, seq=seq(f"nvml{g}"),
                               metrics={"mem_used_bytes": used, "mem_total_bytes": float(total),
                                        "proc_used_bytes": used * 0.98})
        aborts += spec.aborts_per_s(t) * step
        stops += 5.0 * step
        drafts += 40.0 * step if spec.spec_decode else 0.0
        generated += spec.generated_per_s(t) * step if spec.generated_per_s else 0.0
        prompted += spec.prompt_per_s(t) * step if spec.prompt_per_s else 0.0
        if spec.prompt_per_s and spec.prefix_hit_share:
            hits += spec.prompt_per_s(t) * step * spec.prefix_hit_share(t)
        ttft += spec.ttft_s(t) * 5.0 * step if spec.ttft_s else 0.0
        if t < spec.vllm_until and spec.kv_pct is not None:
            yield _vllm(spec, t, aborts, stops, drafts, seq("vllm"), generated, prompted, hits, ttft)
        if int(t) % 10 == 0:
            yield SampleRecord(v=1, ts_ns=at(t), node=spec.node, source="host", kind="sample",
                               seq=seq("host"),
                               metrics={"mem_used_bytes": 1024 * GIB * spec.host_pct(t) / 100.0,
                                        "mem_total_bytes": 1024.0 * GIB,
                                        "proc_rss_bytes": 1024 * GIB * spec.host_pct(t) / 200.0})
        t += step


def _vllm(spec: NodeSpec, t: float, aborts: float, stops: float, drafts: float, seq: int,
          generated: float = 0.0, prompted: float = 0.0, hits: float = 0.0, ttft: float = 0.0) -> Record:
    assert spec.kv_pct is not None
    metrics = {
        "vllm:kv_cache_usage_perc": spec.kv_pct(t) / 100.0,
        "vllm:num_requests_running": spec.running(t),
        "vllm:num_requests_waiting": spec.waiting(t),
        'vllm:request_success_total{finished_reason="abort"}': float(int(aborts)),
        'vllm:request_success_total{finished_reason="stop"}': float(int(stops)),
    }
    if spec.spec_decode:
        metrics["vllm:spec_decode_num_drafts_total"] = drafts
    if spec.generated_per_s:
        metrics["vllm:generation_tokens_total"] = float(int(generated))
    if spec.prompt_per_s:
        metrics["vllm:prompt_tokens_total"] = float(int(prompted))
        if spec.prefix_hit_share:
            metrics["vllm:prefix_cache_queries_total"] = float(int(prompted))
            metrics["vllm:prefix_cache_hits_total"] = float(int(hits))
    if spec.ttft_s:
        metrics["vllm:time_to_first_token_seconds_sum"] = round(ttft, 3)
        metrics["vllm:time_to_first_token_seconds_count"] = stops
    metrics = {k: v for k, v in metrics.items()
               if not k.startswith(("vllm:kv_cache", "vllm:num_requests_running")) or k in spec.vllm_metrics}
    return SampleRecord(v=1, ts_ns=at(t), node=spec.node, source="vllm", kind="sample", seq=seq,
                        labels={"engine": "0", "model_name": "m"}, metrics=metrics)


def alert(node: str, t: float, name: str, severity: str = "warning", status: str = "firing") -> Record:
    body = AlertBody(status=status, labels={"alertname": name, "node": node, "severity": severity},
                     startsAt="2025-11-30T00:00:00Z")
    return AlertRecord(v=1, ts_ns=at(t), node=node, source="alert", kind="alert", alert=body)


def sawtooth(base: float, amp: float, period: float, phase: float = 0.0) -> Callable[[float], float]:
    """Healthy KV usage: rises by ``amp`` over ``period`` seconds, then is reclaimed."""
    return lambda t: base + amp * (((t + phase) % period) / period)


def per_gpu_node(streams: Iterable[Iterable[Record]]) -> list[Record]:
    """One node of a server per GPU, from one record stream per GPU (each of its own
    :class:`NodeSpec`): each stream's vLLM samples are the server on that GPU; the node's other
    sources are taken from the first stream. In event-time order."""
    out: list[Record] = []
    for gpu, stream in enumerate(streams):
        for r in stream:
            if isinstance(r, SampleRecord) and r.source == "vllm":
                out.append(r.model_copy(update={"gpu": gpu}))
            elif gpu == 0:
                out.append(r)
    out.sort(key=lambda r: r.ts_ns)
    return out


def merged(*streams: Iterator[Record]) -> list[Record]:
    out = [r for s in streams for r in s]
    out.sort(key=lambda r: r.ts_ns)
    return out


def incident_records(records: Iterable[Record], rules: RuleSet) -> list[Incident]:
    """Every record through a fresh engine, then its end: every incident record it wrote."""
    eng = Engine(rules)
    incidents: list[Incident] = []
    for r in records:
        incidents += eng.process(r).incidents
    return incidents + eng.finish().incidents


def opened_incidents(records: Iterable[Record], rules: RuleSet) -> list[Incident]:
    """Every record through a fresh engine, then its end: each incident's first record."""
    first: dict[str, Incident] = {}
    for inc in incident_records(records, rules):
        first.setdefault(inc.incident_id, inc)
    return list(first.values())
