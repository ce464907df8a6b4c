"""``correlator demo``: simulate a small faulty fleet, replay it, show what the engine found.

Everything runs in this process with no broker: the simulator writes a recording to the
contract, the embedded replay reads it back exactly as ``correlator replay`` would.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from correlator.config import RulesError, load_rules
from correlator.replay.labels import read_labels
from correlator.replay.render import incident_list, summary_table
from correlator.replay.run import run_replay
from correlator.sim import SimConfig, simulate_to

FAULTS = ("session_isolation@gpu-node-01:12,spec_residue@gpu-node-02:10,"
          "monitoring_gap.silent_host_leak@gpu-node-03:8,xid_79@gpu-node-05:20")
BENIGN = "long_document@gpu-node-04:6-20,retry_burst@gpu-node-05:9,warmup@gpu-node-04:28"
LAST_START_MIN = 28
"""Minute of the schedule's last start (the warm-up): ``--minutes`` must go beyond it."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("demo", help="simulate a faulty fleet and replay it (no broker needed)",
                       description="Simulate five GPU nodes for 40 minutes with four real faults "
                                   "and three benign look-alikes, replay the recording through the "
                                   "engine and print the incidents and the scores.")
    p.add_argument("--out", type=Path, help="keep the recording and incidents here")
    p.add_argument("--seed", type=int, default=7, help="simulator seed (default: 7)")
    p.add_argument("--minutes", type=float, default=40.0,
                   help=f"scenario length (default: 40; over {LAST_START_MIN}: the last "
                        f"look-alike starts at minute {LAST_START_MIN})")
    p.add_argument("--rules", type=Path, help="rules directory (default: rules/)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        rules = load_rules(args.rules)
    except RulesError as err:
        print(f"correlator demo: {err}", file=sys.stderr)
        return 2
    if args.minutes <= LAST_START_MIN:
        print(f"correlator demo: --minutes {args.minutes:g} is too short: the demo's schedule "
              f"starts its last look-alike at minute {LAST_START_MIN}", file=sys.stderr)
        return 2
    if args.out is not None and args.out.exists() and not args.out.is_dir():
        print(f"correlator demo: --out {args.out} is a file; give a directory", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="correlator-demo-") as tmp:
        out = args.out or Path(tmp)
        try:
            return _demo(out, rules, args.seed, args.minutes, kept=args.out is not None)
        except OSError as err:
            print(f"correlator demo: cannot write to {out}: {err.strerror}", file=sys.stderr)
            return 2


def _demo(out: Path, rules: object, seed: int, minutes: float, kept: bool = True) -> int:
    config = SimConfig.model_validate({"nodes": 5, "gpus": 4, "minutes": minutes, "seed": seed,
                                       "faults": FAULTS, "benign": BENIGN, "leak_rate_pct_min": 4.0})
    print(f"Simulating 5 nodes x 4 GPUs for {minutes:g} min (seed {seed}):")
    print(f"  faults:      {FAULTS}")
    print(f"  look-alikes: {BENIGN}")
    started = time.perf_counter()
    written = simulate_to(config, out)
    where = str(out) if kept else f"{out} (removed on exit; --out DIR keeps them)"
    print(f"  {written.records:,} records and {written.labels} labels written to {where} "
          f"in {time.perf_counter() - started:.1f} s\n")
    labels = read_labels(out / "labels.jsonl")
    result = run_replay([out / "events.jsonl.gz"], labels, rules,  # type: ignore[arg-type]
                        out / "incidents.jsonl", out / "deadletter.jsonl")
    print("Incidents (what a pager would receive, one per root cause):")
    print(incident_list(result.incidents))
    print("\nGround truth:")
    for lab in labels:
        kind = f"{lab.cause}/{lab.detail}" if lab.detail else lab.cause
        print(f"  {lab.node:<12} {kind:<34} from {(lab.start_ns - config.start_ns) / 60e9:5.1f} min")
    print(f"\nLevel-1 actions requested: {len(result.actions)}")
    print("\nScores against the ground truth:")
    print(summary_table(result.summary))
    return 0
