"""Everything the core does for one node: align, tick, score, decide, act.

Records go through the :class:`NodeAligner`; released records update :class:`NodeState`
(Level-1 rules run on each memory sample); each closed tick computes features, benign
explanations, detector scores and hypotheses, and steps the node's state machine, which
yields :class:`Finding` values for the incident book.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from correlator.config.model import MINUTES_KEPT, RuleSet
from correlator.core import benign, hypotheses
from correlator.core.alert_causes import causes_named, not_ready, targets_down, upstream_failing
from correlator.core.align import AlignedRecord, NodeAligner
from correlator.core.benign import Explanation
from correlator.core.detectors import NodeDetectors
from correlator.core.features import (
    MIXED_WINDOW_NS,
    NS,
    Capped,
    KvView,
    Level,
    NodeFeatures,
    Rates,
    Slowed,
    Windows,
    api_errors,
    capped_engines,
    context_cap,
    drained_before,
    engine_context,
    engine_speed,
    failing_links,
    floor_trend,
    frozen_servers,
    gpu_failed,
    gpu_view,
    growing_host,
    held_gpus,
    host_steady,
    kv_view,
    last_framebuffer,
    level,
    lost_server,
    mixed_servers,
    output_cap,
    rates,
    rebuild_ratio,
    recent_crashes,
    recent_starts,
    renamed_counters,
    rising,
    server_pools,
    session_view,
    shrunk_pools,
    silent_servers,
    slowed_engines,
    stalled_engines,
    strongest_kv,
    throttled_gpus,
    unseen_ranks,
    upstream_errors,
)
from correlator.core.hosts import NO_NODE
from correlator.core.latency import Delayed, DelayRule, delayed_engines, first_token_mean
from correlator.core.level1 import Level1
from correlator.core.machine import NodeMachine, Step
from correlator.core.metrics import KV_USAGE, PREEMPTIONS
from correlator.core.nodestate import BUSY_GAP_NS, MISMATCH_HELD_NS, EngineTrack, NodeState
from correlator.core.outputs import ActionEvent, Finding
from correlator.core.series import NAN, Series, mean, slope_per_min
from correlator.core.sessions import SessionTracker
from correlator.core.storm import NodeAlerts
from correlator.core.trends import bucket_means, mann_kendall
from correlator.wire.incidents import Evidence
from correlator.wire.records import AlertRecord

_MEMORY_SOURCES = frozenset({"nvml", "dcgm", "vllm"})


@dataclass
class NodeOutput:
    findings: list[Finding] = field(default_factory=list)
    actions: list[ActionEvent] = field(default_factory=list)
    refused: list[tuple[AlignedRecord, str]] = field(default_factory=list)

    def extend(self, other: NodeOutput) -> None:
        self.findings += other.findings
        self.actions += other.actions
        self.refused += other.refused


STATE_VERSION = 2


class NodeEngine:
    """The per-node pipeline. ``fleet_sources`` is shared, read-only knowledge of the fleet.

    Its state pickles (streaming workers snapshot it); a snapshot carries ``STATE_VERSION``
    and one taken by an older build gets the attributes added since then with their initial
    values when it is restored.
    """

    def __init__(self, node: str, rules: RuleSet, windows: Windows, fleet_sources: set[str]):
        self.node = node
        self.rules = rules
        self.w = windows
        self.fleet_sources = fleet_sources
        a, f = rules.alignment, rules.features
        self.aligner = NodeAligner(int(a.allowed_lateness_s * NS), int(a.silence_after_s * NS),
                                   a.max_pending_per_node)
        sessions = SessionTracker(f.max_sessions_per_node, int(f.session_ttl_s * NS))
        self.state = NodeState(windows.history, sessions, per_minute=windows.per_minute,
                               large_prompt=float(rules.benign.long_document_prompt_tokens),
                               monitoring=rules.benign.monitoring_processes,
                               sidecars=rules.benign.sidecar_processes,
                               hot_c=rules.hypotheses.gpu_throttle.hot_c,
                               slow_share=rules.hypotheses.gpu_throttle.slow_share,
                               cooled_c=rules.hypotheses.gpu_throttle.cooled_c,
                               recovered_share=rules.hypotheses.gpu_throttle.recovered_share,
                               pool_accept_ns=int(rules.hypotheses.kv_pool.accept_after_s * NS),
                               link_quiet_ns=int(rules.hypotheses.nvlink.quiet_s * NS))
        self.detectors = NodeDetectors(rules.detectors.grace_ticks, rules.detectors.threshold)
        g = rules.alert_grouping
        self.alerts = NodeAlerts(g.max_alerts_per_node, int(g.group_expire_s * NS))
        self.level1 = Level1(list(rules.level1), windows.short, windows.tick_s)
        self.machine = _machine(rules)
        self.next_tick_ns = -1
        self.explanations: list[Explanation] = []
        self._suppressed: frozenset[str] = frozenset()
        # Each benign explanation found lately, with the tick it last held at (:meth:`_held_explanations`).
        self._explained: dict[str, tuple[Explanation, int]] = {}
        self._burst_ns = -1
        """The last tick a retry burst explained the node's aborts (:meth:`_unexplained`)."""
        self.last_features: NodeFeatures | None = None
        self.last_scores: dict[str, float] = {}
        self.onset_ns = 0
        self._kv_short = NAN
        self._kv_growth = NAN
        self._gpu_growth = NAN
        self._host_growth = NAN
        self._kv_raised: tuple[str, float] = ("", NAN)
        self._kv_raised2: tuple[str, float] = ("", NAN)
        # The node's second incident: a separate cause found while the first is open.
        self.second: NodeMachine | None = None
        self.second_onset_ns = 0
        # The servers (by where: 'GPU 1') the node's residue incident names, from when it opened;
        # and the residue of a server it does not name, as judged this tick (:meth:`_other_residue`).
        self._residue: tuple[int, frozenset[str]] = (0, frozenset())
        self._other: hypotheses.Score | None = None
        # Whether the serving process's memory reading covers only part of it (NodeFeatures.partial_rss):
        # the start it is judged for, the host's lowest memory used since its warm-up, the judgement.
        self._partial: tuple[int, float, tuple[float, float] | None] = (-1, NAN, None)
        # Whether the node's open monitoring-gap incident is about its readings themselves
        # (other servers', a container's, a rank's lost): kept until that incident ends.
        self._readings_gap = False
        # The host its records say they come from where not the node itself (dcgm-exporter's
        # ``Hostname``), as last told to the incident book ("": itself, or never said).
        self._host_noted = ""

    def __getstate__(self) -> dict[str, object]:
        return {**self.__dict__, "_state_version": STATE_VERSION}

    def __setstate__(self, state: dict[str, object]) -> None:
        state = dict(state)
        state.pop("_state_version", None)
        for name, initial in _ADDED_SINCE_V1.items():
            state.setdefault(name, initial())
        self.__dict__.update(state)

    # -- input ---------------------------------------------------------------------------
    def push(self, rec: AlignedRecord) -> NodeOutput:
        out = NodeOutput()
        self.push_into(rec, out)
        return out

    def push_into(self, rec: AlignedRecord, out: NodeOutput) -> None:
        """Take one telemetry record; what it causes is appended to ``out``."""
        aligner = self.aligner
        why = aligner.push(rec)
        if why is not None:
            if why != "duplicate":
                out.refused.append((rec, why))
            return
        # Most records release nothing and close no tick: then :meth:`_run_to` would at most
        # raise the aligner's released mark, and often the watermark need not even be computed.
        next_tick = self.next_tick_ns
        if next_tick < 0:
            self._run_to(aligner.watermark(), out)
            return
        upto = aligner.moved_watermark(next_tick)
        if upto is None:
            return
        heap = aligner._heap
        if (heap and heap[0][0] <= upto) or next_tick <= upto:
            self._run_to(upto, out)
        elif upto > aligner.released_ns:
            aligner.released_ns = upto

    def alert(self, rec: AlertRecord) -> NodeOutput:
        out = NodeOutput()
        self.alert_into(rec, out)
        return out

    def alert_into(self, rec: AlertRecord, out: NodeOutput) -> None:
        st = self.alerts.observe(rec.alert, rec.ts_ns)
        failing = self.rules.alert_grouping.upstream_failure_alerts
        if st.firing and st.began_ns == rec.ts_ns and failing and re.search(failing, st.alertname):
            self.state.note_failing(rec.ts_ns)  # (a crash fails the requests the server held)
        if self.machine.active and st.firing and not st.attached:
            st.attached = True
            out.findings.append(self._finding("update", rec.ts_ns, alerts=((st.fingerprint,
                                                                               st.alertname),)))

    def advance(self, now_ns: int) -> NodeOutput:
        """Fleet time moved on: find silent sources, and evaluate a node gone quiet."""
        out = NodeOutput()
        self.aligner.mark_silence(now_ns)
        upto = self.aligner.watermark()
        if all(c.silent for c in self.aligner.sources.values()):
            upto = max(upto, now_ns - self.aligner.lateness_ns)
        self._run_to(upto, out)
        return out

    def forget(self, now_ns: int) -> NodeOutput:
        """The node is being dropped after its TTL: close what it still holds open."""
        out = NodeOutput()
        if self.machine.active:
            self.machine.reset()
            out.findings.append(self._finding("clear", now_ns))
        if self.second is not None and self.second.active:
            self.second.reset()
            out.findings.append(self._finding("clear", now_ns, slot=1))
        return out

    def flush(self) -> NodeOutput:
        out = NodeOutput()
        self._run_to(self.aligner.max_ns, out)
        return out

    # -- event-time loop -----------------------------------------------------------------
    def _run_to(self, upto_ns: int, out: NodeOutput) -> None:
        for rec in self.aligner.release(upto_ns):
            if self.next_tick_ns < rec.ts_ns or self.next_tick_ns < 0:
                self._tick_until(rec.ts_ns, out)
            self.state.ingest(rec)
            if rec.kind == "sample" and rec.source in _MEMORY_SOURCES:
                out.actions += self.level1.evaluate(self.node, self.state, rec,  # type: ignore[arg-type]
                                                    self._suppressed)
            elif rec.kind == "event" and rec.event == "source_gap" and (  # type: ignore[union-attr]
                    rec.attrs.get("permanent") is True):  # type: ignore[union-attr]
                self.aligner.forget_source(rec.source)  # e.g. no NVML on the machine
        self._tick_until(upto_ns + 1, out)

    def _tick_until(self, ts_ns: int, out: NodeOutput) -> None:
        """Close every tick that ends at or before ``ts_ns``.

        Across a gap longer than twice the history (a node silent for hours, a clock that
        jumped), only the gap's first ticks are evaluated: by then every window is empty and
        the rest would repeat the same verdict, at a cost that grows with the gap. Evaluation
        resumes at the last tick before ``ts_ns``."""
        tick = self.w.tick_ns
        if self.next_tick_ns < 0:
            self.next_tick_ns = (ts_ns // tick + 1) * tick
            return
        skip_at = self.next_tick_ns + 2 * self.w.history * tick
        while self.next_tick_ns < ts_ns:
            if self.next_tick_ns == skip_at:
                self.next_tick_ns = max(skip_at, ((ts_ns - 1) // tick) * tick)
            self._evaluate(self.next_tick_ns, out)
            self.next_tick_ns += tick

    def _evaluate(self, tick_ns: int, out: NodeOutput) -> None:
        self.aligner.mark_silence(max(tick_ns, self.aligner.max_ns))
        self.state.close_tick(tick_ns, 2 * self.w.tick_ns + int(self.rules.alignment.silence_after_s * NS))
        host = self.state.exporter_host
        said = "" if host == self.node else host
        if said != self._host_noted:
            self._host_noted = said
            out.findings.append(Finding.host_note(self.node, tick_ns, said))
        self.alerts.expire(tick_ns)
        anomaly = self._detect()
        if not self.machine.engaged and not self._second_engaged() and \
                not self._worth_a_look(tick_ns, anomaly):
            self.explanations = []
            self._suppressed = frozenset()
            return
        f = self.features(tick_ns)
        self.last_features = f
        self.explanations = self._held_explanations(benign.explain(f, self.rules.benign), tick_ns)
        self._suppressed = frozenset(e.name for e in self.explanations)
        if "retry_burst" in self._suppressed:
            self._burst_ns = tick_ns
        picture = self.alerts.picture(tick_ns, int(self.rules.alert_grouping.group_interval_s * NS))
        scores = hypotheses.score_all(f, self.rules, picture, self.explanations, anomaly)
        unexplained = self._unexplained(tick_ns)
        if unexplained.strength > 0 and self._unwatched():
            scores[hypotheses.MONITORING_GAP] = self._unwatched_gap(unexplained)
        else:
            scores[hypotheses.UNEXPLAINED_ALERTS] = unexplained
        g = self.rules.alert_grouping
        window = int(g.group_interval_s * NS)
        tracked = self.alerts.alerts.values()
        named = causes_named(tracked, tick_ns, window, g) if not self.aligner.sources else {}
        if self.aligner.sources and not f.silent_sources and not f.silent_servers:
            # the agent delivers every source while the monitoring system reaches none of them:
            # the network between is cut (were some of the agent's sources silent too, the
            # scrape itself would be blocked: a monitoring gap, judged on the telemetry)
            named.setdefault(hypotheses.NODE_UNREACHABLE,
                             targets_down(tracked, tick_ns, window, g, self.aligner.silence_ns))
            if self._idle_engines(tick_ns, f):
                # the gateway says its requests to the node fail while the node's engine, up,
                # served none: they do not reach it (outsider s195: a stale gateway endpoint)
                named.setdefault(hypotheses.UPSTREAM_ERRORS,
                                 upstream_failing(tracked, tick_ns, window, g, self.aligner.silence_ns))
        named.setdefault(hypotheses.NODE_NOT_READY, not_ready(tracked, tick_ns, window, g))
        for cause, score in named.items():  # some alerts name their cause
            if score.strength > scores[cause].strength:
                scores[cause] = score
        prior = hypotheses.priors(self.rules)
        winner, confidence, shares = hypotheses.weigh(scores, prior)
        self.last_scores = {c: round(s.strength, 4) for c, s in scores.items()}
        second = self._second_cause(scores, f, tick_ns)
        # the second incident's cause is not the first one's winner (nor is memory growing
        # behind a monitoring gap: that gap's symptom, not the first incident's new diagnosis)
        gone = {second, hypotheses.MEMORY_LEAK} if second == hypotheses.MONITORING_GAP else {second}
        if second and second != self.machine.cause and winner in gone:
            rest = hypotheses.weighted({c: sc for c, sc in scores.items() if c not in gone}, prior)
            winner = max(rest, key=lambda c: rest[c]) if any(v > 0 for v in rest.values()) else ""
            confidence = hypotheses.confidence(scores[winner], shares[winner]) if winner else 0.0
        strength = scores[winner].strength if winner else 0.0
        current = scores.get(self.machine.cause)
        symptoms = self.alerts.any_firing(tick_ns, int(self.rules.alert_grouping.group_interval_s * NS))
        held = self.machine.active and (self._held(self.machine.cause, self._kv_raised)
                                        or self._cut_off() or self._kill_due(tick_ns))
        step = self.machine.step(tick_ns, winner, strength,
                                 current.strength if current else 0.0, symptoms or held)
        if step is Step.RAISE or (step is Step.UPDATE and not self._kv_raised[0]):
            self._kv_raised = self._hold_mark(f, self.machine.cause, scores[self.machine.cause])
        if second:
            self._step_second(tick_ns, second, scores, shares, out, f)
        if step is Step.NONE:
            return
        chosen = scores[self.machine.cause]
        if self.machine.cause != winner:  # a cause kept while another scores higher this tick
            confidence = hypotheses.confidence(chosen, shares.get(self.machine.cause, 0.0))
        if step is Step.RAISE:
            self.onset_ns = min(chosen.onset_ns or tick_ns, tick_ns)
            since = self.onset_ns - int(self.rules.alert_grouping.attach_before_s * NS)
            attached = tuple(self.alerts.take_unattached(since))
            out.findings.append(self._finding("raise", tick_ns, chosen, confidence, shares, attached,
                                              restart_ns=self._restart_ns()))
        elif step is Step.UPDATE:
            out.findings.append(self._finding("update", tick_ns, chosen, confidence, shares))
        else:
            self.alerts.detach_all()
            out.findings.append(self._finding("clear", tick_ns, chosen, confidence, shares))

    def _held_explanations(self, found: list[Explanation], tick_ns: int) -> list[Explanation]:
        """The benign explanations found this tick, and those found within
        ``benign.explanation_hold_s`` before it. An explanation judged on noisy rates (prompts
        per request, the prefix cache's hit share) can miss a tick or two while what it explains
        goes on; the evidence it discounts would then count in full for those ticks, and a few of
        them in a row open an incident (outsider s163: an annual report's conversations, their
        context growth missed for single ticks, paged as a leak)."""
        hold = int(self.rules.benign.explanation_hold_s * NS)
        seen = self._explained
        for e in found:
            if e.name in HELD_EXPLANATIONS:
                seen[e.name] = (e, tick_ns)
        for name in [n for n, (_, t) in seen.items() if tick_ns - t > hold]:
            del seen[name]
        names = {e.name for e in found}
        if names.issuperset(seen):
            return found
        return [*found, *(e for n, (e, _) in seen.items() if n not in names)]

    def _cut_off(self) -> bool:
        """Whether the node's second incident says it is cut off: its first incident (a leak
        the partition interrupted, outsider s127) can be neither confirmed nor resolved on
        telemetry that does not arrive, so it holds until the node has answered again for as
        long as the second takes to resolve."""
        return self._second_engaged() and self.second.cause == hypotheses.NODE_UNREACHABLE  # type: ignore[union-attr]

    def _kill_due(self, tick_ns: int) -> bool:
        """Whether the node's incident is about its memory or its server's crashes and the OOM
        killer is ending the server again and again: killed twice or more in the hour, the
        next kill is due until half as long again as the last interval has passed since the
        last kill. A cgroup limit that a periodic load meets kills on its period; the quiet
        minutes between two kills are not the fault gone (outsider s188: a pod memory limit
        killing the server every 15 minutes, resolved 11 minutes after a kill and paged again
        as a new incident)."""
        if self.machine.cause not in KILL_HELD_CAUSES:
            return False
        kills = [t for t in self.state.host.oom_ns if tick_ns - t <= OOM_HOUR_NS and t <= tick_ns]
        if len(kills) < 2:
            return False
        last, before = kills[-1], kills[-2]
        return tick_ns - last <= KILL_DUE_FACTOR * (last - before)

    def _second_engaged(self) -> bool:
        return self.second is not None and self.second.engaged

    def _second_cause(self, scores: dict[str, hypotheses.Score], f: NodeFeatures, tick_ns: int) -> str:
        """The cause the node's second incident is about, or "".

        A draft model's residue (framebuffer outside the KV pool) and a session isolation
        defect (blocks inside it) are separate mechanisms that can strike one server at once.
        While the first incident names one of them and its evidence holds, the other,
        scoring to open on its own, is a second root cause to page, not a re-diagnosis of the
        first: it goes to a second incident instead of switching the first one's cause to
        and fro. Once the first cause's evidence is gone, the other may take its incident
        over as before. Likewise a GPU failure on a node whose incident names a memory cause
        (outsider s63: an XID 79 on a GPU holding a residue), or the node cut off (outsider
        s127: a partition in the middle of a leak): a second root cause, paged at once, not a
        new diagnosis of the memory incident. And a scrape that broke on its own beside a
        memory incident (outsider s107: a residue open, then the server's metrics unreachable
        while its memory grows to the OOM killer): a monitoring gap, paged as the second
        incident (:meth:`_gap_on_its_own`). And on a node running a server per GPU, another
        server's residue found well after the first one's (:meth:`_other_residue`). And any
        cause found beside a gap about the readings themselves (mixed servers, a memory view
        not the host's)."""
        self._other = self._other_residue(f, tick_ns)
        gap_open = self.machine.active and self.machine.cause == hypotheses.MONITORING_GAP
        self._readings_gap = gap_open and (self._readings_gap or bool(
            f.mixed_servers or f.host_view_wrong is not None or f.unseen_ranks or f.renamed_counters))
        if self._second_engaged():
            return self.second.cause  # type: ignore[union-attr]
        first = self.machine.cause
        inc = self.rules.incidents
        if self.machine.active and first in MEMORY_CAUSES:
            owns = (hypotheses.GPU_FAILURE, hypotheses.NODE_UNREACHABLE) if first in KV_LEAKS else (
                hypotheses.GPU_FAILURE, hypotheses.NODE_UNREACHABLE, hypotheses.GPU_THROTTLED)
            for own in owns:
                if scores[own].strength >= inc.open_score:
                    # a GPU failing, the node cut off: root causes of their own; so is a GPU
                    # slowed by heat beside memory held outside the KV pool (outsider s271: a
                    # fan failing on a node with a draft residue open), where beside a KV leak
                    # it may be what fills the pool (its requests running longer), a
                    # re-diagnosis rather than a second fault
                    return own
        if self._readings_gap:
            # a gap about the readings themselves (other servers', a container's, a rank's
            # lost) is no diagnosis of what goes wrong on the node: a cause found beside it is
            # its own (outsider s204: huge pages reserved by a wrong tuning profile, vLLM
            # OOM-killed at each start, on a node whose agent read a container's memory view;
            # s212: a residue on a node whose agent lost one rank's readings), and so is one
            # found once the readings are clean again while the gap's incident winds down
            # (s221: a leak that the twin publisher's mixed readings hid, seen when it stopped)
            # ...save first tokens slowed where the host's memory is what cannot be seen: memory
            # pressure the agent's view hides (reclaim, helper processes OOM-killed) slows the
            # serving process; that is the gap's symptom (outsider s353: a tokenizer pool leaking
            # host memory under a container's view, first tokens late around each OOM kill)
            symptoms = (hypotheses.MONITORING_GAP, hypotheses.UNEXPLAINED_ALERTS) + (
                (hypotheses.ENGINE_SLOWED,) if f.host_view_wrong is not None else ())
            rest = [c for c, s in scores.items() if s.strength >= inc.open_score and c not in symptoms]
            if rest:
                return max(rest, key=lambda c: scores[c].strength)
        gap = scores[hypotheses.MONITORING_GAP].strength
        if self.machine.active and first in MEMORY_CAUSES and gap >= inc.open_score and \
                self._gap_on_its_own(f, tick_ns) and self._gap_beyond_alerts(f, scores):
            return hypotheses.MONITORING_GAP
        if not self.machine.active or first not in SEPARATE_CAUSES:
            return ""
        if scores[first].strength < inc.resolve_score:
            return ""
        other = max((c for c in SEPARATE_CAUSES if c != first), key=lambda c: scores[c].strength)
        if scores[other].strength >= inc.open_score:
            return other
        if self._other is not None and self._other.strength >= inc.open_score:
            return first
        return ""

    def _other_residue(self, f: NodeFeatures, tick_ns: int) -> hypotheses.Score | None:
        """The strongest residue on a server that the node's open residue incident does not
        name, or None. The incident names the servers whose own framebuffer showed a residue
        within ``spec_residue.other_server_after_s`` of its opening (one fault reaches the
        servers it reaches at about the same time); a server whose residue is found later is
        a second fault (outsider s144: a second GPU's server, half an hour on), paged as the
        node's second incident instead of folding into the first."""
        if not (self.machine.active and self.machine.cause == hypotheses.SPEC_RESIDUE):
            self._residue = (0, frozenset())
            return None
        since, places = self._residue
        since = since or tick_ns
        found = hypotheses.pool_residues(f, self.rules, self.explanations)
        naming = tick_ns - since < int(self.rules.hypotheses.spec_residue.other_server_after_s * NS)
        if naming:
            floor = self.rules.incidents.resolve_score
            places = places | {where for where, s in found if s.strength >= floor}
        self._residue = (since, places)
        rest = [s for where, s in found if where not in places]
        if naming or not rest:
            return None
        return max(rest, key=lambda s: s.strength)

    def _gap_on_its_own(self, f: NodeFeatures, tick_ns: int) -> bool:
        """A source of the node silent for ``monitoring_gap.beside_after_s`` while the node's
        GPUs held their memory throughout the recent minutes and no serving process or host
        started since it went quiet: the server is up and only its telemetry is gone. A
        server that crashed freed its framebuffer and comes back through a warm-up; a sparse
        scrape's lost samples are silent for a minute, not minutes."""
        if f.gpu is None or not f.gpu.level.low_recent >= benign.POOL_ALLOCATED_PCT:
            return False
        hold_ns = int(self.rules.hypotheses.monitoring_gap.beside_after_s * NS)
        started = max(self.state.engine_start_ns, self.state.host.start_ns)
        for name in f.silent_sources:
            clock = self.aligner.sources.get(name)
            if clock is not None and clock.silent and tick_ns - clock.silent_since_ns >= hold_ns and \
                    started < clock.silent_since_ns:
                return True
        return False

    def _gap_beyond_alerts(self, f: NodeFeatures, scores: dict[str, hypotheses.Score]) -> bool:
        """Whether the gap scores to open on symptoms other than the node's alerts (its host's
        memory growing, OOM kills): alerts on a node whose memory incident is open are that
        incident's symptoms (outsider s151: a leak's KV alerts on a node whose host collector
        a hardening run had cut off, paged again as a monitoring gap)."""
        quiet = hypotheses.AlertPicture(0, 0, 0)
        gap = hypotheses.monitoring_gap(f, self.rules, quiet, scores, self.explanations)
        return gap.strength >= self.rules.incidents.open_score

    def _step_second(self, tick_ns: int, cause: str, scores: dict[str, hypotheses.Score],
                     shares: dict[str, float], out: NodeOutput, f: NodeFeatures) -> None:
        m = self.second
        if m is None:
            m = self.second = _machine(self.rules)
        score = self._other if cause == self.machine.cause and self._other is not None else scores[cause]
        # a second incident's leak holds as the first one's does (outsider s105: a leak beside
        # its node's residue resolved while its pool stayed full)
        held = m.active and self._held(m.cause, self._kv_raised2)
        step = m.step(tick_ns, cause, score.strength, score.strength, held)
        if step is Step.RAISE or (step is Step.UPDATE and not self._kv_raised2[0]):
            self._kv_raised2 = self._hold_mark(f, m.cause, score)
        if step is Step.NONE:
            return
        confidence = hypotheses.confidence(score, shares.get(cause, 0.0))
        if step is Step.RAISE:
            self.second_onset_ns = min(score.onset_ns or tick_ns, tick_ns)
        kind = {Step.RAISE: "raise", Step.UPDATE: "update", Step.CLEAR: "clear"}[step]
        out.findings.append(self._finding(kind, tick_ns, score, confidence, shares, slot=1,
                                          restart_ns=self._restart_ns() if step is Step.RAISE else 0))

    def _restart_ns(self) -> int:
        """When the node's serving process last started, as far as its events tell."""
        return max(self.state.engine_start_ns, self.state.host.start_ns)

    def _hold_mark(self, f: NodeFeatures, cause: str, score: hypotheses.Score) -> tuple[str, float]:
        """What holds an incident open, marked when it opens (("", NaN): nothing does): for
        session isolation, its engine and that engine's KV minute mean then; for an engine
        slowed down, the engine and its requests' tokens per second before; for a residue, and
        for a memory leak found in the framebuffer, the node's framebuffer in use then
        (:data:`FRAMEBUFFER_MARK`)."""
        if cause == hypotheses.ENGINE_SLOWED and f.slowed:
            return (f.slowed[0].engine, f.slowed[0].speed_before)
        if cause == hypotheses.ENGINE_SLOWED and f.delayed:
            return (FIRST_TOKEN_MARK + f.delayed[0].engine, f.delayed[0].ttft_before)
        in_framebuffer = cause == hypotheses.SPEC_RESIDUE or (
            cause == hypotheses.MEMORY_LEAK and bool(score.evidence)
            and score.evidence[0].signal.startswith("gpu_memory"))
        if in_framebuffer:
            return (FRAMEBUFFER_MARK, f.gpu.level.now) if f.gpu is not None else ("", NAN)
        if cause not in KV_LEAKS or f.kv is None:
            return ("", NAN)
        e = self.state.engines.get(f.kv.engine)
        return (f.kv.engine, e.kv_by_minute.ago(0)) if e is not None else ("", NAN)

    def _held(self, cause: str, mark: tuple[str, float]) -> bool:
        """Whether the incident's :meth:`_hold_mark` still holds. A session-isolation
        incident's blocks are still held while its engine's KV usage has not fallen below
        where it stood when the incident opened in any of the last minutes (a leak never
        releases; a saw-tooth's troughs do); an engine slowed down, while :meth:`_still_slow`.
        Held, the incident does not resolve while its paths flicker. A residue's framebuffer is
        still held while the node's has not fallen below where it stood when the incident opened
        in any reading of the last ``warmup`` ticks: a residue stops growing when the aborts that
        feed it stop, and stays until its server restarts (outsider s175: a residue fed by
        preemptions, resolved when the bursts that preempted ended, its memory still taken). So
        is a framebuffer leak's (outsider s284: a bad image's leak whose growth a weight refresh
        hid for the twelve minutes its window held the checkpoint's step, resolved and paged
        again as a new incident)."""
        engine, level = mark
        if cause == hypotheses.ENGINE_SLOWED and engine.startswith(FIRST_TOKEN_MARK):
            return self._still_delayed(engine.removeprefix(FIRST_TOKEN_MARK), level)
        if cause == hypotheses.ENGINE_SLOWED and engine:
            return self._still_slow(engine, level)
        if cause in (hypotheses.SPEC_RESIDUE, hypotheses.MEMORY_LEAK):
            f = self.last_features
            return engine == FRAMEBUFFER_MARK and f is not None and f.gpu is not None and \
                f.gpu.level.low_recent >= level - RESIDUE_HELD_PCT
        if cause not in KV_LEAKS or not engine or level != level:
            return False
        e = self.state.engines.get(engine)
        if e is None:
            return False
        recent = [v for v in e.kv_by_minute.tail(HELD_MINUTES) if v == v]
        return len(recent) == HELD_MINUTES and min(recent) >= level

    def _still_slow(self, engine: str, before: float) -> bool:
        """An engine slowed down stays so while its requests generate less than halfway back
        from the slowed share to the speed before (hysteresis): once the slow minutes fill the
        history the comparison is made against, the incident is held by the speed it opened
        against, not resolved while the engine is as slow as ever."""
        e = self.state.engines.get(engine)
        if e is None or before != before:
            return False
        cfg = self.rules.hypotheses.engine_slow
        now = engine_speed(e, self.w, cfg.recent_minutes)
        return now == now and now <= 0.5 * (1.0 + cfg.speed_share) * before

    def _still_delayed(self, engine: str, before: float) -> bool:
        """An engine whose first tokens came late stays so while they take at least halfway
        from the time before to the ratio's (hysteresis): held by the time it opened against
        once the late minutes fill the tick history."""
        e = self.state.engines.get(engine)
        if e is None or before != before:
            return False
        cfg = self.rules.hypotheses.engine_slow
        now = first_token_mean(e, cfg.recent_minutes * self.w.per_minute)
        return now == now and now >= 0.5 * (1.0 + cfg.first_token_ratio) * before

    def _finding(self, kind: str, ts_ns: int, score: hypotheses.Score | None = None,
                 confidence: float = -1.0, shares: dict[str, float] | None = None,
                 alerts: tuple[tuple[str, str], ...] = (), restart_ns: int = 0,
                 slot: int = 0) -> Finding:
        """A finding of the node's first incident, or of its second (``slot`` 1)."""
        second = slot and self.second is not None
        return Finding(
            node=self.node, ts_ns=ts_ns, kind=kind,  # type: ignore[arg-type]
            cause=self.second.cause if second else self.machine.cause,  # type: ignore[union-attr]
            strength=score.strength if score else -1.0,
            confidence=confidence,
            hypotheses=shares or {},
            onset_ns=self.second_onset_ns if second else self.onset_ns,
            critical=score.critical if score else False,
            evidence=tuple(score.evidence) if score else (),
            alerts=alerts,
            explanations=tuple(e.name for e in self.explanations),
            restart_ns=restart_ns,
            slot=slot,
            pods=self.state.pods,
            tenant=self._tenant(bool(second)),
        )

    def _tenant(self, second: bool) -> str:
        """The tenant the node's session-isolation finding names, if it names one."""
        cause = self.second.cause if second and self.second else self.machine.cause
        f = self.last_features
        if cause != hypotheses.SESSION_ISOLATION or f is None:
            return ""
        return f.sessions.hot_tenant or f.sessions.restart_tenant

    def _detect(self) -> dict[str, float]:
        """Feed each detector this tick's short-window growth (score, then learn)."""
        st, w, d = self.state, self.w, self.detectors
        self._kv_short = _max_slope([e.kv_pct for e in st.engines.values()], w.short, w.tick_s)
        self._kv_growth = _max_slope([e.kv_pct for e in st.engines.values()], w.growth, w.tick_s)
        pools = [g.best_pct() for g in st.pools()]
        self._gpu_growth = _max_slope(pools, w.growth, w.tick_s)
        self._host_growth = _max_slope([st.host.rss_pct, st.host.mem_pct], w.growth, w.tick_s)
        d.kv.score_then_learn(self._kv_short)
        d.gpu.score_then_learn(_max_slope(pools, w.short, w.tick_s))
        d.host.score_then_learn(_max_slope([st.host.rss_pct, st.host.mem_pct], w.short, w.tick_s))
        return d.scores()

    def _worth_a_look(self, tick_ns: int, anomaly: dict[str, float]) -> bool:
        """A cheap screen: only nodes showing something get the full evaluation."""
        h = self.rules.hypotheses
        st = self.state
        if any(v >= self.rules.detectors.threshold for v in anomaly.values()):
            return True
        if any(self._kv_candidate(e) for e in st.engines.values()):
            return True
        si = h.session_isolation
        restarts = st.sessions.restarts
        if len(restarts) >= si.restarts - 2 and (
                restarts[2 - si.restarts][0] >= tick_ns - int(si.restart_window_s * NS)):
            return True  # conversations restarted under old ids: the restart path could fire
        if _above(self._gpu_growth, 0.3 * h.spec_residue.min_growth_pct_per_min):
            return True
        if _above(self._mib_rise(), 0.5 * h.spec_residue.slow_rise_mib):
            return True  # a slow residue, in MB per node: a few hundredths of a point a minute
        if _above(self._host_growth, 0.5 * h.monitoring_gap.host_growth_pct_per_min):
            return True
        recent = tick_ns - int(self.rules.benign.warmup_s * NS)
        if max(st.engine_start_ns, st.host.start_ns) > recent or any(t > recent for t in st.host.oom_ns):
            return True
        if any(max(g.xid_ns, g.lost_ns) > recent for g in st.gpus.values()):
            return True
        if st.throttled or self._failing_links(tick_ns) or self._stalled(tick_ns) or \
                frozen_servers(st, tick_ns) or shrunk_pools(st, h.kv_pool.shrink_share) or \
                self._slowed(tick_ns) or self._delayed() or self._capped() or \
                self._upstream_errors(tick_ns) or self._output_cap() or \
                self._context_cap() or self._api_errors() or \
                mixed_servers(st, tick_ns, MIXED_WINDOW_NS) or self._host_view_wrong(tick_ns) or \
                renamed_counters(st, tick_ns, self.aligner.silence_ns):
            return True
        if any(c.silent for c in self.aligner.sources.values()):
            return True
        if unseen_ranks(st, tick_ns, self.aligner.silence_ns, int(h.monitoring_gap.unseen_busy_s * NS)):
            return True
        if any(self._acceptance_fell(e) for e in st.engines.values()):
            return True
        if any(e.seen.isdisjoint(KV_USAGE) and e.increase(PREEMPTIONS, self.w.growth) > 0
               for e in st.engines.values()):
            return True  # requests preempted where the pool is not collected (a monitoring gap)
        return bool(self.alerts.group())

    def _acceptance_fell(self, e: EngineTrack) -> bool:
        """Could the acceptance-collapse cause fire? The engine's share of draft tokens accepted
        over the growth window, below three quarters of its mean over its kept minutes."""
        accepted, drafted = e.draft_tokens(self.w.growth)
        if not drafted > 0:
            return False
        proposed = sum(v for v in e.drafted_by_minute.tail(MINUTES_KEPT) if v == v)
        kept = sum(v for v in e.accepted_by_minute.tail(MINUTES_KEPT) if v == v)
        return proposed > 0 and accepted / drafted < 0.75 * kept / proposed

    def _mib_rise(self) -> float:
        """How much the node's reporting framebuffers (summed) hold more in their latest minute
        than in the first minute of the slow residue window, MiB; NaN while none has a full
        window."""
        w = self.w
        span = w.gpu_slow_minutes * w.per_minute
        total = NAN
        for g in self.state.pools():
            if g.used_mib.last_ns < 0 or self.state.last_ns - g.used_mib.last_ns > 60 * NS:
                continue  # not reporting: not judged either (features.gpu_view)
            hist = g.used_mib.tail(span)
            if len(hist) < span:
                continue
            new, old = mean(hist[-w.per_minute :]), mean(hist[: w.per_minute])
            if new == new and old == old:
                total = (total if total == total else 0.0) + new - old
        return total

    def _kv_candidate(self, e: EngineTrack) -> bool:
        """Could the leak paths fire? The slow one needs growth over its whole window, the fast
        one growth over its window and more prefix-cache rebuilds than before; the hour path
        a floor that climbed over its blocks."""
        si = self.rules.hypotheses.session_isolation
        w = self.w
        if e.kv_pct.last_value >= si.saturated_kv_pct:
            return True
        g = 0.5 * si.min_growth_pct_per_min
        slow = mann_kendall(bucket_means(e.kv_pct.tail(w.kv_minutes * w.per_minute), w.per_minute))
        if slow.tau >= 0.5 and _above(slow.slope, g):
            return True
        fast = slope_per_min(e.kv_pct.tail(w.kv_fast_minutes * w.per_minute), w.tick_s)
        if _above(fast, g) and _above(rebuild_ratio(e, w), 0.75 * si.rebuild_rise):
            return True
        long = e.kv_long_trend(w.kv_long_minutes)
        if long.n >= w.kv_long_minutes - 1 and long.tau >= 0.5 and _above(long.slope, 0.5 * g):
            return True
        floor = floor_trend(e, w.floor_minutes, w.floor_bucket, w.floor_hold)
        if floor.known and floor.tau >= 0.7 and _above(floor.slope, g):
            return True
        hour = e.blocks.hour(w.hour_blocks)
        return hour.rising >= w.hour_blocks - 2 and _above(hour.rise, 0.7 * si.hour_rise_pct)

    def _unexplained(self, tick_ns: int) -> hypotheses.Score:
        """A persistent critical alert group that no telemetry explains, benign or not.

        A node known only from its alerts (no telemetry reaches the correlator) has nothing
        that could explain them: its group pages after the shorter ``alerts_only_after_s``,
        once, instead of alert by alert.

        A retry burst's abort rate is judged tick by tick and misses ticks while its clients
        go on retrying; the alerts their retries raise (upstream 5xx, first-token latency) are
        not unexplained in those ticks: the group stays unescalated for
        ``benign.explanation_hold_s`` after the burst was last seen (outsider s293: an annual
        report, cancels and a tenant's retries on one node, paged as unexplained alerts at a
        tick the burst was missed). The burst is held for this alone: holding it as an
        explanation delayed leaks found right after one.
        """
        g = self.rules.alert_grouping
        group = self.alerts.group()
        since = self.alerts.group_since_ns
        if not group or since == 0 or self.explanations:
            return hypotheses.Score()
        if self._burst_ns >= 0 and tick_ns - self._burst_ns <= self.rules.benign.explanation_hold_s * NS:
            return hypotheses.Score()
        wait = g.alerts_only_after_s if not self.aligner.sources else g.escalate_after_s
        if tick_ns - since < wait * NS:
            return hypotheses.Score()
        crit = {a.alertname for a in group if a.severity == "critical"}
        if len(crit) < g.escalate_min_critical:
            return hypotheses.Score()
        ev = [Evidence(signal="unexplained_alerts", value=len(group),
                       detail="critical: " + ", ".join(sorted(crit)[:8]))]
        return hypotheses.Score(1.0, since, ev, critical=True)

    def _unwatched(self) -> bool:
        """Whether the node is one the fleet's agents should watch and none does: no
        telemetry of its own while other nodes deliver theirs (an agent that never came up on
        it, a DaemonSet that does not tolerate its taint)."""
        return not self.aligner.sources and bool(self.fleet_sources) and self.node != NO_NODE

    def _unwatched_gap(self, unexplained: hypotheses.Score) -> hypotheses.Score:
        """A node paging through its alerts alone, in a fleet whose other nodes send their
        telemetry: what is wrong there cannot be seen, because nothing watches it. That is a
        monitoring gap (outsider s111: an autoscaled spot node without an agent, its memory
        growing to the OOM killer), named with what is missing."""
        missing = Evidence(signal="missing", value="all sources",
                           detail="no telemetry from this node while the fleet's other nodes send "
                           + ", ".join(sorted(self.fleet_sources)))
        return hypotheses.Score(unexplained.strength, unexplained.onset_ns,
                                [missing, *unexplained.evidence], critical=unexplained.critical)

    # -- features ------------------------------------------------------------------------
    def _pool_rise(self) -> float:
        """The rise over the slow window from which a server's own framebuffer is judged: half
        the smallest rise any residue path asks for."""
        sr = self.rules.hypotheses.spec_residue
        return 0.5 * min(sr.min_rise_pct, sr.slow_rise_pct, sr.match_rise_pct)

    def _reclaim_ticks(self) -> int:
        """Ticks within which healthy draft state is reclaimed (the recent interrupt rate)."""
        return max(1, round(60 * self.rules.hypotheses.spec_residue.reclaim_minutes / self.w.tick_s))

    def _kv_judged(self, views: list[KvView], r: Rates) -> KvView | None:
        """The engine whose pool the KV view judges (:func:`strongest_kv`), passing over one whose
        own conversations grew deeper (its cached share and prompts, :func:`benign.deeper_conversations`)
        for the next: on a node of several servers one may hold a report while another leaks
        (outsider s262). Where every rising one is so, the strongest, with its counters in
        ``r.engine_context`` so that the explanation holds."""
        kv = strongest_kv(views)
        st = self.state
        if kv is None or len(st.engines) < 2:
            return kv
        cfg = self.rules.benign
        first = None
        rest = list(views)
        while kv is not None:
            ctx = engine_context(st.engines[kv.engine], self.w)
            if not benign.deeper_conversations(*ctx, cfg):
                r.engine_context = ctx
                r.passed_over = (first[0].engine, first[1]) if first is not None \
                    else self._deeper_elsewhere(views, kv)
                return kv
            if first is None:
                first = (kv, ctx)
            rest.remove(kv)
            kv = strongest_kv(rest)
            if kv is not None and not rising(kv):
                break  # (no other pool rises)
        assert first is not None
        r.engine_context = first[1]
        return first[0]

    def _deeper_elsewhere(self, views: list[KvView], judged: KvView
                          ) -> tuple[str, tuple[float, float, float, float]] | None:
        """Another engine whose pool is at least half full and whose conversations grew deeper
        (a report that filled its server's pool, no longer rising, beside a neighbour's
        saw-tooth: outsider s316), with its figures; None if none."""
        cfg = self.rules.benign
        for v in views:
            if v is not judged and v.level.now >= DEEPER_FULL_PCT:
                ctx = engine_context(self.state.engines[v.engine], self.w)
                if benign.deeper_conversations(*ctx, cfg):
                    return v.engine, ctx
        return None

    def features(self, tick_ns: int) -> NodeFeatures:
        st = self.state
        w = self.w
        vllm = self.aligner.sources.get("vllm")
        fresh_ns = max(2 * w.tick_ns, 2 * vllm.interval_ns if vllm else 0)
        views = [kv_view(key, e, w, tick_ns) for key, e in st.engines.items()
                 if e.kv_pct.last_ns >= 0 and tick_ns - e.kv_pct.last_ns <= fresh_ns]
        h = st.host
        host = level(h.mem_pct, w, tick_ns, w.host_minutes, w.fine) if h.mem_pct.last_ns >= 0 else None
        rss = level(h.rss_pct, w, tick_ns, w.host_minutes, w.fine) if h.rss_pct.last_ns >= 0 else None
        oom_hour = sum(1 for t in st.host.oom_ns if tick_ns - t <= OOM_HOUR_NS)
        starts = [st.engine_start_ns, st.host.start_ns]
        since_start = min(((tick_ns - s) / NS for s in starts if s > 0), default=float("inf"))
        partial = self._partial_rss(rss, host, since_start)
        # (where the serving process's reading misses most of it, the host's memory is judged)
        grows = growing_host(host, rss, beside=oom_hour > 0 or partial is not None)
        steady = None
        if grows is not None and grows.trend.slope > 0:
            steady = host_steady(h.rss_pct if grows is rss else h.mem_pct, (host or grows).now, w)
        window_ns = int(self.rules.alert_grouping.group_interval_s * 3 * NS)
        si = self.rules.hypotheses.session_isolation
        crash_cfg = self.rules.hypotheses.crash_loop
        restarts = recent_starts(st, tick_ns, crash_cfg.window_s)
        crashes = recent_crashes(st, tick_ns, crash_cfg.crash_window_s, OOM_HOUR_NS, crash_cfg.window_s)
        silent = self._silent_at(tick_ns)
        loading = "vllm" in silent and self._vllm_loading(tick_ns)
        r = rates(st, w, tick_ns, self._reclaim_ticks())
        kv = self._kv_judged(views, r)
        return NodeFeatures(
            node=self.node,
            ts_ns=tick_ns,
            tick_s=w.tick_s,
            kv=kv,
            gpu=gpu_view(st.gpus, w, tick_ns, st.pools() if st.mig else None),
            host=host,
            host_rss=rss,
            oom_recent=sum(1 for t in st.host.oom_ns if tick_ns - t <= window_ns),
            oom_hour=oom_hour,
            rates=r,
            sessions=session_view(st, tick_ns, 300.0, si.hot_session_turns_per_min, si.restart_window_s),
            since_start_s=since_start,
            since_resume_s=_since(tick_ns, self.aligner.resumed_ns),
            silent_sources=silent,
            lost=self._lost(tick_ns, silent),
            missing_metrics=self._missing_metrics(tick_ns),
            sources=[s for s in self.aligner.sources if s != "alert"],
            pools=server_pools(st, w, tick_ns, self._pool_rise(), self._reclaim_ticks()),
            # (the source's newest record taken in, not the newest seen: a restarted server's
            # start, waiting beyond the tick, is not its readings stopping while others go on,
            # outsider s171)
            silent_servers=silent_servers(st, tick_ns, self.aligner.silence_ns, st.vllm_ns),
            vllm_loading=loading,
            throttled=throttled_gpus(st, tick_ns, self.rules.hypotheses.gpu_throttle.after_s),
            failing_links=self._failing_links(tick_ns),
            host_steady=steady,
            stalled=self._stalled(tick_ns),
            slowed=self._slowed(tick_ns),
            delayed=self._delayed(),
            capped=self._capped(),
            upstream_errors=self._upstream_errors(tick_ns),
            output_cap=self._output_cap(),
            context_cap=self._context_cap(),
            api_errors=self._api_errors(),
            mixed_servers=mixed_servers(st, tick_ns, MIXED_WINDOW_NS),
            renamed_counters=renamed_counters(st, tick_ns, self.aligner.silence_ns),
            host_view_wrong=self._host_view_wrong(tick_ns),
            serving_unseen=self._serving_unseen(tick_ns, silent, loading),
            gpus_absent=self._gpus_absent(tick_ns, silent),
            unseen_ranks=unseen_ranks(st, tick_ns, self.aligner.silence_ns,
                                      int(self.rules.hypotheses.monitoring_gap.unseen_busy_s * NS)),
            partial_rss=partial,
            frozen_servers=frozen_servers(st, tick_ns),
            shrunk_pools=shrunk_pools(st, self.rules.hypotheses.kv_pool.shrink_share),
            fb_last_pct=last_framebuffer(st.gpus) if silent else NAN,  # read only while a source is silent
            drained=drained_before(st.engines) if silent else False,
            starts=restarts,
            crashes=crashes,
            held_gpus=held_gpus(st.gpus) if restarts[0] >= 2 else [],
            gpu_failed_ns=gpu_failed(st.gpus) if max(restarts[0], crashes[0]) >= 2 else 0,
        )

    def _partial_rss(self, rss: Level | None, host: Level | None,
                     since_start: float) -> tuple[float, float] | None:
        """:attr:`NodeFeatures.partial_rss`. Judged after a warm-up, against the lowest the
        host's memory used read since that warm-up ended (memory the process shed shows there,
        however the host grows later); through a warm-up, as judged before it (a server read in
        part that the OOM killer restarted is read in part again, outsider s182)."""
        st = self.state
        run, low, partial = self._partial
        if since_start <= self.rules.benign.warmup_s:
            return partial
        start = max(st.engine_start_ns, st.host.start_ns)
        if run != start:
            run, low = start, NAN
        if host is not None and host.now == host.now and not low <= host.now:
            low = host.now
        partial = None
        if rss is not None and st.host.partial_rss(rss.now, low):
            gib = st.host.total_bytes / 100.0 / (1 << 30)
            partial = (rss.now * gib, st.host.rss_ref * gib)
        self._partial = (run, low, partial)
        return partial

    def _failing_links(self, tick_ns: int) -> list[tuple[int, int, float]]:
        cfg = self.rules.hypotheses.nvlink
        return failing_links(self.state, tick_ns, cfg.sustain_s, cfg.quiet_s)

    def _slowed(self, tick_ns: int) -> list[Slowed]:
        cfg = self.rules.hypotheses.engine_slow
        return slowed_engines(self.state, self.w, cfg.recent_minutes, cfg.min_running,
                              cfg.running_ratio, cfg.speed_share, cfg.full_kv_pct, tick_ns)

    def _lost(self, tick_ns: int, silent: list[str]) -> tuple[int, float] | None:
        cfg = self.rules.hypotheses.server_lost
        sources = [s for s in self.aligner.sources if s != "alert"]
        return lost_server(self.state, tick_ns, silent, sources, cfg.after_s, cfg.freed_fb_pct)

    def _delayed(self) -> list[Delayed]:
        cfg = self.rules.hypotheses.engine_slow
        rule = DelayRule(cfg.recent_minutes, cfg.first_token_ratio, cfg.first_token_added_s,
                         cfg.first_token_min_requests, cfg.held_share, cfg.waiting_added,
                         cfg.longer_prompt_ratio, cfg.hit_share_kept, cfg.full_kv_pct)
        return delayed_engines(self.state, self.w.history, self.w.per_minute, rule)

    def _upstream_errors(self, tick_ns: int) -> tuple[float, float, float] | None:
        cfg = self.rules.hypotheses.upstream_errors
        return upstream_errors(self.state, self.w, cfg.minutes, cfg.min_share, cfg.min_per_min,
                               cfg.engine_share, tick_ns)

    def _output_cap(self) -> tuple[float, float, float] | None:
        cfg = self.rules.hypotheses.output_cap
        return output_cap(self.state, cfg.min_requests, cfg.min_share, cfg.before_factor)

    def _host_view_wrong(self, tick_ns: int) -> tuple[float, float, int] | None:
        since, last, total, rss = self.state.host.mismatch
        if not last or tick_ns - last > MISMATCH_HELD_NS:
            return None
        return (total / (1 << 30), rss / (1 << 30), since)

    def _idle_engines(self, tick_ns: int, f: NodeFeatures) -> bool:
        """Whether the node's vLLM engines are up, past their warm-up and reporting, and served
        nothing over the last ``upstream_errors.minutes``: no request running, none finished."""
        if not self.state.engines or f.since_start_s <= self.rules.benign.warmup_s:
            return False
        k = self.rules.hypotheses.upstream_errors.minutes * self.w.per_minute
        fresh = tick_ns - 2 * self.w.tick_ns
        for e in self.state.engines.values():
            running = [v for v in e.running.tail(k) if v == v]
            if e.running.last_ns < fresh or len(running) < k // 2 or max(running) > 0:
                return False
            if any(c.total(k) > 0 for key, c in e.counters.items() if key.startswith("finished_")):
                return False
        return True

    def _api_errors(self) -> tuple[float, float, float] | None:
        cfg = self.rules.hypotheses.api_errors
        return api_errors(self.state, self.w, cfg.minutes, cfg.min_share, cfg.min_per_min, cfg.engine_share)

    def _context_cap(self) -> tuple[float, int, float] | None:
        cfg = self.rules.hypotheses.context_cap
        return context_cap(self.state, cfg.min_refused, cfg.before_factor)

    def _capped(self) -> list[Capped]:
        cfg = self.rules.hypotheses.concurrency_cap
        return capped_engines(self.state, self.w, cfg.minutes, cfg.pinned_share, cfg.min_running,
                              cfg.min_waiting, cfg.room_kv_pct)

    def _stalled(self, tick_ns: int) -> list[tuple[str, float]]:
        """Engines hung; engines whose metrics are frozen while they serve are marked so."""
        cfg = self.rules.hypotheses.engine_stall
        ticks = max(2, round(cfg.after_s / self.w.tick_s))
        stalled, frozen = stalled_engines(self.state, tick_ns, ticks, self.w.tick_ns, cfg.min_running,
                                          cfg.min_served)
        for key in frozen:
            self.state.engines[key].frozen_ns = tick_ns
        return stalled

    def _silent_at(self, tick_ns: int) -> list[str]:
        """Sources silent as of the tick: marked silent (perhaps at a later fleet time, when a
        quiet node's past ticks are evaluated) and already quiet for the timeout at the tick,
        so that a silence is never reported before it could be known."""
        a = self.aligner
        silent = [s for s, c in a.sources.items()
                  if c.silent and s != "alert" and tick_ns - c.max_ns > a.quiet_ns(s)]
        if silent and self._agent_restarting(tick_ns, silent):
            return []
        return silent

    def _agent_restarting(self, tick_ns: int, silent: list[str]) -> bool:
        """Whether a silence of every source is taken for the node agent's next restart: it
        restarted twice or more (a stream's numbering started over,
        :attr:`NodeAligner.renumbered`) within ``agent_restart_window_s`` before the silence
        began, the vLLM servers' counters going on through the latest restart (one restart, a
        rollout of the agent, is no loop), and the silence is shorter than
        ``agent_restart_grace_s``."""
        cfg = self.rules.alignment
        a = self.aligner
        if not (cfg.agent_restart_grace_s and len(a.renumbered) >= 2 and self.state.engines):
            return False
        if len(silent) < sum(1 for s in a.sources if s != "alert"):
            return False
        began = max(c.max_ns for s, c in a.sources.items() if s != "alert")
        restarted = a.renumbered[-1]
        window = cfg.agent_restart_window_s * NS
        if tick_ns - began >= cfg.agent_restart_grace_s * NS or not 0 <= began - restarted <= window \
                or began - a.renumbered[-2] > window:
            return False
        return not any(abs(e.restart_ns - restarted) <= AGENT_RESTART_NEAR_NS
                       for e in self.state.engines.values())

    def _gpus_absent(self, tick_ns: int, silent: list[str]) -> tuple[int, list[str]] | None:
        """Did the node come back without its GPUs? Its host source reporting again, for
        ``gpus_unavailable.after_s`` since it came back after a silence, while every GPU
        source the node had (``nvml``, ``dcgm``) and ``vllm`` have been silent since before."""
        sources = self.aligner.sources
        host = sources.get("host")
        if host is None or host.silent or not host.back_ns or \
                tick_ns - host.back_ns < int(self.rules.hypotheses.gpus_unavailable.after_s * NS):
            return None
        gpu: list[str] = [s for s in ("nvml", "dcgm") if s in sources]
        if not gpu or any(s not in silent or sources[s].silent_since_ns > host.back_ns for s in gpu):
            return None
        if "vllm" in sources and "vllm" not in silent:
            return None
        return host.back_ns, gpu

    def _serving_unseen(self, tick_ns: int, silent: list[str], loading: bool) -> tuple[int, int] | None:
        """Is the node's silent vLLM a server that serves unscraped? A serving process started
        after its last record, and the node's GPUs busy since, each reading within
        ``BUSY_GAP_NS`` of the last, for ``monitoring_gap.unseen_busy_s``, the latest busy
        reading fresh, and not a restarting server still loading (outsider s207: a chart's new
        pod label left out of the ServiceMonitor). Without a server started, busy GPUs may be
        another job's (s213: a validation job on a drained node). (since when, minutes busy)."""
        clock = self.aligner.sources.get("vllm")
        st = self.state
        if clock is None or "vllm" not in silent or tick_ns - st.busy_ns > BUSY_GAP_NS or \
                st.host.start_ns <= clock.silent_since_ns or loading:
            return None
        since = st.host.start_ns
        busy = tick_ns - max(since, st.busy_since_ns)
        if busy < int(self.rules.hypotheses.monitoring_gap.unseen_busy_s * NS):
            return None
        return since, busy // (60 * NS)

    def _vllm_loading(self, tick_ns: int) -> bool:
        """Whether the node's silent ``vllm`` source is a server restarting: a serving process
        started within ``monitoring_gap.restart_within_s`` after the source's last record, at
        most ``benign.warmup_s`` ago."""
        clock = self.aligner.sources.get("vllm")
        start = self.state.host.start_ns
        if clock is None or not clock.silent or start <= 0:
            return False
        after = start - clock.silent_since_ns
        return 0 <= after <= int(self.rules.hypotheses.monitoring_gap.restart_within_s * NS) and \
            tick_ns - start <= int(self.rules.benign.warmup_s * NS)

    def _missing_metrics(self, tick_ns: int) -> list[str]:
        st = self.state
        required = self.rules.hypotheses.monitoring_gap.required_vllm_metrics
        if not st.engines:
            observed = st.first_ns >= 0 and tick_ns - st.first_ns > 120 * NS
            return ["vllm"] if "vllm" in self.fleet_sources and observed else []
        missing: list[str] = []
        for e in st.engines.values():
            for name in required:
                aliases = KV_USAGE if name in KV_USAGE else (name,)
                if not e.seen.intersection(aliases) and name not in missing:
                    missing.append(name)
        return missing

    def idle_since(self, now_ns: int) -> float:
        """Seconds since the node last sent anything, telemetry or alerts (for expiry)."""
        return (now_ns - max(self.aligner.max_ns, self.state.last_ns, self.alerts.last_ns)) / NS


DEEPER_FULL_PCT = 50.0
"""A pool this full, not the one judged, is looked at for deeper conversations
(:meth:`NodeEngine._deeper_elsewhere`)."""

HELD_EXPLANATIONS = frozenset({"context_growth"})
"""Explanations judged on per-tick rates noisy enough to miss single ticks (:meth:`_held_explanations`)."""

HELD_MINUTES = 3
"""Minutes of a session-isolation incident's KV usage that must all stay at its opening level."""

AGENT_RESTART_NEAR_NS = 120 * NS
"""A server whose counters fell back this close to the agent's renumbering restarted with it
(the node rebooted): not the agent alone."""

FIRST_TOKEN_MARK = "first-token:"
"""An engine-slowed incident's hold mark, where its first tokens came late: this and the engine."""

FRAMEBUFFER_MARK = "framebuffer"
"""A residue incident's hold mark: the node's framebuffer in use when it opened."""

RESIDUE_HELD_PCT = 0.05
"""How far below its opening level (points) a residue's framebuffer may read and still hold:
a held framebuffer reads the same MiB, a released one falls by the residue, a restarted one
to nothing."""

SEPARATE_CAUSES = (hypotheses.SESSION_ISOLATION, hypotheses.SPEC_RESIDUE, hypotheses.KV_TRANSFER_LEAK)
KV_LEAKS = frozenset({hypotheses.SESSION_ISOLATION, hypotheses.KV_TRANSFER_LEAK})
"""Blocks in the KV pool nobody releases: an incident about them holds while they stay held."""
MEMORY_CAUSES = frozenset({*SEPARATE_CAUSES, hypotheses.MEMORY_LEAK, hypotheses.KV_POOL_SHRUNK})
"""Causes that a GPU failing on the same node does not explain: the failure (a critical XID,
a GPU lost) pages as a second incident rather than taking theirs over."""


def _machine(rules: RuleSet) -> NodeMachine:
    inc = rules.incidents
    return NodeMachine(inc.open_score, inc.open_after_ticks, inc.resolve_score,
                       int(inc.resolve_after_s * NS), int(inc.min_update_interval_s * NS),
                       inc.open_at_once_score)

OOM_HOUR_NS = 3600 * NS
"""How long after an OOM kill the host's memory used is judged beside a serving process whose
own memory holds."""

KILL_HELD_CAUSES = frozenset({*MEMORY_CAUSES, hypotheses.CRASH_LOOP})
"""Causes whose incident holds while the OOM killer's next kill is due (:meth:`NodeEngine._kill_due`)."""

KILL_DUE_FACTOR = 1.5
"""How many of the last interval between two OOM kills the next one is awaited for."""

_ADDED_SINCE_V1: dict[str, Callable[[], object]] = {
    "_host_noted": str,
    "second": lambda: None,
    "second_onset_ns": lambda: 0,
    "_kv_raised": lambda: ("", NAN),
    "_kv_raised2": lambda: ("", NAN),
    "_suppressed": frozenset,
    "_explained": dict,
    "_burst_ns": lambda: -1,
    "_residue": lambda: (0, frozenset()),
    "_other": lambda: None,
    "_kv_short": lambda: NAN,
    "_kv_growth": lambda: NAN,
    "_gpu_growth": lambda: NAN,
    "_host_growth": lambda: NAN,
    "_partial": lambda: (-1, NAN, None),
    "_readings_gap": lambda: False,
}


def _max_slope(series: list[Series], ticks: int, tick_s: float) -> float:
    best = NAN
    for s in series:
        if s.last_ns >= 0:
            v = slope_per_min(s.tail(ticks), tick_s)
            if v == v and not best >= v:
                best = v
    return best


def _since(now_ns: int, then_ns: int) -> float:
    return (now_ns - then_ns) / NS if then_ns else float("inf")


def _above(x: float, limit: float) -> bool:
    return x == x and x > limit


def _slope(x: float) -> float:
    return x if x == x else float("-inf")
