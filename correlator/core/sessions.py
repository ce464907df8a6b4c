"""Session statistics from ``request_finished`` events, bounded by count and age.

Only what the hypotheses need is kept per session: its tenants (a session id seen under two
tenants is an isolation violation on its face), first and last turn, the number of turns and
the context its last completed turn left. A chat turn's prompt carries the conversation so
far, so a prompt far shorter than that context is a new conversation under an old id: a
*restart*, the write-up's tell of a tenant reusing session ids (whose old KV a cache keyed by
session id never releases).

That reading holds only for a tenant whose requests under one id do carry their history. A
client that sends each request on its own under a session header (retrieval, agents, batch
jobs) has prompts of any length turn after turn, and a third of its turns would read as
restarts. So each tenant's recent turns are kept as bit rings: a shorter prompt counts as a
restart only once the tenant has shown enough turns, few enough of them were shorter, and
most of them carried the conversation (a prompt at least about the context before it). Chat
clients that resend their history carry it in nine turns of ten or more; prompts independent
of each other do in about half (0.39-0.52 in two outsiders' request logs), and now and then
in a window of 128 turns only a fifth of those are shorter.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field

RESTART_SHARE = 0.5
"""A prompt below this share of the session's last context starts a new conversation."""
RESTARTS_KEPT = 64
PREMISE_TURNS = 128
"""Follow-up turns per tenant whose shape (shorter prompt or not) is kept."""
PREMISE_MIN_TURNS = 16
"""Follow-up turns a tenant must have shown before its shorter prompts count as restarts."""
PREMISE_MAX_SHARE = 0.2
"""Above this share of shorter prompts among its recent turns a tenant's prompts do not carry
their conversation (chat clients that resend their history stay near 0)."""
PREMISE_MIN_CARRIED = 0.7
"""At least this share of a tenant's recent follow-up turns must carry their conversation."""
CARRIED_SHARE = 0.9
"""A follow-up prompt of at least this share of the session's last context carries it."""
TENANTS_KEPT = 256


@dataclass(slots=True)
class Session:
    tenant: str
    first_ns: int
    last_ns: int
    turns: int = 1
    shared: bool = False
    context: int = 0
    """Prompt plus answer of the last turn that completed (0: unknown, or it was cut off)."""
    opened_large: bool = False
    """Its first turn's prompt was a large document: a conversation about a report or a
    contract, whose context the serving stack holds turn after turn."""


@dataclass
class SessionTracker:
    """LRU of recent sessions of one node; expiry by TTL and capacity."""

    capacity: int
    ttl_ns: int
    sessions: OrderedDict[str, Session] = field(default_factory=OrderedDict)
    collisions_ns: list[int] = field(default_factory=list)
    restarts: list[tuple[int, str]] = field(default_factory=list)
    """(time, tenant) of the latest restarts (new conversations under a known id), bounded."""
    shapes: dict[str, tuple[int, int, int, int]] = field(default_factory=dict)
    """Per tenant: its last follow-up turns as bits (1: a shorter prompt) and how many there
    are; then as bits again (1: the prompt carried the conversation) and how many of those."""

    def __setstate__(self, state: dict[str, object]) -> None:
        """Snapshots from before the tenants' turn shapes: none known yet; from before the
        carried-turn ring: that ring starts empty."""
        self.__dict__.update(state)
        if "shapes" not in state:
            self.shapes = {}
        for tenant, shape in self.shapes.items():
            if len(shape) == 2:
                self.shapes[tenant] = (*shape, 0, 0)

    def observe(self, session: str, tenant: str, ts_ns: int, prompt: int = -1, context: int = 0,
                large: bool = False) -> None:
        """One finished request; ``prompt`` its prompt tokens (-1: unknown), ``context`` what
        it leaves for the next turn (prompt + answer; 0 when it was cut off or unknown);
        ``large``: its prompt is a large document."""
        known = self.sessions.get(session)
        if known is None:
            self.sessions[session] = Session(tenant, ts_ns, ts_ns, context=context, opened_large=large)
            if len(self.sessions) > self.capacity:
                self.sessions.popitem(last=False)
            return
        self.sessions.move_to_end(session)
        known.turns += 1
        known.last_ns = max(known.last_ns, ts_ns)
        before = getattr(known, "context", 0)  # sessions restored from an older snapshot lack it
        if before > 0 and prompt >= 0:
            shorter = prompt < RESTART_SHARE * before
            if shorter and self._carries_history(tenant):
                self.restarts.append((ts_ns, tenant))
                del self.restarts[:-RESTARTS_KEPT]
            self._shape(tenant, shorter, prompt >= CARRIED_SHARE * before)
        known.context = context
        if tenant and known.tenant and tenant != known.tenant and not known.shared:
            known.shared = True
            self.collisions_ns.append(ts_ns)
            del self.collisions_ns[:-32]

    def _carries_history(self, tenant: str) -> bool:
        """Do this tenant's prompts carry their conversation (few shorter turns lately, and
        most of them at least the context before them)?"""
        bits, n, carried, m = self.shapes.get(tenant, (0, 0, 0, 0))
        return (n >= PREMISE_MIN_TURNS and bits.bit_count() <= PREMISE_MAX_SHARE * n
                and m >= PREMISE_MIN_TURNS and carried.bit_count() >= PREMISE_MIN_CARRIED * m)

    def _shape(self, tenant: str, shorter: bool, carried: bool) -> None:
        bits, n, cbits, m = self.shapes.pop(tenant, (0, 0, 0, 0))  # re-inserted last: an LRU
        mask = (1 << PREMISE_TURNS) - 1
        self.shapes[tenant] = (((bits << 1) | shorter) & mask, min(n + 1, PREMISE_TURNS),
                               ((cbits << 1) | carried) & mask, min(m + 1, PREMISE_TURNS))
        if len(self.shapes) > TENANTS_KEPT:
            del self.shapes[next(iter(self.shapes))]

    def expire(self, now_ns: int) -> None:
        while self.sessions:
            key, oldest = next(iter(self.sessions.items()))
            if now_ns - oldest.last_ns <= self.ttl_ns:
                break
            del self.sessions[key]

    def restarts_since(self, since_ns: int) -> tuple[int, str]:
        """Restarts since ``since_ns`` of the tenant with most of them: (how many, tenant).

        >>> t = SessionTracker(capacity=8, ttl_ns=10**12)
        >>> t.observe("s", "acme", 1, prompt=900, context=1200)
        >>> for turn in range(2, 18):                            # the conversation goes on
        ...     t.observe("s", "acme", turn, prompt=1000 * turn, context=1000 * turn + 200)
        >>> t.observe("s", "acme", 18, prompt=300, context=500)  # a new one under the old id
        >>> t.restarts_since(0)
        (1, 'acme')
        """
        per: dict[str, int] = {}
        for ts, tenant in self.restarts:
            if ts >= since_ns:
                per[tenant] = per.get(tenant, 0) + 1
        if not per:
            return 0, ""
        top = max(per, key=lambda k: per[k])
        return per[top], top

    def large_conversation(self, now_ns: int, live_s: float) -> int:
        """When the conversation that opened with a large document began, where there is one
        such conversation among the sessions kept, with a second turn and going on (a turn
        within ``live_s``); -1: none, or several (a fleet whose everyday traffic is long
        conversations has no episode of one)."""
        found: Session | None = None
        for s in self.sessions.values():
            if s.turns >= 2 and getattr(s, "opened_large", False):  # (older snapshots lack it)
                if found is not None:
                    return -1  # a second one: no episode
                found = s
        if found is None or found.last_ns < now_ns - int(live_s * 1e9):
            return -1
        return found.first_ns

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
