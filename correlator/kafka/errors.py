"""Errors of the local broker's set-up, each worded as the one line a person needs to act on.

The CLI prints ``str(error)`` and nothing else, so every message names what is wrong and what
to do about it; the classes exist so that callers (the test fixtures, the replay command) can
tell a missing prerequisite from a broker that failed to come up.
"""

from __future__ import annotations


class KafkaSetupError(RuntimeError):
    """Base of every error raised while fetching, starting or stopping the local broker."""


class JavaMissingError(KafkaSetupError):
    """No usable Java runtime (17 or newer) was found."""


class DownloadError(KafkaSetupError):
    """The broker's jars could not be fetched from the Maven repository."""


class PortBusyError(KafkaSetupError):
    """A port the broker needs is already taken by another process."""


class BrokerStartError(KafkaSetupError):
    """The broker process exited or did not answer in time; the message ends with its log's tail."""


class TopicMismatchError(KafkaSetupError):
    """Existing topics have a partition count other than the one asked for."""
