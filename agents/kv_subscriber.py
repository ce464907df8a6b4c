"""Subscribes to vLLM's KV-event publisher (ZMQ PUB) and buffers summarised records.

vLLM sends three frames per batch: topic, an 8-byte big-endian sequence number, and the msgpack
``EventBatch``. A jump in the sequence means batches were missed (a slow subscriber, a ZMQ
high-water mark) and is reported as a gap; a sequence that goes back means the publisher, so
the engine, restarted, reported as ``engine_start``. Records wait in a bounded buffer until the
vLLM collector's next round drains them into its message.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

import zmq
import zmq.asyncio

from agents.kv_events import KvDecodeError, decode_batch, summarise
from agents.records import JsonRecord, event

log = logging.getLogger(__name__)


@dataclass
class KvDrain:
    """What arrived since the last drain: records, and one-line reasons for anything lost."""

    records: list[JsonRecord] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


class KvEventBuffer:
    """Pure part: frames in, records and problems out (``handle`` then ``drain``)."""

    def __init__(self, node: str, max_records: int = 100_000) -> None:
        self.node = node
        self.max_records = max_records
        self._records: deque[JsonRecord] = deque()
        self._problems: list[str] = []
        self._last_seq: int | None = None
        self._overflow = 0
        self._bad = 0

    def handle(self, frames: list[bytes], received_ns: int) -> None:
        """Take one multipart message ``[topic, seq, payload]``."""
        if len(frames) < 2 or len(frames[-2]) != 8:
            self._bad += 1
            return
        self._check_seq(int.from_bytes(frames[-2], "big"), received_ns)
        try:
            batch = decode_batch(frames[-1])
        except KvDecodeError as err:
            self._bad += 1
            log.debug("undecodable KV batch: %s", err)
            return
        self._add(summarise(batch, node=self.node))

    def count_bad(self) -> None:
        """One message that could not be used (reported at the next drain)."""
        self._bad += 1

    def __len__(self) -> int:
        """Records waiting for the next drain."""
        return len(self._records)

    def drain(self) -> KvDrain:
        out = KvDrain(list(self._records), self._problems)
        self._records.clear()
        self._problems = []
        if self._overflow:
            out.problems.append(f"{self._overflow} KV event records dropped: buffer full")
            self._overflow = 0
        if self._bad:
            out.problems.append(f"{self._bad} KV event messages could not be decoded")
            self._bad = 0
        return out

    def _check_seq(self, seq: int, received_ns: int) -> None:
        last, self._last_seq = self._last_seq, seq
        if last is None or seq == last + 1:
            return
        if seq > last + 1:
            self._problems.append(f"KV event batches {last + 1}..{seq - 1} missed "
                                  f"({seq - last - 1} batches)")
        else:
            self._add([event(node=self.node, source="vllm", ts_ns=received_ns, gpu=None,
                             name="engine_start", attrs={"detected_by": "kv_events_seq_reset"})])

    def _add(self, records: list[JsonRecord]) -> None:
        room = self.max_records - len(self._records)
        self._records.extend(records[: max(room, 0)])
        self._overflow += max(len(records) - room, 0)


class KvEventSubscriber:
    """I/O part: a SUB socket connected to ``endpoint`` feeding a :class:`KvEventBuffer`."""

    def __init__(self, endpoint: str, buffer: KvEventBuffer, topic: str = "",
                 clock: Callable[[], int] = time.time_ns) -> None:
        self.endpoint = endpoint
        self.buffer = buffer
        self.topic = topic
        self.clock = clock
        self._ctx = zmq.asyncio.Context.instance()
        self._socket: zmq.asyncio.Socket | None = None
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        sock = self._ctx.socket(zmq.SUB)
        sock.setsockopt(zmq.LINGER, 0)
        sock.setsockopt_string(zmq.SUBSCRIBE, self.topic)
        sock.connect(self.endpoint)
        self._socket = sock
        self._task = asyncio.create_task(self._run(sock), name=f"kv-events {self.endpoint}")

    async def _run(self, sock: zmq.asyncio.Socket) -> None:
        while True:
            frames = await sock.recv_multipart()
            try:
                self.buffer.handle(frames, self.clock())
            except Exception:  # a bug on one message must not end the subscription
                log.exception("KV event message from %s could not be handled", self.endpoint)
                self.buffer.count_bad()

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        if self._socket is not None:
            self._socket.close(linger=0)
            self._socket = None
