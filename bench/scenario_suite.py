"""The acceptance suite: simulate many fault scenarios, replay each, print the scores.

Each scenario is simulated with ``correlator simulate`` and replayed with
``correlator replay --json --incidents``, exactly as a user would; the table pools the
matches of every scenario (faults, incidents and replayed days add up across scenarios).

    .venv/bin/python bench/scenario_suite.py [--jobs 2] [--out DIR] [--only NAME...]

``--no-request-events`` replays each recording without its ``request_finished`` events
(written beside it as ``events-noreq.jsonl.gz``, incidents to ``incidents-noreq.jsonl``): what
the engine finds from what the node agent publishes, which has no per-request stream.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from correlator.replay.labels import read_labels
from correlator.replay.scoring import fold, match
from correlator.wire.incidents import Incident

CLI = str(Path(sys.executable).with_name("correlator"))
REUSE = False
NOREQ = ""
RULES: list[str] = []


@dataclass(frozen=True)
class Scenario:
    name: str
    args: tuple[str, ...]


def S(name: str, *args: str) -> Scenario:
    return Scenario(name, args)


SUITE = [
    S("session-alone", "--seed", "11", "--faults", "session_isolation"),
    S("spec-alone", "--seed", "12", "--faults", "spec_residue"),
    S("gap-host-leak", "--seed", "13", "--faults", "monitoring_gap.silent_host_leak"),
    S("gap-session-leak", "--seed", "14", "--faults", "monitoring_gap.silent_session_leak"),
    S("gap-no-kv-metric", "--seed", "15", "--faults", "monitoring_gap.no_kv_metric"),
    S("xid79", "--seed", "16", "--faults", "xid_79"),
    S("partition", "--seed", "17", "--faults", "network_partition"),
    S("combined-3", "--seed", "18", "--faults", "session_isolation,spec_residue,monitoring_gap"),
    S("combined-big-fleet", "--seed", "19", "--nodes", "12",
      "--faults", "session_isolation,spec_residue,monitoring_gap,xid_79"),
    S("slow-leak-1pct", "--seed", "20", "--leak-rate", "1.0", "--faults", "session_isolation:15"),
    S("slow-leak-1pct-b", "--seed", "21", "--leak-rate", "1.0", "--faults", "session_isolation:20"),
    S("leak-over-long-doc", "--seed", "22",
      "--benign", "long_document@gpu-node-02:10-25", "--faults", "session_isolation@gpu-node-02:15"),
    S("spec-over-retry-burst", "--seed", "23",
      "--benign", "retry_burst@gpu-node-03:18", "--faults", "spec_residue@gpu-node-03:17"),
    S("fault-during-warmup", "--seed", "24",
      "--benign", "warmup@gpu-node-04:12", "--faults", "session_isolation@gpu-node-04:14"),
    S("lookalikes-only", "--seed", "25",
      "--benign", "long_document,annual_report,retry_burst,warmup,checkpoint_load"),
    S("lookalikes-only-b", "--seed", "26", "--nodes", "8",
      "--benign", "long_document,annual_report,retry_burst,warmup,checkpoint_load,long_document"),
    S("healthy-fleet", "--seed", "27", "--nodes", "8"),
    S("mixed-with-lookalikes", "--seed", "28",
      "--faults", "spec_residue,monitoring_gap", "--benign", "annual_report,warmup,retry_burst"),
    S("trace-azure-conv", "--seed", "29", "--load", "azure-conv",
      "--faults", "session_isolation,spec_residue"),
    S("trace-mooncake", "--seed", "30", "--load", "mooncake", "--faults", "spec_residue,xid_79"),
    S("small-fleet-2gpu", "--seed", "31", "--nodes", "3", "--gpus", "2",
      "--faults", "spec_residue", "--benign", "checkpoint_load"),
    S("no-noise", "--seed", "32", "--no-noise", "--faults", "session_isolation,monitoring_gap"),
    S("partition-and-gap", "--seed", "33", "--faults", "network_partition,monitoring_gap"),
    S("fast-leak", "--seed", "34", "--leak-rate", "6", "--faults", "session_isolation"),
    S("one-cause-three-nodes", "--seed", "35", "--nodes", "8",
      "--faults", "session_isolation@gpu-node-02+gpu-node-05+gpu-node-07",
      "--benign", "retry_burst@gpu-node-03,long_document@gpu-node-06"),
]


def run(scn: Scenario, out: Path) -> dict[str, object]:
    d = out / scn.name
    d.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    if not (d / "events.jsonl.gz").exists() or not REUSE:
        subprocess.run([CLI, "simulate", "--out", str(d), "--minutes", "60", *scn.args],
                       check=True, capture_output=True)
    sim_s = time.perf_counter() - t0
    events = d / "events.jsonl.gz"
    if NOREQ:
        events = d / f"events{NOREQ}.jsonl.gz"
        _without_requests(d / "events.jsonl.gz", events)
    proc = subprocess.run([CLI, "replay", str(events), "--labels", str(d / "labels.jsonl"),
                           "--json", "--incidents", str(d / f"incidents{NOREQ}.jsonl"),
                           "--deadletter", str(d / f"deadletter{NOREQ}.jsonl"), *RULES],
                          check=True, capture_output=True, text=True)
    summary = json.loads(proc.stdout.strip().splitlines()[-1])
    return {"name": scn.name, "dir": d, "summary": summary, "sim_s": sim_s}


def _without_requests(src: Path, dst: Path) -> None:
    """The recording less its ``request_finished`` events (every other line as it is)."""
    with gzip.open(src) as fin, gzip.open(dst, "wb", compresslevel=1) as fout:
        for line in fin:
            if b'"request_finished"' not in line or json.loads(line).get("event") != "request_finished":
                fout.write(line)


def pooled(results: list[dict[str, object]]) -> dict[str, float | None]:
    faults = opened = true = alerts = right = 0
    days = 0.0
    latencies: list[float] = []
    for r in results:
        d = Path(str(r["dir"]))
        labels = read_labels(d / "labels.jsonl")
        raw = (d / f"incidents{NOREQ}.jsonl").read_bytes().splitlines()
        records = [Incident.model_validate_json(line) for line in raw if line.strip()]
        views = fold(records)
        matches = match(views, labels)
        faults += sum(1 for lab in labels if not lab.is_benign)
        opened += len(views)
        true += len({m.incident.incident_id for m in matches})
        right += sum(m.cause_right for m in matches)
        latencies += [m.latency_s for m in matches]
        s = r["summary"]
        assert isinstance(s, dict)
        alerts += int(s["alerts_in"])
        days += float(s["duration_s"]) / 86400
        r["matched"] = len(matches)
    return {
        "scenarios": len(results), "faults": faults, "incidents": opened,
        "precision": true / opened if opened else None,
        "recall": len(latencies) / faults if faults else None,
        "cause_accuracy": right / len(latencies) if latencies else None,
        "false_alarms_per_day": (opened - true) / days if days else None,
        "latency_p50_s": statistics.median(latencies) if latencies else None,
        "latency_max_s": max(latencies) if latencies else None,
        "alert_reduction": 1 - opened / alerts if alerts else None,
        "days": days,
    }


TARGETS = {"precision": (">=", 0.95), "recall": (">=", 0.95), "cause_accuracy": (">=", 0.90),
           "false_alarms_per_day": ("<=", 1.0), "latency_p50_s": ("<=", 120.0),
           "alert_reduction": (">=", 0.95)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", type=Path, default=Path("out/suite"))
    ap.add_argument("--only", nargs="*", help="scenario names to run")
    ap.add_argument("--reuse", action="store_true", help="replay recordings already simulated in --out")
    ap.add_argument("--rules", type=Path, help="replay under these rules instead of the shipped ones")
    ap.add_argument("--no-request-events", action="store_true",
                    help="replay without the recordings' request_finished events (as the agent publishes)")
    args = ap.parse_args()
    global REUSE, RULES, NOREQ
    REUSE = args.reuse
    NOREQ = "-noreq" if args.no_request_events else ""
    RULES = ["--rules", str(args.rules)] if args.rules else []
    chosen = [s for s in SUITE if not args.only or s.name in args.only]
    with ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda s: run(s, args.out), chosen))
    print(f"{'scenario':<24}{'faults':>7}{'matched':>8}{'incid.':>7}{'prec':>7}{'recall':>7}"
          f"{'cause':>7}{'p50 s':>9}{'alerts':>7}")
    total = pooled(results)
    for r in results:
        s = r["summary"]
        assert isinstance(s, dict)
        labels = read_labels(Path(str(r["dir"])) / "labels.jsonl")
        faults = sum(1 for lab in labels if not lab.is_benign)
        print(f"{r['name']:<24}{faults:>7}{r['matched']!s:>8}{s['incidents_out']:>7}{_f(s['precision']):>7}"
              f"{_f(s['recall']):>7}{_f(s['cause_accuracy']):>7}{_lat(s['detection_latency_s']['p50']):>9}"
              f"{s['alerts_in']:>7}")
    print("\npooled over all scenarios:")
    ok = True
    for key, value in total.items():
        target = TARGETS.get(key)
        verdict = ""
        if target and value is not None:
            good = value >= target[1] if target[0] == ">=" else value <= target[1]
            ok &= good
            verdict = f"  (target {target[0]} {target[1]}: {'met' if good else 'MISSED'})"
        print(f"  {key:<22} {_f(value)}{verdict}")
    return 0 if ok else 1


def _lat(x: object) -> str:
    return f"{x:.1f}" if isinstance(x, float) else "-"


def _f(x: object) -> str:
    if x is None:
        return "-"
    if isinstance(x, float):
        return f"{x:.3f}"
    return str(x)


if __name__ == "__main__":
    sys.exit(main())
