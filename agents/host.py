"""Host memory, the serving process's RSS and OOM kills, read from ``/proc`` and the kernel log.

Pure parsers (``parse_meminfo``, ``parse_vmstat_oom_kills``, ``parse_kmsg_oom``) sit beside a
thin reader, :class:`HostCollector`, which keeps the little state a round needs: the last
``oom_kill`` counter, the serving processes already seen, and an open ``/dev/kmsg`` positioned at
its end so that only kills after the agent started are reported.

The OOM counter in ``/proc/vmstat`` is authoritative for how many kills happened; the kernel log,
where it can be read, names the victims. A kill whose victim is unknown is still reported, with
empty attributes.
"""

from __future__ import annotations

import errno
import logging
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from agents.records import JsonRecord, event, sample

log = logging.getLogger(__name__)

KIB = 1024
# "Out of memory: Killed process 4242 (python3) total-vm:..." (also "Memory cgroup out of
# memory: Killed process ...", and the older "Kill process 4242 (python3) score ...")
_KILLED = re.compile(r"\bKill(?:ed)? process (\d+) \((.*?)\)")
# "oom-kill:constraint=CONSTRAINT_MEMCG,...,task=python3,pid=4242,uid=0"
_OOM_KILL = re.compile(r"\boom-kill:.*\btask=([^,]*),pid=(\d+)")


@dataclass(frozen=True, slots=True)
class OomVictim:
    """A process the kernel's OOM killer named in its log."""

    pid: int
    process: str


def parse_meminfo(text: str) -> dict[str, int]:
    """``/proc/meminfo`` fields in bytes (the kernel writes kB, meaning KiB)."""
    out = {}
    for line in text.splitlines():
        key, _, rest = line.partition(":")
        parts = rest.split()
        if parts and parts[0].isdigit():
            scale = KIB if parts[1:] == ["kB"] else 1
            out[key.strip()] = int(parts[0]) * scale
    return out


def memory_metrics(meminfo: Mapping[str, int]) -> dict[str, float]:
    """The contract's host memory metrics; "used" is what the kernel cannot hand out again."""
    metrics: dict[str, float] = {}
    if "MemTotal" in meminfo and "MemAvailable" in meminfo:
        metrics["mem_total_bytes"] = meminfo["MemTotal"]
        metrics["mem_used_bytes"] = meminfo["MemTotal"] - meminfo["MemAvailable"]
    if "SwapTotal" in meminfo and "SwapFree" in meminfo:
        metrics["swap_used_bytes"] = meminfo["SwapTotal"] - meminfo["SwapFree"]
    return metrics


def parse_vmstat_oom_kills(text: str) -> int | None:
    """The ``oom_kill`` counter of ``/proc/vmstat`` (kernels >= 4.13), or None without it."""
    for line in text.splitlines():
        name, _, value = line.partition(" ")
        if name == "oom_kill":
            return int(value)
    return None


def parse_kmsg_oom(line: str) -> OomVictim | None:
    """The victim named by one kernel log line (``/dev/kmsg`` or ``dmesg`` form), if any."""
    message = line.split(";", 1)[1] if ";" in line.split(" ", 1)[0] else line
    if m := _KILLED.search(message):
        return OomVictim(int(m.group(1)), m.group(2))
    if m := _OOM_KILL.search(message):
        return OomVictim(int(m.group(2)), m.group(1))
    return None


def unique_victims(lines: Iterable[str]) -> list[OomVictim]:
    """Victims named in log lines, once each: the kernel names a victim on two lines."""
    seen: dict[int, OomVictim] = {}
    for line in lines:
        if (victim := parse_kmsg_oom(line)) and victim.pid not in seen:
            seen[victim.pid] = victim
    return list(seen.values())


def parse_statm_rss(text: str, page_size: int) -> int:
    """Resident bytes from ``/proc/PID/statm`` (second field, in pages)."""
    return int(text.split()[1]) * page_size


def oom_events(
    victims: Iterable[OomVictim], kills: int, *, node: str, ts_ns: int
) -> list[JsonRecord]:
    """One ``oom_kill`` event per kill: the named victims first, then any left unnamed."""
    named = [
        event(node=node, source="host", ts_ns=ts_ns, gpu=None, name="oom_kill",
              attrs={"pid": v.pid, "process": v.process})
        for v in victims
    ]
    unnamed = [
        event(node=node, source="host", ts_ns=ts_ns, gpu=None, name="oom_kill")
        for _ in range(kills - len(named))
    ]
    return named + unnamed


@dataclass
class KernelLog:
    """Non-blocking reader of ``/dev/kmsg`` from its end; silent where it cannot be opened."""

    path: Path = Path("/dev/kmsg")
    fd: int | None = None
    opened: bool = False

    def open(self) -> None:
        self.opened = True
        try:
            self.fd = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK)
            os.lseek(self.fd, 0, os.SEEK_END)
        except OSError as err:
            log.info("kernel log %s unreadable (%s): OOM victims will not be named",
                     self.path, err.strerror)
            self.fd = None

    def read_new(self) -> list[str]:
        """Every record written since the last call (each read returns one record)."""
        if not self.opened:
            self.open()
        lines: list[str] = []
        while self.fd is not None:
            try:
                chunk = os.read(self.fd, 8192)
            except BlockingIOError:
                break
            except OSError as err:
                if err.errno == errno.EPIPE:  # overwritten while we lagged: skip ahead
                    continue
                raise
            if not chunk:
                break
            lines.append(chunk.decode("utf-8", "replace").rstrip("\n"))
        return lines

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


@dataclass
class HostCollector:
    """Reads one ``host`` round: a memory sample, and ``oom_kill`` / ``process_start`` events.

    ``serve_pattern`` (a regular expression searched in each process's command line) picks the
    serving processes whose RSS is summed into ``proc_rss_bytes``; the agent's own process is
    never counted. The first round only records what exists; later rounds report what is new.
    """

    node: str
    serve_pattern: str = r"(?i)vllm"
    proc: Path = Path("/proc")
    kernel_log: KernelLog = field(default_factory=KernelLog)
    _oom_kills: int | None = None
    _known_pids: set[int] | None = None
    _page_size: int = field(default_factory=lambda: os.sysconf("SC_PAGE_SIZE"))

    def collect(self, ts_ns: int) -> list[JsonRecord]:
        metrics = memory_metrics(parse_meminfo((self.proc / "meminfo").read_text()))
        serving = self.serving()
        metrics["proc_count"] = len(serving)
        if serving:
            metrics["proc_rss_bytes"] = sum(serving.values())
        records = [sample(node=self.node, source="host", ts_ns=ts_ns, gpu=None, metrics=metrics)]
        records += self._started(serving, ts_ns)
        records += self._ooms(ts_ns)
        return records

    def close(self) -> None:
        self.kernel_log.close()

    def serving(self) -> dict[int, int]:
        """pid -> RSS bytes of every process whose command line matches ``serve_pattern``."""
        pattern = re.compile(self.serve_pattern)
        me = os.getpid()
        found = {}
        for entry in self.proc.iterdir():
            if not entry.name.isdigit() or int(entry.name) == me:
                continue
            try:
                cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
                if cmdline and pattern.search(cmdline):
                    found[int(entry.name)] = parse_statm_rss(
                        (entry / "statm").read_text(), self._page_size
                    )
            except (OSError, UnicodeDecodeError, IndexError, ValueError):
                continue  # the process exited between listing and reading, or is a kernel thread
        return found

    def _started(self, serving: Mapping[int, int], ts_ns: int) -> list[JsonRecord]:
        known, self._known_pids = self._known_pids, set(serving)
        if known is None:
            return []
        return [
            event(node=self.node, source="host", ts_ns=ts_ns, gpu=None, name="process_start",
                  attrs={"pid": pid, "process": self._name(pid)})
            for pid in sorted(set(serving) - known)
        ]

    def _name(self, pid: int) -> str:
        try:
            return (self.proc / str(pid) / "comm").read_text().strip()
        except OSError:
            return ""

    def _ooms(self, ts_ns: int) -> list[JsonRecord]:
        victims = unique_victims(self.kernel_log.read_new())
        try:
            counter = parse_vmstat_oom_kills((self.proc / "vmstat").read_text())
        except OSError:
            counter = None
        previous, self._oom_kills = self._oom_kills, counter
        kills = counter - previous if counter is not None and previous is not None else 0
        return oom_events(victims, max(kills, len(victims)), node=self.node, ts_ns=ts_ns)
