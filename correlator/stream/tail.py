"""``correlator tail``: incident records from the ``incidents`` topic as they arrive.

A worker that restarts publishes again what it published since its last snapshot; those
copies are recognised by (incident_id, status, updated_ns), as every subscriber should, and
shown once.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from collections.abc import Callable
from datetime import UTC, datetime

from aiokafka import AIOKafkaConsumer
from pydantic import ValidationError

from correlator.stream.settings import MAX_MESSAGE_BYTES
from correlator.wire.incidents import Incident

SEEN_MAX = 100_000
Write = Callable[[str], None]


class Seen:
    """Bounded memory of (incident_id, status, updated_ns) already shown."""

    def __init__(self, capacity: int = SEEN_MAX) -> None:
        self.capacity = capacity
        self._keys: OrderedDict[tuple[str, str, int], None] = OrderedDict()

    def first(self, inc: Incident) -> bool:
        key = (inc.incident_id, inc.status, inc.updated_ns)
        if key in self._keys:
            return False
        self._keys[key] = None
        if len(self._keys) > self.capacity:
            self._keys.popitem(last=False)
        return True


def readable(inc: Incident) -> str:
    """One line per record.

    >>> from correlator.wire.incidents import Incident
    >>> i = Incident(incident_id="inc-1", status="open", cause="spec_residue", confidence=0.8,
    ...              hypotheses={}, severity="critical", nodes=["n1"], opened_ns=0, updated_ns=0,
    ...              first_evidence_ns=0, summary="Residue on n1.")
    >>> readable(i)
    '00:00:00  OPEN      inc-1  spec_residue        0.80  critical  n1  Residue on n1.'
    """
    when = datetime.fromtimestamp(inc.updated_ns / 1e9, tz=UTC).strftime("%H:%M:%S")
    nodes = ",".join(inc.nodes[:5]) + (f" +{len(inc.nodes) - 5}" if len(inc.nodes) > 5 else "")
    return (f"{when}  {inc.status.upper():<8}  {inc.incident_id}  {inc.cause:<18}  "
            f"{inc.confidence:.2f}  {inc.severity:<8}  {nodes}  {inc.summary}")


async def tail(bootstrap: str, topic: str, write: Write, warn: Write, *, as_json: bool = False,
               from_beginning: bool = False, limit: int | None = None, dedupe: bool = True) -> int:
    """Print records until ``limit`` were shown (or forever); returns how many were.

    A topic that does not exist yet (no worker has started, no ``correlator kafka topics``) is
    waited for, and once it exists it is followed from its beginning: everything in it was
    published after this tail started."""
    waited = await _wait_for_topic(bootstrap, topic, warn)
    consumer = AIOKafkaConsumer(topic, bootstrap_servers=bootstrap, group_id=None,
                                enable_auto_commit=False, max_partition_fetch_bytes=MAX_MESSAGE_BYTES,
                                auto_offset_reset="earliest" if from_beginning or waited else "latest")
    await consumer.start()
    seen = Seen()
    shown = 0
    try:
        while limit is None or shown < limit:
            batches = await consumer.getmany(timeout_ms=500)
            for messages in batches.values():
                for m in messages:
                    inc = _incident(m.value or b"", warn)
                    if inc is None or (dedupe and not seen.first(inc)):
                        continue
                    write((m.value or b"").decode(errors="replace") if as_json else readable(inc))
                    shown += 1
                    if limit is not None and shown >= limit:
                        return shown
    finally:
        with contextlib.suppress(Exception):
            await consumer.stop()
    return shown


async def _wait_for_topic(bootstrap: str, topic: str, warn: Write, every_s: float = 1.0) -> bool:
    """Whether ``topic`` had to be waited for (its metadata asked for every ``every_s``)."""
    probe = AIOKafkaConsumer(bootstrap_servers=bootstrap, group_id=None)
    await probe.start()
    try:
        if topic in await probe.topics():
            return False
        warn(f"topic {topic} does not exist yet; waiting for it (a worker creates it when it "
             "starts, as does `correlator kafka topics`)")
        while topic not in await probe.topics():
            await asyncio.sleep(every_s)
        warn(f"topic {topic} exists now; following it from its beginning")
        return True
    finally:
        with contextlib.suppress(Exception):
            await probe.stop()


def _incident(value: bytes, warn: Write) -> Incident | None:
    try:
        return Incident.model_validate_json(value)
    except ValidationError as err:
        warn(f"skipping a value that is not an incident record: {err.errors()[0]['msg']}")
        return None

