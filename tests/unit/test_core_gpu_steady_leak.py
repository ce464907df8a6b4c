"""A framebuffer leak too slow for the points path (outsiders s89, s93).

A cache on the GPU that never evicts (s89: a grammar cache, 120 MiB a minute per GPU; s93: a
driver leaking 60 MiB a minute per GPU) raises an 80 GiB framebuffer by 0.07-0.15 points a
minute, under the 0.3 the points path wants, and was missed until the GPUs ran out. What
tells it from a framebuffer settling after a server start is its pace: memory settling after
a start rises ever more slowly, a leak keeps its pace; and its window must lie after the
warm-up. Judged without that, a first version paged servers refilling after restarts in 16
recordings (reverted)."""

from __future__ import annotations

import dataclasses
import math

from correlator.config import load_rules
from correlator.core import Engine, hypotheses
from correlator.core.features import GpuView, Level
from correlator.core.trends import NONE, Monotone
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


def steady_view(step_mib: float) -> GpuView:
    """Outsider s101's node at minute 31: four GPUs, one of which (a co-located embedding
    server's) rose 4 GiB over the 12-minute window at an even 85 MiB a minute per GPU in
    each third; ``step_mib`` the largest rise between two of its readings."""
    third = Monotone(5, 1.0, 340.0, 1360.0, 0.0)
    return GpuView(gpus=4, level=Level(now=90.3, trend=Monotone(6, 0.8, 0.1, 0.3, 90.2)), slow=NONE,
                   growth_mib_per_min=85.0, slow_mib=Monotone(12, 0.95, 340.0, 4096.0, 0.0),
                   steady_mib=(third, third, third), total_mib=81559.0, steady_step_mib=step_mib)


def test_a_climb_in_a_few_large_steps_is_loading_not_a_leak() -> None:
    """s101: an index loaded in 1 GiB pieces every 3 minutes rose as evenly as a leak, and
    was paged as a framebuffer leak. A leak's allocations are many and small: the largest
    rise between two readings is a sliver of the window's; a load's is a quarter of it."""
    eng = Engine(RULES)
    for r in merged(node_records(NodeSpec(gpus=4), 900)):
        eng.process(r)
    node = next(iter(eng.fleet.nodes.values()))
    f = dataclasses.replace(node.features(eng.fleet.now_ns), since_start_s=3600.0, since_resume_s=3600.0)
    smooth = hypotheses.memory_leak(dataclasses.replace(f, gpu=steady_view(20.0)), RULES, [])
    assert smooth.strength == 1.0 and "not slowing down" in smooth.evidence[0].detail
    pieces = hypotheses.memory_leak(dataclasses.replace(f, gpu=steady_view(1024.0)), RULES, [])
    assert pieces.strength == 0.0


def test_a_leak_read_once_a_minute_is_still_a_leak() -> None:
    """A collector that reads NVML once a minute shows a smooth leak in steps of a minute's
    growth: a twelfth of the window's rise each, not a load in pieces."""
    records = [r for r in merged(node_records(leaking(120.0), 3600))
               if r.source != "nvml" or round((r.ts_ns - T0) / S) % 60 == 0]
    found = causes(records)
    assert [c for c, _ in found] == ["memory_leak"]


def test_a_leak_whose_growth_a_checkpoint_load_hides_holds_its_incident() -> None:
    """Outsider s284: a weight refresh on a node whose framebuffer leak was paged. For the
    twelve minutes the leak's window held the checkpoint's step the growth could not be
    judged; the incident resolved, and the same leak was paged again as a new incident. Its
    framebuffer never fell below where it stood when the incident opened: it holds."""
    base = leaking(120.0).gpu_pct

    def refreshed(t: float) -> float:  # the checkpoint's 3 GiB per GPU for two minutes at 60 min
        return base(t) + (100.0 * 3072 / GPU_MIB if 3600.0 <= t < 3720.0 else 0.0)

    spec = NodeSpec(gpus=4, gpu_pct=refreshed)
    eng = Engine(RULES)
    out = [i for r in merged(node_records(spec, 6000)) for i in eng.process(r).incidents]
    out += eng.finish().incidents
    assert len({i.incident_id for i in out}) == 1 and out[0].cause == "memory_leak"
    assert [i.status for i in out if i.status == "resolved"] == []


def small_gpu_view(total_mib: float, now_pct: float) -> GpuView:
    """Outsider s306's gk-l4-04 at minute 48: a one-GPU server's framebuffer rising an even
    30 MiB a minute over the 12-minute window (no speculative decoding), ``now_pct`` of
    ``total_mib`` in use."""
    third = Monotone(5, 1.0, 30.0, 120.0, 0.0)
    return GpuView(gpus=1, level=Level(now=now_pct, trend=Monotone(6, 0.8, 0.13, 0.4, now_pct)), slow=NONE,
                   growth_mib_per_min=30.0, slow_mib=Monotone(12, 1.0, 30.0, 330.0, 0.0),
                   steady_mib=(third, third, third), total_mib=total_mib, steady_step_mib=5.0)


def test_a_slow_leak_into_a_small_gpus_headroom_is_a_memory_leak() -> None:
    """s306: an L4 server's leak, 30 MiB a minute (under the 50 of the steady path) into the
    ~1.8 GiB its pool leaves, ran out 30 minutes on (CUDA out of memory) and was never paged.
    As on the host, a slower rise counts where what is left runs out within the hour; on an
    80 GiB GPU the same rise leaves hours, and is what it was (a fifth of the strength)."""
    eng = Engine(RULES)
    for r in merged(node_records(NodeSpec(gpus=1), 900)):
        eng.process(r)
    node = next(iter(eng.fleet.nodes.values()))
    f = dataclasses.replace(node.features(eng.fleet.now_ns), since_start_s=3600.0, since_resume_s=3600.0)
    f = dataclasses.replace(f, rates=dataclasses.replace(f.rates, spec_absent=True))
    l4 = hypotheses.memory_leak(dataclasses.replace(f, gpu=small_gpu_view(23034.0, 92.3)), RULES, [])
    assert l4.strength >= RULES.incidents.open_score
    h100 = hypotheses.memory_leak(dataclasses.replace(f, gpu=small_gpu_view(81559.0, 92.3)), RULES, [])
    assert h100.strength < RULES.incidents.open_score
    far = hypotheses.memory_leak(dataclasses.replace(f, gpu=small_gpu_view(23034.0, 70.0)), RULES, [])
    assert far.strength < RULES.incidents.open_score  # hours of headroom left
