"""Stage one: every node's pipeline, fed records, producing findings and actions.

A fleet can hold the whole cluster (embedded mode) or one worker's partitions (streaming
mode); what a node concludes depends only on that node's records, so the same node yields
the same findings wherever it is processed.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from correlator.config.model import RuleSet
from correlator.core.align import SOURCES_KEPT, AlignedRecord, alert_node
from correlator.core.features import NS, Windows
from correlator.core.hosts import NO_NODE, short_host
from correlator.core.node_engine import NodeEngine, NodeOutput
from correlator.core.outputs import ActionEvent, Finding
from correlator.wire.decode import Rejected
from correlator.wire.records import AlertRecord, Record


@dataclass
class FleetOutput:
    findings: list[Finding] = field(default_factory=list)
    actions: list[ActionEvent] = field(default_factory=list)
    rejected: list[Rejected] = field(default_factory=list)

    def extend(self, other: FleetOutput) -> None:
        self.findings += other.findings
        self.actions += other.actions
        self.rejected += other.rejected


@dataclass
class FleetStats:
    records: int = 0
    alerts_firing: int = 0
    alerts_resolved: int = 0
    late: int = 0
    overflow: int = 0
    nodes_expired: int = 0
    internal_errors: int = 0
    by_source: dict[str, int] = field(default_factory=dict)


FLOOR_STEP_NS = 1_000_000_000
ROBUST_FROM_NODES = 4
"""Fleets of fewer nodes keep the newest event time as their clock (no one in four to follow)."""
LAG_SAMPLES = 9
"""A node's clock lag is the median of this many ticks' samples (:meth:`Fleet._saw`)."""


class Fleet:
    """Per-node pipelines plus fleet time (the newest event time less the lateness)."""

    _next_floor_ns = 0  # (snapshots from before it was kept: refresh at the next record)
    _by_short: Mapping[str, str] = MappingProxyType({})  # (replaced whole: :meth:`_alert_target`)
    _by_short_of = (-1, -1)

    def __init__(self, rules: RuleSet, external_clock: bool = False) -> None:
        """With ``external_clock`` the fleet never advances by itself: the shell calls
        :meth:`advance` at the fleet times it knows (a partition of a larger fleet)."""
        self.rules = rules
        self.external_clock = external_clock
        self.windows = Windows.from_rules(rules)
        self.nodes: dict[str, NodeEngine] = {}
        self.fleet_sources: set[str] = set()
        self.max_ns = 0
        self.next_advance_ns = -1
        self.lateness_ns = int(rules.alignment.allowed_lateness_s * NS)
        self.stats = FleetStats()
        self._floor_ns = 0
        a = rules.alignment
        self.outlier_ns = int(a.fleet_clock_outlier_s * NS)
        self.slack_ns = int(a.node_clock_slack_s * NS)
        self.node_max: dict[str, int] = {}
        """Newest telemetry event time per node (alerts keep the alerting system's clock)."""
        self._lag_samples: dict[str, list[int]] = {}
        """How far each node's newest records ran behind fleet time when they arrived, at its
        last ``LAG_SAMPLES`` ticks (:meth:`_saw`); :meth:`node_now` takes their median."""
        self._sampled_at: dict[str, int] = {}
        self._ref_ns = 0  # fleet time at the last advance, plus the lateness

    @property
    def now_ns(self) -> int:
        return self.max_ns - self.lateness_ns

    @property
    def floor_ns(self) -> int:
        """No finding this fleet produces from now on will be stamped earlier than this.

        A node concludes only about event time its watermark has passed, so the lowest node
        watermark bounds every future finding (alert attachments aside, which only add alerts).
        Refreshed every second of fleet time (``FLOOR_STEP_NS``), so that a finding waits at
        most that long for it; between refreshes it only errs low.
        """
        return self._floor_ns

    def _refresh_floor(self) -> None:
        self._floor_ns = min((n.aligner.released_ns for n in self.nodes.values()), default=self.now_ns)
        self._next_floor_ns = self.max_ns + FLOOR_STEP_NS

    def node(self, name: str) -> NodeEngine:
        n = self.nodes.get(name)
        if n is None:
            n = self.nodes[name] = NodeEngine(name, self.rules, self.windows, self.fleet_sources)
        return n

    def process(self, rec: Record) -> FleetOutput:
        st = self.stats
        st.records += 1
        source = rec.source
        by_source = st.by_source
        by_source[source] = by_source.get(source, 0) + 1
        if isinstance(rec, AlertRecord):
            if rec.alert.status == "firing":
                st.alerts_firing += 1
            else:
                st.alerts_resolved += 1
            node_out = self.node(self._alert_target(alert_node(rec))).alert(rec)
        else:
            fleet_sources = self.fleet_sources
            if source not in fleet_sources and len(fleet_sources) < 64:
                fleet_sources.add(source)
            node_out = (self.nodes.get(rec.node) or self.node(rec.node)).push(rec)
            if rec.ts_ns > self.node_max.get(rec.node, -1):
                self._saw(rec.node, rec.ts_ns)
        if node_out.findings or node_out.actions or node_out.refused:
            out = self._convert(node_out)
        else:
            out = FleetOutput()
        ts = rec.ts_ns
        if ts > self.max_ns:
            self.max_ns = ts
            now = ts - self.lateness_ns  # now_ns
            if now >= self.next_advance_ns and not self.external_clock:
                out.extend(self._advance_on_records(now))
            elif ts >= self._next_floor_ns:
                self._refresh_floor()
        return out

    def process_batch(self, records: list[Record]) -> FleetOutput:
        """Exactly :meth:`process` for each record in turn, with one output for the batch.

        A record whose processing raises (an engine bug, never a property of valid input) is
        returned rejected with the error as its reason, and the batch goes on; :meth:`process`
        leaves that to its caller (the streaming worker guards each item itself)."""
        out = NodeOutput()
        extra = FleetOutput()
        st = self.stats
        by_source = st.by_source
        nodes = self.nodes
        fleet_sources = self.fleet_sources
        lateness = self.lateness_ns
        node_max = self.node_max
        sampled_at = self._sampled_at
        for rec in records:
            source = rec.source
            by_source[source] = by_source.get(source, 0) + 1
            try:
                if rec.kind == "alert":
                    if rec.alert.status == "firing":  # type: ignore[union-attr]
                        st.alerts_firing += 1
                    else:
                        st.alerts_resolved += 1
                    name = self._alert_target(alert_node(rec))  # type: ignore[arg-type]
                    (nodes.get(name) or self.node(name)).alert_into(rec, out)  # type: ignore[arg-type]
                else:
                    if source not in fleet_sources and len(fleet_sources) < 64:
                        fleet_sources.add(source)
                    (nodes.get(rec.node) or self.node(rec.node)).push_into(rec, out)  # type: ignore[arg-type]
                    ts = rec.ts_ns
                    if ts > node_max.get(rec.node, -1):  # self._saw's first step, inline
                        node_max[rec.node] = ts
                        if sampled_at.get(rec.node) != self._ref_ns:
                            self._saw(rec.node, ts)
            except Exception as err:  # an engine bug must not stop the batch: keep the record
                st.internal_errors += 1
                extra.rejected.append(_failed(rec, err))
            ts = rec.ts_ns
            if ts > self.max_ns:
                self.max_ns = ts
                now = ts - lateness  # now_ns
                if now >= self.next_advance_ns and not self.external_clock:
                    extra.extend(self._convert(out))
                    out = NodeOutput()
                    extra.extend(self._advance_on_records(now))
                elif ts >= self._next_floor_ns:
                    self._refresh_floor()
        st.records += len(records)
        extra.extend(self._convert(out))
        return extra

    def _alert_target(self, name: str) -> str:
        """The node an alert naming ``name`` is about: ``name`` where telemetry comes under it,
        else the node whose telemetry comes under its short or its fully qualified form
        (outsider s154: a node known to Kubernetes, and so to its alerts, as
        ``mf-h100-05.gpu.fra2.example.net``, while its agent reports ``mf-h100-05``). An alert
        for a node not seen yet keeps its name."""
        node_max = self.node_max
        if name in node_max or name == NO_NODE:
            return name
        short = short_host(name)
        if short is not None:
            return short if short in node_max else name
        # (rebuilt when the nodes seen change: one more, or one expired and maybe replaced)
        seen = (len(node_max), self.stats.nodes_expired)
        if self._by_short_of != seen:
            self._by_short = {s: n for n in node_max if (s := short_host(n)) is not None}
            self._by_short_of = seen
        return self._by_short.get(name, name)

    def _saw(self, node: str, ts_ns: int) -> None:
        """A node's newest record so far arrived: how far it runs behind fleet time.

        Sampled once per node per tick (its first newest record after an advance); the median
        of the last ``LAG_SAMPLES`` samples counts: a clock that is off shows in every sample,
        a burst of delayed records or a jump of the whole fleet's clock in a few."""
        self.node_max[node] = ts_ns
        ref = self._ref_ns
        if ref and self._sampled_at.get(node) != ref:
            self._sampled_at[node] = ref
            ring = self._lag_samples.setdefault(node, [])
            ring.append(ref - ts_ns)
            if len(ring) > LAG_SAMPLES:
                del ring[0]

    def fleet_now(self, now_ns: int) -> int:
        """``now_ns`` (the newest event time less the lateness), but no more than
        ``fleet_clock_outlier_s`` ahead of the newest event time of one node in four (less the
        lateness), and never earlier than fleet time already was.

        A node whose clock runs minutes ahead (NTP broken) would otherwise set fleet time for
        all, and every other node would look silent; so would the last minutes of a recording
        in which one node's records run on after the others' end."""
        if len(self.node_max) >= ROBUST_FROM_NODES:
            k = 1 + len(self.node_max) // 4
            kth = heapq.nlargest(k, self.node_max.values())[-1]
            now_ns = min(now_ns, kth + self.outlier_ns - self.lateness_ns)
        if self._ref_ns:
            now_ns = max(now_ns, self._ref_ns - self.lateness_ns)
        return now_ns

    def node_now(self, name: str, now_ns: int) -> int:
        """Fleet time on the node's clock: fleet time less the node's lag (the median of its
        samples) beyond the slack."""
        ring = self._lag_samples.get(name)
        lag = sorted(ring)[len(ring) // 2] if ring else 0
        if lag > self.slack_ns:
            return now_ns - (lag - self.slack_ns)
        if lag < -self.slack_ns:
            return now_ns - (lag + self.slack_ns)
        return now_ns

    def _advance_on_records(self, now_ns: int) -> FleetOutput:
        """The newest event time less the lateness reached ``now_ns``, a new tick: every node
        advanced to fleet time (:meth:`fleet_now`: clamped to one node in four)."""
        tick = self.windows.tick_ns
        self.next_advance_ns = (now_ns // tick + 1) * tick
        return self.advance_to(self.fleet_now(now_ns))

    def advance(self, now_ns: int) -> FleetOutput:
        """Fleet time reached ``now_ns`` by a clock outside the records: a shell's wall clock
        while its input is quiet, or a replay producer's advance points (clamped already, by the
        producer's own fleet). Taken as it is, never clamped (a fleet whose nodes all fell
        silent must still see time pass), only never earlier than fleet time already was."""
        tick = self.windows.tick_ns
        self.next_advance_ns = (now_ns // tick + 1) * tick
        if self._ref_ns:
            now_ns = max(now_ns, self._ref_ns - self.lateness_ns)
        return self.advance_to(now_ns)

    def advance_to(self, now_ns: int) -> FleetOutput:
        """Every node advanced to fleet time ``now_ns`` (already clamped)."""
        self._ref_ns = now_ns + self.lateness_ns
        out = FleetOutput()
        ttl = self.rules.features.node_ttl_s
        for name in list(self.nodes):
            n = self.nodes[name]
            at = self.node_now(name, now_ns)
            out.extend(self._convert(n.advance(at)))
            if n.idle_since(at) > ttl and n.aligner.pending() == 0:
                out.extend(self._convert(n.forget(at)))
                del self.nodes[name]
                for kept in (self.node_max, self._lag_samples, self._sampled_at):
                    kept.pop(name, None)
                self.stats.nodes_expired += 1
        self._refresh_floor()
        return out

    def finish(self) -> FleetOutput:
        out = FleetOutput()
        for n in list(self.nodes.values()):
            out.extend(self._convert(n.flush()))
        self._floor_ns = 1 << 62
        return out

    def _convert(self, node_out: NodeOutput) -> FleetOutput:
        if not (node_out.findings or node_out.actions or node_out.refused):
            return FleetOutput()
        out = FleetOutput(node_out.findings, node_out.actions)
        out.findings += [Finding.for_action(a) for a in node_out.actions]
        for rec, why in node_out.refused:
            out.rejected.append(_refusal(rec, why, self.rules))
            if why == "late":
                self.stats.late += 1
            elif why in ("overflow", "sources"):
                self.stats.overflow += 1
        return out


def _failed(rec: Record, err: Exception) -> Rejected:
    return Rejected(f"{rec.node}/{rec.source}", f"internal error: {type(err).__name__}: {err}",
                    rec.model_dump_json().encode())


def _refusal(rec: AlignedRecord, why: str, rules: RuleSet) -> Rejected:
    if why == "late":
        reason = (f"late: event time is behind node {rec.node}'s watermark by more than the "
                  f"allowed lateness ({rules.alignment.allowed_lateness_s:g} s)")
    elif why == "sources":
        reason = (f"overflow: node {rec.node} already has {SOURCES_KEPT} sources; "
                  f"source {rec.source[:64]!r} is not taken (the contract names five)")
    else:
        reason = (f"overflow: node {rec.node} already holds "
                  f"{rules.alignment.max_pending_per_node} records awaiting alignment")
    return Rejected(f"{rec.node}/{rec.source}", reason, rec.model_dump_json().encode())
