"""A fault whose first form was another cause (outsider s230: a session layer parks idle
sessions' contexts in a host-memory KV tier, so a tenant's reused session ids grow the serving
process's memory first, paged as ``memory_leak``, and the GPU's KV pool once the tier is
full). The memory incident resolves when the tier stops growing; the session isolation defect
found minutes later reopens that incident under its own name instead of paging anew."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.core.incidents import EARLIER_FORMS, IncidentBook
from correlator.core.outputs import Finding, FindingKind
from tests.timeline import T0, S

RULES = load_rules()


def finding(kind: FindingKind, cause: str, seconds: float, node: str = "pk-05",
            restart_s: float = 0.0) -> Finding:
    at = T0 + int(seconds * S)
    return Finding(node, at, kind, cause, 1.0 if kind != "clear" else 0.0, 0.8, {cause: 1.0},
                   at - int(120 * S), False, restart_ns=T0 + int(restart_s * S) if restart_s else 0)


def test_a_session_leak_after_a_memory_leak_resolved_reopens_it_renamed() -> None:
    book = IncidentBook(RULES.incidents)
    opened = book.apply(finding("raise", "memory_leak", 2490))[0]
    assert book.apply(finding("clear", "memory_leak", 2880))[0].status == "resolved"
    later = book.apply(finding("raise", "session_isolation", 3860))
    assert [(i.incident_id, i.status, i.cause) for i in later] == \
        [(opened.incident_id, "update", "session_isolation")]
    assert later[0].resolved_ns is None and book.opened_total == 1


def test_not_after_the_reopen_window_a_restart_or_on_another_node() -> None:
    window = RULES.incidents.reopen_window_s
    for node, at, restart in (("pk-05", 2880 + window + 60, 0.0),  # too long after
                              ("pk-05", 3860, 3000.0),             # the server restarted since
                              ("pk-03", 3860, 0.0)):               # another node's leak
        book = IncidentBook(RULES.incidents)
        opened = book.apply(finding("raise", "memory_leak", 2490))[0]
        book.apply(finding("clear", "memory_leak", 2880))
        later = book.apply(finding("raise", "session_isolation", at, node=node, restart_s=restart))
        assert [i.status for i in later] == ["open"] and later[0].incident_id != opened.incident_id


def test_only_the_named_earlier_forms_reopen() -> None:
    """A memory leak after a session leak resolved is news: the pool's leak does not grow the
    host's memory, so that incident saw something else."""
    assert EARLIER_FORMS == {"session_isolation": ("memory_leak",)}
    book = IncidentBook(RULES.incidents)
    opened = book.apply(finding("raise", "session_isolation", 2490))[0]
    book.apply(finding("clear", "session_isolation", 2880))
    later = book.apply(finding("raise", "memory_leak", 3860))
    assert [i.status for i in later] == ["open"] and later[0].incident_id != opened.incident_id
