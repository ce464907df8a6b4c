"""The hot-loop decode path: bytes in, validated records out, rejects explained.

Each line or message is parsed and validated in one pass by pydantic-core (no intermediate
Python dicts, no re-serialisation). A batch message (a JSON array) is validated whole in one
pass too; only when that fails is it split, so that one bad record is rejected alone and its
neighbours still go through.

>>> decode_record(b'{"v":1,"ts_ns":5,"node":"n1","source":"host","kind":"sample","metrics":{"a":1}}').node
'n1'
"""

from __future__ import annotations

from dataclasses import dataclass

import orjson
from pydantic import TypeAdapter, ValidationError

from correlator.wire.records import Record

RECORD_ADAPTER: TypeAdapter[Record] = TypeAdapter(Record)
BATCH_ADAPTER: TypeAdapter[list[Record]] = TypeAdapter(list[Record])
DEFAULT_MAX_BYTES = 1 << 20


class RecordError(ValueError):
    """A record that cannot be accepted; ``reason`` says exactly why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Rejected:
    """A rejected input with where it came from, why, and its original bytes."""

    origin: str
    reason: str
    raw: bytes


def explain(err: ValidationError) -> str:
    """One line naming every failing field, e.g. ``ts_ns: Input should be a valid integer``."""
    parts = []
    for e in err.errors(include_url=False):
        loc = ".".join(str(p) for p in e["loc"] if p not in ("sample", "event", "alert"))
        parts.append(f"{loc or '<record>'}: {e['msg']}")
    return "; ".join(parts)


def decode_record(raw: bytes | str, max_bytes: int = DEFAULT_MAX_BYTES) -> Record:
    """Validate one JSON record; raise :class:`RecordError` with the reason."""
    if len(raw) > max_bytes:
        raise RecordError(f"record of {len(raw)} bytes exceeds the {max_bytes}-byte limit")
    try:
        return RECORD_ADAPTER.validate_json(raw)
    except ValidationError as err:
        raise RecordError(explain(err)) from None


def decode_message(
    raw: bytes, origin: str, max_bytes: int = DEFAULT_MAX_BYTES
) -> tuple[list[Record], list[Rejected]]:
    """Decode a Kafka message value: one record or a JSON array of one node's records."""
    if len(raw) > max_bytes:
        reason = f"message of {len(raw)} bytes exceeds the {max_bytes}-byte limit"
        return [], [Rejected(origin, reason, raw)]
    if raw.lstrip()[:1] != b"[":
        try:
            return [decode_record(raw, max_bytes)], []
        except RecordError as err:
            return [], [Rejected(origin, err.reason, raw)]
    recs_i, rej_i = _batch(raw, origin)
    return [r for _, r in recs_i], [r for _, r in rej_i]


def decode_message_indexed(
    raw: bytes, origin: str, max_bytes: int = DEFAULT_MAX_BYTES
) -> tuple[list[tuple[int, Record]], list[tuple[int, Rejected]]]:
    """As :func:`decode_message`, with each record's and each refusal's position in the
    message (0 for a single record; -1 when the whole message was refused)."""
    if len(raw) > max_bytes or raw.lstrip()[:1] != b"[":
        recs, rejected = decode_message(raw, origin, max_bytes)
        return [(0, r) for r in recs], [(-1 if len(raw) > max_bytes else 0, r) for r in rejected]
    return _batch(raw, origin)


def _batch(raw: bytes, origin: str) -> tuple[list[tuple[int, Record]], list[tuple[int, Rejected]]]:
    """A batch message validated in one pass; split record by record only when any of it is
    wrong. Positions as in :func:`decode_message_indexed`."""
    try:
        whole = BATCH_ADAPTER.validate_json(raw, strict=True)
    except ValidationError:
        return _split(raw, origin)
    if _mixed(whole):
        return [], [(-1, Rejected(origin, _mixed_reason(whole), raw))]
    return list(enumerate(whole)), []


def _mixed(records: list[Record]) -> bool:
    first = records[0].node if records else ""
    return any(r.node != first for r in records)


def _mixed_reason(records: list[Record]) -> str:
    nodes = sorted({r.node for r in records})
    return f"batch mixes nodes {nodes}; a batch holds one node's records"


def _split(raw: bytes, origin: str) -> tuple[list[tuple[int, Record]], list[tuple[int, Rejected]]]:
    """A batch that failed whole, record by record: each record and refusal with its position
    (-1: the whole message refused)."""
    try:
        items = orjson.loads(raw)
    except orjson.JSONDecodeError as err:
        return [], [(-1, Rejected(origin, f"invalid JSON: {err}", raw))]
    recs_i: list[tuple[int, Record]] = []
    rej_i: list[tuple[int, Rejected]] = []
    for i, item in enumerate(items):
        try:
            recs_i.append((i, RECORD_ADAPTER.validate_python(item, strict=True)))
        except ValidationError as err:
            rej_i.append((i, Rejected(f"{origin}[{i}]", explain(err), orjson.dumps(item))))
    good = [r for _, r in recs_i]
    if _mixed(good):
        return [], [(-1, Rejected(origin, _mixed_reason(good), raw))]
    return recs_i, rej_i
