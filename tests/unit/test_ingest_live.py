"""The ingest's live engine: how long after its alert an incident comes out (pure: the clock is
an argument, ticked every second as the ingest does)."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.core import Engine
from correlator.ingest.live import LiveEngine
from correlator.wire.records import Record
from tests.timeline import T0, NodeSpec, alert, at, node_records, sawtooth

RULES = load_rules()
A = RULES.alignment


def first_out(live: LiveEngine, feed: dict[int, list[Record]], until: int,
              node: str = "gpu-node-06") -> tuple[int, float]:
    """Drive the clock second by second, feeding each second's records first; return the
    second at which the node's first incident came out and its ``opened_ns`` (relative
    seconds)."""
    for sec in range(until):
        out = live.process(feed.get(sec, []))
        out.extend(live.tick(at(sec)))
        for inc in out.incidents:
            if node in inc.nodes:
                return sec, (inc.opened_ns - T0) / 1e9
    raise AssertionError("no incident")


def probe_storm(start: int) -> dict[int, list[Record]]:
    feed: dict[int, list[Record]] = {}
    for rep in range(10):  # Prometheus re-sends a firing alert every minute
        feed.setdefault(start + 60 * rep, []).append(alert("gpu-node-06", start + 60 * rep,
                                                           "NodeUnreachable", "critical"))
    return feed


def test_with_alerts_only_fleet_time_trails_the_clock_by_the_lateness_alone() -> None:
    live = LiveEngine(Engine(RULES))
    came, opened = first_out(live, probe_storm(1000), 1200)
    assert 1000 <= opened <= 1000 + RULES.features.tick_s
    # the tick that raised it closes within a tick of the alert, then the lateness: no clock
    # offset to wait for, since every record so far was stamped by the ingest's own clock
    assert came - opened <= A.allowed_lateness_s + RULES.features.tick_s + 1
    assert came - opened < A.allowed_lateness_s + A.max_clock_offset_s


def test_once_telemetry_takes_part_the_clock_offset_is_waited_for_too() -> None:
    live = LiveEngine(Engine(RULES))
    feed = probe_storm(1000)
    healthy = NodeSpec(node="gpu-node-01", kv_pct=sawtooth(30, 12, 200), gpu_pct=lambda t: 90.0)
    for rec in node_records(healthy, 900):  # another node's agent, on time, until minute 15
        feed.setdefault(int((rec.ts_ns - T0) // 1_000_000_000), []).append(rec)
    came, opened = first_out(live, feed, 1200)
    assert 1000 <= opened <= 1000 + RULES.features.tick_s
    # records stamped by nodes' clocks took part: between records, fleet time trails the clock
    # by the offset too (while records flow, they move it on themselves)
    assert came - opened >= A.allowed_lateness_s + A.max_clock_offset_s
