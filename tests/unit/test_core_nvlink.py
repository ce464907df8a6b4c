"""A failing NVLink (outsider s159): DCGM's NVLink CRC and replay error counters on one GPU
rise minute after minute, with no XID, and the tensor-parallel group through it slows. Paged
as ``nvlink_degraded``; a burst of errors that stops within minutes (a transient, a cable
reseated) is not."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from correlator.config import load_rules
from correlator.core import Engine
from correlator.core.nodestate import LinkErrors
from correlator.wire.incidents import Incident
from correlator.wire.records import Record, SampleRecord
from tests.timeline import T0, NodeSpec, S, at, merged, node_records

RULES = load_rules()
QUIET_NS = int(RULES.hypotheses.nvlink.quiet_s * S)


def dcgm_links(errors: Callable[[float], float], seconds: float, gpu: int = 1) -> Iterator[Record]:
    """dcgm-exporter's NVLink error counters for ``gpu`` every 15 s (``errors(t)``: the
    replays so far; the CRC counters at half of it), zero on the node's other GPU."""
    t, n = 0.0, 0
    while t <= seconds:
        for g in (0, 1):
            e = float(int(errors(t))) if g == gpu else 3.0
            n += 1
            yield SampleRecord(v=1, ts_ns=at(t), node="gpu-node-01", source="dcgm", kind="sample", gpu=g,
                               seq=n, metrics={"DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL": e,
                                               "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL": e // 2,
                                               "DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL": 1e6 * t})
        t += 15.0


def run(errors: Callable[[float], float], seconds: float = 4200) -> list[Incident]:
    eng = Engine(RULES)
    out: list[Incident] = []
    for r in merged(node_records(NodeSpec(kv_pct=lambda t: 30.0), seconds), dcgm_links(errors, seconds)):
        out += eng.process(r).incidents
    return out + eng.finish().incidents


def test_errors_counted_minute_after_minute_are_a_failing_link() -> None:
    failing = run(lambda t: 9 + max(0.0, t - 1200) / 60 * 40)  # 40 a minute from minute 20
    opened = [i for i in failing if i.status == "open"]
    assert [i.cause for i in opened] == ["nvlink_degraded"]
    sustain = RULES.hypotheses.nvlink.sustain_s
    assert 1200 + sustain <= (opened[0].opened_ns - T0) / S <= 1200 + sustain + 120
    assert (opened[0].first_evidence_ns - T0) / S < 1200 + 60
    assert "GPU 1" in opened[0].evidence[0].detail


def test_a_burst_that_stops_is_no_failing_link() -> None:
    def burst(t: float) -> float:
        return 9 + min(max(0.0, t - 1200), 600) / 60 * 80  # 80 a minute for ten minutes, then none

    assert [i for i in run(burst) if i.status == "open"] == []


def test_a_run_of_errors_ends_at_a_pause_and_a_counter_reset_starts_none() -> None:
    t = LinkErrors(10.0)
    t.note(12.0, 100, QUIET_NS)
    t.note(15.0, 160, QUIET_NS)
    assert (t.since_ns, t.last_ns, t.counted) == (100, 160, 5.0)
    t.note(0.0, 200, QUIET_NS)  # the driver reloaded: its counters start over
    assert (t.total, t.last_ns) == (0.0, 160)
    t.note(2.0, 160 + QUIET_NS + 1, QUIET_NS)  # after a pause: a new run
    assert (t.since_ns, t.counted) == (160 + QUIET_NS + 1, 2.0)
