"""The host collector on this machine's real /proc (and kernel log), and its pure parsers."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from agent_helpers import validate

from agents.host import (
    HostCollector,
    KernelLog,
    OomVictim,
    memory_metrics,
    oom_events,
    parse_kmsg_oom,
    parse_meminfo,
    parse_vmstat_oom_kills,
    unique_victims,
)

MIB = 1 << 20
HOLD = """
import sys, time
block = bytearray({size})
for i in range(0, len(block), 4096):
    block[i] = 1  # touch every page so it is resident
print("ready", flush=True)
sys.stdin.read()  # hold until the test closes stdin
"""


@pytest.fixture
def marker() -> str:
    return f"gpuagent-test-{uuid.uuid4().hex[:12]}"


def spawn(marker: str, size: int) -> subprocess.Popen[str]:
    """A real process holding ``size`` resident bytes, named by ``marker`` on its command line."""
    proc = subprocess.Popen([sys.executable, "-c", HOLD.format(size=size), marker],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
    return proc


@pytest.fixture
def procs() -> Iterator[list[subprocess.Popen[str]]]:
    started: list[subprocess.Popen[str]] = []
    yield started
    for proc in started:
        if proc.stdin:
            proc.stdin.close()
        proc.wait(timeout=30)


def vm_rss(pid: int) -> int:
    """VmRSS from /proc/PID/status: a second, independent reading of the same number."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


def test_real_proc_memory_and_serving_process(marker: str,
                                              procs: list[subprocess.Popen[str]]) -> None:
    procs.append(spawn(marker, 64 * MIB))
    collector = HostCollector("gpu-node-7", serve_pattern=marker)
    try:
        [rec] = validate(collector.collect(1_000))
    finally:
        collector.close()
    assert (rec.source, rec.kind, rec.gpu, rec.node) == ("host", "sample", None, "gpu-node-7")
    page = os.sysconf("SC_PAGE_SIZE")
    assert rec.metrics["mem_total_bytes"] == os.sysconf("SC_PHYS_PAGES") * page
    assert 0 < rec.metrics["mem_used_bytes"] < rec.metrics["mem_total_bytes"]
    assert rec.metrics["swap_used_bytes"] >= 0
    assert rec.metrics["proc_count"] == 1
    rss = rec.metrics["proc_rss_bytes"]
    assert rss >= 64 * MIB
    assert abs(rss - vm_rss(procs[0].pid)) < 4 * MIB  # statm and status agree


def test_new_serving_process_is_an_event_and_rss_sums(
        marker: str, procs: list[subprocess.Popen[str]]) -> None:
    procs.append(spawn(marker, 16 * MIB))
    collector = HostCollector("n1", serve_pattern=marker)
    try:
        first = validate(collector.collect(1_000))
        procs.append(spawn(marker, 48 * MIB))
        second = validate(collector.collect(2_000))
        third = validate(collector.collect(3_000))
    finally:
        collector.close()
    assert [r.kind for r in first] == ["sample"]  # what runs at start is not "started"
    sample, started = second
    assert started.event == "process_start"
    assert started.attrs == {"pid": procs[1].pid, "process": Path(sys.executable).name[:15]}
    assert sample.metrics["proc_count"] == 2
    assert sample.metrics["proc_rss_bytes"] >= 64 * MIB
    assert [r.kind for r in third] == ["sample"]


def test_no_serving_process_means_no_rss(marker: str) -> None:
    collector = HostCollector("n1", serve_pattern=marker)
    try:
        [rec] = validate(collector.collect(1))
    finally:
        collector.close()
    assert rec.metrics["proc_count"] == 0 and "proc_rss_bytes" not in rec.metrics


def test_agent_never_counts_itself() -> None:
    serving = HostCollector("n1", serve_pattern=".").serving()  # every process with a cmdline
    assert os.getppid() in serving and os.getpid() not in serving


def test_kernel_log_reads_only_new_records(marker: str) -> None:
    log = KernelLog()
    log.open()
    if log.fd is None:
        pytest.skip("/dev/kmsg cannot be read here")
    try:
        assert not [line for line in log.read_new() if marker in line]
        try:
            Path("/dev/kmsg").write_text(f"<6>{marker}: kernel log reader check\n")
        except OSError:
            pytest.skip("/dev/kmsg cannot be written here")
        lines = log.read_new()
    finally:
        log.close()
    [line] = [line for line in lines if marker in line]
    assert line.split(";", 1)[1] == f"{marker}: kernel log reader check"


def test_parsers_on_real_file_contents() -> None:
    meminfo = parse_meminfo(Path("/proc/meminfo").read_text())
    assert meminfo["MemTotal"] == os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    assert parse_vmstat_oom_kills(Path("/proc/vmstat").read_text()) is not None


def test_memory_metrics() -> None:
    meminfo = parse_meminfo("MemTotal:       16384 kB\nMemFree:  1024 kB\n"
                            "MemAvailable:    4096 kB\nSwapTotal: 2048 kB\nSwapFree: 512 kB\n"
                            "HugePages_Total:       0\n")
    assert meminfo["HugePages_Total"] == 0
    assert memory_metrics(meminfo) == {"mem_total_bytes": 16384 * 1024,
                                       "mem_used_bytes": 12288 * 1024,
                                       "swap_used_bytes": 1536 * 1024}


# Lines as the kernel writes them (mm/oom_kill.c, memcontrol.c), in /dev/kmsg and dmesg form
KMSG = [
    "6,2817,905345234,-;oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,"
    "mems_allowed=0,oom_memcg=/kubepods/pod1,task_memcg=/kubepods/pod1/c1,task=python3,"
    "pid=4242,uid=1000",
    "3,2818,905345300,-;Memory cgroup out of memory: Killed process 4242 (python3) "
    "total-vm:81234560kB, anon-rss:60123456kB, file-rss:10240kB, shmem-rss:0kB, UID:1000 "
    "pgtables:120000kB oom_score_adj:0",
    "[905345.4] Out of memory: Killed process 977 (VLLM::EngineCor) total-vm:1kB, anon-rss:1kB, "
    "file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:4kB oom_score_adj:0",
    "[12.5] Out of memory: Kill process 31 (old kernel) score 900 or sacrifice child",
    "6,2819,905345400,-;oom_reaper: reaped process 4242 (python3), now anon-rss:0kB",
    "6,2820,905345500,-;usb 1-1: new high-speed USB device",
]


def test_oom_victims_from_kernel_lines() -> None:
    assert parse_kmsg_oom(KMSG[0]) == OomVictim(4242, "python3")
    assert parse_kmsg_oom(KMSG[2]) == OomVictim(977, "VLLM::EngineCor")
    assert parse_kmsg_oom(KMSG[3]) == OomVictim(31, "old kernel")
    assert parse_kmsg_oom(KMSG[4]) is None and parse_kmsg_oom(KMSG[5]) is None
    assert unique_victims(KMSG) == [OomVictim(4242, "python3"), OomVictim(977, "VLLM::EngineCor"),
                                    OomVictim(31, "old kernel")]


def test_oom_events_count_every_kill_named_or_not() -> None:
    records = validate(oom_events([OomVictim(4242, "python3")], 3, node="n1", ts_ns=7))
    assert [(r.event, r.attrs) for r in records] == [
        ("oom_kill", {"pid": 4242, "process": "python3"}), ("oom_kill", {}), ("oom_kill", {})]
    assert oom_events([], 0, node="n1", ts_ns=7) == []
