"""Records written to the contract by someone else: whatever a valid record holds, the engine
keeps going, and every record is accounted for (property-based, with Hypothesis).

The contract fixes the envelope and the record kinds but leaves a lot open: a sample may carry
any metric names and values, an event any name and any attributes of any JSON type, an alert
any labels. Files written to it outside the project are replayed against the engine, so none
of that may raise; a record the engine cannot use is ignored or refused with a reason.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import orjson
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from correlator.config import load_rules
from correlator.core import Engine
from correlator.replay.run import run_replay
from correlator.wire.decode import RecordError, decode_message, decode_message_indexed, decode_record
from tests.timeline import NodeSpec, merged, node_records, sawtooth

RULES = load_rules()
T0 = 1_709_542_800 * 1_000_000_000
S = 1_000_000_000

METRICS = [
    "mem_used_bytes", "mem_total_bytes", "mem_reserved_bytes", "proc_used_bytes", "gpu_util_pct",
    "temp_c", "power_w", "proc_rss_bytes", "swap_used_bytes",
    "DCGM_FI_DEV_FB_USED", "DCGM_FI_DEV_FB_FREE", "DCGM_FI_DEV_FB_RESERVED", "DCGM_FI_DEV_XID_ERRORS",
    "DCGM_FI_DEV_GPU_UTIL",
    "vllm:num_requests_running", "vllm:num_requests_waiting", "vllm:kv_cache_usage_perc",
    "vllm:num_preemptions_total", "vllm:prefix_cache_queries_total", "vllm:prefix_cache_hits_total",
    'vllm:request_success_total{finished_reason="abort"}', "vllm:prompt_tokens_total",
    "vllm:generation_tokens_total", "vllm:spec_decode_num_draft_tokens_total",
    "vllm:time_to_first_token_seconds_sum",
]
EVENTS = ["xid", "request_finished", "kv_block_stored", "kv_block_removed", "kv_all_cleared",
          "engine_start", "oom_kill", "process_start"]
ATTRS = ["xid", "request_id", "finish_reason", "tenant", "session", "prompt_tokens",
         "generation_tokens", "cached_tokens", "spec_draft_tokens", "count", "pid", "process"]
LABELS = ["engine", "model_name", "num_gpu_blocks", "block_size", "tenant", "uuid"]

numbers = st.one_of(
    st.integers(min_value=-(2**53), max_value=2**53),
    st.floats(allow_nan=False, allow_infinity=False, width=64),
    st.sampled_from([0, 1, 0.5, 1e300, -1e300, 5e-324, 79, 100]),
    # What other writers emit: Python's json writes NaN and Infinity, and integers of any size.
    st.sampled_from([float("nan"), float("inf"), -float("inf"), 2**64, 10**400, -(10**400)]),
)
json_any = st.recursive(
    st.one_of(st.none(), st.booleans(), numbers, st.text(max_size=12)),
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=6,
)
names = st.one_of(st.sampled_from(METRICS), st.text(min_size=1, max_size=20))
label_values = st.one_of(st.sampled_from(["0", "-5", "16", "abc", "", "1e9", "99999999999999999999"]),
                         st.text(max_size=10))


@st.composite
def records(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(["sample", "sample", "event", "event", "alert"]))
    rec: dict[str, Any] = {
        "v": 1,
        "ts_ns": T0 + draw(st.integers(min_value=0, max_value=900)) * S + draw(st.integers(0, S - 1)),
        "node": draw(st.sampled_from(["gpu-node-01", "gpu-node-02", "-"])),
        "kind": kind,
        "gpu": draw(st.one_of(st.none(), st.integers(min_value=0, max_value=7))),
    }
    if draw(st.booleans()):
        rec["seq"] = draw(st.integers(min_value=-3, max_value=60))
    if kind == "sample":
        rec["source"] = draw(st.sampled_from(["nvml", "dcgm", "vllm", "host", "other"]))
        rec["metrics"] = draw(st.dictionaries(names, numbers, max_size=6))
        if draw(st.booleans()):
            rec["labels"] = draw(st.dictionaries(st.one_of(st.sampled_from(LABELS), st.text(max_size=6)),
                                                 label_values, max_size=4))
    elif kind == "event":
        rec["source"] = draw(st.sampled_from(["nvml", "dcgm", "vllm", "host", "other"]))
        rec["event"] = draw(st.one_of(st.sampled_from(EVENTS), st.text(min_size=1, max_size=12)))
        rec["attrs"] = draw(st.dictionaries(st.one_of(st.sampled_from(ATTRS), st.text(max_size=6)),
                                            json_any, max_size=5))
    else:
        rec["source"] = "alert"
        labels = draw(st.dictionaries(st.sampled_from(["node", "instance", "severity", "job", "gpu"]),
                                      label_values, max_size=4))
        labels["alertname"] = draw(st.one_of(st.sampled_from(["GPUXidError", "NodeUnreachable",
                                                              "TargetDown", "P99High"]),
                                             st.text(min_size=1, max_size=10)))
        rec["alert"] = {"status": draw(st.sampled_from(["firing", "resolved"])), "labels": labels}
        if draw(st.booleans()):
            rec["alert"]["fingerprint"] = draw(st.text(max_size=16))
    return rec


def _healthy_stream() -> list[dict[str, Any]]:
    """20 minutes of a healthy node's telemetry (KV saw-tooth, flat framebuffer)."""
    recs = merged(node_records(NodeSpec(node="gpu-node-01", kv_pct=sawtooth(30, 12, 200),
                                        gpu_pct=lambda t: 90.0), 1200))
    return [orjson.loads(orjson.dumps(r.model_dump(mode="json"))) for r in recs]


HEALTHY = _healthy_stream()


def dumps(doc: object) -> bytes:
    """JSON as Python's own writer has it (NaN, Infinity, integers of any size), not orjson's."""
    return json.dumps(doc).encode()


@settings(max_examples=120, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.lists(records(), min_size=1, max_size=120))
def test_any_valid_record_is_processed_or_refused_never_raised(raw: list[dict[str, Any]]) -> None:
    """Odd records (any metric, value, attribute type, label) among a healthy node's own, so
    that they reach the features and hypotheses, not only the decoder."""
    start = HEALTHY[0]["ts_ns"] + 200 * S
    for doc in raw:  # into the healthy stream's minutes 3 to 18, on its node
        doc["ts_ns"] += start - T0
        if doc["node"] == "gpu-node-02":
            doc["node"] = "gpu-node-01"
    eng = Engine(RULES)
    accepted = 0
    for doc in sorted(HEALTHY + raw, key=lambda r: r["ts_ns"]):
        line = dumps(doc)
        try:
            rec = decode_record(line)
        except RecordError:
            continue  # refused with a reason (the replay dead-letters it)
        accepted += 1
        eng.process(rec)
    eng.finish()
    assert eng.stats.records == accepted


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(st.lists(records(), min_size=1, max_size=60))
def test_a_replayed_file_accounts_for_every_line(tmp_path: Path, raw: list[dict[str, Any]]) -> None:
    """Unsorted, as a file may be; every line is read and either used or dead-lettered."""
    events = tmp_path / "events.jsonl"
    dead = tmp_path / "dead.jsonl"
    dead.unlink(missing_ok=True)
    events.write_bytes(b"\n".join(dumps(r) for r in raw) + b"\n")
    result = run_replay([events], [], RULES, deadletter_path=dead)
    letters = dead.read_bytes().splitlines() if dead.exists() else []
    assert result.read.records + len(letters) >= len(raw)
    assert result.read.records <= len(raw)


messages = st.one_of(
    st.binary(max_size=200),
    records().map(dumps),
    st.lists(records(), max_size=6).map(dumps),  # a batch (refused whole if nodes differ)
    st.lists(st.one_of(records(), json_any), max_size=5).map(dumps),
    json_any.map(dumps),
    st.lists(records(), min_size=1, max_size=4).map(lambda rs: dumps(rs)[:-3]),  # cut short
)


@settings(max_examples=300, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(messages)
def test_a_kafka_message_value_is_decoded_or_refused_with_its_reason(raw: bytes) -> None:
    recs, refused = decode_message(raw, "telemetry.vllm")
    assert recs or refused or json.loads(raw) == []  # an empty batch holds nothing to lose
    assert all(r.reason and isinstance(r.raw, bytes) for r in refused)
    indexed, refused_at = decode_message_indexed(raw, "telemetry.vllm")
    same = [r.model_dump_json() for _, r in indexed] == [r.model_dump_json() for r in recs]  # NaN != NaN
    assert same and [r for _, r in refused_at] == refused


def _xid_events(values: list[object], at_s: int) -> list[dict[str, Any]]:
    t = HEALTHY[0]["ts_ns"] + at_s * S
    return [{"v": 1, "ts_ns": t + i, "node": "gpu-node-01", "source": "nvml", "kind": "event", "gpu": 0,
             "event": "xid", "attrs": {"xid": v}} for i, v in enumerate(values)]


def _causes(docs: list[dict[str, Any]]) -> set[str]:
    eng = Engine(RULES)
    recs = [decode_record(dumps(d)) for d in sorted(docs, key=lambda r: r["ts_ns"])]
    out = eng.process_many(recs)
    out.extend(eng.finish())
    return {i.cause for i in out.incidents}


def test_an_event_attribute_that_is_no_finite_number_is_ignored() -> None:
    """An XID of NaN, an infinity (``1e400``), an integer beyond a float's range or a string,
    and block counts of the same kinds, tell nothing: the node stays healthy (an infinite XID
    once stopped the replay). A real XID 79 in the same place still opens a GPU failure."""
    junk = [float("nan"), float("inf"), -float("inf"), 10**400, "79", None, True, [79]]
    t = HEALTHY[0]["ts_ns"] + 300 * S
    pairs = [(name, v) for name in ("kv_block_stored", "kv_block_removed") for v in junk]
    counts = [{"v": 1, "ts_ns": t + i, "node": "gpu-node-01", "source": "vllm", "kind": "event",
               "event": name, "attrs": {"count": v}} for i, (name, v) in enumerate(pairs)]
    assert _causes(HEALTHY + _xid_events(junk, 300) + counts) == set()
    assert _causes(HEALTHY + _xid_events([*junk, 79], 300)) == {"gpu_failure"}
