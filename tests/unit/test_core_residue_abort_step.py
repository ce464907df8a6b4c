"""Interrupts that step up lift the framebuffer to a new level (outsider s81).

A healthy server reclaims an interrupted request's draft state a while after the request ends
(90 s here), so a gateway that cuts its timeout, quadrupling the interrupted requests on every
server, raises each framebuffer by the draft state now awaiting reclaim: a rise over a few
minutes, of about the size the interrupts leave, then a new flat level. It was paged as a
residue on two of the fleet's nodes. A residue keeps rising at the new rate."""

from __future__ import annotations

import dataclasses
import math

from correlator.config import load_rules
from correlator.core import Engine, hypotheses
from correlator.core.features import GpuView, Level, NodeFeatures, PoolView
from correlator.core.trends import NONE, Monotone
from correlator.wire.incidents import Incident
from tests.timeline import NodeSpec, alert, merged, node_records
from tests.unit.test_engine_timelines import healthy

RULES = load_rules()
GPU_MB = 80 * 1024 * 1.048576  # MB in an 80 GiB framebuffer
STEP = 1800.0
BEFORE, AFTER = 1.5 / 60, 6.0 / 60  # interrupted requests per second, before and after the step
RECLAIM_S = 90.0
DRAFT_MB = 4.7


def held_mb(t: float) -> float:
    """Draft state awaiting reclaim on the node (MB): the rate times its lifetime, reaching the
    stepped-up rate's level exponentially."""
    level = BEFORE * DRAFT_MB * RECLAIM_S
    if t > STEP:
        level += (AFTER - BEFORE) * DRAFT_MB * RECLAIM_S * (1 - math.exp(-(t - STEP) / RECLAIM_S))
    return level


def spec(residue_from: float = math.inf) -> NodeSpec:
    """A server on one GPU (as on s81's L40S nodes, one server per GPU); from
    ``residue_from`` none of its draft state is reclaimed."""

    def fb(t: float) -> float:
        kept = AFTER * DRAFT_MB * max(0.0, t - residue_from)
        return 90.0 + 100.0 * (held_mb(t) + kept) / GPU_MB

    s = healthy(gpus=1, gpu_pct=fb, spec_decode=True)
    s.aborts_per_s = lambda t: AFTER if t >= STEP else BEFORE
    return s


def causes(s: NodeSpec, seconds: float) -> list[tuple[str, float]]:
    """Replayed with the abort-rate alert the step fires, re-sent every minute (so the node is
    evaluated as a whole, as the fleet's were)."""
    eng = Engine(RULES)
    out: list[Incident] = []
    alerts = [alert(s.node, t, "VLLMRequestAbortRateHigh") for t in range(int(STEP) + 60, int(seconds), 60)]
    for r in merged(node_records(s, seconds), iter(alerts)):
        out += eng.process(r).incidents
    out += eng.finish().incidents
    first = {i.incident_id: i for i in reversed(out)}.values()
    return [(i.cause, i.opened_ns / 1e9) for i in first]


def test_a_step_in_interrupts_that_settles_at_a_new_level_is_no_residue() -> None:
    assert held_mb(STEP + 600) - held_mb(STEP) > 30  # the framebuffer rose ~32 MB in minutes
    assert causes(spec(), STEP + 1800) == []


def test_a_residue_after_the_step_is_still_found() -> None:
    found = causes(spec(residue_from=STEP + 600), STEP + 2400)
    assert [c for c, _ in found] == ["spec_residue"]


def on_one_server(aborts_then: float) -> NodeFeatures:
    """s81's ts-l40s-03, GPU 1, 160 s after the gateway's timeout cut: its framebuffer rose in
    every pair of the last 3 minutes' half-minute means, by 0.1 points (15 MiB a minute, about
    half of what its 6 interrupted requests a minute leave), which the matched path took for a
    residue; ``aborts_then`` interrupts a minute where that trend began."""
    view = GpuView(gpus=1, level=Level(now=90.59, trend=Monotone(6, 1.0, 0.033, 0.1, 90.55)), slow=NONE,
                   growth_mib_per_min=15.2)
    return one_server(PoolView("GPU 1", view, 6.0, 3600.0, (aborts_then, aborts_then)))


def one_server(pool: PoolView) -> NodeFeatures:
    """A healthy one-GPU node's features an hour after its start, judged on ``pool`` alone
    (a server with a GPU of its own), with speculative decoding on."""
    eng = Engine(RULES)
    for r in merged(node_records(healthy(gpus=1, spec_decode=True), 900)):
        eng.process(r)
    node = next(iter(eng.fleet.nodes.values()))
    f = node.features(eng.fleet.now_ns)
    return dataclasses.replace(f, gpu=None, since_start_s=3600.0, since_resume_s=3600.0, pools=[pool],
                               rates=dataclasses.replace(f.rates, spec_active=True))


def test_the_matched_path_judges_only_the_rise_beyond_a_step_in_interrupts() -> None:
    steady = hypotheses.spec_residue(on_one_server(aborts_then=6.0), RULES, [])
    assert steady.strength >= 0.5  # the same rise at a steady 6 a minute: a residue's start
    stepped = hypotheses.spec_residue(on_one_server(aborts_then=1.5), RULES, [])
    assert stepped.strength == 0.0  # 4.5 more a minute hold ~30 MiB more: 10 of the 15 MiB/min


def burst_start(aborts_then: float, recent: float) -> NodeFeatures:
    """s105's l4-node-05, GPU 1 (an L4, one server per GPU), 2.2 minutes into a retry burst:
    its framebuffer rose ~80 MiB a minute in nearly every pair of the last 3 minutes' means,
    0.9 points in all, with 24.7 interrupted requests a minute over the growth window (the
    quiet minute before the burst counted in), ``recent`` a minute over the last 90 s, and
    ``aborts_then`` where the trend began."""
    view = GpuView(gpus=1, level=Level(now=91.03, trend=Monotone(6, 0.93, 0.37, 0.9, 90.6)), slow=NONE,
                   growth_mib_per_min=80.8)
    return one_server(PoolView("GPU 1", view, 24.7, 3600.0, (aborts_then, aborts_then), recent))


def test_a_bursts_first_minutes_are_judged_at_the_interrupt_rate_of_the_reclaim_time() -> None:
    """s105 and s87: a retry burst's first two minutes were paged as a residue. The growth
    window's mean (24.7 a minute) still counted the quiet time before the burst, so the level
    its interrupts hold (~40 a minute for 90 s: ~270 MiB) was taken for ~160 MiB, and the
    rest of a ~200 MiB rise for residue. The framebuffer holds the draft state of the requests
    interrupted within the reclaim time."""
    def strength(then: float, recent: float) -> float:
        return hypotheses.spec_residue(burst_start(then, recent), RULES, []).strength

    assert strength(0.5, float("nan")) >= 0.5
    assert strength(0.5, 40.0) == 0.0
    # interrupts as many as before: no new level, the same rise is a residue's
    assert strength(24.0, 25.0) >= 0.5
    # fewer in the last 90 s than over the window (a burst ending): the window's mean stands
    assert strength(0.5, 10.0) == strength(0.5, float("nan"))
