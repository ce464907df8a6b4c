"""The serving stack's session cache on top of vLLM's block pool.

Between turns a session's context stays pinned in the pool, so the next turn is a prefix hit.
A reclaim sweep every 2-5 minutes unpins sessions idle for longer than the TTL; that is what
makes healthy KV usage a saw-tooth. Above a high watermark the sweep also offloads the
least-recently-used contexts to host memory (a plain LRU). A session marked ``immortal``
(a client reusing session ids, so the entry always looks active) is never reclaimed: its
blocks stay pinned, and once offloaded they stay in host memory.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from correlator.sim.kvcache import BlockPool, Segment, blocks_for
from correlator.sim.request import Request, Session

HIGH_WATERMARK = 0.92
LOW_WATERMARK = 0.84


@dataclass(slots=True)
class HostEntry:
    """A context copied to host memory: its size, and when its session was last active."""

    nbytes: int
    last_active: float
    immortal: bool


@dataclass(slots=True)
class Entry:
    """What this cache pins for one session (a session that moved to another node keeps its
    stale entry here until it expires)."""

    session: Session
    segments: list[Segment]
    last_active: float

    @property
    def tokens(self) -> int:
        return sum(tokens for _, tokens in self.segments)


class SessionCache:
    """Pins, sweeps and offloads session contexts; tracks the host-memory tier it fills."""

    __slots__ = ("bytes_per_token", "entries", "host", "host_bytes", "pool", "reclaimed", "ttl")

    def __init__(self, pool: BlockPool, ttl_s: float, bytes_per_token: int) -> None:
        self.pool = pool
        self.ttl = ttl_s
        self.bytes_per_token = bytes_per_token
        self.entries: OrderedDict[str, Entry] = OrderedDict()
        self.host: dict[str, HostEntry] = {}
        self.host_bytes = 0
        self.reclaimed = 0

    def keep(self, session: Session, request: Request, now: float) -> None:
        """After a turn: the context grows by the turn and stays pinned (before the request
        lets go of its blocks, so nothing is freed in between)."""
        if request.history is not None:
            segments = self._append_turn(request)
        else:
            new = (request.new_key, request.user_tokens + int(request.generated))
            segments = [*request.segments[:-1], new]
        entry = self.entries.get(session.sid)
        old = entry.segments if entry is not None else []
        self._repin(old, segments)
        if entry is not None:
            entry.segments = segments
            entry.last_active = now
            self.entries.move_to_end(session.sid)
        else:
            self.entries[session.sid] = Entry(session, segments, now)
        session.segments = segments
        session.last_active = now
        self._drop_host(session.sid)

    def _append_turn(self, request: Request) -> list[Segment]:
        """Merge the turn into the session's history segment; the request's reference to the
        turn becomes one to the history."""
        hist = request.history
        before = sum(tokens for key, tokens in request.segments[:-1] if key == hist)
        self.pool.merge(request.new_key, hist)
        request.new_key = hist
        grown = before + request.user_tokens + int(request.generated)
        return [*(s for s in request.segments[:-1] if s[0] != hist), (hist, grown)]

    def adopt(self, session: Session, last_active: float) -> None:
        """Hold a session that was already cached when the simulation began."""
        self._repin([], session.segments)
        self.entries[session.sid] = Entry(session, list(session.segments), last_active)
        session.last_active = last_active

    def _repin(self, old: list[Segment], new: list[Segment]) -> None:
        """Pin what the new context adds, then unpin what it no longer has."""
        had = {key for key, _ in old}
        for key, tokens in new:
            if key not in had:
                self.pool.acquire(key, blocks_for(tokens))
        still = {key for key, _ in new}
        for key, _ in old:
            if key not in still:
                self.pool.release(key)

    def unpin(self, sid: str) -> None:
        entry = self.entries.pop(sid, None)
        if entry is None:
            return
        for key, _ in entry.segments:
            self.pool.release(key)

    def sweep(self, now: float) -> None:
        """The periodic reclaim: idle sessions first, then host memory, then the watermark."""
        for sid, entry in list(self.entries.items()):
            if self._expired(entry, now):
                self.unpin(sid)
                self.reclaimed += 1
        for sid, host in list(self.host.items()):
            if not host.immortal and now - host.last_active > self.ttl:
                self._drop_host(sid)
        if self.pool.usage > HIGH_WATERMARK:
            self._offload()

    def _expired(self, entry: Entry, now: float) -> bool:
        session = entry.session
        return not (session.immortal or session.busy) and now - entry.last_active > self.ttl

    def _offload(self) -> None:
        """Plain LRU over sessions; an immortal entry is refreshed by its reused id, so it
        is always the most recent and goes last."""
        order = sorted(
            (e for e in self.entries.values() if not e.session.busy),
            key=lambda e: (e.session.immortal, e.last_active),
        )
        for entry in order:
            if self.pool.usage <= LOW_WATERMARK:
                return
            self._to_host(entry)

    def _to_host(self, entry: Entry) -> None:
        nbytes = entry.tokens * self.bytes_per_token
        sid = entry.session.sid
        self.host[sid] = HostEntry(nbytes, entry.last_active, entry.session.immortal)
        self.host_bytes += nbytes
        self.unpin(sid)

    def _drop_host(self, sid: str) -> None:
        host = self.host.pop(sid, None)
        if host is not None:
            self.host_bytes -= host.nbytes

    def reset(self) -> None:
        """The serving process died: its pins and its host tier are gone."""
        self.entries.clear()
        self.host.clear()
        self.host_bytes = 0
