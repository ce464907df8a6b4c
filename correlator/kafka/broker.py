"""Starting, stopping and finding the local single-node Kafka broker.

This is the API the CLI, the test fixtures and the replay command call::

    info = start_broker(BrokerSettings(port=19092, data_dir=tmp))
    ...  # produce and consume through info.bootstrap
    stop_broker(tmp)

``start_broker`` returns only once the broker answers a metadata request, so callers never
race its start-up; every failure is a :class:`KafkaSetupError` whose message says what to do.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from correlator.kafka import process
from correlator.kafka.datadir import BrokerInfo, DataDir
from correlator.kafka.errors import BrokerStartError, KafkaSetupError, PortBusyError
from correlator.kafka.jars import ensure_jars
from correlator.kafka.java import require_java
from correlator.kafka.probe import port_is_free, wait_until_answering
from correlator.kafka.properties import LOG4J2_PROPERTIES, server_properties
from correlator.kafka.settings import HOST, BrokerSettings, default_data_dir

STOP_TIMEOUT_S = 30.0


def broker_status(data_dir: Path | None = None) -> BrokerInfo | None:
    """The broker running from ``data_dir``, or ``None`` when none runs there."""
    data = _data_dir(data_dir)
    info = data.read_info()
    if info is None or not process.is_running(info.pid, data):
        return None
    return info


def start_broker(
    settings: BrokerSettings | None = None, progress: Callable[[str], None] | None = None
) -> BrokerInfo:
    """Starts the broker (downloading it on first use) and waits until it answers.

    Idempotent: when the broker of ``settings.data_dir`` already runs on ``settings.port``, that
    broker is returned. Storage kept by ``stop_broker(keep_data=True)`` is reused, topics and all.
    ``progress`` receives a line for people before slow steps (the first download).
    Call it from synchronous code (it runs its own event loop for the readiness probe).
    """
    settings = settings or BrokerSettings()
    running = broker_status(settings.data_dir)
    if running is not None:
        return _already_running(running, settings)
    java = require_java()
    _require_free_ports(settings)
    libs = ensure_jars(settings.version, settings.cache_dir, java, settings.maven_repo, progress)
    data = _prepare(settings)
    if not data.is_formatted():
        process.format_storage(java, libs, data)
    info = _spawn(java, libs, data, settings)
    _await_answer(info, data, settings.start_timeout_s)
    return info


def stop_broker(
    data_dir: Path | None = None, *, keep_data: bool = False, timeout_s: float = STOP_TIMEOUT_S
) -> BrokerInfo | None:
    """Stops the broker of ``data_dir`` and, unless ``keep_data``, removes the folder.

    Returns the broker that was stopped, or ``None`` when none was running (its leftover data
    is still removed, so a crashed broker can be cleaned up the same way).
    """
    data = _data_dir(data_dir)
    info = broker_status(data.root)
    if info is not None:
        process.terminate(info.pid, data, timeout_s)
    if keep_data:
        data.pid_file.unlink(missing_ok=True)
    else:
        data.remove()
    return info


def _data_dir(data_dir: Path | None) -> DataDir:
    """Absolute, because the running broker is recognised by the paths in its command line."""
    return DataDir((data_dir or default_data_dir()).expanduser().resolve())


def _already_running(running: BrokerInfo, settings: BrokerSettings) -> BrokerInfo:
    if running.port != settings.port or running.controller_port != settings.controller_port:
        raise KafkaSetupError(
            f"a broker already runs from {running.data_dir} on {running.bootstrap} "
            f"(controller :{running.controller_port}): stop it first or use another --data-dir"
        )
    return running


def _require_free_ports(settings: BrokerSettings) -> None:
    for name, port in (("--port", settings.port), ("--controller-port", settings.controller_port)):
        if not port_is_free(HOST, port):
            raise PortBusyError(
                f"port {port} on {HOST} ({name}) is already in use by another process: "
                f"stop it or choose another {name}"
            )


def _prepare(settings: BrokerSettings) -> DataDir:
    """Claims the data folder and writes this start's configuration files into it."""
    data = _data_dir(settings.data_dir)
    data.claim()
    data.storage.mkdir(exist_ok=True)
    data.server_properties.write_text(server_properties(settings, data.storage))
    data.log4j_properties.write_text(LOG4J2_PROPERTIES)
    return data


def _spawn(java: Path, libs: Path, data: DataDir, settings: BrokerSettings) -> BrokerInfo:
    pid = process.spawn(java, libs, data, settings.heap)
    info = BrokerInfo(
        pid=pid,
        host=HOST,
        port=settings.port,
        controller_port=settings.controller_port,
        version=settings.version,
        data_dir=data.root,
        log_path=data.log_file,
    )
    data.write_info(info)
    return info


def _await_answer(info: BrokerInfo, data: DataDir, timeout_s: float) -> None:
    """Waits for the broker's first answer; on failure stops it and reports its log's tail."""
    try:
        asyncio.run(
            wait_until_answering(
                info.bootstrap, timeout_s, lambda: process.is_running(info.pid, data)
            )
        )
    except BrokerStartError as exc:
        process.terminate(info.pid, data, 10.0)
        data.pid_file.unlink(missing_ok=True)
        raise BrokerStartError(
            f"{exc}; last lines of {data.log_file}:\n{data.log_tail()}"
        ) from None
