"""vLLM's KV block pool with prefix caching, at the granularity of prompt segments.

A *segment* is a run of tokens with one identity (a tenant's system prompt, one turn of a
session, a 512-token Mooncake hash block). Referenced segments are *pinned*; a segment whose
last reference goes becomes *cached*: still resident and reusable as a prefix hit, but free in
the usage sense and evicted least-recently-used first when a new block is needed. As in vLLM:
``kv_cache_usage_perc`` counts referenced blocks only, freeing emits no event, and only
eviction of a cached block emits ``BlockRemoved``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Sequence

from correlator.sim.catalog import BLOCK_SIZE

Segment = tuple[Hashable, int]
"""(identity, tokens)."""


def blocks_for(tokens: float) -> int:
    return -(-int(tokens) // BLOCK_SIZE)


class BlockPool:
    """One engine's pool: block counts, references, LRU of cached segments, event counts."""

    __slots__ = ("cached", "cached_blocks", "pinned", "removed", "stored", "total", "used")

    def __init__(self, total_blocks: int) -> None:
        self.total = total_blocks
        self.pinned: dict[Hashable, list[int]] = {}
        self.cached: OrderedDict[Hashable, int] = OrderedDict()
        self.used = 0
        self.cached_blocks = 0
        self.stored = 0
        self.removed = 0

    @property
    def usage(self) -> float:
        return self.used / self.total

    def available(self) -> int:
        """Blocks obtainable now: never-used ones plus evictable cached ones."""
        return self.total - self.used

    def resident(self, key: Hashable) -> int:
        """Blocks of ``key`` present on the GPU (pinned or cached)."""
        entry = self.pinned.get(key)
        if entry is not None:
            return entry[0]
        return self.cached.get(key, 0)

    def cost(self, key: Hashable, blocks: int) -> int:
        """How much :meth:`available` drops if ``key`` is acquired at ``blocks`` blocks: a
        cached segment becomes referenced as a whole, a pinned one only grows."""
        entry = self.pinned.get(key)
        if entry is not None:
            return max(0, blocks - entry[0])
        return max(blocks, self.cached.get(key, 0))

    def prefix_hit(self, segments: Sequence[Segment]) -> int:
        """Tokens of the prompt found in the pool, walking segments until the first miss."""
        hit = 0
        for key, tokens in segments:
            have = self.resident(key) * BLOCK_SIZE
            hit += min(have, tokens)
            if have < tokens:
                break
        return hit

    def alloc(self, blocks: int) -> bool:
        """Take ``blocks`` blocks, evicting cached ones LRU-first; False if the pool is full."""
        if blocks <= 0:
            return True
        if blocks > self.total - self.used:
            return False
        short = blocks - (self.total - self.used - self.cached_blocks)
        if short > 0:
            self._evict(short)
        self.used += blocks
        self.stored += blocks
        return True

    def _evict(self, blocks: int) -> None:
        while blocks > 0:
            key, have = self.cached.popitem(last=False)
            take = min(have, blocks)
            if have > take:
                self.cached[key] = have - take
                self.cached.move_to_end(key, last=False)
            self.cached_blocks -= take
            self.removed += take
            blocks -= take

    def acquire(self, key: Hashable, blocks: int) -> bool:
        """Reference a segment that needs ``blocks`` blocks, computing what is not resident."""
        entry = self.pinned.get(key)
        if entry is not None:
            entry[1] += 1
            return self._grow(entry, blocks)
        have = self.cached.pop(key, 0)
        self.cached_blocks -= have
        self.used += have
        entry = [have, 1]
        self.pinned[key] = entry
        if self._grow(entry, blocks):
            return True
        self.release(key)
        return False

    def _grow(self, entry: list[int], blocks: int) -> bool:
        need = blocks - entry[0]
        if need <= 0:
            return True
        if not self.alloc(need):
            return False
        entry[0] = blocks
        return True

    def grow(self, key: Hashable, blocks: int) -> bool:
        """Extend a pinned segment (decode filled another block)."""
        return self._grow(self.pinned[key], blocks)

    def merge(self, src: Hashable, dst: Hashable) -> None:
        """Append pinned ``src`` to ``dst`` (a turn joins its session's history): the blocks
        and the references move, nothing is computed or freed. A stale cached copy of
        ``dst`` is superseded."""
        moved = self.pinned.pop(src)
        entry = self.pinned.get(dst)
        if entry is None:
            self.cached_blocks -= self.cached.pop(dst, 0)
            entry = self.pinned[dst] = [0, 0]
        entry[0] += moved[0]
        entry[1] += moved[1]

    def release(self, key: Hashable) -> None:
        """Drop one reference; the last one turns the segment into an evictable cached one."""
        entry = self.pinned[key]
        entry[1] -= 1
        if entry[1] > 0:
            return
        del self.pinned[key]
        self.used -= entry[0]
        if entry[0] > 0:
            self.cached[key] = entry[0]
            self.cached_blocks += entry[0]

    def clear_cached(self) -> int:
        """``reset_prefix_cache``: drop every cached block; returns how many."""
        dropped = self.cached_blocks
        self.cached.clear()
        self.cached_blocks = 0
        return dropped
