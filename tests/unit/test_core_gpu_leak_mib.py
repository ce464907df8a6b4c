"""A framebuffer leak with no draft model behind it, judged in MiB per node (outsider s89):
a grammar cache on the GPU that never evicts takes 120 MiB a minute on each of four 80 GB
GPUs, 0.15 points a minute, under the 0.3 points a minute the memory-leak path asked for; it
went unpaged until CUDA ran out of memory an hour later. A residue's few MiB a minute, which
the interrupted requests account for, is left to the residue paths."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.core import Engine
from correlator.wire.incidents import Incident
from tests.timeline import T0, NodeSpec, merged, node_records
from tests.unit.test_engine_timelines import healthy

RULES = load_rules()
GPU_MB = 80 * 1024 * 1.048576  # MB in an 80 GiB framebuffer
START = 1800.0


def leaking(mb_per_min_per_gpu: float) -> NodeSpec:
    def fb(t: float) -> float:
        return 90.0 + 100.0 * mb_per_min_per_gpu * max(0.0, t - START) / 60 / GPU_MB

    spec = healthy(gpus=4, gpu_pct=fb)
    spec.aborts_per_s = lambda t: 1.0 / 60
    return spec


def opened(spec: NodeSpec, seconds: float) -> list[Incident]:
    eng = Engine(RULES)
    out: list[Incident] = []
    for r in merged(node_records(spec, seconds)):
        out += eng.process(r).incidents
    out += eng.finish().incidents
    return list({i.incident_id: i for i in reversed(out)}.values())


def test_a_framebuffer_leak_of_120_mib_a_minute_per_gpu_is_paged_as_a_leak() -> None:
    got = opened(leaking(125.8), START + 1500)  # 120 MiB
    assert [i.cause for i in got] == ["memory_leak"]
    assert got[0].evidence[0].signal == "gpu_memory_rise_mib"
    assert START < (got[0].opened_ns - T0) / 1e9 <= START + 15 * 60  # within its 12-minute window


def test_a_few_mib_a_minute_is_not_this_leak() -> None:
    assert opened(leaking(5.0), START + 1500) == []
