"""A framebuffer leak on one server of a node that runs a server per GPU (outsider s209).

A custom logits processor in one server's image kept a tensor per request outside the KV pool:
45 MiB a minute on that server's GPU, a quarter of that on the node's mean over four GPUs,
under the 50 MiB a minute per GPU the steady path asks for, and the servers' ordinary client
cancels, on servers without speculative decoding, made the (weak) residue reading outweigh a
leak by prior. Judged on the server's own framebuffer, and with the residue giving way where
no draft model runs, it is a memory leak on that GPU."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.wire.records import Record, SampleRecord
from tests.timeline import T0, NodeSpec, S, merged, node_records, opened_incidents

RULES = load_rules()
GIB = float(1 << 30)
MIB = float(1 << 20)


def per_gpu_servers(leak_mib_per_min: float, leaking_gpu: int = 2, start: float = 1800.0,
                    spec_decode: bool = False, seconds: float = 3600.0) -> list[Record]:
    """Four GPUs, one vLLM server on each (its records name the GPU), ordinary cancels on
    each (3 a minute); GPU ``leaking_gpu``'s framebuffer grows ``leak_mib_per_min`` from
    ``start``."""
    spec = NodeSpec(gpus=4, gpu_pct=lambda t: 90.0, spec_decode=spec_decode)
    out: list[Record] = []
    seqs = {g: 0 for g in range(4)}
    for r in node_records(spec, seconds):
        t = (r.ts_ns - T0) / S
        if isinstance(r, SampleRecord) and r.source == "nvml" and r.gpu == leaking_gpu:
            grown = leak_mib_per_min * MIB * max(0.0, t - start) / 60.0
            used = r.metrics["mem_used_bytes"] + grown
            out.append(r.model_copy(update={"metrics": {**r.metrics, "mem_used_bytes": used,
                                                        "proc_used_bytes": used * 0.98}}))
        elif isinstance(r, SampleRecord) and r.source == "vllm":
            for g in range(4):
                seqs[g] += 1
                labels = {**(r.labels or {}), "instance": f"10.0.0.7:800{g}"}
                out.append(r.model_copy(update={"gpu": g, "labels": labels, "seq": seqs[g]}))
        else:
            out.append(r)
    return merged(iter(out))


def opened(records: list[Record]) -> list[tuple[str, float, str]]:
    return [(i.cause, (i.opened_ns - T0) / S, i.evidence[0].detail)
            for i in opened_incidents(records, RULES)]


def test_one_servers_leak_on_its_own_gpu_is_a_memory_leak() -> None:
    found = opened(per_gpu_servers(45.0))
    assert [c for c, _, _ in found] == ["memory_leak"]
    _, at, detail = found[0]
    assert "GPU 2" in detail and "not slowing down" in detail
    assert 1800 < at <= 1800 + 1000  # once the 12-minute window is whole


def test_a_flat_fleet_of_servers_pages_nothing() -> None:
    assert opened(per_gpu_servers(0.0)) == []


def test_a_servers_leak_slower_than_half_the_threshold_is_not() -> None:
    assert opened(per_gpu_servers(20.0)) == []


def test_with_a_draft_model_the_residue_reading_keeps_its_weight() -> None:
    """Where the servers run speculative decoding, the same rise beside their cancels is what
    a residue looks like: the residue is not pushed aside by the leak reading."""
    causes = [c for c, _, _ in opened(per_gpu_servers(45.0, spec_decode=True))]
    assert "memory_leak" not in causes
