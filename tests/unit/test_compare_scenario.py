"""Rule A/B on a simulated scenario, through ``correlator replay --rules A --compare B``.

A KV-cache leak of 1 %/min under a noisy load is too slow for session isolation's short-window
paths; only the long path (20 minute means of KV per unit of demand) finds it. Comparing a
copy of the rules with that path switched off (``long_weight: 0``, edited as a user would)
against the shipped rules must show exactly that: one incident gained, a detection, of that
cause.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import orjson
import pytest

from correlator.cli import main
from correlator.config import default_rules_dir, load_rules
from correlator.replay.labels import read_labels
from correlator.replay.run import run_replay

sim = pytest.importorskip("correlator.sim")


@pytest.fixture(scope="module")
def slow_leak(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("slow-leak")
    sim.simulate_to(sim.SimConfig(nodes=3, minutes=40, seed=20, leak_rate_pct_min=1.0,
                                  faults="session_isolation@gpu-node-02:10", preroll_s=300), out)
    return out


@pytest.fixture(scope="module")
def no_long(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of rules/ with session isolation's long path switched off."""
    out = tmp_path_factory.mktemp("rules") / "no-long"
    shutil.copytree(default_rules_dir(), out)
    path = out / "hypotheses.yaml"
    text, n = re.subn(r"(\n    long_weight: )0\.7\b", r"\g<1>0", path.read_text(), count=1)
    assert n == 1
    path.write_text(text)
    assert load_rules(out).hypotheses.session_isolation.long_weight == 0
    return out


def test_the_long_path_shows_as_the_incident_it_adds(
        slow_leak: Path, no_long: Path, capsys: pytest.CaptureFixture[str]) -> None:
    labels = str(slow_leak / "labels.jsonl")
    assert main(["replay", str(slow_leak), "--labels", labels, "--rules", str(no_long),
                 "--compare", str(default_rules_dir()), "--json"]) == 0
    out = orjson.loads(capsys.readouterr().out.splitlines()[-1])
    assert out["a"]["incidents_out"] == 0 and out["a"]["recall"] == 0.0
    assert out["b"]["incidents_out"] == 1 and out["b"]["recall"] == 1.0
    [gained] = out["gained"]
    assert gained["cause"] == "session_isolation" and gained["nodes"] == ["gpu-node-02"]
    assert gained["faults"] == ["f01-session_isolation-gpu-node-02"]
    assert out["lost"] == [] and out["found_only_b"] == gained["faults"]
    assert out["per_cause"]["session_isolation"] == {
        "incidents_a": 0, "incidents_b": 1, "gained": 1, "gained_detections": 1, "lost": 0,
        "lost_detections": 0, "faults": 1, "found_a": 0, "found_b": 1}
    # each side is exactly the replay under its own rules
    b = run_replay([slow_leak], read_labels(Path(labels)), load_rules(default_rules_dir()))
    assert out["b"] | {"wall_s": 0} == b.summary.model_dump(mode="json") | {"wall_s": 0}


def test_the_readable_comparison_names_what_changed(
        slow_leak: Path, no_long: Path, capsys: pytest.CaptureFixture[str]) -> None:
    labels = str(slow_leak / "labels.jsonl")
    assert main(["replay", str(slow_leak), "--labels", labels, "--rules", str(no_long),
                 "--compare", str(default_rules_dir())]) == 0
    text = capsys.readouterr().out
    assert re.search(r"incidents out\s+0\s+1\s+\+1", text)
    assert re.search(r"recall\s+0\.000\s+1\.000\s+\+1\.000", text)
    assert re.search(r"session_isolation\s+0\s+1\s+\+1\s+0\s+0/1 -> 1/1", text)
    assert "Incidents gained under B (1):" in text
    assert "detects f01-session_isolation-gpu-node-02" in text
    assert "Incidents lost under B (0): none" in text


def test_compare_refuses_the_broker_and_bad_rules(slow_leak: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(slow_leak), "--compare", str(slow_leak), "--kafka", "127.0.0.1:1"]) == 2
    assert "drop --kafka" in capsys.readouterr().err
    (tmp_path / "engine.yaml").write_text("incidents:\n  open_score: 2\n")
    assert main(["replay", str(slow_leak), "--compare", str(tmp_path)]) == 2
    assert "open_score" in capsys.readouterr().err
