"""What the report plots, gathered during a replay (the replay's ``observe`` hook).

Per node, at the core's tick resolution (10 s), fixed-size per bin: KV-cache usage, GPU
framebuffer (mean over GPUs), host memory and the serving process's RSS (% of host memory),
requests running and waiting, requests interrupted. Per node, the hypothesis strengths of each
evaluation the replay's batches end on. Per minute, the fleet's firing alerts. Nodes are not
known to matter until the replay ends, so every node is kept: about 8 bytes per series and bin,
~170 KiB per node-hour.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field

from correlator.core import metrics as m
from correlator.core.engine import Engine
from correlator.core.nodestate import engine_key
from correlator.wire.records import Record

NS = 1_000_000_000
BIN_NS = 10 * NS
MINUTE_NS = 60 * NS
SERIES = ("kv_pct", "gpu_pct", "host_pct", "rss_pct", "running", "waiting", "aborts")
NAN = float("nan")


class Binned:
    """Values per bin from ``t0``; the last observation of a bin wins unless ``add``."""

    __slots__ = ("t0_bin", "values")

    def __init__(self, t0_bin: int) -> None:
        self.t0_bin = t0_bin
        self.values = array("d")

    def _slot(self, ts_ns: int) -> int:
        i = ts_ns // BIN_NS - self.t0_bin
        if i < 0:
            return -1
        if i >= len(self.values):
            self.values.extend([NAN] * (i + 1 - len(self.values)))
        return i

    def set(self, ts_ns: int, value: float) -> None:
        i = self._slot(ts_ns)
        if i >= 0:
            self.values[i] = value

    def add(self, ts_ns: int, value: float) -> None:
        i = self._slot(ts_ns)
        if i >= 0:
            old = self.values[i]
            self.values[i] = value if old != old else old + value


@dataclass
class NodeTrace:
    t0_bin: int
    series: dict[str, Binned] = field(default_factory=dict)
    gpu_pct: dict[int, float] = field(default_factory=dict)
    has_nvml: bool = False
    abort_raw: dict[str, float] = field(default_factory=dict)
    scores: list[tuple[int, dict[str, float]]] = field(default_factory=list)
    kv_engines: dict[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.series = {name: Binned(self.t0_bin) for name in SERIES}


class ReportCollector:
    """Pass :meth:`observe` as ``run_replay(..., observe=...)``."""

    def __init__(self) -> None:
        self.nodes: dict[str, NodeTrace] = {}
        self.alerts_per_min: dict[int, int] = {}
        self.first_ns: int | None = None
        self.last_ns = 0
        self.host_total: dict[str, float] = {}

    def observe(self, batch: list[Record], engine: Engine) -> None:
        for rec in batch:
            self._record(rec)
        for name, node in engine.fleet.nodes.items():
            f = node.last_features
            trace = self.nodes.get(name)
            if f is None or trace is None or not node.last_scores:
                continue
            if not trace.scores or trace.scores[-1][0] != f.ts_ns:
                trace.scores.append((f.ts_ns, dict(node.last_scores)))

    # -- records ---------------------------------------------------------------------------
    def _record(self, rec: Record) -> None:
        ts = rec.ts_ns
        if self.first_ns is None or ts < self.first_ns:
            self.first_ns = ts
        if ts > self.last_ns:
            self.last_ns = ts
        if rec.kind == "alert":
            if rec.alert.status == "firing":  # type: ignore[union-attr]
                minute = ts // MINUTE_NS
                self.alerts_per_min[minute] = self.alerts_per_min.get(minute, 0) + 1
            return
        t = self.nodes.get(rec.node)
        if t is None:
            t = self.nodes[rec.node] = NodeTrace(ts // BIN_NS)
        if rec.kind == "sample":
            self._sample(t, rec)  # type: ignore[arg-type]
        elif (rec.event == "request_finished"  # type: ignore[union-attr]
              and rec.attrs.get("finish_reason") == "abort" and not t.abort_raw):  # type: ignore[union-attr]
            t.series["aborts"].add(ts, 1.0)  # counted from events while no counter says

    def _sample(self, t: NodeTrace, rec: Record) -> None:
        mt = rec.metrics  # type: ignore[union-attr]
        ts = rec.ts_ns
        s = t.series
        src = rec.source
        if src == "vllm":
            self._vllm(t, rec)
        elif src == "nvml":
            used, total = mt.get("mem_used_bytes"), mt.get("mem_total_bytes")
            if used is not None and total:
                t.has_nvml = True
                self._gpu(t, ts, rec.gpu, 100.0 * used / total)
        elif src == "dcgm" and not t.has_nvml:  # the same framebuffer, in MiB
            used = mt.get("DCGM_FI_DEV_FB_USED")
            free = _present(mt.get("DCGM_FI_DEV_FB_FREE", 0.0))
            reserved = _present(mt.get("DCGM_FI_DEV_FB_RESERVED", 0.0))
            if used is not None and used < 9.2e18 and used + free + reserved > 0:
                self._gpu(t, ts, rec.gpu, 100.0 * used / (used + free + reserved))
        elif src == "host":
            total = mt.get("mem_total_bytes") or self.host_total.get(rec.node, 0.0)
            if total:
                self.host_total[rec.node] = total
                if "mem_used_bytes" in mt:
                    s["host_pct"].set(ts, 100.0 * mt["mem_used_bytes"] / total)
                if "proc_rss_bytes" in mt:
                    s["rss_pct"].set(ts, 100.0 * mt["proc_rss_bytes"] / total)

    def _vllm(self, t: NodeTrace, rec: Record) -> None:
        mt = rec.metrics  # type: ignore[union-attr]
        ts = rec.ts_ns
        labels = rec.labels or {}  # type: ignore[union-attr]
        engine = engine_key(labels, rec.gpu)
        for name in m.KV_USAGE:
            if name in mt:
                t.kv_engines[engine] = 100.0 * mt[name]
                t.series["kv_pct"].set(ts, max(t.kv_engines.values()))
        if m.RUNNING in mt:
            t.series["running"].set(ts, mt[m.RUNNING])
        if m.WAITING in mt:
            t.series["waiting"].set(ts, mt[m.WAITING])
        for name, value in mt.items():
            if m.finished_reason(name) == "abort":
                key = f"{engine}|{name}"
                last = t.abort_raw.get(key)
                t.abort_raw[key] = value
                if last is not None:
                    t.series["aborts"].add(ts, value - last if value >= last else value)

    def _gpu(self, t: NodeTrace, ts: int, gpu: int | None, pct: float) -> None:
        """Mean over the node's GPUs of each GPU's last reading."""
        t.gpu_pct[-1 if gpu is None else gpu] = pct
        t.series["gpu_pct"].set(ts, sum(t.gpu_pct.values()) / len(t.gpu_pct))


def _present(value: float) -> float:
    """dcgm-exporter writes blank fields as values >= 9.2e18."""
    return value if value < 9.2e18 else 0.0
