"""A node that comes back from a reboot without its GPUs (outsider s205).

kured rebooted nodes into a new kernel whose headers the platform's apt mirror lacked: the GPU
operator's driver container could not build its modules, so the agent's NVML collector found
no library, dcgm-exporter never left its init and vLLM's pod could not be scheduled. The host's
readings came back; nothing of the GPUs did, and nothing paged."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.wire.records import Record
from tests.timeline import T0, NodeSpec, S, merged, node_records, opened_incidents

RULES = load_rules()
DOWN, BACK = 600.0, 1020.0
"""The node reboots at ``DOWN`` (every source silent) and its agent is back at ``BACK``."""


def rebooted(gpus_back: float | None, host_gap: bool = True, seconds: float = 3000.0) -> list[Record]:
    """A node drained (nothing running) before its reboot, in a fleet with a healthy peer (whose
    readings tell the time while it is quiet); its GPU sources and vLLM come back at
    ``gpus_back`` (None: never)."""
    spec = NodeSpec(gpus=2, running=lambda t: 10.0 if t < DOWN - 120 else 0.0)
    out = []
    for r in node_records(spec, seconds):
        t = (r.ts_ns - T0) / S
        gpu_side = r.source in ("nvml", "dcgm", "vllm")
        if DOWN <= t < BACK and (gpu_side or host_gap):
            continue
        if gpu_side and t >= BACK and (gpus_back is None or t < gpus_back):
            continue
        out.append(r)
    return merged(iter(out), node_records(NodeSpec(node="gpu-node-02", gpus=2), seconds))


def opened(records: list[Record]) -> list[tuple[str, float, float]]:
    return [(i.cause, (i.opened_ns - T0) / S, (i.first_evidence_ns - T0) / S)
            for i in opened_incidents(records, RULES)]


def test_a_node_back_without_its_gpus_is_paged() -> None:
    found = opened(rebooted(gpus_back=None))
    assert [c for c, *_ in found] == ["gpus_unavailable"]
    _, at_s, onset = found[0]
    assert onset == BACK
    after = RULES.hypotheses.gpus_unavailable.after_s
    assert BACK + after <= at_s <= BACK + after + 60


def test_a_reboot_whose_driver_loads_in_minutes_pages_nothing() -> None:
    assert opened(rebooted(gpus_back=BACK + 340)) == []


def test_gpu_sources_silent_without_a_reboot_are_not_this() -> None:
    """The host never went quiet: no reboot, so no driver that failed to load after one."""
    assert "gpus_unavailable" not in [c for c, *_ in opened(rebooted(gpus_back=None, host_gap=False))]
