"""The side-by-side's measures (bench/sbs_measure.py): pages, false pages, per-fault delays."""

from __future__ import annotations

import sys
from pathlib import Path

from correlator.wire.labels import FaultLabel, LabelCause

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from sbs_measure import Event, opened, root_causes, row

S = 1_000_000_000


def fault(node: str, start_s: int, end_s: int, cause: LabelCause = "spec_residue") -> FaultLabel:
    return FaultLabel(fault_id=f"f-{node}", node=node, cause=cause, start_ns=start_s * S, end_ns=end_s * S)


def test_a_trigger_on_an_open_key_is_not_a_new_page_but_one_after_its_resolve_is() -> None:
    n = frozenset({"a"})
    events = [Event(1 * S, "k", "trigger", n, None), Event(2 * S, "k", "trigger", n, None),
              Event(3 * S, "k", "resolve", n, None), Event(4 * S, "k", "trigger", n, None)]
    assert [e.ev_ns for e in opened(events)] == [1 * S, 4 * S]


def test_slowest_fault_is_the_worst_first_alert_to_page_and_unbounded_when_one_is_missed() -> None:
    faults = [fault("a", 100, 900), fault("b", 200, 900),
              FaultLabel(fault_id="x", node="c", cause="benign", start_ns=0, end_ns=900 * S)]
    alerts = [(10 * S, "c"), (110 * S, "a"), (230 * S, "b")]
    pages = [Event(95 * S, "1", "trigger", frozenset({"a"}), "spec_residue"),
             Event(252 * S, "2", "trigger", frozenset({"b"}), "spec_residue")]
    r = row("x", pages, [(e.ev_ns, e.nodes) for e in pages], alerts, faults)
    assert r.first_alert_to_first_page_s == 85  # from the look-alike's alert on c
    assert r.per_fault == {"a spec_residue": -15, "b spec_residue": 22}
    assert r.slowest_fault_s == 22 and r.false_pages == 0 and r.pages_naming_cause == 2
    r = row("x", pages[:1], [(pages[0].ev_ns, pages[0].nodes)], alerts, faults)
    assert r.per_fault["b spec_residue"] is None and r.slowest_fault_s is None


def test_one_cause_on_several_nodes_at_once_is_one_root_cause() -> None:
    three = [fault(n, 100, 900, "session_isolation") for n in ("a", "b", "c")]
    other = [fault("d", 100, 900), fault("e", 300, 900, "session_isolation"),
             FaultLabel(fault_id="x", node="f", cause="benign", start_ns=100 * S, end_ns=900 * S)]
    assert root_causes(three) == 1
    assert root_causes(three + other) == 3
    pages = [Event(150 * S, "1", "trigger", frozenset({"a", "b", "c"}), "session_isolation")]
    r = row("x", pages, [(150 * S, frozenset({"a", "b", "c"}))], [(120 * S, "b")], three)
    assert (r.faults, r.pages_per_fault) == (1, 1.0)
    assert r.per_fault["b session_isolation"] == 30 and r.per_fault["a session_isolation"] is None
