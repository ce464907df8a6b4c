"""``correlator pager``: deliver incidents to PagerDuty, Slack and webhooks.

Consumes the ``incidents`` topic (``--kafka``), or incident JSON Lines from ``--input`` (a file,
or ``-`` for standard input, e.g. ``correlator ingest --out -``), and delivers every transition
to the receivers its routes name, exactly once per receiver across restarts.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from pathlib import Path

import aiohttp
from aiokafka.errors import KafkaError

from correlator.kafka import (
    KafkaSetupError,
    TopicMismatchError,
    TopicNames,
    broker_answers,
    ensure_topics,
)
from correlator.kafka.topics import DEFAULT_PARTITIONS
from correlator.obs.serve import start_metrics_server
from correlator.pager.config import PagerConfig, PagerConfigError, load_pagers
from correlator.pager.deadletters import FileDeadLetters, KafkaDeadLetters
from correlator.pager.journal import JournalError
from correlator.pager.metrics import PagerMetrics
from correlator.pager.service import PagerService, ServiceOptions, default_state_dir

PROG = "correlator pager"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("pager", help="deliver incidents to PagerDuty, Slack and webhooks",
                       description="Subscribe to incidents and deliver each transition (open, "
                                   "update, resolved) to the receivers its routes name, with "
                                   "retries, rate limits and a durable record of what was sent.")
    p.add_argument("--config", required=True, type=Path, help="pagers.yaml")
    p.add_argument("--check", action="store_true", help="validate the configuration and exit")
    p.add_argument("--kafka", metavar="HOST:PORT", help="consume the incidents topic of this broker")
    p.add_argument("--prefix", default="", help="topic prefix, e.g. 'prod.'")
    p.add_argument("--partitions", type=int, default=DEFAULT_PARTITIONS,
                   help=f"partitions of topics created if missing (default: {DEFAULT_PARTITIONS})")
    p.add_argument("--start", choices=["earliest", "latest"], default="earliest",
                   help="where a receiver's first run starts on the topic (default: earliest)")
    p.add_argument("--input", metavar="FILE|-",
                   help="without --kafka: incident JSON Lines from FILE or standard input")
    p.add_argument("--state-dir", type=Path, default=None,
                   help=f"what was delivered, per receiver (default: {default_state_dir()})")
    p.add_argument("--deadletter", type=Path, metavar="FILE",
                   help="without --kafka: refused deliveries go here (default: STATE_DIR/deadletter.jsonl)")
    p.add_argument("--include-replays", action="store_true",
                   help="also deliver incidents of replays run through the broker")
    p.add_argument("--metrics-port", type=int, metavar="PORT",
                   help="serve the pager's Prometheus metrics on PORT at /metrics")
    p.add_argument("--metrics-host", default="0.0.0.0", metavar="HOST",
                   help="address for --metrics-port (default: all interfaces)")
    p.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=args.log_level.upper(), stream=sys.stderr,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    try:
        cfg = load_pagers(args.config)
    except PagerConfigError as err:
        print(f"{PROG}: {err}", file=sys.stderr)
        return 2
    if args.check:
        print(f"{args.config}: ok: {_describe(cfg)}")
        return 0
    if not args.kafka and not args.input:
        print(f"{PROG}: error: give --kafka HOST:PORT or --input FILE|-", file=sys.stderr)
        return 2
    if args.kafka and (args.input or args.deadletter):
        given = "--input" if args.input else "--deadletter"
        print(f"{PROG}: error: {given}: without --kafka only; with --kafka incidents come from the "
              "incidents topic and refused deliveries go to the deadletter topic", file=sys.stderr)
        return 2
    opts = ServiceOptions(state_dir=args.state_dir or default_state_dir(), prefix=args.prefix,
                          include_replays=args.include_replays)
    try:
        return asyncio.run(_run(args, cfg, opts))
    except (KafkaSetupError, KafkaError, JournalError, RuntimeError, OSError) as err:
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return 1


def _describe(cfg: PagerConfig) -> str:
    kinds = ", ".join(f"{r.name} ({r.type})" for r in cfg.receivers)
    return f"{len(cfg.receivers)} receivers: {kinds}; {len(cfg.routes)} routes"


async def _run(args: argparse.Namespace, cfg: PagerConfig, opts: ServiceOptions) -> int:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    topics = TopicNames(args.prefix)
    if args.kafka:
        if not await broker_answers(args.kafka):
            raise RuntimeError(f"no Kafka broker answers on {args.kafka}")
        with contextlib.suppress(TopicMismatchError):  # counts matter to producers, not here
            await ensure_topics(args.kafka, args.prefix, args.partitions)
        dead: KafkaDeadLetters | FileDeadLetters = KafkaDeadLetters(args.kafka, topics.deadletter)
    else:
        dead = FileDeadLetters(args.deadletter or opts.state_dir / "deadletter.jsonl")
    metrics = PagerMetrics()
    runner = None
    if args.metrics_port is not None:
        runner = await start_metrics_server(metrics.registry, args.metrics_host, args.metrics_port)
    await dead.start()
    try:
        async with aiohttp.ClientSession() as session:
            service = PagerService(cfg, opts, dead, session, stop, metrics)
            try:
                where = f"topic {topics.incidents} on {args.kafka}" if args.kafka else args.input
                print(f"{PROG}: {_describe(cfg)}; incidents from {where}; state in {opts.state_dir}",
                      file=sys.stderr, flush=True)
                if args.kafka:
                    await service.run_kafka(args.kafka, topics.incidents, args.start)
                else:
                    await service.run_lines(args.input)
            finally:
                service.close()
                _report(service, dead.count)
    finally:
        await dead.close()
        if runner is not None:
            await runner.cleanup()
    return 0


def _report(service: PagerService, dead: int) -> None:
    for sub in service.subscribers:
        counts = ", ".join(f"{k} {v}" for k, v in sorted(sub.counts.items())) or "nothing"
        print(f"{PROG}: {sub.name}: {counts}", file=sys.stderr)
    if service.replays_skipped:
        print(f"{PROG}: {service.replays_skipped} incident records of replays skipped "
              "(--include-replays delivers them)", file=sys.stderr)
    if service.malformed or dead:
        print(f"{PROG}: {service.malformed} malformed records; {dead} dead letters", file=sys.stderr)
