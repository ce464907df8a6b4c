"""``upstream_errors``: requests the request log ends in errors that a live engine never
counted (outsider s184: an uplink silently dropping packets above its MTU, so requests with
large prompts timed out at the gateway, while vLLM saw fewer requests and no error)."""

from __future__ import annotations

import re

from correlator.config import load_rules
from correlator.wire.records import EventRecord, Record, SampleRecord
from tests.timeline import NodeSpec, at, merged, node_records, opened_incidents

RULES = load_rules()
FROM, TO, END = 1500.0, 2700.0, 3600.0


def log(share: float) -> list[Record]:
    """A gateway's request log: 8 requests every 5 s, ``share`` of them errors from FROM to TO."""
    out: list[Record] = []
    seq = 0
    t = 0.0
    while t <= END:
        failing = round(8 * share) if FROM <= t < TO else 0
        for i in range(8):
            seq += 1
            out.append(EventRecord(v=1, ts_ns=at(t + i * 0.5), node="gpu-node-01", source="vllm",
                                   kind="event", event="request_finished", seq=10_000_000 + seq,
                                   attrs={"finish_reason": "error" if i < failing else "stop",
                                          "prompt_tokens": 900, "generation_tokens": 150}))
        t += 5.0
    return out


def engine_counts_them(records: list[Record],
                       counter: str = 'vllm:request_success_total{finished_reason="error"}') -> list[Record]:
    """The engine's ``counter`` rising with the log's errors (it failed or refused them itself)."""
    out: list[Record] = []
    for r in records:
        if isinstance(r, SampleRecord) and r.source == "vllm":
            t = (r.ts_ns - at(0)) / 1e9
            errors = 2 * (min(max(t, FROM), TO) - FROM) / 5
            r = r.model_copy(update={"metrics": {**r.metrics, counter: errors}})
        out.append(r)
    return out


def causes(records: list[Record]) -> list[str]:
    return [i.cause for i in opened_incidents(merged(iter(records)), RULES)]


def test_errors_the_engine_never_saw_page_as_upstream_errors() -> None:
    records = list(node_records(NodeSpec(), END)) + log(0.25)
    opened = opened_incidents(merged(iter(records)), RULES)
    assert [i.cause for i in opened] == ["upstream_errors"]
    assert re.match(r"\d+ % of the logged requests ended in errors over 5 min \([\d.]+ a minute\) while "
                    r"the engines counted 0\.0 a minute", opened[0].evidence[0].detail)
    assert FROM < (opened[0].opened_ns - at(0)) / 1e9 < FROM + 600


def test_errors_the_engine_counted_itself_are_not_upstream() -> None:
    records = engine_counts_them(list(node_records(NodeSpec(), END))) + log(0.25)
    assert "upstream_errors" not in causes(records)


def test_errors_vllms_http_server_answered_are_not_upstream() -> None:
    """Requests vLLM's API server refused (a client's invalid parameters, a 400 before the
    engine, outsider s192): its ``http_requests_total`` 4xx series counts them."""
    counter = 'http_requests_total{handler="/v1/chat/completions",method="POST",status="4xx"}'
    records = engine_counts_them(list(node_records(NodeSpec(), END)), counter)
    assert "upstream_errors" not in causes(records + log(0.25))


def tenant_of(r: EventRecord, limited: bool) -> str:
    """The errors fall on one tenant; with ``limited``, a tenth of the requests that tenant's
    quota still admits while it fails (every tenth served request of the window is its)."""
    if r.attrs["finish_reason"] == "error":
        return "quant-research" if limited else "contracts-ai"
    admitted = limited and FROM <= (r.ts_ns - at(0)) / 1e9 < TO and (r.seq or 0) % 10 == 0
    return "quant-research" if admitted else "retail-bank"


def with_tenants(limited: bool) -> list[Record]:
    out: list[Record] = list(node_records(NodeSpec(), END))
    for r in log(0.25):
        if isinstance(r, EventRecord):
            r = r.model_copy(update={"attrs": {**r.attrs, "tenant": tenant_of(r, limited)}})
        out.append(r)
    return out


def test_a_quota_refusing_a_clients_excess_is_not_upstream() -> None:
    """Outsider s198: a backtest script at four times its tenant's quota; the quota sidecar
    refuses the excess before vLLM, and the tenant is still served at its quota. A tenant
    refused whole (its quota zeroed) is a fault, and pages."""
    assert "upstream_errors" not in causes(with_tenants(limited=True))
    assert causes(with_tenants(limited=False)) == ["upstream_errors"]


def test_a_few_errors_are_not_upstream_errors() -> None:
    assert "upstream_errors" not in causes(list(node_records(NodeSpec(), END)) + log(0.05))


def test_an_engine_whose_metrics_stopped_cannot_tell() -> None:
    """Its counters frozen by the silence: a monitoring gap's, not a path's."""
    records = list(node_records(NodeSpec(vllm_until=FROM - 300), END)) + log(0.25)
    assert "upstream_errors" not in causes(records)
