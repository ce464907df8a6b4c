"""Each injected fault changes the mechanism, and the telemetry shows what it would show."""

from __future__ import annotations

from correlator.sim.engine import RESIDUE_BYTES
from tests.unit.test_sim_support import (
    alerts,
    events,
    quiet,
    run,
    samples,
    seconds,
    series,
    window,
)

NODE = "gpu-node-01"
OTHER = "gpu-node-02"


def _mean(points: list[tuple[float, float]]) -> float:
    return sum(v for _, v in points) / len(points)


def test_spec_residue_grows_gpu_memory_by_aborted_requests_times_4_7_mb() -> None:
    start, end = 300.0, 1800.0
    scenario = run(quiet(faults=f"spec_residue@{NODE}:5"))
    assert scenario.fleet[0].spec is not None
    aborted = [
        e for e in events(scenario, NODE, "request_finished")
        if start <= seconds(scenario, e) < end - 5
        and e["attrs"]["finish_reason"] == "abort" and e["attrs"]["generation_tokens"] >= 2
    ]  # fmt: skip
    assert len(aborted) > 200, "the fault raises the interrupt rate"
    for gpu in range(4):
        mem = series(scenario, NODE, "nvml", "mem_used_bytes", gpu)
        growth = _mean(window(mem, end - 15, end)) - _mean(window(mem, start - 15, start))
        expected = len(aborted) * RESIDUE_BYTES
        assert abs(growth - expected) < 0.05 * expected + 60e6, (gpu, growth, expected)
    fb = series(scenario, NODE, "dcgm", "DCGM_FI_DEV_FB_USED", 0)
    assert window(fb, end - 30, end)[-1][1] - window(fb, 0, start)[0][1] > 0.9 * expected / 2**20
    kv = series(scenario, NODE, "vllm", "vllm:kv_cache_usage_perc")
    assert max(v for _, v in kv) < 0.9, "the leak is outside the KV pool"


def test_healthy_gpu_memory_is_flat_whatever_the_kv_cache_holds() -> None:
    scenario = run(quiet(seed=2))
    mem = [v for _, v in series(scenario, NODE, "nvml", "mem_used_bytes", 0)]
    assert max(mem) - min(mem) < 200e6
    kv = [v for _, v in series(scenario, NODE, "vllm", "vllm:kv_cache_usage_perc")]
    assert max(kv) - min(kv) > 0.1


def test_monitoring_gap_silent_vllm_with_a_host_leak_until_the_oom_killer() -> None:
    start = 300.0
    scenario = run(quiet(minutes=60, faults=f"monitoring_gap.silent_host_leak@{NODE}:5"))
    vllm = [r for r in scenario.records if r["node"] == NODE and r["source"] == "vllm"]
    assert vllm and all(seconds(scenario, r) < start + 1 for r in vllm)
    used = series(scenario, NODE, "host", "mem_used_bytes")
    total = samples(scenario, NODE, "host")[0]["metrics"]["mem_total_bytes"]
    rising = window(used, start, start + 900)
    assert (rising[-1][1] - rising[0][1]) / total > 0.15
    kills = events(scenario, NODE, "oom_kill")
    assert kills and kills[0]["attrs"]["process"] == "vllm"
    restarted = [e for e in events(scenario, NODE, "process_start")
                 if e["ts_ns"] > kills[0]["ts_ns"]]  # fmt: skip
    assert restarted
    names = {(a["alert"]["labels"]["alertname"], a["alert"]["labels"]["job"])
             for a in alerts(scenario, NODE)}  # fmt: skip
    assert ("TargetDown", "vllm") in names
    assert ("HostOOMKillDetected", "node-exporter") in names


def test_monitoring_gap_without_the_kv_metric() -> None:
    scenario = run(quiet(nodes=2, minutes=40,
                         faults=f"monitoring_gap.no_kv_metric@{NODE}:5", leak_rate_pct_min=4.0))  # fmt: skip
    mine = samples(scenario, NODE, "vllm")
    assert mine and all("vllm:kv_cache_usage_perc" not in r["metrics"] for r in mine)
    assert all("vllm:num_requests_running" in r["metrics"] for r in mine)
    theirs = samples(scenario, OTHER, "vllm")
    assert all("vllm:kv_cache_usage_perc" in r["metrics"] for r in theirs)
    waiting = series(scenario, NODE, "vllm", "vllm:num_requests_waiting")
    assert max(v for _, v in waiting) > 10, "the leak it cannot see still saturates the pool"
    [label] = scenario.labels
    assert (label.cause, label.detail) == ("monitoring_gap", "no_kv_metric")


def test_xid_79_takes_a_gpu_off_the_bus() -> None:
    start = 600.0
    scenario = run(quiet(minutes=25, faults=f"xid_79@{NODE}:10"))
    gpu = scenario.injections[0].gpu
    assert gpu is not None
    [xid] = events(scenario, NODE, "xid")
    assert xid["gpu"] == gpu and xid["attrs"] == {"xid": 79} and xid["source"] == "nvml"
    nvml = samples(scenario, NODE, "nvml", gpu)
    assert nvml and all(seconds(scenario, r) < start + 1 for r in nvml)
    dcgm_after = [r for r in samples(scenario, NODE, "dcgm", gpu) if seconds(scenario, r) > start]
    assert [r["metrics"] for r in dcgm_after] == [{"DCGM_FI_DEV_XID_ERRORS": 79.0}]
    others = [g for g in range(4) if g != gpu]
    after = [r for r in samples(scenario, NODE, "nvml", others[0]) if seconds(scenario, r) > start + 30]
    assert after and max(r["metrics"]["gpu_util_pct"] for r in after) < 50
    assert not [r for r in samples(scenario, NODE, "vllm") if seconds(scenario, r) > start + 5]
    assert len(events(scenario, NODE, "process_start")) >= 2, "the supervisor keeps trying"
    names = {a["alert"]["labels"]["alertname"] for a in alerts(scenario, NODE)}
    assert {"GPUXidError", "GPUMissing", "TargetDown"} <= names
    [label] = scenario.labels
    assert (label.cause, label.detail, label.gpu) == ("other", "xid_79", gpu)


def test_network_partition_silences_every_source_for_its_window() -> None:
    scenario = run(quiet(nodes=2, minutes=20, faults=f"network_partition@{NODE}:5-9"))
    inside = [r for r in scenario.records
              if r["node"] == NODE and r["source"] != "alert"
              and 301 <= seconds(scenario, r) < 539]  # fmt: skip
    assert inside == []
    after = [r for r in scenario.records if r["node"] == NODE and seconds(scenario, r) > 545]
    assert after
    names = {a["alert"]["labels"]["alertname"] for a in alerts(scenario, NODE)}
    assert {"NodeUnreachable", "TargetDown"} <= names
    served = events(scenario, OTHER, "request_finished")
    before = sum(1 for e in served if 0 <= seconds(scenario, e) < 240)
    during = sum(1 for e in served if 360 <= seconds(scenario, e) < 540)
    assert during / 180 > 1.3 * before / 240, "the gateway moved the traffic"
