"""Dead letters appended to a JSON Lines file, flushed per letter (no broker in this mode).

The shape is the shared one (:func:`correlator.wire.deadletter.encode`): origin, reason, and the
original bytes. With no path, letters are only counted.
"""

from __future__ import annotations

from pathlib import Path
from typing import IO

from correlator.wire import deadletter
from correlator.wire.decode import Rejected


class DeadLetterLog:
    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.count = 0
        self._fh: IO[bytes] | None = None

    def write(self, rej: Rejected) -> None:
        self.count += 1
        if self.path is None:
            return
        if self._fh is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._fh = self.path.open("ab")
        self._fh.write(deadletter.encode(rej) + b"\n")
        self._fh.flush()

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None
