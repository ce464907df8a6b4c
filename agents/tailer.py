"""Follows a growing JSON Lines file as ``tail -F`` would, and remembers where it stands.

- **Complete lines only.** A last line without its newline waits for it; a file that is rotated
  away is read to its end, its last line then taken as it is.
- **Rotation** (renamed, a new file created at the path): the old file is read on until it has
  stayed at its end for ``rotated_grace_s`` (a writer may write to it until it reopens), and
  the new one from its start.
- **Truncation** (``copytruncate``): a file shorter than what was read, or whose first bytes
  changed (truncated and written again past the old position), is read again from its start;
  when the copy is found next to it (a file named after it with the same first bytes), the
  copy's lines that were not read yet are read first.
- **Position.** :meth:`Tailer.snapshot` is every open file's device, inode, position, line
  number and a CRC of its first bytes (up to 4 KiB); :meth:`Tailer.start` resumes from one,
  looking for a file that was rotated away meanwhile among the files named after the path
  (``gw.jsonl.1``, ``gw.jsonl-20250101``), by inode and first bytes.
- **Bounded.** One round reads at most ``max_round_bytes``; a line longer than that is
  reported (``too_long``) and skipped.
"""

from __future__ import annotations

import contextlib
import logging
import os
import stat
import time
import zlib
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

HEAD_BYTES = 4096
"""The first bytes of a file whose CRC tells it from another file under the same inode."""
TAIL_WINDOW = 1 << 16
"""At a first start at the end, where the last complete line is looked for."""
COUNT_LINES_UP_TO = 256 << 20
"""At a first start at the end, a file up to this size has its lines counted (line numbers
in the warnings); beyond it they are unknown, and the warnings give byte offsets only."""
MAX_ROTATED = 8
"""Rotated files still read at once; beyond them the oldest is closed."""
SIBLINGS_CHECKED = 64


@dataclass(frozen=True)
class Line:
    """One line read: its bytes (without the newline), 1-based number (None when unknown),
    byte offset, and the file (``rotated`` when it is not the one at the path any more)."""

    data: bytes
    number: int | None
    offset: int
    rotated: bool = False
    too_long: bool = False


@dataclass
class Position:
    """Where reading stands in one file; what the state file keeps of it."""

    dev: int
    ino: int
    pos: int = 0
    """Bytes consumed: through the last complete line (or into a line being skipped)."""
    line: int | None = 0
    head_len: int = 0
    head_crc: int = 0
    skipping: bool = False
    current: bool = True
    """The file at the path (False: rotated away, read to its end)."""


@dataclass
class _Open:
    fd: int
    at: Position
    idle_since: float | None = None


class Tailer:
    """Reads the complete lines added to ``path`` since the last round."""

    def __init__(self, path: Path, *, from_start: bool = False, max_round_bytes: int = 8 << 20,
                 rotated_grace_s: float = 30.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.path = path
        self.from_start = from_start
        self.max_round_bytes = max_round_bytes
        self.rotated_grace_s = rotated_grace_s
        self.clock = clock
        self.current: _Open | None = None
        self.rotated: list[_Open] = []
        self.problem: str | None = None
        """Why the path cannot be read (missing, not a file, no permission), while no file
        of it is open; None when it can."""
        self.behind = 0
        """Bytes written but not read yet, after the last round."""

    # ---- start and state ------------------------------------------------------------------
    def start(self, saved: dict[str, Any] | None) -> None:
        """Open the path: where ``saved`` (a :meth:`snapshot`) left it, else at its end (or its
        start with ``from_start``). A path that does not exist yet is read from its start when
        it appears."""
        if saved is not None:
            self._resume(saved)
            return
        fd, err = self._open_path()
        if fd is None:
            self.problem = err
            return
        at = _position(fd)
        if not self.from_start:
            _seek_end(fd, at)
        self.current = _Open(fd, at)
        _update_head(self.current)

    def snapshot(self) -> dict[str, Any]:
        files = [f.at for f in self.rotated]
        if self.current is not None:
            files.append(self.current.at)
        return {"v": 1, "path": str(self.path), "files": [asdict(p) for p in files]}

    def close(self) -> None:
        for f in [*self.rotated, *([self.current] if self.current else [])]:
            os.close(f.fd)
        self.rotated, self.current = [], None

    def _resume(self, saved: dict[str, Any]) -> None:
        for entry in saved.get("files", []):
            at = Position(**entry)
            found = self._find(at)
            if found is None:
                log.warning("request log: %s (inode %d), read up to byte %d, is gone (rotated "
                            "away and removed or compressed while the agent was stopped); what "
                            "was written to it after that byte is lost", self._name(at), at.ino,
                            at.pos)
                continue
            fd, same_path = found
            f = _Open(fd, at)
            if same_path and self.current is None:
                self.current = f
                f.at.current = True
            else:
                f.at.current = False
                self.rotated.append(f)
        if self.current is None:
            path_fd, err = self._open_path()
            if path_fd is not None and not self._is_open(os.fstat(path_fd)):
                self.current = _Open(path_fd, _position(path_fd))
            elif path_fd is not None:
                os.close(path_fd)
            self.problem = err

    def _find(self, at: Position) -> tuple[int, bool] | None:
        """The file ``at`` was read from, opened at its position (and whether it is the one at
        the path); or, where that file was truncated (``copytruncate``), its copy; or None.
        A file at the path that is not the same any more (truncated, or another file under a
        reused inode) is left for the path's own turn, from its start."""
        for name in [self.path, *self._siblings()]:
            try:
                st = os.stat(name)
            except OSError:
                continue
            if (st.st_dev, st.st_ino) != (at.dev, at.ino) or not stat.S_ISREG(st.st_mode):
                continue
            try:
                fd = os.open(name, os.O_RDONLY | os.O_CLOEXEC)
            except OSError:  # gone, or not ours to read, since the stat
                continue
            if st.st_size >= at.pos and _head_matches(fd, at):
                return fd, name == self.path
            os.close(fd)
            break
        copy = self._copy_of(at, exclude=None)
        return (copy, False) if copy is not None else None

    def _copy_of(self, at: Position, exclude: tuple[int, int] | None) -> int | None:
        """A file named after the path (not ``exclude``'s device and inode) holding at least
        ``at.pos`` bytes and beginning as ``at``'s did: the copy ``copytruncate`` made."""
        if at.head_len == 0:
            return None
        for name in self._siblings():
            try:
                fd = os.open(name, os.O_RDONLY | os.O_CLOEXEC)
            except OSError:
                continue
            st = os.fstat(fd)
            if (stat.S_ISREG(st.st_mode) and (st.st_dev, st.st_ino) != exclude
                    and not self._is_open(st) and st.st_size >= at.pos and _head_matches(fd, at)):
                at.dev, at.ino = st.st_dev, st.st_ino
                return fd
            os.close(fd)
        return None

    def _siblings(self) -> list[Path]:
        """Files next to the path whose names begin with its name, newest first; where the
        path is a symbolic link (Kubernetes' /var/log/containers/*.log), next to its target
        too, where the rotated files are."""
        places = {self.path}
        with contextlib.suppress(OSError):
            places.add(Path(os.path.realpath(self.path)))
        found: dict[str, float] = {}
        for path in places:
            base = path.name
            try:
                with os.scandir(path.parent) as it:
                    for e in it:
                        if e.name.startswith(base) and e.name != base:
                            try:
                                if e.is_file():
                                    found[e.path] = e.stat().st_mtime
                            except OSError:  # removed meanwhile
                                continue
            except OSError:
                continue
        newest = sorted(found, key=lambda name: (found[name], name), reverse=True)
        return [Path(name) for name in newest[:SIBLINGS_CHECKED]]

    def _is_open(self, st: os.stat_result) -> bool:
        return any((f.at.dev, f.at.ino) == (st.st_dev, st.st_ino)
                   for f in [*self.rotated, *([self.current] if self.current else [])])

    def _open_path(self) -> tuple[int | None, str | None]:
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_CLOEXEC)
        except OSError as err:
            return None, f"{self.path}: {err.strerror or err}"
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            return None, f"{self.path}: not a regular file"
        return fd, None

    def _name(self, at: Position) -> str:
        return str(self.path) if at.current else f"{self.path} (rotated)"

    # ---- rounds --------------------------------------------------------------------------
    def read(self) -> list[Line]:
        """The complete lines added since the last round, rotated files' first, at most
        ``max_round_bytes`` in all."""
        self._follow_path()
        budget = self.max_round_bytes
        lines: list[Line] = []
        for f in list(self.rotated):
            budget -= self._read(f, budget, lines)
            self._retire(f, lines)
        if self.current is not None:
            budget -= self._read(self.current, budget, lines)
        self.behind = sum(max(0, os.fstat(f.fd).st_size - f.at.pos)
                          for f in [*self.rotated, *([self.current] if self.current else [])])
        return lines

    def _follow_path(self) -> None:
        """Notice a new file at the path (rotation), a truncated one, or the path appearing."""
        fd, err = self._open_path()
        if fd is None:
            self.problem = None if self.current is not None or self.rotated else err
            return
        self.problem = None
        st = os.fstat(fd)
        cur = self.current
        if cur is None:
            if self._is_open(st):  # the path is again a file being read as rotated
                os.close(fd)
                return
            self.current = _Open(fd, _position(fd))
            return
        if (st.st_dev, st.st_ino) != (cur.at.dev, cur.at.ino):
            log.info("request log: %s was rotated; reading the old file to its end, then the "
                     "new one from its start", self.path)
            cur.at.current = False
            self.rotated.append(cur)
            if len(self.rotated) > MAX_ROTATED:
                self._drop(self.rotated[0], "too many rotated files still being read")
            self.current = _Open(fd, _position(fd))
            return
        os.close(fd)
        if st.st_size < cur.at.pos or not _head_matches(cur.fd, cur.at):
            self._truncated(cur, st)

    def _truncated(self, cur: _Open, st: os.stat_result) -> None:
        copy = self._copy_of(Position(**asdict(cur.at)), exclude=(st.st_dev, st.st_ino))
        if copy is not None:
            st_copy = os.fstat(copy)
            at = Position(**{**asdict(cur.at), "dev": st_copy.st_dev, "ino": st_copy.st_ino,
                             "current": False})
            self.rotated.append(_Open(copy, at))
            log.info("request log: %s was truncated; reading the rest of its copy, then the file "
                     "from its start", self.path)
        else:
            log.info("request log: %s was truncated (%d bytes, %d were read); reading it from its "
                     "start", self.path, st.st_size, cur.at.pos)
        cur.at.pos, cur.at.line, cur.at.head_len, cur.at.head_crc = 0, 0, 0, 0
        cur.at.skipping = False

    def _read(self, f: _Open, budget: int, out: list[Line]) -> int:
        """Read ``f``'s complete lines into ``out``, at most ``budget`` bytes; bytes read."""
        at = f.at
        if budget <= 0:  # this round's bytes are spent: not idle, just later
            return 0
        size = os.fstat(f.fd).st_size
        data = os.pread(f.fd, min(budget, size - at.pos), at.pos) if size > at.pos else b""
        base, i = at.pos, 0
        if at.skipping and data:  # the rest of a line too long to keep
            nl = data.find(b"\n")
            if nl < 0:
                at.pos += len(data)
                f.idle_since = None
                return len(data)
            i, at.skipping = nl + 1, False
            at.line = None if at.line is None else at.line + 1
        last = data.rfind(b"\n")
        if last >= i:
            for chunk in data[i:last].split(b"\n"):
                at.line = None if at.line is None else at.line + 1
                out.append(Line(chunk, at.line, base + i, not at.current))
                i += len(chunk) + 1
        elif len(data) - i >= self.max_round_bytes:
            number = None if at.line is None else at.line + 1
            out.append(Line(b"", number, base + i, not at.current, too_long=True))
            at.skipping, i = True, len(data)
        at.pos = base + i
        if i:
            f.idle_since = None
        elif f.idle_since is None:  # nothing complete came: at its end, or a line still open
            f.idle_since = self.clock()
        _update_head(f)
        return len(data)

    def _retire(self, f: _Open, out: list[Line]) -> None:
        """Close a rotated file that has stayed at its end for the grace period, taking its
        last line if it has no newline."""
        if f.idle_since is None or self.clock() - f.idle_since < self.rotated_grace_s:
            return
        size = os.fstat(f.fd).st_size
        if size > f.at.pos and not f.at.skipping:
            rest = os.pread(f.fd, min(size - f.at.pos, self.max_round_bytes), f.at.pos)
            number = None if f.at.line is None else f.at.line + 1
            out.append(Line(rest, number, f.at.pos, True, too_long=size - f.at.pos > len(rest)))
        self._drop(f, "")

    def _drop(self, f: _Open, why: str) -> None:
        if why:
            log.warning("request log: closing %s (inode %d) at byte %d: %s", self._name(f.at),
                        f.at.ino, f.at.pos, why)
        os.close(f.fd)
        self.rotated.remove(f)


def _position(fd: int) -> Position:
    st = os.fstat(fd)
    return Position(st.st_dev, st.st_ino)


def _seek_end(fd: int, at: Position) -> None:
    """Put ``at`` after the last complete line (a line still being written is read when it
    ends; one longer than the window is skipped), with the lines before it counted."""
    size = os.fstat(fd).st_size
    start = max(0, size - TAIL_WINDOW)
    block = os.pread(fd, size - start, start)
    nl = block.rfind(b"\n")
    if nl >= 0:
        at.pos = start + nl + 1
    elif start > 0:
        at.pos, at.skipping = size, True
    at.line = _count_lines(fd, at.pos) if at.pos <= COUNT_LINES_UP_TO else None


def _count_lines(fd: int, end: int) -> int:
    count, pos = 0, 0
    while pos < end:
        chunk = os.pread(fd, min(1 << 20, end - pos), pos)
        if not chunk:
            break
        count += chunk.count(b"\n")
        pos += len(chunk)
    return count


def _update_head(f: _Open) -> None:
    """Keep the CRC of the file's first bytes (those read, up to :data:`HEAD_BYTES`)."""
    at = f.at
    want = min(at.pos, HEAD_BYTES)
    if want > at.head_len:
        head = os.pread(f.fd, want, 0)
        at.head_len, at.head_crc = len(head), zlib.crc32(head)


def _head_matches(fd: int, at: Position) -> bool:
    if at.head_len == 0:
        return True
    head = os.pread(fd, at.head_len, 0)
    return len(head) == at.head_len and zlib.crc32(head) == at.head_crc
