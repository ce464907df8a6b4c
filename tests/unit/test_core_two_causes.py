"""Two separate causes on one node at once, and a fault that comes back after a restart
(the sixth outsider's s26).

A draft model's residue holds framebuffer outside the KV pool; a session isolation defect
holds blocks inside it. Both on one server used to make one incident whose cause flipped
between them every few minutes, so the second fault was never paged under its own name. And
a leak that an operator's restart cleared and that then came back reopened the old incident
instead of paging that the restart did not fix it.
"""

from __future__ import annotations

import math

from correlator.config import load_rules
from correlator.core import Engine
from correlator.wire.incidents import Incident
from correlator.wire.records import Record, SampleRecord
from tests.timeline import T0, NodeSpec, S, alert, at, merged, node_records, sawtooth

RULES = load_rules()


def run(records: list[Record]) -> list[Incident]:
    eng = Engine(RULES)
    out: list[Incident] = []
    for r in records:
        out += eng.process(r).incidents
    return out + eng.finish().incidents


def minute(ns: int) -> float:
    return (ns - T0) / S / 60


def both_at_once(t: float) -> float:
    base = sawtooth(30, 10, 200)(t)
    return min(97.0, base + max(0.0, t - 2400) / 60 * 2.0)


def residue_spec() -> NodeSpec:
    return NodeSpec(gpu_pct=lambda t: 90 + 0.2 * math.sin(t * 0.37) + max(0.0, t - 1500) / 60 * 0.8,
                    aborts_per_s=lambda t: 1.5 if t > 1400 else 0.05, spec_decode=True,
                    kv_pct=both_at_once)


def test_a_leak_beside_an_open_residue_is_paged_as_its_own_incident() -> None:
    incidents = run(merged(node_records(residue_spec(), 4200)))
    opened = {i.incident_id: i for i in incidents if i.status == "open"}
    by_cause = {i.cause: i for i in opened.values()}
    assert set(by_cause) == {"spec_residue", "session_isolation"}, [
        (i.cause, minute(i.opened_ns)) for i in opened.values()]
    residue, leak_inc = by_cause["spec_residue"], by_cause["session_isolation"]
    assert minute(residue.opened_ns) < 40 <= minute(leak_inc.opened_ns) < 70
    # Neither incident's cause flips to the other's.
    for i in incidents:
        assert i.cause == opened[i.incident_id].cause, (i.incident_id, i.status, i.cause)


def leak_restart_leak(t: float) -> float:
    """A pool leaking 2 points a minute from minute 20; the operator restarts the server at
    minute 50 (the pool starts empty), and the same client's leak is back from minute 52."""
    base = sawtooth(30, 10, 200)(t)
    if t < 3000:
        return min(97.0, base + max(0.0, t - 1200) / 60 * 2.0)
    return min(97.0, base + max(0.0, t - 3120) / 60 * 2.0)


def test_a_fault_back_after_a_restart_pages_again() -> None:
    restart = [(3000.0, "host", "process_start", {"process": "vllm"}),
               (3010.0, "vllm", "engine_start", {"engine": "0"})]
    spec = NodeSpec(kv_pct=leak_restart_leak, extra_events=restart)
    incidents = run(merged(node_records(spec, 5400)))
    opened = [i for i in incidents if i.status == "open"]
    assert [i.cause for i in opened] == ["session_isolation", "session_isolation"], [
        (i.cause, minute(i.opened_ns)) for i in opened]
    first, again = opened
    assert minute(first.opened_ns) < 50 < 52 < minute(again.opened_ns)
    resolved = [i for i in incidents if i.status == "resolved" and i.incident_id == first.incident_id]
    assert resolved and resolved[0].resolved_ns is not None and resolved[0].resolved_ns < again.opened_ns


def test_the_second_incident_travels_between_workers_and_keeps_its_own_key() -> None:
    """Findings cross the ``findings`` topic as JSON: the slot and the restart time survive
    it, and the book keeps a node's two incidents apart."""
    from correlator.core.incidents import IncidentBook
    from correlator.core.outputs import Finding

    def finding(kind: str, cause: str, t: float, slot: int) -> Finding:
        return Finding("n1", T0 + int(t * S), kind, cause, 0.9, 0.9, {cause: 1.0},  # type: ignore[arg-type]
                       T0, False, slot=slot, restart_ns=T0 + 5 if kind == "raise" else 0)

    first = finding("raise", "spec_residue", 60, 0)
    second = finding("raise", "session_isolation", 600, 1)
    assert Finding.from_json(second.to_json()) == second
    assert "slot" not in first.to_json() or first.to_json()["slot"] == 0
    book = IncidentBook(RULES.incidents)
    a = book.apply(first)[0]
    b = book.apply(second)[0]
    assert a.status == b.status == "open" and a.incident_id != b.incident_id
    closed = book.apply(finding("clear", "session_isolation", 1200, 1))
    assert [(i.incident_id, i.status) for i in closed] == [(b.incident_id, "resolved")]
    assert a.incident_id in book.open and b.incident_id not in book.open


def test_a_finding_held_in_an_older_snapshot_restores_with_the_new_fields() -> None:
    """A desk snapshot taken by a build before ``slot`` and ``restart_ns`` existed holds
    findings pickled with fewer fields; restored, they read as a node's first incident."""
    import pickle

    from correlator.core.outputs import Finding

    f = Finding("n1", T0, "raise", "spec_residue", 0.9, 0.9, {}, T0, False)  # type: ignore[arg-type]
    blob = pickle.dumps(f)
    old_state = f.__getstate__()[:-2]  # type: ignore[attr-defined,index]
    restored = Finding.__new__(Finding)
    restored.__setstate__(old_state)
    assert restored == pickle.loads(blob) == f
    assert (restored.slot, restored.restart_ns) == (0, 0)


def test_a_leak_back_after_its_node_was_unreachable_reopens_its_incident() -> None:
    """s22 fed in delivery order: the agent of the leaking node lost the broker for eight
    minutes, so the leak's incident was taken over by ``node_unreachable`` and resolved; when
    the records flowed again the leak was raised anew and paged as a second incident. The
    same cause on the node within ``reopen_window_s`` reopens the incident that named it,
    whatever it named when it resolved."""
    from correlator.core.incidents import IncidentBook
    from correlator.core.outputs import Finding

    def finding(kind: str, cause: str, minutes: float) -> Finding:
        return Finding("sp-04", T0 + int(minutes * 60 * S), kind, cause, 0.9, 0.9,  # type: ignore[arg-type]
                       {cause: 1.0}, T0, False)

    book = IncidentBook(RULES.incidents)
    opened = book.apply(finding("raise", "session_isolation", 44))[0]
    taken = book.apply(finding("update", "node_unreachable", 47))
    assert [i.cause for i in taken] == ["node_unreachable"]
    assert [i.status for i in book.apply(finding("clear", "node_unreachable", 59))] == ["resolved"]
    back = book.apply(finding("raise", "session_isolation", 69))
    assert [(i.incident_id, i.status, i.cause) for i in back] == [
        (opened.incident_id, "update", "session_isolation")]
    assert book.opened_total == 1


def test_alerts_naming_no_node_join_the_paged_cause_instead_of_paging() -> None:
    """s33: the gateway's 5xx and SLO alerts name no node (``node`` "-"); two critical rules
    firing for two minutes paged ``unexplained_alerts`` on node "-" while the host-memory
    leak behind them was already paged. With an incident open they join it; with none, they
    still page on their own."""
    from correlator.core.incidents import IncidentBook
    from correlator.core.outputs import Finding

    def finding(node: str, kind: str, cause: str, minutes: float,
                alerts: tuple[tuple[str, str], ...] = ()) -> Finding:
        return Finding(node, T0 + int(minutes * 60 * S), kind, cause, 1.0, 1.0,  # type: ignore[arg-type]
                       {cause: 1.0}, T0, True, alerts=alerts)

    book = IncidentBook(RULES.incidents)
    leak = book.apply(finding("fl-05", "raise", "memory_leak", 22))[0]
    fleet = book.apply(finding("-", "raise", "unexplained_alerts", 64,
                               alerts=(("fp1", "GatewayHigh5xxRate"), ("fp2", "GatewayP99LatencySLOBreach"))))
    assert all(i.incident_id == leak.incident_id and i.cause == "memory_leak" for i in fleet)
    assert book.opened_total == 1 and book.open[leak.incident_id].alert_count == 2
    assert book.apply(finding("-", "clear", "unexplained_alerts", 70)) == []
    alone = IncidentBook(RULES.incidents)
    own = alone.apply(finding("-", "raise", "unexplained_alerts", 64,
                              alerts=(("fp1", "GatewayHigh5xxRate"),)))
    assert [(i.status, i.cause, i.nodes) for i in own] == [("open", "unexplained_alerts", ["-"])]


def test_a_gpu_failing_on_a_node_with_an_open_residue_is_paged_as_its_own_incident() -> None:
    # Outsider s63: an XID 79 on a GPU of a node whose residue is already paged used to turn
    # the residue's incident into a GPU failure: the residue lost its name, the failure its page.
    spec = residue_spec()
    spec.kv_pct = sawtooth(30, 10, 200)
    spec.extra_events = [(3000.0, "nvml", "xid", {"xid": 79})]
    incidents = run(merged(node_records(spec, 3600)))
    opened = {i.incident_id: i for i in incidents if i.status == "open"}
    assert sorted(i.cause for i in opened.values()) == ["gpu_failure", "spec_residue"]
    failure = next(i for i in opened.values() if i.cause == "gpu_failure")
    assert 3000 <= (failure.opened_ns - T0) / S <= 3000 + RULES.features.tick_s
    for i in incidents:  # neither takes the other's name
        assert i.cause == opened[i.incident_id].cause, (i.incident_id, i.status, i.cause)


def test_a_monitoring_gap_whose_symptoms_return_after_a_restart_reopens_its_incident() -> None:
    """Outsider s99: the host collector's clock stuck, so host memory cannot be seen; the
    leak it hides killed the server twice, and each kill paged a new monitoring gap. A restart
    mends a leak (it frees what it held), not a source that cannot be seen: the gap's incident
    reopens. A leak back after a restart still pages anew."""
    from correlator.core.incidents import IncidentBook
    from correlator.core.outputs import Finding

    def finding(kind: str, cause: str, minute: float, restart_min: float) -> Finding:
        return Finding("n1", T0 + int(minute * 60 * S), kind, cause, 0.9, 0.9, {cause: 1.0},  # type: ignore[arg-type]
                       T0, False, restart_ns=T0 + int(restart_min * 60 * S))

    for cause, pages in (("monitoring_gap", 1), ("memory_leak", 2)):
        book = IncidentBook(RULES.incidents)
        out = book.apply(finding("raise", cause, 19, 0)) + book.apply(finding("clear", cause, 38, 0))
        out += book.apply(finding("raise", cause, 58, 54))  # the server restarted at minute 54
        opened = [i.incident_id for i in out if i.status == "open"]
        assert len(opened) == pages, cause
        assert out[-1].status == ("update" if pages == 1 else "open")


def test_a_leak_beside_an_open_residue_holds_while_its_pool_stays_full() -> None:
    """Outsider s105: a leak paged as the node's second incident, beside its residue, was
    resolved once its pool was full (the trend paths see nothing rise any more) while its
    blocks stayed held; the first incident's leak holds there, the second's did not."""
    incidents = run(merged(node_records(residue_spec(), 7800)))
    leak = [i for i in incidents if i.cause == "session_isolation"]
    assert leak and leak[0].status == "open"
    assert minute(leak[0].opened_ns) < 70
    assert [i.status for i in leak if i.status != "update"] == ["open"], [
        (i.status, minute(i.updated_ns)) for i in leak]


def gap_beside_residue(crashed: bool) -> list[Incident]:
    """A residue from minute 25; at minute 45 the server's metrics become unreachable (the
    scrape blocked) while the server keeps its memory and the host's grows 2 points a minute
    from minute 49 (outsider s107). Or the server crashed at minute 45: its framebuffer freed."""
    def gpu(t: float) -> float:
        if crashed and t >= 2700:
            return 0.5
        return 90 + 0.2 * math.sin(t * 0.37) + max(0.0, min(t, 2700) - 1500) / 60 * 0.8

    spec = NodeSpec(gpu_pct=gpu, aborts_per_s=lambda t: 1.5 if t > 1400 else 0.05, spec_decode=True,
                    vllm_until=2700, host_pct=lambda t: min(95.0, 40 + max(0.0, t - 2940) / 60 * 2.0))
    return run(merged(node_records(spec, 4200)))


def test_a_scrape_blocked_beside_an_open_residue_pages_a_monitoring_gap_of_its_own() -> None:
    incidents = gap_beside_residue(crashed=False)
    opened = {i.incident_id: i for i in incidents if i.status == "open"}
    by_cause = {i.cause: i for i in opened.values()}
    assert set(by_cause) == {"spec_residue", "monitoring_gap"}, [
        (i.cause, minute(i.opened_ns)) for i in opened.values()]
    gap = by_cause["monitoring_gap"]
    assert 45 + 5 <= minute(gap.opened_ns) < 60  # silent for 5 minutes first
    assert gap.evidence[0].signal == "missing" and gap.evidence[0].value == "vllm"
    # the host memory growing behind the gap does not rename the residue a memory leak
    for i in incidents:
        assert i.cause == opened[i.incident_id].cause, (i.incident_id, i.status, i.cause)


def test_alerts_beside_an_open_residue_with_a_source_silent_are_its_symptoms_not_a_gap() -> None:
    """Outsider s151: a node's host collector cut off (a hardening run), a leak paged on it,
    then the leak's own alerts: the silent source and the alerts scored a monitoring gap,
    paged as a second incident. Alerts on a node whose memory incident is open are that
    incident's symptoms; a gap beside it needs symptoms of its own (host memory, OOM kills)."""
    spec = NodeSpec(gpu_pct=lambda t: 90 + 0.2 * math.sin(t * 0.37) + max(0.0, t - 1500) / 60 * 0.8,
                    aborts_per_s=lambda t: 1.5 if t > 1400 else 0.05, spec_decode=True,
                    vllm_until=2700)
    storm = [alert("gpu-node-01", float(t), name, severity="critical" if i < 2 else "warning")
             for t in range(2940, 4200, 60)
             for i, name in enumerate(("VLLMHighTTFT", "GatewayTimeouts", "VLLMQueueLong", "HighLatency"))]
    incidents = run(merged(node_records(spec, 4200), iter(storm)))
    causes = {i.incident_id: i.cause for i in incidents if i.status == "open"}
    assert list(causes.values()) == ["spec_residue"], [
        (i.cause, i.status, minute(i.updated_ns)) for i in incidents if i.status == "open"]
    assert max(i.alerts.count for i in incidents) >= 4  # the alerts joined the residue's incident


def test_a_server_that_crashed_beside_its_residue_is_no_second_incident() -> None:
    # its framebuffer freed: the silence is the residue's consequence; whatever the node shows
    # once the residue's incident has resolved is judged afresh, as a first incident
    incidents = gap_beside_residue(crashed=True)
    residue = [i for i in incidents if i.cause == "spec_residue"]
    assert residue[0].status == "open" and residue[-1].status == "resolved"
    assert residue[-1].resolved_ns is not None
    for i in incidents:
        if i.status == "open" and i.cause != "spec_residue":
            assert i.opened_ns > residue[-1].resolved_ns, [(c.cause, c.status, minute(c.updated_ns))
                                                           for c in incidents]


def cut(records: list[Record], node: str, *windows: tuple[float, float]) -> list[Record]:
    """The records of ``node`` lost in each window of seconds (its agent cut off, no buffer)."""
    return [r for r in records
            if r.node != node or not any(a <= (r.ts_ns - T0) / S < b for a, b in windows)]


def test_a_partition_in_the_middle_of_a_leak_is_paged_beside_it() -> None:
    """Outsider s127: the leaking node cut off for eight minutes. The partition used to take
    the leak's incident over and resolve it, so the leak, still running, was paged again half
    an hour later as unexplained alerts. The partition is a root cause of its own, paged as
    the node's second incident; the leak's incident keeps its name and stays open across it."""
    leak = NodeSpec(kv_pct=lambda t: min(97.0, sawtooth(30, 10, 200)(t) + max(0.0, t - 1200) / 60 * 1.2))
    peer = NodeSpec(node="gpu-node-02")
    records = cut(merged(node_records(leak, 4500), node_records(peer, 4500)),
                  "gpu-node-01", (2880.0, 3360.0))
    incidents = run(records)
    opened = {i.incident_id: i for i in incidents if i.status == "open"}
    assert sorted((i.cause, tuple(i.nodes)) for i in opened.values()) == [
        ("node_unreachable", ("gpu-node-01",)), ("session_isolation", ("gpu-node-01",))]
    leak_inc = next(i for i in opened.values() if i.cause == "session_isolation")
    partition = next(i for i in opened.values() if i.cause == "node_unreachable")
    assert minute(leak_inc.opened_ns) < 48 < minute(partition.opened_ns) < 50
    for i in incidents:  # neither takes the other's name
        assert i.cause == opened[i.incident_id].cause, (i.incident_id, i.status, i.cause)
    resolved = {i.incident_id for i in incidents if i.status == "resolved"}
    assert partition.incident_id in resolved and leak_inc.incident_id not in resolved


def test_a_switch_cutting_two_nodes_off_twice_pages_each_time_once() -> None:
    """Outsider s126: a top-of-rack switch cut two nodes off for three minutes, and again
    22 minutes later. The second cut reopened the first incident for one node (an incident
    whose first record lies 25 minutes before the cut) and opened another for the other.
    Definitive evidence that comes back is a new occurrence: one new incident, both nodes."""
    a, b, c = (NodeSpec(node=f"gpu-node-0{k}") for k in (1, 2, 3))
    windows = ((1800.0, 1980.0), (3300.0, 3450.0))
    records = merged(node_records(a, 4500), node_records(b, 4500), node_records(c, 4500))
    records = cut(cut(records, "gpu-node-01", *windows), "gpu-node-02", *windows)
    incidents = run(records)
    opened = [i for i in incidents if i.status == "open"]
    assert [i.cause for i in opened] == ["node_unreachable", "node_unreachable"]
    for inc, (start, end) in zip(opened, windows, strict=True):
        assert start <= (inc.opened_ns - T0) / S <= end
        last = [i for i in incidents if i.incident_id == inc.incident_id][-1]
        assert sorted(last.nodes) == ["gpu-node-01", "gpu-node-02"] and last.status == "resolved"


def test_a_reopened_incident_is_rejoined_by_its_other_nodes() -> None:
    """An incident over two nodes, resolved, then its cause back on both: the first node's
    finding reopens it, and the second's joins it instead of opening another."""
    from correlator.core.incidents import IncidentBook
    from correlator.core.outputs import Finding

    def finding(node: str, kind: str, minutes: float) -> Finding:
        return Finding(node, T0 + int(minutes * 60 * S), kind, "session_isolation", 0.9, 0.9,  # type: ignore[arg-type]
                       {"session_isolation": 1.0}, T0 + int(minutes * 60 * S), False)

    book = IncidentBook(RULES.incidents)
    first = book.apply(finding("n1", "raise", 10))[0]
    book.apply(finding("n2", "raise", 10.2))
    book.apply(finding("n1", "clear", 20))
    assert [i.status for i in book.apply(finding("n2", "clear", 20))] == ["resolved"]
    back = book.apply(finding("n1", "raise", 30)) + book.apply(finding("n2", "raise", 31))
    assert {i.incident_id for i in back} == {first.incident_id}
    assert book.opened_total == 1 and book.open[first.incident_id].active == {"n1", "n2"}


def test_a_gpu_slowed_by_heat_beside_an_open_residue_is_paged_as_its_own_incident() -> None:
    """Outsider s271: a GPU's fan failing on a node whose draft residue was paged 20 minutes
    before turned the residue's incident into the throttle's; the residue lost its name and
    the throttle its page. Memory held outside the KV pool is not what heat explains."""
    spec = residue_spec()
    spec.kv_pct = sawtooth(30, 10, 200)
    hot_from = 2700.0

    def clocks(t: float, gpu: int) -> dict[str, float]:
        hot = gpu == 1 and t >= hot_from
        return {"DCGM_FI_DEV_GPU_TEMP": 87.0 if hot else 62.0,
                "DCGM_FI_DEV_SM_CLOCK": 900.0 if hot else 1980.0}

    dcgm = [SampleRecord(v=1, ts_ns=at(t), node="gpu-node-01", source="dcgm", kind="sample", gpu=g,
                         seq=int(t / 10) + 1, metrics=clocks(t, g))
            for t in range(0, 3601, 10) for g in range(2)]
    incidents = run(merged(node_records(spec, 3600), dcgm))
    opened = {i.incident_id: i for i in incidents if i.status == "open"}
    assert sorted(i.cause for i in opened.values()) == ["gpu_throttled", "spec_residue"]
    throttled = next(i for i in opened.values() if i.cause == "gpu_throttled")
    after = RULES.hypotheses.gpu_throttle.after_s
    assert hot_from + after <= (throttled.opened_ns - T0) / S <= hot_from + after + 4 * RULES.features.tick_s
    for i in incidents:  # neither takes the other's name
        assert i.cause == opened[i.incident_id].cause, (i.incident_id, i.status, i.cause)
