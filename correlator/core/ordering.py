"""Stage two's input order: findings are applied in (event time, node, kind) order.

Findings reach the incident book from many nodes, and in streaming mode from many workers
whose event time runs at different paces. Holding each finding until the producers' common
watermark has passed it, then applying in a total order, makes the book's decisions (which
incident a node joins, which id an incident gets) the same in every deployment.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from itertools import count

from correlator.core.outputs import Finding


@dataclass
class FindingOrder:
    """A reorder buffer keyed by :meth:`Finding.order_key`."""

    hold_ns: int
    _heap: list[tuple[tuple[int, str, int], int, Finding]] = field(default_factory=list)
    _seq: count[int] = field(default_factory=count)

    def add(self, findings: list[Finding]) -> None:
        for f in findings:
            heapq.heappush(self._heap, (f.order_key(), next(self._seq), f))

    def release(self, watermark_ns: int) -> list[Finding]:
        """Findings at or before ``watermark_ns - hold_ns``, in order."""
        upto = watermark_ns - self.hold_ns
        out = []
        heap = self._heap
        while heap and heap[0][0][0] <= upto:
            out.append(heapq.heappop(heap)[2])
        return out

    def next_ns(self) -> int:
        """Event time of the first finding held (a far future when none)."""
        return self._heap[0][0][0] if self._heap else 1 << 62

    def drain(self) -> list[Finding]:
        out = [heapq.heappop(self._heap)[2] for _ in range(len(self._heap))]
        return out

    def __len__(self) -> int:
        return len(self._heap)


def hold_for(silence_after_s: float, tick_s: float, max_clock_offset_s: float) -> int:
    """How far behind fleet time a finding can still be produced, in ns: the hold a shell
    needs when it only knows fleet time, not its nodes' watermarks (``Fleet.floor_ns``)."""
    return int((silence_after_s + 2 * tick_s + max_clock_offset_s) * 1e9)
