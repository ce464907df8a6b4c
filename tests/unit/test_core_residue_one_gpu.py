"""A residue on one GPU of eight (outsiders s120, s122): a draft model run without tensor
parallelism lives on the first GPU of its server's group, and every interrupted request's draft
state stays there. The node's mean framebuffer then rises by an eighth of what the interrupts
leave, which the residue's consistency check took for too little growth and halved, under the
score that opens an incident."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.wire.records import Record, SampleRecord
from tests.timeline import T0, NodeSpec, S, merged, node_records, opened_incidents

RULES = load_rules()
FAULT = 1800.0
MIB = 1 << 20


def node(residue_gpus: tuple[int, ...], mib_per_interrupt: float) -> list[Record]:
    """Eight GPUs, a steady 1.2 interrupted requests a second from the start; from FAULT the
    interrupts' draft state stays on ``residue_gpus``, ``mib_per_interrupt`` each."""
    spec = NodeSpec(gpus=8, gpu_pct=lambda t: 90.0, aborts_per_s=lambda t: 1.2, spec_decode=True)
    records = merged(node_records(spec, 3600))
    for r in records:
        if isinstance(r, SampleRecord) and r.source == "nvml" and r.gpu in residue_gpus:
            t = (r.ts_ns - T0) / S
            held = max(0.0, t - FAULT) * 1.2 * mib_per_interrupt * MIB
            r.metrics["mem_used_bytes"] += held
            r.metrics["proc_used_bytes"] += held
    return records


def causes(records: list[Record]) -> list[tuple[str, float]]:
    return [(i.cause, (i.opened_ns - T0) / S) for i in opened_incidents(records, RULES)]


def test_a_residue_on_the_draft_model_s_one_gpu_is_paged() -> None:
    found = causes(node((4,), 4.48))
    assert [c for c, _ in found] == ["spec_residue"]
    assert FAULT < found[0][1] < FAULT + 1200


def test_a_residue_on_every_gpu_is_paged_as_before() -> None:
    found = causes(node(tuple(range(8)), 4.48))
    assert [c for c, _ in found] == ["spec_residue"]
