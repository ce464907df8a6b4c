"""Prometheus text exposition (format 0.0.4), as dcgm-exporter and vLLM serve it, as flat series.

A small parser of its own rather than ``prometheus_client.parser``: that one renames counter
samples (``DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION`` comes back with ``_total`` appended), and the
contract wants names exactly as exposed. Comments (``# HELP``, ``# TYPE``) carry nothing the agent
needs and are skipped, so captures with or without them read the same. OpenMetrics pages read
the same too: ``# EOF`` is a comment, and an exemplar after a value (``... 3 # {trace_id="a"} 1``)
is cut off.

>>> [(s.name, s.labels, s.value) for s in parse('up{job="a\\\\"b"} 1 1700000000000')]
[('up', {'job': 'a"b'}, 1.0)]
>>> selector("vllm:request_success_total", {"finished_reason": "abort"})
'vllm:request_success_total{finished_reason="abort"}'
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

INT64_BLANK_MIN = 9.2e18
"""dcgm-exporter writes DCGM's int64 blank codes (0x7ffffffffffffff0 and up) as plain numbers."""
FP64_BLANK = 140737488355328.0
"""DCGM's fp64 blank base (2**47); blank, not-found, not-supported... are the next 16 values."""

_NAME = re.compile(r"[a-zA-Z_:][a-zA-Z0-9_:]*")
_LABEL = re.compile(r'\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*=\s*"((?:[^"\\]|\\.)*)"\s*(,?)')
_ESCAPE = re.compile(r"\\(.)")
_UNESCAPED = {"n": "\n", '"': '"', "\\": "\\"}


@dataclass(frozen=True, slots=True)
class Series:
    """One sample line: its name as written, its labels and its value."""

    name: str
    labels: dict[str, str]
    value: float


def parse(text: str) -> Iterator[Series]:
    """Every sample line; ``ValueError`` naming the line for anything malformed."""
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line and not line.startswith("#"):
            try:
                yield parse_line(line)
            except ValueError as err:
                raise ValueError(f"exposition line {number}: {err}: {line[:120]!r}") from None


def parse_line(line: str) -> Series:
    """``name{label="value",...} value [timestamp] [# exemplar]``."""
    m = _NAME.match(line)
    if m is None:
        raise ValueError("no metric name")
    pos, labels = m.end(), dict[str, str]()
    if line[pos:pos + 1] == "{":
        pos, labels = _labels(line, pos + 1)
    rest = line[pos:].split("#", 1)[0].split()
    if not 1 <= len(rest) <= 2:
        raise ValueError("expected a value and an optional timestamp")
    return Series(m.group(), labels, float(rest[0]))


def _labels(line: str, pos: int) -> tuple[int, dict[str, str]]:
    labels: dict[str, str] = {}
    while True:
        end = line.find("}", pos)
        if end >= 0 and not line[pos:end].strip():
            return end + 1, labels
        m = _LABEL.match(line, pos)
        if m is None:
            raise ValueError(f"bad label at column {pos}")
        labels[m.group(1)] = _ESCAPE.sub(lambda e: _UNESCAPED.get(e[1], e[0]), m.group(2))
        pos = m.end()
        if not m.group(3) and line[pos:pos + 1] != "}":
            raise ValueError(f"expected ',' or '}}' at column {pos}")


def is_reading(value: float) -> bool:
    """False for NaN, infinities and DCGM blank sentinels: values that carry no reading."""
    if not math.isfinite(value) or value >= INT64_BLANK_MIN:
        return False
    return not FP64_BLANK <= value < FP64_BLANK + 16


def selector(name: str, labels: Mapping[str, str]) -> str:
    """``name{k="v",...}``, keys sorted, values escaped as Prometheus does; bare without labels."""
    if not labels:
        return name
    inner = ",".join(f'{k}="{_escape(labels[k])}"' for k in sorted(labels))
    return f"{name}{{{inner}}}"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')
