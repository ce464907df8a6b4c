"""Publishing a worker's results: findings, actions, dead letters and incident records.

Everything goes through Faust's producer buffer (``send_soon``), which keeps the order of
each partition and is flushed before Kafka commits the offsets of the inputs behind it.
"""

from __future__ import annotations

from typing import Any

import orjson

from correlator.core.outputs import ActionEvent
from correlator.obs.counters import EngineCounters
from correlator.stream.findings import FindingsMessage
from correlator.stream.protocol import RUN, SEQ, Headers
from correlator.wire.deadletter import encode as encode_deadletter
from correlator.wire.decode import Rejected
from correlator.wire.incidents import Incident

MAX_DEAD_RAW = 11 * 1024 * 1024
"""Original bytes kept in a dead letter (base64 makes 4/3 of it; the broker takes 16 MiB)."""


def run_headers(run: str) -> Headers:
    return [(RUN, run.encode())] if run else []


def dead_letter_value(rej: Rejected) -> bytes:
    """The dead-letter record; an enormous original is cut to :data:`MAX_DEAD_RAW` bytes."""
    if len(rej.raw) > MAX_DEAD_RAW:
        reason = f"{rej.reason} (original {len(rej.raw)} bytes; the first {MAX_DEAD_RAW} kept)"
        rej = Rejected(rej.origin, reason, rej.raw[:MAX_DEAD_RAW])
    return encode_deadletter(rej)


def incident_value(inc: Incident) -> bytes:
    return orjson.dumps(inc.model_dump(mode="json"))


class Outputs:
    """The worker's output topics (Faust ``Topic`` objects with raw serializers)."""

    def __init__(self, findings: Any, actions: Any, deadletter: Any, incidents: Any,
                 counters: EngineCounters | None = None) -> None:
        self._findings = findings
        self._actions = actions
        self._deadletter = deadletter
        self._incidents = incidents
        self.dead_letters = 0
        self.counters = counters
        """Counts what is published, for ``/metrics`` (:mod:`correlator.obs`)."""

    def findings(self, partition: int, msg: FindingsMessage) -> None:
        self._findings.send_soon(key=str(partition).encode(), value=msg.encode())

    def action(self, action: ActionEvent, run: str) -> None:
        if self.counters is not None:
            self.counters.action(action)
        self._actions.send_soon(key=action.node.encode(), value=orjson.dumps(action.to_json()),
                                headers=run_headers(run))

    def dead(self, rej: Rejected, run: str) -> None:
        self.dead_letters += 1
        if self.counters is not None:
            self.counters.rejected(rej)
        self._deadletter.send_soon(key=rej.origin.encode(), value=dead_letter_value(rej),
                                   headers=run_headers(run))

    def incident(self, inc: Incident, run: str, seq: int) -> None:
        if self.counters is not None:
            self.counters.incident(inc)
        headers = [*run_headers(run), (SEQ, str(seq).encode())]
        self._incidents.send_soon(key=inc.incident_id.encode(), value=incident_value(inc),
                                  headers=headers)

    def control(self, value: bytes, headers: Headers) -> None:
        """A control marker on ``findings`` (the desk's ``drained``)."""
        self._findings.send_soon(key=b"desk", value=value, headers=headers)
