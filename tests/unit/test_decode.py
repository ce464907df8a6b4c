from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from correlator.wire.deadletter import DeadLetterFile, decode_raw, encode
from correlator.wire.decode import RecordError, Rejected, decode_message, decode_record
from correlator.wire.records import AlertRecord, EventRecord, SampleRecord

SAMPLE = {"v": 1, "ts_ns": 10, "node": "n1", "source": "nvml", "kind": "sample", "gpu": 0,
          "seq": 3, "metrics": {"mem_used_bytes": 5, "power_w": 12.5}}


def test_sample_event_alert_decode_to_their_models() -> None:
    assert isinstance(decode_record(orjson.dumps(SAMPLE)), SampleRecord)
    ev = {"v": 1, "ts_ns": 1, "node": "n", "source": "host", "kind": "event", "event": "oom_kill",
          "attrs": {"pid": 7, "process": "vllm"}, "gpu": None}
    assert isinstance(decode_record(orjson.dumps(ev)), EventRecord)
    al = {"v": 1, "ts_ns": 1, "node": "-", "source": "alert", "kind": "alert",
          "alert": {"status": "firing", "labels": {"alertname": "X"}, "startsAt": "2025-01-01T00:00:00Z"}}
    rec = decode_record(orjson.dumps(al))
    assert isinstance(rec, AlertRecord) and rec.alert.labels["alertname"] == "X"


def test_extra_fields_are_accepted_and_ignored() -> None:
    rec = decode_record(orjson.dumps(SAMPLE | {"producer": "outside", "labels": {"uuid": "GPU-1"}}))
    assert rec.node == "n1"


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"ts_ns": "10"}, "ts_ns"),
        ({"v": 2}, "v"),
        ({"metrics": {"a": "high"}}, "metrics.a"),
        ({"metrics": {"a": True}}, "metrics.a"),
        ({"kind": "gauge"}, "kind"),
        ({"node": ""}, "node"),
    ],
)
def test_wrong_types_are_refused_with_the_field_named(change: dict[str, object], fragment: str) -> None:
    with pytest.raises(RecordError) as err:
        decode_record(orjson.dumps(SAMPLE | change))
    assert fragment in err.value.reason


def test_missing_fields_and_bad_json_are_refused() -> None:
    bad = dict(SAMPLE)
    del bad["ts_ns"]
    with pytest.raises(RecordError, match="ts_ns"):
        decode_record(orjson.dumps(bad))
    with pytest.raises(RecordError, match=r"Invalid JSON|EOF"):
        decode_record(b'{"v": 1, "ts_ns"')


def test_alert_without_alertname_is_refused() -> None:
    al = {"v": 1, "ts_ns": 1, "node": "n", "source": "alert", "kind": "alert",
          "alert": {"status": "firing", "labels": {"node": "n"}}}
    with pytest.raises(RecordError, match="alertname"):
        decode_record(orjson.dumps(al))


def test_oversized_record_is_refused_before_parsing() -> None:
    big = orjson.dumps(SAMPLE | {"pad": "x" * 2_000_000})
    with pytest.raises(RecordError, match="exceeds"):
        decode_record(big)


def test_batch_message_keeps_good_records_and_rejects_the_bad_one() -> None:
    good = dict(SAMPLE)
    bad = SAMPLE | {"ts_ns": "soon"}
    recs, rejected = decode_message(orjson.dumps([good, bad, good | {"seq": 4}]), "t:0:5")
    assert [r.seq for r in recs] == [3, 4]
    assert len(rejected) == 1 and rejected[0].origin == "t:0:5[1]" and "ts_ns" in rejected[0].reason


def test_batch_mixing_nodes_is_refused_whole() -> None:
    raw = orjson.dumps([SAMPLE, SAMPLE | {"node": "n2"}])
    recs, rejected = decode_message(raw, "t:0:1")
    assert recs == [] and "mixes nodes" in rejected[0].reason and rejected[0].raw == raw


def test_dead_letter_keeps_the_original_bytes() -> None:
    raw = b'{"v":1, not json \xff'
    _, rejected = decode_message(raw, "f.jsonl:9")
    letter = encode(rejected[0])
    assert decode_raw(letter) == raw
    assert orjson.loads(letter)["origin"] == "f.jsonl:9"


def test_indexed_decode_says_where_each_record_and_refusal_was() -> None:
    from correlator.wire.decode import decode_message_indexed

    raw = orjson.dumps([SAMPLE, SAMPLE | {"ts_ns": "x"}, SAMPLE | {"seq": 9}])
    recs, rejected = decode_message_indexed(raw, "t[0]@5")
    assert [i for i, _ in recs] == [0, 2] and [i for i, _ in rejected] == [1]
    single, none = decode_message_indexed(orjson.dumps(SAMPLE), "t[0]@6")
    assert [i for i, _ in single] == [0] and none == []


def test_a_valid_batch_decodes_in_one_pass_to_what_each_record_decodes_to() -> None:
    from correlator.wire.decode import decode_message_indexed

    items = [SAMPLE, SAMPLE | {"seq": 4, "extra": [1]},
             {"v": 1, "ts_ns": 11, "node": "n1", "source": "vllm", "kind": "event",
              "event": "request_finished", "attrs": {"finished_reason": "abort"}},
             {"v": 1, "ts_ns": 12, "node": "n1", "source": "alert", "kind": "alert",
              "alert": {"status": "firing", "labels": {"alertname": "HighLatency"}}}]
    raw = orjson.dumps(items)
    recs, rejected = decode_message(raw, "t[0]@1")
    assert rejected == [] and recs == [decode_record(orjson.dumps(i)) for i in items]
    indexed, none = decode_message_indexed(raw, "t[0]@1")
    assert none == [] and [i for i, _ in indexed] == [0, 1, 2, 3] and [r for _, r in indexed] == recs
    mixed = orjson.dumps([SAMPLE, SAMPLE | {"node": "n2"}])
    whole, why = decode_message_indexed(mixed, "t[0]@2")
    assert whole == [] and why[0][0] == -1 and "mixes nodes" in why[0][1].reason


@pytest.mark.parametrize("flush", [True, False])
def test_dead_letter_file_keeps_each_letter_and_flushes_per_letter_when_asked(
        tmp_path: Path, flush: bool) -> None:
    path = tmp_path / "sub" / "dead.jsonl"
    dead = DeadLetterFile(path, flush=flush)
    assert not path.exists()  # opened on the first letter only
    dead.write(Rejected("http:/api/v2/alerts", "not JSON", b"\xff{"))
    if flush:  # a server answers after each request: the letter is on disk before close
        assert [decode_raw(x) for x in path.read_bytes().splitlines()] == [b"\xff{"]
    dead.write(Rejected("http:/api/v2/alerts", "too large", b"x" * 10))
    dead.close()
    letters = [orjson.loads(x) for x in path.read_bytes().splitlines()]
    assert [x["reason"] for x in letters] == ["not JSON", "too large"] and dead.count == 2
    counted = DeadLetterFile(None)
    counted.write(Rejected("o", "r", b""))
    assert counted.count == 1
