"""A node agent that names its node wrongly (outsider s201: a canary chart taking NODE_NAME
from the downward API's host IP): node rn-03's records arrive as node 10.0.0.3, whose
dcgm-exporter ``Hostname`` label still names rn-03. rn-03 falls silent as if it were down.
Its silence is a monitoring gap, incidents of the carrier name rn-03 too, and the carrier's
silence once the agent is rolled back pages nothing."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.core import Engine
from correlator.core.incidents import IncidentBook
from correlator.core.outputs import Finding, FindingKind
from correlator.wire.incidents import Incident
from correlator.wire.records import SampleRecord
from tests.timeline import T0, S

RULES = load_rules()
REAL, CARRIER = "rn-03", "10.0.0.3"


def finding(kind: FindingKind, cause: str, seconds: float, node: str = REAL) -> Finding:
    at = T0 + int(seconds * S)
    return Finding(node, at, kind, cause, 1.0 if kind != "clear" else 0.0, 0.9, {cause: 1.0},
                   at - int(45 * S), True)


def note(seconds: float, host: str = REAL, node: str = CARRIER) -> Finding:
    return Finding.host_note(node, T0 + int(seconds * S), host)


def apply(book: IncidentBook, *findings: Finding) -> list[Incident]:
    out: list[Incident] = []
    for f in findings:
        out += book.apply(f)
    return out


def test_a_node_whose_records_arrive_under_another_name_is_a_monitoring_gap() -> None:
    book = IncidentBook(RULES.incidents)
    out = apply(book, note(1200), finding("raise", "node_unreachable", 1250))
    assert [(i.status, i.cause) for i in out] == [("open", "monitoring_gap")]
    inc = out[0]
    assert inc.confidence == 0.9 and inc.hypotheses == {"monitoring_gap": 1.0}
    assert inc.evidence[0].signal == "telemetry_under_another_name"
    assert "rn-03's records arrive as node 10.0.0.3" in inc.evidence[0].detail
    # its later updates keep the cause (not renamed back to node_unreachable)
    later = apply(book, finding("update", "node_unreachable", 1600))
    assert all(i.cause == "monitoring_gap" for i in later)
    assert book.open[inc.incident_id].cause == "monitoring_gap"


def test_without_a_carrier_or_after_it_says_its_own_name_the_node_is_unreachable() -> None:
    assert apply(IncidentBook(RULES.incidents), finding("raise", "node_unreachable", 1250))[0].cause \
        == "node_unreachable"
    book = IncidentBook(RULES.incidents)
    out = apply(book, note(1200), note(1230, host=""), finding("raise", "node_unreachable", 1250))
    assert out[0].cause == "node_unreachable"


def test_the_carrier_s_incidents_name_the_node_it_carries_once_that_is_a_known_node() -> None:
    book = IncidentBook(RULES.incidents)
    leak = apply(book, note(1200), finding("raise", "session_isolation", 1500, node=CARRIER))
    assert leak[0].nodes == [CARRIER]  # rn-03 not heard of yet (a label may name a pod)
    book = IncidentBook(RULES.incidents)
    out = apply(book, note(1200), finding("raise", "node_unreachable", 1250),
                finding("raise", "session_isolation", 2200, node=CARRIER))
    assert [(i.cause, i.nodes) for i in out] == [("monitoring_gap", [REAL]),
                                                 ("session_isolation", [CARRIER, REAL])]


def test_the_carrier_falling_silent_joins_the_gap_without_holding_it_open() -> None:
    """The agent rolled back: rn-03 reports under its own name again and the carrier's name
    falls silent for good, before rn-03's incident has waited out its resolve delay."""
    book = IncidentBook(RULES.incidents)
    gap = apply(book, note(1200), finding("raise", "node_unreachable", 1250))[0]
    out = apply(book, finding("raise", "node_unreachable", 4730, node=CARRIER))
    assert [(i.incident_id, i.status, i.nodes) for i in out] == [(gap.incident_id, "update", [REAL, CARRIER])]
    assert book.opened_total == 1
    out = apply(book, finding("clear", "node_unreachable", 5000))
    assert [(i.incident_id, i.status) for i in out] == [(gap.incident_id, "resolved")]


def test_the_carrier_falling_silent_after_the_gap_resolved_pages_nothing() -> None:
    book = IncidentBook(RULES.incidents)
    apply(book, note(1200), finding("raise", "node_unreachable", 1250),
          finding("clear", "node_unreachable", 4700))
    assert apply(book, finding("raise", "node_unreachable", 4760, node=CARRIER)) == []
    assert book.opened_total == 1 and not book.open


def test_a_carrier_whose_host_was_never_found_silent_is_down_when_silent() -> None:
    """A label naming something else (the exporter's pod) changes nothing about its node."""
    book = IncidentBook(RULES.incidents)
    out = apply(book, note(1200, host="dcgm-exporter-wl8sg"),
                finding("raise", "node_unreachable", 4730, node=CARRIER))
    assert [(i.status, i.cause, i.nodes) for i in out] == [("open", "node_unreachable", [CARRIER])]


def test_a_host_note_survives_the_findings_topic() -> None:
    f = note(1200)
    assert Finding.from_json(f.to_json()) == f and f.to_json()["host"] == REAL
    assert "host" not in finding("raise", "node_unreachable", 10).to_json()


def dcgm(node: str, seconds: float, labels: dict[str, str], seq: int) -> SampleRecord:
    return SampleRecord(v=1, ts_ns=T0 + int(seconds * S), node=node, source="dcgm", kind="sample",
                        gpu=0, seq=seq, labels={"gpu": "0", **labels},
                        metrics={"DCGM_FI_DEV_FB_USED": 40000.0, "DCGM_FI_DEV_FB_FREE": 41000.0})


def test_node_engines_tell_the_book_which_host_their_records_name() -> None:
    """Once when the label stops naming the node itself (either spelling of it), not while it
    does, nor again while it stays."""
    eng = Engine(RULES)
    notes: list[Finding] = []
    original = eng.desk.book.apply

    def spy(f: Finding) -> list[Incident]:
        if f.kind == "host":
            notes.append(f)
        return original(f)

    eng.desk.book.apply = spy  # type: ignore[method-assign]
    for i in range(60):
        eng.process(dcgm(CARRIER, 5.0 * i, {"hostname": REAL}, i + 1))
        eng.process(dcgm(REAL, 5.0 * i, {"Hostname": REAL}, i + 1))
    eng.finish()
    assert [(f.node, f.host) for f in notes] == [(CARRIER, REAL)]
    assert eng.desk.book.hosts.carrier(REAL) == CARRIER
