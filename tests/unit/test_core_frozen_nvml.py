"""An NVML reader that republishes a stale snapshot under fresh timestamps (outsider s347: a
node agent's canary whose NVML reader died; its samples went on, each carrying the values
read before). DCGM's exporter reads the same framebuffer and shows what happens; where NVML
has read the very same bytes for minutes while DCGM's reading moved, the node's framebuffer
is judged on DCGM."""

from __future__ import annotations

from collections.abc import Iterator

from correlator.config import load_rules
from correlator.core import Engine
from correlator.core.nodestate import FROZEN_MOVES, FROZEN_NS, GpuTrack
from correlator.wire.incidents import Incident
from correlator.wire.records import Record, SampleRecord
from tests.timeline import T0, NodeSpec, merged, node_records
from tests.unit.test_engine_timelines import healthy

RULES = load_rules()
MIB = 1024**2
START = 1800.0  # the residue from minute 30
FROZEN_AT = 900.0  # the NVML reader dies at minute 15


def residue() -> NodeSpec:
    """Four GPUs each keeping 1.5 GiB of draft state over an hour, from minute 30."""
    per_min_pct = 100.0 * 1.5 / 80 / 60

    def fb(t: float) -> float:
        return 90.0 + per_min_pct * max(0.0, t - START) / 60.0

    spec = healthy(gpus=4, gpu_pct=fb, spec_decode=True)
    spec.aborts_per_s = lambda t: 0.15 if t >= START else 0.02  # a client cancelling from minute 30
    return spec


def with_dcgm(records: Iterator[Record], frozen: bool) -> Iterator[Record]:
    """Each NVML sample followed by DCGM's reading of the same framebuffer (MiB); with
    ``frozen``, NVML's readings from FROZEN_AT on repeat the first one taken then."""
    stale: dict[int | None, dict[str, float]] = {}
    seq: dict[int | None, int] = {}
    for r in records:
        if isinstance(r, SampleRecord) and r.source == "nvml":
            used = r.metrics["mem_used_bytes"]
            total = r.metrics["mem_total_bytes"]
            seq[r.gpu] = seq.get(r.gpu, 0) + 1  # (one sequence per GPU, as the contract numbers them)
            yield SampleRecord(v=1, ts_ns=r.ts_ns, node=r.node, source="dcgm", kind="sample", gpu=r.gpu,
                               seq=seq[r.gpu], metrics={"DCGM_FI_DEV_FB_USED": float(round(used / MIB)),
                                                 "DCGM_FI_DEV_FB_FREE": float(round((total - used) / MIB))})
            if frozen and (r.ts_ns - T0) / 1e9 >= FROZEN_AT:
                r = r.model_copy(update={"metrics": stale.setdefault(r.gpu, r.metrics)})
        yield r


def run(frozen: bool, seconds: float = START + 2400) -> list[Incident]:
    eng = Engine(RULES)
    out: list[Incident] = []
    for r in merged(with_dcgm(node_records(residue(), seconds), frozen)):
        out += eng.process(r).incidents
    return [i for i in out + eng.finish().incidents if i.status == "open"]


def test_a_residue_that_dcgm_shows_is_found_while_nvml_repeats_a_stale_snapshot() -> None:
    live = run(frozen=False)
    stale = run(frozen=True)
    assert [i.cause for i in live] == ["spec_residue"]
    assert [i.cause for i in stale] == ["spec_residue"]
    assert abs(stale[0].opened_ns - live[0].opened_ns) <= 300 * 10**9


def test_nvml_is_frozen_only_while_dcgm_moves() -> None:
    g = GpuTrack(8)
    step = 15 * 10**9

    def nvml(ts: int, pct: float) -> None:
        g.note_nvml(ts, pct)
        g.nvml_pct.observe(ts, pct)

    def dcgm(ts: int, pct: float) -> None:
        g.note_dcgm(pct)
        g.dcgm_pct.observe(ts, pct)

    for k in range(int(2 * FROZEN_NS / step)):  # both flat, as a preallocated pool keeps them
        ts = k * step
        nvml(ts, 90.0)
        dcgm(ts, 90.0)
    assert not g.nvml_frozen() and g.best_pct() is g.nvml_pct
    for j in range(FROZEN_MOVES):  # DCGM moves, NVML reads the same bytes
        dcgm(ts, 90.0 + 0.01 * (j + 1))
    assert g.nvml_frozen() and g.best_pct() is g.dcgm_pct
    nvml(ts + step, 90.1)  # NVML moves again: trusted again
    assert not g.nvml_frozen() and g.best_pct() is g.nvml_pct
