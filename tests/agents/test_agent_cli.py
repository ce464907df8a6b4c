"""``gpu-agent`` run as a user runs it: a separate process, real HTTP targets, a real broker."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import sys
from pathlib import Path

import orjson
import pytest
from agent_helpers import Served, fixture_text, validate
from aiokafka import AIOKafkaConsumer

from agents.cli import parser
from correlator.kafka import TopicNames
from correlator.wire.decode import decode_message

AGENT = [sys.executable, "-c", "import sys; from agents.cli import main; sys.exit(main())"]
DOCS = Path(__file__).resolve().parents[2] / "docs" / "agents.md"


async def run_agent(*args: str, timeout: float = 120) -> tuple[int, bytes, bytes]:
    proc = await asyncio.create_subprocess_exec(
        *AGENT, *args, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), timeout)
    assert proc.returncode is not None
    return proc.returncode, out, err


def serve_captures(served: Served) -> None:
    served.pages["/dcgm"] = (200, fixture_text("dcgm_exporter_metrics_t4_ericsson_nohelp.prom"))
    served.pages["/vllm"] = (200, fixture_text("vllm_metrics_qwen25_0.5b_kops.prom"))


async def test_once_writes_one_round_of_every_source(served: Served, tmp_path: Path) -> None:
    serve_captures(served)
    out = tmp_path / "round.jsonl"
    rc, stdout, stderr = await run_agent(
        "--once", "--output", str(out), "--node", "gpu-node-7", "--dcgm-url", served.url("/dcgm"),
        "--vllm-url", served.url("/vllm"), "--serve-match", "no-such-process-xyz")
    assert rc == 0, stderr.decode()
    assert stdout == b""
    records = validate(orjson.loads(line) for line in out.read_bytes().splitlines())
    assert [(r.source, r.kind) for r in records] == [
        ("nvml", "event"), ("dcgm", "sample"), ("vllm", "sample"), ("host", "sample")]
    nvml, dcgm, vllm, host = records
    assert nvml.event == "source_gap" and "LibraryNotFound" in nvml.attrs["reason"]
    assert dcgm.metrics["DCGM_FI_DEV_GPU_UTIL"] == 91 and dcgm.labels["hostname"] == "cp-bm14r7"
    assert vllm.labels["num_gpu_blocks"] == "101625"
    assert host.metrics["proc_count"] == 0
    assert {r.node for r in records} == {"gpu-node-7"} and {r.seq for r in records} == {0}
    assert stderr.decode().count("NVML unavailable") == 1


async def test_once_to_standard_output(served: Served) -> None:
    serve_captures(served)
    rc, stdout, _ = await run_agent("--once", "--output", "-", "--no-nvml", "--no-host",
                                    "--dcgm-url", served.url("/dcgm"))
    assert rc == 0
    [dcgm] = validate(orjson.loads(line) for line in stdout.splitlines())
    assert dcgm.metrics["DCGM_FI_DEV_FB_USED"] == 5120


async def test_publishing_needs_a_broker_address() -> None:
    rc, _, stderr = await run_agent("--dcgm-url", "http://127.0.0.1:1/metrics")
    assert rc == 2 and b"--kafka is required" in stderr


def error_line(rc: int, stderr: bytes) -> str:
    """The one line of a refused command line (after argparse's usage), checked to be alone."""
    text = stderr.decode()
    assert rc == 2, text
    assert "Traceback" not in text and "validation error" not in text, text
    lines = text.splitlines()
    assert lines[-1].startswith("gpu-agent: error: ") and lines[0].startswith("usage: "), text
    return lines[-1].removeprefix("gpu-agent: error: ")


@pytest.mark.parametrize(("options", "expected"), [
    (["--sim-faults", "bogus"], "--sim-faults: unknown cause 'bogus' in 'bogus'; known: "
     "monitoring_gap, network_partition, session_isolation, spec_residue, xid_79"),
    (["--sim-benign", "spec_residue:1"], "--sim-benign: unknown cause 'spec_residue'"),
    (["--sim-nodes", "0"], "--sim-nodes 0: input should be greater than or equal to 1"),
    (["--sim-nodes", "0", "--sim-gpus", "9"], "--sim-nodes 0: input should be greater than or "
     "equal to 1; --sim-gpus 9: input should be less than or equal to 8"),
    (["--sim-minutes", "1441"], "--sim-minutes 1441: input should be less than or equal to 1440"),
    # found when the faults are scheduled, which used to happen after the publisher started
    (["--sim-faults", "spec_residue:30", "--sim-minutes", "5"],
     "--sim-faults: spec_residue:30: starts at minute 30, but the scenario lasts 5 minutes"),
    (["--sim-faults", "xid_79@gpu-node-09:1", "--sim-nodes", "2"],
     "--sim-faults: xid_79@gpu-node-09:1: no node named 'gpu-node-09'; the fleet is "
     "gpu-node-01..gpu-node-02"),
    (["--sim-speed", "0"], "argument --sim-speed: must be above 0, not 0"),
])
async def test_bad_simulation_options_are_refused_in_one_line(
        options: list[str], expected: str, tmp_path: Path) -> None:
    rc, _, stderr = await run_agent("--simulate", "--kafka", "127.0.0.1:1", "--spool-dir",
                                    str(tmp_path / "spool"), *options)
    line = error_line(rc, stderr)
    assert line.startswith(expected), line
    assert "--faults" not in line.replace("--sim-faults", "")  # the simulator's own name
    assert not (tmp_path / "spool").exists()  # refused before anything started


@pytest.mark.parametrize(("options", "expected"), [
    (["--log-level", "verbose"], "argument --log-level: invalid choice: "),
    (["--interval", "0"], "argument --interval: must be above 0, not 0"),
    (["--vllm-interval", "-1"], "argument --vllm-interval: must be above 0, not -1"),
    (["--scrape-timeout", "nan"], "argument --scrape-timeout: must be above 0, not nan"),
    (["--metrics-port", "70000"], "argument --metrics-port: must be a port number, 0-65535, "
     "not 70000"),
    (["--spool-max-mb", "0"], "argument --spool-max-mb: must be at least 0.125 (128 KiB), not 0"),
])
async def test_bad_option_values_are_refused_by_argparse(
        options: list[str], expected: str) -> None:
    rc, _, stderr = await run_agent("--once", "--no-nvml", "--no-host", *options)
    line = error_line(rc, stderr)
    assert line.startswith(expected), line
    if options[0] == "--log-level":  # the valid levels are listed
        assert all(level in line for level in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"))


async def test_log_level_is_case_insensitive() -> None:
    rc, _, stderr = await run_agent("--once", "--no-nvml", "--no-host", "--log-level", "debug")
    assert rc == 0 and b" DEBUG asyncio: " in stderr


async def test_an_output_that_cannot_be_written_is_refused_before_collecting(
        served: Served, tmp_path: Path) -> None:
    serve_captures(served)
    (tmp_path / "somefile").write_text("a regular file")
    target = tmp_path / "somefile" / "x"
    rc, _, stderr = await run_agent("--once", "--output", str(target), "--no-nvml", "--no-host",
                                    "--dcgm-url", served.url("/dcgm"))
    assert error_line(rc, stderr) == f"--output {target}: cannot write there: Not a directory"
    assert served.hits == {}  # nothing was collected


async def test_a_spool_dir_or_metrics_port_that_cannot_be_used_is_one_line(
        tmp_path: Path) -> None:
    (tmp_path / "somefile").write_text("a regular file")
    spool = tmp_path / "somefile" / "spool"
    rc, _, stderr = await run_agent("--kafka", UNREACHABLE_KAFKA, "--no-nvml", "--no-host",
                                    "--spool-dir", str(spool))
    assert (rc, stderr.decode()) == (
        2, f"gpu-agent: error: --spool-dir {spool}: cannot keep the spool there: Not a directory\n")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        rc, _, stderr = await run_agent("--kafka", UNREACHABLE_KAFKA, "--no-nvml", "--no-host",
                                        "--spool-dir", str(tmp_path / "spool"),
                                        "--metrics-host", "127.0.0.1", "--metrics-port", str(port))
    [line] = stderr.decode().splitlines()
    assert rc == 2 and line.startswith(f"gpu-agent: error: --metrics-port {port}: cannot serve on "
                                       "127.0.0.1: ") and "address already in use" in line


async def start_agent(*args: str, until_line: bytes) -> tuple[asyncio.subprocess.Process, bytes]:
    """The agent as a process, once its standard error has shown ``until_line``."""
    proc = await asyncio.create_subprocess_exec(*AGENT, *args, stderr=asyncio.subprocess.PIPE)
    assert proc.stderr is not None
    seen = b""
    async with asyncio.timeout(60):
        while until_line not in seen:
            line = await proc.stderr.readline()
            assert line, seen.decode()  # it ended before saying so
            seen += line
    return proc, seen


UNREACHABLE_KAFKA = "127.0.0.1:1"  # nothing listens: the agent spools, as in an outage


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
async def test_a_signal_stops_a_simulation_and_is_named(sig: signal.Signals,
                                                        tmp_path: Path) -> None:
    proc, _ = await start_agent(
        "--simulate", "--kafka", UNREACHABLE_KAFKA, "--sim-nodes", "1", "--sim-gpus", "1",
        "--sim-preroll", "0", "--spool-dir", str(tmp_path / "spool"),
        until_line=b"simulating 1 nodes x 1 GPUs for 1440 minutes")
    await asyncio.sleep(1.5)  # a second or so published
    proc.send_signal(sig)
    _, stderr = await asyncio.wait_for(proc.communicate(), 30)  # not the 60 s of a whole run
    text = stderr.decode()
    assert proc.returncode == 0, text
    assert f"simulation stopped by {sig.name}: " in text and "simulation over" not in text


async def test_a_simulation_that_runs_out_says_so(tmp_path: Path) -> None:
    proc, seen = await start_agent(
        "--simulate", "--kafka", UNREACHABLE_KAFKA, "--sim-nodes", "1", "--sim-gpus", "1",
        "--sim-minutes", "0.05", "--sim-speed", "10", "--sim-preroll", "0",
        "--spool-dir", str(tmp_path / "spool"), until_line=b"simulation over")
    assert b"simulation over: its 0.05 simulated minutes ran out; " in seen
    # it now waits up to 60 s for Kafka to take the scenario; a signal ends that wait at once
    proc.send_signal(signal.SIGTERM)
    _, stderr = await asyncio.wait_for(proc.communicate(), 10)
    assert proc.returncode == 0 and b"stay spooled in" in stderr, stderr.decode()


async def test_a_signal_stops_collection_and_is_named(served: Served, tmp_path: Path) -> None:
    serve_captures(served)
    proc, _ = await start_agent(
        "--kafka", UNREACHABLE_KAFKA, "--no-nvml", "--no-host", "--dcgm-url", served.url("/dcgm"),
        "--interval", "0.2", "--spool-dir", str(tmp_path / "spool"), until_line=b"node ")
    proc.send_signal(signal.SIGTERM)
    _, stderr = await asyncio.wait_for(proc.communicate(), 30)
    assert proc.returncode == 0 and b"gpu-agent: stopped by SIGTERM" in stderr, stderr.decode()


@pytest.mark.kafka
async def test_publishes_rounds_to_kafka_until_sigterm(
        served: Served, kafka_bootstrap: str, kafka_topics: TopicNames, tmp_path: Path) -> None:
    serve_captures(served)
    proc = await asyncio.create_subprocess_exec(
        *AGENT, "--kafka", kafka_bootstrap, "--topic-prefix", kafka_topics.prefix,
        "--node", "gpu-node-7", "--dcgm-url", served.url("/dcgm"), "--vllm-url",
        served.url("/vllm"), "--interval", "0.2", "--spool-dir", str(tmp_path / "spool"),
        stderr=asyncio.subprocess.PIPE)
    consumer = AIOKafkaConsumer(*kafka_topics.telemetry, bootstrap_servers=kafka_bootstrap,
                                auto_offset_reset="earliest", group_id=None)
    await consumer.start()
    by_source: dict[str, list[list[object]]] = {}
    try:
        async with asyncio.timeout(120):
            while not all(len(by_source.get(s, [])) >= 3 for s in ("dcgm", "vllm", "host")):
                for tp, msgs in (await consumer.getmany(timeout_ms=500)).items():
                    for m in msgs:
                        records, rejected = decode_message(m.value, origin=tp.topic)
                        assert rejected == [] and m.key == b"gpu-node-7"
                        by_source.setdefault(records[0].source, []).append(records)
    finally:
        await consumer.stop()
        proc.send_signal(signal.SIGTERM)
        _, stderr = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode == 0, stderr.decode()
    assert b"gpu-agent: stopped by SIGTERM" in stderr
    assert [len(r) for r in by_source["nvml"]] == [1]  # the permanent gap, once
    seqs = [rnd[0].seq for rnd in by_source["dcgm"]]
    assert seqs == list(range(len(seqs)))
    assert os.listdir(tmp_path / "spool")  # the spool was used


def test_every_option_is_in_the_docs_options_table() -> None:
    section = DOCS.read_text().split("\n## Options\n", 1)[1].split("\n## ", 1)[0]
    rows = [line.split(" | ")[0] for line in section.splitlines() if line.startswith("| `--")]
    documented = set()
    for cell in rows:
        for name in re.findall(r"--[a-z{},-]+[a-z]", cell):
            if m := re.fullmatch(r"--\{([a-z,]+)\}(-[a-z-]+)", name):  # --{nvml,dcgm}-interval
                documented |= {f"--{each}{m[2]}" for each in m[1].split(",")}
            else:
                documented.add(name)
    options = {o for a in parser()._actions for o in a.option_strings if o.startswith("--")}
    assert options - {"--help"} - documented == set()
    assert documented - options == set()


@pytest.mark.kafka
async def test_sigterm_ends_the_agent_while_its_topics_do_not_exist(
        kafka_bootstrap: str, kafka_prefix: str, tmp_path: Path) -> None:
    proc, _ = await start_agent(
        "--simulate", "--kafka", kafka_bootstrap, "--topic-prefix", kafka_prefix,
        "--sim-nodes", "1", "--sim-gpus", "1", "--sim-preroll", "0",
        "--spool-dir", str(tmp_path / "spool"), until_line=b"simulating")
    await asyncio.sleep(3)  # rounds spooled, the producer waiting for topics that never come
    proc.send_signal(signal.SIGTERM)
    _, stderr = await asyncio.wait_for(proc.communicate(), 30)  # it used to hang for ever
    assert proc.returncode == 0, stderr.decode()
    assert b"simulation stopped by SIGTERM" in stderr and b"stay spooled in" in stderr
