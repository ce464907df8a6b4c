"""A node its cluster holds NotReady (outsider s218).

containerd hung on a node: its kubelet's pod lifecycle relists stalled (KubeletPlegDurationHigh)
and, 15 minutes after the kubelet stopped reporting, kube-prometheus's KubeNodeNotReady fired (a
warning). The node's pods left the endpoints; its vLLM ran on, idle, and its GPUs and host read
as healthy. Nothing paged: no critical alert, no telemetry symptom."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.core.engine import Engine
from correlator.wire.records import Record
from tests.timeline import T0, NodeSpec, S, alert, merged, node_records, opened_incidents

RULES = load_rules()
HANG, NOT_READY, FIXED, END = 600.0, 1500.0, 2400.0, 3600.0


def hung(alertname: str = "KubeNodeNotReady") -> list[Record]:
    """The node serves until the hang, then runs idle; the kubelet's warnings fire each minute
    (PLEG from the hang, NotReady from 15 minutes later) until the runtime is restarted."""
    spec = NodeSpec(running=lambda t: 12.0 if t < HANG or t >= FIXED else 0.0)
    warnings = [alert("gpu-node-01", t, "KubeletPlegDurationHigh") for t in range(int(HANG), int(FIXED), 60)]
    warnings += [alert("gpu-node-01", t, alertname) for t in range(int(NOT_READY), int(FIXED), 60)]
    warnings.append(alert("gpu-node-01", FIXED, alertname, status="resolved"))
    return merged(node_records(spec, END), iter(warnings), node_records(NodeSpec(node="gpu-node-02"), END))


def test_a_node_held_not_ready_pages_as_such_and_resolves_once_ready() -> None:
    eng = Engine(RULES)
    records = []
    for r in hung():
        records += eng.process(r).incidents
    records += eng.finish().incidents
    assert {(i.cause, tuple(i.nodes)) for i in records} == {("node_not_ready", ("gpu-node-01",))}
    first = records[0]
    assert first.status == "open" and NOT_READY <= (first.opened_ns - T0) / S < NOT_READY + 300
    assert first.evidence[0].value == "KubeNodeNotReady"
    resolved = [i for i in records if i.status == "resolved"]
    assert len(resolved) == 1 and (resolved[0].resolved_ns or 0) > at_s(FIXED)


def at_s(t: float) -> int:
    return T0 + int(t * S)


def test_the_kubelets_slow_relists_alone_do_not_page() -> None:
    """Warnings that name no cause (PLEG relists slow, as during heavy image pulls) stay in the
    storm grouping."""
    assert opened_incidents(hung(alertname="KubeletTooManyPods"), RULES) == []


def test_without_the_pattern_nothing_pages() -> None:
    g = RULES.alert_grouping.model_copy(update={"node_not_ready_alerts": ""})
    assert opened_incidents(hung(), RULES.model_copy(update={"alert_grouping": g})) == []
