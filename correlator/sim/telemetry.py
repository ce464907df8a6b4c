"""Turn a node's state into contract records, as its agents would collect them.

NVML every 5 s per GPU, DCGM every 15 s per GPU, vLLM /metrics every 5 s, host every 10 s,
each source at its own phase; KV events batched every 2 s; ``request_finished`` per request.
Each (source, GPU) stream numbers its records with ``seq``. A source that cannot be collected
(process down, exporter dead, GPU off the bus) produces nothing; a partitioned node's records
are produced (and numbered) but never arrive.
"""

from __future__ import annotations

import random
from typing import Any

from correlator.sim.catalog import MIB
from correlator.sim.counters import EngineCounters
from correlator.sim.engine import Engine
from correlator.sim.gpu import GpuState
from correlator.sim.node import Node, NodeEvent
from correlator.sim.noise import Clocks
from correlator.sim.request import Request

Record = dict[str, Any]
EVERY = {"nvml": 5, "dcgm": 15, "vllm": 5, "host": 10}
KV_FLUSH_S = 2
DUE_CYCLE = 30
"""A multiple of every sampling period."""


class NodeEmitter:
    """Produces one node's records for each second, in true-time order."""

    def __init__(self, node: Node, start_ns: int, clocks: Clocks, request_events: bool) -> None:
        self.node = node
        self.name = node.spec.name
        self.start_ns = start_ns
        self.clocks = clocks
        self.request_events = request_events
        rng = random.Random(f"phase/{node.spec.name}")
        self.phase = {s: (rng.randrange(every), rng.uniform(0.0, 0.9)) for s, every in EVERY.items()}
        self.kv_phase = rng.randrange(KV_FLUSH_S)
        self.due_at = {
            r for r in range(DUE_CYCLE) for s, (due, _) in self.phase.items() if r % EVERY[s] == due
        }
        self.seq: dict[tuple[str, int | None], int] = {}
        self.dcgm_keys = ("UUID", "Hostname") if rng.random() < 0.75 else ("uuid", "hostname")
        self.xid_reported: set[int] = set()

    def due(self, t: int) -> bool:
        """Whether a sample is collected during second ``t`` (GPU state must be fresh)."""
        return t % DUE_CYCLE in self.due_at

    def second(self, t: int, finished: list[Request], events: list[NodeEvent]) -> list[tuple[float, Record]]:
        out: list[tuple[float, Record]] = []
        for ev in events:
            self._event(out, ev.t, ev.source, ev.gpu, ev.name, ev.attrs)
        if self._vllm_alive():
            self._requests(out, finished)
        if t % KV_FLUSH_S == self.kv_phase:
            self._kv(out, t)
        for source in EVERY:
            due, frac = self.phase[source]
            if t % EVERY[source] == due and not self.clocks.missed():
                getattr(self, f"_{source}")(out, t + frac)
        out.sort(key=lambda item: item[0])
        for t_true, record in out:
            self._number(t_true, record)
        if self.node.faults.partitioned:
            return []
        return out

    # -- envelope ---------------------------------------------------------------------------

    def _envelope(self, t: float, source: str, gpu: int | None, kind: str) -> Record:
        return {"v": 1, "ts_ns": 0, "node": self.name, "source": source, "kind": kind,
                "gpu": gpu, "seq": 0}  # fmt: skip

    def _number(self, t: float, record: Record) -> None:
        """Stamp (the producer's skewed clock) and number records in the order they occur."""
        source = record["source"]
        key = (source, record["gpu"])
        seq = self.seq.get(key, 0) + 1
        self.seq[key] = seq
        record["seq"] = seq
        ts = self.start_ns + round((t + self.clocks.skew(self.name, source)) * 1e9)
        record["ts_ns"] = max(0, ts)

    def _sample(self, out: list[tuple[float, Record]], t: float, source: str, gpu: int | None,
                metrics: dict[str, float], labels: dict[str, str]) -> None:  # fmt: skip
        record = self._envelope(t, source, gpu, "sample")
        record["metrics"] = metrics
        record["labels"] = labels
        out.append((t, record))

    def _event(self, out: list[tuple[float, Record]], t: float, source: str, gpu: int | None,
               name: str, attrs: dict[str, Any]) -> None:  # fmt: skip
        if source == "vllm" and self.node.faults.vllm_silent:
            return
        record = self._envelope(t, source, gpu, "event")
        record["event"] = name
        record["attrs"] = attrs
        out.append((t, record))

    # -- samples ----------------------------------------------------------------------------

    def _nvml(self, out: list[tuple[float, Record]], t: float) -> None:
        spec = self.node.spec
        for gpu in self.node.gpus:
            if gpu.lost:
                continue
            metrics = {
                "mem_used_bytes": gpu.mem_used,
                "mem_total_bytes": spec.gpu.mem_total_bytes,
                "mem_reserved_bytes": spec.gpu.reserved_bytes,
                "proc_used_bytes": gpu.proc_used,
                "gpu_util_pct": round(gpu.util),
                "mem_util_pct": round(gpu.mem_util),
                "temp_c": round(gpu.temp),
                "power_w": round(gpu.power, 3),
            }
            labels = {"uuid": f"GPU-{spec.uuids[gpu.index]}", "name": spec.gpu.name}
            self._sample(out, t, "nvml", gpu.index, metrics, labels)

    def _dcgm(self, out: list[tuple[float, Record]], t: float) -> None:
        for gpu in self.node.gpus:
            if gpu.lost and (gpu.xid is None or gpu.index in self.xid_reported):
                continue
            metrics = self._dcgm_metrics(gpu)
            self._sample(out, t, "dcgm", gpu.index, metrics, self._dcgm_labels(gpu.index))

    def _dcgm_metrics(self, gpu: GpuState) -> dict[str, float]:
        if gpu.lost:
            self.xid_reported.add(gpu.index)
            return {"DCGM_FI_DEV_XID_ERRORS": float(gpu.xid or 0)}
        spec = self.node.spec.gpu
        used = gpu.mem_used // MIB
        reserved = spec.reserved_bytes // MIB
        metrics: dict[str, float] = {
            "DCGM_FI_DEV_FB_USED": used,
            "DCGM_FI_DEV_FB_FREE": spec.mem_total_bytes // MIB - reserved - used,
            "DCGM_FI_DEV_FB_RESERVED": reserved,
            "DCGM_FI_DEV_GPU_UTIL": round(gpu.util),
            "DCGM_FI_DEV_MEM_COPY_UTIL": round(gpu.mem_util),
            "DCGM_FI_DEV_GPU_TEMP": round(gpu.temp),
            "DCGM_FI_DEV_POWER_USAGE": round(gpu.power, 3),
        }
        if gpu.xid is not None:
            metrics["DCGM_FI_DEV_XID_ERRORS"] = float(gpu.xid)
        return metrics

    def _dcgm_labels(self, index: int) -> dict[str, str]:
        spec = self.node.spec
        uuid_key, host_key = self.dcgm_keys
        return {"gpu": str(index), uuid_key: f"GPU-{spec.uuids[index]}",
                "device": f"nvidia{index}", "modelName": spec.gpu.name, host_key: self.name}  # fmt: skip

    def _vllm_alive(self) -> bool:
        return self.node.serving and not self.node.faults.vllm_silent

    def _vllm(self, out: list[tuple[float, Record]], t: float) -> None:
        engine = self.node.engine
        if engine is None or not self._vllm_alive():
            return
        self._sample(out, t, "vllm", None, self._vllm_metrics(engine), self.node.spec.engine_labels)

    def _vllm_metrics(self, engine: Engine) -> dict[str, float]:
        c = engine.counters
        metrics: dict[str, float] = {
            "vllm:num_requests_running": len(engine.running),
            "vllm:num_requests_waiting": len(engine.waiting),
        }
        if self.node.spec.exposes_kv_usage:
            metrics["vllm:kv_cache_usage_perc"] = round(engine.pool.usage, 6)
        metrics.update(_counters(c))
        if engine.spec is not None:
            metrics.update(_spec_counters(c))
        return metrics

    def _host(self, out: list[tuple[float, Record]], t: float) -> None:
        host = self.node.host
        metrics: dict[str, float] = {
            "mem_used_bytes": host.used,
            "mem_total_bytes": host.total,
            "proc_rss_bytes": host.rss,
            "swap_used_bytes": int(host.swap),
        }
        self._sample(out, t, "host", None, metrics, {})

    # -- events -----------------------------------------------------------------------------

    def _requests(self, out: list[tuple[float, Record]], finished: list[Request]) -> None:
        if not self.request_events:
            return
        spec = self.node.spec.spec is not None
        for req in finished:
            self._event(out, req.finished_at, "vllm", None, "request_finished",
                        _finished_attrs(req, spec))  # fmt: skip

    def _kv(self, out: list[tuple[float, Record]], t: int) -> None:
        stored, removed = self.node.kv_delta()
        if not self._vllm_alive():
            return
        if stored > 0:
            self._event(out, t + 0.95, "vllm", None, "kv_block_stored",
                        {"count": stored, "medium": "GPU"})  # fmt: skip
        if removed > 0:
            self._event(out, t + 0.96, "vllm", None, "kv_block_removed",
                        {"count": removed, "medium": "GPU"})  # fmt: skip


def _counters(c: EngineCounters) -> dict[str, float]:
    out: dict[str, float] = {
        "vllm:num_preemptions_total": round(c.preemptions),
        "vllm:prefix_cache_queries_total": round(c.prefix_queries),
        "vllm:prefix_cache_hits_total": round(c.prefix_hits),
        "vllm:prompt_tokens_total": round(c.prompt_tokens),
        "vllm:generation_tokens_total": round(c.generation_tokens),
    }
    for reason, value in c.finished.items():
        out[f'vllm:request_success_total{{finished_reason="{reason}"}}'] = round(value)
    out["vllm:e2e_request_latency_seconds_sum"] = round(c.e2e.sum, 3)
    out["vllm:e2e_request_latency_seconds_count"] = round(c.e2e.count)
    out["vllm:time_to_first_token_seconds_sum"] = round(c.ttft.sum, 3)
    out["vllm:time_to_first_token_seconds_count"] = round(c.ttft.count)
    return out


def _spec_counters(c: EngineCounters) -> dict[str, float]:
    return {
        "vllm:spec_decode_num_drafts_total": round(c.drafts),
        "vllm:spec_decode_num_draft_tokens_total": round(c.draft_tokens),
        "vllm:spec_decode_num_accepted_tokens_total": round(c.accepted_tokens),
    }


def _finished_attrs(req: Request, spec: bool) -> dict[str, Any]:
    attrs: dict[str, Any] = {
        "request_id": req.rid,
        "finish_reason": req.finish_reason,
        "tenant": req.tenant.name,
    }
    if req.session is not None:
        attrs["session"] = req.session.public_id
    attrs["prompt_tokens"] = req.prompt_tokens
    attrs["generation_tokens"] = int(req.generated)
    attrs["cached_tokens"] = req.cached
    if spec:
        attrs["spec_draft_tokens"] = int(req.drafts)
    return attrs
