"""The broker's JVM processes: formatting storage once, running the server detached, stopping it.

The commands are the ones Kafka's scripts run (``kafka-storage.sh format`` is
``kafka.tools.StorageTool format``; ``kafka-server-start.sh`` is ``kafka.Kafka``), with the
scripts' JVM flags and a small heap, since CI machines have 2 cores and the broker shares them
with the tests. The server runs in its own session so it outlives the command that started it
and a Ctrl-C in that terminal does not reach it.
"""

from __future__ import annotations

import base64
import contextlib
import os
import signal
import subprocess
import time
import uuid
from pathlib import Path

from correlator.kafka.datadir import DataDir
from correlator.kafka.errors import BrokerStartError

MAIN_CLASS = "kafka.Kafka"
STORAGE_TOOL = "kafka.tools.StorageTool"
JVM_FLAGS = (
    "-XX:+UseG1GC",
    "-XX:MaxGCPauseMillis=20",
    "-XX:InitiatingHeapOccupancyPercent=35",
    "-XX:+ExplicitGCInvokesConcurrent",
    "-Djava.awt.headless=true",
)

_children: dict[int, subprocess.Popen[bytes]] = {}
"""Brokers started by this process, kept so that their exit is reaped instead of left a zombie."""


def new_cluster_id() -> str:
    """A random KRaft cluster id (a UUID in unpadded URL-safe base64, as ``random-uuid`` prints)."""
    while True:
        text = base64.urlsafe_b64encode(uuid.uuid4().bytes).rstrip(b"=").decode()
        if not text.startswith("-"):
            return text


def jvm_command(java: Path, libs: Path, data: DataDir, heap: str, main: str) -> list[str]:
    """The ``java`` command line for one of Kafka's main classes, with this broker's logging."""
    return [
        str(java),
        f"-Xmx{heap}",
        "-Xms128m",
        *JVM_FLAGS,
        f"-Dlog4j2.configurationFile={data.log4j_properties}",
        f"-Dkafka.logs.dir={data.root}",
        "-cp",
        f"{libs}/*",
        main,
    ]


def format_storage(java: Path, libs: Path, data: DataDir) -> None:
    """Formats KRaft storage as a standalone (single-voter) controller quorum."""
    command = [
        *jvm_command(java, libs, data, "256m", STORAGE_TOOL),
        "format",
        "--config", str(data.server_properties),
        "--cluster-id", new_cluster_id(),
        "--standalone",
    ]  # fmt: skip
    result = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    if result.returncode != 0:
        output = "\n".join((result.stdout + result.stderr).splitlines()[-15:])
        raise BrokerStartError(f"formatting Kafka storage in {data.storage} failed:\n{output}")


def spawn(java: Path, libs: Path, data: DataDir, heap: str) -> int:
    """Starts the broker detached (new session, output to its log file); returns its pid."""
    command = [*jvm_command(java, libs, data, heap, MAIN_CLASS), str(data.server_properties)]
    with open(data.log_file, "ab") as log:
        process = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=data.root,
            start_new_session=True,
        )
    _children[process.pid] = process
    return process.pid


def is_running(pid: int, data: DataDir) -> bool:
    """True when ``pid`` is alive and is the broker of ``data`` (not a recycled pid).

    A broker started by this process is asked directly: its pid cannot be recycled before it is
    reaped, and its ``/proc`` command line reads empty for a moment after the fork.
    """
    child = _children.get(pid)
    if child is not None:
        return child.poll() is None
    cmdline = Path(f"/proc/{pid}/cmdline")
    if cmdline.parent.is_dir():
        return _proc_is_broker(cmdline, data)
    if not Path("/proc/self").is_dir():
        return _signal_reaches(pid)
    return False


def _proc_is_broker(cmdline: Path, data: DataDir) -> bool:
    try:
        args = cmdline.read_bytes().split(b"\0")
        state = (cmdline.parent / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return (
        state != "Z"
        and MAIN_CLASS.encode() in args
        and str(data.server_properties).encode() in args
    )


def _signal_reaches(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def terminate(pid: int, data: DataDir, timeout_s: float) -> bool:
    """SIGTERM (Kafka's controlled shutdown), then SIGKILL after ``timeout_s``.

    Returns True when the broker had to be killed.
    """
    _send(pid, signal.SIGTERM)
    if _wait_for_exit(pid, data, timeout_s):
        return False
    _send(pid, signal.SIGKILL)
    _wait_for_exit(pid, data, 10.0)
    return True


def _send(pid: int, signum: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signum)


def _wait_for_exit(pid: int, data: DataDir, timeout_s: float) -> bool:
    deadline = time.monotonic() + timeout_s
    while is_running(pid, data):
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.1)
    _children.pop(pid, None)
    return True
