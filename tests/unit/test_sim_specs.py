"""``--faults``/``--benign`` parsing and the schedule it resolves to."""

from __future__ import annotations

import re

import pytest
from pydantic import ValidationError

from correlator.sim import SimConfig, Simulation, SpecError, parse_specs
from correlator.sim.specs import BENIGN_CAUSES, FAULT_CAUSES, InjectSpec


def test_full_item() -> None:
    [spec] = parse_specs("session_isolation@gpu-node-02:10-40", FAULT_CAUSES, "--faults")
    assert spec == InjectSpec("session_isolation", None, "gpu-node-02", 10.0, 40.0)
    assert spec.render() == "session_isolation@gpu-node-02:10-40"


def test_partial_items_leave_the_rest_to_the_seed() -> None:
    specs = parse_specs("spec_residue:20, xid_79, monitoring_gap.no_kv_metric@n1",
                        FAULT_CAUSES, "--faults")  # fmt: skip
    assert specs == [
        InjectSpec("spec_residue", None, None, 20.0, None),
        InjectSpec("xid_79"),
        InjectSpec("monitoring_gap", "no_kv_metric", "n1"),
    ]


def test_empty_list() -> None:
    assert parse_specs("", BENIGN_CAUSES, "--benign") == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("bogus", "--faults: unknown cause 'bogus' in 'bogus'; known: monitoring_gap,"),
        ("xid_79,,spec_residue", "--faults: empty item"),
        ("spec_residue:10-5", "--faults: in 'spec_residue:10-5' the end minute 5 is not after"),
        ("spec_residue@:3", "--faults: cannot parse 'spec_residue@:3'; expected cause[.variant]"),
        ("monitoring_gap.loud", "--faults: monitoring_gap has no variant 'loud'; variants:"),
        ("xid_79.x", "--faults: xid_79 has no variant 'x'; variants: none"),
        ("warmup", "--faults: unknown cause 'warmup'"),
    ],
)
def test_errors_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(SpecError) as err:
        parse_specs(text, FAULT_CAUSES, "--faults")
    assert str(err.value).startswith(message)


def test_config_parses_strings_and_reports_the_option() -> None:
    config = SimConfig(faults="xid_79@gpu-node-01:3", benign="warmup")
    assert config.faults[0].node == "gpu-node-01"
    assert config.benign[0].cause == "warmup"
    with pytest.raises(ValidationError, match="--benign: unknown cause 'session_isolation'"):
        SimConfig(benign="session_isolation")


def test_unknown_node_is_named() -> None:
    expected = "no node named 'gpu-node-07'; the fleet is gpu-node-01..gpu-node-02"
    with pytest.raises(SpecError, match=re.escape(expected)):
        Simulation(SimConfig(nodes=2, faults="xid_79@gpu-node-07"))


def test_start_after_the_end_is_refused() -> None:
    with pytest.raises(SpecError, match="starts at minute 30, but the scenario lasts 20 minutes"):
        Simulation(SimConfig(minutes=20, faults="spec_residue:30"))


def test_schedule_is_drawn_from_the_seed() -> None:
    config = SimConfig(nodes=6, minutes=60, faults="session_isolation,spec_residue,xid_79",
                       benign="retry_burst,warmup")  # fmt: skip
    first = Simulation(config).injections
    again = Simulation(config).injections
    assert first == again
    other = Simulation(config.model_copy(update={"seed": 2})).injections
    assert [(i.node, i.start_s) for i in first] != [(i.node, i.start_s) for i in other]
    faults = [i for i in first if not i.benign]
    assert len({i.node for i in faults}) == 3, "faults spread over distinct nodes"
    for inj in faults:
        assert 0.15 * 3600 <= inj.start_s <= 0.5 * 3600
    xid = next(i for i in first if i.cause == "xid_79")
    assert xid.gpu is not None and 0 <= xid.gpu < 4
    assert xid.end_s == 3600.0


def test_spec_residue_lands_on_a_node_with_speculative_decoding() -> None:
    sim = Simulation(SimConfig(nodes=4, faults="spec_residue@gpu-node-01"))
    assert sim.fleet[0].spec is not None
    for seed in range(1, 6):
        sim = Simulation(SimConfig(nodes=6, seed=seed, faults="spec_residue"))
        node = sim.injections[0].node
        assert sim.fleet[node].spec is not None


def test_labels_match_the_schedule() -> None:
    config = SimConfig(nodes=3, minutes=40, faults="session_isolation@gpu-node-02:10-25,"
                       "network_partition@gpu-node-01:5,xid_79:12",
                       benign="warmup@gpu-node-03:3,long_document:8-20")  # fmt: skip
    sim = Simulation(config)
    start = config.start_ns
    labels = {inj.fault_id: inj.label(start) for inj in sim.injections}
    iso = labels["f01-session_isolation-gpu-node-02"]
    assert (iso.cause, iso.node) == ("session_isolation", "gpu-node-02")
    assert (iso.start_ns, iso.end_ns) == (start + 600 * 10**9, start + 1500 * 10**9)
    part = labels["f02-network_partition-gpu-node-01"]
    assert (part.cause, part.detail) == ("other", "network_partition")
    assert 120 <= (part.end_ns - part.start_ns) / 1e9 <= 480
    xid = next(v for k, v in labels.items() if "xid_79" in k)
    assert (xid.cause, xid.detail, xid.end_ns) == ("other", "xid_79", start + 2400 * 10**9)
    warm = labels["b01-warmup-gpu-node-03"]
    assert (warm.cause, warm.detail, warm.start_ns) == ("benign", "warmup", start + 180 * 10**9)
    assert 240 <= (warm.end_ns - warm.start_ns) / 1e9 <= 360
    doc = next(v for k, v in labels.items() if "long_document" in k)
    assert (doc.start_ns, doc.end_ns) == (start + 480 * 10**9, start + 1200 * 10**9)


def test_one_root_cause_on_several_nodes() -> None:
    [spec] = parse_specs("session_isolation@gpu-node-01+gpu-node-03:12-30", FAULT_CAUSES, "--faults")
    assert spec.nodes == ("gpu-node-01", "gpu-node-03")
    assert spec.render() == "session_isolation@gpu-node-01+gpu-node-03:12-30"
    with pytest.raises(SpecError, match="names a node twice"):
        parse_specs("xid_79@n1+n1", FAULT_CAUSES, "--faults")
    with pytest.raises(SpecError, match="cannot parse"):
        parse_specs("xid_79@n1+", FAULT_CAUSES, "--faults")


def test_several_nodes_share_the_window_and_get_a_label_each() -> None:
    config = SimConfig(nodes=6, minutes=40, faults="session_isolation@gpu-node-01+gpu-node-04+gpu-node-06,"
                       "xid_79", benign="retry_burst@gpu-node-02+gpu-node-05:9")  # fmt: skip
    sim = Simulation(config)
    leak = [i for i in sim.injections if i.cause == "session_isolation"]
    assert [i.fault_id for i in leak] == ["f01-session_isolation-gpu-node-01",
                                          "f01-session_isolation-gpu-node-04",
                                          "f01-session_isolation-gpu-node-06"]
    assert len({(i.start_s, i.end_s) for i in leak}) == 1, "one root cause: one window"
    assert 0.15 * 2400 <= leak[0].start_s <= 0.5 * 2400, "the window is still drawn from the seed"
    assert all(i.params["leak_rate_pct_min"] for i in leak)
    xid = next(i for i in sim.injections if i.cause == "xid_79")
    assert xid.node_name not in {i.node_name for i in leak}, "the other fault avoids their nodes"
    burst = [i for i in sim.injections if i.cause == "retry_burst"]
    assert [(i.node_name, i.start_s) for i in burst] == [("gpu-node-02", 540.0), ("gpu-node-05", 540.0)]
    with pytest.raises(SpecError, match="no node named 'gpu-node-09'"):
        Simulation(SimConfig(nodes=6, faults="xid_79@gpu-node-01+gpu-node-09"))
