"""A hung engine (outsider s53): one rank deadlocks in a collective; vLLM keeps answering
its metrics endpoint with the values it had (20 requests running, its token counters
still), so none of its own alerts can fire; only the gateway's 5xx alerts tell. It used to
page nothing. A drained node's counters stand still too, with nothing running."""

from __future__ import annotations

from collections.abc import Callable

from correlator.config import load_rules
from correlator.wire.records import Record, SampleRecord
from tests.timeline import T0, NodeSpec, S, merged, node_records, opened_incidents

RULES = load_rules()
HANG = 1800.0
STOP = 'vllm:request_success_total{finished_reason="stop"}'


def engine(running: Callable[[float], float], hang: bool, tokens: bool = True) -> list[Record]:
    """Token counters follow the finished requests, and stand still from HANG if ``hang``
    (every other reading frozen as well, the running requests included)."""
    records = merged(node_records(NodeSpec(running=running, kv_pct=lambda t: 40.0), 3600))
    frozen: dict[str, float] = {}
    for r in records:
        if isinstance(r, SampleRecord) and r.source == "vllm":
            if tokens:
                r.metrics["vllm:prompt_tokens_total"] = r.metrics[STOP] * 900.0
                r.metrics["vllm:generation_tokens_total"] = r.metrics[STOP] * 300.0
            if hang and (r.ts_ns - T0) / S >= HANG:
                if not frozen:
                    frozen = dict(r.metrics)
                r.metrics.update(frozen)
    return records


def causes(records: list[Record]) -> list[tuple[str, float]]:
    return [(i.cause, (i.opened_ns - T0) / S) for i in opened_incidents(records, RULES)]


def test_an_engine_with_requests_running_and_no_token_processed_is_paged_as_stalled() -> None:
    found = causes(engine(lambda t: 20.0, hang=True))
    assert [c for c, _ in found] == ["engine_stalled"]
    after = RULES.hypotheses.engine_stall.after_s
    assert HANG + after <= found[0][1] <= HANG + after + 60


def test_an_idle_engine_whose_counters_stand_still_is_not_stalled() -> None:
    """The drained node: nothing running, nothing counted."""
    drained = engine(lambda t: 20.0, hang=True)
    for r in drained:
        if isinstance(r, SampleRecord) and r.source == "vllm" and (r.ts_ns - T0) / S >= HANG:
            r.metrics["vllm:num_requests_running"] = 0.0
    assert causes(drained) == []
    assert causes(engine(lambda t: 20.0, hang=False)) == []


def test_an_engine_without_token_counters_is_not_judged() -> None:
    assert causes(engine(lambda t: 20.0, hang=True, tokens=False)) == []


Event = tuple[float, str, str, dict[str, object]]


def served_log(start: float, end: float, per_s: float = 2.0) -> list[Event]:
    """A gateway's request log on the node: requests completing (finish reason ``stop``)."""
    out: list[Event] = []
    t = start
    while t < end:
        out.append((t, "vllm", "request_finished",
                    {"request_id": f"r{len(out)}", "finish_reason": "stop", "prompt_tokens": 900,
                     "generation_tokens": 300}))
        t += 1.0 / per_s
    return out


def frozen_stats(log: bool, host_leak: bool = True) -> list[Record]:
    """vLLM's stats task dies at HANG: its metrics stand still (20 running, counters flat) while
    the request log shows the node serving on; the serving process's memory then grows by
    2 points a minute (the stats it no longer drains), which the host telemetry shows."""
    def host(t: float) -> float:
        return 40.0 + (2.0 * max(0.0, t - HANG) / 60 if host_leak else 0.0)

    spec = NodeSpec(running=lambda t: 20.0, kv_pct=lambda t: 40.0, host_pct=host,
                    extra_events=served_log(0.0, 3600.0) if log else [])
    records = merged(node_records(spec, 3600))
    frozen: dict[str, float] = {}
    for r in records:
        if isinstance(r, SampleRecord) and r.source == "vllm":
            r.metrics["vllm:prompt_tokens_total"] = r.metrics[STOP] * 900.0
            r.metrics["vllm:generation_tokens_total"] = r.metrics[STOP] * 300.0
            if (r.ts_ns - T0) / S >= HANG:
                if not frozen:
                    frozen = dict(r.metrics)
                r.metrics.update(frozen)
    return records


def test_metrics_frozen_while_the_request_log_shows_the_engine_serving_are_a_monitoring_gap() -> None:
    """Outsider s80: the same frozen metrics, but the gateway's log goes on showing requests
    served: the engine works, its stats do not. With the host's memory growing that is a
    monitoring gap naming the frozen engine, not a hang."""
    records = frozen_stats(log=True)
    opened = opened_incidents(records, RULES)
    assert [i.cause for i in opened] == ["monitoring_gap"]
    missing = [e for e in opened[0].evidence if e.signal == "missing"]
    assert missing and missing[0].value == "vllm on engine 0" and "stand still" in missing[0].detail
    assert causes(frozen_stats(log=False))[0][0] == "engine_stalled"  # no log: a hang, as before


def test_frozen_metrics_with_nothing_amiss_page_nothing() -> None:
    """No symptom (no alert, no memory growth): nothing to page, though the gap is known."""
    assert causes(frozen_stats(log=True, host_leak=False)) == []
