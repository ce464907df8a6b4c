"""``api_server_errors``: requests vLLM's HTTP server fails with a 5xx while its engine counts
them finished (outsider s196: a patch release's tool-call parser raising on nested arguments
after the engine finished the request ``stop``; every engine-side series as before)."""

from __future__ import annotations

import re

from correlator.config import load_rules
from correlator.wire.records import Record, SampleRecord
from tests.timeline import NodeSpec, at, merged, node_records, opened_incidents

RULES = load_rules()
FROM, TO, END = 1500.0, 2700.0, 3600.0
SERIES = 'http_requests_total{{handler="/v1/chat/completions",method="POST",status="{}"}}'


def node(status: str, share: float, engine_counts: bool = False) -> list[Record]:
    """vLLM's HTTP series: 5 requests a second answered, ``share`` of them with ``status``
    from FROM to TO; the engine's own error counter rising with them when ``engine_counts``."""
    out: list[Record] = []
    for r in node_records(NodeSpec(), END):
        if isinstance(r, SampleRecord) and r.source == "vllm":
            t = (r.ts_ns - at(0)) / 1e9
            bad = share * 5 * (min(max(t, FROM), TO) - FROM)
            metrics = {**r.metrics, SERIES.format("2xx"): 5 * t - bad, SERIES.format(status): bad}
            if engine_counts:
                metrics['vllm:request_success_total{finished_reason="error"}'] = bad
            r = r.model_copy(update={"metrics": metrics})
        out.append(r)
    return merged(iter(out))


def causes(records: list[Record]) -> list[str]:
    return [i.cause for i in opened_incidents(records, RULES)]


def test_5xx_the_engine_never_counted_page_as_api_server_errors() -> None:
    opened = opened_incidents(node("5xx", 0.2), RULES)
    assert [i.cause for i in opened] == ["api_server_errors"]
    assert re.match(r"vLLM's HTTP server answered \d+ % of its requests with a 5xx over 5 min \([\d.]+ a "
                    r"minute\) while its engine counted 0\.0 errors a minute", opened[0].evidence[0].detail)
    assert FROM < (opened[0].opened_ns - at(0)) / 1e9 < FROM + 600


def test_5xx_the_engine_counted_itself_are_not_the_api_layers() -> None:
    assert "api_server_errors" not in causes(node("5xx", 0.2, engine_counts=True))


def test_requests_refused_with_a_4xx_are_not_server_errors() -> None:
    assert causes(node("4xx", 0.2)) == []


def test_a_few_5xx_are_not_paged() -> None:
    assert causes(node("5xx", 0.01)) == []
