"""Long runs: hours of one fleet replayed at once, for what an hour-long scenario cannot show.

    .venv/bin/python bench/long_run.py [--out out/soak] [--only NAME...]

The suite's 25 scenarios are an hour each, so its false-alarm rate pools hours that each start
from a fresh engine. Here one engine sees a whole day: detectors that have learned for many
hours, look-alikes of every kind coming back, faults that start late, and the replay's peak
resident memory (each recording is over 16 MiB on disk, so it is streamed: memory follows the
engine's state, which must not grow with the hours). Each recording is simulated on first
use (``correlator simulate``, 1-3 minutes each) and replayed with ``correlator replay --json
--incidents`` in a process of its own.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from correlator.replay.labels import read_labels
from correlator.replay.scoring import fold, match
from correlator.wire.incidents import Incident

CLI = str(Path(sys.executable).with_name("correlator"))


@dataclass(frozen=True)
class Run:
    name: str
    args: tuple[str, ...]


DAY_OF_LOOKALIKES = (  # every kind, one every 90 minutes, round the fleet
    "long_document@gpu-node-01:60-80,retry_burst@gpu-node-02:150,warmup@gpu-node-03:240,"
    "checkpoint_load@gpu-node-04:330,annual_report@gpu-node-05:420-440,"
    "long_document@gpu-node-06:510-530,retry_burst@gpu-node-07:600,warmup@gpu-node-08:690,"
    "checkpoint_load@gpu-node-01:780,annual_report@gpu-node-02:870-890,"
    "long_document@gpu-node-03:960-990,retry_burst@gpu-node-04:1050,warmup@gpu-node-05:1140,"
    "checkpoint_load@gpu-node-06:1230,annual_report@gpu-node-07:1320-1340")


RUNS = [
    Run("half-day-late-faults", (
        "--nodes", "6", "--minutes", "720", "--seed", "41",
        "--faults", "session_isolation@gpu-node-02:600,spec_residue@gpu-node-04:660,"
                    "monitoring_gap.silent_host_leak@gpu-node-06:690",
        "--benign", "long_document@gpu-node-01:120-140,retry_burst@gpu-node-03:300,"
                    "warmup@gpu-node-05:420,checkpoint_load@gpu-node-06:500,"
                    "annual_report@gpu-node-01:540-560")),
    Run("day-of-lookalikes", (
        "--nodes", "8", "--minutes", "1440", "--seed", "43",
        "--faults", "xid_79@gpu-node-08:1400", "--benign", DAY_OF_LOOKALIKES)),
    Run("day-of-lookalikes-b", (
        "--nodes", "8", "--minutes", "1440", "--seed", "44",
        "--faults", "session_isolation@gpu-node-05:1380", "--benign", DAY_OF_LOOKALIKES)),
]


def replay(d: Path) -> tuple[dict[str, object], float]:
    """The replay's summary and its peak resident memory in MiB (this child's own)."""
    cmd = [CLI, "replay", str(d / "events.jsonl.gz"), "--labels", str(d / "labels.jsonl"), "--json",
           "--incidents", str(d / "incidents.jsonl")]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdout is not None
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit(f"replay of {d} failed with exit status {proc.returncode}")
    return json.loads(out.decode().strip().splitlines()[-1]), usage.ru_maxrss / 1024


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", type=Path, default=Path("out/soak"))
    p.add_argument("--only", nargs="*", default=None)
    args = p.parse_args()
    for run in RUNS:
        if args.only and run.name not in args.only:
            continue
        d = args.out / run.name
        if not (d / "events.jsonl.gz").exists():
            print(f"simulating {run.name} ...", file=sys.stderr, flush=True)
            subprocess.run([CLI, "simulate", "--out", str(d), *run.args], check=True, capture_output=True)
        summary, rss_mib = replay(d)
        labels = read_labels(d / "labels.jsonl")
        raw = (d / "incidents.jsonl").read_bytes().splitlines()
        views = fold([Incident.model_validate_json(line) for line in raw if line.strip()])
        matched = {m.incident.incident_id for m in match(views, labels)}
        print(f"\n{run.name}: {summary['events']:,} records, {float(summary['duration_s']) / 3600:.1f} h "
              f"of event time, {summary['wall_s']} s wall, peak RSS {rss_mib:.0f} MiB")
        print(f"  faults {sum(1 for lab in labels if not lab.is_benign)}, look-alikes "
              f"{sum(1 for lab in labels if lab.is_benign)}, incidents {summary['incidents_out']}")
        for key in ("precision", "recall", "cause_accuracy", "false_alarms_per_day", "alert_reduction",
                    "detection_latency_s"):
            print(f"  {key:<22} {summary[key]}")
        start_ns = json.loads((d / "scenario.json").read_text())["start_ns"]
        for v in views:
            if v.incident_id not in matched:
                print(f"  false alarm: {v.incident_id} {v.cause} on {', '.join(sorted(v.nodes))}, opened "
                      f"{(v.opened_ns - start_ns) / 60e9:.1f} min into the run")


if __name__ == "__main__":
    main()
