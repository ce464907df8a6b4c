"""Prometheus text exposition, as dcgm-exporter and vLLM serve it, turned into flat series.

Parsing is delegated to ``prometheus_client.parser`` (it handles escaping, HELP/TYPE lines and
their absence); this module only flattens families into ``Series`` and writes the contract's
selector form for labelled series.

>>> selector("vllm:request_success_total", {"finished_reason": "abort"})
'vllm:request_success_total{finished_reason="abort"}'
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from prometheus_client.parser import text_string_to_metric_families

INT64_BLANK_MIN = 9.2e18
"""dcgm-exporter writes DCGM's int64 blank codes (0x7ffffffffffffff0 and up) as plain numbers."""
FP64_BLANK = 140737488355328.0
"""DCGM's fp64 blank base (2**47); blank, not-found, not-supported... are the next 16 values."""


@dataclass(frozen=True, slots=True)
class Series:
    """One sample line: its name as written, its labels, its value and its family's type."""

    name: str
    labels: dict[str, str]
    value: float
    family_type: str


def parse(text: str) -> Iterator[Series]:
    """Every sample line of an exposition; raises ``ValueError`` on malformed text."""
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            yield Series(s.name, dict(s.labels), float(s.value), family.type)


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
