"""The exposition parser, checked against prometheus_client's parser on every capture."""

from __future__ import annotations

import math

import pytest
from agent_helpers import FIXTURES
from prometheus_client.parser import text_string_to_metric_families

from agents.exposition import is_reading, parse, selector

CAPTURES = sorted(p.name for p in FIXTURES.glob("*.prom"))


@pytest.mark.parametrize("name", CAPTURES)
def test_same_series_as_prometheus_client(name: str) -> None:
    text = (FIXTURES / name).read_text()
    ours = [(s.name, s.labels, s.value) for s in parse(text)]
    theirs = []
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            # prometheus_client appends _total to counter samples that lack it; undo that
            written = s.name if s.name in text else s.name.removesuffix("_total")
            theirs.append((written, s.labels, float(s.value)))
    assert ours == theirs
    assert len(ours) == sum(1 for line in text.splitlines() if line and line[0] != "#")


def test_names_are_kept_exactly_as_exposed() -> None:
    text = "# TYPE DCGM_FI_DEV_PCIE_REPLAY_COUNTER counter\nDCGM_FI_DEV_PCIE_REPLAY_COUNTER 3\n"
    assert [s.name for s in parse(text)] == ["DCGM_FI_DEV_PCIE_REPLAY_COUNTER"]


def test_escapes_timestamps_trailing_comma_and_empty_braces() -> None:
    text = ('a{path="C:\\\\x",msg="say \\"hi\\"\\n",} 1.5e3 1700000000000\n'
            "b{} -Inf\n"
            "  c  NaN  \n")
    a, b, c = parse(text)
    assert a.labels == {"path": "C:\\x", "msg": 'say "hi"\n'} and a.value == 1500.0
    assert b.labels == {} and b.value == -math.inf
    assert c.name == "c" and math.isnan(c.value)


@pytest.mark.parametrize("line", ['x{a="1" b="2"} 1', 'x{a=1} 1', "x 1 2 3", "{a=\"1\"} 1",
                                  "x{a=\"1\"", "x notanumber"])
def test_malformed_lines_are_refused_with_their_number(line: str) -> None:
    with pytest.raises(ValueError, match="exposition line 2"):
        list(parse("ok 1\n" + line + "\n"))


def test_readings_and_sentinels() -> None:
    assert is_reading(0.0) and is_reading(5551899580) and is_reading(9.1e18)
    assert not is_reading(9223372036854775794)  # DCGM int64 blank
    assert not is_reading(140737488355328.0) and not is_reading(140737488355330.0)
    assert is_reading(140737488355344.0)  # just past the 16 fp64 codes
    assert not is_reading(math.nan) and not is_reading(math.inf)


def test_selector_round_trips_through_the_parser() -> None:
    labels = {"z": 'q"uote', "a": "back\\slash", "m": "new\nline"}
    [series] = parse(selector("m", labels) + " 1")
    assert series.labels == labels and selector("m", {}) == "m"


def test_openmetrics_exemplars_and_eof() -> None:
    text = ('a_total{x="#"} 3 # {trace_id="abc"} 1.0 1700000000.5\n'
            "b_bucket{le=\"0.1\"} 2 1700000000.0 # {span=\"s\"} 0.05\n"
            "# EOF\n")
    a, b = parse(text)
    assert (a.name, a.labels, a.value) == ("a_total", {"x": "#"}, 3.0)
    assert (b.name, b.value) == ("b_bucket", 2.0)
