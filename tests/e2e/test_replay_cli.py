"""`correlator replay` and `correlator simulate` end to end, through the real command line."""

from __future__ import annotations

import gzip
import json
import random
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

CLI = str(Path(sys.executable).with_name("correlator"))


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([CLI, *args], capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def scenario(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("scenario")
    done = cli("simulate", "--out", str(out), "--nodes", "4", "--minutes", "30", "--seed", "5",
               "--faults", "spec_residue@gpu-node-02:8,xid_79@gpu-node-03:12",
               "--benign", "retry_burst@gpu-node-04:10")
    assert done.returncode == 0, done.stderr
    return out


def gunzip_lines(path: Path) -> list[bytes]:
    with gzip.open(path) as fh:
        return fh.read().splitlines()


def summary_of(done: subprocess.CompletedProcess[str]) -> dict[str, object]:
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_replay_json_summary_has_every_contract_key(scenario: Path, tmp_path: Path) -> None:
    incidents = tmp_path / "incidents.jsonl"
    s = summary_of(cli("replay", str(scenario / "events.jsonl.gz"), "--labels",
                       str(scenario / "labels.jsonl"), "--json", "--incidents", str(incidents)))
    assert set(s) >= {"events", "alerts_in", "incidents_out", "alert_reduction", "precision", "recall",
                      "f1", "cause_accuracy", "false_alarms_per_day", "detection_latency_s",
                      "duration_s", "wall_s"}
    assert s["recall"] == 1.0 and s["precision"] == 1.0 and s["incidents_out"] == 2
    records = [json.loads(line) for line in incidents.read_text().splitlines()]
    assert {r["cause"] for r in records if r["status"] == "open"} == {"spec_residue", "gpu_failure"}
    assert all(r["v"] == 1 and r["incident_id"].startswith("inc-") for r in records)


def test_replay_is_deterministic_and_order_independent(scenario: Path, tmp_path: Path) -> None:
    """Any order in the file, split over several files: the same incidents and ids."""
    lines = gunzip_lines(scenario / "events.jsonl.gz")
    random.Random(3).shuffle(lines)
    half = len(lines) // 2
    (tmp_path / "a.jsonl").write_bytes(b"\n".join(lines[:half]) + b"\n")
    with gzip.open(tmp_path / "b.jsonl.gz", "wb") as fh:
        fh.write(b"\n".join(lines[half:]) + b"\n")
    # Named incidents*, so that replaying the folder skips them (they are not records), and
    # with the dead-letter file in the folder: nothing may be rejected, nothing written to ./
    first = tmp_path / "incidents-first.jsonl"
    second = tmp_path / "incidents-second.jsonl"
    dead = tmp_path / "deadletter.jsonl"
    summary_of(cli("replay", str(scenario / "events.jsonl.gz"), "--labels", str(scenario / "labels.jsonl"),
                   "--json", "--incidents", str(first), "--deadletter", str(dead)))
    done = cli("replay", str(tmp_path), "--labels", str(scenario / "labels.jsonl"),
               "--json", "--incidents", str(second), "--deadletter", str(dead))
    assert summary_of(done)["events"] == len(lines)
    assert first.read_text() == second.read_text()
    assert "rejected" not in done.stderr and not dead.exists()


def test_malformed_lines_go_to_the_dead_letter_file_and_the_run_goes_on(
    scenario: Path, tmp_path: Path
) -> None:
    good = gunzip_lines(scenario / "events.jsonl.gz")
    bad = [b'{"v":1,"ts_ns":"soon"', b'{"v":1,"ts_ns":5,"node":"n","source":"nvml","kind":"sample",'
           b'"metrics":{"mem_used_bytes":"lots"}}', b"[1,2,3]", b"\xff\xfe not utf-8"]
    mixed = good[:100] + bad + good[100:]
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(b"\n".join(mixed) + b"\n")
    dead = tmp_path / "dead.jsonl"
    done = cli("replay", str(path), "--labels", str(scenario / "labels.jsonl"), "--json",
               "--deadletter", str(dead))
    s = summary_of(done)
    assert s["events"] == len(good) and s["recall"] == 1.0
    letters = [orjson.loads(line) for line in dead.read_bytes().splitlines()]
    assert [x["origin"] for x in letters] == [f"{path}:{n}" for n in range(101, 105)]
    assert "metrics.mem_used_bytes" in letters[1]["reason"]
    assert "4 records rejected" in done.stderr and f"{path}:101" in done.stderr


def test_readable_output_and_clear_errors(scenario: Path, tmp_path: Path) -> None:
    done = cli("replay", str(scenario / "events.jsonl.gz"), "--labels", str(scenario / "labels.jsonl"))
    assert done.returncode == 0
    assert "Incidents:" in done.stdout and "precision" in done.stdout and "gpu_failure" in done.stdout
    missing = cli("replay", str(tmp_path / "nope.jsonl"), "--labels", str(scenario / "labels.jsonl"))
    assert missing.returncode == 2 and "no such file or directory" in missing.stderr
    bad_labels = tmp_path / "labels.jsonl"
    bad_labels.write_text('{"fault_id": "x", "node": "n", "cause": "gremlins", "start_ns": 1, "end_ns": 2}\n')
    wrong = cli("replay", str(scenario / "events.jsonl.gz"), "--labels", str(bad_labels))
    assert wrong.returncode == 2 and f"{bad_labels}:1: invalid label: cause" in wrong.stderr


def test_demo_runs_and_finds_the_faults() -> None:
    done = cli("demo", "--minutes", "30")
    assert done.returncode == 0, done.stderr
    assert "recall" in done.stdout and "spec_residue" in done.stdout and "gpu_failure" in done.stdout


def test_one_root_cause_on_three_nodes_is_one_incident(tmp_path: Path) -> None:
    """A tenant reusing session ids on every node the gateway sends it to: one label per node,
    one incident naming all three, which matches every label (the contract's ideal)."""
    done = cli("simulate", "--out", str(tmp_path), "--nodes", "4", "--minutes", "25", "--seed", "3",
               "--leak-rate", "4", "--faults", "session_isolation@gpu-node-01+gpu-node-02+gpu-node-04:5",
               "--benign", "retry_burst@gpu-node-03:9")
    assert done.returncode == 0, done.stderr
    labels = [json.loads(line) for line in (tmp_path / "labels.jsonl").read_text().splitlines()]
    assert sorted(lab["node"] for lab in labels if lab["cause"] == "session_isolation") == [
        "gpu-node-01", "gpu-node-02", "gpu-node-04"]
    incidents = tmp_path / "incidents.jsonl"
    s = summary_of(cli("replay", str(tmp_path / "events.jsonl.gz"), "--labels",
                       str(tmp_path / "labels.jsonl"), "--json", "--incidents", str(incidents)))
    assert (s["incidents_out"], s["recall"], s["precision"], s["cause_accuracy"]) == (1, 1.0, 1.0, 1.0)
    records = [json.loads(line) for line in incidents.read_text().splitlines()]
    assert {r["incident_id"] for r in records} == {records[0]["incident_id"]}
    assert records[-1]["cause"] == "session_isolation"
    assert sorted(records[-1]["nodes"]) == ["gpu-node-01", "gpu-node-02", "gpu-node-04"]
