"""A broker's data folder: what is where inside it, and the record of the broker running from it.

Everything a running broker needs or leaves lives in one folder (configuration, KRaft storage,
log, pid, ``broker.json``), so ``stop`` can remove it whole. A marker file says the folder was
made here: a folder without it is never written into nor deleted, which keeps a mistyped
``--data-dir`` from destroying someone's files.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import asdict, dataclass
from pathlib import Path

from correlator.kafka.errors import KafkaSetupError

MARKER = ".gpu-correlator-kafka"


@dataclass(frozen=True)
class BrokerInfo:
    """Where a started broker runs; written to ``broker.json`` in its data folder."""

    pid: int
    host: str
    port: int
    controller_port: int
    version: str
    data_dir: Path
    log_path: Path

    @property
    def bootstrap(self) -> str:
        """``HOST:PORT`` for clients."""
        return f"{self.host}:{self.port}"

    def describe(self) -> str:
        """One line for people: what runs, where, and where its log is."""
        return (
            f"Kafka {self.version} on {self.bootstrap} (controller :{self.controller_port}), "
            f"pid {self.pid}, data {self.data_dir}, log {self.log_path}"
        )


@dataclass(frozen=True)
class DataDir:
    """The layout of one broker's data folder."""

    root: Path

    @property
    def storage(self) -> Path:
        """KRaft metadata and topic partitions (``log.dirs``)."""
        return self.root / "storage"

    @property
    def server_properties(self) -> Path:
        return self.root / "server.properties"

    @property
    def log4j_properties(self) -> Path:
        return self.root / "log4j2.properties"

    @property
    def log_file(self) -> Path:
        """The broker's standard output and error, its log4j output included."""
        return self.root / "kafka.log"

    @property
    def pid_file(self) -> Path:
        return self.root / "kafka.pid"

    @property
    def state_file(self) -> Path:
        return self.root / "broker.json"

    def is_formatted(self) -> bool:
        """True once ``StorageTool format`` has run here (kept by ``stop --keep-data``)."""
        return (self.storage / "meta.properties").is_file()

    def is_ours(self) -> bool:
        return (self.root / MARKER).is_file()

    def claim(self) -> None:
        """Creates the folder, or accepts it when it is empty or already ours."""
        if self.root.exists() and not self.is_ours() and any(self.root.iterdir()):
            raise KafkaSetupError(
                f"data dir {self.root} is not empty and was not made by `correlator kafka "
                "start`: choose another --data-dir"
            )
        self.root.mkdir(parents=True, exist_ok=True)
        (self.root / MARKER).touch()

    def remove(self) -> None:
        """Deletes the folder, only when it is ours."""
        if self.is_ours():
            shutil.rmtree(self.root)

    def write_info(self, info: BrokerInfo) -> None:
        record = {**asdict(info), "data_dir": str(info.data_dir), "log_path": str(info.log_path)}
        self.state_file.write_text(json.dumps(record, indent=2) + "\n")
        self.pid_file.write_text(f"{info.pid}\n")

    def read_info(self) -> BrokerInfo | None:
        """The recorded broker, or ``None`` when none was recorded or the record is unreadable."""
        try:
            record = json.loads(self.state_file.read_text())
            return BrokerInfo(
                pid=int(record["pid"]),
                host=str(record["host"]),
                port=int(record["port"]),
                controller_port=int(record["controller_port"]),
                version=str(record["version"]),
                data_dir=Path(record["data_dir"]),
                log_path=Path(record["log_path"]),
            )
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def log_tail(self, lines: int = 25) -> str:
        """The last lines of the broker's log, for error messages."""
        try:
            text = self.log_file.read_text(errors="replace")
        except OSError:
            return "(no log was written)"
        return "\n".join(text.splitlines()[-lines:])
