"""Rule A/B's pairing of incidents (correlator.replay.compare.diff): pure, hand-built incidents."""

from __future__ import annotations

from correlator.replay.compare import diff
from correlator.replay.scoring import IncidentView
from correlator.wire.labels import FaultLabel

S = 1_000_000_000
T0 = 1_709_542_800 * S
LABELS = [FaultLabel(fault_id="f1", node="n1", cause="session_isolation", start_ns=T0, end_ns=T0 + 3600 * S),
          FaultLabel(fault_id="f2", node="n2", cause="spec_residue", start_ns=T0, end_ns=T0 + 3600 * S)]


def inc(iid: str, cause: str, node: str, minute: float) -> IncidentView:
    return IncidentView(iid, T0 + int(minute * 60 * S), {node}, cause)


def test_same_incidents_make_no_difference() -> None:
    a = [inc("i1", "session_isolation", "n1", 10), inc("i2", "spec_residue", "n2", 5)]
    d = diff(a, list(a), LABELS)
    assert (d.gained, d.lost, d.moved, d.found_only_a, d.found_only_b) == ([], [], [], [], [])


def test_an_added_detection_and_an_added_false_alarm_are_gained() -> None:
    a = [inc("i1", "session_isolation", "n1", 10)]
    b = [*a, inc("i2", "spec_residue", "n2", 5), inc("i3", "memory_leak", "n3", 20)]
    d = diff(a, b, LABELS)
    assert [(s.incident_id, s.faults) for s in d.gained] == [("i2", ("f2",)), ("i3", ())]
    assert d.lost == [] and d.found_only_b == ["f2"]


def test_a_missed_fault_is_lost() -> None:
    a = [inc("i1", "session_isolation", "n1", 10), inc("i2", "spec_residue", "n2", 5)]
    d = diff(a, a[:1], LABELS)
    assert [s.incident_id for s in d.lost] == ["i2"] and d.found_only_a == ["f2"]


def test_an_opening_that_moved_keeps_its_pair_even_under_another_id() -> None:
    a = [inc("i1", "session_isolation", "n1", 14)]
    b = [inc("i9", "session_isolation", "n1", 10)]
    d = diff(a, b, LABELS)
    assert d.gained == [] and d.lost == []
    [(x, y)] = d.moved
    assert (x.incident_id, y.incident_id, (y.opened_ns - x.opened_ns) // S) == ("i1", "i9", -240)


def test_another_cause_or_another_node_or_far_apart_is_not_the_same_incident() -> None:
    a = [inc("i1", "session_isolation", "n1", 10)]
    for other in (inc("i2", "memory_leak", "n1", 10), inc("i3", "session_isolation", "n2", 10),
                  inc("i4", "session_isolation", "n1", 40)):
        d = diff(a, [other], LABELS)
        assert [s.incident_id for s in d.lost] == ["i1"]
        assert [s.incident_id for s in d.gained] == [other.incident_id]
