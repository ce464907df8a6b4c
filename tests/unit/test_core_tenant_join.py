"""One tenant's leak on many nodes is one root cause (outsider s64: a gateway change drops a
tenant's session affinity, and its reused session ids land on all six nodes at once). Each
node's leak is found when its own pool shows it, minutes apart; findings joined an incident
only when their onsets fell within ``correlate_window_s`` of its opening, so the fleet's one
cause was paged three times. A session-isolation finding that names the same tenant joins."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.core.incidents import IncidentBook
from correlator.core.outputs import Finding
from correlator.wire.incidents import Evidence
from tests.timeline import T0, S

RULES = load_rules()
CAUSE = "session_isolation"


def leak(node: str, seconds: float, tenant: str) -> Finding:
    at = T0 + int(seconds * S)
    return Finding(node, at, "raise", CAUSE, 1.0, 0.9, {CAUSE: 1.0}, at - int(120 * S), False,
                   evidence=(Evidence(signal="reused_session_ids", value=6, detail=f"tenant {tenant}"),),
                   tenant=tenant)


def test_the_same_tenants_leak_found_later_on_another_node_joins_its_incident() -> None:
    book = IncidentBook(RULES.incidents)
    first = book.apply(leak("ga-02", 0, "acme"))[0]
    later = book.apply(leak("ga-01", 570, "acme"))  # 9.5 minutes later: beyond the window
    assert [(i.incident_id, i.status, i.nodes) for i in later] == \
        [(first.incident_id, "update", ["ga-02", "ga-01"])]
    other = book.apply(leak("ga-05", 600, "globex"))  # another tenant's: its own root cause
    assert [i.status for i in other] == ["open"] and other[0].incident_id != first.incident_id
    unnamed = book.apply(leak("ga-06", 1500, ""))  # a leak naming no tenant joins by time only
    assert [i.status for i in unnamed] == ["open"]
    assert book.opened_total == 3


def test_a_findings_tenant_travels_between_workers() -> None:
    f = leak("ga-02", 0, "acme")
    assert Finding.from_json(f.to_json()).tenant == "acme"
    assert Finding.from_json({**f.to_json(), "tenant": None}).tenant == ""
    assert "tenant" not in leak("ga-02", 0, "").to_json()
