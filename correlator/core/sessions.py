"""Session statistics from ``request_finished`` events, bounded by count and age.

Only what the hypotheses need is kept per session: its tenants (a session id seen under two
tenants is an isolation violation on its face), first and last turn, and the number of turns.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field


@dataclass(slots=True)
class Session:
    tenant: str
    first_ns: int
    last_ns: int
    turns: int = 1
    shared: bool = False


@dataclass
class SessionTracker:
    """LRU of recent sessions of one node; expiry by TTL and capacity."""

    capacity: int
    ttl_ns: int
    sessions: OrderedDict[str, Session] = field(default_factory=OrderedDict)
    collisions_ns: list[int] = field(default_factory=list)

    def observe(self, session: str, tenant: str, ts_ns: int) -> None:
        known = self.sessions.get(session)
        if known is None:
            self.sessions[session] = Session(tenant, ts_ns, ts_ns)
            if len(self.sessions) > self.capacity:
                self.sessions.popitem(last=False)
            return
        self.sessions.move_to_end(session)
        known.turns += 1
        known.last_ns = max(known.last_ns, ts_ns)
        if tenant and known.tenant and tenant != known.tenant and not known.shared:
            known.shared = True
            self.collisions_ns.append(ts_ns)
            del self.collisions_ns[:-32]

    def expire(self, now_ns: int) -> None:
        while self.sessions:
            key, oldest = next(iter(self.sessions.items()))
            if now_ns - oldest.last_ns <= self.ttl_ns:
                break
            del self.sessions[key]

    def collisions_since(self, since_ns: int) -> int:
        return sum(1 for t in self.collisions_ns if t >= since_ns)

    def active(self, since_ns: int) -> list[Session]:
        """Sessions with a turn since ``since_ns`` (the LRU order makes this a short walk)."""
        out = []
        for s in reversed(self.sessions.values()):
            if s.last_ns < since_ns:
                break
            out.append(s)
        return out

    def hot(self, since_ns: int, min_rate: float) -> tuple[int, str, float]:
        """Session ids taking turns faster than a conversation can: reused ids.

        Returns how many, the tenant holding most of them and their median turns/min.
        """
        rates: dict[str, list[float]] = {}
        for s in self.active(since_ns):
            minutes = (s.last_ns - s.first_ns) / 60e9
            if s.turns >= 40 and minutes >= 10.0 and s.turns / minutes >= min_rate:
                rates.setdefault(s.tenant, []).append(s.turns / minutes)
        if not rates:
            return 0, "", 0.0
        tenant = max(rates, key=lambda t: len(rates[t]))
        ordered = sorted(rates[tenant])
        return sum(len(v) for v in rates.values()), tenant, ordered[len(ordered) // 2]

    def stats(self, now_ns: int, active_s: float) -> tuple[float, int, float]:
        """(median lifetime s, max turns, max lifetime s) of sessions active recently."""
        live = self.active(now_ns - int(active_s * 1e9))
        if not live:
            return 0.0, 0, 0.0
        ages = sorted((s.last_ns - s.first_ns) / 1e9 for s in live)
        return ages[len(ages) // 2], max(s.turns for s in live), ages[-1]
