"""What a local broker is started with: versions, ports, folders, and where they default to.

Defaults follow the XDG conventions so that the downloaded jars (about 45 MB) are shared by every
checkout of the project while each broker's data stays where ``correlator kafka stop`` can find
and remove it.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from correlator.kafka.errors import KafkaSetupError

KAFKA_VERSION = "4.4.0"
"""The ``org.apache.kafka:kafka_2.13`` release fetched when no other is asked for."""

LOG4J_VERSION = "2.25.5"
"""log4j2 as Kafka 4.4 depends on it; pinned here so the SLF4J binding matches log4j-core."""

HOST = "127.0.0.1"
"""The broker listens on loopback only: it is for development and tests, never for a fleet."""

MAVEN_REPO_ENV = "CORRELATOR_MAVEN_REPO"
"""Environment variable naming a Maven repository (mirror) to download from instead of Central."""

_VERSION_PATTERN = re.compile(r"^4\.\d+\.\d+$")


def _xdg_dir(variable: str, fallback: str) -> Path:
    value = os.environ.get(variable)
    return Path(value) if value else Path.home() / fallback


def default_cache_dir() -> Path:
    """``~/.cache/gpu-correlator/kafka`` (or under ``$XDG_CACHE_HOME``): the jars, kept."""
    return _xdg_dir("XDG_CACHE_HOME", ".cache") / "gpu-correlator" / "kafka"


def default_data_dir() -> Path:
    """``~/.local/state/gpu-correlator/kafka``: the default broker's logs, pid and storage."""
    return _xdg_dir("XDG_STATE_HOME", ".local/state") / "gpu-correlator" / "kafka"


def check_version(version: str) -> str:
    """Accept only 4.x.y releases: the configuration written here is KRaft-only (Kafka 4)."""
    if not _VERSION_PATTERN.match(version):
        raise KafkaSetupError(f"Kafka version {version!r} is not supported: give a 4.x.y release")
    return version


@dataclass(frozen=True)
class BrokerSettings:
    """Everything :func:`correlator.kafka.start_broker` needs; every field has a usable default.

    >>> BrokerSettings(port=19092).bootstrap
    '127.0.0.1:19092'
    """

    port: int = 9092
    controller_port: int = 9093
    data_dir: Path = field(default_factory=default_data_dir)
    cache_dir: Path = field(default_factory=default_cache_dir)
    version: str = KAFKA_VERSION
    heap: str = "768m"
    start_timeout_s: float = 90.0
    auto_create_topics: bool = False
    maven_repo: str | None = field(default_factory=lambda: os.environ.get(MAVEN_REPO_ENV) or None)

    def __post_init__(self) -> None:
        check_version(self.version)
        if self.port == self.controller_port:
            raise KafkaSetupError(f"--port and --controller-port are both {self.port}")

    @property
    def bootstrap(self) -> str:
        """``HOST:PORT`` for clients."""
        return f"{HOST}:{self.port}"
