"""Dead letters of the pager: to the ``deadletter`` topic, or appended to a JSON Lines file.

A dead letter holds the incident record (never the request, which carries the routing key),
where it came from, and why: which receiver refused it and its answer (redacted).
"""

from __future__ import annotations

from pathlib import Path
from typing import IO

from aiokafka import AIOKafkaProducer

from correlator.wire import deadletter
from correlator.wire.decode import Rejected


class KafkaDeadLetters:
    def __init__(self, bootstrap: str, topic: str) -> None:
        self.topic = topic
        self.producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks="all",
                                         enable_idempotence=True, client_id="correlator-pager")
        self.count = 0

    async def start(self) -> None:
        await self.producer.start()

    async def put(self, rej: Rejected) -> None:
        await self.producer.send_and_wait(self.topic, deadletter.encode(rej), key=rej.origin.encode())
        self.count += 1

    async def close(self) -> None:
        await self.producer.stop()


class FileDeadLetters:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.count = 0
        self._fh: IO[bytes] | None = None

    async def start(self) -> None:
        return None

    async def put(self, rej: Rejected) -> None:
        if self._fh is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._fh = self.path.open("ab")
        self._fh.write(deadletter.encode(rej) + b"\n")
        self._fh.flush()
        self.count += 1

    async def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None
