"""What real collection and transport do to records: skewed clocks, missed scrapes, and a
delivery path that reorders, duplicates and drops.

Clock offsets and missed scrapes happen where records are produced (a record carries its
producer's clock; a missed scrape never gets a ``seq``). Reordering, duplicates (same ``seq``)
and drops (a ``seq`` gap) happen on the way to the consumer, in :class:`Delivery`.
"""

from __future__ import annotations

import heapq
import random
from typing import Any

NODE_SOURCES = ("nvml", "dcgm", "vllm", "host")
MISSED_SCRAPE = 0.003
DROP_SAMPLE = 0.01
DUPLICATE = 0.005
MAX_DELAY_S = 3.0
LATE_DELAY_S = 8.0
LATE_SHARE = 0.01


class Clocks:
    """Per (node, source) clock offsets: mostly within 2 s, sometimes up to 10 s."""

    def __init__(self, seed: int, nodes: list[str], enabled: bool) -> None:
        self.offsets: dict[tuple[str, str], float] = {}
        rng = random.Random(f"clocks/{seed}")
        for node in nodes:
            for source in NODE_SOURCES:
                self.offsets[(node, source)] = _offset(rng) if enabled else 0.0
        self.enabled = enabled
        self.rng = random.Random(f"jitter/{seed}")

    def skew(self, node: str, source: str) -> float:
        """The offset plus a few milliseconds of per-reading jitter."""
        if not self.enabled:
            return 0.0
        return self.offsets[(node, source)] + (self.rng.random() - 0.5) * 0.014

    def missed(self) -> bool:
        return self.enabled and self.rng.random() < MISSED_SCRAPE


def _offset(rng: random.Random) -> float:
    size = rng.uniform(0.0, 2.0) if rng.random() < 0.9 else rng.uniform(2.0, 10.0)
    return size if rng.random() < 0.5 else -size


class Delivery:
    """A reordering, duplicating, dropping transport; records come out in delivery order."""

    def __init__(self, seed: int, enabled: bool) -> None:
        self.enabled = enabled
        self.rng = random.Random(f"delivery/{seed}")
        self.heap: list[tuple[float, int, dict[str, Any]]] = []
        self.n = 0

    def send(self, t: float, record: dict[str, Any]) -> None:
        """Hand over a record produced at true time ``t``."""
        if not self.enabled:
            self._push(t, record)
            return
        if record["kind"] == "alert":
            self._push(t + self.rng.uniform(0.05, 0.5), record)
            return
        if record["kind"] == "sample" and self.rng.random() < DROP_SAMPLE:
            return
        self._push(t + self._delay(), record)
        if self.rng.random() < DUPLICATE:
            self._push(t + self._delay() + self.rng.uniform(0.5, 3.0), record)

    def _delay(self) -> float:
        if self.rng.random() < LATE_SHARE:
            return self.rng.uniform(MAX_DELAY_S, LATE_DELAY_S)
        return self.rng.uniform(0.0, MAX_DELAY_S)

    def _push(self, when: float, record: dict[str, Any]) -> None:
        self.n += 1
        heapq.heappush(self.heap, (when, self.n, record))

    def receive(self, until: float) -> list[dict[str, Any]]:
        """Everything delivered before ``until``, in delivery order."""
        out = []
        while self.heap and self.heap[0][0] < until:
            out.append(heapq.heappop(self.heap)[2])
        return out
