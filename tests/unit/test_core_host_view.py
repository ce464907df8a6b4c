"""A host memory reading that is not the host's: a monitoring gap naming it.

Outsider s204: an lxcfs admission webhook reached the node agents as they restarted, and their
host samples then reported the agent container's own memory (512 MiB in all, a third used)
while the serving process's RSS still read 96 GiB: a process holding more than its host has."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.wire.records import Record, SampleRecord
from tests.timeline import T0, NodeSpec, S, merged, node_records, opened_incidents

RULES = load_rules()
FROM, END = 1200.0, 2400.0
GIB = float(1 << 30)


def node(total_gib: float | None) -> list[Record]:
    """A healthy node whose host samples from FROM read ``total_gib`` in all (a third used)."""
    out: list[Record] = []
    for r in node_records(NodeSpec(), END):
        if total_gib is not None and isinstance(r, SampleRecord) and r.source == "host" and \
                (r.ts_ns - T0) / S >= FROM:
            r = r.model_copy(update={"metrics": {**r.metrics, "mem_total_bytes": total_gib * GIB,
                                                 "mem_used_bytes": total_gib * GIB / 3}})
        out.append(r)
    return merged(iter(out))


def test_a_process_holding_more_than_its_host_has_is_a_gap_naming_the_view() -> None:
    opened = opened_incidents(node(0.5), RULES)
    assert [i.cause for i in opened] == ["monitoring_gap"]
    missing = [e for e in opened[0].evidence if e.signal == "missing"]
    assert missing[0].value == "mem_total_bytes"
    assert "reads 0.5 GiB in all while its serving process holds 204.8 GiB" in missing[0].detail
    assert FROM <= (opened[0].opened_ns - T0) / S < FROM + 120


def test_a_smaller_host_that_still_holds_its_process_pages_nothing() -> None:
    """A node replaced by a smaller one under the same name: its readings are still its own."""
    assert opened_incidents(node(512.0), RULES) == []


def test_readings_of_the_host_page_nothing() -> None:
    assert opened_incidents(node(None), RULES) == []
