"""Alerts to the ``alerts`` topic, keyed by node; refused input to ``deadletter``.

The producer is idempotent with ``acks=all``: ``accept`` returns once every record of the
request is acknowledged by all in-sync replicas, so a 2xx to the sender means the alerts are in
the log. A broker that does not acknowledge within ``ack_timeout_s`` fails the request (503), and
the sender's retry is harmless: the core deduplicates repeats by fingerprint.
"""

from __future__ import annotations

import asyncio

from aiokafka import AIOKafkaProducer
from aiokafka.errors import KafkaError

from correlator.ingest.sinks import SinkError
from correlator.kafka import TopicNames
from correlator.wire import deadletter
from correlator.wire.decode import Rejected
from correlator.wire.records import AlertRecord

MAX_REQUEST_BYTES = 16 << 20


class KafkaSink:
    def __init__(self, bootstrap: str, topics: TopicNames, ack_timeout_s: float = 15.0) -> None:
        self.topics = topics
        self.ack_timeout_s = ack_timeout_s
        self.producer = AIOKafkaProducer(
            bootstrap_servers=bootstrap, acks="all", enable_idempotence=True, linger_ms=2,
            max_request_size=MAX_REQUEST_BYTES, client_id="correlator-ingest",
        )
        self._started = False

    async def start(self) -> None:
        await self.producer.start()
        self._started = True

    def ready(self) -> bool:
        return self._started

    async def accept(self, records: list[AlertRecord]) -> None:
        pairs = [(rec.node.encode(), rec.model_dump_json().encode()) for rec in records]
        await self._send(self.topics.alerts, pairs)

    async def reject(self, rejected: list[Rejected]) -> None:
        await self._send(self.topics.deadletter,
                         [(r.origin.encode(), deadletter.encode(r)) for r in rejected])

    async def _send(self, topic: str, pairs: list[tuple[bytes, bytes]]) -> None:
        if not pairs:
            return
        async def send_all() -> None:
            futures = [await self.producer.send(topic, value, key=key) for key, value in pairs]
            await asyncio.gather(*futures)

        try:
            await asyncio.wait_for(send_all(), self.ack_timeout_s)
        except TimeoutError:
            raise SinkError(f"Kafka did not acknowledge within {self.ack_timeout_s:g} s") from None
        except KafkaError as err:
            raise SinkError(f"Kafka refused the records: {type(err).__name__}: {err}") from None

    async def tick(self, now_ns: int) -> None:
        return None

    async def close(self) -> None:
        if self._started:
            self._started = False
            await self.producer.stop()
