"""The request log's field mapping: dotted paths, the finish reasons, times, values left out."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from agents.request_fields import BadLine, FieldMap, finish_reason, parse_field_option, parse_ts

T0 = 1_714_564_800  # 2024-05-01T12:00:00Z
T0_NS = T0 * 1_000_000_000


@pytest.mark.parametrize(("given", "expected"), [
    ("stop", "stop"), ("length", "length"), ("abort", "abort"), ("error", "error"),
    ("STOP", "stop"), ("content_filter", "stop"), ("tool_calls", "stop"),
    ("function_call", "stop"), ("end_turn", "stop"), ("stop_sequence", "stop"),
    ("max_tokens", "length"), ("MAX_TOKENS", "length"), ("SAFETY", "stop"),
    ("cancelled", "abort"), ("canceled", "abort"), ("client-disconnect", "abort"),
    ("timeout", "abort"), ("success", "stop"), ("failure", "error"),
    ("user_cancelled", "abort"), ("upstream_error", "error"), ("token limit length", "length"),
    (200, "stop"), ("204", "stop"), (499, "abort"), (408, "abort"), (429, "error"),
    (503, "error"),
    ("banana", None), ("", None), (302, None), (200.0, None), (True, None), (None, None),
    ({"reason": "stop"}, None),
])
def test_finish_reasons_map_to_the_contracts_four(given: object, expected: str | None) -> None:
    assert finish_reason(given) == expected


@pytest.mark.parametrize(("given", "expected"), [
    (T0, T0_NS),
    (T0 + 0.25, T0_NS + 250_000_000),
    (T0 * 1000 + 125, T0_NS + 125_000_000),  # ms
    (T0 * 1_000_000 + 7, T0_NS + 7_000),  # us
    (T0_NS + 3, T0_NS + 3),  # ns, exact
    (str(T0_NS + 3), T0_NS + 3),
    (f"{T0}.5", T0_NS + 500_000_000),  # nginx's $msec, quoted
    ("2024-05-01T12:00:00Z", T0_NS),
    ("2024-05-01T14:00:00.123456789+02:00", T0_NS + 123_456_789),
    ("2024-05-01 12:00:00.5z", T0_NS + 500_000_000),
    ("2024-05-01T12:00:00", None),  # no offset: which zone?
    ("yesterday", None), (-5, None), (float("nan"), None), (True, None), ([T0], None),
])
def test_times_in_every_documented_form(given: object, expected: int | None) -> None:
    got = parse_ts(given)
    if expected is None:
        assert got is None
        return
    assert got is not None
    slack = 1_000 if isinstance(given, float) else 0  # a float of epoch seconds: ~0.2 us
    assert abs(got - expected) <= slack, got - expected
    assert datetime.fromtimestamp(got / 1e9, UTC).year == 2024


def test_the_default_mapping_reads_the_openai_shape() -> None:
    line = {"id": "chatcmpl-9", "object": "chat.completion", "created": T0, "user": "acme",
            "session_id": "conv-1", "model": "m",
            "choices": [{"index": 0, "finish_reason": "length"}],
            "usage": {"prompt_tokens": 812, "completion_tokens": 95, "total_tokens": 907,
                      "prompt_tokens_details": {"cached_tokens": 768}}}
    got = FieldMap.parse([]).map(line)
    assert got.attrs == {"request_id": "chatcmpl-9", "finish_reason": "length", "tenant": "acme",
                         "session": "conv-1", "prompt_tokens": 812, "generation_tokens": 95,
                         "cached_tokens": 768}
    assert (got.ts_ns, got.gpu, got.dropped) == (None, None, [])  # `created` is not the end


def test_custom_paths_alternatives_list_indexes_and_unmapping() -> None:
    fields = FieldMap.parse([
        "request_id=call.id", "finish_reason=response.choices.0.finish_reason|status",
        "tenant=metadata.team", "session=", "prompt_tokens=tokens.1", "ts=end", "gpu=where.gpu",
        "spec_draft_tokens=spec.drafts"])
    ok = fields.map({"call": {"id": 17}, "status": "failure", "metadata": {"team": "t1"},
                     "session_id": "ignored", "tokens": [5, "42"], "end": T0 + 1.5,
                     "where": {"gpu": "3"}, "spec": {"drafts": 12.0}})
    assert ok.attrs == {"request_id": "17", "finish_reason": "error", "tenant": "t1",
                        "prompt_tokens": 42, "spec_draft_tokens": 12}
    assert (ok.ts_ns, ok.gpu) == (T0_NS + 1_500_000_000, 3)
    first = fields.map({"call": {"id": "r"}, "response": {"choices": [{"finish_reason": "stop"}]},
                        "status": "failure"})
    assert first.attrs["finish_reason"] == "stop"  # the first alternative that is given wins


def test_unusable_optional_values_are_left_out_and_named() -> None:
    got = FieldMap.parse(["ts=t", "gpu=g"]).map({
        "id": "r", "choices": [{"finish_reason": "stop"}], "user": {"name": "x"},
        "usage": {"prompt_tokens": -1, "completion_tokens": 2.5,
                  "prompt_tokens_details": {"cached_tokens": "-"}},
        "t": "last tuesday", "g": -1, "session_id": ""})
    assert got.attrs == {"request_id": "r", "finish_reason": "stop"}
    assert [name for name, _ in got.dropped] == ["tenant", "prompt_tokens", "generation_tokens",
                                                "ts", "gpu"]  # "-" and "" count as not given
    assert (got.ts_ns, got.gpu) == (None, None)


@pytest.mark.parametrize(("line", "outcome", "reason"), [
    ([1, 2], "not_object", "a JSON list, not an object"),
    ({"choices": [{"finish_reason": "stop"}]}, "missing_field", "no request_id at id"),
    ({"id": "r", "choices": []}, "missing_field", "no finish_reason at choices.0.finish_reason"),
    ({"id": "r", "choices": [{"finish_reason": None}]}, "missing_field", "no finish_reason"),
    ({"id": "r", "choices": [{"finish_reason": "banana"}]}, "bad_value",
     "finish_reason 'banana' at choices.0.finish_reason is not usable"),
    ({"id": 1.5, "choices": [{"finish_reason": "stop"}]}, "bad_value", "request_id 1.5"),
])
def test_lines_without_the_required_fields_are_refused(line: object, outcome: str,
                                                       reason: str) -> None:
    with pytest.raises(BadLine) as bad:
        FieldMap.parse([]).map(line)
    assert bad.value.outcome == outcome and bad.value.reason.startswith(reason), bad.value.reason


@pytest.mark.parametrize(("option", "message"), [
    ("tenant", "expected NAME=DOTTED.PATH"),
    ("model=x", "unknown field 'model'"),
    ("tenant=a..b", "empty path segment"),
])
def test_bad_field_options(option: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_field_option(option)
