"""A slow speculative-decoding residue judged in MB per node, as DESIGN.md states its health
thresholds (healthy below 50 MB per node, a crisis above 200 MB), not only in points of each
framebuffer: on four 80 GB GPUs, 200 MB is 0.06 points of each.

An outsider's recording (bench/outsider s16: 2 % of requests interrupted, about 11 MB a minute
per node) went unpaged for 70 minutes: the slow path asked for 0.1 points over 12 minutes,
about 320 MB on such a node.
"""

from __future__ import annotations

from correlator.config import load_rules
from correlator.core import Engine
from correlator.wire.incidents import Incident
from tests.timeline import T0, NodeSpec, merged, node_records
from tests.unit.test_engine_timelines import healthy

RULES = load_rules()
GIB_MB = 80 * 1024 * 1.048576  # MB in an 80 GiB framebuffer
START = 1800.0


def residue_mb_per_min(mb_per_node: float) -> NodeSpec:
    """Four GPUs, each keeping a quarter of ``mb_per_node`` a minute from minute 30."""
    per_gpu_pct = 100.0 * (mb_per_node / 4) / GIB_MB

    def fb(t: float) -> float:
        return 90.0 + per_gpu_pct * max(0.0, t - START) / 60.0

    return healthy(gpus=4, gpu_pct=fb, spec_decode=True)


def run(spec: NodeSpec, seconds: float) -> list[Incident]:
    eng = Engine(RULES)
    out: list[Incident] = []
    for r in merged(node_records(spec, seconds)):
        out += eng.process(r).incidents
    return out + eng.finish().incidents


def opened(incidents: list[Incident]) -> list[Incident]:
    return list({i.incident_id: i for i in reversed(incidents)}.values())


def test_a_residue_of_12_mb_a_minute_per_node_is_paged_before_it_reaches_200_mb() -> None:
    spec = residue_mb_per_min(12.0)
    spec.aborts_per_s = lambda t: 2.5 / 60  # a steady 2.5 interrupted requests a minute
    first = opened(run(spec, START + 1800))
    assert [i.cause for i in first] == ["spec_residue"]
    at_page = (first[0].opened_ns - T0) / 1e9 - START
    assert at_page > 0 and 12.0 * at_page / 60 < 200.0  # paged before 200 MB were left


def test_the_same_rise_with_no_interrupted_request_is_no_residue() -> None:
    spec = residue_mb_per_min(12.0)
    spec.aborts_per_s = lambda t: 0.0
    assert "spec_residue" not in {i.cause for i in run(spec, START + 1800)}


def test_framebuffer_noise_of_tens_of_mb_is_no_residue() -> None:
    """Allocator noise: the healthy node's framebuffer jitters by 0.2 points (about 160 MB on
    each of four GPUs) for two hours, with interrupts: nothing pages."""
    spec = healthy(gpus=4, spec_decode=True)
    spec.aborts_per_s = lambda t: 2.5 / 60
    assert run(spec, 7200) == []


def test_a_gpu_that_stopped_reporting_does_not_hide_the_others_residue() -> None:
    """GPU 3's NVML goes quiet at minute 10 (no XID, no event): the screen that lets a slow MB
    rise through to the full evaluation judges the GPUs that still report, as the evaluation
    does; a quiet GPU used to stop it for the whole node."""
    spec = residue_mb_per_min(12.0)
    spec.aborts_per_s = lambda t: 2.5 / 60
    recs = [r for r in merged(node_records(spec, START + 1800))
            if not (r.source == "nvml" and r.gpu == 3 and r.ts_ns >= T0 + 600 * 10**9)]
    eng = Engine(RULES)
    out: list[Incident] = []
    for r in recs:
        out += eng.process(r).incidents
    out += eng.finish().incidents
    assert [i.cause for i in opened(out)] == ["spec_residue"]
