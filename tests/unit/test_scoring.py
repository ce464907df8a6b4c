from __future__ import annotations

from correlator.replay.scoring import fold, percentile, summarize
from correlator.wire.incidents import Incident
from correlator.wire.labels import FaultLabel

S = 1_000_000_000
DAY = 86400.0


def inc(iid: str, opened_s: float, nodes: list[str], cause: str, status: str = "open") -> Incident:
    return Incident(incident_id=iid, status=status, cause=cause, confidence=0.9, hypotheses={},
                    severity="critical", nodes=nodes, opened_ns=int(opened_s * S),
                    updated_ns=int(opened_s * S), first_evidence_ns=int(opened_s * S))


def lab(fid: str, node: str, cause: str, start_s: float, end_s: float) -> FaultLabel:
    return FaultLabel(fault_id=fid, node=node, cause=cause, start_ns=int(start_s * S), end_ns=int(end_s * S))


def test_a_match_needs_node_and_opening_inside_the_window() -> None:
    labels = [lab("f1", "a", "spec_residue", 1000, 2000)]
    cases = [
        (939, 0.0),    # more than 60 s before the start: no match
        (941, 1.0),    # within the 60 s grace before the start
        (2000, 1.0),   # at the end
        (2001, 0.0),   # after the end
    ]
    for opened, recall in cases:
        s = summarize(fold([inc("i", opened, ["a"], "spec_residue")]), labels, 10, 0, DAY, 1.0)
        assert s.recall == recall, opened
    other_node = summarize(fold([inc("i", 1500, ["b"], "spec_residue")]), labels, 10, 0, DAY, 1.0)
    assert other_node.recall == 0.0 and other_node.precision == 0.0


def test_nodes_are_the_union_over_records_and_cause_is_the_last() -> None:
    recs = [inc("i", 100, ["a"], "spec_residue"),
            inc("i", 100, ["a", "b"], "session_isolation", status="update")]
    labels = [lab("fa", "a", "session_isolation", 90, 500), lab("fb", "b", "session_isolation", 95, 500)]
    s = summarize(fold(recs), labels, 5, 40, DAY, 1.0)
    assert (s.incidents_out, s.precision, s.recall, s.cause_accuracy) == (1, 1.0, 1.0, 1.0)
    assert s.alert_reduction == 1 - 1 / 40


def test_second_incident_for_a_matched_fault_is_a_false_alarm() -> None:
    labels = [lab("f", "a", "spec_residue", 100, 1000)]
    recs = [inc("i1", 150, ["a"], "spec_residue"), inc("i2", 400, ["a"], "session_isolation")]
    s = summarize(fold(recs), labels, 5, 0, DAY, 1.0)
    assert s.precision == 0.5 and s.recall == 1.0 and s.false_alarms_per_day == 1.0
    assert s.cause_accuracy == 1.0  # the earliest incident is the match


def test_benign_windows_are_not_faults_and_incidents_there_are_false_alarms() -> None:
    labels = [lab("b", "a", "benign", 0, 1000), lab("f", "c", "monitoring_gap", 0, 1000)]
    s = summarize(fold([inc("i", 10, ["a"], "session_isolation")]), labels, 5, 0, DAY / 2, 1.0)
    assert s.recall == 0.0 and s.precision == 0.0 and s.false_alarms_per_day == 2.0


def test_other_faults_count_any_unnamed_cause_as_right() -> None:
    labels = [lab("x", "a", "other", 0, 100), lab("y", "b", "other", 0, 100)]
    recs = [inc("i", 10, ["a"], "gpu_failure"), inc("j", 10, ["b"], "monitoring_gap")]
    s = summarize(fold(recs), labels, 5, 0, DAY, 1.0)
    assert s.recall == 1.0 and s.cause_accuracy == 0.5


def test_latency_percentiles_and_nulls() -> None:
    labels = [lab(f"f{i}", f"n{i}", "spec_residue", 0, 1000) for i in range(4)]
    recs = [inc(f"i{i}", t, [f"n{i}"], "spec_residue") for i, t in enumerate([10, 20, 30, 100])]
    s = summarize(fold(recs), labels, 5, 0, DAY, 1.0)
    assert (s.detection_latency_s.p50, s.detection_latency_s.max) == (25.0, 100.0)
    assert s.detection_latency_s.p90 == 79.0 == round(percentile([10, 20, 30, 100], 0.9) or 0, 3)
    empty = summarize([], [], 0, 0, 0.0, 0.0)
    assert empty.precision is None and empty.recall is None and empty.alert_reduction is None
    assert empty.false_alarms_per_day is None and empty.detection_latency_s.p50 is None
