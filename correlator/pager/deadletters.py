"""Dead letters of the pager: to the ``deadletter`` topic, or appended to a JSON Lines file.

A dead letter holds the incident record (never the request, which carries the routing key),
where it came from, and why: which receiver refused it and its answer (redacted).
"""

from __future__ import annotations

from pathlib import Path

from aiokafka import AIOKafkaProducer

from correlator.wire import deadletter
from correlator.wire.deadletter import DeadLetterFile
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
        self.log = DeadLetterFile(path, flush=True)

    @property
    def count(self) -> int:
        return self.log.count

    async def start(self) -> None:
        return None

    async def put(self, rej: Rejected) -> None:
        self.log.write(rej)

    async def close(self) -> None:
        self.log.close()
