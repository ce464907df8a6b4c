"""Misuse of the `correlator` command: one clear line naming what is wrong, a non-zero exit
status, and no traceback, through the real command line."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CLI = str(Path(sys.executable).with_name("correlator"))
RULES = str(Path(__file__).resolve().parents[2] / "rules")


def cli(*args: str, cwd: Path | None = None,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([CLI, *args], capture_output=True, text=True, timeout=600, cwd=cwd,
                          env=None if env is None else os.environ | env)


def refused(done: subprocess.CompletedProcess[str], status: int, *words: str) -> None:
    assert done.returncode == status, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr, done.stderr
    for word in words:
        assert word in done.stderr, (word, done.stderr)


@pytest.fixture(scope="module")
def recording(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("recording")
    done = cli("simulate", "--out", str(out), "--nodes", "2", "--minutes", "12", "--seed", "2",
               "--preroll", "60", "--faults", "spec_residue@gpu-node-01:3")
    assert done.returncode == 0, done.stderr
    return out


@pytest.fixture
def closed_port() -> str:
    """An address nothing listens on (a port just released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"127.0.0.1:{port}"


def test_simulate_into_a_file_or_from_an_unreadable_start(tmp_path: Path) -> None:
    a_file = tmp_path / "taken"
    a_file.write_text("not a directory\n")
    refused(cli("simulate", "--out", str(a_file), "--minutes", "2"), 2, f"--out {a_file} is a file")
    refused(cli("simulate", "--out", str(a_file / "sub"), "--minutes", "2"), 2,
            f"cannot write to --out {a_file / 'sub'}")
    refused(cli("simulate", "--out", str(tmp_path / "x"), "--start", "yesterday"), 2,
            "--start 'yesterday'")


def test_demo_too_short_for_its_schedule_or_into_a_file(tmp_path: Path) -> None:
    refused(cli("demo", "--minutes", "5"), 2, "--minutes 5 is too short", "minute 28")
    a_file = tmp_path / "taken"
    a_file.write_text("")
    refused(cli("demo", "--out", str(a_file)), 2, f"--out {a_file} is a file")


def test_compare_refuses_what_it_would_not_write_and_names_rejected_lines(
    recording: Path, tmp_path: Path
) -> None:
    labels = str(recording / "labels.jsonl")
    events = str(recording / "events.jsonl.gz")
    for extra in (["--report", str(tmp_path / "r.html")], ["--incidents", str(tmp_path / "i.jsonl")]):
        refused(cli("replay", events, "--labels", labels, "--compare", RULES, *extra), 2,
                "--compare")
    assert not list(tmp_path.iterdir())
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"v": 1, "ts_ns": "soon"}\n')
    done = cli("replay", events, str(bad), "--labels", labels, "--compare", RULES, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Per cause:" in done.stdout
    assert f"rejected {bad}:1" in done.stderr and "1 records rejected" in done.stderr
    assert "not written under --compare" in done.stderr
    assert not (tmp_path / "deadletter.jsonl").exists()


def test_commands_that_need_a_broker_say_none_answers(recording: Path, closed_port: str) -> None:
    refused(cli("kafka", "topics", "--kafka", closed_port), 1,
            f"no Kafka broker answers on {closed_port}")
    refused(cli("replay", str(recording), "--labels", str(recording / "labels.jsonl"),
                "--kafka", closed_port), 1, f"no Kafka broker answers on {closed_port}")


def test_rules_with_a_typo_are_named_by_file_rule_and_field(recording: Path, tmp_path: Path) -> None:
    rules = tmp_path / "rules.yaml"
    rules.write_text("hypotheses:\n  spec_residue:\n    min_taus: 0.7\n")
    refused(cli("rules", "check", str(rules)), 1,
            f"{rules}: rule 'hypotheses.spec_residue': field 'min_taus'")
    refused(cli("replay", str(recording), "--rules", str(rules)), 2, "field 'min_taus'")


def test_ingest_checks_its_output_files_before_it_serves(tmp_path: Path, closed_port: str) -> None:
    """Without the check the first incident, perhaps hours later, failed to be written."""
    a_file = tmp_path / "taken"
    a_file.write_text("")
    listen = closed_port
    refused(cli("ingest", "--listen", listen, "--out", str(a_file / "incidents.jsonl")), 2,
            f"--out {a_file / 'incidents.jsonl'}: cannot write there")
    refused(cli("ingest", "--listen", listen, "--deadletter", str(tmp_path)), 2,
            f"--deadletter {tmp_path}: cannot write there")


def test_worker_makes_its_state_folder_or_names_why_it_cannot(tmp_path: Path, closed_port: str) -> None:
    a_file = tmp_path / "taken"
    a_file.write_text("")
    refused(cli("worker", "--kafka", closed_port, "--state-dir", str(a_file / "state")), 2,
            f"--state-dir {a_file / 'state'}")
    # The default folder's parents are made before the broker is asked (it is not here).
    refused(cli("worker", "--kafka", closed_port, "--prefix", "p.",
                env={"XDG_STATE_HOME": str(tmp_path / "xdg")}), 1, "no Kafka broker answers")
    assert (tmp_path / "xdg" / "gpu-correlator" / "worker" / "p.correlator").is_dir()


@pytest.mark.kafka
def test_worker_runs_on_a_machine_without_its_state_folder(
    tmp_path: Path, kafka_bootstrap: str, kafka_prefix: str
) -> None:
    """The documented `correlator worker --kafka HOST:PORT`, with no --state-dir, where
    ~/.local/state/gpu-correlator does not exist yet: Faust made only the last folder and the
    worker died with FileNotFoundError."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        web = s.getsockname()[1]
    proc = subprocess.Popen(
        [CLI, "worker", "--kafka", kafka_bootstrap, "--prefix", kafka_prefix, "--partitions", "2",
         "--web-port", str(web)],
        env=os.environ | {"XDG_STATE_HOME": str(tmp_path / "fresh")}, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while True:
            assert proc.poll() is None, proc.communicate()[1][-3000:]
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{web}/metrics", timeout=5) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            assert time.monotonic() < deadline, "the worker never served /metrics"
            time.sleep(0.5)
    finally:
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=90)
    assert "FileNotFoundError" not in err, err[-3000:]
    assert (tmp_path / "fresh" / "gpu-correlator" / "worker" / f"{kafka_prefix}correlator").is_dir()


def test_options_of_the_embedded_mode_are_refused_with_kafka(tmp_path: Path, closed_port: str) -> None:
    """Checked before any broker is asked: an option that would be silently ignored is an error."""
    refused(cli("ingest", "--listen", "127.0.0.1:0", "--kafka", closed_port, "--out",
                str(tmp_path / "i.jsonl"), "--rules", RULES), 2,
            "--out, --rules: for the embedded engine only")
    pagers = tmp_path / "pagers.yaml"
    pagers.write_text("receivers:\n  - {name: s, type: slack, url: 'http://127.0.0.1:9/x'}\n"
                      "routes:\n  - receivers: [s]\n")
    refused(cli("pager", "--config", str(pagers), "--kafka", closed_port, "--input", "-"), 2,
            "--input: without --kafka only")
