"""A gateway's requests that do not reach a live engine: ``upstream_errors`` from its alert.

Outsider s195: after a rolling restart the gateway's control plane missed the node's new
endpoint and kept sending to the old pod's address. The new vLLM was ready, scraped, healthy
and idle for 25 minutes; clients never saw an error (the gateway retried on the next host),
and the only alert was the gateway's own, that its requests to this upstream failed."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.wire.records import Record, SampleRecord
from tests.timeline import T0, NodeSpec, S, alert, merged, node_records, opened_incidents

RULES = load_rules()
IDLE, END = 1200.0, 2700.0


def node(idle: bool, alerting: bool, name: str = "GatewayUpstream5xxRateHigh") -> list[Record]:
    """A node whose engine serves nothing from IDLE when ``idle`` (nothing running, its
    counters still), with the gateway's alert about it firing from IDLE + 60 when ``alerting``."""
    spec = NodeSpec(running=(lambda t: 0.0 if t >= IDLE else 10.0) if idle else (lambda t: 10.0),
                    kv_pct=(lambda t: 0.0 if t >= IDLE else 30.0) if idle else (lambda t: 30.0))
    out: list[Record] = []
    frozen: dict[str, float] = {}
    for r in node_records(spec, END):
        if idle and isinstance(r, SampleRecord) and r.source == "vllm":
            counters = {k: v for k, v in r.metrics.items() if k.startswith("vllm:request_success_total")}
            if (r.ts_ns - T0) / S < IDLE:
                frozen = counters
            else:
                r = r.model_copy(update={"metrics": {**r.metrics, **frozen}})
        out.append(r)
    alerts = [alert(spec.node, t, name, severity="critical") for t in range(int(IDLE) + 60, int(END), 30)] \
        if alerting else []
    return merged(iter(out), iter(alerts))


def causes(records: list[Record]) -> list[str]:
    return [i.cause for i in opened_incidents(records, RULES)]


def test_the_gateway_failing_to_reach_an_idle_live_engine_pages_upstream_errors() -> None:
    opened = opened_incidents(node(idle=True, alerting=True), RULES)
    assert [i.cause for i in opened] == ["upstream_errors"]
    assert opened[0].evidence[0].value == "GatewayUpstream5xxRateHigh"
    assert IDLE < (opened[0].opened_ns - T0) / S < IDLE + 600


def test_an_idle_engine_without_the_gateways_alert_is_a_drain() -> None:
    assert causes(node(idle=True, alerting=False)) == []


def test_the_alert_beside_an_engine_that_serves_is_not_this() -> None:
    """The gateway's errors on a busy engine: an alert group of its own, not a path unreached."""
    assert "upstream_errors" not in causes(node(idle=False, alerting=True))


def test_other_alerts_beside_an_idle_engine_are_not_the_gateways() -> None:
    assert "upstream_errors" not in causes(node(idle=True, alerting=True, name="VLLMTimeToFirstTokenP99High"))
