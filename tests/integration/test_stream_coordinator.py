"""Before its Faust app starts, a worker waits for the broker to name its consumer group's
coordinator: on a fresh broker the first request for a group answers "coordinator not
available" while the offsets topic is created, which Faust's consumer logs as an ERROR."""

from __future__ import annotations

import time
import uuid

import pytest

from correlator.kafka.probe import free_ports
from correlator.stream.topics import await_group_coordinator


@pytest.mark.kafka
async def test_a_groups_coordinator_is_found_on_the_broker(kafka_bootstrap: str) -> None:
    assert await await_group_coordinator(kafka_bootstrap, f"test.coordinator.{uuid.uuid4().hex}")


async def test_no_broker_is_no_coordinator_within_the_time_given() -> None:
    (port,) = free_ports(1)
    started = time.monotonic()
    assert not await await_group_coordinator(f"127.0.0.1:{port}", "correlator", timeout_s=2.0)
    assert time.monotonic() - started < 10.0
