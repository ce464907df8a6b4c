"""``correlator simulate``: write a simulated fleet's telemetry, alerts and ground truth.

    correlator simulate --out runs/s1 --nodes 6 --minutes 60 \\
        --faults session_isolation@gpu-node-02:10,spec_residue:20 --benign long_document
"""

from __future__ import annotations

import argparse
import sys
import time
from datetime import datetime
from pathlib import Path

from pydantic import ValidationError

from correlator.sim.config import SimConfig
from correlator.sim.scenario import simulate_to
from correlator.sim.specs import SpecError
from correlator.sim.traces import TraceError


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="simulate a GPU inference fleet with injected faults and write replay files",
        description="Write DIR/events.jsonl.gz (records in delivery order), DIR/labels.jsonl "
        "(ground truth) and DIR/scenario.json (options and fault schedule).",
    )
    _add_options(parser)
    parser.set_defaults(func=run)


def _add_options(p: argparse.ArgumentParser) -> None:
    d = SimConfig()
    p.add_argument("--out", required=True, type=Path, metavar="DIR")
    p.add_argument("--nodes", type=int, default=d.nodes, metavar="N")
    p.add_argument("--gpus", type=int, default=d.gpus, metavar="G", help="GPUs per node")
    p.add_argument("--minutes", type=float, default=d.minutes, metavar="M")
    p.add_argument("--seed", type=int, default=d.seed, metavar="S")
    p.add_argument("--faults", default="", metavar="LIST",
                   help="comma list of cause[.variant][@node[+node...]][:start_min[-end_min]] "
                   "(nodes joined by + share one root cause); causes: "
                   "session_isolation, spec_residue, monitoring_gap (variants silent_host_leak, "
                   "silent_session_leak, no_kv_metric), xid_79, network_partition")  # fmt: skip
    p.add_argument("--benign", default="", metavar="LIST",
                   help="look-alikes, same syntax: long_document, annual_report, retry_burst, "
                   "warmup, checkpoint_load")  # fmt: skip
    p.add_argument("--load", default=d.load,
                   choices=("synthetic", "azure-conv", "azure-code", "mooncake",
                            "mooncake-synthetic"))  # fmt: skip
    p.add_argument("--traces-dir", type=Path, default=None, metavar="DIR",
                   help="folder of the request traces (default: ../shared/data/traces from the "
                   "repository root)")  # fmt: skip
    p.add_argument("--trace-copies", type=int, default=d.trace_copies, metavar="K",
                   help="replay K time-shifted copies of the trace (more load)")  # fmt: skip
    p.add_argument("--trace-fleet", type=int, default=None, metavar="K",
                   help="the trace is served by K nodes, of which --nodes are simulated "
                   "(default: enough that each KV pool is about 40%% pinned)")  # fmt: skip
    p.add_argument("--context-ttl", type=float, default=d.context_ttl_s, metavar="SECONDS")
    p.add_argument("--interrupt-rate", type=float, default=d.interrupt_rate, metavar="FRACTION")
    p.add_argument("--batch-size", type=int, default=d.batch_size, metavar="N",
                   help="max_num_seqs of each engine")  # fmt: skip
    p.add_argument("--mixed-tenants", action=argparse.BooleanOptionalAction,
                   default=d.mixed_tenants)  # fmt: skip
    p.add_argument("--leak-rate", type=float, default=None, metavar="PCT_PER_MIN",
                   help="KV-pool growth of a session-isolation leak (default: drawn 1-6)")  # fmt: skip
    p.add_argument("--rate", type=float, default=None, metavar="REQ_PER_S",
                   help="synthetic requests/s per node (default: sized to each node's KV pool)")  # fmt: skip
    p.add_argument("--start", default=None, metavar="ISO8601|EPOCH_NS",
                   help="scenario start (default 2024-03-04T09:00:00Z)")  # fmt: skip
    p.add_argument("--gpu-type", default=d.gpu_type, choices=("h100", "h200"))
    p.add_argument("--model", default=d.model, help="served model (default: auto)")
    p.add_argument("--preroll", type=int, default=d.preroll_s, metavar="SECONDS",
                   help="silent warm-up simulated before the scenario starts")  # fmt: skip
    p.add_argument("--noise", action=argparse.BooleanOptionalAction, default=d.noise)
    p.add_argument("--request-events", action=argparse.BooleanOptionalAction,
                   default=d.request_events)  # fmt: skip


def parse_start(text: str | None) -> int | None:
    """Epoch nanoseconds from an integer or an ISO 8601 time (``Z`` or an offset)."""
    if text is None:
        return None
    if text.isdigit():
        return int(text)
    try:
        stamp = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise ValueError(f"--start {text!r} is neither an ISO 8601 time "
                         "(e.g. 2024-03-04T09:00:00Z) nor epoch nanoseconds") from None
    if stamp.tzinfo is None:
        raise ValueError(f"--start {text!r} needs a time zone (e.g. 2024-03-04T09:00:00Z)")
    return int(stamp.timestamp()) * 1_000_000_000 + stamp.microsecond * 1000


def config_from_args(args: argparse.Namespace) -> SimConfig:
    values: dict[str, object] = {
        "nodes": args.nodes, "gpus": args.gpus, "minutes": args.minutes, "seed": args.seed,
        "faults": args.faults, "benign": args.benign, "load": args.load,
        "traces_dir": args.traces_dir, "trace_copies": args.trace_copies,
        "trace_fleet": args.trace_fleet,
        "context_ttl_s": args.context_ttl, "interrupt_rate": args.interrupt_rate,
        "batch_size": args.batch_size, "mixed_tenants": args.mixed_tenants,
        "leak_rate_pct_min": args.leak_rate, "rate_per_node": args.rate,
        "gpu_type": args.gpu_type, "model": args.model, "preroll_s": args.preroll,
        "noise": args.noise, "request_events": args.request_events,
    }  # fmt: skip
    start = parse_start(args.start)
    if start is not None:
        values["start_ns"] = start
    return SimConfig.model_validate(values)


def run(args: argparse.Namespace) -> int:
    try:
        config = config_from_args(args)
    except (SpecError, ValueError) as err:
        print(f"correlator simulate: {_reason(err)}", file=sys.stderr)
        return 2
    if args.out.exists() and not args.out.is_dir():
        print(f"correlator simulate: --out {args.out} is a file; give a directory", file=sys.stderr)
        return 2
    began = time.perf_counter()
    try:
        summary = simulate_to(config, args.out)
    except (SpecError, TraceError, ValueError) as err:
        print(f"correlator simulate: {_reason(err)}", file=sys.stderr)
        return 2
    except OSError as err:
        print(f"correlator simulate: cannot write to --out {args.out}: {err.strerror}", file=sys.stderr)
        return 2
    took = time.perf_counter() - began
    print(f"wrote {summary.records} records and {summary.labels} labels to {summary.out_dir} "
          f"({config.nodes} nodes x {config.minutes:g} min, {took:.1f}s)")  # fmt: skip
    return 0


def _reason(err: Exception) -> str:
    if isinstance(err, ValidationError):
        parts = []
        for e in err.errors(include_url=False):
            where = ".".join(str(x) for x in e["loc"])
            msg = str(e.get("ctx", {}).get("error") or e["msg"])
            parts.append(msg if msg.startswith("--") or not where else f"{where}: {msg}")
        return "; ".join(parts)
    return str(err)
