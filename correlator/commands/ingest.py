"""``correlator ingest``: receive alerts over HTTP; publish them to Kafka or correlate here.

With ``--kafka`` every alert becomes an ``alert`` record on the ``alerts`` topic (key: node) and
the sender gets 2xx once the broker acknowledged it; without, an embedded engine correlates
the alerts and writes incident records as JSON Lines to ``--out``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path

from aiokafka.errors import KafkaError
from prometheus_client import CollectorRegistry

from correlator.config import RulesError, load_rules
from correlator.ingest.app import DEFAULT_MAX_BODY
from correlator.ingest.auth import TOKEN_ENV, BearerAuth, TokenError, load_token
from correlator.ingest.engine_sink import EngineSink, IncidentWriter
from correlator.ingest.server import IngestServer
from correlator.ingest.sinks import AlertSink
from correlator.kafka import KafkaSetupError, TopicNames, broker_answers, ensure_topics
from correlator.kafka.topics import DEFAULT_PARTITIONS
from correlator.wire.deadletter import DeadLetterFile

PROG = "correlator ingest"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("ingest", help="receive Prometheus/Alertmanager alerts over HTTP",
                       description="Serve Alertmanager's API (POST /api/v2/alerts, for Prometheus) "
                                   "and an Alertmanager webhook receiver (POST /webhook, payload "
                                   "version 4). Alerts go to the Kafka 'alerts' topic with --kafka, "
                                   "else through an embedded engine whose incidents go to --out.")
    p.add_argument("--listen", required=True, metavar="HOST:PORT", help="address to serve on")
    p.add_argument("--kafka", metavar="HOST:PORT", help="publish to this broker's 'alerts' topic")
    p.add_argument("--prefix", default="", help="topic prefix, e.g. 'prod.' (with --kafka)")
    p.add_argument("--partitions", type=int, default=DEFAULT_PARTITIONS,
                   help=f"partitions of topics created if missing (default: {DEFAULT_PARTITIONS})")
    p.add_argument("--out", default=None, metavar="FILE|-",
                   help="without --kafka: append incident records here (default: standard output)")
    p.add_argument("--deadletter", type=Path, metavar="FILE",
                   help="without --kafka: keep refused input here (with --kafka: the deadletter topic)")
    p.add_argument("--rules", type=Path, help="rules directory or file for the embedded engine")
    p.add_argument("--token-file", type=Path, metavar="FILE",
                   help=f"require 'Authorization: Bearer <token>' (also ${TOKEN_ENV})")
    p.add_argument("--max-body", type=int, default=DEFAULT_MAX_BODY, metavar="BYTES",
                   help=f"largest request body accepted (default: {DEFAULT_MAX_BODY})")
    p.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=args.log_level.upper(), stream=sys.stderr,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    try:
        host, port = parse_listen(args.listen)
        token = load_token(args.token_file)
    except (ValueError, TokenError) as err:
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return 2
    if args.max_body < 1024:
        print(f"{PROG}: error: --max-body must be at least 1024 bytes", file=sys.stderr)
        return 2
    if args.kafka:
        given = [o for o, v in (("--out", args.out), ("--deadletter", args.deadletter),
                                ("--rules", args.rules)) if v is not None]
        if given:
            print(f"{PROG}: error: {', '.join(given)}: for the embedded engine only; with --kafka "
                  "alerts go to the alerts topic and refused input to the deadletter topic",
                  file=sys.stderr)
            return 2
    elif args.out is None:
        args.out = "-"
    if not args.kafka:
        for option, target in (("--out", args.out), ("--deadletter", args.deadletter)):
            if target is not None and target != "-" and not writable(Path(target)):
                print(f"{PROG}: error: {option} {target}: cannot write there", file=sys.stderr)
                return 2
    registry = CollectorRegistry()
    try:
        make_sink, where = _sink(args, registry)
    except RulesError as err:
        print(f"{PROG}: {err}", file=sys.stderr)
        return 2
    except (KafkaSetupError, RuntimeError) as err:
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return 1

    def make_server() -> IngestServer:
        return IngestServer(make_sink(), host, port, auth=BearerAuth(token),
                            max_body=args.max_body, registry=registry)

    auth = "bearer token required" if token else "no authentication"
    try:
        asyncio.run(_serve(make_server, where, auth))
    except OSError as err:
        print(f"{PROG}: error: cannot serve on {args.listen}: {err.strerror or err}", file=sys.stderr)
        return 1
    except (KafkaSetupError, KafkaError) as err:
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return 1
    return 0


def writable(path: Path) -> bool:
    """Whether ``path`` can be appended to, or created (with its missing folders), checked at
    start: the first incident or dead letter may come hours later."""
    if path.exists():
        return path.is_file() and os.access(path, os.W_OK)
    parent = path.parent
    while not parent.exists():
        parent = parent.parent
    return parent.is_dir() and os.access(parent, os.W_OK | os.X_OK)


def parse_listen(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[v6]:PORT`` for IPv6) -> (host, port)."""
    host, sep, port = text.rpartition(":")
    if not sep or not port.isdigit() or not 0 <= int(port) <= 65535:
        raise ValueError(f"--listen {text!r}: expected HOST:PORT, e.g. 127.0.0.1:9095")
    host = host.strip("[]") or "0.0.0.0"
    return host, int(port)


def _sink(args: argparse.Namespace,
          registry: CollectorRegistry) -> tuple[Callable[[], AlertSink], str]:
    """What the server will feed, made when called: the Kafka producer must be made inside the
    event loop that serves (aiokafka binds it to the running loop)."""
    if args.kafka:
        if not asyncio.run(broker_answers(args.kafka)):
            raise RuntimeError(f"no Kafka broker answers on {args.kafka}")
        asyncio.run(ensure_topics(args.kafka, args.prefix, args.partitions))
        from correlator.ingest.kafka_sink import KafkaSink

        topics = TopicNames(args.prefix)
        return (lambda: KafkaSink(args.kafka, topics),
                f"alerts -> Kafka topic {topics.alerts} on {args.kafka}")
    from correlator.core import Engine

    engine = Engine(load_rules(args.rules))
    out = "standard output" if args.out == "-" else args.out
    dead = DeadLetterFile(args.deadletter, flush=True)
    sink = EngineSink(engine, IncidentWriter(args.out), dead, registry=registry)
    return (lambda: sink), f"alerts -> embedded engine, incidents -> {out}"


async def _serve(make_server: Callable[[], IngestServer], where: str, auth: str) -> None:
    server = make_server()
    stopped = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stopped.set)

    def started(s: IngestServer) -> None:
        print(f"{PROG}: listening on {s.url} ({auth}); {where}", file=sys.stderr, flush=True)

    await server.run_until(stopped, started)
