"""The topics a worker uses: the project's (``correlator.kafka.topics``) plus its own.

``findings`` (one partition) carries stage one's findings and watermarks to stage two; the
Faust app id (consumer group, changelog names) is derived from the prefix too, so deployments
under different prefixes never share state.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass

from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.client import AIOKafkaClient, CoordinationType
from aiokafka.errors import KafkaError

from correlator.kafka import KafkaSetupError, TopicNames, ensure_topics
from correlator.kafka.topics import DEFAULT_PARTITIONS, TopicReport

FINDINGS = "findings"
APP = "correlator"
_TOPIC_EXISTS = 36


@dataclass(frozen=True)
class StreamTopics(TopicNames):
    """Topic names under one prefix, with the worker's internal ones."""

    @property
    def findings(self) -> str:
        return self.prefix + FINDINGS

    @property
    def app_id(self) -> str:
        return self.prefix + APP

    def internal(self) -> tuple[str, ...]:
        """Internal topics, including the changelogs Faust creates for the worker's tables."""
        return (self.findings, f"{self.app_id}-stage1-changelog", f"{self.app_id}-desk-changelog",
                f"{self.app_id}-__assignor-__leader")


async def ensure_stream_topics(bootstrap: str, prefix: str = "",
                               partitions: int = DEFAULT_PARTITIONS,
                               timeout_s: float = 30.0) -> TopicReport:
    """The project's topics (:func:`ensure_topics`) and ``findings`` with one partition."""
    report = await ensure_topics(bootstrap, prefix, partitions, timeout_s=timeout_s)
    name = StreamTopics(prefix).findings
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap, request_timeout_ms=int(timeout_s * 1000))
    try:
        async with asyncio.timeout(timeout_s):
            await admin.start()
            resp = await admin.create_topics([NewTopic(name, 1, 1)])
            for topic, code, message in resp.topic_errors:
                if code not in (0, _TOPIC_EXISTS):
                    raise KafkaSetupError(f"creating topic {topic} failed (error {code}): {message}")
            await _await_leader(admin, name)
    except TimeoutError:
        raise KafkaSetupError(f"creating {name} on {bootstrap} took over {timeout_s:g} s") from None
    finally:
        with contextlib.suppress(Exception):
            await admin.close()
    return report


async def await_group_coordinator(bootstrap: str, group: str, timeout_s: float = 30.0) -> bool:
    """Wait until the broker names a coordinator for ``group``; False if it has not within
    ``timeout_s`` (the worker then starts anyway: its consumer retries on its own).

    A fresh broker creates its offsets topic on the first group's first request and answers
    "coordinator not available" meanwhile, which Faust's consumer logs as an ERROR on a
    worker's first start; asking first, and waiting, keeps that transient out of the log."""
    client = AIOKafkaClient(bootstrap_servers=bootstrap, request_timeout_ms=int(timeout_s * 1000))
    try:
        async with asyncio.timeout(timeout_s):
            await client.bootstrap()
            while True:
                try:
                    await client.coordinator_lookup(CoordinationType.GROUP, group)
                    return True
                except KafkaError:
                    await asyncio.sleep(0.2)
    except Exception:  # best effort: the consumer retries on its own
        return False
    finally:
        with contextlib.suppress(Exception):
            await client.close()


async def _await_leader(admin: AIOKafkaAdminClient, name: str) -> None:
    while True:
        for t in await admin.describe_topics([name]):
            parts = t["partitions"]
            if t["error_code"] == 0 and parts and all(p["leader"] >= 0 for p in parts):
                if len(parts) != 1:
                    raise KafkaSetupError(f"{name} has {len(parts)} partitions; it needs exactly 1")
                return
        await asyncio.sleep(0.1)
