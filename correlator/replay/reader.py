"""Read record files written to the contract: JSON Lines, optionally gzip-compressed.

A replay file may hold every source interleaved in any order, so each file is put in event
time order before the files are merged. Lines that fail validation are reported with their
file and line number and handed to the dead-letter sink; the replay never stops for them.
"""

from __future__ import annotations

import gzip
import heapq
import os
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, cast

import orjson

from correlator.wire.decode import DEFAULT_MAX_BYTES, RecordError, Rejected, decode_record
from correlator.wire.records import Record

SKIP_PREFIXES = ("labels", "incidents", "deadletter", "actions")


class ReplayInputError(ValueError):
    """An input path that cannot be replayed at all (missing, unreadable, no record files)."""


def expand(paths: list[Path]) -> list[Path]:
    """Files to replay: files as given; directories' ``*.jsonl``/``*.jsonl.gz`` files
    except labels, incidents, actions and dead-letter files."""
    files: list[Path] = []
    for p in paths:
        if p.is_dir():
            found = sorted(
                f for f in p.rglob("*")
                if f.is_file() and f.name.endswith((".jsonl", ".jsonl.gz", ".ndjson"))
                and not f.name.startswith(SKIP_PREFIXES)
            )
            if not found:
                raise ReplayInputError(f"{p}: directory holds no *.jsonl or *.jsonl.gz record files")
            files += found
        elif p.is_file():
            files.append(p)
        else:
            raise ReplayInputError(f"{p}: no such file or directory")
    return files


def open_lines(path: Path) -> IO[bytes]:
    with path.open("rb") as probe:
        magic = probe.read(2)
    if magic == b"\x1f\x8b":
        return cast(IO[bytes], gzip.open(path, "rb"))
    return path.open("rb")


@dataclass
class ReadStats:
    lines: int = 0
    records: int = 0
    rejected: int = 0
    bytes_read: int = 0
    resorted_files: list[str] = field(default_factory=list)
    min_ts: int | None = None
    max_ts: int | None = None


TieKey = tuple[str, str, str, int, int, str]


def tie_key(rec: Record) -> TieKey:
    """Orders records with the same event time by their content, not their position, so a
    replay gives the same incidents whatever order the file lists simultaneous records in."""
    name = ""
    if rec.kind == "event":
        name = rec.event  # type: ignore[union-attr]
    elif rec.kind == "alert":
        alert = rec.alert  # type: ignore[union-attr]
        name = f"{alert.status}|{alert.fingerprint or ''}|{sorted(alert.labels.items())}"
    gpu = -1 if rec.gpu is None else rec.gpu
    seq = -1 if rec.seq is None else rec.seq
    return (rec.node, rec.source, rec.kind, gpu, seq, name)


def read_file(
    path: Path,
    on_reject: Callable[[Rejected], None],
    stats: ReadStats,
    max_bytes: int = DEFAULT_MAX_BYTES,
    on_bytes: Callable[[int], None] | None = None,
) -> list[Record]:
    """Decode one file into its records in event-time order."""
    out: list[Record] = []
    ordered = True
    last = -1
    for _, rec in _decoded(path, on_reject, stats, max_bytes, on_bytes):
        if rec.ts_ns < last:
            ordered = False
        last = rec.ts_ns
        out.append(rec)
    if not ordered:
        out.sort(key=_ts)  # stable: equal times keep their line order until settled
        stats.resorted_files.append(str(path))
    stats.records += len(out)
    if out:
        stats.min_ts = out[0].ts_ns if stats.min_ts is None else min(stats.min_ts, out[0].ts_ns)
        stats.max_ts = out[-1].ts_ns if stats.max_ts is None else max(stats.max_ts, out[-1].ts_ns)
    return out


def _lines(path: Path, stats: ReadStats | None = None,
           on_bytes: Callable[[int], None] | None = None,
           on_broken: Callable[[int, str], None] | None = None) -> Iterator[tuple[int, bytes]]:
    """A file's non-blank lines with their numbers, line ends stripped; ``stats`` counts the
    bytes and lines read. A compressed file cut short (a copy that did not finish) or corrupt
    ends where it stops being readable: ``on_broken`` gets the line number and why."""
    lineno = 0
    with _open(path) as fh:
        try:
            for lineno, line in enumerate(fh, 1):
                if stats is not None:
                    stats.bytes_read += len(line)
                    if on_bytes is not None and lineno % 4096 == 0:
                        on_bytes(stats.bytes_read)
                raw = line.rstrip(b"\r\n")
                if not raw.strip():
                    continue
                if stats is not None:
                    stats.lines += 1
                yield lineno, raw
        except (EOFError, gzip.BadGzipFile, zlib.error) as err:
            if on_broken is not None:
                on_broken(lineno + 1, f"{type(err).__name__}: {err}")


def _decoded(path: Path, on_reject: Callable[[Rejected], None], stats: ReadStats, max_bytes: int,
             on_bytes: Callable[[int], None] | None = None) -> Iterator[tuple[int, Record]]:
    """A file's records in line order with their line numbers; a line that fails validation
    goes to ``on_reject`` with its file and line, and so does the point where a compressed
    file stops being readable."""

    def broken(lineno: int, why: str) -> None:
        stats.rejected += 1
        on_reject(Rejected(f"{path}:{lineno}", f"the file cannot be read beyond this line ({why}): "
                           "it was cut short or is corrupt; the records before it are replayed", b""))

    for lineno, raw in _lines(path, stats, on_bytes, broken):
        try:
            yield lineno, decode_record(raw, max_bytes)
        except RecordError as err:
            stats.rejected += 1
            on_reject(Rejected(f"{path}:{lineno}", err.reason, raw))


def _ts(rec: Record) -> int:
    return rec.ts_ns


IN_MEMORY_BYTES = 16 << 20
"""Files up to this size on disk are decoded whole and sorted in memory (about 1.7 KB a record
decoded: 16 MiB of gzip is some 350,000 records, 600 MB); larger ones are streamed, which
reads them twice (about 12 % slower) in memory that follows their disorder, not their length
(the 12-node, 60-minute benchmark recording: 131 MiB peak RSS streamed, 444 MiB whole)."""


def read_records(
    path: Path,
    on_reject: Callable[[Rejected], None],
    stats: ReadStats,
    max_bytes: int = DEFAULT_MAX_BYTES,
    in_memory_bytes: int = IN_MEMORY_BYTES,
) -> Iterable[Record]:
    """One file's records in event-time order, as :func:`read_file` gives them: a list for a
    file up to ``in_memory_bytes`` on disk, else a stream holding only the records within the
    file's own disorder (:class:`StreamedFile`)."""
    try:
        size = os.path.getsize(path)
    except OSError as err:
        raise ReplayInputError(f"{path}: cannot open: {err.strerror}") from None
    if size <= in_memory_bytes:
        return read_file(path, on_reject, stats, max_bytes)
    return StreamedFile(path, on_reject, stats, max_bytes)


def disorder_ns(path: Path) -> tuple[int, int]:
    """(lines, how far any record's event time lies behind an earlier line's): a first pass
    over the file that decodes only what it needs to tell."""
    lines = worst = 0
    top = -(1 << 62)
    for _, raw in _lines(path):
        lines += 1
        ts = _ts_of(raw)
        if ts is None:
            continue
        if ts > top:
            top = ts
        elif top - ts > worst:
            worst = top - ts
    return lines, worst


class StreamedFile:
    """Exactly the order :func:`read_file` gives (event time, then line), in bounded memory.

    A first pass (on construction) finds how far the file's records run behind the newest
    before them (the disorder, D); iterating decodes and holds a record only until a record D
    newer has been read, since none that could still come is older than that. Memory follows
    D, not the file's length: a day-long recording delivered seconds out of order holds
    seconds of records."""

    def __init__(self, path: Path, on_reject: Callable[[Rejected], None], stats: ReadStats,
                 max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self.path = path
        self.on_reject = on_reject
        self.stats = stats
        self.max_bytes = max_bytes
        self.lines, self.disorder_ns = disorder_ns(path)
        if self.disorder_ns:
            stats.resorted_files.append(str(path))

    def __iter__(self) -> Iterator[Record]:
        stats, worst = self.stats, self.disorder_ns
        heap: list[tuple[int, int, Record]] = []
        top = -(1 << 62)
        for lineno, rec in _decoded(self.path, self.on_reject, stats, self.max_bytes):
            heapq.heappush(heap, (rec.ts_ns, lineno, rec))
            if rec.ts_ns > top:
                top = rec.ts_ns
                while heap and heap[0][0] <= top - worst:
                    yield _counted(heapq.heappop(heap)[2], stats)
        while heap:
            yield _counted(heapq.heappop(heap)[2], stats)


def _counted(rec: Record, stats: ReadStats) -> Record:
    stats.records += 1
    stats.min_ts = rec.ts_ns if stats.min_ts is None else min(stats.min_ts, rec.ts_ns)
    stats.max_ts = rec.ts_ns if stats.max_ts is None else max(stats.max_ts, rec.ts_ns)
    return rec


def _open(path: Path) -> IO[bytes]:
    try:
        return open_lines(path)
    except OSError as err:
        raise ReplayInputError(f"{path}: cannot open: {err.strerror}") from None


def _ts_of(raw: bytes) -> int | None:
    """A line's ``ts_ns`` as the decoder will read it, or None when it will not decode."""
    try:
        doc = orjson.loads(raw)
    except orjson.JSONDecodeError:
        try:  # what orjson refuses pydantic may still take (NaN, Infinity)
            return decode_record(raw).ts_ns
        except RecordError:
            return None
    ts = doc.get("ts_ns") if isinstance(doc, dict) else None
    return ts if isinstance(ts, int) and not isinstance(ts, bool) else None


def records_in_time_order(per_file: Sequence[Iterable[Record]]) -> Iterator[Record]:
    """Merge files already in event-time order; simultaneous records go by content."""
    merged: Iterable[Record] = per_file[0] if len(per_file) == 1 else heapq.merge(*per_file, key=_ts)
    group: list[Record] = []
    for rec in merged:
        if group and rec.ts_ns != group[0].ts_ns:
            yield from _settled(group)
            group = []
        group.append(rec)
    yield from _settled(group)


def _settled(group: list[Record]) -> list[Record]:
    return group if len(group) < 2 else sorted(group, key=tie_key)

