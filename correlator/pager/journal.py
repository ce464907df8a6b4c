"""The ledger on disk: an append-only JSON Lines file per receiver, fsynced per transition.

A line is written and synced *after* the receiver accepted a transition and *before* the
Kafka offset behind it is committed, so a subscriber killed at any point either finds the
transition in its journal when it restarts (and skips it) or has not sent it. The one
remaining window, between the receiver's 2xx and the sync, can repeat one message; for
PagerDuty that repeat is a trigger with the same ``dedup_key``, which PagerDuty folds into
the same alert.

The file is locked while a subscriber holds it (two pagers on one state folder would each
send), and rewritten with only the live entries when it has grown to twice their number.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from typing import IO

import orjson

from correlator.pager.ledger import Entry, Ledger


class JournalError(RuntimeError):
    """The journal cannot be used (locked by another pager, unreadable)."""


class Journal:
    def __init__(self, path: Path, ledger: Ledger) -> None:
        self.path = path
        self.ledger = ledger
        self.lines = 0
        self._fh: IO[bytes] | None = None

    def open(self) -> Ledger:
        """Lock the file, load every line into the ledger, and keep it open for appending."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fh = self.path.open("a+b")
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            fh.close()
            raise JournalError(f"{self.path} is in use by another pager process") from None
        self._fh = fh
        fh.seek(0)
        for raw in fh:
            self._load(raw)
        self.ledger.expire()
        return self.ledger

    def _load(self, raw: bytes) -> None:
        if not raw.endswith(b"\n"):
            return  # a line cut short by a crash: that transition was not recorded
        try:
            d = orjson.loads(raw)
            self.ledger.record(d["id"], d["s"], int(d["u"]), d["o"], bool(d.get("t")))
        except (orjson.JSONDecodeError, KeyError, TypeError, ValueError):
            return
        self.lines += 1

    def append(self, incident_id: str) -> None:
        e = self.ledger.get(incident_id)
        if e is None or self._fh is None:
            return
        self._fh.write(_line(incident_id, e))
        self._fh.flush()
        os.fsync(self._fh.fileno())
        self.lines += 1
        if self.lines > 2 * len(self.ledger) + 1024:
            self.compact()

    def compact(self) -> None:
        """Rewrite the file with the live entries only (atomically)."""
        tmp = self.path.with_name(self.path.name + ".tmp")
        with tmp.open("wb") as out:
            for iid, e in self.ledger.entries.items():
                out.write(_line(iid, e))
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, self.path)
        old, self._fh = self._fh, self.path.open("ab")
        fcntl.flock(self._fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        if old is not None:
            old.close()
        self.lines = len(self.ledger)

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None


def _line(incident_id: str, e: Entry) -> bytes:
    doc = {"id": incident_id, "s": e.status, "u": e.updated_ns, "o": e.outcome, "t": e.sent}
    return orjson.dumps(doc) + b"\n"
