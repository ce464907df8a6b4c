"""A worker's settings, shared by ``correlator worker`` and the replay's own worker."""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from correlator.kafka.topics import DEFAULT_PARTITIONS

Store = Literal["rocksdb", "memory"]
MAX_MESSAGE_BYTES = 16 * 1024 * 1024
"""The local broker's ``message.max.bytes``: a 10 MB malformed value plus its dead letter fit."""


def rocksdb_available() -> bool:
    try:
        import rocksdict  # noqa: F401
    except ImportError:
        return False
    return True


def default_state_dir(app_id: str) -> Path:
    base = Path(os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state")
    return base / "gpu-correlator" / "worker" / app_id


@dataclass(frozen=True)
class WorkerConfig:
    bootstrap: str
    prefix: str = ""
    partitions: int = DEFAULT_PARTITIONS
    state_dir: Path | None = None
    store: Store = field(default_factory=lambda: "rocksdb" if rocksdb_available() else "memory")
    web_port: int | None = None
    replication_factor: int = 1
    snapshot_every_s: float = 5.0
    """Wall seconds between snapshots of a busy partition (raised when snapshots get costly)."""
    session_timeout_s: float = 10.0
    """A worker that stops heartbeating this long (killed) loses its partitions to the others."""
    take_max: int = 500
    take_within_s: float = 0.05
    live_idle_s: float = 10.0
    """A live partition with no input for this long is advanced by the wall clock."""
    live_horizon_s: float = 900.0
    """...when its newest record was at most this old when it came (so history never is)."""
    lag_hold_s: float = 1.0
    """A live input message older than this when handled (the worker runs behind its input)
    leaves its topic counted as behind until Kafka, asked afresh, shows nothing more waiting:
    the highwater a fetch reported is as old as that fetch."""
    worker_id: str = field(default_factory=lambda: f"{socket.gethostname()}:{os.getpid()}")
    log_level: str = "warn"
