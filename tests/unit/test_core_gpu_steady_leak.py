"""A framebuffer leak too slow for the points path (outsiders s89, s93).

A cache on the GPU that never evicts (s89: a grammar cache, 120 MiB a minute per GPU; s93: a
driver leaking 60 MiB a minute per GPU) raises an 80 GiB framebuffer by 0.07-0.15 points a
minute, under the 0.3 the points path wants, and was missed until the GPUs ran out. What
tells it from a framebuffer settling after a server start is its pace: memory settling after
a start rises ever more slowly, a leak keeps its pace; and its window must lie after the
warm-up. Judged without that, a first version paged servers refilling after restarts in 16
recordings (reverted)."""

from __future__ import annotations

import math

from correlator.config import load_rules
from correlator.wire.records import Record
from tests.timeline import T0, NodeSpec, S, merged, node_records, opened_incidents

RULES = load_rules()
GPU_MIB = 80 * 1024.0


def causes(records: list[Record]) -> list[tuple[str, float]]:
    return [(i.cause, (i.opened_ns - T0) / S) for i in opened_incidents(records, RULES)]


def leaking(mib_per_min: float, start: float = 1800.0) -> NodeSpec:
    """A tensor-parallel node without speculative decoding whose framebuffers grow by
    ``mib_per_min`` each from ``start``."""
    return NodeSpec(gpus=4, gpu_pct=lambda t: 90.0 + 100.0 * mib_per_min * max(0.0, t - start) / 60 / GPU_MIB)


def test_a_slow_framebuffer_leak_is_a_memory_leak() -> None:
    found = causes(merged(node_records(leaking(120.0), 3600)))
    assert [c for c, _ in found] == ["memory_leak"]
    assert found[0][1] - 1800 <= 1000  # judged over the 12-minute window, once it is whole


def test_one_slower_than_the_threshold_is_not() -> None:
    assert causes(merged(node_records(leaking(15.0), 3600))) == []


def settling(start: float, tau_s: float, mib: float) -> NodeSpec:
    """A server started at ``start`` whose framebuffers settle ``mib`` higher, approached
    exponentially with time constant ``tau_s`` (an allocator's segments, captured graphs)."""
    def pct(t: float) -> float:
        return 90.0 + 100.0 * mib * (1 - math.exp(-max(0.0, t - start) / tau_s)) / GPU_MIB

    return NodeSpec(gpus=4, gpu_pct=pct,
                    extra_events=[(start, "host", "process_start", {"process": "vllm"})])


def test_a_framebuffer_settling_after_a_start_is_no_leak() -> None:
    """Settling 6 GiB higher per GPU with a 15-minute time constant: 400 MiB a minute at
    first, still 90 MiB a minute 22 minutes on, when the window first lies after the
    warm-up; but slowing down in every third of it."""
    assert causes(merged(node_records(settling(1200.0, 900.0, 6 * 1024.0), 4800))) == []


def test_the_same_leak_within_the_warm_up_waits_for_the_window_after_it() -> None:
    """A leak that begins with its server's start is judged once the window lies after the
    warm-up (10 minutes, then the 12-minute window)."""
    spec = leaking(120.0, start=1200.0)
    spec.extra_events = [(1200.0, "host", "process_start", {"process": "vllm"})]
    found = causes(merged(node_records(spec, 3600)))
    assert [c for c, _ in found] == ["memory_leak"]
    assert found[0][1] >= 1200 + 600 + 660
