"""One line of a gateway's request log (a JSON object) -> the fields of a ``request_finished`` event.

Each field is looked up by a dotted path into the object: ``usage.prompt_tokens``; an integer
segment indexes a list (``choices.0.finish_reason``); ``a|b`` tries ``a``, then ``b``. A value
that is absent, ``null``, ``""`` or ``"-"`` (nginx's empty variable) counts as not given.

``request_id`` and ``finish_reason`` are required: a line without them is refused
(:class:`BadLine`). Any other field whose value cannot be used (a count that is not a whole
number, a time in no known form) is left out of the event, which still goes out, and named in
:attr:`Mapped.dropped`.

>>> m = FieldMap.parse([])
>>> m.map({"id": "r1", "choices": [{"finish_reason": "tool_calls"}],
...        "usage": {"prompt_tokens": 12, "completion_tokens": 3}}).attrs
{'request_id': 'r1', 'finish_reason': 'stop', 'prompt_tokens': 12, 'generation_tokens': 3}
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

FIELDS = ("request_id", "finish_reason", "tenant", "session", "prompt_tokens", "generation_tokens",
          "cached_tokens", "spec_draft_tokens", "ts", "gpu")
REQUIRED = ("request_id", "finish_reason")
TEXT_FIELDS = ("request_id", "tenant", "session")
COUNT_FIELDS = ("prompt_tokens", "generation_tokens", "cached_tokens", "spec_draft_tokens")

DEFAULT_FIELDS: dict[str, str] = {
    "request_id": "id",
    "finish_reason": "choices.0.finish_reason",
    "tenant": "user",
    "session": "session_id",
    "prompt_tokens": "usage.prompt_tokens",
    "generation_tokens": "usage.completion_tokens",
    "cached_tokens": "usage.prompt_tokens_details.cached_tokens",
}
"""The OpenAI response shape (``id``, ``choices``, ``usage``) plus the request's ``user`` and a
``session_id``; ``spec_draft_tokens``, ``ts`` and ``gpu`` are not looked up unless mapped."""

FINISH_REASONS = ("stop", "length", "abort", "error")
REASON_ALIASES: dict[str, str] = {
    "stop": "stop", "length": "length", "abort": "abort", "error": "error",
    # OpenAI
    "content_filter": "stop", "tool_calls": "stop", "function_call": "stop",
    # Anthropic, Gemini, Bedrock and others, as gateways pass them through
    "end_turn": "stop", "stop_sequence": "stop", "tool_use": "stop", "eos": "stop",
    "safety": "stop", "recitation": "stop", "max_tokens": "length", "model_length": "length",
    # gateways' own words for how a call ended
    "success": "stop", "cancelled": "abort", "canceled": "abort", "aborted": "abort",
    "client_disconnect": "abort", "disconnected": "abort", "timeout": "abort",
    "failure": "error", "failed": "error", "exception": "error",
}
"""Finish reasons (lower-cased, ``-`` and spaces read as ``_``) -> the contract's four."""
REASON_WORDS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("cancel", "abort", "disconnect", "timeout", "timed_out"), "abort"),
    (("error", "fail", "exception"), "error"),
    (("length", "max_token", "truncat"), "length"),
    (("stop", "end", "complete", "finish", "done"), "stop"),
)
"""Words in a reason that is not an alias, tried in this order."""

_ABSENT = object()
_RFC3339 = re.compile(r"(\d{4}-\d\d-\d\d)[Tt ](\d\d:\d\d:\d\d)(?:\.(\d+))?([Zz]|[+-]\d\d:\d\d)")
_MAX_INT = (1 << 63) - 1


class BadLine(ValueError):
    """A line that yields no event; ``outcome`` is its kind (``not_json``, ``not_object``,
    ``missing_field``, ``bad_value``, ``too_long``), the message says why in words."""

    def __init__(self, outcome: str, reason: str) -> None:
        super().__init__(reason)
        self.outcome, self.reason = outcome, reason


@dataclass
class Mapped:
    """The event's attributes, and its time and GPU when the line gave them."""

    attrs: dict[str, Any]
    ts_ns: int | None = None
    gpu: int | None = None
    dropped: list[tuple[str, str]] = field(default_factory=list)
    """``(field, why)`` of each field left out because its value could not be used."""


Path = tuple[tuple[str, ...], ...]
"""Alternatives, each a tuple of segments."""


def parse_path(text: str) -> Path:
    """``a.b|c.0.d`` -> ``(("a", "b"), ("c", "0", "d"))``; '' -> ``()`` (not looked up)."""
    if not text:
        return ()
    alternatives = []
    for alt in text.split("|"):
        segments = tuple(alt.split("."))
        if not all(segments):
            raise ValueError(f"{text!r}: empty path segment")
        alternatives.append(segments)
    return tuple(alternatives)


def parse_field_option(text: str) -> tuple[str, Path]:
    """``NAME=DOTTED.PATH`` (``NAME=`` to look the field up nowhere) -> ``(NAME, path)``."""
    name, eq, path = text.partition("=")
    name = name.strip()
    if not eq:
        raise ValueError(f"{text!r}: expected NAME=DOTTED.PATH")
    if name not in FIELDS:
        raise ValueError(f"{text!r}: unknown field {name!r} (one of {', '.join(FIELDS)})")
    return name, parse_path(path.strip())


def lookup(obj: Any, path: Path) -> Any:
    """The first alternative's value that is given, else ``_ABSENT``."""
    for segments in path:
        value = obj
        for seg in segments:
            if isinstance(value, dict):
                value = value.get(seg, _ABSENT)
            elif isinstance(value, list) and seg.isdigit() and int(seg) < len(value):
                value = value[int(seg)]
            else:
                value = _ABSENT
                break
        if value is not _ABSENT and value is not None and value not in ("", "-"):
            return value
    return _ABSENT


@dataclass(frozen=True)
class FieldMap:
    """Where each field is found in a line."""

    paths: Mapping[str, Path]

    @classmethod
    def parse(cls, options: Iterable[str]) -> FieldMap:
        """The defaults, overridden by ``NAME=DOTTED.PATH`` options (the last one wins)."""
        paths = {name: parse_path(text) for name, text in DEFAULT_FIELDS.items()}
        for option in options:
            name, path = parse_field_option(option)
            paths[name] = path
        return cls(paths)

    def describe(self, name: str) -> str:
        return "|".join(".".join(alt) for alt in self.paths.get(name, ())) or "(not mapped)"

    def map(self, obj: Any) -> Mapped:
        """The event's fields from one parsed line; :class:`BadLine` when it yields none."""
        if not isinstance(obj, dict):
            raise BadLine("not_object", f"a JSON {type(obj).__name__}, not an object")
        out = Mapped({})
        for name in REQUIRED:
            value = lookup(obj, self.paths.get(name, ()))
            if value is _ABSENT:
                raise BadLine("missing_field", f"no {name} at {self.describe(name)}")
            usable = _text(value) if name == "request_id" else finish_reason(value)
            if usable is None:
                raise BadLine("bad_value", f"{name} {_show(value)} at {self.describe(name)} "
                                           "is not usable")
            out.attrs[name] = usable
        for name in FIELDS:
            if name in REQUIRED:
                continue
            value = lookup(obj, self.paths.get(name, ()))
            if value is _ABSENT:
                continue
            if name in TEXT_FIELDS:
                self._keep(out, name, value, _text(value), "not a string")
            elif name in COUNT_FIELDS:
                self._keep(out, name, value, _count(value), "not a whole number >= 0")
            elif name == "ts":
                out.ts_ns = self._keep(out, name, value, parse_ts(value),
                                       "not epoch seconds/ms/us/ns or an RFC 3339 time")
            elif name == "gpu":
                out.gpu = self._keep(out, name, value, _count(value, 1 << 16), "not a GPU index")
        return out

    @staticmethod
    def _keep(out: Mapped, name: str, value: Any, usable: Any, why: str) -> Any:
        if usable is None:
            out.dropped.append((name, f"{_show(value)}: {why}"))
        elif name in TEXT_FIELDS or name in COUNT_FIELDS:
            out.attrs[name] = usable
        return usable


def finish_reason(value: Any) -> str | None:
    """One of stop/length/abort/error for a finish reason (see :data:`REASON_ALIASES` and
    :data:`REASON_WORDS`) or an HTTP status (2xx stop; 408 and 499 abort; other 4xx, 5xx
    error); None for anything else."""
    status = _count(value, 1000)
    if status is not None and not isinstance(value, float):
        if 200 <= status < 300:
            return "stop"
        if status in (408, 499):
            return "abort"
        return "error" if 400 <= status < 600 else None
    if not isinstance(value, str):
        return None
    word = re.sub(r"[\s-]+", "_", value.strip().lower())
    if word in REASON_ALIASES:
        return REASON_ALIASES[word]
    for parts, reason in REASON_WORDS:
        if any(p in word for p in parts):
            return reason
    return None


def parse_ts(value: Any) -> int | None:
    """Epoch nanoseconds from a time in a log line: a number (or numeric string) of epoch
    seconds, milliseconds, microseconds or nanoseconds (told apart by size: below 1e11 seconds,
    1e14 ms, 1e17 us), or an RFC 3339 string with its offset. None for anything else."""
    if isinstance(value, bool):
        return None
    try:
        if isinstance(value, str):
            match = _RFC3339.fullmatch(value.strip())
            if match:
                return _rfc3339(match)
            number = Decimal(value.strip())
        elif isinstance(value, int | float):
            number = Decimal(repr(value))  # as the writer printed it: no binary rounding
        else:
            return None
    except InvalidOperation:
        return None
    if not number.is_finite():
        return None
    ns = int(number * _scale(float(number)))
    return ns if 0 <= ns <= _MAX_INT else None


def _scale(value: float) -> int:
    magnitude = abs(value)
    if magnitude < 1e11:
        return 1_000_000_000
    if magnitude < 1e14:
        return 1_000_000
    if magnitude < 1e17:
        return 1_000
    return 1


def _rfc3339(match: re.Match[str]) -> int | None:
    day, clock, fraction, offset = match.groups()
    zone = "+00:00" if offset in ("Z", "z") else offset
    try:
        whole = datetime.fromisoformat(f"{day}T{clock}{zone}")
    except ValueError:
        return None
    frac_ns = int((fraction or "0")[:9].ljust(9, "0"))
    ns = int(whole.timestamp()) * 1_000_000_000 + frac_ns
    return ns if 0 <= ns <= _MAX_INT else None


def _text(value: Any) -> str | None:
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return None


def _count(value: Any, bound: int = _MAX_INT) -> int | None:
    """A whole number ``0 <= n < bound`` from an int, an integral float or a digit string."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and 0 <= value < bound:
        return value
    return None


def _show(value: Any) -> str:
    """A value for a log line, shortened (a log line may carry what it should not repeat)."""
    text = repr(value) if isinstance(value, str | int | float | bool) else f"a JSON {type(value).__name__}"
    return text if len(text) <= 40 else text[:37] + "..."
