"""vLLM KV-cache events (ZMQ publisher, msgpack) summarised into ``vllm`` event records.

vLLM publishes ``EventBatch = [ts, events, data_parallel_rank?]`` where each event is
``BlockStored``, ``BlockRemoved`` or ``AllBlocksCleared``. Two layouts exist: since vLLM PR #42892
an event is a map with a ``type`` key; before it, an array whose first element is the type tag
and whose fields follow in declaration order. Block hashes are unsigned 64-bit integers (or bytes
in newer versions); only their number matters here.

A batch becomes a few records, not one per block: consecutive events of the same type and medium
collapse into one ``kv_block_stored`` / ``kv_block_removed`` event whose ``count`` is the number of
blocks, and each ``AllBlocksCleared`` becomes ``kv_all_cleared``. Order across types is kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import msgpack

from agents.records import JsonRecord, event

EVENT_NAMES = {
    "BlockStored": "kv_block_stored",
    "BlockRemoved": "kv_block_removed",
    "AllBlocksCleared": "kv_all_cleared",
}
MAX_TS = 9.2e9
"""Epoch seconds from which the batch time in nanoseconds leaves the int64 range."""
# position of ``medium`` in the legacy array layout (after the tag)
LEGACY_MEDIUM_INDEX = {"BlockStored": 6, "BlockRemoved": 2}


class KvDecodeError(ValueError):
    """A payload that is not a vLLM ``EventBatch``."""


@dataclass(frozen=True, slots=True)
class KvEvent:
    """One vLLM KV event, reduced to what the correlator uses."""

    type: str
    blocks: int
    medium: str | None


@dataclass(frozen=True, slots=True)
class KvBatch:
    """One decoded ``EventBatch``: its timestamp (epoch seconds), events and DP rank."""

    ts: float
    events: list[KvEvent]
    dp_rank: int | None


def decode_batch(payload: bytes) -> KvBatch:
    """Decode a msgpack ``EventBatch`` in either layout; raise :class:`KvDecodeError`."""
    try:
        obj = msgpack.unpackb(payload, raw=False, strict_map_key=False)
    except (ValueError, msgpack.UnpackException) as err:
        raise KvDecodeError(f"not msgpack: {err}") from None
    if isinstance(obj, dict):
        obj = [obj.get("ts"), obj.get("events"), obj.get("data_parallel_rank")]
    if not isinstance(obj, list) or len(obj) < 2:
        raise KvDecodeError("EventBatch is not an array [ts, events, ...]")
    ts, raw_events = obj[0], obj[1]
    if not isinstance(ts, int | float) or not isinstance(raw_events, list):
        raise KvDecodeError("EventBatch needs a numeric ts and an events array")
    if not 0 <= ts < MAX_TS:  # NaN too: its nanoseconds would not fit the contract's int64
        raise KvDecodeError(f"EventBatch ts {ts!r} is no epoch time")
    rank = obj[2] if len(obj) > 2 and isinstance(obj[2], int) else None
    return KvBatch(float(ts), [_event(e) for e in raw_events], rank)


def _event(raw: Any) -> KvEvent:
    if isinstance(raw, dict):
        kind = raw.get("type")
        hashes = raw.get("block_hashes")
        medium = raw.get("medium")
    elif isinstance(raw, list) and raw:
        kind = raw[0]
        hashes = raw[1] if len(raw) > 1 else None
        medium = _at(raw, LEGACY_MEDIUM_INDEX.get(str(kind), -1))
    else:
        raise KvDecodeError(f"event is neither a map nor a tagged array: {raw!r:.80}")
    if not isinstance(kind, str) or kind not in EVENT_NAMES:
        raise KvDecodeError(f"unknown KV event type {kind!r}")
    blocks = len(hashes) if isinstance(hashes, Sequence) and not isinstance(hashes, str) else 0
    return KvEvent(kind, blocks, medium if isinstance(medium, str) else None)


def _at(items: list[Any], index: int) -> Any:
    return items[index] if 0 < index < len(items) else None


def summarise(batch: KvBatch, *, node: str) -> list[JsonRecord]:
    """The batch's events as ``vllm`` event records, stamped with the batch's own time."""
    ts_ns = round(batch.ts * 1e9)
    out: list[JsonRecord] = []
    last: tuple[str, str | None] | None = None
    for ev in batch.events:
        key = (ev.type, ev.medium)
        if key == last and ev.type != "AllBlocksCleared":
            out[-1]["attrs"]["count"] += ev.blocks
            continue
        out.append(event(node=node, source="vllm", ts_ns=ts_ns, gpu=None,
                         name=EVENT_NAMES[ev.type], attrs=_attrs(ev, batch.dp_rank)))
        last = key
    return out


def _attrs(ev: KvEvent, rank: int | None) -> dict[str, Any]:
    attrs: dict[str, Any] = {}
    if ev.type != "AllBlocksCleared":
        attrs["count"] = ev.blocks
    if ev.medium is not None:
        attrs["medium"] = ev.medium
    if rank is not None:
        attrs["engine"] = str(rank)
    return attrs
