"""The incident book: node findings in, incident records (open / update / resolved) out.

One incident per root cause: a node whose finding has the same cause as an open incident,
and whose onset lies no later than ``correlate_window_s`` after that incident opened, joins
it instead of opening another. Ids are derived from the first finding (cause, node, event
time), so a replay or a restart that sees the same records yields the same ids. A node that
raises the same cause again soon after its incident resolved (a cause the incident named at
any time) reopens that incident rather than paging anew, unless the node's serving process
restarted after that incident opened: a fault that comes back after a restart is a new
occurrence (the restart freed what it held). So is a definitive cause (``STICKY``: the node
cut off, a GPU failed) that comes back. A session isolation defect found soon after a memory
leak's incident resolved on the node reopens that incident too, renamed (``EARLIER_FORMS``).

A monitoring gap is the exception: a restart of the serving process mends nothing the gap
names (a source still silent, a metric still not collected), so its symptoms returning after
one (the leak it hides killed again) reopen the same incident.

A node holds at most two open incidents: its first, and a second one (``Finding.slot`` 1)
for a separate cause found while the first is open (a draft model's residue and a session
isolation defect on the same server at once).

A node of a serving instance that spans nodes (known from its pods' names) whose symptoms
(its server fell silent, critical alerts) begin with a fault on another node of the instance
(an XID, the node cut off) joins that fault's incident, adding its alerts only.

A node found unreachable whose records arrive under another node's name (that node's records
carry dcgm-exporter's ``Hostname`` label naming it, :mod:`aliases`) is a monitoring gap, not a
node down; incidents of the node carrying its records name it too; and the carrier falling
silent once the node reports under its own name again is the misnaming ending, not a page.

Alerts that name no node are tracked as node ``"-"``; while any incident is open they join
the incident opened last (symptoms of a paged cause) instead of paging on their own.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass, field, replace

from correlator.config.model import Incidents
from correlator.core.aliases import HostAliases
from correlator.core.hosts import NO_NODE
from correlator.core.instances import same_instance
from correlator.core.machine import STICKY
from correlator.core.outputs import ActionEvent, Finding
from correlator.wire.incidents import AlertsRef, Evidence, Incident, IncidentAction

NS = 1_000_000_000

CAUSE_TEXT = {
    "session_isolation": "KV-cache session isolation defect",
    "spec_residue": "speculative-decoding residue from interrupted requests",
    "monitoring_gap": "symptoms the telemetry cannot explain (monitoring gap)",
    "memory_leak": "steady memory leak",
    "gpu_failure": "GPU hardware failure",
    "gpu_throttled": "GPU slowed down by heat",
    "engine_stalled": "serving engine hung",
    "engine_slowed": "serving engine slowed down from the host side (GPUs not throttled)",
    "crash_loop": "serving process crash-looping",
    "server_lost": "serving process gone under load and not started again (evicted, killed)",
    "runaway_generation": "requests running to their length limit",
    "spec_acceptance_collapse": "speculative decoding's draft tokens no longer accepted",
    "kv_pool_shrunk": "KV-cache pool shrunk by a restart",
    "nvlink_degraded": "NVLink failing (CRC / replay errors minute after minute)",
    "concurrency_capped": "requests queueing at a concurrency limit (max_num_seqs) below the load",
    "upstream_errors": "requests failing before they reach the engine (network path, proxy)",
    "output_capped": "answers cut short by an output limit the server took at its start",
    "context_capped": "long prompts refused by a context limit the server took at its start",
    "api_server_errors": "vLLM's API server failing requests (5xx) its engine served",
    "gpus_unavailable": "node back without its GPUs (no GPU readings since it came back)",
    "kv_transfer_leak": "KV blocks a prefill server never frees after handing them over (KV connector leak)",
    "node_unreachable": "node unreachable",
    "node_not_ready": "node NotReady in the cluster (kubelet or container runtime not responding)",
    "unexplained_alerts": "persistent critical alerts with no visible cause",
}

EARLIER_FORMS: dict[str, tuple[str, ...]] = {"session_isolation": ("memory_leak",)}
"""Causes whose incident, resolved on the node within ``reopen_window_s`` and with no restart
since, a later cause reopens under its own name: what that incident saw was the later
fault's first form. Sessions a serving stack parks in a host-memory KV tier while they idle
grow the serving process's memory first; a leak of them (sessions never ended) shows there
first, and in the GPU's KV pool once the tier is full (outsider s230)."""

MONITORING_GAP = "monitoring_gap"
NODE_UNREACHABLE = "node_unreachable"

NOT_MENDED_BY_RESTART = frozenset({MONITORING_GAP})
"""Causes that a restart of the node's serving process does not mend (:meth:`_reopenable`)."""


INSTANCE_FAULTS = frozenset({"gpu_failure", "node_unreachable", "engine_stalled"})
"""Faults on one node of a serving instance that take the whole instance down..."""
INSTANCE_SYMPTOMS = frozenset({"monitoring_gap", "unexplained_alerts", "crash_loop"})
"""...and what they look like from its other nodes (the leader's server falls silent, or its
supervisor restarts it again and again while the worker it needs is gone)."""


def incident_id(cause: str, node: str, ts_ns: int) -> str:
    digest = hashlib.sha1(f"{cause}|{node}|{ts_ns}".encode()).hexdigest()
    return f"inc-{digest[:16]}"


@dataclass
class Tracked:
    """Mutable state of one incident."""

    incident_id: str
    cause: str
    opened_ns: int
    first_evidence_ns: int
    nodes: list[str]
    active: set[str]
    updated_ns: int = 0
    resolved_ns: int | None = None
    confidence: float = 0.0
    hypotheses: dict[str, float] = field(default_factory=dict)
    critical: bool = False
    evidence: list[Evidence] = field(default_factory=list)
    fingerprints: list[str] = field(default_factory=list)
    alertnames: list[str] = field(default_factory=list)
    alert_count: int = 0
    actions: list[IncidentAction] = field(default_factory=list)
    published_ns: int = 0
    dirty: bool = False
    # Every cause the incident has named before its current one (a leak's incident taken over
    # by node_unreachable while the node's agent was cut off is still the leak's).
    causes: tuple[str, ...] = ()
    # The pods its nodes' findings named, and the nodes that joined it as symptoms of a fault
    # on another node of their serving instance (their findings add alerts only).
    pods: tuple[str, ...] = ()
    symptoms: frozenset[str] = frozenset()
    symptom_evidence: tuple[Evidence, ...] = ()
    # The tenants its session-isolation findings named: that tenant's leak on another node
    # joins it whenever it is found there.
    tenants: tuple[str, ...] = ()

    def severity(self) -> str:
        return "critical" if self.critical else "warning"

    def summary(self) -> str:
        what = CAUSE_TEXT.get(self.cause, self.cause.replace("_", " "))
        more = f" and {len(self.nodes) - 5} more" if len(self.nodes) > 5 else ""
        where = ", ".join(self.nodes[:5]) + more
        lead = f"; {self.evidence[0].detail}" if self.evidence and self.evidence[0].detail else ""
        alerts = f"; {self.alert_count} alerts collapsed" if self.alert_count else ""
        state = "resolved: " if self.resolved_ns is not None else ""
        return f"{state}{what} on {where}{lead}{alerts}."


class IncidentBook:
    """Turns findings into incident records; holds open incidents and recent closures."""

    def __init__(self, cfg: Incidents) -> None:
        self.cfg = cfg
        self.open: dict[str, Tracked] = {}
        self.by_node: dict[str, str] = {}
        self.closed: OrderedDict[tuple[str, str], Tracked] = OrderedDict()
        self.opened_total = 0
        self.hosts = HostAliases()

    def __setstate__(self, state: dict[str, object]) -> None:
        """Books snapshotted before host notes were kept: none yet."""
        self.__dict__.update(state)
        if "hosts" not in state:
            self.hosts = HostAliases()

    def apply(self, f: Finding) -> list[Incident]:
        if f.kind == "host":
            self.hosts.note(f.node, f.host, f.ts_ns)
            return []
        if f.cause == NODE_UNREACHABLE and f.kind in ("raise", "update"):
            carried = self.hosts.carried(f.node)
            if f.kind == "raise" and carried is not None:
                lost = self._carried_lost(f, *carried)
                if lost is not None:
                    return lost
            carrier = self.hosts.carrier(f.node)
            if carrier is not None:
                f = _carried_as(f, carrier)
        if f.node == NO_NODE and f.kind in ("raise", "update") and _key(f) not in self.by_node \
                and self.open:
            return self._fleet_symptoms(f)
        if f.kind == "raise":
            return self._raise(f)
        inc = self.open.get(self.by_node.get(_key(f), ""))
        if inc is None:
            return []
        if f.kind == "clear":
            return self._clear(inc, f)
        return self._update(inc, f)

    def attach_action(self, a: ActionEvent) -> list[Incident]:
        inc = self.open.get(self.by_node.get(a.node, ""))
        if inc is None:
            return []
        if len(inc.actions) < self.cfg.max_listed:
            inc.actions.append(IncidentAction(action=a.action, node=a.node, params=a.params,
                                              ts_ns=a.ts_ns))
        return self._publish(inc, a.ts_ns, force=False)

    def _fleet_symptoms(self, f: Finding) -> list[Incident]:
        """Alerts that name no node (a gateway's error rate, a fleet SLO) while a root cause
        is paged: symptoms of it, not a cause of their own. They join the incident opened
        last instead of paging as unexplained alerts; only their alerts are taken."""
        inc = max(self.open.values(), key=lambda i: (i.opened_ns, i.incident_id))
        count = inc.alert_count
        self._absorb(inc, replace(f, strength=-1.0, critical=False))
        if inc.alert_count == count:
            return []
        return self._publish(inc, f.ts_ns, force=False)

    # -- transitions -----------------------------------------------------------------------
    def _carried_lost(self, f: Finding, host: str, since_ns: int) -> list[Incident] | None:
        """A node that carried ``host``'s records under its own name (since ``since_ns``) fell
        silent, where ``host`` was found silent since: the misnaming ending (the agent fixed,
        ``host`` reporting under its own name again) or going on, not another node lost. It
        joins ``host``'s incident while that is open, without holding it open; after that
        resolved, nothing is paged. None: ``host`` was not found silent since, so the silence
        is the node's own."""
        for inc in self.open.values():
            if host in inc.nodes and inc.opened_ns >= since_ns:
                if f.node in inc.nodes:
                    return []
                inc.nodes.append(f.node)
                return self._publish(inc, f.ts_ns, force=True)
        for cause in (MONITORING_GAP, NODE_UNREACHABLE):
            closed = self.closed.get((host, cause))
            if closed is not None and closed.resolved_ns is not None and closed.resolved_ns >= since_ns:
                return []
        return None

    def _raise(self, f: Finding) -> list[Incident]:
        self.expire(f.ts_ns)
        self.hosts.hear(f.node)
        inc = self._reopenable(f) or self._joinable(f)
        if inc is None and (peer := self._instance_peer(f)) is not None:
            return self._join_instance(peer, f)
        if inc is None:
            inc = Tracked(incident_id(f.cause, f.node, f.ts_ns), f.cause, f.ts_ns, f.onset_ns,
                          [f.node], {f.node})
            self.open[inc.incident_id] = inc
            self.opened_total += 1
            self.by_node[_key(f)] = inc.incident_id
            self._absorb(inc, f)
            return [self._record(inc, "open", f.ts_ns)]
        reopened = inc.resolved_ns is not None
        if reopened:
            inc.resolved_ns = None
            self.open[inc.incident_id] = inc
            self._name(inc, f.cause)
        return self._join(inc, f)

    def _join(self, inc: Tracked, f: Finding) -> list[Incident]:
        """The finding's node joins the incident (or rejoins it), the finding's content in."""
        if f.node not in inc.nodes:
            inc.nodes.append(f.node)
        inc.active.add(f.node)
        self.by_node[_key(f)] = inc.incident_id
        inc.first_evidence_ns = min(inc.first_evidence_ns, f.onset_ns)
        self._absorb(inc, f)
        return [self._record(inc, "update", f.ts_ns)]

    @staticmethod
    def _name(inc: Tracked, cause: str) -> None:
        if cause != inc.cause and inc.cause not in inc.causes:
            inc.causes = (*inc.causes, inc.cause)
        inc.cause = cause

    def _reopenable(self, f: Finding) -> Tracked | None:
        if f.cause in STICKY:
            # Known from definitive evidence (every source of the node silent, a fatal XID),
            # not from a trend that can dip below the resolve score: the incident resolved
            # after the evidence had been gone for ``resolve_after_s``, so its return is a new
            # occurrence (outsider s126: a switch cutting two nodes off twice, 22 min apart).
            return None
        for cause in (f.cause, *EARLIER_FORMS.get(f.cause, ())):
            inc = self.closed.pop((f.node, cause), None)
            if inc is not None:
                break
        if inc is None:
            return None
        if inc.resolved_ns is None:  # reopened already by another of its nodes: rejoin it
            return inc if self.open.get(inc.incident_id) is inc else None
        if f.ts_ns - inc.resolved_ns > self.cfg.reopen_window_s * NS:
            return None
        if f.restart_ns > inc.opened_ns and f.cause not in NOT_MENDED_BY_RESTART:
            return None  # restarted since: it came back, and that is news
        return inc

    def _joinable(self, f: Finding) -> Tracked | None:
        window = self.cfg.correlate_window_s * NS
        for inc in self.open.values():
            if inc.cause == f.cause and inc.active and (
                    f.onset_ns <= inc.opened_ns + window or f.tenant in inc.tenants):
                return inc
        return None

    def _instance_peer(self, f: Finding) -> Tracked | None:
        """An open incident on another node of the finding's serving instance, within
        ``instance_window_s``, where one of the two causes is a fault that takes the instance down
        and the other what that looks like from the other node (:mod:`instances`)."""
        if not f.pods or f.slot:
            return None
        window = self.cfg.instance_window_s * NS
        for inc in self.open.values():
            if not inc.active or f.node in inc.nodes or not same_instance(f.pods, inc.pods):
                continue
            if not ((f.cause in INSTANCE_SYMPTOMS and inc.cause in INSTANCE_FAULTS)
                    or (f.cause in INSTANCE_FAULTS and inc.cause in INSTANCE_SYMPTOMS)):
                continue
            if inc.first_evidence_ns - window <= f.onset_ns <= inc.opened_ns + window:
                return inc
        return None

    def _join_instance(self, inc: Tracked, f: Finding) -> list[Incident]:
        if f.cause in INSTANCE_SYMPTOMS:
            self._note_symptom(inc, f.node, f.evidence, inc.nodes)
            inc.symptoms = inc.symptoms | {f.node}
            f = replace(f, strength=-1.0, critical=False)
        else:  # the fault found after its symptoms: it names the incident
            for node in inc.nodes:
                self._note_symptom(inc, node, tuple(inc.evidence), [f.node])
            inc.symptoms = inc.symptoms | set(inc.nodes)
            self._name(inc, f.cause)
        return self._join(inc, f)

    def _note_symptom(self, inc: Tracked, node: str, evidence: tuple[Evidence, ...],
                      peers: list[str]) -> None:
        if len(inc.symptom_evidence) >= self.cfg.max_listed:
            return
        what = evidence[0].detail if evidence else "symptoms"
        inc.symptom_evidence = (*inc.symptom_evidence, Evidence(
            signal="same_serving_instance", value=None,
            detail=f"{node}: {what} (one serving instance with {', '.join(peers)}, per its pods' names)"))

    def _update(self, inc: Tracked, f: Finding) -> list[Incident]:
        if f.node in inc.symptoms:
            f = replace(f, strength=-1.0, critical=False)
        cause_changed = bool(f.cause) and f.cause != inc.cause and f.strength >= 0
        before = (inc.confidence, inc.alert_count)
        changed = self._absorb(inc, f)
        if cause_changed:
            self._name(inc, f.cause)
        if not (cause_changed or changed or inc.dirty):
            moved = abs(inc.confidence - before[0]) >= 0.1 or inc.alert_count != before[1]
            if not moved:
                return []
        return self._publish(inc, f.ts_ns, force=cause_changed or changed)

    def _clear(self, inc: Tracked, f: Finding) -> list[Incident]:
        inc.active.discard(f.node)
        self.by_node.pop(_key(f), None)
        if inc.active:
            return self._publish(inc, f.ts_ns, force=True)
        inc.resolved_ns = f.ts_ns
        del self.open[inc.incident_id]
        for node in inc.nodes:
            for cause in (*inc.causes, inc.cause):
                self.closed[(node, cause)] = inc
                self.closed.move_to_end((node, cause))
        while len(self.closed) > 4096:
            self.closed.popitem(last=False)
        return [self._record(inc, "resolved", f.ts_ns)]

    def expire(self, now_ns: int) -> None:
        """Forget closed incidents too old to be reopened."""
        limit = self.cfg.reopen_window_s * NS
        while self.closed:
            key, inc = next(iter(self.closed.items()))
            if inc.resolved_ns is None or now_ns - inc.resolved_ns <= limit:
                break  # (reopened: its other nodes may rejoin it; its next resolve renews it)
            del self.closed[key]

    # -- content ---------------------------------------------------------------------------
    def _absorb(self, inc: Tracked, f: Finding) -> bool:
        """Fold a finding's content in; True when something a subscriber sees changed."""
        changed = False
        if f.tenant and f.tenant not in inc.tenants and len(inc.tenants) < self.cfg.max_listed:
            inc.tenants = (*inc.tenants, f.tenant)
        for pod in f.pods:
            if pod not in inc.pods and len(inc.pods) < 4 * self.cfg.max_listed:
                inc.pods = (*inc.pods, pod)
        if f.strength >= 0:
            if _supports(f):
                # Confidence that this root cause happened does not fade while the incident is
                # open because the growth that revealed it has stopped (a full pool stops growing).
                inc.confidence = f.confidence if f.kind == "raise" else max(f.confidence, inc.confidence)
                inc.hypotheses = dict(f.hypotheses)
            if f.critical and not inc.critical:
                inc.critical = changed = True
            if f.evidence:
                inc.evidence = list(f.evidence)
        for fp, name in f.alerts:
            if fp not in inc.fingerprints:
                inc.alert_count += 1
                if len(inc.fingerprints) < self.cfg.max_listed:
                    inc.fingerprints.append(fp)
                if name not in inc.alertnames and len(inc.alertnames) < self.cfg.max_listed:
                    inc.alertnames.append(name)
        return changed

    def _publish(self, inc: Tracked, ts_ns: int, force: bool) -> list[Incident]:
        if not force and ts_ns - inc.published_ns < self.cfg.min_update_interval_s * NS:
            inc.dirty = True
            return []
        return [self._record(inc, "update", ts_ns)]

    def _named(self, nodes: list[str]) -> list[str]:
        """An incident's nodes, each followed by the node its records say they come from where
        that is another node the book has heard of (a node agent naming its node wrongly)."""
        out = list(nodes)
        for node in nodes:
            carried = self.hosts.carried(node)
            if carried is not None and carried[0] not in out and self.hosts.heard(carried[0]):
                out.append(carried[0])
        return out

    def flush(self, ts_ns: int) -> list[Incident]:
        """Publish what was held back by the update rate limit (end of a replay)."""
        return [self._record(inc, "update", max(ts_ns, inc.updated_ns))
                for inc in self.open.values() if inc.dirty]

    def _record(self, inc: Tracked, status: str, ts_ns: int) -> Incident:
        inc.updated_ns = max(inc.updated_ns, ts_ns)
        inc.published_ns = ts_ns
        inc.dirty = False
        return Incident(
            incident_id=inc.incident_id,
            status=status,  # type: ignore[arg-type]
            cause=inc.cause,
            confidence=inc.confidence,
            hypotheses=inc.hypotheses,
            severity=inc.severity(),  # type: ignore[arg-type]
            nodes=self._named(inc.nodes),
            opened_ns=inc.opened_ns,
            updated_ns=inc.updated_ns,
            resolved_ns=inc.resolved_ns,
            first_evidence_ns=inc.first_evidence_ns,
            alerts=AlertsRef(count=inc.alert_count, fingerprints=list(inc.fingerprints),
                             alertnames=list(inc.alertnames)),
            evidence=[*inc.evidence, *inc.symptom_evidence],
            actions=list(inc.actions),
            summary=inc.summary(),
        )


def _carried_as(f: Finding, carrier: str) -> Finding:
    """A node found unreachable whose records arrive as node ``carrier``: a monitoring gap."""
    shares = dict(f.hypotheses)
    shares[MONITORING_GAP] = shares.get(MONITORING_GAP, 0.0) + shares.pop(NODE_UNREACHABLE, 0.0)
    ev = Evidence(signal="telemetry_under_another_name", value=None,
                  detail=f"{f.node}'s records arrive as node {carrier}: dcgm-exporter's Hostname label "
                         f"on them names {f.node} (its agent names its node wrongly); the node is "
                         "not down but unseen under its own name")
    return replace(f, cause=MONITORING_GAP, hypotheses=shares, evidence=(ev, *f.evidence))


def _key(f: Finding) -> str:
    """The node's key for its first incident, a distinct one for its second."""
    return f.node if not f.slot else f"{f.node}\x00{f.slot}"


def _supports(f: Finding) -> bool:
    """Does the finding's own evaluation rank its cause first? A cause is kept while another
    scores higher (the consequences of a failed GPU read as a monitoring gap) or while the
    incident waits out its hysteresis with nothing scoring; such an evaluation's scores and
    confidence would contradict the cause the incident names, so the incident keeps those of
    the last evaluation that ranked its cause first."""
    share = f.hypotheses.get(f.cause, 0.0)
    return share > 0 and share >= max(f.hypotheses.values())
