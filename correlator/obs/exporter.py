"""Scrape-time metric families from what a process holds: its fleets, books and tracker.

A Prometheus collector, registered once; each scrape calls ``view()`` for the current
state and reads it without changing it. Serve it from the thread that changes the state
(the worker's event loop, the ingest's): a scrape then never sees a half-applied record.

Cost per scrape is linear in the nodes held (a few series tails per node); nodes not under
evaluation publish no scores, so their series go stale instead of repeating old values.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
    Metric,
)
from prometheus_client.registry import Collector

from correlator.config.model import RuleSet
from correlator.core.features import Windows
from correlator.core.fleet import Fleet
from correlator.core.incidents import IncidentBook
from correlator.core.node_engine import NodeEngine
from correlator.obs import catalog as c
from correlator.obs.kvhealth import node_kv
from correlator.obs.tracker import FleetTracker, NodeTracker

NS = 1e9


@dataclass
class Partition:
    """One fleet a process holds (a worker: one per partition number and run)."""

    label: str
    fleet: Fleet
    watermark_ns: int
    snapshot_bytes: int | None = None


@dataclass
class EngineView:
    rules: RuleSet
    partitions: list[Partition] = field(default_factory=list)
    books: list[IncidentBook] = field(default_factory=list)
    tracker: FleetTracker | None = None


def gauge(spec: c.Spec) -> GaugeMetricFamily:
    return GaugeMetricFamily(spec.name, spec.help, labels=list(spec.labels))


def counter(spec: c.Spec) -> CounterMetricFamily:
    return CounterMetricFamily(spec.name, spec.help, labels=list(spec.labels))


def histogram(spec: c.Spec) -> HistogramMetricFamily:
    return HistogramMetricFamily(spec.name, spec.help, labels=list(spec.labels))


class EngineCollector(Collector):
    def __init__(self, view: Callable[[], EngineView]) -> None:
        self.view = view

    def describe(self) -> list[Metric]:
        return []  # families depend on the state: do not collect at registration

    def collect(self) -> Iterator[Metric]:
        v = self.view()
        yield from engine_families(v)
        yield from fleet_families(v)


def engine_families(v: EngineView) -> Iterator[Metric]:
    """The correlator's own state: watermarks, nodes, pending records, open incidents."""
    wm, lag, snap = gauge(c.WATERMARK), gauge(c.WATERMARK_LAG), gauge(c.SNAPSHOT_BYTES)
    nodes = pending = sessions = 0
    for p in v.partitions:
        f = p.fleet
        if f.max_ns > 0 and p.watermark_ns > 0:
            wm.add_metric([p.label], p.watermark_ns / NS)
            lag.add_metric([p.label], max(f.max_ns - p.watermark_ns, 0) / NS)
        if p.snapshot_bytes is not None:
            snap.add_metric([p.label], p.snapshot_bytes)
        nodes += len(f.nodes)
        for n in f.nodes.values():
            pending += n.aligner.pending()
            sessions += len(n.state.sessions.sessions)
    yield from (wm, lag, snap)
    for spec, value in ((c.NODES, nodes), (c.PENDING, pending), (c.SESSIONS, sessions)):
        g = gauge(spec)
        g.add_metric([], value)
        yield g
    open_ = gauge(c.INCIDENTS_OPEN)
    by_cause: dict[str, int] = {}
    for book in v.books:
        for tracked in book.open.values():
            by_cause[tracked.cause] = by_cause.get(tracked.cause, 0) + 1
    for cause, count in sorted(by_cause.items()):
        open_.add_metric([cause], count)
    yield open_


def fleet_families(v: EngineView) -> Iterator[Metric]:
    """Per node: hypothesis and detector scores, KV-cache health, requests, sessions."""
    w = Windows.from_rules(v.rules)
    per_mb = v.rules.hypotheses.spec_residue.residue_mb_per_interrupt
    engines = _nodes(v)
    trackers = v.tracker.nodes if v.tracker is not None else {}
    g = {s.name: gauge(s) for s in (c.HYPOTHESIS, c.DETECTOR, c.NODE_ACTIVE, c.KV_USAGE, c.KV_GROWTH,
                                     c.KV_ACCEL, c.KV_UNRELEASED, c.KV_POOL, c.KV_LEAKED,
                                     c.SPEC_ACTIVE, c.RESIDUE, c.SESSIONS_ACTIVE, c.FRAMEBUFFER)}
    for name, node in engines.items():
        _scores(g, name, node, w.tick_ns)
    for name in sorted(set(engines) | set(trackers)):
        _kv(g, name, engines.get(name), trackers.get(name), w, per_mb)
    yield from g.values()
    yield from _tracker_families(trackers)


def _nodes(v: EngineView) -> dict[str, NodeEngine]:
    out: dict[str, NodeEngine] = {}
    for p in v.partitions:
        out.update(p.fleet.nodes)
    return out


def _scores(g: dict[str, GaugeMetricFamily], name: str, node: NodeEngine, tick_ns: int) -> None:
    f = node.last_features
    for machine in (node.machine, node.second):
        if machine is not None and machine.active:
            g[c.NODE_ACTIVE.name].add_metric([name, machine.cause], 1.0)
    if f is not None and node.next_tick_ns - f.ts_ns <= 2 * tick_ns:
        for cause, score in sorted(node.last_scores.items()):
            g[c.HYPOTHESIS.name].add_metric([name, cause], score)
    for det, score in sorted(node.detectors.scores().items()):
        if score == score:
            g[c.DETECTOR.name].add_metric([name, det], score)


def _kv(g: dict[str, GaugeMetricFamily], name: str, node: NodeEngine | None,
        tracker: NodeTracker | None, w: Windows, per_mb: float) -> None:
    kv = node_kv(name, node, tracker, w, per_mb)
    for e in kv.engines:
        labels = [name, e.engine]
        for spec, value in ((c.KV_USAGE, e.usage_ratio), (c.KV_GROWTH, e.growth_per_s),
                            (c.KV_ACCEL, e.acceleration_per_s2), (c.KV_UNRELEASED, e.unreleased_ratio)):
            if value == value:
                g[spec.name].add_metric(labels, value)
        if e.pool_blocks:
            g[c.KV_POOL.name].add_metric(labels, e.pool_blocks)
        if e.leaked_blocks == e.leaked_blocks:
            g[c.KV_LEAKED.name].add_metric([*labels, ""], e.leaked_blocks)
    for tenant, blocks in sorted(kv.tenant_leaked_blocks.items()):
        g[c.KV_LEAKED.name].add_metric([name, "", tenant], blocks)
    for gpu, ratio in sorted(kv.framebuffer_ratio.items()):
        g[c.FRAMEBUFFER.name].add_metric([name, str(gpu)], ratio)
    if tracker is not None:
        g[c.SPEC_ACTIVE.name].add_metric([name], 1.0 if tracker.spec_active else 0.0)
        g[c.RESIDUE.name].add_metric([name], kv.residue_bytes)
        g[c.SESSIONS_ACTIVE.name].add_metric([name], tracker.active_sessions())


def _tracker_families(trackers: dict[str, NodeTracker]) -> Iterator[Metric]:
    tokens, requests, turns = counter(c.TOKENS), counter(c.REQUESTS), counter(c.TURNS)
    reuses, collisions = counter(c.REUSES), counter(c.COLLISIONS)
    rebuild, lifetime = histogram(c.KV_REBUILD), histogram(c.LIFETIME)
    lifetimes: dict[str, list[tuple[list[tuple[str, int]], float]]] = {}
    for name, t in sorted(trackers.items()):
        for fam, values in ((tokens, t.tokens), (requests, t.requests), (turns, t.turns),
                            (reuses, t.reuses)):
            for key, value in sorted(values.items()):
                fam.add_metric([name, key], value)
        collisions.add_metric([name], t.collisions)
        if t.rebuild.count:
            rebuild.add_metric([name], t.rebuild.buckets(), t.rebuild.total)
        for tenant, h in t.lifetimes.items():
            lifetimes.setdefault(tenant, []).append((h.buckets(), h.total))
    for tenant, hs in sorted(lifetimes.items()):
        lifetime.add_metric([tenant], _sum_buckets([b for b, _ in hs]), sum(s for _, s in hs))
    yield from (tokens, requests, turns, reuses, collisions, rebuild, lifetime)


def _sum_buckets(all_buckets: list[list[tuple[str, int]]]) -> list[tuple[str, float]]:
    """Per-node histograms of one tenant added up (same bounds)."""
    out = [(le, 0.0) for le, _ in all_buckets[0]]
    for buckets in all_buckets:
        out = [(le, acc + n) for (le, acc), (_, n) in zip(out, buckets, strict=True)]
    return out
