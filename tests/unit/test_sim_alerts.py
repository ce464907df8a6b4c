"""Prometheus-style alerting: rule set, ``for:``, re-sends, resolution, Alertmanager shape."""

from __future__ import annotations

import itertools
from collections import defaultdict
from datetime import datetime

from correlator.sim.alerts import RESEND_S, rfc3339
from correlator.sim.rules import RULES
from tests.unit.test_sim_support import alerts, quiet, run, seconds

NODE = "gpu-node-01"


def _parse(stamp: str) -> float:
    return datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()


def test_rule_set_is_typical_and_distinct() -> None:
    names = [r.name for r in RULES]
    assert 40 <= len(names) <= 50 and len(set(names)) == len(names)
    assert {r.severity for r in RULES} == {"info", "warning", "critical"}
    assert {"vllm", "dcgm-exporter", "node-exporter", "inference-gateway"} <= {r.job for r in RULES}


def test_healthy_fleet_is_quiet() -> None:
    scenario = run(quiet(nodes=2, minutes=30, seed=3))
    firing = [r for r in scenario.records if r["kind"] == "alert"]
    assert len({r["alert"]["labels"]["alertname"] for r in firing}) <= 2


def test_alerts_are_resent_while_firing_and_resolved_once() -> None:
    scenario = run(quiet(minutes=25, faults=f"xid_79@{NODE}:10"))
    sent: dict[tuple[tuple[str, str], ...], list[dict[str, object]]] = defaultdict(list)
    for record in alerts(scenario, NODE, "firing") + alerts(scenario, NODE, "resolved"):
        sent[tuple(sorted(record["alert"]["labels"].items()))].append(record)
    assert len(sent) >= 5
    for records in sent.values():
        records.sort(key=lambda r: r["ts_ns"])  # type: ignore[arg-type, return-value]
        firing = [r for r in records if r["alert"]["status"] == "firing"]  # type: ignore[index]
        resolved = [r for r in records if r["alert"]["status"] == "resolved"]  # type: ignore[index]
        assert len(resolved) <= 1 and firing
        starts = {r["alert"]["startsAt"] for r in firing}  # type: ignore[index]
        assert len(starts) == 1
        times = [seconds(scenario, r) for r in firing]  # type: ignore[arg-type]
        assert all(abs(b - a - RESEND_S) < 1 for a, b in itertools.pairwise(times))
        for r in firing:
            body = r["alert"]
            assert _parse(body["endsAt"]) - (r["ts_ns"] / 1e9) > 200  # type: ignore[index, operator]
        if resolved:
            body = resolved[0]["alert"]
            assert abs(_parse(body["endsAt"]) - resolved[0]["ts_ns"] / 1e9) < 1  # type: ignore[index, operator]


def test_alertmanager_shape() -> None:
    scenario = run(quiet(minutes=25, faults=f"xid_79@{NODE}:10"))
    record = alerts(scenario, NODE)[0]
    body = record["alert"]
    assert record["source"] == "alert" and record["node"] == NODE and "seq" not in record
    labels = body["labels"]
    assert {"alertname", "node", "instance", "job", "severity"} <= set(labels)
    assert labels["node"] == NODE
    assert body["annotations"]["summary"]
    assert body["generatorURL"].startswith("http://")
    gpu_alerts = [a for a in alerts(scenario, NODE) if "gpu" in a["alert"]["labels"]]
    assert all(a["gpu"] == int(a["alert"]["labels"]["gpu"]) for a in gpu_alerts)


def test_rfc3339_keeps_nanoseconds() -> None:
    assert rfc3339(1_709_542_800_000_000_000, 1.5) == "2024-03-04T09:00:01.500000000Z"
