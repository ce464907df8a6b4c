"""A server that dies under load now and then, too slowly for a crash loop's three starts in
30 minutes (outsider s223: a failing RDMA optic kills a two-node 405B instance twice, 27
minutes apart, failing every request it held each time). Each restart alone is a warm-up;
two starts within the hour that each followed a stop while the server was serving (no drain
first), each with its clients seen failing (a gateway's upstream-5xx alert beginning around
it), are paged as ``crash_loop``. Drained restarts, restarts that failed nobody (a rollout
that did not drain first), restarts after OOM kills (the memory's doing) and restarts while
the server never went down are not counted."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.config.model import RuleSet
from correlator.core.nodestate import CRASH_QUIET_NS, CRASH_SEEN_NS, NodeState
from correlator.core.sessions import SessionTracker
from correlator.wire.records import EventRecord, Record, SampleRecord
from tests.timeline import T0, NodeSpec, S, alert, at, merged, node_records, opened_incidents

RULES = load_rules()
DOWN_S = 60.0
"""How long before each start the server's metrics are gone (it died, its pod restarts)."""


def node(starts: list[float], drained: bool = False, vllm: bool = True, ooms: bool = False,
         down_s: float = DOWN_S, failing: bool = True) -> list[Record]:
    """A node serving 10 requests whose server stops ``down_s`` before each of ``starts`` and
    starts again; ``drained``: it ran nothing for three minutes before each stop; ``failing``:
    the gateway's upstream-5xx alert fires for three minutes from 30 s after each start."""
    def running(t: float) -> float:
        return 0.0 if drained and any(s - down_s - 180 <= t < s for s in starts) else 10.0

    spec = NodeSpec(kv_pct=(lambda t: 30.0) if vllm else None, running=running)
    records = [r for r in node_records(spec, 5400)
               if not (r.source == "vllm" and any(s - down_s <= (r.ts_ns - T0) / S < s + 30 for s in starts))]
    records += [EventRecord(v=1, ts_ns=at(t), node="gpu-node-01", source="host", kind="event",
                            event="process_start", attrs={"process": "vllm"}) for t in starts]
    if failing:
        records += [alert("gpu-node-01", t + 30 + k * 60, "GatewayUpstream5xxRateHigh", "critical")
                    for t in starts for k in range(3)]
        records += [alert("gpu-node-01", t + 210, "GatewayUpstream5xxRateHigh", "critical", "resolved")
                    for t in starts]
    if ooms:
        records += [EventRecord(v=1, ts_ns=at(t - down_s), node="gpu-node-01", source="host", kind="event",
                                event="oom_kill", attrs={"process": "vllm"}) for t in starts]
    return merged(sorted(records, key=lambda r: r.ts_ns))


def causes(records: list[Record], rules: RuleSet = RULES) -> list[tuple[str, float]]:
    return [(i.cause, (i.opened_ns - T0) / S) for i in opened_incidents(records, rules)]


def test_two_crashes_under_load_within_the_hour_are_paged_once_the_second_is_seen() -> None:
    found = opened_incidents(node([1800.0, 3400.0]), RULES)
    assert [i.cause for i in found] == ["crash_loop"]
    # named once the second crash's clients are seen failing (its alert 30 s after the start)
    assert 3430.0 <= (found[0].opened_ns - T0) / S <= 3430.0 + 2 * RULES.features.tick_s
    assert (found[0].first_evidence_ns - T0) / S == 1800.0
    ev = found[0].evidence[0]
    assert ev.signal == "server_crashes" and ev.value == 2 and "no drain" in ev.detail


def test_one_crash_is_a_warm_up() -> None:
    assert causes(node([1800.0])) == []


def test_drained_restarts_are_planned() -> None:
    assert causes(node([1800.0, 3400.0], drained=True)) == []


def test_restarts_that_failed_no_client_are_not_crashes() -> None:
    """A rollout's restarts, not drained first, with no gateway alert: no one was failed
    (outsider s145's spec-config change and its rollback, s196's upgrade and rollback)."""
    assert causes(node([1800.0, 3400.0], failing=False)) == []


def test_the_failing_alert_must_begin_around_each_crash() -> None:
    """One alert firing since the first crash does not vouch for the second: its clients must
    be seen failing again."""
    records = node([1800.0, 3400.0], failing=False)
    records += [alert("gpu-node-01", 1830 + k * 60, "GatewayUpstream5xxRateHigh", "critical")
                for k in range(int((3500 - 1830) / 60))]
    assert causes(merged(sorted(records, key=lambda r: r.ts_ns))) == []


def test_crashes_further_apart_than_the_window_are_not_paged() -> None:
    window = RULES.hypotheses.crash_loop.crash_window_s
    assert causes(node([600.0, 600.0 + window + 300])) == []


def test_a_start_while_the_server_kept_reporting_is_no_crash() -> None:
    """A start event whose server's metrics never stopped (a helper process in the pod named
    like the server, an agent resending an old event) did not fail anyone's requests."""
    assert causes(node([1800.0, 3400.0], down_s=0.0)) == []


def test_crashes_after_oom_kills_are_the_memorys_doing() -> None:
    assert "crash_loop" not in [c for c, _ in causes(node([1800.0, 3400.0], ooms=True))]


def test_a_node_without_vllm_cannot_show_a_drain_so_its_starts_count() -> None:
    """A worker of an instance spanning two nodes: no vLLM metrics of its own, its process
    restarted with its leader's (the gateway's alerts name the leader)."""
    assert [c for c, _ in causes(node([1800.0, 3400.0], vllm=False, failing=False))] == ["crash_loop"]


def test_min_crashes_zero_turns_it_off() -> None:
    cfg = RULES.hypotheses.crash_loop.model_copy(update={"min_crashes": 0})
    rules = RULES.model_copy(update={"hypotheses": RULES.hypotheses.model_copy(update={"crash_loop": cfg})})
    assert causes(node([1800.0, 3400.0]), rules) == []


def test_node_state_counts_a_start_as_a_crash_only_after_a_quiet_serving_engine() -> None:
    def sample(t_ns: int, running: float) -> SampleRecord:
        return SampleRecord(v=1, ts_ns=t_ns, node="n", source="vllm", kind="sample",
                            metrics={"vllm:num_requests_running": running, "vllm:kv_cache_usage_perc": 0.3})

    def start(t_ns: int) -> EventRecord:
        return EventRecord(v=1, ts_ns=t_ns, node="n", source="host", kind="event", event="process_start",
                           attrs={"process": "vllm"})

    for running, gap, crash in ((10.0, CRASH_QUIET_NS, True), (10.0, CRASH_SEEN_NS, True),
                                (0.0, CRASH_QUIET_NS, False), (10.0, CRASH_QUIET_NS - S, False),
                                (10.0, CRASH_SEEN_NS + S, False)):
        st = NodeState(cap=120, sessions=SessionTracker(64, 3600 * S))
        st.ingest(sample(T0, running))
        st.ingest(start(T0 + gap))
        assert st.server_starts == (T0 + gap,)
        assert st.crash_starts == (((T0 + gap, True),) if crash else ()), (running, gap)
