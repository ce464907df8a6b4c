"""The local Kafka broker (started from the official jars) and the project's topics.

Public API::

    start_broker(settings: BrokerSettings | None = None, progress=None) -> BrokerInfo
    stop_broker(data_dir: Path | None = None, *, keep_data=False, timeout_s=30.0)
        -> BrokerInfo | None
    broker_status(data_dir: Path | None = None) -> BrokerInfo | None
    await broker_answers(bootstrap: str, timeout_s=5.0) -> bool
    await ensure_topics(bootstrap, prefix="", partitions=6, *, replication_factor=1, timeout_s=30.0)
    topic_for_source(source: str, prefix="") -> str;  TopicNames(prefix)
"""

from __future__ import annotations

from correlator.kafka.broker import broker_status, start_broker, stop_broker
from correlator.kafka.datadir import BrokerInfo
from correlator.kafka.errors import (
    BrokerStartError,
    DownloadError,
    JavaMissingError,
    KafkaSetupError,
    PortBusyError,
    TopicMismatchError,
)
from correlator.kafka.probe import broker_answers, free_port, free_ports
from correlator.kafka.settings import KAFKA_VERSION, BrokerSettings
from correlator.kafka.topics import (
    DEFAULT_PARTITIONS,
    TopicNames,
    TopicReport,
    ensure_topics,
    topic_for_source,
)

__all__ = [
    "DEFAULT_PARTITIONS",
    "KAFKA_VERSION",
    "BrokerInfo",
    "BrokerSettings",
    "BrokerStartError",
    "DownloadError",
    "JavaMissingError",
    "KafkaSetupError",
    "PortBusyError",
    "TopicMismatchError",
    "TopicNames",
    "TopicReport",
    "broker_answers",
    "broker_status",
    "ensure_topics",
    "free_port",
    "free_ports",
    "start_broker",
    "stop_broker",
    "topic_for_source",
]
