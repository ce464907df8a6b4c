"""Periodic snapshots of in-memory state in a Faust table (changelog topic, RocksDB or memory).

Hot state stays in plain Python objects; every few seconds of wall time (not on every record)
it is pickled, compressed and written to a table, split into chunks under a fresh generation id
followed by a small index entry naming that generation. A reader always finds a complete
generation: the chunks of a generation precede its index entry in the changelog partition,
and a writer deletes its previous generation's chunks only after the new index entry.

Faust writes table entries to the changelog partition of the event being processed, and its
RocksDB store picks its per-partition database the same way; :func:`acting_for` sets that
event explicitly, because snapshots are written after a batch of many partitions' events.
"""

from __future__ import annotations

import pickle
import uuid
import weakref
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import orjson
from faust import streams as faust_streams
from faust.types import EventT

CHUNK_BYTES = 512 * 1024
Event = EventT[Any]


def dump(obj: object) -> bytes:
    return zlib.compress(pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL), 1)


def load(blob: bytes) -> Any:
    return pickle.loads(zlib.decompress(blob))


def split(blob: bytes, size: int = CHUNK_BYTES) -> list[bytes]:
    """Cut a blob into pieces of at most ``size`` bytes.

    >>> [len(c) for c in split(b"x" * 5, 2)]
    [2, 2, 1]
    """
    return [blob[i:i + size] for i in range(0, len(blob), size)] or [b""]


@contextmanager
def acting_for(event: Event) -> Iterator[None]:
    """Table operations inside go to ``event``'s partition (Faust's current-event context)."""
    token = faust_streams._current_event.set(weakref.ref(event))
    try:
        yield
    finally:
        faust_streams._current_event.reset(token)


class TableSnapshots:
    """Named blobs in a Faust table with raw keys and values."""

    def __init__(self, table: Any, chunk_bytes: int = CHUNK_BYTES) -> None:
        self.table = table
        self.chunk_bytes = chunk_bytes
        self._generations: dict[str, tuple[str, int]] = {}

    def save(self, event: Event, name: str, blob: bytes) -> None:
        gen = uuid.uuid4().hex[:12]
        parts = split(blob, self.chunk_bytes)
        with acting_for(event):
            for i, part in enumerate(parts):
                self.table[_chunk(name, gen, i)] = part
            self.table[_index(name)] = orjson.dumps({"gen": gen, "n": len(parts),
                                                     "size": len(blob)})
            self._forget(name)
        self._generations[name] = (gen, len(parts))

    def load(self, event: Event, name: str) -> bytes | None:
        with acting_for(event):
            raw = self.table.get(_index(name))
            if raw is None:
                return None
            index = orjson.loads(raw)
            gen, n = str(index["gen"]), int(index["n"])
            parts = [self.table.get(_chunk(name, gen, i)) for i in range(n)]
        if any(p is None for p in parts):
            return None
        self._generations[name] = (gen, n)
        return b"".join(parts)  # type: ignore[arg-type]

    def _forget(self, name: str) -> None:
        old = self._generations.pop(name, None)
        if old is None:
            return
        gen, n = old
        for i in range(n):
            key = _chunk(name, gen, i)
            if key in self.table:
                del self.table[key]


def _index(name: str) -> bytes:
    return f"i|{name}".encode()


def _chunk(name: str, gen: str, i: int) -> bytes:
    return f"c|{name}|{gen}|{i}".encode()
