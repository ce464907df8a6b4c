"""A node clock flapping between two time sources (outsider s319: chrony switching between
NTP servers 41 s apart on three nodes of a rack). Each step back delivers samples stamped before
the last one taken in, though sent after it: in event time the older readings come later, and
their counters are lower. They are no restart of the server, and no increase of the counters."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.core.engine import Engine
from correlator.wire.records import Record
from tests.timeline import T0, NodeSpec, S, merged, node_records, opened_incidents

RULES = load_rules()
STOP = 'vllm:request_success_total{finished_reason="stop"}'
AHEAD = ((1200.0, 1800.0), (2400.0, 3000.0))  # the clock 41 s ahead within these (true) times
END = 3600.0


def flapping(spec: NodeSpec) -> list[Record]:
    out = []
    for r in node_records(spec, END):
        t = (r.ts_ns - T0) / S
        if any(a <= t < b for a, b in AHEAD):
            r = r.model_copy(update={"ts_ns": r.ts_ns + 41 * S})
        out.append(r)
    return merged(iter(out))


def test_samples_behind_a_clock_step_back_are_no_restart_and_count_once() -> None:
    records = flapping(NodeSpec())
    engine = Engine(RULES)
    for r in records:
        engine.process(r)
    engine.finish()
    track = next(iter(engine.fleet.nodes.values())).state.engines
    e = next(iter(track.values()))
    assert e.restart_ns == 0 and e.restarts == ()
    stops = [r.metrics[STOP] for r in records if r.source == "vllm"]
    counted = e.counters["finished_stop"].total(10**6)
    assert counted <= max(stops) - stops[0] + 1.0  # nothing counted twice


def test_a_leak_on_a_flapping_node_is_paged_as_on_a_steady_one() -> None:
    """A fall-back taken for a restart made each step back a warm-up, whose refilling pool
    explains a KV rise for minutes (s319's leak paged 37 minutes in, 24 without the
    warm-ups). A leak from a minute before a step back is paged within a minute of when it
    is on a node whose clock holds."""
    def kv(t: float) -> float:
        return 15.0 + 10.0 * ((t % 200) / 200) + 1.5 * max(0.0, t - 1740) / 60

    steady = opened_incidents(merged(node_records(NodeSpec(kv_pct=kv), END)), RULES)
    found = opened_incidents(flapping(NodeSpec(kv_pct=kv)), RULES)
    assert [i.cause for i in steady] == [i.cause for i in found] == ["session_isolation"]
    assert abs(found[0].opened_ns - steady[0].opened_ns) <= 60 * S
