"""A node's vLLM readings that mix several servers: a monitoring gap naming the engine.

Outsider s197: a node-agent canary pointed the vLLM collector at the pool's Service address;
every scrape reached a random pod, whose values the agent reported under its own node's name.
The counters fell back between about 40 % of consecutive samples with no server starting."""

from __future__ import annotations

import random

from correlator.config import load_rules
from correlator.wire.records import Record, SampleRecord
from tests.timeline import T0, NodeSpec, S, merged, node_records, opened_incidents

RULES = load_rules()
FROM, END = 1200.0, 2400.0
STOP = 'vllm:request_success_total{finished_reason="stop"}'


def node(mixed_from: float | None, starts: bool = False) -> list[Record]:
    """A healthy node whose vLLM samples from ``mixed_from`` come, two in five, from another pod
    (its counters lower); with ``starts``, a serving process starts at each such sample."""
    rng = random.Random(5)
    events = []
    out: list[Record] = []
    for r in node_records(NodeSpec(), END):
        if mixed_from is not None and isinstance(r, SampleRecord) and r.source == "vllm" and \
                (r.ts_ns - T0) / S >= mixed_from and rng.random() < 0.4:
            r = r.model_copy(update={"metrics": {**r.metrics, STOP: r.metrics[STOP] * 0.6}})
            if starts:
                events.append((r.ts_ns - T0) / S)
        out.append(r)
    if starts:
        starts_at = [(t, "host", "process_start", {"pid": 1, "process": "vllm"}) for t in events]
        spec = NodeSpec(extra_events=starts_at)
        out += [r for r in node_records(spec, END) if r.kind == "event"]
    return merged(iter(out))


def test_readings_that_keep_falling_back_page_a_gap_naming_the_engine() -> None:
    opened = opened_incidents(node(FROM), RULES)
    assert [i.cause for i in opened] == ["monitoring_gap"]
    missing = [e for e in opened[0].evidence if e.signal == "missing"]
    assert missing[0].value == "vllm on engine 0"
    assert "fell back" in missing[0].detail and "mix several servers" in missing[0].detail
    assert FROM < (opened[0].opened_ns - T0) / S < FROM + 300


def test_readings_of_one_server_page_nothing() -> None:
    assert opened_incidents(node(None), RULES) == []


def test_counters_falling_back_at_each_start_are_restarts() -> None:
    assert "monitoring_gap" not in [i.cause for i in opened_incidents(node(FROM, starts=True), RULES)]


def test_a_clock_stepped_back_is_not_several_servers() -> None:
    """Outsider s45: a node's clock ran 10 minutes ahead and stepped back; the samples stamped
    ahead interleave in event time with those sent after the step, their counters lower, but
    sent before them (their ``seq`` lower)."""
    out: list[Record] = []
    for r in node_records(NodeSpec(), END):
        t = (r.ts_ns - T0) / S
        if r.source == "vllm" and FROM <= t < FROM + 300:
            r = r.model_copy(update={"ts_ns": r.ts_ns + 300 * S})
        out.append(r)
    found = opened_incidents(merged(iter(sorted(out, key=lambda r: r.ts_ns))), RULES)
    assert not [e for i in found for e in i.evidence if "mix several servers" in e.detail]


def leaking_node(mixed_until: float, leak_from: float, end: float) -> list[Record]:
    """Outsider s221: a twin agent's samples mixed into the node's from ``FROM`` until
    ``mixed_until`` (two in five from the twin: its counters lower, its KV its own healthy
    saw-tooth), and a session leak on the node from ``leak_from`` (KV up 2 points a minute
    over the saw-tooth), which the mixed readings hide; its latency and KV alerts fire each
    minute once the pool is 60 % full."""
    from tests.timeline import alert, sawtooth

    healthy = sawtooth(12, 8, 200)

    def kv(t: float) -> float:
        return healthy(t) + 2.0 * max(0.0, t - leak_from) / 60

    rng = random.Random(5)
    out: list[Record] = []
    for r in node_records(NodeSpec(kv_pct=kv), end):
        t = (r.ts_ns - T0) / S
        mixed = FROM <= t < mixed_until
        if isinstance(r, SampleRecord) and r.source == "vllm" and mixed and rng.random() < 0.4:
            twin = {STOP: r.metrics[STOP] * 0.6, "vllm:kv_cache_usage_perc": healthy(t + 77) / 100.0}
            r = r.model_copy(update={"metrics": {**r.metrics, **twin}})
        out.append(r)
    full = leak_from + 30 * (60 - 16)  # (2 points a minute from a saw-tooth's mean of 16)
    out += [alert("gpu-node-01", t, name) for t in range(int(full), int(end), 60)
            for name in ("VLLMTimeToFirstTokenP99High", "VLLMKVCacheUsageHigh")]
    return merged(iter(out))


def incidents_by_id(records: list[Record]) -> dict[str, tuple[float, str, str]]:
    """Each incident: when it opened (s after T0), its first cause and its last."""
    from correlator.core.engine import Engine

    eng = Engine(RULES)
    seen: dict[str, tuple[float, str, str]] = {}
    for r in records:
        for i in eng.process(r).incidents:
            first = seen.get(i.incident_id)
            seen[i.incident_id] = ((i.opened_ns - T0) / S, first[1] if first else i.cause, i.cause)
    return seen


def test_a_leak_seen_once_the_mixed_readings_stop_is_a_second_incident() -> None:
    """The gap about the readings is its own root cause; the leak the clean readings then show
    is another, paged as such, not a re-diagnosis of the gap (which would leave the gap
    unnamed and the leak paged at the gap's opening, before it began)."""
    found = sorted(incidents_by_id(leaking_node(2400.0, 1500.0, 3900.0)).values())
    assert [(first, last) for _, first, last in found] == [
        ("monitoring_gap", "monitoring_gap"), ("session_isolation", "session_isolation")]
    assert FROM < found[0][0] < FROM + 300
    assert found[1][0] > 2400.0
