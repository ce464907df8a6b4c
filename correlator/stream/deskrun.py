"""Stage two for one run: every partition's findings -> the desk -> incident records.

The desk releases findings once the watermark common to all partitions has passed them
(:class:`~correlator.core.engine.Desk`), so the interleaving of partitions on the ``findings``
topic does not matter. Which partitions the watermark waits for:

- a replay names its partition count in its start marker, and every partition sends at least
  one message for it (the producer puts markers on each), so the desk waits for all of them;
- live traffic: the partitions that have reported at least once. A partition that never
  carries data never joins, so it cannot stall the others; one that carried data and stopped
  is advanced by its worker's wall clock (see :meth:`PartitionRun.live_advance`), and one
  whose worker died holds the watermark until a worker takes it over, which is what keeps
  the order exact.

Findings already applied (a restarted stage one publishes again from its last snapshot) are
recognised by their ``(position, index)`` tags and dropped.
"""

from __future__ import annotations

from correlator.config.model import RuleSet
from correlator.core.engine import Desk
from correlator.core.outputs import Finding
from correlator.stream.findings import FindingsMessage
from correlator.wire.incidents import Incident

NONE_YET = (-1, -1)


class DeskRun:
    def __init__(self, rules: RuleSet, run: str, partitions: int) -> None:
        self.run = run
        self.partitions = partitions
        self.desk = Desk(rules)
        self.watermarks: dict[int, int] = {}
        self.applied: dict[int, tuple[int, int]] = {}
        self.ended: dict[int, int] = {}
        self.seq = 0
        self.finished = False
        self.dropped = 0

    @property
    def live(self) -> bool:
        return self.run == ""

    def watermark_ns(self) -> int | None:
        """The minimum over the partitions waited for; None while one has not reported."""
        if not self.live and len(self.watermarks) < self.partitions:
            return None
        if not self.watermarks:
            return None
        return min(self.watermarks.values())

    def take(self, msg: FindingsMessage) -> list[tuple[int, Incident]]:
        """Apply one message; the incident records to publish, numbered."""
        if self.finished:
            return []
        new = self._new_findings(msg)
        p = msg.partition
        if msg.eos:
            self.ended[p] = msg.max_ns
            self.watermarks[p] = 1 << 62
        else:
            self.watermarks[p] = max(self.watermarks.get(p, msg.watermark_ns), msg.watermark_ns)
        if not self.live and len(self.ended) >= self.partitions:
            self.desk.order.add(new)
            self.finished = True
            return self._number(self.desk.finish(max(self.ended.values())))
        wm = self.watermark_ns()
        if wm is None:
            self.desk.order.add(new)
            return []
        if not new and not len(self.desk.order):
            return []
        return self._number(self.desk.take(new, wm))

    def _new_findings(self, msg: FindingsMessage) -> list[Finding]:
        last = self.applied.get(msg.partition, NONE_YET)
        out = []
        for pos, k, f in msg.findings:
            if (pos, k) <= last:
                self.dropped += 1
                continue
            last = (pos, k)
            out.append(f)
        self.applied[msg.partition] = last
        return out

    def _number(self, incidents: list[Incident]) -> list[tuple[int, Incident]]:
        out = []
        for inc in incidents:
            self.seq += 1
            out.append((self.seq, inc))
        return out
