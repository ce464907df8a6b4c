"""A server that serves while nothing scrapes it is a monitoring gap (outsider s207).

A chart upgrade renamed the pod label the vLLM ServiceMonitor selects on: from the new pod on,
no vllm record came from the node and no vLLM rule could fire (no target, so not even a
target-down alert), while its GPUs served as before. Nothing else showed: no alert, no host
growth. The GPUs busy for minutes after vLLM's last record, past a restarting server's
warm-up, are the symptom."""

from __future__ import annotations

from collections.abc import Callable

from correlator.config import load_rules
from correlator.wire.records import Record, SampleRecord
from tests.timeline import T0, NodeSpec, S, merged, node_records, opened_incidents

RULES = load_rules()
START = 930.0
"""The new pod's serving process starts here; vLLM's last record is at 895 s."""


def unscraped(util: Callable[[float], float], restart: bool = True, seconds: float = 3000.0) -> list[Record]:
    events = [(START, "host", "process_start", {"process": "vllm", "pid": 4242})] if restart else []
    spec = NodeSpec(gpus=2, vllm_until=900.0, extra_events=events)
    out: list[Record] = []
    for r in node_records(spec, seconds):
        if isinstance(r, SampleRecord) and r.source == "nvml":
            r = r.model_copy(update={"metrics": {**r.metrics, "gpu_util_pct": util((r.ts_ns - T0) / S)}})
        out.append(r)
    return merged(iter(out))


def serving(t: float) -> float:
    """Busy before the restart, loading (idle) for five minutes, then serving again."""
    return 0.0 if START <= t < START + 300 else 65.0


def opened(records: list[Record]) -> list[tuple[str, float, float, list[str]]]:
    return [(i.cause, (i.opened_ns - T0) / S, (i.first_evidence_ns - T0) / S, [e.detail for e in i.evidence])
            for i in opened_incidents(records, RULES)]


def test_a_server_serving_unscraped_is_a_monitoring_gap() -> None:
    found = opened(unscraped(serving))
    assert [c for c, *_ in found] == ["monitoring_gap"]
    _, at, onset, details = found[0]
    assert onset == START  # from the new pod on
    # not while a restarting server may still be loading (10 min), then once busy 5 min
    assert START + RULES.benign.warmup_s <= at <= START + RULES.benign.warmup_s + 120
    assert any("nothing scrapes it" in d for d in details)


def test_gpus_left_idle_after_the_server_went_are_no_gap() -> None:
    """A server stopped (a drained node, a scale-down): vLLM silent, the GPUs idle."""
    assert opened(unscraped(lambda t: 65.0 if t < START else 0.0)) == []


def test_busy_gpus_with_no_server_started_are_not_the_servers() -> None:
    """vLLM gone and the GPUs busy, but no serving process started since: the work may be
    another job's (outsider s213: a GPU validation job on a drained node)."""
    assert opened(unscraped(lambda t: 65.0, restart=False)) == []


def test_busy_readings_that_stopped_are_not_busy_now() -> None:
    """The new server's GPUs busy for two and a half minutes after it loaded, then idle: the
    stretch ended before it was long enough, and an idle GPU is no server serving."""
    assert opened(unscraped(lambda t: serving(t) if t < START + 450 else 0.0)) == []
