"""Defects the eighth outsider's recordings showed (bench/outsider s34, s37): a remapped row taken
for a GPU failure, a server loading on a spare node taken for a monitoring gap."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.wire.records import Record
from tests.timeline import T0, NodeSpec, S, merged, node_records, opened_incidents

RULES = load_rules()


def causes(records: list[Record]) -> list[tuple[str, list[str], float]]:
    return [(i.cause, i.nodes, (i.opened_ns - T0) / S) for i in opened_incidents(records, RULES)]


def xid_at(t: float, xid: int) -> tuple[float, str, str, dict[str, object]]:
    return (t, "nvml", "xid", {"xid": xid})


def test_a_row_marked_for_remapping_is_no_gpu_failure_but_an_ecc_error_before_it_is() -> None:
    """s37: XID 63 (a row marked for remapping: error containment covers it until the next
    reset) after a correctable error paged a GPU failure on a healthy node; and a contained
    ECC error (XID 94) is followed by the 63 of its remap, which must not hide it."""
    remap_only = NodeSpec(extra_events=[xid_at(1200, 63)])
    assert causes(merged(node_records(remap_only, 1800))) == []
    ecc = NodeSpec(extra_events=[xid_at(1200, 94), xid_at(1201, 63)])
    found = causes(merged(node_records(ecc, 1800)))
    assert [(c, n) for c, n, _ in found] == [("gpu_failure", ["gpu-node-01"])]
    assert 1200 <= found[0][2] <= 1240


def loading(start: float) -> NodeSpec:
    """A spare node with no vLLM until a rescheduled server starts on it at ``start``: host
    memory climbs 2.5 points a minute for four minutes as it loads its weights."""
    return NodeSpec(node="spare-01", kv_pct=None,
                    host_pct=lambda t: 20.0 + 2.5 * min(max(0.0, t - start), 240.0) / 60.0,
                    extra_events=[(start, "host", "process_start", {"process": "vllm"})])


def test_a_server_loading_on_a_spare_node_is_no_monitoring_gap() -> None:
    """s34: the spare node that took a rescheduled pod had no vLLM metrics before it (the
    fleet's other nodes do) and its host memory grew as the new server loaded: a monitoring
    gap was paged. Host memory growth within ``warmup_s`` of a server's start is loading."""
    peer = NodeSpec(node="peer-01")
    with_start = merged(node_records(loading(1800), 2400), node_records(peer, 2400))
    assert causes(with_start) == []
    no_start = loading(1800)
    no_start.extra_events = []  # the same growth with no server starting: still judged
    without = merged(node_records(no_start, 2400), node_records(peer, 2400))
    assert [c for c, n, _ in causes(without) if n == ["spare-01"]] == ["monitoring_gap"]


def rss_leak(t: float) -> float:
    """Host memory of a server whose RSS leaks (1.75 points of host memory a minute) from
    minute 5; the OOM killer takes it at minute 25, it restarts, and the leak starts again."""
    since = t - 300.0 if t < 1500 else t - 1505.0
    return 20.0 + 3.5 * max(0.0, since) / 60.0


def test_a_server_restarted_after_the_oom_killer_is_not_loading() -> None:
    """s33: the OOM killer took a leaking server, which restarted and grew again; taking that
    growth for a server loading let the leak's incident resolve during the warm-up, and the
    leak was paged a second time after it."""
    leak = NodeSpec(host_pct=rss_leak, extra_events=[(1500.0, "host", "oom_kill", {"process": "vllm"}),
                                                      (1505.0, "host", "process_start", {"process": "vllm"})])
    found = causes(merged(node_records(leak, 2700)))
    assert [c for c, _, _ in found] == ["memory_leak"], found


def crash_looping(process: str) -> list[Record]:
    """A node whose ``process`` is OOM-killed every ten minutes and comes back 90 s later;
    its NVML readings (the exporter's) stop meanwhile."""
    kills = [float(t) for t in range(300, 2700, 600)]
    spec = NodeSpec(extra_events=[(t, "host", "oom_kill", {"process": process}) for t in kills])
    return [r for r in merged(node_records(spec, 2700))
            if not (r.source == "nvml" and any(0 <= (r.ts_ns - T0) / S - t < 90 for t in kills))]


def test_an_exporter_killed_by_its_memory_limit_is_no_symptom_of_the_node() -> None:
    """s42: dcgm-exporter crash-looping under its container's memory limit (a host oom_kill
    naming it, a 30-60 s hole in its readings) paged a monitoring gap on two healthy nodes. The
    OOM killer taking a process that watches the node (``benign.monitoring_processes``) is
    the exporter's trouble, not a symptom of the node's work; the serving process is."""
    assert causes(crash_looping("dcgm-exporter")) == []
    assert [c for c, _, _ in causes(crash_looping("vllm"))] == ["monitoring_gap"]
