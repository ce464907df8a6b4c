"""Alerts that name a node by another form of its host name than its telemetry does (outsider
s154): Kubernetes knows some nodes by their fully qualified name, which their alerts carry,
while the node agent reports the short host name (or the reverse). The alerts are the node's,
not those of a node that sends no telemetry (which read as a monitoring gap)."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.core import Engine
from correlator.core.hosts import short_host
from correlator.wire.records import Record
from tests.timeline import NodeSpec, alert, merged, node_records

RULES = load_rules()
STORM = ("VLLMHighTTFT", "GatewayHigh5xx", "NodeMemoryHigh", "VLLMQueueLong")


def run(telemetry_name: str, alert_name: str) -> tuple[Engine, list[str]]:
    alerts: list[Record] = [alert(alert_name, float(t), name, severity="critical")
                            for t in range(1500, 2700, 60) for name in STORM]
    eng = Engine(RULES)
    causes = []
    for r in merged(node_records(NodeSpec(node=telemetry_name), 2700), iter(alerts)):
        causes += [i.cause for i in eng.process(r).incidents if i.status == "open"]
    causes += [i.cause for i in eng.finish().incidents if i.status == "open"]
    return eng, causes


def test_alerts_under_the_fqdn_of_a_node_reporting_its_short_name_are_that_nodes() -> None:
    eng, causes = run("gpu-node-05", "gpu-node-05.gpu.fra2.example.net")
    assert "gpu-node-05.gpu.fra2.example.net" not in eng.fleet.nodes
    assert len(eng.fleet.nodes["gpu-node-05"].alerts.alerts) == len(STORM)
    assert "monitoring_gap" not in causes  # (the node's telemetry is there)


def test_alerts_under_the_short_name_of_a_node_reporting_its_fqdn_are_that_nodes() -> None:
    eng, _ = run("gpu-node-05.gpu.fra2.example.net", "gpu-node-05")
    assert "gpu-node-05" not in eng.fleet.nodes
    assert len(eng.fleet.nodes["gpu-node-05.gpu.fra2.example.net"].alerts.alerts) == len(STORM)


def test_alerts_for_a_host_no_telemetry_names_keep_their_name() -> None:
    eng, _ = run("gpu-node-05", "gpu-node-06.gpu.fra2.example.net")
    assert "gpu-node-06.gpu.fra2.example.net" in eng.fleet.nodes
    assert short_host("10.51.241.175") is None  # an address is no host name
