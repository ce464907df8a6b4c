"""Dead-letter encoding shared by the file writer (replay) and the Kafka topic (workers).

A dead letter keeps the original bytes exactly (base64), where they came from and why they
were refused, so nothing is lost and the producer's bug can be reproduced.
"""

from __future__ import annotations

import base64
from pathlib import Path
from typing import IO

import orjson

from correlator.wire.decode import Rejected


def encode(rej: Rejected) -> bytes:
    """The JSON dead-letter record for one rejected input."""
    doc = {
        "v": 1,
        "origin": rej.origin,
        "reason": rej.reason,
        "size": len(rej.raw),
        "raw_b64": base64.b64encode(rej.raw).decode("ascii"),
    }
    return orjson.dumps(doc)


def decode_raw(letter: bytes) -> bytes:
    """The original bytes held by a dead-letter record."""
    return base64.b64decode(orjson.loads(letter)["raw_b64"])


class DeadLetterFile:
    """Appends dead letters as JSON Lines; opens the file lazily on the first reject. With
    ``flush``, each letter is flushed as it is written (a server answering for each request);
    without, the file is flushed when closed (a replay). With no path, letters are only
    counted."""

    def __init__(self, path: Path | None, *, flush: bool = False) -> None:
        self.path = path
        self.flush = flush
        self.count = 0
        self._fh: IO[bytes] | None = None

    def write(self, rej: Rejected) -> None:
        self.count += 1
        if self.path is None:
            return
        if self._fh is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._fh = self.path.open("ab")
        self._fh.write(encode(rej) + b"\n")
        if self.flush:
            self._fh.flush()

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None
