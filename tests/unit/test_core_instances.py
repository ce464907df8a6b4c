"""A serving instance across nodes (outsider s49): a 405B model runs as one instance on two
nodes, only the leader serving and exporting vLLM's metrics. An XID on the worker took the
instance down and the leader's server fell silent: the leader was paged as a monitoring gap
of its own, a second page for one fault. The pods dcgm-exporter names (a LeaderWorkerSet's
``<set>-<group>`` and ``<set>-<group>-<index>``) tell that the two nodes are one instance."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.core.incidents import IncidentBook
from correlator.core.instances import same_instance
from correlator.core.outputs import Finding
from correlator.wire.incidents import Evidence
from tests.timeline import T0, S

RULES = load_rules()
LEADER = ("inference/vllm-405b-5c51d",)
WORKER = ("inference/vllm-405b-5c51d-1",)


def finding(node: str, kind: str, cause: str, seconds: float, pods: tuple[str, ...],
            onset: float | None = None, alerts: tuple[tuple[str, str], ...] = ()) -> Finding:
    at = T0 + int(seconds * S)
    return Finding(node, at, kind, cause, 1.0, 1.0, {cause: 1.0},  # type: ignore[arg-type]
                   T0 + int((seconds if onset is None else onset) * S), True,
                   evidence=(Evidence(signal=cause, value=1, detail=f"{cause} on {node}"),),
                   alerts=alerts, pods=pods)


def test_a_leader_and_its_worker_are_one_instance_replicas_are_not() -> None:
    assert same_instance(LEADER, WORKER) and same_instance(WORKER, LEADER)
    assert same_instance(("ns/other-0", *LEADER), WORKER)
    assert not same_instance(("ns/vllm-0",), ("ns/vllm-1",))  # a StatefulSet's replicas
    assert not same_instance(("ns/vllm-7d9f8b6c5d-x2k4p",), ("ns/vllm-7d9f8b6c5d-q8r2t",))
    assert not same_instance(("other/vllm-405b-5c51d",), WORKER)  # another namespace
    assert not same_instance((), WORKER)


def test_the_leader_falling_silent_joins_its_workers_xid_incident() -> None:
    book = IncidentBook(RULES.incidents)
    xid = book.apply(finding("mn-02", "raise", "gpu_failure", 0, WORKER))[0]
    joined = book.apply(finding("mn-01", "raise", "monitoring_gap", 160, LEADER, onset=102,
                                alerts=(("fp1", "VLLMServerDown"),)))
    assert [(i.incident_id, i.status, i.cause, i.nodes) for i in joined] == \
        [(xid.incident_id, "update", "gpu_failure", ["mn-02", "mn-01"])]
    assert joined[0].alerts.count == 1
    assert "mn-01: monitoring_gap on mn-01 (one serving instance with mn-02" in joined[0].evidence[-1].detail
    assert joined[0].evidence[0].detail == "gpu_failure on mn-02"
    # the leader's later findings add alerts, never rename the worker's fault
    later = book.apply(finding("mn-01", "update", "monitoring_gap", 400, LEADER,
                               alerts=(("fp2", "VLLMHighLatency"),)))
    assert all(i.cause == "gpu_failure" for i in later)
    assert book.opened_total == 1


def test_the_fault_found_after_its_symptom_names_the_symptoms_incident() -> None:
    book = IncidentBook(RULES.incidents)
    gap = book.apply(finding("mn-01", "raise", "monitoring_gap", 30, LEADER))[0]
    joined = book.apply(finding("mn-02", "raise", "gpu_failure", 60, WORKER, onset=0))
    assert [(i.incident_id, i.cause, i.nodes) for i in joined] == \
        [(gap.incident_id, "gpu_failure", ["mn-01", "mn-02"])]
    assert joined[0].evidence[0].detail == "gpu_failure on mn-02"
    assert "mn-01: monitoring_gap on mn-01 (one serving instance with mn-02" in joined[0].evidence[-1].detail
    later = book.apply(finding("mn-01", "update", "monitoring_gap", 400, LEADER,
                               alerts=(("fp2", "VLLMHighLatency"),)))
    assert [i.cause for i in later] == ["gpu_failure"]


def test_symptoms_long_after_the_fault_or_on_another_instance_page_on_their_own() -> None:
    def after_xid(f: Finding) -> list[tuple[str, list[str]]]:
        book = IncidentBook(RULES.incidents)
        book.apply(finding("mn-02", "raise", "gpu_failure", 0, WORKER))
        return [(i.status, i.nodes) for i in book.apply(f)]

    assert after_xid(finding("mn-01", "raise", "monitoring_gap", 700, LEADER, onset=650)) == \
        [("open", ["mn-01"])]
    assert after_xid(finding("mn-03", "raise", "monitoring_gap", 60, ("inference/vllm-405b-3cda7",))) == \
        [("open", ["mn-03"])]
    # a cause of its own on a node of the instance is no symptom of the XID
    assert after_xid(finding("mn-01", "raise", "session_isolation", 30, LEADER)) == [("open", ["mn-01"])]


def test_a_findings_pods_travel_between_workers() -> None:
    f = finding("mn-02", "raise", "gpu_failure", 0, WORKER)
    assert Finding.from_json(f.to_json()).pods == WORKER
    assert Finding.from_json({**f.to_json(), "pods": None}).pods == ()
