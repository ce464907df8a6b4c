"""A GPU slowed down by heat (outsider s47) as timelines: its engine's requests run longer and
fill the KV pool, and the page must name the GPU, not a KV leak."""

from __future__ import annotations

from collections.abc import Iterator

from correlator.config import load_rules
from correlator.wire.records import Record, SampleRecord
from tests.timeline import T0, NodeSpec, S, at, merged, node_records, opened_incidents

RULES = load_rules()
HOT_FROM = 1800.0


def dcgm(node: str, gpus: int, seconds: float, temp: float, clock: float, reasons: float | None = None,
         step: float = 10.0, util: float | None = None) -> Iterator[Record]:
    """DCGM readings: GPU 1 at ``temp`` C and ``clock`` MHz from ``HOT_FROM``, the others (and
    GPU 1 before) at 62 C and 1980 MHz; every GPU at ``util`` % utilisation where given."""
    t = 0.0
    while t <= seconds:
        for g in range(gpus):
            hot = g == 1 and t >= HOT_FROM
            metrics = {"DCGM_FI_DEV_GPU_TEMP": temp if hot else 62.0,
                       "DCGM_FI_DEV_SM_CLOCK": clock if hot else 1980.0,
                       "DCGM_FI_DEV_FB_USED": 72000.0, "DCGM_FI_DEV_FB_FREE": 8000.0}
            if reasons is not None:
                metrics["DCGM_FI_DEV_CLOCKS_EVENT_REASONS"] = reasons if hot else 0.0
            if util is not None:
                metrics["DCGM_FI_DEV_GPU_UTIL"] = util
            yield SampleRecord(v=1, ts_ns=at(t), node=node, source="dcgm", kind="sample", gpu=g,
                               seq=int(t / step) + 1, metrics=metrics)
        t += step


def slowed_engine(t: float) -> float:
    """KV usage of an engine whose requests run 2.7 times longer from minute 30: it fills."""
    return min(95.0, 35.0 + max(0.0, t - HOT_FROM) / 60 * 3.0)


def causes(records: list[Record]) -> list[tuple[str, float]]:
    return [(i.cause, (i.opened_ns - T0) / S) for i in opened_incidents(records, RULES)]


def spec() -> NodeSpec:
    return NodeSpec(kv_pct=slowed_engine, running=lambda t: 10.0 if t < HOT_FROM else 27.0)


def test_a_hot_gpu_whose_clock_fell_is_paged_as_throttled_not_as_a_kv_leak() -> None:
    records = merged(node_records(spec(), 3600), dcgm("gpu-node-01", 2, 3600, temp=87.0, clock=850.0))
    found = causes(records)
    assert [c for c, _ in found] == ["gpu_throttled"]
    assert HOT_FROM + RULES.hypotheses.gpu_throttle.after_s <= found[0][1] <= HOT_FROM + 300
    # without the GPU's readings the same fill reads as a leak
    assert [c for c, _ in causes(merged(node_records(spec(), 3600)))] == ["session_isolation"]
    incident = opened_incidents(records, RULES)[0]
    assert any(e.signal == "gpu_throttled" and "87 C" in e.detail for e in incident.evidence)


def test_a_thermal_clock_event_reason_counts_without_a_temperature() -> None:
    """HW thermal slowdown (0x40) in DCGM's clock event reasons: the GPU says why itself."""
    records = merged(node_records(spec(), 3600),
                     dcgm("gpu-node-01", 2, 3600, temp=70.0, clock=1400.0, reasons=float(0x40)))
    assert [c for c, _ in causes(records)] == ["gpu_throttled"]


def test_a_slow_clock_on_a_cool_gpu_is_no_throttle() -> None:
    """An idle GPU clocks down (to 210 MHz on an L40S); it is not hot. The pool's fill is then
    judged as it would be without clocks."""
    hot = merged(node_records(spec(), 3600), dcgm("gpu-node-01", 2, 3600, temp=45.0, clock=210.0))
    plain = merged(node_records(spec(), 3600))
    assert "gpu_throttled" not in [c for c, _ in causes(hot)]
    assert [c for c, _ in causes(hot)] == [c for c, _ in causes(plain)]


def test_a_cool_gpu_held_slow_while_it_works_is_throttled() -> None:
    """Outsider s213: a validation job killed mid clock sweep left `nvidia-smi -lgc` at 705
    MHz; the GPU ran busy, cool and slow, and its server's requests ran longer. A working GPU
    runs at its highest clock: one at 80 % utilisation and a third of it is held there."""
    records = merged(node_records(spec(), 3600),
                     dcgm("gpu-node-01", 2, 3600, temp=45.0, clock=705.0, util=80.0))
    found = causes(records)
    assert [c for c, _ in found] == ["gpu_throttled"]
    assert found[0][1] <= HOT_FROM + 300
    detail = opened_incidents(records, RULES)[0].evidence[0].detail
    assert "705 MHz" in detail and "80 % utilisation" in detail


def test_gpus_held_slow_with_no_server_serving_page_nothing() -> None:
    """The same clocks under a GPU job on a drained node (its vLLM gone): no server slows."""
    drained = NodeSpec(vllm_until=HOT_FROM - 300)
    records = merged(node_records(drained, 3600),
                     dcgm("gpu-node-01", 2, 3600, temp=45.0, clock=705.0, util=100.0))
    assert "gpu_throttled" not in [c for c, _ in causes(records)]


def test_an_idle_gpu_clocked_down_is_not_held_slow() -> None:
    records = merged(node_records(spec(), 3600),
                     dcgm("gpu-node-01", 2, 3600, temp=45.0, clock=345.0, util=3.0))
    assert "gpu_throttled" not in [c for c, _ in causes(records)]


def hovering(node: str, seconds: float, cool_after: float | None = None) -> Iterator[Record]:
    """GPU 1 hot from ``HOT_FROM`` with its SM clock hovering about the slow line, reading
    after reading (1,110-1,290 MHz of 1,980: the line is 1,188), at 86-88 C; cooled to 70 C
    from ``cool_after`` where given, its clock still that low."""
    t, i = 0.0, 0
    while t <= seconds:
        for g in range(2):
            hot = g == 1 and t >= HOT_FROM
            cooled = cool_after is not None and t >= cool_after
            metrics = {"DCGM_FI_DEV_GPU_TEMP": (70.0 if cooled else 86.0 + i % 3) if hot else 62.0,
                       "DCGM_FI_DEV_SM_CLOCK": (1110.0, 1290.0, 1150.0, 1250.0)[i % 4] if hot else 1980.0,
                       "DCGM_FI_DEV_FB_USED": 72000.0, "DCGM_FI_DEV_FB_FREE": 8000.0}
            yield SampleRecord(v=1, ts_ns=at(t), node=node, source="dcgm", kind="sample", gpu=g,
                               seq=i + 1, metrics=metrics)
        t += 10.0
        i += 1


def test_a_hot_gpu_whose_clock_hovers_about_the_line_stays_throttled() -> None:
    """Outsider s267: a GPU that lost its fan ran at 86-88 C with its clock between 1,391 and
    1,633 MHz of 2,520, every other reading above the slow line; each such reading ended the
    slowdown, which never lasted ``after_s``, and the GPU was never paged."""
    found = causes(merged(node_records(spec(), 3600), hovering("gpu-node-01", 3600)))
    assert [c for c, _ in found] == ["gpu_throttled"]
    assert found[0][1] <= HOT_FROM + RULES.hypotheses.gpu_throttle.after_s + 120
    # cooled below ``cooled_c`` a few seconds after each slowdown begins, the heat is gone: a
    # clock that low while cool is no heat's (nor held: no utilisation is read)
    cool = merged(node_records(spec(), 3600), hovering("gpu-node-01", 3600, cool_after=HOT_FROM + 15))
    assert "gpu_throttled" not in [c for c, _ in causes(cool)]
