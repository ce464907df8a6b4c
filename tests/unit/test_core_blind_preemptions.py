"""A node whose KV usage is not collected (outsider s323: the old V0 build, no KV gauge) shows
its pool full only by preempting requests: vLLM preempts for want of free blocks. Preemptions
there are a symptom of a monitoring gap that names the metric missing."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.wire.records import Record, SampleRecord
from tests.timeline import T0, NodeSpec, S, node_records, opened_incidents

RULES = load_rules()
FROM, END = 1800.0, 3600.0
PREEMPTIONS = "vllm:num_preemptions_total"


def node(per_min: float, kv_collected: bool = False) -> list[Record]:
    metrics = ("vllm:kv_cache_usage_perc", "vllm:num_requests_running") if kv_collected \
        else ("vllm:num_requests_running",)
    out: list[Record] = []
    for r in node_records(NodeSpec(vllm_metrics=metrics, kv_pct=lambda t: 60.0), END):
        if isinstance(r, SampleRecord) and r.source == "vllm":
            t = (r.ts_ns - T0) / S
            r = r.model_copy(update={"metrics": {**r.metrics,
                                                 PREEMPTIONS: float(int(per_min * max(0.0, t - FROM) / 60))}})
        out.append(r)
    return out


def test_preemptions_on_a_kv_blind_node_page_a_gap_naming_the_kv_gauge() -> None:
    found = opened_incidents(node(5.0), RULES)
    assert [i.cause for i in found] == ["monitoring_gap"]
    assert FROM < (found[0].opened_ns - T0) / S < FROM + 600
    signals = {e.signal: e for e in found[0].evidence}
    assert signals["missing"].value == "vllm:kv_cache_usage_perc"
    assert signals["preemptions_per_min"].value >= RULES.hypotheses.monitoring_gap.blind_preemptions_per_min


def test_a_few_preemptions_on_a_kv_blind_node_page_nothing() -> None:
    assert opened_incidents(node(0.5), RULES) == []


def test_preemptions_where_the_pool_is_seen_are_judged_on_the_pool() -> None:
    assert [i.cause for i in opened_incidents(node(5.0, kv_collected=True), RULES)] == []
