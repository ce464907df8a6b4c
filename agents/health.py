"""The agent's own gaps, published as ``source_gap`` events so that the correlator can tell a
monitoring gap (a source that failed to answer) from a quiet node.

A gap event carries the failing source in its envelope and, in ``attrs``: ``reason`` (one line),
``target`` (URL, endpoint or library), ``failures`` (consecutive failed rounds, 1 on the first) and
``since_ns`` (event time of the first failure of the streak). ``permanent: true`` marks a source
that will not be retried (NVML missing on the machine). A tracker makes an event for every failed
round; :mod:`agents.rounds` publishes only the first of a streak, since the correlator finds a
monitoring gap by the source's silence.
"""

from __future__ import annotations

from dataclasses import dataclass

from agents.records import JsonRecord, event

GAP_EVENT = "source_gap"


@dataclass
class GapTracker:
    """Counts the consecutive failed rounds of one source."""

    node: str
    source: str
    target: str
    gpu: int | None = None
    """The GPU the target serves, where it serves one (a vLLM server given ``GPU=URL``)."""
    failures: int = 0
    since_ns: int | None = None

    def failed(self, reason: str, ts_ns: int, *, permanent: bool = False) -> JsonRecord:
        """Record one failed round and return its ``source_gap`` event."""
        self.failures += 1
        if self.since_ns is None:
            self.since_ns = ts_ns
        attrs: dict[str, object] = {"reason": reason, "target": self.target,
                                    "failures": self.failures, "since_ns": self.since_ns}
        if permanent:
            attrs["permanent"] = True
        return event(node=self.node, source=self.source, ts_ns=ts_ns, gpu=self.gpu,
                     name=GAP_EVENT, attrs=attrs)

    def answered(self) -> None:
        """The source answered: the streak is over."""
        self.failures = 0
        self.since_ns = None
