"""A host memory reading that is not the host's: a monitoring gap naming it.

Outsider s204: an lxcfs admission webhook reached the node agents as they restarted, and their
host samples then reported the agent container's own memory (512 MiB in all, a third used)
while the serving process's RSS still read 96 GiB: a process holding more than its host has."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.wire.records import Record, SampleRecord
from tests.timeline import T0, NodeSpec, S, merged, node_records, opened_incidents, sawtooth

RULES = load_rules()
FROM, END = 1200.0, 2400.0
GIB = float(1 << 30)


def node(total_gib: float | None, spec: NodeSpec | None = None, end: float = END) -> list[Record]:
    """A healthy node whose host samples from FROM read ``total_gib`` in all (a third used)."""
    out: list[Record] = []
    for r in node_records(spec or NodeSpec(), end):
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


def test_first_tokens_slowed_where_the_host_memory_cannot_be_seen_are_the_gaps_symptom() -> None:
    """Outsider s353: a tokenizer pool leaking host memory under a container's view; the first
    tokens came late around each OOM kill of its workers. Memory pressure the view hides slows
    the serving process: no second incident beside the gap's."""
    slow_from, slow_to = 2400.0, 3300.0  # minutes 40 to 55 of 70
    spec = NodeSpec(kv_pct=sawtooth(30, 12, 200), running=lambda t: 18.0,
                    generated_per_s=lambda t: 540.0, prompt_per_s=lambda t: 9000.0,
                    prefix_hit_share=lambda t: 0.4,
                    ttft_s=lambda t: 0.45 if slow_from <= t < slow_to else 0.15)
    assert [i.cause for i in opened_incidents(node(None, spec, 4200.0), RULES)] == ["engine_slowed"]
    assert [i.cause for i in opened_incidents(node(0.5, spec, 4200.0), RULES)] == ["monitoring_gap"]
