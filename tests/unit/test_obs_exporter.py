"""Scrape-time families and shell counters (correlator.obs.exporter, .counters): an embedded
engine fed a recorded timeline, exposed as Prometheus text and read back with its parser."""

from __future__ import annotations

import pytest
from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.parser import text_string_to_metric_families

from correlator.config import load_rules
from correlator.core.engine import Engine
from correlator.obs import catalog
from correlator.obs.counters import EngineCounters
from correlator.obs.exporter import EngineCollector, EngineView, Partition
from correlator.obs.reasons import reason_class
from correlator.obs.tracker import FleetTracker
from correlator.wire.decode import Rejected
from tests import stream_recording

RULES = load_rules()
Samples = dict[str, list[tuple[dict[str, str], float]]]


def scrape(registry: CollectorRegistry) -> Samples:
    out: Samples = {}
    for fam in text_string_to_metric_families(generate_latest(registry).decode()):
        for s in fam.samples:
            out.setdefault(s.name, []).append((s.labels, s.value))
    return out


@pytest.fixture(scope="module")
def exposed() -> tuple[Samples, Samples]:
    """(half-way through the timeline, at its end) with a registry like a worker's."""
    records = stream_recording.records()
    engine, tracker, registry = Engine(RULES), FleetTracker(), CollectorRegistry()
    counters = EngineCounters(registry)
    registry.register(EngineCollector(lambda: EngineView(
        RULES, [Partition("0", engine.fleet, engine.fleet.now_ns)], [engine.book], tracker)))
    half: Samples = {}
    for i in range(0, len(records), 500):
        batch = records[i : i + 500]
        counters.records(batch)
        tracker.observe_many(batch)
        out = engine.process_batch(batch)
        for inc in out.incidents:
            counters.incident(inc)
        for a in out.actions:
            counters.action(a)
        if not half and engine.fleet.max_ns > stream_recording.T0 + int(2000 * 1e9):
            half = scrape(registry)
    return half, scrape(registry)


def test_every_exposed_sample_is_in_the_catalog(exposed: tuple[Samples, Samples]) -> None:
    half, end = exposed
    names = {n for n in half | end if not n.endswith("_created")}
    assert names <= catalog.sample_names(), names - catalog.sample_names()


def test_counters_add_up_to_what_went_through(exposed: tuple[Samples, Samples]) -> None:
    _, end = exposed
    records = stream_recording.records()
    by_source = {lab["source"]: v for lab, v in end["correlator_records_total"]}
    assert sum(by_source.values()) == len(records)
    assert by_source["alert"] == 20
    assert {lab["status"] for lab, _ in end["correlator_alerts_total"]} == {"firing"}
    opened = {lab["cause"]: v for lab, v in end["correlator_incidents_opened_total"]}
    assert opened == {"session_isolation": 1.0, "spec_residue": 1.0, "node_unreachable": 1.0}


def test_state_gauges_show_the_fleet_mid_stream(exposed: tuple[Samples, Samples]) -> None:
    half, _ = exposed
    assert half["correlator_nodes_tracked"] == [({}, 5.0)]
    [(labels, lag)] = half["correlator_watermark_lag_seconds"]
    assert labels == {"partition": "0"} and 0 <= lag <= 60
    active = {(lab["node"], lab["cause"]) for lab, _ in half["correlator_node_incident_active"]}
    assert ("gpu-a", "session_isolation") in active
    scores = {(lab["node"], lab["cause"]): v for lab, v in half["correlator_hypothesis_score"]}
    assert scores[("gpu-a", "session_isolation")] >= RULES.incidents.open_score
    assert all(0.0 <= v <= 1.0 for _, v in half["correlator_detector_score"])
    kv = {lab["node"]: v for lab, v in half["kv_cache_usage_ratio"]}
    # gpu-b fell silent at 1500 s: its last KV reading is not a level any more
    assert set(kv) == {"gpu-a", "gpu-c", "gpu-d", "gpu-e"} and all(0 < v < 1 for v in kv.values())
    assert {lab["node"] for lab, _ in half["kv_cache_usage_growth_ratio_per_second"]} == set(kv)
    # gpu-a leaks 3 pp/min on top of its saw-tooth since 1500 s: its troughs rose, gpu-c's did not
    unreleased = {lab["node"]: v for lab, v in half["kv_cache_unreleased_ratio"]}
    assert unreleased["gpu-a"] > 0.05 > 0.01 > unreleased["gpu-c"]
    assert {lab["node"] for lab, _ in half["gpu_framebuffer_used_ratio"]} >= {"gpu-a", "gpu-d"}


def test_open_incidents_by_cause(exposed: tuple[Samples, Samples]) -> None:
    _, end = exposed
    assert {lab["cause"] for lab, _ in end["correlator_incidents_open"]} == {
        "session_isolation", "spec_residue", "node_unreachable"}


@pytest.mark.parametrize(("reason", "cls"), [
    ("late: event time is behind node n's watermark", "late"),
    ("overflow: node n already holds 20000 records", "overflow"),
    ("invalid JSON: unexpected character", "invalid_json"),
    ("message of 2000000 bytes exceeds the 1048576-byte limit", "too_large"),
    ("batch mixes nodes ['a', 'b']; a batch holds one node's records", "mixed_batch"),
    ("control message: unknown kind", "control"),
    ("internal error: ValueError: x", "internal_error"),
    ("ts_ns: Input should be a valid integer", "invalid_record"),
])
def test_dead_letters_are_counted_by_reason_class(reason: str, cls: str) -> None:
    assert reason_class(reason) == cls
    registry = CollectorRegistry()
    EngineCounters(registry).rejected(Rejected("x", reason, b""))
    assert scrape(registry)["correlator_deadletters_total"] == [({"reason": cls}, 1.0)]
