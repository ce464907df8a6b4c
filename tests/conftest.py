"""Shared fixtures: the real local Kafka broker, for tests marked ``@pytest.mark.kafka``.

The broker is started once per session, and only when a test that needs it runs, so
``pytest -m "not kafka"`` never touches Java. ``$KAFKA_BOOTSTRAP`` points the suite at a broker
that already runs (``correlator kafka start``, docker compose) and saves the start-up.

Fixtures:
- ``kafka_bootstrap``: ``"127.0.0.1:PORT"`` of a broker that answers.
- ``kafka_prefix``: a topic prefix unique to the test, so tests never see each other's records.
- ``kafka_topics``: the project's topics created under that prefix (3 partitions each),
  as :class:`correlator.kafka.TopicNames`; deleted after the test.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import uuid
from collections.abc import AsyncIterator, Iterator

import pytest
from aiokafka.admin import AIOKafkaAdminClient

from correlator.kafka import (
    BrokerSettings,
    KafkaSetupError,
    TopicNames,
    broker_answers,
    ensure_topics,
    free_ports,
    start_broker,
    stop_broker,
)

BOOTSTRAP_ENV = "KAFKA_BOOTSTRAP"
TEST_PARTITIONS = 3


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test that uses the broker must say so, or ``-m "not kafka"`` would still start it."""
    uses_broker = "kafka_bootstrap" in getattr(item, "fixturenames", ())
    if uses_broker and item.get_closest_marker("kafka") is None:
        pytest.fail(f"{item.nodeid} uses the Kafka broker: mark it @pytest.mark.kafka", False)


@pytest.fixture(scope="session")
def kafka_bootstrap(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A running broker: ``$KAFKA_BOOTSTRAP`` if it answers, else one started for the session."""
    given = os.environ.get(BOOTSTRAP_ENV)
    if given and asyncio.run(broker_answers(given)):
        yield given
        return
    port, controller_port = free_ports(2)
    data_dir = tmp_path_factory.mktemp("kafka-broker")
    settings = BrokerSettings(port=port, controller_port=controller_port, data_dir=data_dir)
    try:
        info = start_broker(settings)
    except KafkaSetupError as error:
        pytest.fail(f"could not start the local Kafka broker: {error}", False)
    try:
        yield info.bootstrap
    finally:
        stop_broker(data_dir)


@pytest.fixture
def kafka_prefix(request: pytest.FixtureRequest) -> str:
    """``test.<test name>.<random>.``: unique per test, legal in topic names."""
    name = re.sub(r"[^A-Za-z0-9]+", "-", request.node.name).strip("-")[:60]
    return f"test.{name}.{uuid.uuid4().hex[:8]}."


@pytest.fixture
async def kafka_topics(kafka_bootstrap: str, kafka_prefix: str) -> AsyncIterator[TopicNames]:
    """The project's topics under the test's prefix, removed afterwards."""
    await ensure_topics(kafka_bootstrap, kafka_prefix, TEST_PARTITIONS)
    names = TopicNames(kafka_prefix)
    yield names
    admin = AIOKafkaAdminClient(bootstrap_servers=kafka_bootstrap)
    await admin.start()
    try:
        await admin.delete_topics(list(names.all()))
    finally:
        with contextlib.suppress(Exception):
            await admin.close()
