"""vLLM counters that reach the correlator renamed (outsider s225).

A node-agent canary put an OpenTelemetry collector between its scrape and Kafka; the
collector's Prometheus receiver normalizes names, so every counter arrived without its
``_total`` suffix (``vllm:generation_tokens``) while the gauges kept theirs. The token counters
then read as standing still under their real names: a running engine looked hung, and the
abort counter a residue rides on was lost."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.core import metrics as m
from correlator.core.engine import Engine
from correlator.core.features import Windows, rates
from correlator.wire.records import Record, SampleRecord
from tests.timeline import T0, NodeSpec, S, merged, node_records, opened_incidents

RULES = load_rules()
FROM, END = 1200.0, 2400.0


def test_a_stripped_counter_name_is_restored() -> None:
    assert m.unsuffixed("vllm:generation_tokens") == "vllm:generation_tokens_total"
    assert m.unsuffixed('vllm:request_success{finished_reason="abort"}') == \
        'vllm:request_success_total{finished_reason="abort"}'
    for name in ("vllm:generation_tokens_total", "vllm:e2e_request_latency_count",
                 'vllm:time_to_first_token_bucket{le="0.1"}', "vllm:kv_cache_usage_perc",
                 "vllm:prompt_tokens_created", "DCGM_FI_DEV_FB_USED"):
        assert m.unsuffixed(name) is None


def strip(name: str) -> str:
    base, _, rest = name.partition("{")
    return base.removesuffix("_total") + ("{" + rest if rest else "")


def node(renamed_from: float | None) -> list[Record]:
    """A healthy, busy node; from ``renamed_from`` its vLLM counters lose their suffix."""
    spec = NodeSpec(generated_per_s=lambda t: 900.0, prompt_per_s=lambda t: 2500.0, running=lambda t: 14.0)
    out: list[Record] = []
    for r in node_records(spec, END):
        if renamed_from is not None and isinstance(r, SampleRecord) and r.source == "vllm" and \
                (r.ts_ns - T0) / S >= renamed_from:
            r = r.model_copy(update={"metrics": {strip(k): v for k, v in r.metrics.items()}})
        out.append(r)
    return merged(iter(out), node_records(NodeSpec(node="gpu-node-02"), END))


def test_renamed_counters_are_a_gap_naming_them_not_a_hung_engine() -> None:
    opened = opened_incidents(node(FROM), RULES)
    assert [(i.cause, i.nodes) for i in opened] == [("monitoring_gap", ["gpu-node-01"])]
    assert FROM <= (opened[0].opened_ns - T0) / S < FROM + 60
    missing = [e for e in opened[0].evidence if e.signal == "missing"]
    assert missing[0].value == "vllm on engine 0" and "without their _total suffix" in missing[0].detail


def test_renamed_counters_are_read_as_the_counters_they_are() -> None:
    """The node's rates over the renamed minutes are those of the same minutes named as usual."""
    def rates_at_end(records: list[Record]) -> tuple[float, float]:
        eng = Engine(RULES)
        for r in records:
            eng.process(r)
        state = eng.fleet.nodes["gpu-node-01"].state
        got = rates(state, Windows.from_rules(RULES))
        return got.prompt_tokens_per_request, got.aborts

    assert rates_at_end(node(FROM)) == rates_at_end(node(None))


def test_the_usual_names_page_nothing() -> None:
    assert opened_incidents(node(None), RULES) == []
