"""Asking whether ports are free and whether a broker answers, without a Kafka client's noise.

A broker "answers" when a metadata request through aiokafka lists at least one broker and an
active controller: that is the point from which producers, consumers and the admin API work.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
from collections.abc import Callable

from aiokafka.admin import AIOKafkaAdminClient

from correlator.kafka.errors import BrokerStartError


def port_is_free(host: str, port: int) -> bool:
    """True when nothing listens on ``host:port`` (bound as Kafka binds, with SO_REUSEADDR)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError:
            return False
    return True


def port_accepts(host: str, port: int, timeout_s: float = 1.0) -> bool:
    """True when a TCP connection to ``host:port`` succeeds."""
    try:
        with socket.create_connection((host, port), timeout=timeout_s):
            return True
    except OSError:
        return False


def free_port(host: str = "127.0.0.1") -> int:
    """A port that is free right now (for tests and throw-away brokers)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port


def free_ports(count: int, host: str = "127.0.0.1") -> tuple[int, ...]:
    """``count`` distinct ports free right now (a broker needs two: clients and controller)."""
    ports: list[int] = []
    while len(ports) < count:
        port = free_port(host)
        if port not in ports:
            ports.append(port)
    return tuple(ports)


def split_bootstrap(bootstrap: str) -> tuple[str, int]:
    """The first ``host:port`` of a bootstrap list.

    >>> split_bootstrap("127.0.0.1:9092,127.0.0.1:9094")
    ('127.0.0.1', 9092)
    """
    host, _, port = bootstrap.split(",")[0].strip().rpartition(":")
    return host.strip("[]") or "127.0.0.1", int(port)


async def broker_answers(bootstrap: str, timeout_s: float = 5.0) -> bool:
    """True when the broker at ``bootstrap`` answers a metadata request within ``timeout_s``."""
    host, port = split_bootstrap(bootstrap)
    if not port_accepts(host, port, timeout_s):
        return False
    admin = AIOKafkaAdminClient(
        bootstrap_servers=bootstrap, request_timeout_ms=int(timeout_s * 1000)
    )
    try:
        async with asyncio.timeout(timeout_s):
            await admin.start()
            cluster = await admin.describe_cluster()
    except Exception:  # any failure means "not answering yet"; the caller decides what to do
        return False
    finally:
        with contextlib.suppress(Exception):
            await admin.close()
    return bool(cluster.get("brokers")) and cluster.get("controller_id", -1) >= 0


async def wait_until_answering(
    bootstrap: str, timeout_s: float, still_running: Callable[[], bool]
) -> None:
    """Polls until the broker answers; raises when its process exits or time runs out."""
    deadline = time.monotonic() + timeout_s
    while not await broker_answers(bootstrap, timeout_s=5.0):
        if not still_running():
            raise BrokerStartError("the Kafka process exited during start-up")
        if time.monotonic() >= deadline:
            raise BrokerStartError(f"Kafka did not answer on {bootstrap} within {timeout_s:g} s")
        await asyncio.sleep(0.25)
