"""The project's Kafka topics: their names, which record goes where, and creating them.

Telemetry and alert topics are co-partitioned: same partition count, message key = node, so
every source of one node lands in the same partition number of each topic and one worker sees
all of a node's evidence. :func:`ensure_topics` creates all of them with one count and refuses
to go on when an existing topic has another.

>>> topic_for_source("dcgm", prefix="prod.")
'prod.telemetry.dcgm'
>>> TopicNames("prod.").incidents
'prod.incidents'
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from aiokafka.admin import AIOKafkaAdminClient, NewTopic

from correlator.kafka.errors import KafkaSetupError, TopicMismatchError

TELEMETRY = {
    "nvml": "telemetry.nvml",
    "dcgm": "telemetry.dcgm",
    "vllm": "telemetry.vllm",
    "host": "telemetry.host",
}
"""Telemetry source (a record's ``source``) -> topic name without prefix."""
ALERTS = "alerts"
INCIDENTS = "incidents"
ACTIONS = "actions"
DEADLETTER = "deadletter"
SOURCE_TOPICS: Mapping[str, str] = {**TELEMETRY, "alert": ALERTS}
"""Every record ``source`` of the wire contract -> its topic name without prefix."""
ALL_TOPICS = (*TELEMETRY.values(), ALERTS, INCIDENTS, ACTIONS, DEADLETTER)
DEFAULT_PARTITIONS = 6
"""Divisible by 1, 2, 3 and 6, so that many workers share the partitions evenly."""

_LEGAL = re.compile(r"^[A-Za-z0-9._-]*$")
_MAX_NAME = 249
_UNKNOWN_TOPIC = 3
_TOPIC_EXISTS = 36


def check_prefix(prefix: str) -> str:
    """A prefix is prepended verbatim, so it may only hold characters legal in topic names."""
    longest = max(len(name) for name in ALL_TOPICS)
    if not _LEGAL.match(prefix) or len(prefix) + longest > _MAX_NAME:
        raise KafkaSetupError(
            f"topic prefix {prefix!r} is not usable: only letters, digits, '.', '_' and '-', "
            f"and at most {_MAX_NAME - longest} characters"
        )
    return prefix


def topic_for_source(source: str, prefix: str = "") -> str:
    """The topic a record of ``source`` (``nvml``, ``dcgm``, ``vllm``, ``host``, ``alert``) goes to.

    Raises ``KeyError`` for any other source: such a record belongs in the dead-letter topic,
    which is the caller's decision, not a routing default.
    """
    try:
        return prefix + SOURCE_TOPICS[source]
    except KeyError:
        raise KeyError(f"no topic for record source {source!r}") from None


@dataclass(frozen=True)
class TopicNames:
    """The topic names under one prefix (``""`` for none)."""

    prefix: str = ""

    def __post_init__(self) -> None:
        check_prefix(self.prefix)

    def for_source(self, source: str) -> str:
        """See :func:`topic_for_source`."""
        return topic_for_source(source, self.prefix)

    @property
    def telemetry(self) -> tuple[str, ...]:
        return tuple(self.prefix + name for name in TELEMETRY.values())

    @property
    def alerts(self) -> str:
        return self.prefix + ALERTS

    @property
    def incidents(self) -> str:
        return self.prefix + INCIDENTS

    @property
    def actions(self) -> str:
        return self.prefix + ACTIONS

    @property
    def deadletter(self) -> str:
        return self.prefix + DEADLETTER

    @property
    def inputs(self) -> tuple[str, ...]:
        """The co-partitioned topics a worker consumes: telemetry and alerts."""
        return (*self.telemetry, self.alerts)

    def all(self) -> tuple[str, ...]:
        return tuple(self.prefix + name for name in ALL_TOPICS)


@dataclass(frozen=True)
class TopicReport:
    """What :func:`ensure_topics` did: topics it created and topics that were already there."""

    created: tuple[str, ...]
    existing: tuple[str, ...]
    partitions: int


async def ensure_topics(
    bootstrap: str,
    prefix: str = "",
    partitions: int = DEFAULT_PARTITIONS,
    *,
    replication_factor: int = 1,
    timeout_s: float = 30.0,
) -> TopicReport:
    """Creates the missing topics with ``partitions`` each and waits until all have leaders.

    Idempotent. When an existing topic has another partition count, nothing is created and
    :class:`TopicMismatchError` names each such topic: co-partitioning by node key would break.
    """
    if partitions < 1:
        raise KafkaSetupError(f"partitions must be at least 1, not {partitions}")
    names = TopicNames(prefix).all()
    admin = AIOKafkaAdminClient(
        bootstrap_servers=bootstrap, request_timeout_ms=int(timeout_s * 1000)
    )
    try:
        async with asyncio.timeout(timeout_s):
            await admin.start()
            created = await _create_missing(admin, names, partitions, replication_factor)
    except TimeoutError:
        raise KafkaSetupError(f"creating topics on {bootstrap} took over {timeout_s:g} s") from None
    finally:
        with contextlib.suppress(Exception):
            await admin.close()
    existing = tuple(name for name in names if name not in created)
    return TopicReport(created, existing, partitions)


async def _create_missing(
    admin: AIOKafkaAdminClient, names: tuple[str, ...], partitions: int, replication_factor: int
) -> tuple[str, ...]:
    """Checks the existing topics, creates the others, waits for leaders; returns those created."""
    counts = await _partition_counts(admin, names)
    _check_counts(counts, partitions)
    missing = tuple(name for name in names if name not in counts)
    await _create(admin, missing, partitions, replication_factor)
    _check_counts(await _await_leaders(admin, names), partitions)
    return missing


async def _partition_counts(
    admin: AIOKafkaAdminClient, names: tuple[str, ...], *, led_only: bool = False
) -> dict[str, int]:
    """Partition count of each of ``names`` that exists (with a leader everywhere if ``led_only``).

    Asks for all topics rather than for ``names``: a metadata request naming a missing topic
    would create it on a broker that auto-creates topics, with the wrong partition count.
    """
    counts: dict[str, int] = {}
    for topic in await admin.describe_topics():
        name, parts = topic["topic"], topic["partitions"]
        if name not in names or topic["error_code"] == _UNKNOWN_TOPIC:
            continue
        if led_only and (topic["error_code"] != 0 or not _all_led(parts)):
            continue
        counts[name] = len(parts)
    return counts


def _all_led(partitions: list[dict[str, Any]]) -> bool:
    return bool(partitions) and all(p["error_code"] == 0 and p["leader"] >= 0 for p in partitions)


def _check_counts(counts: Mapping[str, int], partitions: int) -> None:
    wrong = {name: count for name, count in counts.items() if count != partitions}
    if wrong:
        listed = ", ".join(f"{name} has {count}" for name, count in sorted(wrong.items()))
        raise TopicMismatchError(
            f"topics exist with a partition count other than {partitions}: {listed}; telemetry "
            "and alert topics must share one count to stay co-partitioned by node: ask for "
            "the existing count, or delete these topics first"
        )


async def _create(
    admin: AIOKafkaAdminClient, names: tuple[str, ...], partitions: int, replication_factor: int
) -> None:
    """Creates ``names``; a topic created meanwhile by someone else is not an error."""
    if not names:
        return
    response = await admin.create_topics(
        [NewTopic(name, partitions, replication_factor) for name in names]
    )
    for name, code, message in response.topic_errors:
        if code not in (0, _TOPIC_EXISTS):
            raise KafkaSetupError(f"creating topic {name} failed (error {code}): {message}")


async def _await_leaders(admin: AIOKafkaAdminClient, names: tuple[str, ...]) -> dict[str, int]:
    """Polls metadata until every topic of ``names`` has a leader for each partition."""
    while True:
        counts = await _partition_counts(admin, names, led_only=True)
        if len(counts) == len(names):
            return counts
        await asyncio.sleep(0.1)
