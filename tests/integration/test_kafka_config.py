"""What the broker is configured and fetched with: pure functions, no broker needed."""

from __future__ import annotations

from pathlib import Path

import pytest

from correlator.kafka import BrokerSettings, KafkaSetupError
from correlator.kafka.jars import maven_reason, pom_xml, settings_xml
from correlator.kafka.java import parse_major_version
from correlator.kafka.properties import server_properties


def properties_of(settings: BrokerSettings) -> dict[str, str]:
    text = server_properties(settings, Path("/data/storage"))
    return dict(line.split("=", 1) for line in text.splitlines())


def test_single_node_settings() -> None:
    props = properties_of(BrokerSettings(port=19092, controller_port=19093))

    assert props["process.roles"] == "broker,controller"
    assert props["listeners"] == "PLAINTEXT://127.0.0.1:19092,CONTROLLER://127.0.0.1:19093"
    assert props["controller.quorum.bootstrap.servers"] == "127.0.0.1:19093"
    assert "controller.quorum.voters" not in props  # --standalone formatting forbids it
    assert props["log.dirs"] == "/data/storage"
    for key in (
        "offsets.topic.replication.factor",
        "transaction.state.log.replication.factor",
        "transaction.state.log.min.isr",
        "min.insync.replicas",
        "default.replication.factor",
    ):
        assert props[key] == "1", key
    assert props["group.initial.rebalance.delay.ms"] == "0"
    assert int(props["message.max.bytes"]) > 10_000_000
    assert props["log.retention.ms"] == "-1"


def test_auto_topic_creation_is_off_unless_asked() -> None:
    assert properties_of(BrokerSettings())["auto.create.topics.enable"] == "false"
    on = BrokerSettings(auto_create_topics=True)
    assert properties_of(on)["auto.create.topics.enable"] == "true"


@pytest.mark.parametrize("version", ["3.9.1", "4.4", "latest", "4.4.0; rm -rf /"])
def test_only_kafka_4_releases_are_accepted(version: str) -> None:
    with pytest.raises(KafkaSetupError, match=r"give a 4\.x\.y release"):
        BrokerSettings(version=version)


def test_client_and_controller_ports_must_differ() -> None:
    with pytest.raises(KafkaSetupError, match="both 9092"):
        BrokerSettings(port=9092, controller_port=9092)


def test_pom_asks_for_the_broker_and_its_log4j2_binding() -> None:
    pom = pom_xml("4.4.0")
    assert "<artifactId>kafka_2.13</artifactId><version>4.4.0</version>" in pom
    assert "<artifactId>log4j-slf4j-impl</artifactId>" in pom  # Kafka 4 logs through SLF4J 1.7


def test_mirror_settings_escape_the_url() -> None:
    assert "<url>http://m/x?a=1&amp;b=2</url>" in settings_xml("http://m/x?a=1&b=2")


def test_mavens_reason_is_its_first_error_line() -> None:
    output = (
        "\x1b[0m\x1b[0m[ERROR] Could not transfer artifact x: Connection refused -> [Help 1]\n"
        "[ERROR] \n[ERROR] To see the full stack trace of the errors, re-run Maven\n"
    )
    assert maven_reason(output) == "Could not transfer artifact x: Connection refused"
    assert maven_reason("") == "Maven failed without saying why"


@pytest.mark.parametrize(
    ("output", "major"),
    [
        ('openjdk version "17.0.15" 2025-04-15', 17),
        ('openjdk version "21" 2023-09-19', 21),
        ('java version "1.8.0_402"', 8),
        ("no version here", None),
    ],
)
def test_java_major_version(output: str, major: int | None) -> None:
    assert parse_major_version(output) == major
