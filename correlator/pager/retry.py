"""What an answer means, and how long to wait before the next attempt. Pure.

PagerDuty's Events API v2: 202 accepted; 400 invalid (do not retry); 429 too many requests and
5xx (retry after a while, with backoff). Slack and webhooks follow the same rule: 2xx done;
408, 425, 429 and 5xx retried; any other 4xx refused for good. A network error or a timeout
(``status`` None) is retried.

>>> b = Backoff(initial_s=1, max_s=60, multiplier=2, jitter=0.5)
>>> [b.delay(n, rand=0.5) for n in range(8)]
[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 60.0, 60.0]
>>> b.delay(0, rand=0.0), b.delay(0, rand=1.0), b.delay(0, rand=0.5, retry_after_s=30)
(0.5, 1.5, 30.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Outcome = Literal["delivered", "retry", "refused"]
_RETRY_4XX = frozenset({408, 425, 429})


def classify(status: int | None) -> Outcome:
    if status is None:
        return "retry"
    if 200 <= status < 300:
        return "delivered"
    if status in _RETRY_4XX or status >= 500:
        return "retry"
    return "refused"


@dataclass(frozen=True, slots=True)
class Backoff:
    """``initial * multiplier**attempt`` capped at ``max``, spread by +-``jitter`` of itself."""

    initial_s: float
    max_s: float
    multiplier: float
    jitter: float

    def delay(self, attempt: int, rand: float, retry_after_s: float | None = None) -> float:
        """Seconds before attempt ``attempt + 1``; ``rand`` is uniform in [0, 1)."""
        base = min(self.max_s, self.initial_s * self.multiplier ** min(attempt, 64))
        spread = base * (1.0 + self.jitter * (2.0 * rand - 1.0))
        wait = min(self.max_s, spread)
        if retry_after_s is not None and retry_after_s > wait:
            return float(min(retry_after_s, max(self.max_s, 3600.0)))
        return float(round(wait, 6))


def retry_after(header: str | None) -> float | None:
    """Seconds from a ``Retry-After`` header in its delta-seconds form (dates are ignored).

    >>> retry_after("7"), retry_after(None), retry_after("Wed, 21 Oct 2015 07:28:00 GMT")
    (7.0, None, None)
    """
    if header is None:
        return None
    try:
        value = float(header.strip())
    except ValueError:
        return None
    return value if value >= 0 else None
