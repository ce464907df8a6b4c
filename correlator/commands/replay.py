"""``correlator replay``: replay record files through the engine and score them."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any

import orjson

from correlator.config import RulesError, load_rules
from correlator.config.model import RuleSet
from correlator.kafka.topics import DEFAULT_PARTITIONS
from correlator.replay.labels import LabelsError, read_labels
from correlator.replay.reader import ReplayInputError
from correlator.replay.render import incident_list, summary_table
from correlator.replay.run import Progress, ReplayResult, run_replay, stderr_progress
from correlator.wire.labels import FaultLabel


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("replay", help="replay recorded records through the engine and score them",
                       description="Replay record files (JSON Lines, optionally gzipped, or "
                                   "directories of them) in event time and score the incidents "
                                   "against ground-truth labels.")
    p.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    p.add_argument("--labels", type=Path, help="ground-truth labels (JSON Lines)")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON line")
    p.add_argument("--incidents", type=Path, help="write every incident record here (JSON Lines)")
    p.add_argument("--rules", type=Path, help="rules directory or file (default: rules/)")
    p.add_argument("--deadletter", type=Path, default=Path("deadletter.jsonl"),
                   help="where rejected lines go (default: ./deadletter.jsonl, only if any)")
    p.add_argument("--progress", action="store_true", help="report progress on standard error")
    p.add_argument("--report", type=Path, metavar="FILE.html",
                   help="also write a self-contained HTML report with plots (embedded replay only)")
    p.add_argument("--compare", type=Path, metavar="RULES_B",
                   help="rule A/B: replay again under these rules (A is --rules) and print both "
                        "summaries side by side with the incidents gained and lost, per cause")
    k = p.add_argument_group("through Kafka", "--kafka replays through the broker and the streaming "
                             "workers instead of the embedded engine; same output")
    k.add_argument("--kafka", metavar="HOST:PORT", help="bootstrap servers of the broker")
    k.add_argument("--no-worker", action="store_true",
                   help="workers already run: do not start one for this replay")
    k.add_argument("--prefix", default="", help="topic prefix, e.g. 'prod.'")
    k.add_argument("--partitions", type=int, default=None,
                   help="partitions of each topic, created if missing (default: 6)")
    k.add_argument("--timeout", type=float, default=3600.0, metavar="SECONDS",
                   help="give up when the run has not drained after this long (default: 3600)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        rules = load_rules(args.rules)
        labels = read_labels(args.labels) if args.labels else []
    except (RulesError, LabelsError) as err:
        print(f"correlator replay: {err}", file=sys.stderr)
        return 2
    progress = stderr_progress if args.progress or (not args.json and sys.stderr.isatty()) else None
    if args.kafka and (args.report or args.compare):
        print("correlator replay: --report and --compare run the embedded replay; drop --kafka",
              file=sys.stderr)
        return 2
    if args.compare and (args.report or args.incidents):
        print("correlator replay: --compare prints the two runs' differences only; replay once "
              "per rule set for --report or --incidents", file=sys.stderr)
        return 2
    if args.compare:
        return _compare(args, labels, rules, progress)
    collector = _collector() if args.report else None
    try:
        if args.kafka:
            result = _through_kafka(args, labels, rules, progress)
        else:
            result = run_replay(args.paths, labels, rules, args.incidents, args.deadletter, progress,
                                observe=collector.observe if collector else None)
    except ReplayInputError as err:
        print(f"correlator replay: {err}", file=sys.stderr)
        return 2
    except RuntimeError as err:  # BrokerReplayError, KafkaSetupError
        print(f"correlator replay: error: {err}", file=sys.stderr)
        return 1
    report_rejects(result.deadletter.count, result.rejects, args.deadletter)
    if collector is not None:
        _write_report(args, result, collector, labels, rules)
    if args.json:
        sys.stdout.write(orjson.dumps(result.summary.model_dump(mode="json")).decode() + "\n")
        return 0
    print("Incidents:")
    print(incident_list(result.incidents))
    print("\nSummary:")
    print(summary_table(result.summary))
    return 0


def _collector() -> Any:
    from correlator.report import ReportCollector

    return ReportCollector()


def _write_report(args: argparse.Namespace, result: ReplayResult, collector: Any,
                  labels: list[FaultLabel], rules: RuleSet) -> None:
    """The HTML report (correlator.report; matplotlib renders its plots)."""
    from correlator.report.build import Inputs, write_report

    took = write_report(args.report, Inputs(result, collector, labels, rules, args.paths, args.rules))
    print(f"report written to {args.report} ({took:.1f} s)", file=sys.stderr)


def _compare(args: argparse.Namespace, labels: list[FaultLabel], rules_a: RuleSet,
             progress: Progress | None) -> int:
    """Rule A/B (correlator.replay.compare): both replays embedded, then the differences."""
    from correlator.replay.compare import compare, render, to_json

    try:
        rules_b = load_rules(args.compare)
        cmp = compare(args.paths, labels, rules_a, rules_b, progress)
    except (RulesError, ReplayInputError) as err:
        print(f"correlator replay: {err}", file=sys.stderr)
        return 2
    report_rejects(cmp.a.deadletter.count, cmp.a.rejects, None)
    if args.json:
        sys.stdout.write(orjson.dumps(to_json(cmp)).decode() + "\n")
    else:
        print(render(cmp, str(args.rules or "rules/ (default)"), str(args.compare)))
    return 0


def _through_kafka(args: argparse.Namespace, labels: list[FaultLabel], rules: RuleSet,
                   progress: Progress | None) -> ReplayResult:
    """The same replay through the broker and streaming workers (``correlator.stream``)."""
    from correlator.kafka import broker_answers
    from correlator.stream.replay import BrokerOptions, run_broker_replay

    if not asyncio.run(broker_answers(args.kafka)):
        raise RuntimeError(f"no Kafka broker answers on {args.kafka}")
    opts = BrokerOptions(args.kafka, args.prefix, args.partitions or DEFAULT_PARTITIONS,
                         own_worker=not args.no_worker, rules_path=args.rules, timeout_s=args.timeout)
    return run_broker_replay(args.paths, labels, rules, opts, args.incidents, args.deadletter,
                             progress)


def report_rejects(count: int, rejects: list, path: Path | None) -> None:  # type: ignore[type-arg]
    """Names the first rejected lines on standard error; ``path`` is where all of them went
    (None: nowhere, as under ``--compare``)."""
    if not count:
        return
    for rej in rejects[:20]:
        print(f"rejected {rej.origin}: {rej.reason}", file=sys.stderr)
    more = f" (first {len(rejects[:20])} shown)" if count > 20 else ""
    where = (f"written with their reasons to {path}" if path is not None
             else "not written under --compare (replay without it to keep them in --deadletter)")
    print(f"{count} records rejected{more}; {where}", file=sys.stderr)
