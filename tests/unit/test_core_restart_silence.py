"""A server that died and loads again is silent until it is ready: no monitoring gap.

Outsider s170: a query of death crashed the server (XID 31 and 43 on its GPU), the pod
restarted it within seconds, and while it loaded (1.7 min) the node's vLLM source was silent
beside critical XID and 5xx alerts: paged as a monitoring gap. Outsider s171: a rolling
restart's ``engine_start`` came a tick ahead of the server's first sample, and the tick judged
the engine's readings stopped "while the node's other vllm records go on", the only other
record being that start, which was still waiting for the tick to pass."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.wire.records import Record
from tests.timeline import T0, NodeSpec, S, alert, merged, node_records, opened_incidents, sawtooth

RULES = load_rules()
CRASH, READY, END = 600.0, 720.0, 1500.0


def node(started: float | None, start_event: float | None, back: bool = True) -> list[Record]:
    """A healthy node whose vLLM source stops at CRASH (and is back at READY when ``back``),
    with critical GPU XID and upstream 5xx alerts while it is down; a serving process starts
    at ``started`` and vLLM announces its engine at ``start_event`` (None: neither)."""
    events = []
    if started is not None:
        events.append((started, "host", "process_start", {"pid": 4242, "process": "vllm"}))
    if start_event is not None:
        events.append((start_event, "vllm", "engine_start", {"engine": "0"}))
    spec = NodeSpec(kv_pct=sawtooth(25, 10, 200), extra_events=events)
    down = (CRASH, READY if back else END + 1)
    records = [r for r in node_records(spec, END)
               if not (r.source == "vllm" and r.kind == "sample" and down[0] <= (r.ts_ns - T0) / S < down[1])]
    alerts = [alert(spec.node, t, name, severity="critical")
              for t in range(int(CRASH) + 10, int(READY) + 60, 30)
              for name in ("GPUXidErrors", "GatewayUpstream5xxRateHigh")]
    return merged(iter(records), iter(alerts))


def causes(records: list[Record]) -> list[str]:
    return [i.cause for i in opened_incidents(records, RULES)]


def test_a_server_restarting_after_a_crash_is_no_monitoring_gap() -> None:
    assert "monitoring_gap" not in causes(node(started=CRASH + 15, start_event=READY - 9))


def test_vllm_silent_with_no_restart_is_a_monitoring_gap() -> None:
    """The control: the same silence and alerts, nothing restarting, the metrics gone for good."""
    assert "monitoring_gap" in causes(node(started=None, start_event=None, back=False))


def test_a_restart_long_after_the_silence_began_excuses_nothing() -> None:
    """A scrape blocked for minutes before the server restarts (outsider s17: the hidden leak's
    OOM kill) is the gap's, not a restart's."""
    assert "monitoring_gap" in causes(node(started=CRASH + 400, start_event=None, back=False))


def test_an_engine_start_waiting_beyond_the_tick_is_not_its_readings_stopping() -> None:
    """The restart announced a tick before its first sample: with only the start to go on,
    the engine would have been judged stopped while the node's vLLM source went on; and the
    start taken in a few ticks before the first sample is no such record either."""
    for ahead in (1, 9, 25, 40):  # (ticks every 10 s)
        assert "monitoring_gap" not in causes(node(started=CRASH + 15, start_event=READY - ahead)), ahead
