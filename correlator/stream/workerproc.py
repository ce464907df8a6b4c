"""A worker in a child process, for a replay that brings its own (``replay --kafka``)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

LAUNCH = "import sys; from correlator.cli import main; sys.exit(main())"


class WorkerProcess:
    def __init__(self, bootstrap: str, prefix: str, partitions: int, state_dir: Path,
                 rules: Path | None = None, store: str = "memory", extra: list[str] | None = None) -> None:
        self.argv = [sys.executable, "-c", LAUNCH, "worker", "--kafka", bootstrap, "--prefix", prefix,
                     "--partitions", str(partitions), "--store", store, "--state-dir", str(state_dir)]
        if rules is not None:
            self.argv += ["--rules", str(rules)]
        self.argv += extra or []
        self.log_path = state_dir / "worker.log"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        with self.log_path.open("ab") as log:
            self.proc = subprocess.Popen(self.argv, stdout=log, stderr=subprocess.STDOUT,
                                         stdin=subprocess.DEVNULL, start_new_session=True)

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def exited(self) -> str | None:
        """Why the worker is gone (with the end of its log), or None while it runs."""
        if self.proc is None or self.proc.poll() is None:
            return None
        return f"the replay's worker exited with status {self.proc.returncode}:\n{self.log_tail()}"

    def log_tail(self, lines: int = 20) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    def kill(self) -> None:
        """SIGKILL, as a crash would."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def stop(self, timeout_s: float = 30.0) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout_s)
        except subprocess.TimeoutExpired:
            self.kill()
