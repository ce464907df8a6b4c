"""A data-parallel rank whose readings are lost is a monitoring gap (outsider s212).

A node-agent release keyed vLLM's series by name and model, written before vLLM put its DP
ranks behind one /metrics with an ``engine`` label: the ranks' series collided and only rank
1's reached the correlator. A rank cannot stop while its server serves (the server's ranks
live and die together), so one rank silent while another reports, no engine started since
and the node's GPUs busy throughout, is readings lost, with no other symptom needed; and a
residue on the node beside that gap is its own incident."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.wire.records import EventRecord, Record, SampleRecord
from tests.timeline import T0, NodeSpec, S, at, merged, node_records, opened_incidents

RULES = load_rules()
LOST = 900.0


def two_ranks(util: float | None = 70.0, rank0_until: float = LOST, seconds: float = 2400.0,
              restart_at: float | None = None) -> list[Record]:
    """A server with two DP ranks (engine "0" and "1", no GPU of their own); rank 0's
    readings stop at ``rank0_until``; every GPU at ``util`` % (None: not reported)."""
    out: list[Record] = []
    for r in node_records(NodeSpec(gpus=4), seconds):
        t = (r.ts_ns - T0) / S
        if isinstance(r, SampleRecord) and r.source == "vllm":
            out.append(r.model_copy(update={"labels": {**(r.labels or {}), "engine": "1"}, "seq": 2 * r.seq}))
            if t < rank0_until:
                out.append(r.model_copy(update={"labels": {**(r.labels or {}), "engine": "0"},
                                                "seq": 2 * r.seq + 1}))
        elif isinstance(r, SampleRecord) and r.source == "nvml" and util is not None:
            out.append(r.model_copy(update={"metrics": {**r.metrics, "gpu_util_pct": util}}))
        else:
            out.append(r)
    if restart_at is not None:
        out.append(EventRecord(v=1, ts_ns=at(restart_at), node="gpu-node-01", source="vllm", kind="event",
                               event="engine_start", attrs={"engine": "1"}, seq=10**6))
    return merged(iter(out))


def opened(records: list[Record]) -> list[tuple[str, float, float, str]]:
    return [(i.cause, (i.opened_ns - T0) / S, (i.first_evidence_ns - T0) / S, i.evidence[0].detail)
            for i in opened_incidents(records, RULES)]


def test_a_rank_whose_readings_are_lost_is_a_gap() -> None:
    found = opened(two_ranks())
    assert [c for c, *_ in found] == ["monitoring_gap"]
    _, at_s, onset, detail = found[0]
    assert onset == LOST - 5  # its last reading
    assert LOST + RULES.hypotheses.monitoring_gap.unseen_busy_s <= at_s <= LOST + 420
    assert "engine 0" in detail and "a rank of a serving server" in detail


def test_both_ranks_reporting_page_nothing() -> None:
    assert opened(two_ranks(rank0_until=float("inf"))) == []


def test_without_utilisation_readings_a_silent_rank_alone_is_not_enough() -> None:
    assert opened(two_ranks(util=None)) == []


def test_a_server_restarted_with_one_rank_is_no_gap() -> None:
    """The server started again since the rank's last reading: a new configuration, not
    readings lost."""
    assert opened(two_ranks(restart_at=LOST + 30)) == []
