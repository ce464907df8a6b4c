"""What a receiver has been sent, per incident: the memory that makes delivery idempotent.

Incident records reach a subscriber at least once (Kafka redelivers what was not committed, a
restarted worker publishes its last records again, a replayed file comes back whole). Each
transition is identified by ``(incident_id, status, updated_ns)`` as every subscriber of the
topic does; the ledger keeps the last one handled per incident and judges a record against it:

- ``new``: later than anything handled (``updated_ns``, then open < update < resolved): send it;
- ``duplicate``: the very transition handled last: skip;
- ``stale``: older than the last handled: skip (its news were already superseded).

Pure; :mod:`correlator.pager.journal` makes it durable. Entries are removed once the incident
has been quiet for ``retention_ns`` of event time behind the newest record handled, and the
least recently touched go first beyond ``capacity``.

>>> led = Ledger(retention_ns=10, capacity=100)
>>> led.judge("i1", "open", 5)
'new'
>>> _ = led.record("i1", "open", 5, "delivered")
>>> led.judge("i1", "open", 5), led.judge("i1", "update", 5), led.judge("i1", "open", 4)
('duplicate', 'new', 'stale')
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Literal

RANK = {"open": 0, "update": 1, "resolved": 2}
Verdict = Literal["new", "duplicate", "stale"]
Handled = Literal["delivered", "refused", "gave_up", "filtered"]


@dataclass(slots=True)
class Entry:
    status: str
    updated_ns: int
    outcome: str
    sent: bool
    """Whether the receiver has been sent any transition of this incident (so it knows it)."""

    def key(self) -> tuple[int, int]:
        return (self.updated_ns, RANK[self.status])


class Ledger:
    def __init__(self, retention_ns: int, capacity: int) -> None:
        self.retention_ns = retention_ns
        self.capacity = capacity
        self.entries: OrderedDict[str, Entry] = OrderedDict()
        self.newest_ns = 0

    def __len__(self) -> int:
        return len(self.entries)

    def get(self, incident_id: str) -> Entry | None:
        return self.entries.get(incident_id)

    def judge(self, incident_id: str, status: str, updated_ns: int) -> Verdict:
        e = self.entries.get(incident_id)
        if e is None:
            return "new"
        key = (updated_ns, RANK[status])
        if key == e.key():
            return "duplicate"
        return "stale" if key < e.key() else "new"

    def record(self, incident_id: str, status: str, updated_ns: int, outcome: str,
               sent: bool | None = None) -> Entry:
        """The transition was handled (sent, refused for good, given up on, or filtered out)."""
        before = self.entries.pop(incident_id, None)
        if sent is None:
            sent = outcome == "delivered" or (before is not None and before.sent)
        e = Entry(status, updated_ns, outcome, sent)
        self.entries[incident_id] = e
        self.newest_ns = max(self.newest_ns, updated_ns)
        self.expire()
        return e

    def expire(self) -> None:
        """Drop, least recently touched first, what is past retention or over capacity."""
        horizon = self.newest_ns - self.retention_ns
        while self.entries:
            first = next(iter(self.entries.values()))
            if first.updated_ns >= horizon and len(self.entries) <= self.capacity:
                break
            self.entries.popitem(last=False)
