"""``correlator worker``: run the streaming correlator (a Faust worker) against Kafka.

Start as many as there are partitions to share: workers of one prefix form one consumer group,
and Kafka hands each a share of the co-partitioned input partitions.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from correlator.config import RulesError, load_rules
from correlator.kafka import KafkaSetupError, broker_answers
from correlator.kafka.topics import DEFAULT_PARTITIONS
from correlator.stream.settings import WorkerConfig, default_state_dir, rocksdb_available
from correlator.stream.topics import StreamTopics


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("worker", help="run a streaming worker (Faust) on Kafka",
                       description="Consume the telemetry and alert topics, correlate, and "
                                   "publish incidents, actions and dead letters.")
    p.add_argument("--kafka", required=True, metavar="HOST:PORT", help="bootstrap servers")
    p.add_argument("--prefix", default="", help="topic prefix, e.g. 'prod.'")
    p.add_argument("--partitions", type=int, default=DEFAULT_PARTITIONS,
                   help=f"partitions of each topic, created if missing (default: {DEFAULT_PARTITIONS})")
    p.add_argument("--rules", type=Path, help="rules directory or file (default: rules/)")
    p.add_argument("--state-dir", type=Path,
                   help="local table state (RocksDB); one per worker on a host")
    p.add_argument("--store", choices=["rocksdb", "memory"],
                   default="rocksdb" if rocksdb_available() else "memory",
                   help="table store (default: rocksdb when rocksdict is installed)")
    p.add_argument("--web-port", type=int, help="serve Faust's web views on this port")
    p.add_argument("--snapshot-every", type=float, default=5.0, metavar="SECONDS",
                   help="wall seconds between state snapshots of a busy partition, at least; "
                        "raised while snapshots would take over 5 %% of the time (default: 5)")
    p.add_argument("--log-level", default="warn", choices=["debug", "info", "warn", "error", "crit"])
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from correlator.stream.worker import run_worker  # Faust: imported by the command that runs it

    try:
        rules = load_rules(args.rules)
    except RulesError as err:
        print(f"correlator worker: {err}", file=sys.stderr)
        return 2
    if args.store == "rocksdb" and not rocksdb_available():
        print("correlator worker: error: --store rocksdb needs rocksdict (pip install rocksdict)",
              file=sys.stderr)
        return 2
    # Faust makes only the last folder of its data directory: on a fresh machine the default
    # (~/.local/state/gpu-correlator/worker/...) would not exist.
    state_dir = args.state_dir or default_state_dir(StreamTopics(args.prefix).app_id)
    try:
        state_dir.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        print(f"correlator worker: error: --state-dir {state_dir}: {err.strerror}", file=sys.stderr)
        return 2
    if not asyncio.run(broker_answers(args.kafka)):
        print(f"correlator worker: error: no Kafka broker answers on {args.kafka}", file=sys.stderr)
        return 1
    cfg = WorkerConfig(args.kafka, args.prefix, args.partitions, state_dir, args.store,
                       args.web_port, snapshot_every_s=args.snapshot_every, log_level=args.log_level)
    try:
        return run_worker(cfg, rules)
    except KafkaSetupError as err:
        print(f"correlator worker: error: {err}", file=sys.stderr)
        return 1
