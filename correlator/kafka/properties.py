"""The broker's configuration files, rendered from :class:`BrokerSettings` (pure functions).

One node plays broker and controller (KRaft combined mode), so every replication factor and
minimum ISR is 1. The values that differ from Kafka's defaults, and why:

- ``group.initial.rebalance.delay.ms=0``: Faust workers and test consumers join at once instead
  of waiting 3 s for more members that will never come.
- ``offsets.topic.num.partitions=10`` / ``transaction.state.log.num.partitions=10``: the first
  consumer group on a fresh broker waits for these internal topics; 50 partitions each cost
  seconds on a 2-core machine.
- ``log.retention.ms=-1`` with ``log.retention.bytes`` per partition: replay produces records
  stamped with their (old) event time; time-based retention would delete them at once.
- ``log.message.timestamp.before.max.ms`` at its maximum: the broker never rejects old stamps.
- ``message.max.bytes=16 MiB``: a malformed 10 MB value must reach the worker (and then the
  dead-letter topic) instead of being refused by the broker.
- ``log.segment.bytes=64 MiB``: small enough that retention by size actually frees disk.
- ``auto.create.topics.enable=false`` unless asked: every topic is created on purpose, by
  :func:`correlator.kafka.topics.ensure_topics` or by Faust's admin calls, so a typo in a
  topic name fails loudly instead of creating a one-partition topic.
"""

from __future__ import annotations

from pathlib import Path

from correlator.kafka.settings import HOST, BrokerSettings

NODE_ID = 1
MESSAGE_MAX_BYTES = 16 * 1024 * 1024


def server_properties(settings: BrokerSettings, log_dir: Path) -> str:
    """The ``server.properties`` text for a single combined broker+controller node."""
    entries = {
        "process.roles": "broker,controller",
        "node.id": str(NODE_ID),
        "controller.quorum.bootstrap.servers": f"{HOST}:{settings.controller_port}",
        "listeners": f"PLAINTEXT://{HOST}:{settings.port},CONTROLLER://{HOST}:{settings.controller_port}",
        "advertised.listeners": f"PLAINTEXT://{HOST}:{settings.port},CONTROLLER://{HOST}:{settings.controller_port}",
        "inter.broker.listener.name": "PLAINTEXT",
        "controller.listener.names": "CONTROLLER",
        "listener.security.protocol.map": "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
        "log.dirs": str(log_dir),
        "num.network.threads": "2",
        "num.io.threads": "4",
        "num.partitions": "1",
        "default.replication.factor": "1",
        "min.insync.replicas": "1",
        "offsets.topic.replication.factor": "1",
        "offsets.topic.num.partitions": "10",
        "transaction.state.log.replication.factor": "1",
        "transaction.state.log.min.isr": "1",
        "transaction.state.log.num.partitions": "10",
        "share.coordinator.state.topic.replication.factor": "1",
        "share.coordinator.state.topic.min.isr": "1",
        "group.initial.rebalance.delay.ms": "0",
        "auto.create.topics.enable": str(settings.auto_create_topics).lower(),
        "delete.topic.enable": "true",
        "log.segment.bytes": str(64 * 1024 * 1024),
        "log.retention.ms": "-1",
        "log.retention.bytes": str(256 * 1024 * 1024),
        "log.retention.check.interval.ms": "60000",
        "log.message.timestamp.before.max.ms": str(2**63 - 1),
        "message.max.bytes": str(MESSAGE_MAX_BYTES),
    }
    return "".join(f"{key}={value}\n" for key, value in entries.items())


LOG4J2_PROPERTIES = """\
# Written by `correlator kafka start`: all to standard output, which is the broker's log file.
status = warn
appender.out.type = Console
appender.out.name = out
appender.out.layout.type = PatternLayout
appender.out.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = info
rootLogger.appenderRef.out.ref = out
logger.request.name = kafka.request.logger
logger.request.level = warn
logger.authorizer.name = kafka.authorizer.logger
logger.authorizer.level = warn
"""
"""log4j2 configuration in the properties format, which needs no parser beyond log4j-core."""
