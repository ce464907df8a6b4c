"""A bounded, on-disk FIFO of Kafka messages: everything the agent publishes passes through it.

Messages are appended to segment files and removed only when Kafka has acknowledged them, so a
broker outage (or an agent restart) loses nothing while the spool is within its bound. When the
bound would be exceeded, whole segments are dropped oldest first - newer telemetry matters more
to an on-call engineer than an hour-old backlog - and every dropped message and record is
counted and logged.

On disk: ``<dir>/<20-digit number>.seg`` segments of frames, and ``<dir>/head`` naming the first
unacknowledged frame (``segment offset``). A frame is::

    magic(1) | body_len u32 | crc32(body) u32 | body
    body = records u32 | topic_len u16 | key_len u16 | topic | key | value

A torn frame at the end of the last segment (a crash mid-write) is cut off when the spool opens.
Writes are flushed to the OS on every append; ``fsync=True`` also syncs them to the disk.
"""

from __future__ import annotations

import logging
import os
import struct
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

log = logging.getLogger(__name__)

MAGIC = 0xA5
FRAME = struct.Struct(">BII")  # magic, body length, crc32 of body
BODY = struct.Struct(">IHH")  # records, topic length, key length
SUFFIX = ".seg"


@dataclass(frozen=True, slots=True)
class Entry:
    """One spooled message and where it lies (``segment``, ``offset``, ``end``)."""

    segment: int
    offset: int
    end: int
    topic: str
    key: bytes
    value: bytes
    records: int


class SpoolError(RuntimeError):
    """A message that can never fit in the spool (larger than one segment)."""


class Spool:
    """Append at the tail, :meth:`peek` from the head, :meth:`ack` to advance the head."""

    def __init__(self, directory: Path, max_bytes: int = 256 << 20,
                 segment_bytes: int | None = None, fsync: bool = False) -> None:
        self.dir = directory
        self.max_bytes = max_bytes
        self.segment_bytes = segment_bytes or max(64 << 10, max_bytes // 16)
        if self.segment_bytes * 2 > max_bytes:
            raise ValueError("max_bytes must hold at least two segments")
        self.fsync = fsync
        self.dropped_messages = 0
        self.dropped_records = 0
        self.dir.mkdir(parents=True, exist_ok=True)
        self._sizes: dict[int, int] = {}
        self._head = (0, 0)
        self._writer: BinaryIO | None = None
        self._open()

    # ---- state ---------------------------------------------------------------------------
    @property
    def bytes_on_disk(self) -> int:
        return sum(self._sizes.values())

    def empty(self) -> bool:
        seg, off = self._head
        return seg == self._tail and off >= self._sizes[seg]

    def pending(self) -> tuple[int, int]:
        """(messages, records) not yet acknowledged; reads the spool, for tests and logs."""
        messages = records = 0
        for entry in self._scan(self._head, None):
            messages += 1
            records += entry.records
        return messages, records

    # ---- writing -------------------------------------------------------------------------
    def append(self, topic: str, key: bytes, value: bytes, records: int) -> None:
        """Spool one message holding ``records`` records."""
        frame = _frame(topic, key, value, records)
        if len(frame) > self.segment_bytes:
            raise SpoolError(f"message of {len(frame)} bytes exceeds the "
                             f"{self.segment_bytes}-byte spool segment")
        if self._sizes[self._tail] + len(frame) > self.segment_bytes:
            self._rotate()
        while self.bytes_on_disk + len(frame) > self.max_bytes:
            self._drop_oldest()
        writer = self._writer_for_tail()
        writer.write(frame)
        writer.flush()
        if self.fsync:
            os.fsync(writer.fileno())
        self._sizes[self._tail] += len(frame)

    # ---- reading -------------------------------------------------------------------------
    def peek(self, limit: int) -> list[Entry]:
        """Up to ``limit`` messages from the head, oldest first, without removing them."""
        return list(self._scan(self._head, limit))

    def ack(self, entries: list[Entry]) -> None:
        """Remove messages from the head; ``entries`` must be the head's next messages."""
        for entry in entries:
            if (entry.segment, entry.offset) != self._head:
                raise ValueError(f"ack out of order: {entry.segment}:{entry.offset} is not the "
                                 f"head {self._head[0]}:{self._head[1]}")
            self._head = (entry.segment, entry.end)
            self._skip_finished_segments()
        if entries:
            self._write_head()

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None

    # ---- internals -----------------------------------------------------------------------
    @property
    def _tail(self) -> int:
        return max(self._sizes)

    def _path(self, segment: int) -> Path:
        return self.dir / f"{segment:020d}{SUFFIX}"

    def _open(self) -> None:
        for path in sorted(self.dir.glob(f"*{SUFFIX}")):
            self._sizes[int(path.stem)] = path.stat().st_size
        if not self._sizes:
            self._sizes[1] = 0
            self._path(1).touch()
        self._head = self._read_head()
        self._repair_tail()
        self._skip_finished_segments()

    def _read_head(self) -> tuple[int, int]:
        first = min(self._sizes)
        try:
            seg_text, off_text = (self.dir / "head").read_text().split()
            seg, off = int(seg_text), int(off_text)
        except (OSError, ValueError):
            return first, 0
        if seg < first:  # the head's segment was dropped while we were away
            return first, 0
        return (seg, off) if seg in self._sizes else (first, 0)

    def _repair_tail(self) -> None:
        tail = self._tail
        start = self._head[1] if self._head[0] == tail else 0
        good = start
        for entry in self._scan((tail, start), None, stop_at_torn=True):
            if entry.segment != tail:
                break
            good = entry.end
        if good < self._sizes[tail]:
            log.warning("spool: cutting a torn frame off %s at byte %d", self._path(tail), good)
            with self._path(tail).open("r+b") as fh:
                fh.truncate(good)
            self._sizes[tail] = good

    def _writer_for_tail(self) -> BinaryIO:
        if self._writer is None:
            self._writer = self._path(self._tail).open("ab")
        return self._writer

    def _rotate(self) -> None:
        self.close()
        new = self._tail + 1
        self._path(new).touch()
        self._sizes[new] = 0

    def _drop_oldest(self) -> None:
        oldest = min(self._sizes)
        if oldest == self._tail:
            raise SpoolError("spool bound smaller than one segment")
        start = self._head[1] if self._head[0] == oldest else 0
        messages = records = 0
        if self._head[0] <= oldest:
            for entry in self._scan((oldest, start), None):
                if entry.segment != oldest:
                    break
                messages += 1
                records += entry.records
        self._path(oldest).unlink()
        del self._sizes[oldest]
        if self._head[0] <= oldest:
            self._head = (min(self._sizes), 0)
            self._write_head()
        self.dropped_messages += messages
        self.dropped_records += records
        log.warning("spool full (%d bytes): dropped %d oldest messages (%d records); "
                    "%d messages (%d records) dropped since start", self.max_bytes, messages,
                    records, self.dropped_messages, self.dropped_records)

    def _skip_finished_segments(self) -> None:
        seg, off = self._head
        while seg != self._tail and off >= self._sizes[seg]:
            self._path(seg).unlink(missing_ok=True)
            del self._sizes[seg]
            seg, off = min(self._sizes), 0
        self._head = (seg, off)

    def _write_head(self) -> None:
        tmp = self.dir / "head.tmp"
        tmp.write_text(f"{self._head[0]} {self._head[1]}\n")
        tmp.replace(self.dir / "head")

    def _scan(self, start: tuple[int, int], limit: int | None,
              stop_at_torn: bool = False) -> Iterator[Entry]:
        count = 0
        for segment in sorted(s for s in self._sizes if s >= start[0]):
            offset = start[1] if segment == start[0] else 0
            with self._path(segment).open("rb") as fh:
                fh.seek(offset)
                while limit is None or count < limit:
                    entry = _read_frame(fh, segment, offset)
                    if entry is None:
                        break
                    yield entry
                    count += 1
                    offset = entry.end
            if offset < self._sizes[segment] and (limit is None or count < limit):
                if stop_at_torn:
                    return
                raise SpoolError(f"corrupt frame in {self._path(segment)} at byte {offset}")


def _frame(topic: str, key: bytes, value: bytes, records: int) -> bytes:
    topic_b = topic.encode()
    body = BODY.pack(records, len(topic_b), len(key)) + topic_b + key + value
    return FRAME.pack(MAGIC, len(body), zlib.crc32(body)) + body


def _read_frame(fh: BinaryIO, segment: int, offset: int) -> Entry | None:
    """The frame at ``offset`` (where ``fh`` stands), or None at the end or at a torn frame."""
    header = fh.read(FRAME.size)
    if len(header) < FRAME.size:
        return None
    magic, length, crc = FRAME.unpack(header)
    body = fh.read(length) if magic == MAGIC else b""
    if magic != MAGIC or len(body) != length or zlib.crc32(body) != crc:
        return None
    records, topic_len, key_len = BODY.unpack_from(body)
    topic_end = BODY.size + topic_len
    key_end = topic_end + key_len
    return Entry(segment, offset, offset + FRAME.size + length,
                 body[BODY.size:topic_end].decode(), body[topic_end:key_end], body[key_end:],
                 records)
