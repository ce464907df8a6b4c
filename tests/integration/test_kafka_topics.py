"""Topic names, routing by record source, and prefixes: pure, no broker needed."""

from __future__ import annotations

import pytest

from correlator.kafka import KafkaSetupError, TopicNames, topic_for_source
from correlator.wire.records import SOURCES


@pytest.mark.parametrize(
    ("source", "topic"),
    [
        ("nvml", "telemetry.nvml"),
        ("dcgm", "telemetry.dcgm"),
        ("vllm", "telemetry.vllm"),
        ("host", "telemetry.host"),
        ("alert", "alerts"),
    ],
)
def test_each_source_has_its_topic(source: str, topic: str) -> None:
    assert topic_for_source(source) == topic
    assert topic_for_source(source, prefix="prod.") == f"prod.{topic}"


def test_every_source_of_the_contract_is_routed() -> None:
    routed = {topic_for_source(source) for source in SOURCES}
    assert routed == set(TopicNames().inputs)


def test_an_unknown_source_is_refused_not_routed() -> None:
    with pytest.raises(KeyError, match="no topic for record source 'gpu'"):
        topic_for_source("gpu")


def test_names_under_a_prefix() -> None:
    names = TopicNames("prod.")
    assert names.all() == (
        "prod.telemetry.nvml",
        "prod.telemetry.dcgm",
        "prod.telemetry.vllm",
        "prod.telemetry.host",
        "prod.alerts",
        "prod.incidents",
        "prod.actions",
        "prod.deadletter",
    )
    assert (names.incidents, names.actions, names.deadletter) == (
        "prod.incidents",
        "prod.actions",
        "prod.deadletter",
    )
    assert names.inputs == (*names.telemetry, "prod.alerts")


@pytest.mark.parametrize("prefix", ["prod/", "a b.", "x" * 240])
def test_a_prefix_that_makes_illegal_names_is_refused(prefix: str) -> None:
    with pytest.raises(KafkaSetupError, match="is not usable"):
        TopicNames(prefix)
