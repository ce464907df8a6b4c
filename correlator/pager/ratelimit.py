"""A token bucket per key (routing key or URL). Pure: time is an argument, in seconds.

>>> b = TokenBucket(per_s=1.0, burst=2)
>>> [b.take(0.0), b.take(0.0), b.take(0.0), b.take(0.5)]
[0.0, 0.0, 1.0, 1.5]
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass


@dataclass
class TokenBucket:
    per_s: float
    burst: int
    tokens: float = -1.0
    at_s: float | None = None

    def take(self, now_s: float) -> float:
        """Reserve one request; seconds to wait before sending it (0: send now)."""
        if self.at_s is None:
            self.tokens, self.at_s = float(self.burst), now_s
        elapsed = max(0.0, now_s - self.at_s)
        self.tokens = min(float(self.burst), self.tokens + elapsed * self.per_s)
        self.at_s = max(self.at_s, now_s)
        self.tokens -= 1.0
        if self.tokens >= 0:
            return 0.0
        return -self.tokens / self.per_s


class Buckets:
    """Buckets shared by every receiver that sends with the same key (held as a digest)."""

    def __init__(self) -> None:
        self._buckets: dict[str, TokenBucket] = {}

    def for_key(self, key: str, per_minute: float, burst: int) -> TokenBucket:
        digest = hashlib.sha256(key.encode()).hexdigest()
        b = self._buckets.get(digest)
        if b is None:
            b = self._buckets[digest] = TokenBucket(per_minute / 60.0, burst)
        return b
