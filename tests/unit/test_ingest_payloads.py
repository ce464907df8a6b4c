"""Ingest, pure parts: payload validation, RFC 3339, the conversion to contract records."""

from __future__ import annotations

import orjson
import pytest

from correlator.core.storm import fingerprint
from correlator.ingest.auth import BearerAuth, TokenError, load_token
from correlator.ingest.convert import alert_node, to_record
from correlator.ingest.payloads import PayloadError, parse_postable, parse_webhook
from correlator.ingest.rfc3339 import GO_ZERO, format_ns, is_zero, parse_ns
from correlator.wire.decode import decode_message, decode_record
from correlator.wire.records import AlertRecord

T0 = parse_ns("2024-03-04T09:00:00Z")

WEBHOOK = {
    "version": "4", "groupKey": '{}:{alertname="GPUXidError"}', "truncatedAlerts": 0,
    "status": "firing", "receiver": "correlator", "groupLabels": {"alertname": "GPUXidError"},
    "commonLabels": {"alertname": "GPUXidError"}, "commonAnnotations": {},
    "externalURL": "http://alertmanager:9093",
    "alerts": [
        {"status": "firing", "labels": {"alertname": "GPUXidError", "node": "gpu-1", "gpu": "3"},
         "annotations": {"summary": "XID 79"}, "startsAt": "2024-03-04T09:00:00.123456789Z",
         "endsAt": GO_ZERO, "generatorURL": "http://prom/graph", "fingerprint": "a1b2c3d4e5f60718"},
        {"status": "resolved", "labels": {"alertname": "TargetDown", "instance": "gpu-2:9400"},
         "annotations": {}, "startsAt": "2024-03-04T08:50:00Z", "endsAt": "2024-03-04T08:59:00Z",
         "generatorURL": "", "fingerprint": ""},
    ],
}


@pytest.mark.parametrize(("text", "ns"), [
    ("1970-01-01T00:00:00Z", 0),
    ("1970-01-01T00:00:01.5Z", 1_500_000_000),
    ("1970-01-01T00:00:00.000000001Z", 1),
    ("1970-01-01T02:00:00+02:00", 0),
    ("1969-12-31T23:00:00-01:00", 0),
    ("2024-03-04T09:00:00.123456789Z", T0 + 123_456_789),
])
def test_rfc3339_parses_go_timestamps(text: str, ns: int) -> None:
    assert parse_ns(text) == ns


@pytest.mark.parametrize("text", ["2024-03-04", "2024-03-04T09:00:00", "yesterday",
                                  "2024-13-01T00:00:00Z", "2024-03-04T09:00:00.1234567890Z"])
def test_rfc3339_refuses_what_is_not_one(text: str) -> None:
    with pytest.raises(ValueError, match="not an RFC 3339 timestamp"):
        parse_ns(text)


def test_rfc3339_round_trip_and_go_zero() -> None:
    assert parse_ns(format_ns(T0 + 7)) == T0 + 7
    assert is_zero(parse_ns(GO_ZERO)) and not is_zero(T0)


def test_webhook_v4_alerts_become_records_with_the_senders_fingerprint() -> None:
    parsed = parse_webhook(orjson.dumps(WEBHOOK))
    assert parsed.errors == [] and len(parsed.alerts) == 2
    first, second = (to_record(a, T0 + 5) for a in parsed.alerts)
    assert (first.node, first.gpu, first.ts_ns) == ("gpu-1", 3, T0 + 5)
    assert first.alert.fingerprint == "a1b2c3d4e5f60718"
    assert first.alert.status == "firing" and first.alert.endsAt == GO_ZERO
    assert second.node == "gpu-2" and second.alert.status == "resolved"
    # An empty sender fingerprint means none: the computed one is used.
    assert second.alert.fingerprint == fingerprint(second.alert.labels)


def test_records_are_contract_records_that_the_decoder_accepts() -> None:
    for a in parse_webhook(orjson.dumps(WEBHOOK)).alerts:
        rec = to_record(a, T0)
        back = decode_record(rec.model_dump_json())
        assert isinstance(back, AlertRecord) and back == rec
        records, rejected = decode_message(rec.model_dump_json().encode(), "t")
        assert rejected == [] and records == [rec]


def test_api_v2_status_follows_ends_at_as_alertmanager_reads_it() -> None:
    body = [
        {"labels": {"alertname": "A", "node": "n"}, "endsAt": format_ns(T0 + 60_000_000_000)},
        {"labels": {"alertname": "B", "node": "n"}, "endsAt": format_ns(T0 - 1)},
        {"labels": {"alertname": "C", "node": "n"}},
        {"labels": {"alertname": "D", "node": "n"}, "endsAt": GO_ZERO},
    ]
    recs = [to_record(a, T0) for a in parse_postable(orjson.dumps(body)).alerts]
    assert [r.alert.status for r in recs] == ["firing", "resolved", "firing", "firing"]
    # startsAt defaults to the arrival, as Alertmanager fills it.
    assert recs[2].alert.startsAt == format_ns(T0)


def test_api_v2_start_time_absent_or_go_zero_is_filled_as_alertmanager_fills_it() -> None:
    """Alertmanager's API sets an unset ``startsAt`` (absent, null or Go's zero time) to
    ``endsAt`` when that is set, else to the arrival; the zero time was kept verbatim."""
    ends = format_ns(T0 - 5_000_000_000)
    body = [
        {"labels": {"alertname": "A", "node": "n"}, "startsAt": GO_ZERO},
        {"labels": {"alertname": "B", "node": "n"}, "startsAt": None, "endsAt": GO_ZERO},
        {"labels": {"alertname": "C", "node": "n"}, "startsAt": GO_ZERO, "endsAt": ends},
        {"labels": {"alertname": "D", "node": "n"}, "endsAt": ends},
        {"labels": {"alertname": "E", "node": "n"}, "startsAt": format_ns(T0 - 9)},
    ]
    parsed = parse_postable(orjson.dumps(body))
    assert parsed.errors == []
    recs = [to_record(a, T0) for a in parsed.alerts]
    assert [r.alert.startsAt for r in recs] == [format_ns(T0), format_ns(T0), ends, ends,
                                                format_ns(T0 - 9)]
    assert [r.alert.status for r in recs] == ["firing", "firing", "resolved", "resolved", "firing"]


def test_null_annotations_are_none_and_labels_stay_required() -> None:
    """Alertmanager decodes ``annotations: null`` as an empty map; ``labels`` may not be."""
    body = [{"labels": {"alertname": "A", "node": "n"}, "annotations": None},
            {"labels": None, "annotations": {}}]
    parsed = parse_postable(orjson.dumps(body))
    assert [a.annotations for a in parsed.alerts] == [{}]
    assert [e.reason for e in parsed.errors] == ["alerts[1].labels: Input should be a valid dictionary"]
    doc = orjson.loads(orjson.dumps(WEBHOOK))
    doc["alerts"][0]["annotations"] = None
    alert = parse_webhook(orjson.dumps(doc)).alerts[0]
    assert alert.annotations == {} and to_record(alert, T0).alert.annotations == {}


@pytest.mark.parametrize(("field", "value", "reason"), [
    ("startsAt", "", "not an RFC 3339 timestamp: '' (an empty string: leave the field out, or null, "
                     "when unset)"),
    ("endsAt", "", "not an RFC 3339 timestamp: '' (an empty string: leave the field out, or null, "
                   "when unset)"),
    ("startsAt", "2024-03-04T09:00:00+0100",
     "not an RFC 3339 timestamp: '2024-03-04T09:00:00+0100' (the UTC offset needs a colon: +hh:mm)"),
    ("endsAt", "2024-03-04T09:00:00.250-0530",
     "not an RFC 3339 timestamp: '2024-03-04T09:00:00.250-0530' (the UTC offset needs a colon: +hh:mm)"),
])
def test_refused_times_name_the_field_the_value_and_why(field: str, value: str, reason: str) -> None:
    parsed = parse_postable(orjson.dumps([{"labels": {"alertname": "A"}, field: value}]))
    assert parsed.alerts == []
    assert [e.reason for e in parsed.errors] == [f"alerts[0].{field}: {reason}"]


def test_api_v2_alert_that_ends_before_it_starts_is_refused_alone() -> None:
    """Alertmanager's API refuses it ("start time must be before end time"); unset times
    (absent or Go's zero time) and an end equal to the start are not such a case."""
    starts, ends = "2024-03-04T09:00:00Z", "2024-03-04T09:59:59.999999999+01:00"  # 1 ns before
    body = [
        {"labels": {"alertname": "ok", "node": "n"}, "startsAt": starts, "endsAt": starts},
        {"labels": {"alertname": "bad", "node": "n"}, "startsAt": starts, "endsAt": ends},
        {"labels": {"alertname": "ok2", "node": "n"}, "startsAt": starts, "endsAt": GO_ZERO},
        {"labels": {"alertname": "ok3", "node": "n"}, "startsAt": GO_ZERO, "endsAt": ends},
    ]
    parsed = parse_postable(orjson.dumps(body))
    assert [a.labels["alertname"] for a in parsed.alerts] == ["ok", "ok2", "ok3"]
    assert [(e.index, e.reason) for e in parsed.errors] == [
        (1, f"alerts[1]: endsAt '{ends}' is before startsAt '{starts}' "
            "(an alert cannot end before it starts)")]
    assert orjson.loads(parsed.errors[0].raw) == body[1]


def test_computed_fingerprint_ignores_label_order() -> None:
    a = parse_postable(b'[{"labels": {"alertname": "X", "node": "n", "job": "j"}}]').alerts[0]
    b = parse_postable(b'[{"labels": {"job": "j", "node": "n", "alertname": "X"}}]').alerts[0]
    fa, fb = to_record(a, T0).alert.fingerprint, to_record(b, T0).alert.fingerprint
    assert fa == fb == fingerprint({"alertname": "X", "node": "n", "job": "j"})
    c = parse_postable(b'[{"labels": {"alertname": "X", "node": "n", "job": "k"}}]').alerts[0]
    assert to_record(c, T0).alert.fingerprint != fa


@pytest.mark.parametrize(("labels", "node"), [
    ({"alertname": "X", "node": "gpu-7", "instance": "other:1"}, "gpu-7"),
    ({"alertname": "X", "instance": "gpu-7:9400"}, "gpu-7"),
    ({"alertname": "X", "instance": "gpu-7"}, "gpu-7"),
    ({"alertname": "X", "instance": "[fd00::7]:9100"}, "fd00::7"),
    ({"alertname": "X", "instance": "fd00::7"}, "fd00::7"),
    # URL-shaped instances (blackbox probes, scrape URLs): the host, never the whole URL.
    ({"alertname": "X", "instance": "http://gpu-node-03:9400/metrics"}, "gpu-node-03"),
    ({"alertname": "X", "instance": "https://10.0.0.7:9400"}, "10.0.0.7"),
    ({"alertname": "X", "instance": "http://[fd00::7]:9400/metrics?x=1"}, "fd00::7"),
    ({"alertname": "X", "instance": "https://probe:s3cret@Gpu-Node-04/health#top"}, "Gpu-Node-04"),
    ({"alertname": "X", "instance": "http:///metrics"}, "-"),
    ({"alertname": "X"}, "-"),
    ({"alertname": "X", "node": ""}, "-"),
])
def test_node_is_the_node_label_else_the_instance_host(labels: dict[str, str], node: str) -> None:
    assert alert_node(labels) == node


@pytest.mark.parametrize(("body", "reason"), [
    (b"", "empty body"),
    (b"{not json", "invalid JSON"),
    (b'{"version": "3", "alerts": []}', "unsupported webhook version '3'"),
    (b'{"alerts": []}', "unsupported webhook version None"),
    (b"[]", "expected an Alertmanager webhook message (a JSON object), got an array"),
    (b'{"version": "4"}', "alerts: Field required"),
    (b'{"version": "4", "alerts": {}}', "alerts: Input should be a valid list"),
])
def test_unusable_webhook_bodies_say_why(body: bytes, reason: str) -> None:
    with pytest.raises(PayloadError) as err:
        parse_webhook(body)
    assert err.value.reason.startswith(reason), err.value.reason


def test_postable_body_must_be_an_array() -> None:
    with pytest.raises(PayloadError, match=r"expected a JSON array of alerts .* got an object"):
        parse_postable(b'{"labels": {"alertname": "A"}}')


@pytest.mark.parametrize(("alert", "reason"), [
    ({"labels": {}}, "alerts[1].labels: must include a non-empty 'alertname'"),
    ({"labels": {"alertname": ""}}, "alerts[1].labels: must include a non-empty 'alertname'"),
    ({"labels": {"alertname": "A", "gpu": 3}}, "alerts[1].labels.gpu: Input should be a valid string"),
    ({"labels": {"alertname": "A"}, "startsAt": "noon"},
     "alerts[1].startsAt: not an RFC 3339 timestamp: 'noon'"),
    ({"annotations": {}}, "alerts[1].labels: Field required"),
    ("text", "alerts[1]: Input should be a valid dictionary or instance of _Alert"),
])
def test_each_bad_alert_is_named_and_its_neighbours_still_go_through(alert: object, reason: str) -> None:
    body = orjson.dumps([{"labels": {"alertname": "ok", "node": "n"}}, alert,
                         {"labels": {"alertname": "ok2", "node": "n"}}])
    parsed = parse_postable(body)
    assert [a.labels["alertname"] for a in parsed.alerts] == ["ok", "ok2"]
    assert [(e.index, e.reason) for e in parsed.errors] == [(1, reason)]
    assert orjson.loads(parsed.errors[0].raw) == alert


def test_webhook_alert_status_is_required_and_checked() -> None:
    doc = dict(WEBHOOK, alerts=[{"labels": {"alertname": "A"}, "status": "pending"}])
    parsed = parse_webhook(orjson.dumps(doc))
    assert [e.reason for e in parsed.errors] == ["alerts[0].status: Input should be 'firing' or 'resolved'"]


def test_truncated_alerts_are_reported() -> None:
    assert parse_webhook(orjson.dumps(dict(WEBHOOK, truncatedAlerts=7))).truncated == 7


def test_bearer_auth_refusals() -> None:
    auth = BearerAuth("s3cret")
    assert auth.refusal("Bearer s3cret") is None and auth.refusal("bearer  s3cret") is None
    assert auth.refusal(None) == "missing Authorization header (expected: Bearer token)"
    assert auth.refusal("Basic czNjcmV0") == "the Authorization header must use the Bearer scheme"
    assert auth.refusal("Bearer s3cre") == "invalid bearer token"
    assert BearerAuth(None).refusal(None) is None


def test_token_from_file_then_environment(tmp_path: pytest.TempPathFactory) -> None:
    f = tmp_path / "token"  # type: ignore[operator]
    f.write_text("  abc \n")
    assert load_token(f, {"CORRELATOR_INGEST_TOKEN": "env"}) == "abc"
    assert load_token(None, {"CORRELATOR_INGEST_TOKEN": "env"}) == "env"
    assert load_token(None, {}) is None
    f.write_text("\n")
    with pytest.raises(TokenError, match="the token file is empty"):
        load_token(f, {})
    with pytest.raises(TokenError, match="cannot read the token file"):
        load_token(f.with_name("missing"), {})
