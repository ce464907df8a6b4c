"""The streaming shell's pure pieces: control markers, reordering, dead letters, snapshots."""

from __future__ import annotations

import pickle
from pathlib import Path

from correlator.config import load_rules
from correlator.stream.compat import fill_missing
from correlator.stream.outputs import MAX_DEAD_RAW, dead_letter_value
from correlator.stream.partition import PartitionRun
from correlator.stream.protocol import Control, header_map, parse_control
from correlator.stream.reorder import PunctuatedOrder
from correlator.stream.tail import Seen
from correlator.wire.deadletter import decode_raw
from correlator.wire.decode import Rejected
from correlator.wire.incidents import Incident
from tests.stream_recording import records

RULES = load_rules()


def test_every_control_marker_reads_back() -> None:
    for ctl in (Control("start", "r", partitions=6, lateness_ns=3, tick_ns=10),
                Control("pct", "r", key=9, advances=((3, 100), (9, 110)), sources=((0, "nvml"),)),
                Control("pct", "r", key=9), Control("eos", "r", key=12), Control("drained", "r")):
        assert parse_control(header_map(ctl.headers()), ctl.value()) == ctl


def test_data_messages_are_not_control() -> None:
    assert parse_control({}, b'{"v":1}') is None


def test_reorder_waits_for_every_topic_and_releases_in_key_order() -> None:
    r: PunctuatedOrder[str] = PunctuatedOrder(("a", "b", "c"))
    for key in (5, 1, 3):
        r.push((key, 0), f"r{key}")
    r.push((3, 1), "advance after r3")
    r.punctuate("a", 4)
    r.punctuate("b", 4)
    assert list(r.ready()) == []
    r.punctuate("c", 9)
    assert list(r.ready()) == ["r1", "r3", "advance after r3"]
    for t in "abc":
        r.end(t)
    assert list(r.ready()) == ["r5"] and r.done


def test_a_dead_letter_keeps_a_10_mb_original_whole() -> None:
    raw = b"x" * (10 * 1024 * 1024)
    letter = dead_letter_value(Rejected("t[0]@1", "message too big", raw))
    assert decode_raw(letter) == raw


def test_a_larger_original_is_cut_and_says_so() -> None:
    raw = b"y" * (MAX_DEAD_RAW + 10)
    letter = dead_letter_value(Rejected("t[0]@1", "message too big", raw))
    assert decode_raw(letter) == raw[:MAX_DEAD_RAW]
    assert b"the first" in letter


def test_subscribers_see_each_incident_state_once() -> None:
    inc = Incident(incident_id="inc-1", status="open", cause="c", confidence=1.0, hypotheses={},
                   severity="warning", nodes=["n"], opened_ns=1, updated_ns=1, first_evidence_ns=1)
    seen = Seen(capacity=2)
    assert seen.first(inc) and not seen.first(inc)
    assert seen.first(inc.model_copy(update={"status": "update", "updated_ns": 2}))


def _restored_run() -> PartitionRun:
    """A partition run after five minutes of records, through a snapshot's pickle."""
    run = PartitionRun(RULES, 0, "", ("t",), 1)
    run.data("t", records(300.0), None)
    run.progress("t", behind=False)
    run.step()
    restored: PartitionRun = pickle.loads(pickle.dumps(run))
    return restored


def test_a_snapshot_from_an_older_core_gets_the_attributes_a_newer_one_added() -> None:
    old = _restored_run()
    node = next(iter(old.fleet.nodes.values()))
    del node.__dict__["onset_ns"]
    old.build = "older"
    assert old.upgrade() >= 1
    assert node.onset_ns == 0
    old.data("t", records(600.0)[-50:], None)
    old.step()


def test_an_older_snapshot_lacking_a_field_of_the_frozen_windows_gets_it() -> None:
    """The derived windows are a frozen dataclass shared by the fleet and its nodes: a newer
    core's field (here the restart window) is filled in, not refused."""
    old = _restored_run()
    node = next(iter(old.fleet.nodes.values()))
    assert node.w is old.fleet.windows
    object.__delattr__(node.w, "restart")
    old.build = "older"
    assert old.upgrade() >= 1
    assert node.w.restart == old.fleet.windows.restart == 18
    old.data("t", records(600.0)[-50:], None)
    old.step()


def test_an_older_snapshot_lacking_rules_settings_gets_the_workers_values() -> None:
    """A snapshot pickles its rules: settings a newer build added (read at every evaluated
    tick) come from the restoring worker's rules, not an AttributeError."""
    old = _restored_run()
    rules = old.fleet.rules
    del rules.alert_grouping.__dict__["gpu_failure_alerts"]
    del rules.hypotheses.session_isolation.__dict__["restart_window_s"]
    mine = RULES.model_copy(update={"alert_grouping": RULES.alert_grouping.model_copy(
        update={"gpu_failure_alerts": "(?i)xid"})})
    old.build = "older"
    assert old.upgrade(mine) >= 2
    node = next(iter(old.fleet.nodes.values()))
    assert node.rules is rules  # filled in place: the nodes share the fleet's rules
    assert rules.alert_grouping.gpu_failure_alerts == "(?i)xid"  # the worker's, not the default
    assert rules.hypotheses.session_isolation.restart_window_s == 180.0
    old.data("t", records(900.0)[-400:], None)
    old.step()
    assert old.upgrade(mine) == 0  # once per build


def test_the_build_id_covers_the_rules_models(tmp_path: Path) -> None:
    import shutil

    from correlator.stream import compat

    assert [d.name for d in compat.BUILD_DIRS] == ["core", "config"]
    copies = tuple(shutil.copytree(d, tmp_path / d.name) for d in compat.BUILD_DIRS)
    before = compat._core_build(copies)
    assert before == compat.CORE_BUILD
    with (copies[1] / "model.py").open("a") as fh:
        fh.write("\n# a rules setting added\n")
    assert compat._core_build(copies) != before


def test_fill_missing_leaves_present_attributes_alone() -> None:
    class A:
        def __init__(self, x: int) -> None:
            self.x = x
            self.y = [x]

    old, fresh = A(1), A(2)
    del old.y
    assert fill_missing(old, fresh) == 1 and old.x == 1 and old.y == [2]


def test_live_records_are_processed_in_event_time_order_across_topics() -> None:
    recs = records(600.0)
    run = PartitionRun(RULES, 0, "", ("a", "b"), 1)
    late = [r for r in recs if r.source == "host"]
    early = [r for r in recs if r.source != "host"]
    run.data("a", early, None)
    run.progress("a", behind=False)
    run.step()
    assert run.fleet.stats.records == 0, "held while topic b has messages waiting"
    run.data("b", late, None)
    run.progress("b", behind=False)
    run.step()
    assert run.fleet.stats.records == len(recs) and run.fleet.stats.late == 0
