"""What the cluster's Prometheus sees of each node, and the PromQL-like functions its rules use.

Prometheus scrapes every 15 s: the node's vLLM endpoint (when the process serves and the
exporter answers), dcgm-exporter (one series set per GPU still on the bus), node-exporter,
plus the gateway's per-upstream counters and kube-state-metrics' restart count, which live
off the node. A target it cannot reach has ``up == 0`` and no series: rules over its metrics
return nothing, so their alerts resolve, as in Prometheus.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from correlator.sim.catalog import MIB
from correlator.sim.gateway import Upstream
from correlator.sim.histogram import E2E_BUCKETS, ITL_BUCKETS, TTFT_BUCKETS, quantile
from correlator.sim.node import Node

SCRAPE_S = 15
HISTORY = 130
HIST_BOUNDS: dict[str, tuple[float, ...]] = {
    "ttft": TTFT_BUCKETS,
    "e2e": E2E_BUCKETS,
    "itl": ITL_BUCKETS,
    "queue": E2E_BUCKETS,
}


@dataclass(slots=True)
class Scrape:
    """One scrape round of one node's targets."""

    t: float
    up: dict[str, bool]
    vllm: dict[str, float] | None = None
    hist: dict[str, tuple[float, ...]] = field(default_factory=dict)
    gpus: dict[int, dict[str, float]] = field(default_factory=dict)
    host: dict[str, float] | None = None
    gw: dict[str, float] = field(default_factory=dict)
    gw_ttfb: tuple[float, ...] = ()
    restarts: float = 0.0


def scrape(node: Node, upstream: Upstream, t: float, xid_seen: set[int]) -> Scrape:
    reachable = not node.faults.partitioned
    vllm_up = reachable and node.serving and not node.faults.vllm_silent
    out = Scrape(t, {"vllm": vllm_up, "dcgm-exporter": reachable, "node-exporter": reachable})
    if vllm_up:
        _scrape_vllm(node, out)
    if reachable:
        _scrape_gpus(node, out, xid_seen)
        _scrape_host(node, out)
    out.gw = {"requests": upstream.requests, "errors": upstream.errors,
              "timeouts": upstream.timeouts, "healthy": float(upstream.ok)}  # fmt: skip
    out.gw_ttfb = upstream.ttfb.snapshot()
    out.restarts = float(node.restarts)
    return out


def _scrape_vllm(node: Node, out: Scrape) -> None:
    engine = node.engine
    assert engine is not None
    c = engine.counters
    out.vllm = {
        "running": float(len(engine.running)),
        "waiting": float(len(engine.waiting)),
        "preemptions": c.preemptions,
        "queries": c.prefix_queries,
        "hits": c.prefix_hits,
        "generation": c.generation_tokens,
        "prompt": c.prompt_tokens,
        "drafts": c.draft_tokens,
        "accepted": c.accepted_tokens,
        "max_num_seqs": float(engine.max_num_seqs),
        **{f"finished_{k}": v for k, v in c.finished.items()},
    }
    if node.spec.exposes_kv_usage:
        out.vllm["kv"] = engine.pool.usage
    for name in ("ttft", "e2e", "itl", "queue"):
        out.hist[name] = getattr(c, name).snapshot()


def _scrape_gpus(node: Node, out: Scrape, xid_seen: set[int]) -> None:
    total = node.spec.gpu.mem_total_bytes
    reserved = node.spec.gpu.reserved_bytes
    for gpu in node.gpus:
        if gpu.lost:
            if gpu.xid is not None and gpu.index not in xid_seen:
                xid_seen.add(gpu.index)
                out.gpus[gpu.index] = {"xid": float(gpu.xid)}
            continue
        used = gpu.mem_used / MIB
        out.gpus[gpu.index] = {
            "fb_used": used,
            "fb_free": (total - reserved) / MIB - used,
            "util": gpu.util,
            "mem_copy": gpu.mem_util,
            "temp": gpu.temp,
            "power": gpu.power,
        }
        if gpu.xid is not None:
            out.gpus[gpu.index]["xid"] = float(gpu.xid)


def _scrape_host(node: Node, out: Scrape) -> None:
    host = node.host
    out.host = {"used": float(host.used), "total": float(host.total), "rss": float(host.rss),
                "swap": host.swap, "oom": float(host.oom_kills)}  # fmt: skip


class View:
    """A node's scrape history with the few PromQL functions the rules need."""

    def __init__(self, node: str, gpus: int) -> None:
        self.node = node
        self.gpus = gpus
        self.history: deque[Scrape] = deque(maxlen=HISTORY)
        self.xid_seen: set[int] = set()
        self.recent: list[Scrape] = []
        self.memo: dict[tuple[str, float], float | None] = {}

    def add(self, scrape: Scrape) -> None:
        self.history.append(scrape)
        self.recent = list(self.history)
        self.memo = {}

    @property
    def now(self) -> Scrape:
        return self.recent[-1]

    def window(self, seconds: float) -> list[Scrape]:
        """Scrapes within ``seconds`` of the newest (scrapes are ``SCRAPE_S`` apart)."""
        return self.recent[-(int(seconds) // SCRAPE_S + 1) :]

    def span(self, seconds: float) -> float:
        """How much history a ``[seconds]`` range actually covers (young views cover less)."""
        return self.now.t - self.window(seconds)[0].t

    def increase(self, seconds: float, get: Callable[[Scrape], float | None]) -> float | None:
        """``increase(x[seconds])`` with counter resets, None without two samples."""
        values = [v for v in (get(s) for s in self.window(seconds)) if v is not None]
        if len(values) < 2:
            return None
        total = 0.0
        for before, after in pairwise(values):
            total += after - before if after >= before else after
        return total

    def rate(self, seconds: float, get: Callable[[Scrape], float | None]) -> float | None:
        inc = self.increase(seconds, get)
        span = self.span(seconds)
        return inc / span if inc is not None and span > 0 else None

    def vllm(self, key: str) -> float | None:
        values = self.now.vllm
        return values.get(key) if values is not None else None

    def vrate(self, key: str, seconds: float) -> float | None:
        memo = ("v" + key, seconds)
        if memo not in self.memo:
            self.memo[memo] = self.rate(seconds, lambda s: s.vllm.get(key) if s.vllm else None)
        return self.memo[memo]

    def vratio(self, num: Sequence[str], den: Sequence[str], seconds: float) -> float | None:
        top = [self.vrate(k, seconds) for k in num]
        bottom = [self.vrate(k, seconds) for k in den]
        if None in top or None in bottom:
            return None
        total = sum(b for b in bottom if b is not None)
        return sum(x for x in top if x is not None) / total if total > 0 else None

    def hquantile(self, name: str, q: float, seconds: float) -> float | None:
        now = self.now.hist.get(name)
        old = [s.hist.get(name) for s in self.window(seconds)]
        before = next((h for h in old if h is not None), None)
        if now is None or before is None or now is before:
            return None
        return quantile(q, now, before, HIST_BOUNDS[name])

    def gw_rate(self, key: str, seconds: float) -> float | None:
        memo = ("g" + key, seconds)
        if memo not in self.memo:
            self.memo[memo] = self.rate(seconds, lambda s: s.gw.get(key))
        return self.memo[memo]

    def gw_quantile(self, q: float, seconds: float, bounds: tuple[float, ...]) -> float | None:
        old = self.window(seconds)[0]
        if old is self.now:
            return None
        return quantile(q, self.now.gw_ttfb, old.gw_ttfb, bounds)

    def host(self, key: str) -> float | None:
        values = self.now.host
        return values.get(key) if values is not None else None

    def deriv(self, seconds: float, get: Callable[[Scrape], float | None]) -> float | None:
        """Least-squares slope per second, as PromQL ``deriv``."""
        points = [(s.t, v) for s in self.window(seconds) if (v := get(s)) is not None]
        if len(points) < 4:
            return None
        n = len(points)
        mt = sum(p[0] for p in points) / n
        mv = sum(p[1] for p in points) / n
        var = sum((p[0] - mt) ** 2 for p in points)
        return sum((p[0] - mt) * (p[1] - mv) for p in points) / var if var > 0 else None
